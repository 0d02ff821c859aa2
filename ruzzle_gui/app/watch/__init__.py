"""Watch mode: the app watches a part of the screen (the phone's window) and reads each new board."""
