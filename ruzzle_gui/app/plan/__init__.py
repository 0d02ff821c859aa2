"""The Plan: the round's words in order with their time bar, played along with a countdown, at a pace the
player calibrates, and each board's round kept. The Words screen shows it as a tab (ruzzle_gui.app.plan_tab)."""
