"""Recognise a glyph by its likeness to glyphs drawn from installed bold sans fonts.

Each candidate (a letter of the alphabet, or a value such as "10") is drawn in
every font of ``fonts.FONT_FILES`` that is installed, cut to its ink, padded to
a square (so a narrow I stays narrow) and shrunk to GLYPH x GLYPH. A glyph from
a screenshot is normalised the same way; its likeness to a candidate is the
best correlation with any of the candidate's drawings (1.0 = identical).

Chosen over Tesseract by measurement (see the README and ``bench --tesseract``):
on isolated bold capitals, Tesseract 5's LSTM model returned nothing or a wrong
letter for 5-20% of tiles at 10-20 ms per glyph; this reads every tile of the
bench at under 2 ms per tile. On a font it has never seen (``bench --held-out``)
it still reads about 99.7% of letters, and the value witness flags the rest.
"""
from __future__ import annotations

import os
import zlib
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image

from ruzzle_gui.vision import fonts
from ruzzle_gui.vision.errors import OcrUnavailableError, coded

__all__ = ["GLYPH", "Matcher", "normalise", "font_files", "matcher"]

GLYPH = 32          # side of the normalised glyph: enough to tell Ш from Щ, cheap to compare
DRAW_SIZE = 120     # px font size candidates are drawn at before shrinking
CACHE_VERSION = 2  # bump when the way templates are drawn or kept changes
FONT_HINT = "no bold sans font found to read letters with: sudo apt-get install fonts-dejavu-core"


def font_files() -> tuple[Path, ...]:
    """Return the installed bold sans fonts candidates are drawn in (at least one, or a clear error)."""
    found = fonts.installed_fonts()
    if not found:
        raise coded(OcrUnavailableError(FONT_HINT), "font")
    return found


def normalise(ink: np.ndarray) -> np.ndarray:
    """Return a glyph's ink (0..1 darkness, cut to the glyph) as a zero-mean, unit-length vector."""
    height, width = ink.shape
    side = max(height, width)
    square = np.zeros((side, side), np.float32)
    top, left = (side - height) // 2, (side - width) // 2
    square[top:top + height, left:left + width] = ink
    small = np.asarray(Image.fromarray(square, mode="F").resize((GLYPH, GLYPH), Image.Resampling.BOX))
    vector = small.ravel() - small.mean()
    return vector / max(float(np.linalg.norm(vector)), 1e-6)


def _drawn(text: str, font: Path) -> np.ndarray | None:
    """Return the ink of ``text`` drawn in ``font``, cut to it, or None if the font draws nothing."""
    from PIL import ImageDraw, ImageFont  # only when the kept templates are missing: 5 ms of imports

    face = ImageFont.truetype(str(font), DRAW_SIZE)
    canvas = Image.new("L", (DRAW_SIZE * 3, DRAW_SIZE * 2), 0)
    ImageDraw.Draw(canvas).text((DRAW_SIZE // 2, DRAW_SIZE // 2), text, font=face, fill=255)
    ink = np.asarray(canvas, dtype=np.float32) / 255
    drawn = ink >= 0.5
    rows, cols = np.nonzero(drawn.any(axis=1))[0], np.nonzero(drawn.any(axis=0))[0]
    if not len(rows):
        return None
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def _cache_path(candidates: tuple[str, ...], fonts: tuple[Path, ...]) -> Path:
    """Return where the templates of ``candidates`` in ``fonts`` are kept between runs.

    The name is a digest of everything the drawings depend on, fonts' sizes and times included,
    so a changed font or a new Pillow draws them again.
    """
    import PIL
    import platformdirs

    stamps = [(str(font), font.stat().st_size, font.stat().st_mtime_ns) for font in fonts]
    key = repr((CACHE_VERSION, GLYPH, DRAW_SIZE, PIL.__version__, candidates, stamps)).encode()
    # Two checksums make a 64-bit name, plenty for a few files; hashlib would load OpenSSL (5 ms) for it.
    digest = f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}"
    return Path(platformdirs.user_cache_dir("ruzzle_gui", appauthor=False), "glyphs", f"{digest}.npy")


def _load(path: Path) -> tuple[list[str], np.ndarray] | None:
    """Return the labels and templates kept at ``path``, or None if missing or damaged (they are drawn again).

    The file holds two arrays one after the other, as ``np.save`` writes them: not an ``.npz``, whose
    reading imports zipfile and checks a zip's checksums (4 ms more).
    """
    try:
        with open(path, "rb") as kept:
            labels, templates = np.load(kept, allow_pickle=False).tolist(), np.load(kept, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if not isinstance(labels, list) or not all(isinstance(label, str) for label in labels):
        return None
    if templates.ndim != 2 or templates.shape != (len(labels), GLYPH * GLYPH):
        return None
    return labels, templates


def _keep(path: Path, labels: list[str], templates: np.ndarray) -> None:
    """Write the templates to ``path`` whole or not at all; a read-only or full cache folder only costs a redraw."""
    import tempfile  # only when drawing: 4 ms of imports

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as handle:
            np.save(handle, np.array(labels), allow_pickle=False)
            np.save(handle, templates, allow_pickle=False)
        os.replace(handle.name, path)
    except OSError:
        try:
            os.unlink(handle.name)
        except (OSError, NameError):
            pass


class Matcher:
    """Ranks candidate texts by their likeness to a glyph."""

    def __init__(self, candidates: tuple[str, ...], fonts: tuple[Path, ...]) -> None:
        # Drawing every letter of every alphabet in five fonts takes about a second: far more than a read.
        path = _cache_path(candidates, fonts)
        kept = _load(path)
        if kept is None:
            drawings = [(text, _drawn(text, font)) for text in candidates for font in fonts]
            labels = [text for text, ink in drawings if ink is not None]
            templates = np.stack([normalise(ink) for _, ink in drawings if ink is not None])
            _keep(path, labels, templates)
            kept = labels, templates
        self.labels, self.templates = kept
        self.candidates = candidates
        # Each text's drawings side by side, texts in the order they first come, so that one
        # reduceat takes each text's best score: a loop over the drawings in Python cost more
        # than the product itself.
        self.texts = list(dict.fromkeys(self.labels))
        number = {text: index for index, text in enumerate(self.texts)}
        groups = np.array([number[label] for label in self.labels])
        self._order = np.argsort(groups, kind="stable")
        self._starts = np.searchsorted(groups[self._order], np.arange(len(self.texts)))

    def rank(self, ink: np.ndarray) -> list[tuple[str, float]]:
        """Return every candidate with its likeness to the glyph ``ink`` (-1..1), best first."""
        scores = (self.templates @ normalise(ink))[self._order]
        best = np.maximum(np.maximum.reduceat(scores, self._starts), -1.0)
        return sorted(zip(self.texts, best.tolist()), key=lambda item: item[1], reverse=True)


@cache
def matcher(candidates: tuple[str, ...], fonts: tuple[Path, ...] | None = None) -> Matcher:
    """Return a cached Matcher for ``candidates`` drawn in ``fonts`` (default: every installed one)."""
    return Matcher(candidates, fonts or font_files())
