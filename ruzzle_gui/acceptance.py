"""How likely the game is to accept a word: the table the round planner prices words with.

A word's chance is the chance of its commonness band (0 rare .. 7 everyday, see
``ruzzle_gui.bands``), times ``doubtful`` when the dictionary marks it doubtful
(``ruzzle_gui.doubt``). Without bands every band counts as sure (1.0); without
doubt marks no word is doubtful. The app keeps its own copy of the table in the
settings (``"acceptance"``); docs/planning.md explains the figures.

The defaults come from reading random boards' lists as a player would
(docs/precision.md): words real text uses often (band 5 and up) are in every
game dictionary; rarer bands hold a growing share of forms a game dictionary may
lack; a doubtful word (an enclitic stack, a name, an unattested form) is
accepted about one time in four at best.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Sequence

from ruzzle_gui.graph import Solution

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    from typing import TypeGuard

__all__ = ["DEFAULT", "Acceptance", "chance_of", "acceptance_from"]

# bands: the chance of a word of each band 0..7; doubtful: the factor for a doubtful word.
Acceptance = namedtuple("Acceptance", "bands doubtful")
DEFAULT = Acceptance(bands=(0.85, 0.9, 0.93, 0.96, 0.98, 1.0, 1.0, 1.0), doubtful=0.25)


def chance_of(marks, table: Acceptance = DEFAULT) -> Callable[[Solution], float]:
    """Return ``chance(solution)`` for the words of a dictionary with these ``marks`` (a WordMarks)."""
    bands, doubtful = table.bands, table.doubtful

    def chance(solution: Solution) -> float:
        band = marks.band(solution.word)
        sure = 1.0 if band is None else bands[band]
        return sure * doubtful if marks.doubt(solution.word) else sure

    return chance


def acceptance_from(data: object) -> Acceptance:
    """Return the table a settings file holds (``{"bands": [8 chances], "doubtful": f}``), DEFAULT where unsound."""
    if not isinstance(data, dict):
        return DEFAULT
    bands, doubtful = data.get("bands"), data.get("doubtful")
    if not (isinstance(bands, Sequence) and len(bands) == len(DEFAULT.bands) and all(map(_is_chance, bands))):
        bands = DEFAULT.bands
    if not _is_chance(doubtful):
        doubtful = DEFAULT.doubtful
    return Acceptance(tuple(float(b) for b in bands), float(doubtful))


def _is_chance(value: object) -> TypeGuard[float]:
    """Return True if ``value`` is a number from 0 to 1 (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0
