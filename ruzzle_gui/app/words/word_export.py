"""The words shown, taken out of the app: tab-separated lines for the clipboard, and CSV files.

Tk-free: the Words screen (``results.py``) asks for them and says how it went.
"""
from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from pathlib import Path

from ruzzle_gui.files import write_atomically
from ruzzle_gui.graph import Solution


def path_text(path: Sequence[tuple[int, int]]) -> str:
    """Return a path as 'r1c1 r1c2 ...', rows and columns counted from 1."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in path)


def clipboard_lines(solutions: Iterable[Solution]) -> list[str]:
    """Return one 'word<TAB>score<TAB>length' line per word."""
    return [f"{s.word}\t{s.score}\t{len(s.word)}" for s in solutions]


def write_csv(path: Path, solutions: Sequence[Solution]) -> int:
    """Write ``solutions`` to a CSV file (word, score, length, path); return how many.

    The file is written beside ``path`` and renamed over it, so a full disk
    leaves the old file whole. Raises OSError naming the file.
    """
    def write(partial: str) -> None:
        with open(partial, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(("word", "score", "length", "path"))
            for s in solutions:
                writer.writerow((s.word, s.score, len(s.word), path_text(s.path)))

    write_atomically(path, write)
    return len(solutions)
