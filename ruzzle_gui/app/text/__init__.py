"""The interface text every screen shares: the language chosen, its messages and numbers, the engine's
messages said in it, and the walk that fetches every text on screen again when it changes."""
