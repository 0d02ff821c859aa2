"""The planning problem as plain lists: the candidate words, their points, swipe times and travel."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Real

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.coded import said
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan.model import Chance, Plan, PlanError, Step, Timing, check_size


class Words:
    """The candidate words as parallel lists, with a travel table over cell indexes.

    Words are numbered in the order given; the planner gives them best score first.

    Word number ``len(words)`` is a sentinel on a virtual cell that stands for the plan's
    start and end: travel from it is the move from the finger's cell (free when that is
    unknown), travel to it is free. Orders are lists of word numbers without the sentinel.
    """

    def __init__(self, solutions: Sequence[Solution], board: Board, timing: Timing, at: Cell | None,
                 chance: Chance | None = None) -> None:
        cols, cells = board.cols, board.rows * board.cols
        check_size(board.rows, board.cols)
        index = {divmod(i, cols): i for i in range(cells)}
        self.solutions = solutions
        self.chances = [1.0] * len(solutions) if chance is None else [word_chance(chance, s) for s in solutions]
        self.expected = chance is not None
        # What the search maximises: the expected points (the points when every word is sure).
        self.points = [s.score * p for s, p in zip(solutions, self.chances)] + [0]
        self.swipe = [timing.swipe(len(s.path)) for s in solutions] + [0.0]
        self.starts = [index[s.path[0]] for s in solutions] + [cells]
        self.ends = [index[s.path[-1]] for s in solutions] + [cells]
        where = [divmod(i, cols) for i in range(cells)]
        self.travel = [[timing.travel(a, b) for b in where] + [0.0] for a in where]
        self.travel.append([0.0] * (cells + 1) if at is None else self.travel[index[at]])
        self.home = len(solutions)

    def __len__(self) -> int:
        return self.home

    def gap(self, before: int, after: int) -> float:
        """Return the travel from the end of word ``before`` to the start of word ``after``."""
        return self.travel[self.ends[before]][self.starts[after]]

    def time(self, order: Sequence[int]) -> float:
        """Return the seconds to play ``order``: swipes plus travel."""
        travel, starts, ends, swipe = self.travel, self.starts, self.ends, self.swipe
        total, here = 0.0, ends[self.home]
        for word in order:
            total += travel[here][starts[word]] + swipe[word]
            here = ends[word]
        return total

    def points_of(self, order: Iterable[int]) -> float:
        """Return the total (expected) points of the words in ``order``."""
        return sum(self.points[w] for w in order)


def candidate_words(solutions: Iterable[Solution], board: Board, played: Iterable[str | Solution],
                at: Cell | None) -> tuple[list[Solution], str]:
    """Return the distinct unplayed words (best score each) and, if there are none, why."""
    cells = frozenset((r, c) for r in range(board.rows) for c in range(board.cols))
    if at is not None and not (isinstance(at, tuple) and at in cells):
        raise PlanError(f"the finger's cell {at!r} is not on the {board.rows}x{board.cols} board")
    gone = {item.word if isinstance(item, Solution) else item for item in played}
    best: dict[str, Solution] = {}
    count = 0
    for solution in solutions:
        count += 1
        _check_solution(solution, board, cells)
        kept = best.get(solution.word)
        if solution.word not in gone and (kept is None or solution.score > kept.score):
            best[solution.word] = solution
    if not count:
        return [], said("no words on this board", "plan_no_words")
    if not best:
        return [], said("every word on this board has been played", "plan_all_played")
    return sorted(best.values(), key=lambda s: (-s.score, s.word)), ""


def _check_solution(solution: object, board: Board, cells: frozenset[Cell]) -> None:
    """Raise PlanError unless ``solution`` is a Solution with a sane score and a path of ``cells``."""
    if not isinstance(solution, Solution):
        raise PlanError(f"a word to plan must be a Solution(word, score, path), not {solution!r}")
    word, score, path = solution
    if isinstance(score, bool) or not isinstance(score, int) or score < 0:
        raise PlanError(f"the score of '{word}' must be a whole number of points, 0 or more, not {score!r}")
    # Cells are looked up, never used as numbers, so (1.0, 2) standing for (1, 2) does no harm.
    if not path or not isinstance(path, tuple) or not cells.issuperset(path):
        raise PlanError(f"the path of '{word}' is not a path on the {board.rows}x{board.cols} board: {path!r}")


def to_plan(words: Words, order: Sequence[int], seconds: float, timing: Timing) -> Plan:
    """Return the Plan that plays ``order``, with each word's start, end and running points if all are accepted."""
    steps, clock, points, before = [], 0.0, 0, words.home
    for word in order:
        start = clock + words.gap(before, word)
        clock, before = start + words.swipe[word], word
        points += words.solutions[word].score
        steps.append(Step(words.solutions[word], start, clock, points))
    if not words.expected:
        return Plan(tuple(steps), seconds, timing)
    return Plan(tuple(steps), seconds, timing, expected=words.points_of(order),
                chances=tuple(words.chances[w] for w in order))


def word_chance(chance: Chance, solution: Solution) -> float:
    """Return ``chance(solution)`` as a float in [0, 1], or raise PlanError."""
    value = chance(solution)
    if isinstance(value, bool) or not isinstance(value, Real) or not 0.0 <= float(value) <= 1.0:
        raise PlanError(f"the chance of '{solution.word}' must be a number from 0 to 1, not {value!r}")
    return float(value)
