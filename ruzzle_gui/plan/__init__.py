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
from collections.abc import Iterable
from functools import reduce

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.coded import said
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan.bound import knapsack, steps_down
from ruzzle_gui.plan.exact import exact
from ruzzle_gui.plan.model import (
    DEFAULT_SECONDS,
    MAX_CELLS,
    MAX_SECONDS,
    SLACK,
    Chance,
    Plan,
    PlanError,
    Step,
    Timing,
    check_seconds,
    check_size,
)
from ruzzle_gui.plan.search import search
from ruzzle_gui.plan.words import Words, candidate_words, to_plan

__all__ = ["DEFAULT_SECONDS", "MAX_CELLS", "MAX_SECONDS", "Plan", "PlanError", "Step", "Timing", "check_seconds",
           "check_size", "plan", "score_first", "tile_heat", "upper_bound"]

EXACT_WORDS = 8  # up to this many candidates, plan exactly: Held-Karp takes 2^n * n^2 steps, 16k at 8
BOUND_CELLS = 20000  # most time steps the knapsack bound uses; coarser steps keep it an upper bound


def plan(solutions: Iterable[Solution], board: Board, seconds: float = DEFAULT_SECONDS,
         timing: Timing | None = None, played: Iterable[str | Solution] = (), at: Cell | None = None,
         chance: Chance | None = None) -> Plan:
    """Return the plan of most expected points found for ``seconds`` from now, leaving out the ``played`` words.

    ``at`` is the cell the finger is on (the end of the last word played), if known.
    ``chance(solution)`` is the word's chance, 0..1, of being accepted (None: every word is).
    """
    seconds, timing = check_seconds(seconds), timing or Timing()
    candidates, reason = candidate_words(solutions, board, played, at)
    if not candidates:
        return Plan((), seconds, timing, reason)
    words = Words(candidates, board, timing, at, chance)
    order = exact(words, seconds) if len(words) <= EXACT_WORDS else search(words, seconds)
    if not order:
        shortest = min(words.swipe[:-1])  # not the sentinel
        return Plan((), seconds, timing,
                    f"no word can be swiped in {seconds:g} s (the quickest takes {shortest:.2f} s)")
    return to_plan(words, order, seconds, timing)


def score_first(solutions: Iterable[Solution], board: Board, seconds: float = DEFAULT_SECONDS,
                timing: Timing | None = None, played: Iterable[str | Solution] = (),
                at: Cell | None = None, chance: Chance | None = None) -> Plan:
    """Return the naive plan: down the list best score first, every word that still fits in the time.

    ``chance`` only prices the plan (its expected points); it does not change the order.
    """
    seconds, timing = check_seconds(seconds), timing or Timing()
    candidates, reason = candidate_words(solutions, board, played, at)
    words = Words(candidates, board, timing, at, chance)
    order, used, before = [], 0.0, words.home
    for word in range(len(words)):  # best score first, as candidate_words sorts them
        cost = words.gap(before, word) + words.swipe[word]
        if used + cost <= seconds + SLACK:
            order.append(word)
            used, before = used + cost, word
    if not order:
        return Plan((), seconds, timing, reason or said("no word fits", "plan_none_fits"))
    return to_plan(words, order, seconds, timing)


def upper_bound(solutions: Iterable[Solution], board: Board, seconds: float = DEFAULT_SECONDS,
                timing: Timing | None = None, played: Iterable[str | Solution] = ()) -> int:
    """Return an upper bound on any plan's points: the 0/1 knapsack on points and swipe time, no travel.

    Times are counted in whole steps of 0.01 s (coarser when the time is long), each swipe rounded
    down: a set of words that fits in the real time still fits after rounding, so the bound holds,
    and it is the exact knapsack optimum whenever the timings are whole hundredths.
    """
    seconds, timing = check_seconds(seconds), timing or Timing()
    candidates, _ = candidate_words(solutions, board, played, None)
    step = max(0.01, seconds / BOUND_CELLS)
    weights = [steps_down(timing.swipe(len(s.path)), step) for s in candidates]
    capacity = steps_down(seconds, step)
    common = reduce(math.gcd, weights, capacity) or 1
    return knapsack([w // common for w in weights], [s.score for s in candidates], capacity // common)


def tile_heat(steps: Iterable[Step], rows: int, cols: int) -> list[int]:
    """Return, per cell index (row-major), the planned points of the words whose paths pass through it."""
    heat = [0] * (rows * cols)
    index = {divmod(i, cols): i for i in range(rows * cols)}
    for step in steps:
        for cell in step.solution.path:
            heat[index[cell]] += step.solution.score
    return heat
