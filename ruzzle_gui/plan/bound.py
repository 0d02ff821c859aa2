"""The upper bound any plan is checked against: the 0/1 knapsack on points and swipe time, no travel."""
from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate

ROUNDING = 1e-6  # points: a fractional bound must clear a total by this much to settle an item


def steps_down(seconds: float, step: float) -> int:
    """Return ``seconds`` in whole ``step``s, rounded down (a hair of float error is forgiven)."""
    exact = seconds / step
    near = round(exact)
    return near if abs(exact - near) < 1e-6 else math.floor(exact)


def knapsack(weights: Sequence[int], points: Sequence[int], capacity: int) -> int:
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
    return settled + dynamic(open_items, left)


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
        total = float(self.points[low] - (skipped_p if low > skip else 0))
        if low < len(self.items):
            p, w = self.items[low]
            total += p * (capacity - weight(low)) / w
        return total


def dynamic(items: Sequence[tuple[int, int]], capacity: int) -> int:
    """Return the 0/1 knapsack optimum of (points, weight) ``items`` by dynamic programming over weight."""
    best = [0] * (capacity + 1)  # best[c]: most points within weight c
    for gain, weight in items:
        if weight == 0:
            best = [value + gain for value in best]
        elif weight <= capacity:
            # The slice on the right is copied before the assignment, so each item is used at most once.
            best[weight:] = map(max, best[weight:], [value + gain for value in best[:capacity + 1 - weight]])
    return best[capacity]
