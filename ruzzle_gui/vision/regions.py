"""Connected regions of a boolean mask, found row by row from runs of set pixels."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Region", "regions"]


@dataclass(frozen=True)
class Region:
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


def _runs(mask: np.ndarray) -> list[list[tuple[int, int]]]:
    """Return, for each row, its runs of set pixels as (start, end) with end exclusive."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    starts, ends = np.nonzero(edges == 1), np.nonzero(edges == -1)
    rows: list[list[tuple[int, int]]] = [[] for _ in range(height)]
    for row, start, end in zip(starts[0].tolist(), starts[1].tolist(), ends[1].tolist()):
        rows[row].append((start, end))
    return rows


def _find(parent: list[int], item: int) -> int:
    """Return the root of ``item`` in the union-find forest, halving paths on the way."""
    while parent[item] != item:
        parent[item] = parent[parent[item]]
        item = parent[item]
    return item


def regions(mask: np.ndarray) -> list[Region]:
    """Return the 4-connected regions of set pixels in a 2-D boolean ``mask``."""
    rows = _runs(mask)
    parent: list[int] = []
    spans: list[tuple[int, int, int]] = []  # (row, start, end) per run id
    previous: list[tuple[int, int, int]] = []  # (start, end, id) of the row above
    for y, row in enumerate(rows):
        current = []
        j = 0
        for start, end in row:
            run = len(parent)
            parent.append(run)
            spans.append((y, start, end))
            while j < len(previous) and previous[j][1] <= start:
                j += 1
            k = j
            while k < len(previous) and previous[k][0] < end:
                a, b = _find(parent, previous[k][2]), _find(parent, run)
                if a != b:
                    parent[b] = a
                k += 1
            current.append((start, end, run))
        previous = current
    boxes: dict[int, list[int]] = {}
    for run, (y, start, end) in enumerate(spans):
        box = boxes.setdefault(_find(parent, run), [start, y, end, y + 1, 0])
        box[0], box[1] = min(box[0], start), min(box[1], y)
        box[2], box[3] = max(box[2], end), max(box[3], y + 1)
        box[4] += end - start
    return [Region(*box) for box in boxes.values()]
