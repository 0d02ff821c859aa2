"""What pasted text means for the Letters screen, decided without Tk (tested without a display).

Pasted text is either a board file (spaced cells over lines, bonuses allowed),
loaded whole, or runs of letters, typed from the cursor on; ``paste_report`` says
what a paste of letters did.
"""
from __future__ import annotations

from collections.abc import Callable

from ruzzle_gui.app.text.i18n import _, format_number, ngettext
from ruzzle_gui.board import SUFFIXES

__all__ = ["is_board_text", "pasted_letters", "paste_report"]


def is_board_text(text: str) -> bool:
    """Return True if ``text`` is laid out as a board file (spaced cells) rather than runs of letters.

    Board files separate cells (mostly one letter, or a letter and a bonus such as
    ``Ctl``, either maybe marked unsure: ``?C``, ``Ctl?``) with spaces, over several
    lines or with a bonus on one line. A single line of spaced letters, or words
    such as ``ciao mare``, are letters to type.
    """
    rows = [line.split() for line in text.splitlines() if line.strip()]
    cells = [cell for row in rows for cell in row]
    if not any(len(row) > 1 for row in rows):
        return False
    cores = [cell.removeprefix("?").removesuffix("?") or cell for cell in cells]  # '?W', 'Etl?': unsure marks
    cell_like = sum(1 for core in cores if len(core) == 1 or core[1:] in SUFFIXES)
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


def paste_report(placed: int, extra: int, refused: list[str], language_name: str) -> str:
    """Return what a paste did, in the interface language: letters placed, extra letters dropped, characters
    refused (not in the alphabet of the language named ``language_name``)."""
    parts = [ngettext("Pasted {count} letter", "Pasted {count} letters", placed).format(
        count=format_number(placed))]
    if extra:
        parts.append(ngettext("{count} more did not fit", "{count} more did not fit", extra).format(
            count=format_number(extra)))
    if refused:
        shown = " ".join(repr(ch) for ch in refused[:6])
        parts.append(_("skipped {characters} (not in the {language} alphabet)").format(
            characters=shown, language=language_name))
    return "; ".join(parts)
