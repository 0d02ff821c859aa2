"""The word filters the list and the plan share: everyday words, a minimum length, doubtful words.

One definition, used by ``ruzzle solve``, ``demo`` and ``plan`` and by the app's
Words and Plan tabs, so the plan always plans words the list would show. Tk-free
and cheap to import (the quick commands load it).

    marks = WordMarks.of(language.dictionary_path)
    kept = apply(solutions, WordFilters(common=EVERYDAY_BAND, min_length=4), marks)
    kept.words, kept.left_out          # what passes; how many each filter left out
"""
from __future__ import annotations

import os
from collections import namedtuple
from collections.abc import Iterable

from ruzzle_gui.graph import Solution

__all__ = ["EVERYDAY_BAND", "Filtered", "WordFilters", "WordMarks", "apply", "describe_filters"]

# "Everyday words only" keeps band 5 and up: Zipf 3 or more, a word met at least once
# in a million words of real text. On random 4x4 boards that keeps about half the words
# (43% in Russian to 63% in English), the ones a player can be sure the game accepts.
EVERYDAY_BAND = 5

# A namedtuple, not a dataclass: dataclasses would cost ``ruzzle solve`` re, inspect and ast.
# common: the lowest commonness band kept (0: every word; the app's "Everyday words only" is
# EVERYDAY_BAND, the CLI's --common N is N); min_length: the shortest word kept (0: any);
# doubtful: keep the words the build marked doubtful too (the app's "Doubtful words too", --all).
WordFilters = namedtuple("WordFilters", "common min_length doubtful", defaults=(0, 0, False))
# words: the solutions kept, in their order; left_out: {"rare": n, "short": n, "doubtful": n},
# each word counted under the first filter that leaves it out, in that order.
Filtered = namedtuple("Filtered", "words left_out")


class WordMarks:
    """A dictionary's commonness bands and doubt marks, either of which may be missing (None)."""

    def __init__(self, bands=None, doubts=None) -> None:
        self.bands, self.doubts = bands, doubts

    @classmethod
    def of(cls, dictionary: str | os.PathLike, bands: bool = True, doubts: bool = True) -> WordMarks:
        """Return the marks beside a compiled dictionary (what is missing, stale or not asked for is None)."""
        from ruzzle_gui.bands import load_bands
        from ruzzle_gui.doubt import load_doubts

        dictionary = os.fspath(dictionary)  # a str: the loaders' caches take hashable paths
        return cls(load_bands(dictionary) if bands else None, load_doubts(dictionary) if doubts else None)

    def band(self, word: str) -> int | None:
        """Return a word's commonness band, or None without bands."""
        return None if self.bands is None else self.bands.band(word)

    def doubt(self, word: str) -> str | None:
        """Return why a word is doubtful, or None: playable, or no doubt marks."""
        return None if self.doubts is None else self.doubts.reason(word)


def apply(solutions: Iterable[Solution], filters: WordFilters, marks: WordMarks) -> Filtered:
    """Return the solutions that pass ``filters``, and how many each filter left out.

    Without bands the everyday filter keeps every word; without doubt marks no word is doubtful.
    """
    common = filters.common if marks.bands is not None else 0
    doubts = None if filters.doubtful else marks.doubts
    kept, rare, short, doubtful = [], 0, 0, 0
    for solution in solutions:
        if len(solution.word) < filters.min_length:
            short += 1
        elif common and (marks.bands.band(solution.word) or 0) < common:
            rare += 1
        elif doubts is not None and doubts.reason(solution.word):
            doubtful += 1
        else:
            kept.append(solution)
    return Filtered(kept, {"short": short, "rare": rare, "doubtful": doubtful})


def describe_filters(filters: WordFilters, left_out: dict[str, int], marks: WordMarks | None = None) -> str:
    """Return a line naming the filters on and how many words they leave out ("" when none is on).

    English; the app translates its own copy of this line.
    """
    on = []
    if filters.common and (marks is None or marks.bands is not None):
        on.append("everyday words only" if filters.common == EVERYDAY_BAND else f"band {filters.common}+")
    if filters.min_length:
        on.append(f"{filters.min_length}+ letters")
    if not filters.doubtful and (marks is None or marks.doubts is not None):
        on.append("no doubtful words")
    if not on:
        return ""
    total = sum(left_out.values())
    return f"Filters: {', '.join(on)} · {total:,} word{'s' if total != 1 else ''} left out"

