"""The reader's stored references: every text it compares glyphs with, drawn in five fonts and normalised.

``references/templates.bin`` is written by the lab (``python -m ruzzle_gui.lab.build_references``)
and shipped in the package, so that reading needs no font on the machine and draws nothing. The
fonts' sources and licences are beside it, in ``references/``.

The file is four arrays one after the other, as ``np.save`` writes them (not an ``.npz``, whose
reading imports zipfile): the fonts' names, each drawing's text, each drawing's font (an index into
the names), and the drawings' float32 vectors, deflated. Deflate keeps every bit, finds the floats a
drawing repeats (its flat inside and outside), and its checksum says whether they came back whole:
173 kB instead of 1.4 MB, inflated in about 2 ms. (Each drawing's distinct values with a one-byte
index per float was tried: 497 kB, and no quicker to unpack.)
"""
from __future__ import annotations

import os
import zlib
from functools import cache

import numpy as np

from ruzzle_gui.vision.errors import OcrUnavailableError, coded

__all__ = ["PATH", "References", "DamagedError", "load", "write"]

PATH = os.path.join(os.path.dirname(os.path.realpath(__file__)), "references", "templates.bin")
GLYPH = 32     # side of a normalised glyph (``recognise.GLYPH``): each vector has GLYPH * GLYPH floats
LEVEL = 9      # deflate's best: the file is written once, by the lab, and read at every start
DAMAGED = ("the reader's letter references ({path}) are missing or damaged: the installation of ruzzle_gui "
           "is broken, reinstall it (bash setup.sh, or pip install --force-reinstall ruzzle_gui)")


class References:
    """Every drawing: its font's index into ``fonts``, its text, and its normalised vector (a row of ``vectors``).

    Compared and hashed by identity (``recognise`` caches by it); ``same`` compares the drawings.
    """

    __slots__ = ("fonts", "labels", "faces", "vectors")

    def __init__(self, fonts: tuple[str, ...], labels: tuple[str, ...], faces: np.ndarray,
                 vectors: np.ndarray) -> None:
        self.fonts = fonts
        self.labels = labels
        self.faces = faces      # uint8, one per drawing
        self.vectors = vectors  # float32, len(labels) x GLYPH * GLYPH

    def same(self, other: References) -> bool:
        """Return whether ``other`` holds the same drawings, bit for bit."""
        return (self.fonts == other.fonts and self.labels == other.labels
                and np.array_equal(self.faces, other.faces) and self.vectors.tobytes() == other.vectors.tobytes())


class DamagedError(OcrUnavailableError):
    """The shipped references are missing or unreadable: the installation, not the picture, is at fault."""


def write(references: References, path: str = PATH) -> None:
    """Write ``references`` to ``path`` (the lab's build does; the product only reads)."""
    packed = zlib.compress(np.ascontiguousarray(references.vectors, "<f4").tobytes(), LEVEL)
    arrays = (np.array(references.fonts), np.array(references.labels), references.faces.astype(np.uint8),
              np.frombuffer(packed, np.uint8))
    with open(path, "wb") as out:
        for array in arrays:
            np.save(out, array, allow_pickle=False)


def _read(path: str) -> References:
    """Return the references kept at ``path``; raise ValueError (or OSError, EOFError, zlib.error) if not whole."""
    with open(path, "rb") as kept:
        fonts, labels, faces, packed = (np.load(kept, allow_pickle=False) for _ in range(4))
        if kept.read(1):
            raise ValueError("trailing bytes")
    if (fonts.dtype.kind, labels.dtype.kind, faces.dtype, packed.dtype) != ("U", "U", np.uint8, np.uint8):
        raise ValueError("wrong types")
    if labels.ndim != 1 or faces.shape != labels.shape or (len(faces) and faces.max() >= len(fonts)):
        raise ValueError("wrong shapes")
    vectors = np.frombuffer(zlib.decompress(packed.tobytes()), "<f4")
    if vectors.size != len(labels) * GLYPH * GLYPH:
        raise ValueError("wrong size")
    return References(tuple(fonts.tolist()), tuple(labels.tolist()), faces, vectors.reshape(len(labels), -1))


@cache
def load() -> References:
    """Return the shipped references (read once), or raise DamagedError saying the installation is broken."""
    try:
        return _read(PATH)
    except (OSError, ValueError, EOFError, zlib.error):
        raise coded(DamagedError(DAMAGED.format(path=PATH)), "references_damaged", path=PATH) from None
