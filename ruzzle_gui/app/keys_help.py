"""KeysWindow: the Help → Keys list of every keyboard shortcut, opened with F1."""
from __future__ import annotations

import functools
import tkinter as tk
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import N_, _

SCREEN_MARGIN_PX = 16  # room left each side of the window on the screen (at 96 DPI)
WIDEST_PX = 1280       # never wider than a laptop's screen (at 96 DPI), however wide this one is: a list that
                       # spreads over a big monitor is read with the head, not the eyes
MIN_WRAP_PX = 160      # descriptions never wrap narrower than this (at 96 DPI)
KEY_WRAP_PX = 140      # keys wrap at this width (at 96 DPI) when the descriptions' wrapping is not enough:
                       # "Menu, Shift+F10, right click" in a third column of sections; "Strg+Umschalt+O" stays whole
SCREEN_TOP_PX = 96     # room left above and below the window for its title bar and the desktop's panels
SCROLLBAR_PX = 16      # room for the scroll bar a window taller than the screen gets

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
        (N_("Ctrl+C"), N_("copy the board as a board file, each unsure tile marked ?")),
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
        (N_("Alt+W, Alt+P"), N_("Words tab, Plan tab")),
        (N_("Enter in the plan"), N_("play the plan: each word waits until it is ticked; a countdown runs")),
        (N_("Esc in the plan"), N_("stop playing")),
        (N_("Space in the plan"), N_("tick the word as played: the one playing, or the one selected")),
        (N_("Ctrl+R in the plan"), N_("re-plan for the time left, without ticked words")),
        (N_("Alt+H in the plan"), N_("heat map on the board")),
        (N_("Alt+C in the plan"), N_("calibrate the pace to yours")),
        (N_("R, A"), N_("the game refused, or accepted, the word: the one playing, or the one selected "
                         "(Ctrl+Z undoes it)")),
        (N_("Menu, Shift+F10, right click"), N_("the game's verdict on the selected word, as a menu")),
    )),
    (N_("Practice"), (
        (N_("Ctrl+Shift+P"), N_("a practice round on a new board (the Practice menu also plays the board shown)")),
        (N_("Type a word, Enter"), N_("submit a word from the keyboard (or swipe it across the tiles with the mouse)")),
        (N_("Esc"), N_("end the round (asked first if words were found); on the review, go back")),
        (N_("Enter in a review list"), N_("play the word's path on the board (double-click too)")),
        (N_("Alt+A, Alt+N on the review"), N_("play this board again, or a new board")),
        (N_("Ctrl+Shift+H"), N_("History: the practice rounds kept, chart, totals, your pace")),
    )),
    (N_("History"), (
        (N_("Alt+X"), N_("export the rounds as CSV")),
        (N_("Alt+U"), N_("plan at your measured pace")),
    )),
)


