"""A median without ``statistics``, whose import (fractions, decimal, random) a read would pay for one median.

Returns exactly what ``statistics.median`` returns.
"""
from __future__ import annotations

from collections.abc import Iterable

__all__ = ["median"]


def median(values: Iterable[float]) -> float:
    """Return the median of ``values`` (at least one) as ``statistics.median`` does: the mean of the middle two."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
