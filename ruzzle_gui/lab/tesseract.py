"""Tesseract as a letter reader, kept so the bench can rerun the measurement that rejected it.

Needs the tesserocr binding (pip) and Debian's tesseract-ocr-eng / tesseract-ocr-rus data.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from ruzzle_gui.language import Language
from ruzzle_gui.vision.errors import OcrUnavailableError

__all__ = ["TesseractReader", "TESSDATA_DIRS"]

TESSDATA_DIRS = ("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata")
HEIGHT = 40  # px cap height the glyph is drawn at: Tesseract reads 30-50 px text best


class TesseractReader:
    """Reads one glyph at a time with Tesseract, restricted to the language's alphabet."""

    def __init__(self, language: Language) -> None:
        try:
            from tesserocr import PSM, PyTessBaseAPI
        except ImportError:
            raise OcrUnavailableError("the Tesseract comparison needs: pip install tesserocr") from None
        model = "rus" if language.code == "ru" else "eng"
        folder = next((d for d in TESSDATA_DIRS if Path(d, f"{model}.traineddata").is_file()), None)
        if folder is None:
            raise OcrUnavailableError(f"Tesseract has no '{model}' data: sudo apt-get install tesseract-ocr-{model}")
        self.api = PyTessBaseAPI(path=folder + "/", lang=model, psm=PSM.SINGLE_CHAR)
        self.api.SetVariable("tessedit_char_whitelist", language.alphabet)

    def letter(self, ink: np.ndarray) -> str:
        """Return the letter Tesseract reads in a glyph's ink (0..1 darkness), or '' if none."""
        height, width = ink.shape
        glyph = Image.fromarray((255 - ink * 255).astype(np.uint8))
        glyph = glyph.resize((max(1, round(width * HEIGHT / height)), HEIGHT), Image.Resampling.BILINEAR)
        page = Image.new("L", (glyph.width + HEIGHT, 2 * HEIGHT), 255)
        page.paste(glyph, (HEIGHT // 2, HEIGHT // 2))
        self.api.SetImage(page)
        return self.api.GetUTF8Text().strip()
