"""Cut the located board into tiles, each resampled to one size so later steps share one scale."""
from __future__ import annotations

import numpy as np
from PIL import Image

from ruzzle_gui.vision.locate import Grid

__all__ = ["CELL", "cut_cells"]

CELL = 128  # px side of every cut tile: the letter's cap height becomes about 55 px, which Tesseract reads well


def cut_cells(image: Image.Image, grid: Grid) -> list[np.ndarray]:
    """Return the board's tiles in row order, each a CELL x CELL RGB array."""
    return [np.asarray(image.resize((CELL, CELL), Image.Resampling.BILINEAR, box=grid.box(row, col),
                                    reducing_gap=2.0))
            for row in range(grid.size) for col in range(grid.size)]
