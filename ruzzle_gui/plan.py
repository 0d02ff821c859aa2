"""Plan a round: which words to swipe, and in what order, in the seconds left.

What it optimises: the total expected points of a sequence of distinct words that
can be swiped within ``seconds``: each word's points times its chance of being
accepted by the game (``chance``, 1 for every word unless given; see
``ruzzle_gui.acceptance`` for the table the app and the CLI use). A refused word
still costs its swipe time. A word takes ``per_word + per_letter * letters``
seconds to swipe, and moving the finger from the end cell of one word to the
start cell of the next takes ``per_cell`` seconds per cell of straight-line
distance (the first word's travel counts only when the finger's cell is given).

What it ignores: mistakes, the time to find a word on the board beyond the fixed
``per_word``, and the order's robustness (a slower player loses the last words
of the plan, whatever they are worth).

How it plans: with at most ``EXACT_WORDS`` candidate words, exactly (Held-Karp:
the least time to play each subset ending with each word). Otherwise greedily
(next, the word with the most points per second including the travel to it),
then by local search until a round gains nothing: move single words to where
they cost least travel, insert words that fit into the slack, and exchange a
planned word for an unplanned one worth more.

How far from the best: the local search has no worst-case guarantee, so every
plan can be checked against ``upper_bound``, the exact 0/1 knapsack on points
and swipe time that ignores travel. Any plan's words fit in the time without
travel too, so the knapsack optimum is at least the best plan. The README
gives the measured ratio on random boards.
"""
from __future__ import annotations

import math
from bisect import insort
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import accumulate
from numbers import Real
from typing import NamedTuple

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.graph import Solution

__all__ = ["DEFAULT_SECONDS", "MAX_CELLS", "MAX_SECONDS", "Plan", "PlanError", "Step", "Timing", "check_seconds",
           "check_size", "plan", "score_first", "tile_heat", "upper_bound"]

DEFAULT_SECONDS = 120  # one Ruzzle round
MAX_SECONDS = 3600  # an hour is far beyond any round; the cap also bounds the planner's work
MAX_TIMING = 10.0  # seconds: no human needs 10 s per word, letter or cell
MIN_SWIPE = 0.1  # seconds for a one-letter word: faster than 10 words a second is no human pace
EXACT_WORDS = 8  # up to this many candidates, plan exactly: Held-Karp takes 2^n * n^2 steps, 16k at 8
SLACK = 1e-9  # seconds of float error forgiven when a plan is checked against its time
BOUND_CELLS = 20000  # most time steps the knapsack bound uses; coarser steps keep it an upper bound
MAX_CELLS = 50 * 50  # the travel table grows with the cells squared: 390 MB at 50x50, 24 GB+ at 300x300
MAX_ROUNDS = 50  # local-search rounds; each must gain points or time, so this is rarely reached
ROUNDING = 1e-6  # points: a fractional bound must clear a total by this much to settle an item


Chance = Callable[[Solution], float]  # a word's chance of being accepted by the game, 0..1


class PlanError(ValueError):
    """A time, speed or word list given to the planner is not sane: the message says which."""


def _number(name: str, value: object, low: float, high: float) -> float:
    """Return ``value`` as a float if it is a finite real number in [low, high], else raise PlanError."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise PlanError(f"{name} must be a number of seconds, not {value!r}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise PlanError(f"{name} must be between {low:g} and {high:g} seconds, not {value!r}")
    return number


def check_size(rows: int, cols: int) -> None:
    """Raise PlanError if a rows x cols board is past the largest the planner takes (MAX_CELLS)."""
    if rows * cols > MAX_CELLS:
        raise PlanError(f"a {rows}x{cols} board is too large to plan: the largest has {MAX_CELLS:,} cells "
                        f"(50x50); solve it with 'ruzzle solve'")


def check_seconds(value: object) -> float:
    """Return the time for a plan as a float, or raise PlanError for zero, negative or absurd times."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise PlanError(f"the time must be a number of seconds, not {value!r}")
    number = float(value)
    if not math.isfinite(number) or number <= 0:
        raise PlanError(f"the time must be more than 0 seconds, not {value!r}")
    if number > MAX_SECONDS:
        raise PlanError(f"the time must be at most {MAX_SECONDS} seconds, not {value!r}")
    return number


