"""The Plan: the round's words in order with their time bar, played along with a countdown, at a pace the
player calibrates. The Words screen shows it as a tab."""
