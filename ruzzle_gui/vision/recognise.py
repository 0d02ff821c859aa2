"""Recognise a glyph by its likeness to the reader's references: texts drawn in five bold sans fonts.

Each candidate (a letter of the alphabet, or a value such as "10") was drawn by
the lab in each font, cut to its ink, padded to a square (so a narrow I stays
narrow) and shrunk to GLYPH x GLYPH (``templates``: shipped in the package, so
no font is needed on the machine). A glyph from a screenshot is normalised the
same way; its likeness to a candidate is the best correlation with any of the
candidate's drawings (1.0 = identical).

Chosen over Tesseract by measurement (see the README and ``bench --tesseract``):
on isolated bold capitals, Tesseract 5's LSTM model returned nothing or a wrong
letter for 5-20% of tiles at 10-20 ms per glyph; this reads every tile of the
bench at under 2 ms per tile. On a font it has never seen (``bench --held-out``)
it still reads about 99.7% of letters, and the value witness flags the rest.
"""
from __future__ import annotations

from functools import cache

import numpy as np
from PIL import Image

from ruzzle_gui.vision import templates
from ruzzle_gui.vision.errors import OcrUnavailableError, coded

__all__ = ["GLYPH", "Matcher", "normalise", "font_names", "matcher"]

GLYPH = templates.GLYPH  # side of the normalised glyph: enough to tell Ш from Щ, cheap to compare
UNKNOWN = ("the reader has no reference for {letters}: it reads the letters and values of the bundled "
           "languages only")


def font_names() -> tuple[str, ...]:
    """Return the names of the fonts the references were drawn in (a font file's name without its suffix)."""
    return templates.load().fonts


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


class Matcher:
    """Ranks candidate texts by their likeness to a glyph."""

    def __init__(self, candidates: tuple[str, ...], fonts: tuple[str, ...] | None = None) -> None:
        stored = templates.load()
        rows = _rows(stored)
        faces = range(len(stored.fonts)) if fonts is None else [stored.fonts.index(name) for name in fonts]
        missing = [text for text in candidates if not any((text, face) in rows for face in range(len(stored.fonts)))]
        if missing:
            raise coded(OcrUnavailableError(UNKNOWN.format(letters=", ".join(missing))), "no_reference",
                        letters=", ".join(missing))
        # Each text's drawings in the order the fonts come, texts in the order asked: as drawn before the
        # references were stored, so that every likeness is the same to the last bit.
        chosen = [rows[text, face] for text in candidates for face in faces if (text, face) in rows]
        self.labels = [stored.labels[row] for row in chosen]
        self.templates = stored.vectors[chosen]
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
        return self.rank_normalised(normalise(ink))

    def rank_normalised(self, vector: np.ndarray) -> list[tuple[str, float]]:
        """Return every candidate with its likeness to a glyph already normalised (``normalise``), best first."""
        scores = (self.templates @ vector)[self._order]
        best = np.maximum(np.maximum.reduceat(scores, self._starts), -1.0)
        return sorted(zip(self.texts, best.tolist()), key=lambda item: item[1], reverse=True)


@cache
def _rows(stored: templates.References) -> dict[tuple[str, int], int]:
    """Return the row of each drawing in ``stored``, by its text and font."""
    return {(text, face): row for row, (text, face) in enumerate(zip(stored.labels, stored.faces.tolist()))}


@cache
def matcher(candidates: tuple[str, ...], fonts: tuple[str, ...] | None = None) -> Matcher:
    """Return a cached Matcher for ``candidates`` as drawn in ``fonts`` (names of ``font_names()``; default all)."""
    return Matcher(candidates, fonts)
