"""The plan and ticks of the last few boards, so a board the player comes back to keeps its round.

Tk-free. Going back to the bonuses and solving the same board again, or undoing a
New game and solving, brings back the plan as it was with the words ticked.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING, spelled out so a checker sees the names below
if TYPE_CHECKING:
    from ruzzle_gui.board import Board
    from ruzzle_gui.graph import Solution
    from ruzzle_gui.plan import Plan

KEPT_ROUNDS = 8  # boards remembered: a game of several rounds, and a few boards opened by mistake


class Round(NamedTuple):
    """A board's plan as it stood, the words it planned from, and the words ticked, in tick order."""

    plan: Plan
    solutions: tuple[Solution, ...]
    played: tuple[Solution, ...]


def round_key(board: Board, language_code: str) -> tuple:
    """Return what makes two solves the same round: the language, the shape, the letters and the bonuses."""
    return language_code, board.rows, board.cols, tuple(board.letters), tuple(board.bonuses)


class Rounds:
    """The rounds of the last ``keep`` boards, newest last."""

    def __init__(self, keep: int = KEPT_ROUNDS) -> None:
        self.keep = keep
        self._rounds: OrderedDict[tuple, Round] = OrderedDict()

    def save(self, key: tuple, plan: Plan, solutions: Iterable[Solution], played: Iterable[Solution]) -> None:
        """Remember the round of board ``key``, forgetting the oldest beyond ``keep``."""
        self._rounds.pop(key, None)
        self._rounds[key] = Round(plan, tuple(solutions), tuple(played))
        while len(self._rounds) > self.keep:
            self._rounds.popitem(last=False)

    def get(self, key: tuple) -> Round | None:
        """Return the round remembered for board ``key``, or None."""
        return self._rounds.get(key)