@dataclass(frozen=True)
class Timing:
    """How fast the player swipes: seconds per word, per letter, and per cell of finger travel.

    The defaults are a typical player's, not an expert's (docs/pace.md): an average player finds
    35-40 words in a two-minute round, and 2.0 s per word (seeing the word, finding its first tile)
    plus 0.2 s per letter plans a median of 37-40 words on random boards. 0.05 s per cell is the
    finger's move between words, in the air and straight. Calibrate measures a player's own.
    """

    per_word: float = 2.0
    per_letter: float = 0.2
    per_cell: float = 0.05

    def __post_init__(self) -> None:
        for name in ("per_word", "per_letter", "per_cell"):
            label = name.replace("_", " ")
            object.__setattr__(self, name, _number(f"the time {label}", getattr(self, name), 0.0, MAX_TIMING))
        if self.per_word + self.per_letter < MIN_SWIPE:
            raise PlanError(f"a word must take at least {MIN_SWIPE:g} s to swipe; "
                            f"{self.per_word:g} s per word + {self.per_letter:g} s per letter is not a human pace")

    def swipe(self, letters: int) -> float:
        """Return the seconds to swipe a word of ``letters`` letters."""
        return self.per_word + self.per_letter * letters

    def travel(self, here: Cell, there: Cell) -> float:
        """Return the seconds to move the finger from cell ``here`` to cell ``there``."""
        return self.per_cell * math.hypot(here[0] - there[0], here[1] - there[1])


class Step(NamedTuple):
    """One word of a plan: when its swipe starts and ends, and the points scored by its end."""

    solution: Solution
    start: float
    end: float
    points: int


@dataclass(frozen=True)
class Plan:
    """Words to swipe in order within ``seconds``; ``reason`` says why a plan is empty."""

    steps: tuple[Step, ...]
    seconds: float
    timing: Timing = field(default_factory=Timing)
    reason: str = ""
    expected: float | None = None  # the expected points, when words have a chance of being refused
    chances: tuple[float, ...] = ()  # each step's chance of being accepted, when given

    @property
    def expected_points(self) -> float:
        """Return the points expected when some words may be refused (all of them if none may)."""
        return self.points if self.expected is None else self.expected

    @property
    def points(self) -> int:
        """Return the total points of the plan."""
        return self.steps[-1].points if self.steps else 0

    @property
    def used(self) -> float:
        """Return the seconds the plan takes, from now to the end of its last swipe."""
        return self.steps[-1].end if self.steps else 0.0

    @property
    def words(self) -> list[str]:
        """Return the planned words in order."""
        return [step.solution.word for step in self.steps]

    def to_dict(self) -> dict:
        """Return the plan as plain JSON-ready data ("points": if every word is accepted)."""
        chances = self.chances or (1.0,) * len(self.steps)
        return {"seconds": self.seconds, "used": round(self.used, 3), "points": self.points,
                "expected_points": round(self.expected_points, 1),
                "timing": {"per_word": self.timing.per_word, "per_letter": self.timing.per_letter,
                           "per_cell": self.timing.per_cell},
                "reason": self.reason,
                "steps": [{"word": s.solution.word, "score": s.solution.score,
                           "path": [list(cell) for cell in s.solution.path],
                           "start": round(s.start, 3), "end": round(s.end, 3), "points": s.points,
                           "chance": round(chance, 3)}
                          for s, chance in zip(self.steps, chances)]}


# ---------------------------------------------------------------- the problem, as plain lists

class _Words:
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
        self.chances = [1.0] * len(solutions) if chance is None else [_chance(chance, s) for s in solutions]
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


# ---------------------------------------------------------------- public API

def plan(solutions: Iterable[Solution], board: Board, seconds: float = DEFAULT_SECONDS,
         timing: Timing | None = None, played: Iterable[str | Solution] = (), at: Cell | None = None,
         chance: Chance | None = None) -> Plan:
    """Return the plan of most expected points found for ``seconds`` from now, leaving out the ``played`` words.

    ``at`` is the cell the finger is on (the end of the last word played), if known.
    ``chance(solution)`` is the word's chance, 0..1, of being accepted (None: every word is).
    """
    seconds, timing = check_seconds(seconds), timing or Timing()
    candidates, reason = _candidates(solutions, board, played, at)
    if not candidates:
        return Plan((), seconds, timing, reason)
    words = _Words(candidates, board, timing, at, chance)
    order = _exact(words, seconds) if len(words) <= EXACT_WORDS else _search(words, seconds)
    if not order:
        shortest = min(words.swipe[:-1])  # not the sentinel
        return Plan((), seconds, timing, f"no word can be swiped in {seconds:g} s (the quickest takes {shortest:.2f} s)")
    return _steps(words, order, seconds, timing)


