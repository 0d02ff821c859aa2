"""KeysWindow: the Help → Keys list of every keyboard shortcut, opened with F1."""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ruzzle_gui.app.i18n import N_, _

# (screen, keys, what they do). Every action the mouse reaches has a key here.
KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    # TRANSLATORS: the keys help (F1). Write key names as your keyboards print them (e.g. German Strg for Ctrl).
    (N_("Everywhere"), (
        (N_("F1"), N_("show this list of keys")),
        (N_("Ctrl+O"), N_("open a board file")),
        (N_("Ctrl+Shift+O"), N_("open a screenshot of the game: the board is read")),
        (N_("Ctrl+Shift+V"), N_("paste a screenshot: the board is read")),
        (N_("Ctrl+Shift+R"), N_("read the board shown on the screen")),
        (N_("Ctrl+Shift+W"), N_("watch the screen: each new board is read and solved")),
        (N_("Alt+F"), N_("File menu: open, recent boards, screenshots, watch, quit")),
        (N_("Ctrl+Z"), N_("undo the last change to the board (the Edit menu names it)")),
        (N_("Ctrl+Shift+Z, Ctrl+Y"), N_("redo what was undone")),
        (N_("Ctrl+Q"), N_("quit")),
        (N_("Tab, Shift+Tab"), N_("move between the controls")),
        (N_("Ctrl+A"), N_("select all the text in a text box")),
        (N_("Enter"), N_("go on: bonuses, solve, replay")),
        (N_("Esc"), N_("go back a step, or dismiss a message")),
    )),
    (N_("1  Letters"), (
        (N_("A–Z …"), N_("type the board's letters, row by row")),
        (N_("Backspace, Delete"), N_("clear a tile")),
        (N_("Arrows, Home, End"), N_("move the cursor")),
        (N_("Ctrl+V, Shift+Insert"), N_("paste letters or a whole board file")),
        (N_("Alt+R"), N_("random board, with bonuses")),
        (N_("Alt+L"), N_("clear the board")),
        (N_("Enter after a read"), N_("accept the board read (bonuses too) and solve")),
        (N_("?"), N_("next tile the reader was unsure of, and why")),
        (N_("↑ ↓ in a size box"), N_("change the rows or columns")),
        (N_("↓ in the language box"), N_("choose the language")),
    )),
    (N_("2  Bonuses"), (
        (N_("1 2 3 4"), N_("set DL, TL, DW or TW on the cursor tile")),
        (N_("0, Backspace, Delete"), N_("remove the bonus")),
        (N_("Space"), N_("cycle the bonus: DL → TL → DW → TW → none")),
        (N_("Arrows"), N_("move the cursor")),
        (N_("?"), N_("next tile the reader was unsure of, and why")),
    )),
    (N_("3  Words"), (
        (N_("↑ ↓, Space"), N_("next or previous word; its path plays on the board")),
        (N_("Alt+R"), N_("replay the path")),
        (N_("Ctrl+1 … Ctrl+5"), N_("sort by word, score, length, per letter, commonness; again: reverse")),
        (N_("Alt+E"), N_("everyday words only, or every word (the plan follows)")),
        (N_("Alt+D"), N_("doubtful words too, dimmed, or only playable words (the plan follows)")),
        (N_("Ctrl+F"), N_("find words; ↓ goes back to the list")),
        (N_("Arrows, Space on the board"), N_("show only the words starting on a tile")),
        (N_("← → on the speed slider"), N_("animation pace")),
        (N_("Ctrl+C in the list"), N_("copy the words shown")),
        (N_("Ctrl+S"), N_("export the words shown as CSV")),
        (N_("Ctrl+E"), N_("edit the board")),
        (N_("Ctrl+N"), N_("new game")),
        (N_("Ctrl+P"), N_("Plan tab: the words to swipe in the round; again: back")),
        (N_("Enter in the plan"), N_("play the plan: each word waits until it is ticked; a countdown runs")),
        (N_("Esc in the plan"), N_("stop playing")),
        (N_("Space in the plan"), N_("tick the word as played: the one playing, or the one selected")),
        (N_("Ctrl+R in the plan"), N_("re-plan for the time left, without ticked words")),
        (N_("Alt+H in the plan"), N_("heat map on the board")),
        (N_("Alt+C in the plan"), N_("calibrate the pace to yours")),
    )),
)


class KeysWindow(tk.Toplevel):
    """A small window listing the keys of every screen; Enter, Esc or its close box closes it."""

    def __init__(self, master: tk.Misc) -> None:
        self._return_focus = master.focus_get()
        super().__init__(master)
        self.title(_("Keys · Ruzzle Solver"))
        self.transient(master.winfo_toplevel())
        body = ttk.Frame(self, padding=16)
        body.pack(fill="both", expand=True)
        # Two columns of sections, so the list fits a short laptop screen.
        for index, (screen, keys) in enumerate(KEYS):
            section = self._section(body, screen, keys)
            section.grid(row=index % 2, column=index // 2, sticky="nw", padx=(0 if index < 2 else 24, 0),
                         pady=(0, 12))
        self.close_button = ttk.Button(body, text=_("Close"), command=self.close)
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
        ttk.Label(frame, text=_(screen), style="Summary.TLabel").grid(row=0, column=0, columnspan=2, sticky="w",
                                                                   pady=(0, 2))
        for row, (key, action) in enumerate(keys, 1):
            ttk.Label(frame, text=_(key)).grid(row=row, column=0, sticky="w", padx=(12, 16))
            ttk.Label(frame, text=_(action), style="Muted.TLabel").grid(row=row, column=1, sticky="w")
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
