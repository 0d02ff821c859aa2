"""A practice round's judging and review: pure, no clock, no input, no store, so the app and the CLI share it.

    practice = Practice(board, graph.solve(), possible, language.fold, graph.min_length)
    practice.judge("casa", at=3.2)      # Judgement("new", "CASA", 14)
    practice.review(marks)              # found vs possible, the words missed, the player's words

A word is judged as the game would: ``new`` (with its points, the best path's
score), ``again`` (already found), ``short`` (under the language's minimum),
``not_on_board`` (cannot be traced on the board, adjacent tiles each used once)
or ``not_a_word`` (can be traced, but is not in the dictionary).
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterable, Sequence

from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution, TraceTooCostly, can_trace
from ruzzle_gui.word_filters import EVERYDAY_BAND, WordMarks

__all__ = ["JUDGEMENTS", "Judgement", "Played", "Review", "Practice", "on_board"]

JUDGEMENTS = ("new", "again", "short", "not_on_board", "not_a_word")
Judgement = namedtuple("Judgement", "kind word points")  # word: as the game spells it; points: 0 unless new
Played = namedtuple("Played", "word at points")  # at: seconds since the round began
# found_*/possible_*: the player's words and points against the board's (the default list's);
# missed: the possible words not found, best first; everyday_missed: those of band EVERYDAY_BAND and up;
# played: the player's new words in the order found.
Review = namedtuple("Review", "found_words found_points possible_words possible_points missed everyday_missed played")


class Practice:
    """One practice round on ``board``: the words typed so far, each judged as the game would."""

    def __init__(self, board: Board, solutions: Iterable[Solution], possible: Sequence[Solution],
                 fold: Callable[[str], str], min_length: int = 2) -> None:
        self.board = board
        self.words = {s.word: s for s in solutions}  # every dictionary word on the board
        self.possible = list(possible)  # what the review counts the player against
        self.fold, self.min_length = fold, min_length
        self.played: list[Played] = []
        self._found: set[str] = set()

    def judge(self, typed: str, at: float) -> Judgement:
        """Return the judgement of a typed word at ``at`` seconds, recording it if it is new."""
        word = self.fold(typed.strip())
        if word in self._found:
            return Judgement("again", word, 0)
        solution = self.words.get(word)
        if solution is not None:
            self._found.add(word)
            self.played.append(Played(word, at, solution.score))
            return Judgement("new", word, solution.score)
        if len(word) < self.min_length:
            return Judgement("short", word, 0)
        return Judgement("not_a_word" if on_board(self.board, word) else "not_on_board", word, 0)

    @property
    def score(self) -> int:
        """Return the points of the words found."""
        return sum(p.points for p in self.played)

    def review(self, marks: WordMarks | None = None) -> Review:
        """Return the round's review; ``marks`` (commonness bands) pick out the everyday words missed."""
        missed = sorted((s for s in self.possible if s.word not in self._found), key=lambda s: (-s.score, s.word))
        everyday = [s for s in missed if marks is not None and (marks.band(s.word) or 0) >= EVERYDAY_BAND]
        return Review(len(self.played), self.score, len(self.possible), sum(s.score for s in self.possible),
                      missed, everyday, list(self.played))


def on_board(board: Board, word: str) -> bool:
    """Return True if ``word`` can be traced on ``board``: adjacent tiles, each used once (dictionary or not).

    The engine's pruned walk (``graph.can_trace``); a word it gives up on is taken as not on the board,
    which judges it the same (it is in no list either way) without holding the round up.
    """
    try:
        return can_trace(board, word)
    except TraceTooCostly:
        return False
