"""What ``Graph.paths(probe=...)`` asks of a probe: wrappers that watch the search without changing it.

The search calls each method outside its inner loop and then uses what it
returns in place of the original, so a probe sees every look-up, every step
and every queued path while the words found stay the same. The bench's
``lab.search_counts.SearchCounts`` counts with it; this module is only read by the
type checker (``graph`` imports it under ``TYPE_CHECKING``).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["SearchProbe"]


class SearchProbe(Protocol):
    """Wraps the pieces of one ``Graph.paths`` search; each wrapper must behave as what it wraps."""

    def look_ups(self, find: Callable[[bytes], int | None]) -> Callable[[bytes], int | None]:
        """Return a stand-in for the index's ``find``, called once per new string the search asks about."""

    def steps(self, steps: list[Any]) -> list[Any]:
        """Return a stand-in for the steps table: ``steps[cell]`` are the steps looked at from ``cell``."""

    def queue(self, queue: deque[tuple]) -> deque[tuple]:
        """Return a stand-in for one batch's queue of paths (``popleft`` and ``append`` are used)."""
