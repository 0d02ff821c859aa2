"""Per-pixel measures of RGB arrays, as elementwise operations on the channels.

numpy reduces over a last axis of length 3 (``rgb.max(axis=2)``) one short
inner loop per pixel: measured 15 to 25 times slower than two elementwise
``np.maximum`` calls over the channels, on a 128 px tile and on a 900 px
working image alike. The results are the same, element for element.
"""
from __future__ import annotations

import numpy as np

__all__ = ["channel_max", "channel_min", "channel_spread"]


def channel_max(rgb: np.ndarray) -> np.ndarray:
    """Return the largest of each pixel's three channels (``rgb.max(axis=-1)``)."""
    return np.maximum(np.maximum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])


def channel_min(rgb: np.ndarray) -> np.ndarray:
    """Return the smallest of each pixel's three channels (``rgb.min(axis=-1)``)."""
    return np.minimum(np.minimum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])


def channel_spread(rgb: np.ndarray) -> np.ndarray:
    """Return each pixel's largest channel minus its smallest: 0 for grey, large for a vivid colour."""
    return channel_max(rgb) - channel_min(rgb)
