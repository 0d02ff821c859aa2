"""KeysWindow: the Help → Keys list of every keyboard shortcut, opened with F1."""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

# (screen, keys, what they do). Every action the mouse reaches has a key here.
KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Everywhere", (
        ("F1", "show this list of keys"),
        ("Ctrl+O", "open a board file"),
        ("Ctrl+Shift+O", "open a screenshot of the game: the board is read"),
        ("Ctrl+Shift+V", "paste a screenshot: the board is read"),
        ("Ctrl+Shift+R", "read the board shown on the screen"),
        ("Ctrl+Shift+W", "watch the screen: each new board is read and solved"),
        ("Alt+F", "File menu: open, recent boards, screenshots, watch, quit"),
        ("Ctrl+Z", "undo the last change to the board (the Edit menu names it)"),
        ("Ctrl+Shift+Z, Ctrl+Y", "redo what was undone"),
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
        ("Enter after a read", "accept the board read (bonuses too) and solve"),
        ("?", "next tile the reader was unsure of, and why"),
        ("↑ ↓ in a size box", "change the rows or columns"),
        ("↓ in the language box", "choose the language"),
    )),
    ("2  Bonuses", (
        ("1 2 3 4", "set DL, TL, DW or TW on the cursor tile"),
        ("0, Backspace, Delete", "remove the bonus"),
        ("Space", "cycle the bonus: DL → TL → DW → TW → none"),
        ("Arrows", "move the cursor"),
        ("?", "next tile the reader was unsure of, and why"),
    )),
    ("3  Words", (
        ("↑ ↓, Space", "next or previous word; its path plays on the board"),
        ("Alt+R", "replay the path"),
        ("Ctrl+1 … Ctrl+5", "sort by word, score, length, per letter, commonness; again: reverse"),
        ("Alt+E", "everyday words only, or every word (the plan follows)"),
        ("Alt+D", "doubtful words too, dimmed, or only playable words (the plan follows)"),
        ("Ctrl+F", "find words; ↓ goes back to the list"),
        ("Arrows, Space on the board", "show only the words starting on a tile"),
        ("← → on the speed slider", "animation pace"),
        ("Ctrl+C in the list", "copy the words shown"),
        ("Ctrl+S", "export the words shown as CSV"),
        ("Ctrl+E", "edit the board"),
        ("Ctrl+N", "new game"),
        ("Ctrl+P", "Plan tab: the words to swipe in the round; again: back"),
        ("Enter in the plan", "play the plan: each word waits until it is ticked; a countdown runs"),
        ("Esc in the plan", "stop playing"),
        ("Space in the plan", "tick the word as played: the one playing, or the one selected"),
        ("Ctrl+R in the plan", "re-plan for the time left, without ticked words"),
        ("Alt+H in the plan", "heat map on the board"),
        ("Alt+C in the plan", "calibrate the pace to yours"),
    )),
)


class KeysWindow(tk.Toplevel):
    """A small window listing the keys of every screen; Enter, Esc or its close box closes it."""

    def __init__(self, master: tk.Misc) -> None:
        self._return_focus = master.focus_get()
        super().__init__(master)
        self.title("Keys · Ruzzle Solver")
        self.transient(master.winfo_toplevel())
        body = ttk.Frame(self, padding=16)
        body.pack(fill="both", expand=True)
        # Two columns of sections, so the list fits a short laptop screen.
        for index, (screen, keys) in enumerate(KEYS):
            section = self._section(body, screen, keys)
            section.grid(row=index % 2, column=index // 2, sticky="nw", padx=(0 if index < 2 else 24, 0),
                         pady=(0, 12))
        self.close_button = ttk.Button(body, text="Close", command=self.close)
        self.close_button.grid(row=2, column=1, sticky="e")
        for sequence in ("<Return>", "<KP_Enter>", "<Escape>", "<F1>"):
            self.bind(sequence, lambda _event: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self._place_over(master.winfo_toplevel())
        self.close_button.focus_set()

    @staticmethod
    def _section(master: tk.Misc, screen: str, keys: tuple[tuple[str, str], ...]) -> ttk.Frame:
        """Return a frame with the screen's name over its keys and what they do."""
        frame = ttk.Frame(master)
        ttk.Label(frame, text=screen, style="Summary.TLabel").grid(row=0, column=0, columnspan=2, sticky="w",
                                                                   pady=(0, 2))
        for row, (key, action) in enumerate(keys, 1):
            ttk.Label(frame, text=key).grid(row=row, column=0, sticky="w", padx=(12, 16))
            ttk.Label(frame, text=action, style="Muted.TLabel").grid(row=row, column=1, sticky="w")
        return frame

    def _place_over(self, window: tk.Misc) -> None:
        """Centre this window over ``window``, kept on the screen."""
        self.update_idletasks()
        width, height = self.winfo_reqwidth(), self.winfo_reqheight()
        x = window.winfo_rootx() + (window.winfo_width() - width) // 2
        y = window.winfo_rooty() + (window.winfo_height() - height) // 3
        x = max(0, min(x, self.winfo_screenwidth() - width))
        y = max(0, min(y, self.winfo_screenheight() - height))
        self.geometry(f"+{x}+{y}")

    def close(self) -> None:
        """Close the window and give the focus back to where it was in the main window."""
        back = self._return_focus if self._return_focus is not None else self.master
        self.destroy()
        if back.winfo_exists():
            back.focus_set()
