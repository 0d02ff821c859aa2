"""Cut the located board into tiles, each resampled to one size so later steps share one scale."""
from __future__ import annotations

import math

import numpy as np
from PIL import Image

from ruzzle_gui.vision.bonus import PAD
from ruzzle_gui.vision.halves import in_two
from ruzzle_gui.vision.locate import Grid

__all__ = ["CELL", "WIDE", "cut_cells", "cut_wide", "face_of", "resampled"]

CELL = 128  # px side of every cut tile: the letter's cap height becomes about 55 px
WIDE = round(CELL * (1 + 2 * PAD))  # px side of a tile cut with PAD of its side around it


def cut_wide(image: Image.Image, grid: Grid) -> list[np.ndarray]:
    """Return the board's tiles in row order with PAD of a tile around each, each a WIDE x WIDE RGB array.

    The margin holds what lies just outside a tile: the badge over its corner and the outside of its ring.
    """
    pad = PAD * grid.tile

    def cut(index: int) -> np.ndarray:
        left, top, right, bottom = grid.box(*divmod(index, grid.size))
        x0, y0 = math.floor(left - pad), math.floor(top - pad)
        # crop() fills what lies past the image's edge with black (a board crop has no margin), resize() cannot
        piece = image.crop((x0, y0, math.ceil(right + pad), math.ceil(bottom + pad)))
        box = (left - pad - x0, top - pad - y0, right + pad - x0, bottom + pad - y0)
        return np.asarray(piece.resize((WIDE, WIDE), Image.Resampling.BILINEAR, box=box, reducing_gap=2.0))

    return in_two(cut, range(grid.size * grid.size))


def face_of(wide: np.ndarray) -> np.ndarray:
    """Return the CELL x CELL tile inside a wide tile."""
    start = (wide.shape[0] - CELL) // 2
    return wide[start:start + CELL, start:start + CELL]


def cut_cells(image: Image.Image, grid: Grid) -> list[np.ndarray]:
    """Return the board's tiles in row order, each a CELL x CELL RGB array."""
    return [face_of(wide) for wide in cut_wide(image, grid)]


def resampled(image: Image.Image, size: int, box: tuple[float, float, float, float],
              reducing_gap: float | None = None) -> np.ndarray:
    """Return ``box`` of ``image`` resampled (bilinear) to ``size`` x ``size``, as an array.

    Cut from a crop around the box, within the image: Pillow resamples a tile's box of a whole phone
    screenshot several times slower than the same box of a crop of it (1.3 against 0.2 ms). The
    crop keeps the filter's reach around the box, so the pixels are the same but for the last bit of
    a weight (the box's corner is counted from another origin). For a box of most of the image
    (the whole board) the crop costs more than it saves.
    """
    left, top, right, bottom = box
    reach = math.ceil(max(right - left, bottom - top) / size) + 2  # px: the filter's support, and one more
    x0, y0 = max(0, math.floor(left) - reach), max(0, math.floor(top) - reach)
    x1, y1 = min(image.width, math.ceil(right) + reach), min(image.height, math.ceil(bottom) + reach)
    piece = image.crop((x0, y0, x1, y1))
    return np.asarray(piece.resize((size, size), Image.Resampling.BILINEAR,
                                   box=(left - x0, top - y0, right - x0, bottom - y0), reducing_gap=reducing_gap))
