"""KeysWindow: the Help → Keys list of every keyboard shortcut, opened with F1."""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

# (screen, keys, what they do). Every action the mouse reaches has a key here.
KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Everywhere", (
        ("F1", "show this list of keys"),
        ("Ctrl+O", "open a board file"),
        ("Alt+F", "File menu: open, recent boards, quit"),
        ("Ctrl+Q", "quit"),
        ("Tab, Shift+Tab", "move between the controls"),
        ("Ctrl+A", "select all the text in a text box"),
        ("Enter", "go on: bonuses, solve, replay"),
        ("Esc", "go back a step, or dismiss a message"),
    )),
    ("1  Letters", (
        ("A–Z …", "type the board's letters, row by row"),
        ("Backspace, Delete", "clear a tile"),
        ("Arrows, Home, End", "move the cursor"),
        ("Ctrl+V, Shift+Insert", "paste letters or a whole board file"),
        ("Alt+R", "random board, with bonuses"),
        ("Alt+L", "clear the board"),
        ("↑ ↓ in a size box", "change the rows or columns"),
        ("↓ in the language box", "choose the language"),
    )),
    ("2  Bonuses", (
        ("1 2 3 4", "set DL, TL, DW or TW on the cursor tile"),
        ("0, Backspace, Delete", "remove the bonus"),
        ("Space", "cycle the bonus: DL → TL → DW → TW → none"),
        ("Arrows", "move the cursor"),
    )),
    ("3  Words", (
        ("↑ ↓, Space", "next or previous word; its path plays on the board"),
        ("Alt+R", "replay the path"),
        ("Ctrl+1 … Ctrl+4", "sort by word, score, length or points per letter (again: reverse)"),
        ("Ctrl+F", "find words; ↓ goes back to the list"),
        ("Arrows, Space on the board", "show only the words starting on a tile"),
        ("← → on the speed slider", "animation pace"),
        ("Ctrl+C in the list", "copy the words shown"),
        ("Ctrl+S", "export the words shown as CSV"),
        ("Ctrl+E", "edit the board"),
        ("Ctrl+N", "new game"),
    )),
)


class KeysWindow(tk.Toplevel):
    """A small window listing the keys of every screen; Enter, Esc or its close box closes it."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master)
        self.title("Keys · Ruzzle Solver")
        self.transient(master.winfo_toplevel())
        body = ttk.Frame(self, padding=16)
        body.pack(fill="both", expand=True)
        row = 0
        for screen, keys in KEYS:
            ttk.Label(body, text=screen, style="Summary.TLabel").grid(row=row, column=0, columnspan=2,
                                                                      sticky="w", pady=(8 if row else 0, 2))
            row += 1
            for key, action in keys:
                ttk.Label(body, text=key).grid(row=row, column=0, sticky="w", padx=(12, 16))
                ttk.Label(body, text=action, style="Muted.TLabel").grid(row=row, column=1, sticky="w")
                row += 1
        self.close_button = ttk.Button(body, text="Close", command=self.close)
        self.close_button.grid(row=row, column=1, sticky="e", pady=(12, 0))
        for sequence in ("<Return>", "<KP_Enter>", "<Escape>", "<F1>"):
            self.bind(sequence, lambda _event: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.close_button.focus_set()

    def close(self) -> None:
        """Close the window and give the focus back to the main window."""
        master = self.master
        self.destroy()
        master.focus_set()
