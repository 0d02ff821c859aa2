"""Read a Ruzzle board from a screenshot or from the screen (needs Pillow and numpy).

The package imports nothing heavy until used: ``read_board`` and friends are
loaded on first access, so ``import ruzzle_gui.vision`` stays cheap and a
missing Pillow is reported with what to install.
"""
from __future__ import annotations

from importlib import import_module

from ruzzle_gui.vision.errors import INSTALL_HINT, ImageError, OcrUnavailableError, coded

__all__ = ["read_board", "capture_screen", "Reading", "CellReading", "ImageError", "OcrUnavailableError"]

# The largest screen coordinate or size in pixels (X11's are 16-bit signed): a region past it is on no screen.
MAX_SCREEN_PX = 32_767

_LAZY = {"read_board": "reader", "Reading": "reader", "CellReading": "reader", "capture_screen": "capture"}


def __getattr__(name: str):
    """Return a lazily imported public name, or say what to install when Pillow or numpy is missing."""
    if name not in _LAZY:
        raise AttributeError(f"module 'ruzzle_gui.vision' has no attribute {name!r}")
    try:
        module = import_module(f"ruzzle_gui.vision.{_LAZY[name]}")
    except ModuleNotFoundError as err:
        if err.name in ("PIL", "numpy"):
            raise coded(OcrUnavailableError(f"reading screenshots needs {err.name}: {INSTALL_HINT}"), "needs",
                        module=err.name) from None
        raise
    return getattr(module, name)
