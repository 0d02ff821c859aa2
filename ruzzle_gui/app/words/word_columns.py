"""The word list's columns: their headings, their sort orders, the Common column's dots, and their widths.

Plain functions of the words, but for ``column_widths``, which measures the headings in the
interface language's font.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Sequence
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import N_, _
from ruzzle_gui.bands import EVERYDAY
from ruzzle_gui.graph import Solution, sort_solutions

# column id -> (heading, the engine's sort order for it; None: sorted here)
COLUMNS = {
    "word": (N_("Word"), "alpha"),
    "score": (N_("Score"), "score"),
    "length": (N_("Length"), "length"),
    # TRANSLATORS: column heading: the word's score divided by its number of letters.
    "per_letter": (N_("Per letter"), None),
    # TRANSLATORS: column heading: how common the word is in everyday text (shown as four dots).
    "common": (N_("Common"), None),
}
ARROWS = ("  ▲", "  ▼")
WORD_COLUMN = "MMMMMMMMMM"  # the word column shows ten wide letters before it needs more room
DOTS = 4  # the Common column: band 0..7 as up to four dots, two bands a dot


def per_letter(solution: Solution) -> float:
    """Return the word's score divided by its length."""
    return solution.score / len(solution.word)


def dots(band: int | None) -> str:
    """Return a band (0 rare .. 7 everyday) as a row of DOTS dots, filled rounding up: 7 is ●●●●, 0 is ○○○○."""
    if band is None:
        return ""
    filled = (band + 1) // 2
    return "●" * filled + "○" * (DOTS - filled)


def sort_view(solutions: Sequence[Solution], column: str, reverse: bool = False,
              band_of: Callable[[Solution], int | None] = lambda _s: None) -> list[Solution]:
    """Return ``solutions`` sorted by a list column, in its natural order (best, most common or A–Z first)."""
    order = COLUMNS[column][1]
    if order is not None:
        return sort_solutions(solutions, order, reverse)
    if column == "common":
        ordered = sorted(solutions, key=lambda s: (-(band_of(s) or 0), -s.score, s.word))
    else:
        ordered = sorted(solutions, key=lambda s: (-per_letter(s), -s.score, s.word))
    return ordered[::-1] if reverse else ordered


def matches(solution: Solution, text: str, mode: str, min_length: int, start: tuple[int, int] | None) -> bool:
    """Return True if ``solution`` passes the find text, the minimum length and the start tile."""
    word = solution.word
    if len(word) < min_length or (start is not None and solution.path[0] != start):
        return False
    return word.startswith(text) if mode == "starts with" else text in word


def column_widths(widget: tk.Misc) -> dict[str, int]:
    """Return each column's width: room for its heading with a sort arrow, and for its values."""
    body = tkfont.Font(root=widget, font=ttk.Style(widget).lookup("Treeview", "font"))
    widths = {column: theme.heading_width(widget, _(heading) + ARROWS[1]) for column, (heading, _o) in COLUMNS.items()}
    widths["word"] = max(widths["word"], body.measure(WORD_COLUMN) + theme.px(widget, 12))
    widths["common"] = max(widths["common"], body.measure(dots(EVERYDAY)) + theme.px(widget, 12))
    return widths
