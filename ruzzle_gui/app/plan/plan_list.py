"""PlanList: the plan's numbered list of words, with its ✓ column and the played and current rows' colours."""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.plan.time_bar import PLAYED
from ruzzle_gui.app.text.i18n import N_, _, shown

# TRANSLATORS: the plan's column headings: "At" is the second the word starts at; "Total" the running points.
COLUMNS = (("done", "✓", 34), ("word", N_("Word"), 120), ("score", N_("Points"), 76), ("start", N_("At"), 60),
           ("total", N_("Total"), 70))
NUMBER_WIDTH = 44  # the # column at least, as on a 96-DPI screen
# Sun Valley draws its tree indicator 26 screen pixels wide at any DPI, before the row number: on a 96-DPI
# screen it left "10." too little room, and the dot was cut.
INDICATOR_WIDTH = 26
NUMBER_ROOM = 4  # pixels to spare after the widest row number, as on a 96-DPI screen
CURRENT_ROW = {"light": ("#ffe0b2", "#1c1c1c"), "dark": ("#8a4b00", "#ffffff")}  # the word being swiped


class PlanList(ttk.Treeview):
    """A Treeview with the plan's columns, each as wide as its heading in the interface language."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, columns=[c for c, _text, _width in COLUMNS], show="tree headings", height=8,
                         selectmode="browse")
        self.heading("#0", text="#")
        self.column("#0", stretch=False, anchor="e")
        self.size_number_column(0)
        for column, text, _width in COLUMNS:
            # by its place: its translation may be another column's too (French "Points" for Score)
            self.heading(column, text=shown((str(self), f"heading {column}"), text))
            self.column(column, stretch=column == "word", anchor="w" if column == "word" else "e")
        self.size_columns()
        self.colour_rows()

    def size_columns(self) -> None:
        """Give each column the room its heading needs in the interface language (measured again on a switch)."""
        for column, text, width in COLUMNS:
            self.column(column, width=max(theme.px(self, width), theme.heading_width(self, _(text))))

    def size_number_column(self, count: int) -> None:
        """Make the # column wide enough for the numbers of ``count`` rows (two digits at least)."""
        font = tkfont.Font(root=self, font=ttk.Style(self).lookup("Treeview", "font"))
        needed = INDICATOR_WIDTH + font.measure(f"{max(count, 99)}.") + theme.px(self, NUMBER_ROOM)
        self.column("#0", width=max(theme.px(self, NUMBER_WIDTH), needed))

    def colour_rows(self) -> None:
        """Give played and current rows the colours of the mode the app is drawn in."""
        mode = theme.mode(self)
        self.tag_configure("played", foreground=PLAYED[mode])
        background, foreground = CURRENT_ROW[mode]
        self.tag_configure("current", background=background, foreground=foreground)
