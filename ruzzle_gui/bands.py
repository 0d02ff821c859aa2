"""Commonness bands: how common each word of a compiled dictionary is in real text.

A band is 0 (rare or unknown) to 7 (everyday), from word frequencies measured
at build time (``raw_languages/build.py``, wordfreq's Zipf scale; see
``band_for_zipf``). Beside ``<name>.marisa`` sits ``<name>.bands``: one 4-bit
band per key, two keys a byte (the even key id in the low half), in the
trie's key-id order, then a footer: magic, key count and the .marisa's
``content_digest``. The file is memory-mapped; one that does not match its
.marisa (stale, damaged, truncated) is ignored, never trusted, and a
dictionary without one still works: its words have no band (None).

    bands = load_bands(language.dictionary_path)     # None: no bands
    bands.band("CASA")                                # 7; None if no such word
"""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache

from ruzzle_gui.dictionary import bundled_path
from ruzzle_gui.key_marks import KeyMarks, is_marks_file, load_marks, write_marks

__all__ = ["RARE", "EVERYDAY", "ZIPF_EDGES", "Bands", "bands_path", "band_for_zipf", "load_bands",
           "write_bands", "write_bands_like", "write_bundled_bands", "is_bands_file"]

RARE, EVERYDAY = 0, 7
# Lower Zipf edge of bands 1..7 (Zipf = log10 of occurrences per billion words).
# Half-Zipf steps, each band about 3.2 times as frequent as the one below, from
# wordfreq's floor (1.0: once in 100 million words) to 4.0 (ten in a million
# words: the few thousand forms of everyday speech, casa, house, Haus). Band 0
# is a word wordfreq never saw: rarer than its floor, or a name it skips.
ZIPF_EDGES = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)
_MAGIC = b"RZBANDS1"


def band_for_zipf(zipf: float | None) -> int:
    """Return the band of a word of Zipf frequency ``zipf`` (None: never seen)."""
    if zipf is None:
        return RARE
    return sum(zipf >= edge for edge in ZIPF_EDGES)


def bands_path(dictionary: str | os.PathLike) -> str:
    """Return where the bands of a compiled dictionary live."""
    return os.path.splitext(dictionary)[0] + ".bands"


class Bands(KeyMarks):
    """The bands of one compiled dictionary, read from the memory-mapped file."""

    band = KeyMarks.mark
    band_of_id = KeyMarks.mark_of_id


@lru_cache(maxsize=None)
def load_bands(dictionary: str | os.PathLike) -> Bands | None:
    """Return the bands beside a compiled ``dictionary``, or None if missing, stale or damaged."""
    dictionary = os.fspath(dictionary)
    return load_marks(dictionary, bands_path(dictionary), _MAGIC, Bands)


def write_bands(dictionary: str | os.PathLike, band_of: Callable[[str], int]) -> list[int]:
    """Write ``<dictionary>.bands`` from ``band_of(key)``; return how many keys fell in each band."""
    return write_marks(dictionary, bands_path(dictionary), _MAGIC, band_of, EVERYDAY + 1)


def write_bands_like(dictionary: str | os.PathLike, reference: str | os.PathLike) -> list[int] | None:
    """Give ``dictionary`` the bands its words have in ``reference`` (0 if absent); None if it has none.

    For ``ruzzle compile``: a user's dictionary takes the bundled bands of its
    language, looked up by word.
    """
    known = load_bands(reference)
    if known is None:
        return None
    return write_bands(dictionary, lambda key: known.band(key) or RARE)


def write_bundled_bands(dictionary: str | os.PathLike, code: str) -> list[int] | None:
    """Give a user's compiled ``dictionary`` the bands of language ``code``'s bundled dictionary, if it has any.

    ``ruzzle compile -l CODE`` calls this: a word the bundled dictionary lacks is band 0.
    Returns the keys per band, or None (no bundled bands to look words up in).
    """
    return write_bands_like(dictionary, bundled_path(code))


def is_bands_file(path: str | os.PathLike) -> bool:
    """Return True if ``path`` ends in the footer of a band file of ours, so compile may replace it."""
    return is_marks_file(path, _MAGIC)
