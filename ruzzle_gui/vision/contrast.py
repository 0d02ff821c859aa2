"""Restore a faded capture: the tiles' faces made near-white and their letters dark grey again.

A capture taken through a dimmed or washed-out window (an emulator behind a
translucent overlay, a photo of a bright screen) keeps the board's shapes but
lifts its ink towards the face. The reader's thresholds are set for the game's
own levels, so the image is stretched back to them, the same for each channel
(a stretch also brings back the bonus colours' saturation).
"""
from __future__ import annotations

import numpy as np
from PIL import Image

from ruzzle_gui.vision.errors import ImageError, NoBoardError, coded
from ruzzle_gui.vision.locate import Grid
from ruzzle_gui.vision.middle import percentile

__all__ = ["board_levels", "normalise_contrast", "stretch_image", "FACE", "INK"]

FACE, INK = 240, 65      # luminance of the game's tile face and of its letters, which the reader's thresholds expect
FACE_PERCENTILE = 75     # most of a tile is its face, even on a bonus tile or under a big letter
INK_PERCENTILE = 2       # the letters cover ~8% of the tiles, so their darkest 2% is solid ink
FADED_BELOW = 140        # face minus ink under which a capture is stretched (the game's own is ~175)
UNREADABLE_BELOW = 20    # ... and under which too few levels are left to stretch (a 12% trace of the letters)
IMAGE_RANGE = (1, 99)    # percentiles of a whole image's luminance taken as its black and white
WASHED_OUT = 110         # a whole image whose black and white are closer than this is washed out ...
BLANK = 12               # ... and one closer than this shows nothing to read
SAMPLES = 40_000         # pixels looked at for a whole image's levels
SAMPLE = 24              # px side each tile is sampled at
INNER = 0.1              # share of the tile trimmed off each side: the border and shadow are not face


def board_levels(image: Image.Image, grid: Grid) -> tuple[float, float]:
    """Return the luminance of the tiles' face and of their ink in ``image``."""
    span = (grid.size - 1) * grid.pitch + grid.tile
    board = image.crop((round(grid.left), round(grid.top), round(grid.left + span), round(grid.top + span)))
    grey, x0, y0 = board.convert("L"), round(grid.left), round(grid.top)
    samples = []
    for row in range(grid.size):
        for col in range(grid.size):
            left, top, right, bottom = grid.box(row, col)
            trim = INNER * (right - left)
            box = (left + trim - x0, top + trim - y0, right - trim - x0, bottom - trim - y0)
            samples.append(np.asarray(grey.resize((SAMPLE, SAMPLE), Image.Resampling.BILINEAR, box=box)))
    luminance = np.concatenate([sample.ravel() for sample in samples]).astype(float)
    return float(percentile(luminance, FACE_PERCENTILE)), float(percentile(luminance, INK_PERCENTILE))


def normalise_contrast(image: Image.Image, grid: Grid, name: str = "the image") -> tuple[Image.Image, bool]:
    """Return ``image`` with its board's face and ink stretched to the game's levels if it is faded, and whether it was.

    A capture with the game's own contrast is returned as it is. One too faded
    to stretch is refused with the reason.
    """
    face, ink = board_levels(image, grid)
    if face - ink >= FADED_BELOW:
        return image, False
    if face - ink < UNREADABLE_BELOW:
        raise coded(ImageError(f"the board in {name} is too faded to read (its letters are barely darker than its "
                               f"tiles)"), "faded", name=name)
    return _stretched(image, ink, face, INK, FACE), True


def _stretched(image: Image.Image, low: float, high: float, to_low: float, to_high: float) -> Image.Image:
    """Return ``image`` with levels ``low`` and ``high`` moved to ``to_low`` and ``to_high``, each channel alike."""
    gain = (to_high - to_low) / (high - low)
    table = [min(255, max(0, round(to_low + (level - low) * gain))) for level in range(256)]
    return image.point(table * len(image.getbands()))


def stretch_image(image: Image.Image, name: str = "the image") -> Image.Image | None:
    """Return a washed-out ``image`` stretched to the full range of levels, or None if it is not washed out.

    Used when no board is found: so faded a capture that even the tiles cannot
    be told from the background. One with no levels left is refused.
    """
    grey = np.asarray(image.convert("L"))
    step = max(1, round((grey.size / SAMPLES) ** 0.5))
    low, high = percentile(grey[::step, ::step], IMAGE_RANGE)
    if high - low >= WASHED_OUT:
        return None
    if high - low < BLANK:
        raise coded(NoBoardError(f"no Ruzzle board found in {name}: it is almost one flat colour (faded to nothing?)"),
                    "flat", name=name)
    return _stretched(image, float(low), float(high), INK / 2, 255)
