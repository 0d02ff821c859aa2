"""Split a tile into its two dark-grey marks: the big letter and the small value in the top-right corner."""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ruzzle_gui.vision.pixels import channel_spread
from ruzzle_gui.vision.regions import Region, regions

__all__ = ["Glyphs", "ink_mask", "split_glyphs"]

INK_MAX = 140        # luminance (0-255) of ink: the game's dark grey is ~65, tile faces ~240; a coloured
                     # border blended into the face is either lighter than this or more coloured than INK_SPREAD
INK_SPREAD = 50      # largest channel minus smallest: grey ink, not a coloured border or badge
FAINT_MAX = 190      # luminance of a value digit's faint strokes: a shot shrunk to 30-45 px tiles blurs the
                     # digit's thin strokes lighter than INK_MAX (a 4 kept only its stem and read as 1)
MARGIN = 0.035       # tile edge band ignored, in tiles: rounded-corner shading; the value starts just inside it
VALUE_LEFT = 0.5     # the value sits right of the tile's middle ...
VALUE_BOTTOM = 0.36  # ... and ends above the letter's cap line
MIN_MARK = 0.0015    # share of the tile below which an ink region is a speck of noise, not part of a glyph
FACE_LUMINANCE = 235  # typical tile face, for darkness()
INK_LUMINANCE = 70    # typical letter ink, for darkness()
MAX_SPAN = 0.8       # in tiles: no glyph is this wide or tall; such a mark is a border's edge
MIN_THICK = 0.03     # in tiles: a mark thinner than this both ways is a JPEG fringe along a border, not ink
VALUE_FLAT = 3.0     # a mark in the value's corner this many times wider than tall is the edge of the tile's
                     # border or of the shadow above it (a box a few px high), never a digit
REACH = 0.08         # in tiles: how far a glyph's parts lie from its biggest part (Й's breve, Ы's bar, "10")


class Glyphs(NamedTuple):
    """The ink of a tile's letter and of its value, each a 0..1 darkness array cropped to its marks (or None)."""

    letter: np.ndarray | None
    value: np.ndarray | None


def _luminance(cell: np.ndarray) -> np.ndarray:
    """Return the luminance (0-255) of each pixel of an RGB array."""
    rgb = cell.astype(np.int32)
    return (rgb[..., 0] * 299 + rgb[..., 1] * 587 + rgb[..., 2] * 114) // 1000


def darkness(cell: np.ndarray) -> np.ndarray:
    """Return how inked each pixel looks, 0 (tile face) to 1 (the game's dark grey), keeping anti-aliasing."""
    return np.clip((FACE_LUMINANCE - _luminance(cell)) / (FACE_LUMINANCE - INK_LUMINANCE), 0, 1).astype(np.float32)


def _grey_ink(pixels: np.ndarray, darkest: int) -> np.ndarray:
    """Return which RGB pixels are grey and no lighter than ``darkest``."""
    return (_luminance(pixels) <= darkest) & (channel_spread(pixels) <= INK_SPREAD)


def ink_mask(cell: np.ndarray) -> np.ndarray:
    """Return the dark grey pixels of an RGB tile inside its border band."""
    mask = _grey_ink(cell, INK_MAX)
    edge = round(MARGIN * cell.shape[0])
    mask[:edge], mask[-edge:], mask[:, :edge], mask[:, -edge:] = False, False, False, False
    return mask


def _is_value(region: Region, side: int) -> bool:
    """Return whether an ink region lies wholly in the value's corner."""
    return region.left >= VALUE_LEFT * side and region.bottom <= VALUE_BOTTOM * side


def _crop(ink: np.ndarray, marks: list[Region]) -> np.ndarray | None:
    """Return ``ink`` cut to the union box of ``marks``, blank outside their boxes (None if no marks)."""
    if not marks:
        return None
    keep = np.zeros(ink.shape, bool)
    for r in marks:
        keep[r.top:r.bottom, r.left:r.right] = True
    left, top = min(r.left for r in marks), min(r.top for r in marks)
    right, bottom = max(r.right for r in marks), max(r.bottom for r in marks)
    return np.where(keep, ink, 0)[top:bottom, left:right]


def _glyph(marks: list[Region], reach: float) -> list[Region]:
    """Return the biggest mark with every other mark within ``reach`` px of its box; drops stray specks."""
    if not marks:
        return []
    body = max(marks, key=lambda r: r.area)
    return [r for r in marks if r.left < body.right + reach and r.right > body.left - reach
            and r.top < body.bottom + reach and r.bottom > body.top - reach]


def _value_marks(marks: list[Region], side: int) -> list[Region]:
    """Return the marks that lie in the value's corner and are no border's edge."""
    return [r for r in marks if _is_value(r, side) and r.width <= VALUE_FLAT * r.height]


def _faint_marks(cell: np.ndarray, mask: np.ndarray) -> list[Region]:
    """Return the marks of the value's corner with their faint strokes: each faint region that holds ink of ``mask``.

    Hysteresis, as an edge detector keeps a weak edge joined to a strong one: a faint stroke counts
    only where it joins a mark dark enough to be ink, so the face's shading never becomes a digit.
    Only the corner is searched (a quarter of the tile's cost); a region touching its cut edges runs
    on beyond it, so is no value, and is dropped rather than kept as a fragment.
    """
    side = cell.shape[0]
    bottom, left = math.ceil(VALUE_BOTTOM * side) + 1, math.floor(VALUE_LEFT * side) - 1
    corner = _grey_ink(cell[:bottom, left:], FAINT_MAX)
    edge = round(MARGIN * side)  # the tile's own border band, as ink_mask leaves out
    corner[:edge], corner[:, corner.shape[1] - edge:] = False, False
    return [Region(r.left + left, r.top, r.right + left, r.bottom, r.area) for r in regions(corner)
            if r.left > 0 and r.bottom < bottom and r.area >= MIN_MARK * side * side
            and mask[r.top:r.bottom, r.left + left:r.right + left].any()
            and max(r.width, r.height) < MAX_SPAN * side and min(r.width, r.height) >= MIN_THICK * side]


def split_glyphs(cell: np.ndarray, faint: bool = False) -> Glyphs:
    """Return the letter's and the value's ink in an RGB tile (``faint``: keep the value's faint strokes too,
    for a tile shot small)."""
    mask = ink_mask(cell)
    side = cell.shape[0]
    marks = [r for r in regions(mask)
             if r.area >= MIN_MARK * side * side and max(r.width, r.height) < MAX_SPAN * side
             and min(r.width, r.height) >= MIN_THICK * side]
    # A faint stroke may join the face's own shading (a lit tile's face, grey in a greyscale shot): the region
    # then spans the tile and is dropped, and the value's dark marks alone are kept
    value = ((_glyph(_value_marks(_faint_marks(cell, mask), side), REACH * side) if faint else [])
             or _glyph(_value_marks(marks, side), REACH * side))
    letter = _glyph([r for r in marks if not _is_value(r, side)], REACH * side)
    ink = darkness(cell)
    return Glyphs(_crop(ink, letter), _crop(ink, value))
