"""Find the board in a screenshot: a square grid of light, square, evenly spaced tiles.

Nothing here knows a screen size. The image is shrunk to a working size, the
light grey regions are found, the square ones kept, and the largest group of
similar squares whose centres form a regular n x n grid is the board.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from PIL import Image

from ruzzle_gui.vision.middle import median
from ruzzle_gui.vision.pixels import channel_max, channel_min
from ruzzle_gui.vision.regions import Region, regions

__all__ = ["Grid", "locate_board", "tile_mask", "square_regions", "find_grid", "WORK_SIDE"]

WORK_SIDE = 900      # longest side (px) the board is searched at: tiles of a phone board stay >= 25 px
LIGHT_MIN = 175      # darkest channel of a tile face; faces are near-white (225..250), the background blue
GREY_SPREAD = 45     # largest channel minus smallest on a tile face: grey, not coloured
MIN_TILE = 10        # working px: smaller squares are specks of text, not tiles
SQUARE = (0.8, 1.25)  # width / height of a tile face
MIN_FILL = 0.5       # a face keeps more than half its box even behind a big bold letter
INNER_RATIO = 0.7    # a bonus tile's face inside its thick border is still 70%+ of a plain face
ALIGN = 0.25         # centres of one row (or column) agree within a quarter tile
PITCH = (1.0, 1.6)   # distance between tile centres, in tiles: tiles never overlap, gaps are narrow
ERODED = 1           # working px taken off each side of a face by tile_mask
FULL_FACE = 0.93     # faces this close to the largest are plain tiles: their size is the tile size
MIN_SEEN = 0.5       # share of an n x n grid's tiles that must be found: lit tiles and overlays hide up to half
GAP_CELLS = 1        # missing cells a cluster of faces is joined across


class Grid(NamedTuple):
    """Where an n x n board lies in an image, in that image's pixels."""

    size: int
    left: float   # left edge of the top-left tile
    top: float    # top edge of the top-left tile
    pitch: float  # distance between neighbouring tiles' left edges
    tile: float   # tile side

    def box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """Return the (left, top, right, bottom) edges of the tile at ``(row, col)``."""
        left, top = self.left + col * self.pitch, self.top + row * self.pitch
        return left, top, left + self.tile, top + self.tile

    def scaled(self, factor: float) -> Grid:
        """Return this grid in an image ``factor`` times larger."""
        return Grid(self.size, self.left * factor, self.top * factor, self.pitch * factor, self.tile * factor)


def tile_mask(rgb: np.ndarray) -> np.ndarray:
    """Return the pixels of ``rgb`` that could be a tile face: light and grey, shrunk by one pixel."""
    low, high = channel_min(rgb), channel_max(rgb)
    return _erode((low >= LIGHT_MIN) & (high - low <= GREY_SPREAD))


def _erode(mask: np.ndarray) -> np.ndarray:
    """Return ``mask`` less every pixel with an unset 4-neighbour.

    This cuts thin light bridges between tiles, such as white badge text or a
    badge outline that overlaps the gap, which would join two faces into one region.
    """
    inner = np.zeros_like(mask)
    inner[1:-1, 1:-1] = (mask[1:-1, 1:-1] & mask[:-2, 1:-1] & mask[2:, 1:-1]
                         & mask[1:-1, :-2] & mask[1:-1, 2:])
    return inner


def square_regions(mask: np.ndarray) -> list[Region]:
    """Return the regions of ``mask`` shaped like a tile face: square, big enough, mostly filled."""
    return [r for r in regions(mask)
            if min(r.width, r.height) >= MIN_TILE and SQUARE[0] <= r.width / r.height <= SQUARE[1]
            and r.fill >= MIN_FILL]


def _side(region: Region) -> int:
    """Return the longer side of a region's box."""
    return max(region.width, region.height)


def _pitch(group: list[Region], side: float) -> float | None:
    """Return the median step between horizontally or vertically neighbouring faces, or None.

    Every pair at once (b's centre less a's, for every a and b), in numpy: the same differences and
    comparisons in doubles as a loop over the pairs in Python, which cost 10 ms a read.
    """
    if not group:
        return None
    centres = np.array([region.centre for region in group], dtype=float)
    apart = centres[None, :, :] - centres[:, None, :]
    dx, dy = apart[..., 0], apart[..., 1]
    low, high, align = PITCH[0] * side, PITCH[1] * side, ALIGN * side
    steps = np.concatenate([step[(low <= step) & (step <= high) & (np.abs(across) <= align)]
                            for step, across in ((dx, dy), (dy, dx))]).tolist()
    return median(steps) if steps else None


