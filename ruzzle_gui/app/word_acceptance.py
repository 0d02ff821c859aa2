"""AcceptanceWindow: Edit → Word acceptance, the planner's table as learned from the game's verdicts, with Reset.

Per band (0 rare .. 7 everyday) and for doubtful words: the chance the settings hold
(the documented defaults unless edited), the chance learned from the verdicts given
since the last reset (``ruzzle_gui.verdicts.learned_table``), and how many verdicts
count for it. Reset makes the learned table start again from the defaults; the
verdicts stay and still apply word by word.
"""
from __future__ import annotations

import functools
import tkinter as tk
from tkinter import ttk

from ruzzle_gui.acceptance import Acceptance
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import _, board_language_name, format_decimal, format_number
from ruzzle_gui.app.verdict_book import VerdictBook
from ruzzle_gui.language import Language
from ruzzle_gui.verdicts import counted
from ruzzle_gui.word_filters import WordMarks

COLUMNS = 5  # the words, their default chance, the learned one, verdicts accepted and refused


def table_rows(defaults: Acceptance, learned: Acceptance, counts: dict) -> list[tuple[str, str, str, str, str]]:
    """Return the window's rows: name, default chance, learned chance, verdicts accepted and refused."""
    rows = [(_("band {band}").format(band=band), format_decimal(default, 2), format_decimal(now, 2),
             format_number(count[0]), format_number(count[1]))
            for band, (default, now, count) in enumerate(zip(defaults.bands, learned.bands, counts["bands"]))]
    doubtful = counts["doubtful"]
    rows.append((_("doubtful words (factor)"), format_decimal(defaults.doubtful, 2),
                 format_decimal(learned.doubtful, 2), format_number(doubtful[0]), format_number(doubtful[1])))
    return rows


class AcceptanceWindow(tk.Toplevel):
    """The learned acceptance table of ``language`` beside ``defaults``; Reset, and Close (Esc, Enter)."""

    def __init__(self, master: tk.Misc, book: VerdictBook, language: Language, defaults: Acceptance) -> None:
        self._return_focus = master.focus_get()
        super().__init__(master)
        self.book, self.language, self.defaults = book, language, defaults
        self.marks = WordMarks.of(language.dictionary_path)
        self.title(_("Word acceptance · Ruzzle Solver"))
        self.transient(master.winfo_toplevel())
        px = functools.partial(theme.px, self)
        body = ttk.Frame(self, padding=px(16))
        body.pack(fill="both", expand=True)
        self.intro = ttk.Label(body, wraplength=px(420), justify="left")
        self.intro.grid(row=0, column=0, columnspan=5, sticky="w", pady=(0, px(8)))
        headings = ("", _("Default"), _("Learned"), _("Accepted"), _("Refused"))
        for column, text in enumerate(headings):
            ttk.Label(body, text=text, style="Summary.TLabel").grid(row=1, column=column, sticky="w" if not column
                                                                    else "e", padx=(0 if not column else px(12), 0))
        self.cells = [[ttk.Label(body) for _column in range(COLUMNS)] for _row in range(len(defaults.bands) + 1)]
        for row, labels in enumerate(self.cells, 2):
            for column, label in enumerate(labels):
                label.grid(row=row, column=column, sticky="w" if not column else "e",
                           padx=(0 if not column else px(12), 0))
        self.since_label = ttk.Label(body, style="Muted.TLabel", wraplength=px(420), justify="left")
        self.since_label.grid(row=len(self.cells) + 2, column=0, columnspan=5, sticky="w", pady=(px(8), 0))
        buttons = ttk.Frame(body)
        buttons.grid(row=len(self.cells) + 3, column=0, columnspan=5, sticky="e", pady=(px(12), 0))
        self.reset_button = ttk.Button(buttons, text=_("Reset to the defaults"), command=self.reset)
        self.reset_button.pack(side="left")
        self.close_button = ttk.Button(buttons, text=_("Close"), command=self.close)
        self.close_button.pack(side="left", padx=(px(8), 0))
        for sequence in ("<Escape>", "<Return>", "<KP_Enter>"):
            self.bind(sequence, lambda _event: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.show()
        self.close_button.focus_set()

    def show(self) -> None:
        """Fill the table from the verdicts now."""
        code = self.language.code
        verdicts, since = self.book.verdicts(code), self.book.learning_since(code)
        learned = self.book.learned(code, self.marks, self.defaults)
        rows = table_rows(self.defaults, learned, counted(verdicts, self.marks, since))
        for labels, row in zip(self.cells, rows):
            for label, text in zip(labels, row):
                label.configure(text=text)
        self.intro.configure(text=_(
            "The plan prices each word by its chance of being accepted by the game ({language}): the default "
            "of its commonness band, re-estimated from the verdicts you gave (R and A on the words and the plan). "
            "A word with a verdict of its own is sure (accepted) or left out (refused).").format(
            language=board_language_name(self.language)))
        self.since_label.configure(text=_("Counting the verdicts given since {date}").format(date=since[:10])
                                   if since else _("Counting every verdict given"))

    def reset(self) -> None:
        """Start the learned table again from the defaults (the verdicts stay)."""
        self.book.reset_learning(self.language.code)
        self.show()
        if self.book.problems:
            self.since_label.configure(text=" · ".join(self.book.problems))
            self.book.problems.clear()

    def close(self) -> None:
        """Close the window and give the focus back to where it was."""
        back = self._return_focus if self._return_focus is not None else self.master
        self.destroy()
        if back.winfo_exists():
            back.focus_set()
