"""The errors of the screenshot reader: bad input, and a missing OCR engine."""
from __future__ import annotations

__all__ = ["ImageError", "OcrUnavailableError", "INSTALL_HINT"]

INSTALL_HINT = ("install the OCR engine: sudo apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-rus, "
                "then pip install 'ruzzle_gui[image]'")


class ImageError(ValueError):
    """An image cannot be read as a Ruzzle board: the message names the file and the problem."""


class OcrUnavailableError(RuntimeError):
    """The OCR engine (or its language data, or Pillow) is not installed: the message says what to install."""
