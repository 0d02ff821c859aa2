"""Marks of 0..7 per key of a compiled dictionary, in a small file beside its .marisa.

The commonness bands (``ruzzle_gui.bands``) and the doubt marks
(``ruzzle_gui.doubt``) are both such files: one 4-bit mark per key, two keys a
byte (the even key id in the low half), in the trie's key-id order, then a
footer: an 8-byte magic naming the kind of file, the key count and the
.marisa's ``content_digest``. The file is memory-mapped. One that does not
match its .marisa (stale, truncated) is ignored, never trusted: the loader
returns None, and the caller treats the dictionary as having no marks. One that
matches but holds a value past HIGHEST is damaged, and refused with a
DictionaryError: a mark of 15 would index past every table of 8.
"""
from __future__ import annotations

import mmap
import os
import struct
from collections.abc import Callable

import marisa_trie

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary import DictionaryError, check_installed, content_digest, dictionary_digest, load_trie
from ruzzle_gui.dictionary.bundled import is_bundled
from ruzzle_gui.files import write_atomically, write_bytes

__all__ = ["HIGHEST", "KeyMarks", "is_marks_file", "load_marks", "marks_bytes", "write_marks"]

HIGHEST = 7  # a mark is 0..7: the spare high bit of each half-byte lets a check catch garbage
# The bytes whose two marks are both 0..HIGHEST: bytes.translate deletes them, and what is left is damage.
_SOUND = bytes(byte for byte in range(256) if not byte & 0x88)
_FOOTER = struct.Struct("<8sQ16s")


class KeyMarks:
    """The marks of one compiled dictionary, read from the memory-mapped file."""

    def __init__(self, trie: marisa_trie.Trie, packed: memoryview, *keep: object) -> None:
        self._find, self._packed = trie.get, packed
        self._keep = keep  # the mapped file ``packed`` reads

    def mark(self, word: str) -> int | None:
        """Return the mark of a folded word (as Solution.word holds it), or None if it is no key."""
        key_id = self._find(word)
        return None if key_id is None else self.mark_of_id(key_id)

    def mark_of_id(self, key_id: int) -> int:
        """Return the mark of the key with this trie id."""
        return (self._packed[key_id >> 1] >> ((key_id & 1) << 2)) & 0xF


TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    from typing import TypeVar

    Marks = TypeVar("Marks", bound=KeyMarks)


def load_marks(dictionary: str | os.PathLike, path: str, magic: bytes, kind: type[Marks]) -> Marks | None:
    """Return the marks in ``path`` for ``dictionary`` as a ``kind``, or None if missing, stale or truncated.

    A bundled file that fails its checksum, or any that holds a value past HIGHEST, raises DictionaryError:
    damage is said, not taken for a missing file.
    """
    dictionary = os.fspath(dictionary)  # a str: load_trie's cache takes hashable paths
    for installed in (dictionary, path):
        if os.path.exists(installed):
            check_installed(installed)
    try:
        trie = load_trie(dictionary)
        with open(path, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (DictionaryError, OSError, ValueError):
        return None
    size = (len(trie) + 1) // 2
    if len(mapped) != size + _FOOTER.size:
        return None
    found, count, digest = _FOOTER.unpack_from(mapped, size)
    if found != magic or count != len(trie) or digest != dictionary_digest(dictionary):
        return None
    # Every byte of a user's file, at C speed (6 ms for Italian's 1.5 MB); a bundled file's checksum covers it.
    if not is_bundled(path) and mapped[:size].translate(None, _SOUND):
        raise coded(DictionaryError(f"{path} is damaged: it holds a value past {HIGHEST}; compile its dictionary "
                                    f"again (ruzzle compile -d WORDS -o {dictionary})"), "marks_damaged",
                    path=path, highest=HIGHEST, dictionary=dictionary)
    return kind(trie, memoryview(mapped)[:size], mapped)


def write_marks(dictionary: str | os.PathLike, path: str, magic: bytes, mark_of: Callable[[str], int],
                kinds: int = HIGHEST + 1) -> list[int]:
    """Write ``path`` from ``mark_of(key)`` for every key of ``dictionary``; return how many keys got each mark."""
    dictionary = os.fspath(dictionary)
    trie = marisa_trie.Trie().mmap(dictionary)  # not load_trie's cache: the file may be new
    data, counts = marks_bytes(trie, content_digest(dictionary), magic, mark_of, kinds)
    try:
        write_atomically(path, lambda partial: write_bytes(partial, data))
    except OSError as err:
        raise coded(DictionaryError(f"cannot write {path}: {err.strerror}"), "dictionary_unwritable", path=path,
                    problem=err.strerror) from None
    return counts


def marks_bytes(trie: marisa_trie.Trie, digest: bytes, magic: bytes, mark_of: Callable[[str], int],
                kinds: int = HIGHEST + 1) -> tuple[bytes, list[int]]:
    """Return the marks file of ``trie`` (its .marisa of content ``digest``) and how many keys got each mark.

    ``compile_words(..., beside=)`` writes what this returns together with the .marisa.
    """
    packed = bytearray((len(trie) + 1) // 2)
    counts = [0] * kinds
    for key, key_id in trie.iteritems():
        mark = mark_of(key)
        if not 0 <= mark < kinds:
            raise ValueError(f"mark {mark} of {key!r} is outside 0..{kinds - 1}")
        counts[mark] += 1
        packed[key_id >> 1] |= mark << ((key_id & 1) << 2)
    return bytes(packed) + _FOOTER.pack(magic, len(trie), digest), counts


def is_marks_file(path: str | os.PathLike, magic: bytes) -> bool:
    """Return True if ``path`` ends in the footer of a marks file of this ``magic``, so compile may replace it."""
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            if size < _FOOTER.size:
                return False
            handle.seek(size - _FOOTER.size)
            return handle.read(len(magic)) == magic
    except OSError:
        return False
