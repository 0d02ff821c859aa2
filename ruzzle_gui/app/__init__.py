"""The tkinter desktop app: letter entry, bonus entry and results windows."""
