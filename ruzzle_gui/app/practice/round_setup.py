"""What a practice round needs before Tk draws it, and the swipe's rules: no Tk here, so tests run it bare.

A round counts the player against the words the Words screen lists with the
player's filters (everyday words only, doubtful words too), less the words the
game refused; every dictionary word on the board is still accepted when typed.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence

from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph, Solution, neighbours
from ruzzle_gui.language import Language
from ruzzle_gui.practice import Practice, Review
from ruzzle_gui.verdicts import Verdicts, lifted, without_refused
from ruzzle_gui.word_filters import EVERYDAY_BAND, WordFilters, WordMarks, apply

__all__ = ["RoundSetup", "set_up", "swiped", "plan_points", "measured_pace", "word_of"]

DEFAULT_SECONDS = 120
# board, language, the Practice that judges, the bands (for the everyday words missed), every word on the board
RoundSetup = namedtuple("RoundSetup", "board language practice marks solutions")


def set_up(board: Board, language: Language, everyday_only: bool, doubtful_too: bool,
           verdicts: Verdicts | None = None) -> RoundSetup:
    """Return a fresh round on ``board``: solved once, the possible words those the Words screen would list.

    As there, ``verdicts`` (the game's, on this language's words) take the words it refused out of the
    possible words and count those it accepted as sure; typed, a refused word is still judged against
    the dictionary, as ``ruzzle practice`` judges it.
    """
    verdicts = verdicts or {}
    graph = Graph(board, language)
    solutions = graph.solve()
    marks = lifted(WordMarks.of(language.dictionary_path), verdicts)
    listed = apply(solutions, WordFilters(EVERYDAY_BAND if everyday_only else 0, 0, doubtful_too), marks).words
    possible = without_refused(listed, verdicts)[0]
    return RoundSetup(board, language, Practice(board, solutions, possible, language.fold, graph.min_length),
                      marks, solutions)


def swiped(path: Sequence[int], tile: int | None, rows: int, cols: int) -> list[int]:
    """Return the swipe's path after the pointer reaches ``tile``: one step on, one back, or unchanged.

    A neighbour of the last tile not yet used extends the path; the tile before the last
    takes the last step back (as the game does); anything else leaves the path as it is.
    """
    path = list(path)
    if tile is None or not path or tile == path[-1]:
        return path
    if len(path) >= 2 and tile == path[-2]:
        return path[:-1]
    if tile not in path and tile in neighbours(rows, cols)[path[-1]]:
        return [*path, tile]
    return path


def word_of(board: Board, path: Sequence[int]) -> str:
    """Return the letters of the tiles along ``path``."""
    return "".join(board.letters[i] for i in path)


def measured_pace(review: Review) -> float | None:
    """Return this round's seconds a word (the last word's time over the words found), or None before a word."""
    if not review.played:
        return None
    return max(p.at for p in review.played) / len(review.played)


def plan_points(possible: Sequence[Solution], board: Board, seconds: float, pace: float | None,
                timing: dict[str, float]) -> tuple[int, float]:
    """Return the points the plan for ``seconds`` would score at ``pace`` (None: the settings' timing), and its pace.

    A pace is one figure; the plan's timing splits it into the settings' per-letter part
    and a per-word rest, so that the plan's mean word takes ``pace`` seconds.
    """
    from ruzzle_gui.plan import plan
    from ruzzle_gui.plan.model import MAX_TIMING, MIN_SWIPE, Timing

    if not possible:
        return 0, 0.0
    per_word, per_letter = timing["per_word"], timing["per_letter"]
    if pace is not None:
        letters = sum(len(s.path) for s in possible) / len(possible)
        per_word = min(max(pace - per_letter * letters, MIN_SWIPE), MAX_TIMING)
    made = plan(possible, board, max(seconds, 1.0), Timing(per_word, per_letter, timing["per_cell"]))
    steps = len(made.steps)
    return made.points, (made.used / steps if steps else 0.0)
