"""The reader's stored references: every text it compares glyphs with, drawn in five fonts and normalised.

``references/templates.bin`` is written by the lab (``python -m ruzzle_gui.lab.build_references``)
and shipped in the package, so that reading needs no font on the machine and draws nothing. The
fonts' sources and licences are beside it, in ``references/``.

The file is arrays one after the other, as ``np.save`` writes them (not an ``.npz``, whose reading
imports zipfile): the fonts' names, each drawing's text and font (an index into the names), and the
drawings' float32 vectors, kept exactly but small. A drawing is shrunk from a glyph whose inside and
outside are flat, so its 1024 floats take at most a few hundred distinct values: each drawing keeps
its own distinct values (its palette) and, per float, a one-byte index into them. That is a third of
the floats' size, bit for bit the same, and unpacked with one numpy gather (about a millisecond; a
deflated file took 30 ms to inflate). A CRC-32 of the vectors' bytes says whether they came back whole.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from ruzzle_gui.vision.errors import OcrUnavailableError, coded

__all__ = ["PATH", "References", "DamagedError", "load", "write"]

PATH = Path(__file__).resolve().parent / "references" / "templates.bin"
GLYPH = 32     # side of a normalised glyph (``recognise.GLYPH``): each vector has GLYPH * GLYPH floats
PALETTE = 256  # distinct values a drawing may have: its indices are one byte
DAMAGED = ("the reader's letter references ({path}) are missing or damaged: the installation of ruzzle_gui "
           "is broken, reinstall it (bash setup.sh, or pip install --force-reinstall ruzzle_gui)")


@dataclass(frozen=True, eq=False)
class References:
    """Every drawing: its font's index into ``fonts``, its text, and its normalised vector (a row of ``vectors``)."""

    fonts: tuple[str, ...]
    labels: tuple[str, ...]
    faces: np.ndarray    # uint8, one per drawing
    vectors: np.ndarray  # float32, len(labels) x GLYPH * GLYPH

    def same(self, other: References) -> bool:
        """Return whether ``other`` holds the same drawings, bit for bit."""
        return (self.fonts == other.fonts and self.labels == other.labels
                and np.array_equal(self.faces, other.faces) and self.vectors.tobytes() == other.vectors.tobytes())


class DamagedError(OcrUnavailableError):
    """The shipped references are missing or unreadable: the installation, not the picture, is at fault."""


def _packed(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return each vector's palette size, the palettes end to end, and each float's index into its palette."""
    sizes, palettes, indices = [], [], []
    for vector in vectors:
        palette, index = np.unique(vector, return_inverse=True)
        if len(palette) > PALETTE:
            raise ValueError(f"a drawing has {len(palette)} distinct values, more than {PALETTE}")
        sizes.append(len(palette))
        palettes.append(palette)
        indices.append(index.astype(np.uint8))
    return np.array(sizes, np.uint16), np.concatenate(palettes).astype("<f4"), np.stack(indices)


def _unpacked(sizes: np.ndarray, palettes: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Return the float32 vectors that ``_packed`` packed."""
    starts = np.cumsum(sizes, dtype=np.intp) - sizes
    return palettes[indices + starts[:, None]]


def _checksum(vectors: np.ndarray) -> int:
    """Return the CRC-32 of the vectors' bytes."""
    return zlib.crc32(np.ascontiguousarray(vectors, "<f4").data)


def write(references: References, path: Path = PATH) -> None:
    """Write ``references`` to ``path`` (the lab's build does; the product only reads)."""
    sizes, palettes, indices = _packed(references.vectors)
    arrays = (np.array(references.fonts), np.array(references.labels), references.faces.astype(np.uint8),
              sizes, palettes, indices, np.array([_checksum(references.vectors)], "<u4"))
    with open(path, "wb") as out:
        for array in arrays:
            np.save(out, array, allow_pickle=False)


def _read(path: Path) -> References:
    """Return the references kept at ``path``; raise ValueError (or OSError, EOFError) if they are not whole."""
    with open(path, "rb") as kept:
        fonts, labels, faces, sizes, palettes, indices, checksum = (np.load(kept, allow_pickle=False)
                                                                    for _ in range(7))
        if kept.read(1):
            raise ValueError("trailing bytes")
    kinds = (fonts.dtype.kind, labels.dtype.kind, faces.dtype, sizes.dtype, palettes.dtype, indices.dtype)
    if kinds != ("U", "U", np.uint8, np.uint16, np.float32, np.uint8) or checksum.shape != (1,):
        raise ValueError("wrong types")
    if not (labels.ndim == 1 and faces.shape == labels.shape == sizes.shape
            and indices.shape == (len(labels), GLYPH * GLYPH) and int(sizes.sum()) == len(palettes)):
        raise ValueError("wrong shapes")
    if len(labels) and (faces.max() >= len(fonts) or sizes.min() < 1):
        raise ValueError("wrong fonts or palettes")
    if int(indices.max(initial=0)) >= int(sizes.min(initial=PALETTE)) and (indices >= sizes[:, None]).any():
        raise ValueError("an index past its palette")
    vectors = _unpacked(sizes, palettes, indices)
    if _checksum(vectors) != int(checksum[0]):
        raise ValueError("wrong checksum")
    return References(tuple(fonts.tolist()), tuple(labels.tolist()), faces, vectors)


@cache
def load() -> References:
    """Return the shipped references (read once), or raise DamagedError saying the installation is broken."""
    try:
        return _read(PATH)
    except (OSError, ValueError, EOFError):
        raise coded(DamagedError(DAMAGED.format(path=PATH)), "references_damaged", path=str(PATH)) from None
