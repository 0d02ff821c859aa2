"""The typed board without Tk: where a tile is, where an arrow key leads, and what keeps it from being solved.

The Letters, Bonuses and Words screens move their cursors with ``MOVES`` and ``step_cursor``.
"""
from __future__ import annotations

from ruzzle_gui.app.state import MAX_TYPED_SIZE, AppState
from ruzzle_gui.app.text.i18n import _, board_language_name, format_number, ngettext
from ruzzle_gui.language import Language

MIN_SIZE = 2  # the fewest rows or columns the size boxes offer
MOVES = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}


def where(index: int, cols: int) -> dict[str, int]:
    """Return {'row': R, 'column': C} (counted from 1) of a row-major tile index, to fill a message."""
    r, c = divmod(index, cols)
    return {"row": r + 1, "column": c + 1}


def step_cursor(index: int, dr: int, dc: int, rows: int, cols: int) -> int:
    """Return the tile an arrow key leads to from ``index``: rows wrap sideways, columns stop."""
    if dc:
        return (index + dc) % (rows * cols)
    return index + dr * cols if 0 <= index // cols + dr < rows else index


def board_problem(state: AppState, language: Language) -> tuple[int, str] | None:
    """Return (tile index, message) for the first reason the typed board cannot be solved, or None."""
    empty = [i for i, letter in enumerate(state.letters) if not letter]
    if empty:
        return empty[0], ngettext("{count} tile is still empty: type a letter at row {row}, column {column}",
                                  "{count} tiles are still empty: type a letter at row {row}, column {column}",
                                  len(empty)).format(count=format_number(len(empty)), **where(empty[0], state.cols))
    bad = next((i for i, letter in enumerate(state.letters) if language.fold_letter(letter) is None), None)
    if bad is not None:
        return bad, _("'{letter}' at row {row}, column {column} is not a letter of the {language} alphabet").format(
            letter=state.letters[bad], language=board_language_name(language), **where(bad, state.cols))
    return None


def size_range(rows: int, cols: int) -> tuple[int, int]:
    """Return the fewest and most rows or columns the size boxes accept for a ``rows`` x ``cols`` board.

    A board loaded from a file may lie outside the sizes offered for typing;
    its own size stays acceptable.
    """
    return min(MIN_SIZE, rows, cols), max(MAX_TYPED_SIZE, rows, cols)
