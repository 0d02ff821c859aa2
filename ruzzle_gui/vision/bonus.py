"""Read a tile's bonus from the colour of its border.

Plain tiles are light grey to their edge; bonus tiles have a thick coloured
border (the game's ~7% of the tile). The border is sampled in a thin band just
inside the tile's edge, along the middle of each side, away from the round
badge over the top-left corner and from the rounded corners.
"""
from __future__ import annotations

import numpy as np

__all__ = ["BONUS_HUES", "border_pixels", "classify_colour", "read_bonus"]

BAND = (0.015, 0.05)     # depth of the sampled band from the tile edge, in tiles: inside any bonus border
SPAN = (0.35, 0.65)      # stretch of each side sampled, in tiles: clear of the corner badge and rounded corners
MIN_SATURATION = 0.35    # HSV saturation of a border colour; a plain tile's light grey is near 0
MIN_BRIGHTNESS = 60      # HSV value (0-255) below which a colour is too dark to name
MIN_AGREEMENT = 0.5      # share of band pixels that must name the same bonus
# Hue ranges in degrees: green DL (~105), dark blue TL (~230), orange-yellow DW (~40), red TW (~0).
BONUS_HUES = (("TW", 330, 375), ("DW", 22, 65), ("DL", 75, 170), ("TL", 195, 262))


def border_pixels(cell: np.ndarray) -> np.ndarray:
    """Return the N x 3 RGB pixels of the band along the middle of each side of ``cell``."""
    side = cell.shape[0]
    near, far = round(BAND[0] * side), max(round(BAND[1] * side), round(BAND[0] * side) + 1)
    lo, hi = round(SPAN[0] * side), round(SPAN[1] * side)
    bands = (cell[near:far, lo:hi], cell[side - far:side - near, lo:hi],
             cell[lo:hi, near:far], cell[lo:hi, side - far:side - near])
    return np.concatenate([band.reshape(-1, 3) for band in bands])


def _hue_saturation_value(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return HSV of N x 3 RGB pixels: hue in degrees, saturation 0-1, value 0-255."""
    rgb = pixels.astype(float)
    high, low = rgb.max(axis=1), rgb.min(axis=1)
    spread = np.maximum(high - low, 1e-9)
    r, g, b = rgb.T
    hue = np.where(high == r, (g - b) / spread % 6, np.where(high == g, (b - r) / spread + 2, (r - g) / spread + 4))
    return hue * 60, (high - low) / np.maximum(high, 1e-9), high


def classify_colour(pixels: np.ndarray) -> list[str | None]:
    """Return the bonus each pixel's colour names, or None for a colour that names none."""
    hue, saturation, value = _hue_saturation_value(pixels)
    names: list[str | None] = []
    for h, s, v in zip(hue.tolist(), saturation.tolist(), value.tolist()):
        name = None
        if s >= MIN_SATURATION and v >= MIN_BRIGHTNESS:
            name = next((bonus for bonus, lo, hi in BONUS_HUES if lo <= h < hi or lo <= h + 360 < hi), None)
        names.append(name)
    return names


def read_bonus(cell: np.ndarray) -> tuple[str | None, float]:
    """Return the bonus of a tile (None if plain) and the share of its border that agrees."""
    names = classify_colour(border_pixels(cell))
    counts = {name: names.count(name) for name in set(names)}
    best = max(counts, key=lambda name: counts[name])
    share = counts[best] / len(names)
    if best is not None and share < MIN_AGREEMENT:
        return None, 1 - share
    return best, share
