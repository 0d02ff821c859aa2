"""Greyscale captures: letters can be read, bonuses cannot.

Without colour, a bonus tile's round badge over its top-left corner and its
ring along the edges are as grey as the letters, and the TL and TW badges are
darker than the ink. They would be taken for the letter, or for part of it, so
they are cleared first. The bonus itself is not guessed: it is unknown.
"""
from __future__ import annotations

import numpy as np

from ruzzle_gui.vision.glyphs import ink_mask
from ruzzle_gui.vision.regions import Region, regions

__all__ = ["undecorated", "BADGE_CORNER", "EDGE"]

# The badge's part inside a tile lies within this top-left box (in tiles); no letter
# lies wholly in it: letters start below 0.3 of the tile and reach its middle.
BADGE_CORNER = (0.36, 0.38)
EDGE = 0.06  # in tiles: ink this close to a tile's edge is its ring; letters and values keep further in


def _decoration(region: Region, side: int) -> bool:
    """Return whether an ink region of a tile is its badge or its ring rather than a letter or a value."""
    in_corner = region.right <= BADGE_CORNER[0] * side and region.bottom <= BADGE_CORNER[1] * side
    edge = EDGE * side
    on_edge = min(region.left, region.top) <= edge or max(region.right, region.bottom) >= side - edge
    return in_corner or on_edge


def undecorated(cell: np.ndarray) -> np.ndarray:
    """Return a copy of an RGB tile whose badge and ring, grey like its ink, are painted as its face."""
    side = cell.shape[0]
    mask = ink_mask(cell)
    found = regions(mask)
    decorations = [r for r in found if _decoration(r, side)]
    if not decorations:
        return cell
    cleared = np.zeros_like(mask)
    for r in decorations:
        cleared[r.top:r.bottom, r.left:r.right] = True
    for r in found:  # a ring's box spans the tile: the letter's and the value's own boxes keep their ink
        if not _decoration(r, side):
            cleared[r.top:r.bottom, r.left:r.right] = False
    cleared &= mask
    face = np.median(cell[~mask].reshape(-1, 3), axis=0).astype(cell.dtype)
    painted = cell.copy()
    painted[cleared] = face
    return painted
