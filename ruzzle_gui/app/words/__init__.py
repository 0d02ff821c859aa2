"""The Words screen: every word in a sortable, filterable list beside the animated board, taken out as text
or CSV; it hosts the Plan tab the App hands it (ruzzle_gui.app.plan_tab)."""
