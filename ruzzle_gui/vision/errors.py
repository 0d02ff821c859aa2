"""The errors of the screenshot reader: bad input, and a missing OCR engine."""
from __future__ import annotations

from ruzzle_gui.coded import coded

__all__ = ["ImageError", "NoBoardError", "OcrUnavailableError", "INSTALL_HINT", "coded"]

INSTALL_HINT = "reinstall ruzzle_gui with its dependencies (bash setup.sh, or pip install Pillow numpy)"


class ImageError(ValueError):
    """An image cannot be read as a Ruzzle board: the message names the file and the problem."""

    code = ""  # which message it is, for the app to say it in the player's language (see ``coded``)
    values: dict[str, object] = {}


class NoBoardError(ImageError):
    """No board at all is seen in the image (watch mode passes over such frames quietly)."""


class OcrUnavailableError(RuntimeError):
    """What the reader needs (Pillow, numpy, its shipped references) is missing: the message says what to install.

    Never the picture's fault: the message says the machine or the installation is at fault."""

    code = ""
    values: dict[str, object] = {}
