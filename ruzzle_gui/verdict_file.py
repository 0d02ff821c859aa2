"""The plain-text file verdicts are exported to and imported from: a header naming the language, one word a line.

    ruzzle verdicts it
    ADIVA	refused	2026-12-07T15:20:31Z
    CASA	accepted	2026-12-07T15:21:02Z

UTF-8; word, verdict and date separated by a tab; blank lines and lines starting
with ``#`` are ignored. ``parse`` checks the whole file before anything is
stored: the first problem raises VerdictFileError naming the file and line.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from ruzzle_gui.verdicts import VERDICTS, Verdicts

__all__ = ["HEADER", "MAX_BYTES", "VerdictFileError", "lines", "parse"]

HEADER = "ruzzle verdicts"
MAX_BYTES = 20_000_000  # far beyond any player's verdicts (a million lines): a larger file is not one
DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


class VerdictFileError(ValueError):
    """A verdict file that cannot be imported; the message is one line naming the file and the problem."""


def lines(language: str, verdicts: Verdicts) -> list[str]:
    """Return the file's lines for ``verdicts`` of ``language``, sorted by word, each ending in a newline."""
    return [f"{HEADER} {language}\n", *(f"{word}\t{verdict}\t{date}\n"
                                        for word, (verdict, date) in sorted(verdicts.items()))]


def parse(data: bytes, name: str, language: str, fold: Callable[[str], str],
          in_alphabet: Callable[[str], bool], language_name: str = "") -> dict[str, tuple[str, str]]:
    """Return the verdicts in a file's ``data`` (word -> (verdict, date)), checked against ``language``.

    Words are folded to the game's spelling with ``fold``; a word with a letter
    ``in_alphabet`` refuses, a damaged line, or a file of another language raises
    VerdictFileError. A word listed twice keeps its latest verdict.
    """
    if len(data) > MAX_BYTES:
        raise VerdictFileError(f"{name} is too large to be a verdict file ({len(data):,} bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise VerdictFileError(f"{name} is not UTF-8 text (byte {err.start + 1})") from None
    rows = text.splitlines()
    header = rows[0].strip() if rows else ""
    if not header.startswith(HEADER + " "):
        raise VerdictFileError(f"{name} is not a verdict file: its first line should be '{HEADER} {language}'")
    if header[len(HEADER) + 1:].strip() != language:
        raise VerdictFileError(f"{name} holds the verdicts of language '{header[len(HEADER) + 1:].strip()}', "
                               f"not '{language}'")
    found: dict[str, tuple[str, str]] = {}
    for number, row in enumerate(rows[1:], 2):
        if row.strip() and not row.lstrip().startswith("#"):
            word, verdict = _line(row, f"{name} line {number}", fold, in_alphabet, language_name or language)
            if word not in found or found[word][1] <= verdict[1]:
                found[word] = verdict
    return found


def _line(row: str, where: str, fold: Callable[[str], str], in_alphabet: Callable[[str], bool],
          language_name: str) -> tuple[str, tuple[str, str]]:
    """Return one line's word and (verdict, date); raise VerdictFileError naming ``where`` if it is damaged."""
    parts = row.strip().split("\t")
    if len(parts) != 3 or parts[1] not in VERDICTS or not _is_date(parts[2]):
        shown = row if len(row) <= 60 else row[:57] + "..."
        raise VerdictFileError(f"{where} is not 'WORD<tab>accepted|refused<tab>YYYY-MM-DDTHH:MM:SSZ': {shown!r}")
    word = fold(parts[0].strip())
    if not word or not in_alphabet(word):
        raise VerdictFileError(f"{where}: '{parts[0]}' is not a word of the {language_name} alphabet")
    return word, (parts[1], parts[2])


def _is_date(text: str) -> bool:
    """Return True if ``text`` is a date as the store writes it (ISO 8601 UTC to the second)."""
    try:
        time.strptime(text, DATE_FORMAT)
    except ValueError:
        return False
    return True
