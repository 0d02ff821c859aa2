"""Connected regions of a boolean mask, found row by row from runs of set pixels."""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["Region", "regions"]


class Region(NamedTuple):
    """One 4-connected region: its bounding box (right and bottom exclusive) and pixel count."""

    left: int
    top: int
    right: int
    bottom: int
    area: int

    @property
    def width(self) -> int:
        """Return the box width."""
        return self.right - self.left

    @property
    def height(self) -> int:
        """Return the box height."""
        return self.bottom - self.top

    @property
    def centre(self) -> tuple[float, float]:
        """Return the box centre (x, y)."""
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2

    @property
    def fill(self) -> float:
        """Return the share of the box that the region covers."""
        return self.area / max(1, self.width * self.height)


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the runs of set pixels, in reading order, as arrays of (row, start, end), end exclusive."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), bool)
    padded[:, 1:-1] = mask
    # Where a row changes between set and unset: a run's start, then its end. One flat nonzero and a
    # divmod: numpy's nonzero of a 2-D array took three times as long.
    rows, columns = np.divmod(np.flatnonzero(padded[:, 1:] != padded[:, :-1]), width + 1)
    return rows[::2], columns[::2], columns[1::2]


def _touching(rows: np.ndarray, starts: np.ndarray, ends: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the pairs of runs (above, below) in neighbouring rows that share a column: 4-connected runs."""
    # Keyed by row, then column, the runs of one row are found by binary search: those of the row
    # above a run that end after it starts, up to those that start before it ends.
    stride = width + 2
    first = np.searchsorted(rows * stride + ends, (rows - 1) * stride + starts, side="right")
    last = np.searchsorted(rows * stride + starts, (rows - 1) * stride + ends, side="left")
    counts = np.maximum(last - first, 0)
    below = np.repeat(np.arange(len(rows)), counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return np.repeat(first, counts) + offsets, below


def _components(count: int, above: np.ndarray, below: np.ndarray) -> np.ndarray:
    """Return, for each of ``count`` runs, the first run (in reading order) of the region it belongs to."""
    label = np.arange(count)
    while True:
        a, b = label[above], label[below]
        apart = a != b
        if not apart.any():
            return label
        # Each root joined to a smaller one is hooked under the smallest, then paths are halved to the roots.
        np.minimum.at(label, np.maximum(a, b)[apart], np.minimum(a, b)[apart])
        while True:
            hop = label[label]
            if np.array_equal(hop, label):
                break
            label = hop


def regions(mask: np.ndarray) -> list[Region]:
    """Return the 4-connected regions of set pixels in a 2-D boolean ``mask``, in the reading order of
    their first pixel.

    Runs of set pixels are joined where they touch from row to row, in numpy: the
    union-find over runs in Python that came before cost 10-20 ms on a working image.
    """
    rows, starts, ends = _runs(mask)
    if not len(rows):
        return []
    label = _components(len(rows), *_touching(rows, starts, ends, mask.shape[1]))
    firsts = np.flatnonzero(label == np.arange(len(label)))  # each region's first run labels it
    which, count = np.searchsorted(firsts, label), len(firsts)
    left, top = np.full(count, mask.shape[1]), np.full(count, mask.shape[0])
    right, bottom = np.zeros(count, np.intp), np.zeros(count, np.intp)
    np.minimum.at(left, which, starts)
    np.minimum.at(top, which, rows)
    np.maximum.at(right, which, ends)
    np.maximum.at(bottom, which, rows + 1)
    area = np.bincount(which, weights=ends - starts, minlength=count).astype(np.intp)
    return [Region(*box) for box in zip(left.tolist(), top.tolist(), right.tolist(), bottom.tolist(), area.tolist())]
