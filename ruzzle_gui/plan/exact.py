"""The exact plan for a few words: Held-Karp over subsets, the least time to play each ending with each word."""
from __future__ import annotations

import math

from ruzzle_gui.plan.model import SLACK
from ruzzle_gui.plan.words import Words


def exact(words: Words, seconds: float) -> list[int]:
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
