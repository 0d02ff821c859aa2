"""What pasted text means for the Letters screen, decided without Tk (tested without a display).

Pasted text is either a board file (spaced cells over lines, bonuses allowed),
loaded whole, or runs of letters, typed from the cursor on.
"""
from __future__ import annotations

from collections.abc import Callable

from ruzzle_gui.board import SUFFIXES

__all__ = ["is_board_text", "pasted_letters"]


def is_board_text(text: str) -> bool:
    """Return True if ``text`` is laid out as a board file (spaced cells) rather than runs of letters.

    Board files separate cells (mostly one letter, or a letter and a bonus such as
    ``Ctl``) with spaces, over several lines or with a bonus on one line. A single
    line of spaced letters, or words such as ``ciao mare``, are letters to type.
    """
    rows = [line.split() for line in text.splitlines() if line.strip()]
    cells = [cell for row in rows for cell in row]
    if not any(len(row) > 1 for row in rows):
        return False
    cell_like = sum(1 for cell in cells if len(cell) == 1 or cell[1:] in SUFFIXES)
    single = sum(1 for cell in cells if len(cell) == 1)
    return cell_like * 2 > len(cells) and (len(rows) > 1 or single < len(cells))


def pasted_letters(text: str, fold_letter: Callable[[str], str | None]) -> tuple[list[str], list[str]]:
    """Return the letters ``text`` types (folded, spaces skipped) and the characters refused, sorted.

    ``fold_letter`` is the language's: a letter of its alphabet, or None.
    """
    chars = [ch for ch in text if not ch.isspace()]
    refused = sorted({ch for ch in chars if fold_letter(ch) is None})
    letters = [folded for ch in chars if ch not in refused and (folded := fold_letter(ch)) is not None]
    return letters, refused
