"""Which way up a board is: each tile's small value sits in its top-right corner.

A board turned a quarter (a landscape shot, a phone photo held sideways) is
still a square grid, so it is found; its letters would then be read on their
sides, and look like another alphabet's. The corner the values sit in says how
far it is turned, before any letter is compared.
"""
from __future__ import annotations

import numpy as np
from PIL import Image

from ruzzle_gui.vision.cells import resampled
from ruzzle_gui.vision.glyphs import ink_mask
from ruzzle_gui.vision.locate import Grid
from ruzzle_gui.vision.regions import regions

__all__ = ["quarter_turns", "turn_upright", "VOTE_CELL"]

VOTE_CELL = 64       # px side tiles are cut at to find their value: the digit is still ~9 px tall
VALUE_NEAR = 0.5     # the value lies right of the tile's middle ...
VALUE_EDGE = 0.36    # ... and ends within this much of its top (glyphs' VALUE_LEFT and VALUE_BOTTOM)
MIN_MARK = 0.0015    # share of a tile under which an ink region is a speck, not a digit
MIN_VOTES = 0.4      # share of the tiles whose value must be seen in one corner for a turn to be made
# Where the value lies when the board is turned by 0, 1, 2 or 3 quarters clockwise, as
# (left, top, right, bottom) bounds, in tiles, that the value lies wholly within.
VALUE_BOXES = ((VALUE_NEAR, 0, 1, VALUE_EDGE), (1 - VALUE_EDGE, VALUE_NEAR, 1, 1),
               (0, 1 - VALUE_EDGE, VALUE_NEAR, 1), (0, 0, VALUE_EDGE, VALUE_NEAR))
# What turns a board turned by k quarters clockwise upright again (k = 0 needs nothing).
UNTURN = {1: Image.Transpose.ROTATE_90, 2: Image.Transpose.ROTATE_180, 3: Image.Transpose.ROTATE_270}


def _corners(cell: np.ndarray) -> set[int]:
    """Return which of VALUE_BOXES hold a mark of ink other than the tile's biggest (its letter)."""
    side = cell.shape[0]
    marks = sorted((r for r in regions(ink_mask(cell)) if r.area >= MIN_MARK * side * side),
                   key=lambda r: (r.area, r.top, r.left), reverse=True)
    found = set()
    for mark in marks[1:]:
        for turns, (left, top, right, bottom) in enumerate(VALUE_BOXES):
            if (mark.left >= left * side and mark.top >= top * side
                    and mark.right <= right * side and mark.bottom <= bottom * side):
                found.add(turns)
    return found


def quarter_turns(image: Image.Image, grid: Grid) -> int:
    """Return how many quarters clockwise the board in ``image`` is turned (0 if upright or if it cannot tell)."""
    votes = [0, 0, 0, 0]
    tiles = grid.size ** 2
    for index in range(tiles):
        cell = resampled(image, VOTE_CELL, grid.box(*divmod(index, grid.size)), reducing_gap=2.0)
        for turns in _corners(cell):
            votes[turns] += 1
        first, second = sorted(votes, reverse=True)[:2]
        if first >= MIN_VOTES * tiles and first - second > tiles - index - 1:
            break  # the tiles left could not change the answer
    best = max(range(4), key=lambda turns: (votes[turns], -turns))  # a tie keeps the board as it is
    return best if votes[best] >= MIN_VOTES * grid.size ** 2 and votes[best] > votes[0] else 0


def turn_upright(image: Image.Image, grid: Grid, turns: int) -> tuple[Image.Image, Grid]:
    """Return ``image`` and its board's ``grid`` turned back by ``turns`` quarters clockwise."""
    if turns == 0:
        return image, grid
    width, height = image.size
    span = (grid.size - 1) * grid.pitch + grid.tile
    left, top, right, bottom = grid.left, grid.top, grid.left + span, grid.top + span
    # Where the board's box goes when the image is turned back (counter-clockwise by ``turns`` quarters).
    corner = {1: (top, width - right), 2: (width - right, height - bottom), 3: (height - bottom, left)}[turns]
    return image.transpose(UNTURN[turns]), Grid(grid.size, corner[0], corner[1], grid.pitch, grid.tile)
