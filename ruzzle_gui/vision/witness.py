"""Weigh a tile's letter against its value: the language's letter values tell which letters a value allows."""
from __future__ import annotations

from typing import NamedTuple

__all__ = ["Verdict", "reconcile", "CORRECTION_MARGIN", "UNCERTAIN_BELOW"]

CORRECTION_MARGIN = 0.1  # a lower choice that agrees with the value replaces the first if it scores this close
UNCERTAIN_BELOW = 0.75   # likeness under which a letter, value or bonus reading is flagged for the player


class Verdict(NamedTuple):
    """The letter chosen for a tile, how sure, and whether the player should check it."""

    letter: str
    confidence: float
    uncertain: bool
    corrected: bool  # the first choice disagreed with the value and a lower one that agrees was taken


def reconcile(choices: list[tuple[str, float]], value: int | None, values: dict[str, int]) -> Verdict:
    """Return the letter among ``choices`` (best first) that the tile's ``value`` supports."""
    letter, score = choices[0]
    if value is None:
        return Verdict(letter, score, True, False)
    if values.get(letter) == value:
        return Verdict(letter, score, score < UNCERTAIN_BELOW, False)
    agreeing = [(other, s) for other, s in choices if values.get(other) == value]
    if agreeing and score - agreeing[0][1] <= CORRECTION_MARGIN:
        return Verdict(agreeing[0][0], agreeing[0][1], True, True)
    return Verdict(letter, score, True, False)