class KeysWindow(tk.Toplevel):
    """A small window listing the keys of every screen; Enter, Esc or its close box closes it."""

    def __init__(self, master: tk.Misc) -> None:
        self._return_focus = master.focus_get()
        super().__init__(master)
        self.title(_("Keys · Ruzzle Solver"))
        self.transient(master.winfo_toplevel())
        px = functools.partial(theme.px, self)
        # The list scrolls in a canvas when it is taller than the screen (a 768-pixel laptop, long languages).
        self.view = tk.Canvas(self, highlightthickness=0, borderwidth=0, background=theme.palette(self).background)
        self.scrollbar = ttk.Scrollbar(self, orient="vertical", command=self.view.yview)
        self.view.configure(yscrollcommand=self.scrollbar.set)
        self.view.pack(side="left", fill="both", expand=True)
        self.body = body = ttk.Frame(self.view, padding=px(16))
        self.view.create_window(0, 0, window=body, anchor="nw")
        for sequence, units in (("<Button-4>", -3), ("<Button-5>", 3), ("<Up>", -1), ("<Down>", 1),
                                ("<Prior>", -10), ("<Next>", 10)):
            self.bind(sequence, functools.partial(self._scroll, units))
        self.bind("<MouseWheel>", lambda event: self._scroll(-1 if event.delta > 0 else 1))
        self.descriptions: list[ttk.Label] = []
        self.key_labels: list[ttk.Label] = []
        # Two columns of sections, so the list fits a short laptop screen.
        for index, (screen, keys) in enumerate(KEYS):
            section = self._section(body, screen, keys)
            section.grid(row=index % 2, column=index // 2, sticky="nw", padx=(0 if index < 2 else px(24), 0),
                         pady=(0, px(12)))
        self.close_button = ttk.Button(body, text=_("Close"), command=self.close)
        self.close_button.grid(row=2, column=1, sticky="e")
        for sequence in ("<Return>", "<KP_Enter>", "<Escape>", "<F1>"):
            self.bind(sequence, lambda _event: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.fit_to_screen()
        self._place_over(master.winfo_toplevel())
        self.close_button.focus_set()

    def _section(self, master: tk.Misc, screen: str, keys: tuple[tuple[str, str], ...]) -> ttk.Frame:
        """Return a frame with the screen's name over its keys and what they do."""
        frame, px = ttk.Frame(master), functools.partial(theme.px, self)
        ttk.Label(frame, text=_(screen), style="Summary.TLabel").grid(row=0, column=0, columnspan=2, sticky="w",
                                                                   pady=(0, px(2)))
        for row, (key, action) in enumerate(keys, 1):
            key_label = ttk.Label(frame, text=_(key))
            key_label.grid(row=row, column=0, sticky="nw", padx=(px(12), px(16)))
            self.key_labels.append(key_label)
            description = ttk.Label(frame, text=_(action), style="Muted.TLabel")
            description.grid(row=row, column=1, sticky="nw")
            self.descriptions.append(description)
        return frame

    def fit_to_screen(self) -> None:
        """Wrap the descriptions just enough for the window to fit the screen's width (long languages, small
        screens); unwrapped when they fit."""
        px = functools.partial(theme.px, self)
        room = min(self.winfo_screenwidth(), px(WIDEST_PX)) - 2 * px(SCREEN_MARGIN_PX) - px(SCROLLBAR_PX)
        self._wrap(0, keys=0)
        if self.body.winfo_reqwidth() > room:
            # The widest wrap that fits: found by halving, a few layouts of a small window.
            narrow, wide = px(MIN_WRAP_PX), max(label.winfo_reqwidth() for label in self.descriptions)
            self._wrap(narrow)
            if self.body.winfo_reqwidth() > room:  # the keys themselves must wrap too
                self._wrap(0, keys=px(KEY_WRAP_PX))
            while wide - narrow > 4:
                middle = (narrow + wide) // 2
                self._wrap(middle)
                narrow, wide = (middle, wide) if self.body.winfo_reqwidth() <= room else (narrow, middle)
            self._wrap(narrow)
        width, height = self.body.winfo_reqwidth(), self.body.winfo_reqheight()
        tall = self.winfo_screenheight() - px(SCREEN_TOP_PX)
        self.view.configure(width=width, height=min(height, tall), scrollregion=(0, 0, width, height))
        if height > tall:
            self.scrollbar.pack(side="right", fill="y", before=self.view)
        else:
            self.scrollbar.pack_forget()

    def _wrap(self, width: int, keys: int | None = None) -> None:
        """Wrap every description at ``width`` pixels (0: not at all), and the keys at ``keys`` if given (0: not
        at all), and lay the window out again."""
        for label in self.descriptions:
            label.configure(wraplength=width)
        if keys is not None:
            for label in self.key_labels:
                label.configure(wraplength=keys)
        self.update_idletasks()

    def retranslate(self) -> None:
        """Fit the screen again once the texts are in the new language (they are fetched after this call)."""
        self.after_idle(self._refit)

    def _scroll(self, units: int, _event: object = None) -> None:
        """Scroll the list by ``units`` lines (negative: up), when it is taller than the screen."""
        self.view.yview_scroll(units, "units")

    def _refit(self) -> None:
        """Fit the screen again, if this window is still open."""
        if self.winfo_exists():
            self.fit_to_screen()

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
