"""The Bonuses screen: the player marks the DL, TL, DW and TW tiles."""