def _lattice(anchor: Region, group: list[Region], pitch: float, side: float) -> dict[tuple[int, int], Region]:
    """Return the faces of ``group`` that sit on the lattice through ``anchor``, by (row, col) from it."""
    cells = {}
    for region in group:
        u = (region.centre[0] - anchor.centre[0]) / pitch
        v = (region.centre[1] - anchor.centre[1]) / pitch
        if abs(u - round(u)) * pitch <= ALIGN * side and abs(v - round(v)) * pitch <= ALIGN * side:
            cells[round(v), round(u)] = region
    return cells


def _cluster(cells: dict[tuple[int, int], Region]) -> dict[tuple[int, int], Region]:
    """Return the cells connected to (0, 0) on the lattice, across gaps of up to GAP_CELLS missing cells.

    Tiles lit by a swipe in progress are orange, not light grey, so they are missing here;
    a line of them must not cut the board in two.
    """
    seen, todo = {(0, 0)}, [(0, 0)]
    steps = range(-GAP_CELLS - 1, GAP_CELLS + 2)
    while todo:
        i, j = todo.pop()
        for near in ((i + di, j + dj) for di in steps for dj in steps):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return {key: cells[key] for key in seen}


def _grid_from(cells: dict[tuple[int, int], Region]) -> Grid | None:
    """Return the grid of a square block of lattice cells seen often enough, or None."""
    rows = [i for i, _ in cells]
    cols = [j for _, j in cells]
    n = max(rows) - min(rows) + 1
    if n < 2 or max(cols) - min(cols) + 1 != n or len(cells) < MIN_SEEN * n * n:
        return None
    index = np.array([(i - min(rows), j - min(cols)) for i, j in cells], dtype=float)
    centres = np.array([region.centre for region in cells.values()])
    pitch_x, x0 = np.polyfit(index[:, 1], centres[:, 0], 1)
    pitch_y, y0 = np.polyfit(index[:, 0], centres[:, 1], 1)
    sides = [_side(r) + 2 * ERODED for r in cells.values()]
    tile = median(s for s in sides if s >= FULL_FACE * max(sides))
    return Grid(n, x0 - tile / 2, y0 - tile / 2, (pitch_x + pitch_y) / 2, tile)


def _grids(group: list[Region], side: float) -> list[Grid]:
    """Return every grid that the faces of one size in ``group`` form."""
    pitch = _pitch(group, side)
    if pitch is None:
        return []
    grids, placed = [], set[int]()
    for anchor in group:
        if id(anchor) in placed:
            continue
        cells = _cluster(_lattice(anchor, group, pitch, side))
        placed.update(id(region) for region in cells.values())
        grid = _grid_from(cells)
        if grid:
            grids.append(grid)
    return grids


def find_grid(squares: list[Region]) -> Grid | None:
    """Return the biggest regular n x n grid (most tiles, then largest) among ``squares``, or None."""
    found: list[Grid] = []
    tried: list[int] = []
    for reference in sorted(squares, key=_side, reverse=True):
        side = _side(reference)
        if any(abs(side - other) <= 0.05 * other for other in tried):
            continue
        tried.append(side)
        found += _grids([r for r in squares if INNER_RATIO * side <= _side(r) <= 1.1 * side], side)
    return max(found, key=lambda grid: (grid.size, grid.tile), default=None)


def locate_board(picture: np.ndarray | Image.Image) -> Grid | None:
    """Return where the board lies in an RGB image or array (in its own pixels), or None if no board is seen."""
    image = picture if isinstance(picture, Image.Image) else Image.fromarray(picture)
    factor = max(1, -(-max(image.size) // WORK_SIDE))
    small = np.asarray(image.reduce(factor) if factor > 1 else image)
    grid = find_grid(square_regions(tile_mask(small)))
    return grid.scaled(factor) if grid else None
