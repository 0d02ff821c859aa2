"""The errors of the screenshot reader: bad input, and a missing OCR engine."""
from __future__ import annotations

from ruzzle_gui.coded import coded

__all__ = ["ImageError", "NoBoardError", "OcrUnavailableError", "INSTALL_HINT", "coded"]

INSTALL_HINT = ("reinstall ruzzle_gui with its dependencies (bash setup.sh, or pip install Pillow numpy) "
                "and the Debian package fonts-dejavu-core")


class ImageError(ValueError):
    """An image cannot be read as a Ruzzle board: the message names the file and the problem."""

    code = ""  # which message it is, for the app to say it in the player's language (see ``coded``)
    values: dict[str, object] = {}


class NoBoardError(ImageError):
    """No board at all is seen in the image (watch mode passes over such frames quietly)."""


class OcrUnavailableError(RuntimeError):
    """What the reader needs (Pillow, numpy, a bold sans font) is not installed: the message says what to install."""

    code = ""
    values: dict[str, object] = {}
