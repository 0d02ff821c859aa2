"""Middle values without the imports the standard ones would cost a read.

``median`` returns exactly what ``statistics.median`` returns, without importing
``statistics`` (fractions, decimal, random) for one median. ``percentile``
returns exactly what ``np.percentile`` returns, without the ``numpy.ma``
(about 10 ms) that its ``np.unique`` imports.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

__all__ = ["median", "percentile"]


def median(values: Iterable[float]) -> float:
    """Return the median of ``values`` (at least one) as ``statistics.median`` does: the mean of the middle two."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def percentile(values: np.ndarray, q: float | tuple[float, ...]) -> Any:  # a scalar for one q, else an array
    """Return ``np.percentile(values, q)`` to the bit (linear, over all the values; ``q`` one or a few numbers).

    The same steps as numpy 2's: the two order statistics round each virtual index, found by one
    ``partition``, and the same interpolation, so the same dtype and the same last bit.
    """
    if int(np.__version__.split(".")[0]) < 2 or not np.size(values) or np.isnan(np.min(values)):
        return np.percentile(values, q)  # an older numpy's steps, no values and NaNs: numpy's own business
    weak = type(q) in (int, float)  # a plain number keeps a float32 sample's result float32, as in numpy
    ordered = np.asarray(values).flatten()
    count = ordered.shape[0]
    virtual = np.asarray((count - 1) * np.asarray(np.true_divide(q, 100)))
    below = np.asarray(np.floor(virtual))
    above = np.asarray(below + 1)
    last = virtual >= count - 1
    below[last], above[last] = -1, -1
    below, above = below.astype(np.intp), above.astype(np.intp)
    ordered.partition(sorted({0, -1 % count, *(i % count for i in below.ravel().tolist() + above.ravel().tolist())}))
    low, high = ordered[below], ordered[above]
    gamma = np.asarray(virtual - below, dtype=virtual.dtype)
    weight: float | np.ndarray = float(gamma) if weak else gamma
    return _lerp(low, high, weight)


def _lerp(low: np.ndarray, high: np.ndarray, weight: float | np.ndarray) -> Any:
    """Return ``low`` moved ``weight`` of the way to ``high`` as numpy's quantiles do (from ``high`` past halfway)."""
    step = high - low
    result = np.asarray(np.add(low, step * weight))
    np.subtract(high, step * (1 - weight), out=result, where=np.asarray(weight) >= 0.5, casting="unsafe",
                dtype=type(result.dtype))
    return result[()] if result.ndim == 0 else result