def score_first(solutions: Iterable[Solution], board: Board, seconds: float = DEFAULT_SECONDS,
                timing: Timing | None = None, played: Iterable[str | Solution] = (),
                at: Cell | None = None, chance: Chance | None = None) -> Plan:
    """Return the naive plan: down the list best score first, every word that still fits in the time.

    ``chance`` only prices the plan (its expected points); it does not change the order.
    """
    seconds, timing = check_seconds(seconds), timing or Timing()
    candidates, reason = _candidates(solutions, board, played, at)
    words = _Words(candidates, board, timing, at, chance)
    order, used, before = [], 0.0, words.home
    for word in range(len(words)):  # best score first, as _candidates sorts them
        cost = words.gap(before, word) + words.swipe[word]
        if used + cost <= seconds + SLACK:
            order.append(word)
            used, before = used + cost, word
    return _steps(words, order, seconds, timing) if order else Plan((), seconds, timing, reason or "no word fits")


def upper_bound(solutions: Iterable[Solution], board: Board, seconds: float = DEFAULT_SECONDS,
                timing: Timing | None = None, played: Iterable[str | Solution] = ()) -> int:
    """Return an upper bound on any plan's points: the 0/1 knapsack on points and swipe time, no travel.

    Times are counted in whole steps of 0.01 s (coarser when the time is long), each swipe rounded
    down: a set of words that fits in the real time still fits after rounding, so the bound holds,
    and it is the exact knapsack optimum whenever the timings are whole hundredths.
    """
    seconds, timing = check_seconds(seconds), timing or Timing()
    candidates, _ = _candidates(solutions, board, played, None)
    step = max(0.01, seconds / BOUND_CELLS)
    weights = [_steps_down(timing.swipe(len(s.path)), step) for s in candidates]
    capacity = _steps_down(seconds, step)
    common = reduce(math.gcd, weights, capacity) or 1
    return _knapsack([w // common for w in weights], [s.score for s in candidates], capacity // common)


def tile_heat(steps: Iterable[Step], rows: int, cols: int) -> list[int]:
    """Return, per cell index (row-major), the planned points of the words whose paths pass through it."""
    heat = [0] * (rows * cols)
    index = {divmod(i, cols): i for i in range(rows * cols)}
    for step in steps:
        for cell in step.solution.path:
            heat[index[cell]] += step.solution.score
    return heat


# ---------------------------------------------------------------- input

def _candidates(solutions: Iterable[Solution], board: Board, played: Iterable[str | Solution],
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
        return [], "no words on this board"
    if not best:
        return [], "every word on this board has been played"
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


def _steps(words: _Words, order: Sequence[int], seconds: float, timing: Timing) -> Plan:
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


def _chance(chance: Chance, solution: Solution) -> float:
    """Return ``chance(solution)`` as a float in [0, 1], or raise PlanError."""
    value = chance(solution)
    if isinstance(value, bool) or not isinstance(value, Real) or not 0.0 <= float(value) <= 1.0:
        raise PlanError(f"the chance of '{solution.word}' must be a number from 0 to 1, not {value!r}")
    return float(value)


# ---------------------------------------------------------------- exact: Held-Karp over subsets

def _exact(words: _Words, seconds: float) -> list[int]:
    """Return the order of most points in ``seconds`` (least time on ties), trying every subset."""
    n = len(words)
    # least[mask][last]: least time to play the words in mask, ending with last.
    least = [[math.inf] * n for _ in range(1 << n)]
    parent = [[-1] * n for _ in range(1 << n)]
    for w in range(n):
        least[1 << w][w] = words.gap(words.home, w) + words.swipe[w]
    for mask in range(1, 1 << n):
        for last in range(n):
            time = least[mask][last]
            if time > seconds + SLACK:
                continue
            for nxt in range(n):
                if mask >> nxt & 1:
                    continue
                later = time + words.gap(last, nxt) + words.swipe[nxt]
                if later < least[mask | 1 << nxt][nxt]:
                    least[mask | 1 << nxt][nxt], parent[mask | 1 << nxt][nxt] = later, last
    best, best_key = None, (0, 0.0)
    for mask in range(1, 1 << n):
        last = min(range(n), key=least[mask].__getitem__)
        if least[mask][last] <= seconds + SLACK:
            key = (sum(words.points[w] for w in range(n) if mask >> w & 1), -least[mask][last])
            if best is None or key > best_key:
                best, best_key = (mask, last), key
    return _unwind(parent, *best) if best else []


def _unwind(parent: list[list[int]], mask: int, last: int) -> list[int]:
    """Return the order Held-Karp recorded for ``mask`` ending with ``last``."""
    order = []
    while last != -1:
        order.append(last)
        mask, last = mask & ~(1 << last), parent[mask][last]
    return order[::-1]


# ---------------------------------------------------------------- heuristic: greedy, then local search

def _search(words: _Words, seconds: float) -> list[int]:
    """Return a good order: points-per-second greedy, then local search until nothing improves."""
    order = _greedy(words, seconds)
    for _ in range(MAX_ROUNDS):
        before = (words.points_of(order), -words.time(order))
        _relocate(words, order)
        _fill(words, order, seconds)
        _exchange(words, order, seconds)
        if (words.points_of(order), -words.time(order)) <= before:
            break
    return order


def _greedy(words: _Words, seconds: float) -> list[int]:
    """Return an order built by taking, each time, the fitting word with most points per second to reach."""
    points, swipe, starts, travel = words.points, words.swipe, words.starts, words.travel
    # From a given cell the ranking by points per second never changes, so rank once per cell.
    ranked: dict[int, list[int]] = {}
    order, used, left, here = [], [False] * len(words), seconds + SLACK, words.ends[words.home]
    while True:
        if here not in ranked:
            near = travel[here]
            ranked[here] = sorted(range(len(words)), key=lambda w: -points[w] / (near[starts[w]] + swipe[w]))
        near = travel[here]
        chosen = next((w for w in ranked[here] if not used[w] and near[starts[w]] + swipe[w] <= left), None)
        if chosen is None:
            return order
        left -= near[starts[chosen]] + swipe[chosen]
        used[chosen], here = True, words.ends[chosen]
        order.append(chosen)


def _relocate(words: _Words, order: list[int]) -> None:
    """Cut travel in place: move each word in turn to the place between two others where it costs least."""
    # Measured on 160 random boards: repeating this pass until nothing moves gained no points
    # and took 23% longer; 2-opt (reversing runs of words) found nothing on top and doubled the time.
    travel, starts, ends, home = words.travel, words.starts, words.ends, words.home
    for i in range(len(order)):
        word = order[i]
        chain = [home] + order[:i] + order[i + 1:] + [home]
        prev, nxt = chain[i], chain[i + 1]  # the neighbours the word leaves
        s, e = starts[word], ends[word]
        saved = travel[ends[prev]][s] + travel[e][starts[nxt]] - travel[ends[prev]][starts[nxt]]
        best, where = saved - SLACK, None
        for j in range(len(chain) - 1):
            a, b = ends[chain[j]], starts[chain[j + 1]]
            cost = travel[a][s] + travel[e][b] - travel[a][b]
            if cost < best:
                best, where = cost, j
        if where is not None:
            order[:] = chain[1:where + 1] + [word] + chain[where + 1:-1]


def _insertion(words: _Words, order: Sequence[int], word: int) -> tuple[float, int]:
    """Return the least extra time to insert ``word`` into ``order``, and where."""
    travel, starts, ends, home = words.travel, words.starts, words.ends, words.home
    s, e = starts[word], ends[word]
    best, where, before = math.inf, 0, ends[home]
    for j, nxt in enumerate([*order, home]):
        after = starts[nxt]
        extra = travel[before][s] + travel[e][after] - travel[before][after]
        if extra < best:
            best, where = extra, j
        before = ends[nxt]
    return best + words.swipe[word], where


def _fill(words: _Words, order: list[int], seconds: float) -> None:
    """Insert unplanned words, most points first, wherever each costs least, while they fit."""
    planned = set(order)
    used = words.time(order)
    for word in range(len(words)):  # best score first, as _candidates sorts them
        if word in planned or used + words.swipe[word] > seconds + SLACK:
            continue
        extra, where = _insertion(words, order, word)
        if used + extra <= seconds + SLACK:
            order.insert(where, word)
            planned.add(word)
            used += extra


def _exchange(words: _Words, order: list[int], seconds: float) -> None:
    """Swap planned words for unplanned ones worth more, when the time allows; fill the slack after."""
    points, travel, starts, ends, home = words.points, words.travel, words.starts, words.ends, words.home
    # Inserting a word can save at most the longest move it replaces: a cheap test before the exact one.
    longest = max(map(max, travel))
    used = words.time(order)
    cheapest = sorted(order, key=points.__getitem__)
    planned = set(order)
    for word in range(len(words)):  # best score first, as _candidates sorts them
        if not cheapest or points[word] <= points[cheapest[0]]:
            break  # every planned word is worth at least as much as every word left
        if word in planned:
            continue
        for out in cheapest:
            if points[out] >= points[word]:
                break
            i = order.index(out)
            prev, nxt = (order[i - 1] if i else home), (order[i + 1] if i + 1 < len(order) else home)
            freed = (travel[ends[prev]][starts[out]] + words.swipe[out] + travel[ends[out]][starts[nxt]]
                     - travel[ends[prev]][starts[nxt]])
            if used - freed + words.swipe[word] - longest > seconds + SLACK:
                continue
            trial = order[:i] + order[i + 1:]
            extra, where = _insertion(words, trial, word)
            if used - freed + extra <= seconds + SLACK:
                trial.insert(where, word)
                order[:], used = trial, used - freed + extra
                planned.discard(out)
                planned.add(word)
                cheapest.remove(out)
                insort(cheapest, word, key=points.__getitem__)
                break
    _fill(words, order, seconds)


# ---------------------------------------------------------------- the bound

def _steps_down(seconds: float, step: float) -> int:
    """Return ``seconds`` in whole ``step``s, rounded down (a hair of float error is forgiven)."""
    exact = seconds / step
    near = round(exact)
    return near if abs(exact - near) < 1e-6 else math.floor(exact)


def _knapsack(weights: Sequence[int], points: Sequence[int], capacity: int) -> int:
    """Return the most points of items whose weights sum to at most ``capacity`` (the 0/1 knapsack optimum).

    Items that the fractional (LP) bound proves to be in, or out of, every optimal choice are
    settled first; the dynamic programme then runs on the few items left near the break.
    """
    items = sorted(((p, w) for p, w in zip(points, weights) if w <= capacity),
                   key=lambda item: -item[0] / item[1] if item[1] else -math.inf)
    if sum(w for _, w in items) <= capacity:
        return sum(p for p, _ in items)
    lower = _greedy_fill(items, capacity)
    bound = _FractionalBound(items)
    settled, left, open_items = 0, capacity, []
    for j, (p, w) in enumerate(items):
        if bound.value(capacity, skip=j) + ROUNDING < lower:
            settled, left = settled + p, left - w  # without it, no choice reaches a known total
        elif p + bound.value(capacity - w, skip=j) + ROUNDING < lower:
            continue  # with it, no choice reaches a known total
        else:
            open_items.append((p, w))
    return settled + _dynamic(open_items, left)


def _greedy_fill(items: Sequence[tuple[int, int]], capacity: int) -> int:
    """Return the points of taking ``items`` in order, each one that still fits: a feasible total."""
    total = 0
    for p, w in items:
        if w <= capacity:
            total, capacity = total + p, capacity - w
    return total


class _FractionalBound:
    """The fractional knapsack bound over items sorted by points per unit of weight, best first."""

    def __init__(self, items: Sequence[tuple[int, int]]) -> None:
        self.items = items
        self.weight = list(accumulate((w for _, w in items), initial=0))
        self.points = list(accumulate((p for p, _ in items), initial=0))

    def value(self, capacity: int, skip: int) -> float:
        """Return the most points of the items but ``skip`` when they may be taken in part."""
        if capacity < 0:
            return -math.inf
        skipped_w, skipped_p = self.items[skip][1], self.items[skip][0]

        def weight(k: int) -> int:
            return self.weight[k] - (skipped_w if k > skip else 0)

        low, high = 0, len(self.items)  # the most whole items, in order, that fit
        while low < high:
            mid = (low + high + 1) // 2
            low, high = (mid, high) if weight(mid) <= capacity else (low, mid - 1)
        total = self.points[low] - (skipped_p if low > skip else 0)
        if low < len(self.items):
            p, w = self.items[low]
            total += p * (capacity - weight(low)) / w
        return total


def _dynamic(items: Sequence[tuple[int, int]], capacity: int) -> int:
    """Return the 0/1 knapsack optimum of (points, weight) ``items`` by dynamic programming over weight."""
    best = [0] * (capacity + 1)  # best[c]: most points within weight c
    for gain, weight in items:
        if weight == 0:
            best = [value + gain for value in best]
        elif weight <= capacity:
            # The slice on the right is copied before the assignment, so each item is used at most once.
            best[weight:] = map(max, best[weight:], [value + gain for value in best[:capacity + 1 - weight]])
    return best[capacity]
