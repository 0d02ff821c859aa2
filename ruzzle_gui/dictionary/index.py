"""The .index beside a compiled dictionary: the PrefixIndex the solver asks, and its file format.

Beside each compiled ``<name>.marisa`` sits ``<name>.index``, a ``PrefixIndex``:
every stem (a string some longer word starts with) with the letters words go
on with after it and whether it is a word itself. The solver skips a letter
no word goes on with without any look-up, and asks the index one exact
look-up for each string it does reach. The index also holds the checksum of
its ``.marisa`` (see ``ruzzle_gui.dictionary.trust``).
"""
from __future__ import annotations

import mmap
import os
import stat
import struct
import sys
from collections import namedtuple
from collections.abc import Callable, Iterable, Sequence
from itertools import islice

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary.bundled import check_installed
from ruzzle_gui.dictionary.digests import DIGEST_SIZE, bytes_digest
from ruzzle_gui.dictionary.errors import DictionaryError

# Names only the type checker reads: typing costs start-up, and marisa_trie is imported where a trie
# is made (reading a screenshot loads a language, never its words).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    import marisa_trie


# What PrefixIndex.state says of a string: it is a word, and longer words start so.
IS_WORD, HAS_LONGER = 1, 2


# An .index file: a marisa trie of the stems, padded to 8 bytes; their values
# in key-id order, little-endian, ``width`` bytes each; the letters in bit order
# (UTF-8); then this footer: magic, the word count and byte size of the .marisa
# it was built from, the stem count, where the values start, the value width,
# the letters' byte length, the longest word's length, the content digest of the
# .marisa (a stale or damaged pair is refused) and last the digest of everything
# before it, so a damaged index vouches for nothing.
INDEX_FOOTER = struct.Struct("<8sQQQQQII16s16s")


_INDEX_MAGIC = b"RZINDEX3"


# Earlier formats, with their footer sizes: an index of ours, so compile may replace it.
_OLD_INDEX_FOOTERS = {b"RZINDEX1": 56, b"RZINDEX2": 56}


# The fields of an index footer, in order (a plain namedtuple: typing costs start-up time).
Footer = namedtuple("Footer", "magic word_count word_bytes keys start width letters_size longest "
                                "marisa_digest index_digest")


# Value width in bytes -> array typecode. Bit 0 is IS_WORD, so 8 bytes hold 63 letters.
VALUE_TYPECODES: dict[int, Literal["I", "Q"]] = {4: "I", 8: "Q"}


_MAX_LETTERS = 63


# PrefixIndex.from_trie reads the next letters off this many words at most, then probes.
_FEW_COMPLETIONS = 12


class PrefixIndex:
    """What can follow each stem of a dictionary: the solver's one look-up per new string.

    A stem is a string (UTF-8, whole letters) that some longer word starts with;
    the empty string is the first. ``find(key)`` returns a stem's id, or None for
    any other string, and ``nexts[id]`` is an int with bit 0 (IS_WORD) set when
    the stem is itself a word and the bit ``letter_bits[letter]`` set for every
    letter some word goes on with. So a search step to a letter whose bit is off
    costs no look-up at all, and a string reached through a set bit that is no
    stem is a word nothing extends. ``longest`` is the longest word's length in
    letters (None when unknown), so no path is ever longer.
    """

    def __init__(self, find: Callable[[bytes], int | None], nexts: Sequence[int], letters: str,
                 longest: int | None, *keep: object) -> None:
        self.find, self.nexts, self.letters, self.longest = find, nexts, letters, longest
        self.letter_bits = _letter_bits(letters)
        self._keep = keep  # the trie and the mapped file that ``find`` and ``nexts`` read

    def state(self, key: bytes) -> int:
        """Return IS_WORD and HAS_LONGER as they hold for ``key`` (0 when no word starts with it)."""
        found = self.find(key)
        if found is not None:
            value = self.nexts[found]
            return (value & IS_WORD) | (HAS_LONGER if value > IS_WORD else 0)
        try:
            text = key.decode()
        except UnicodeDecodeError:
            return 0  # half a letter: no word starts so
        stem = self.find(text[:-1].encode()) if text else None
        if stem is not None and self.nexts[stem] & self.letter_bits.get(text[-1], 0):
            return IS_WORD  # reached through a stem, yet no stem itself: a word nothing extends
        return 0

    @classmethod
    def from_words(cls, words: Iterable[bytes]) -> PrefixIndex:
        """Return the index of ``words``, built in memory."""
        trie, nexts, letters, longest = _build_index(words)
        return cls(trie.get, nexts, letters, longest, trie)

    @classmethod
    def from_trie(cls, trie: marisa_trie.BinaryTrie, letters: str) -> PrefixIndex:
        """Return an index worked out from the word trie as the solver asks (for a .marisa with no .index).

        It can only offer the ``letters`` it is given: those of the language's alphabet.
        """
        completions, bits = trie.iterkeys, _letter_bits(letters)
        probes = [(letter.encode(), bit) for letter, bit in bits.items()]
        ids: dict[bytes, int | None] = {}
        nexts: list[int] = []

        def find(key: bytes) -> int | None:
            if key in ids:
                return ids[key]
            # Read what follows off the words that start with ``key`` when they are few;
            # else ask once per letter whether any word starts with key + letter.
            few = list(islice(completions(key), _FEW_COMPLETIONS))
            value = 0
            if len(few) < _FEW_COMPLETIONS:
                for word in few:
                    value |= IS_WORD if word == key else bits.get(word[len(key):].decode()[0], 0)
            else:
                for letter, bit in probes:
                    if next(completions(key + letter), None) is not None:
                        value |= bit
                value |= IS_WORD if key in trie else 0
            ids[key] = len(nexts) if value > IS_WORD else None
            if value > IS_WORD:
                nexts.append(value)
            return ids[key]

        return cls(find, nexts, letters, None, trie)


def _letter_bits(letters: str) -> dict[str, int]:
    """Return each letter's bit in a PrefixIndex value, in order; bit 0 is IS_WORD."""
    return {letter: 2 << position for position, letter in enumerate(letters)}


def index_path(dictionary: str | os.PathLike) -> str:
    """Return where the PrefixIndex of a compiled dictionary lives."""
    return os.path.splitext(dictionary)[0] + ".index"


def map_index(dictionary: str) -> tuple[mmap.mmap, Footer] | None:
    """Return the index beside ``dictionary``, mapped, and its footer; None if missing or not this format."""
    path = index_path(dictionary)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
    except (OSError, ValueError):
        return None
    check_installed(path)  # a bundled index is checked before it is read
    try:
        with open(path, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    if len(mapped) < INDEX_FOOTER.size:
        return None
    footer = Footer._make(INDEX_FOOTER.unpack_from(mapped, len(mapped) - INDEX_FOOTER.size))
    return (mapped, footer) if footer.magic == _INDEX_MAGIC else None


def map_trie(kind: type, path: str):
    """Return a trie of ``kind`` mapped from ``path``; raise MemoryError when there is no address space left for it."""
    try:
        return kind().mmap(path)
    except RuntimeError as err:
        if "MAP_FAILED" in str(err):  # mmap refused: a low `ulimit -v`, not a bad file
            raise MemoryError(str(err)) from None
        raise


def read_index(mapped: mmap.mmap, footer: Footer, path: str) -> PrefixIndex | None:
    """Return the PrefixIndex in the index file at ``path``, mapped with its ``footer``; None if it is damaged."""
    typecode = VALUE_TYPECODES.get(footer.width)
    letters_start = footer.start + footer.keys * footer.width
    end = len(mapped) - INDEX_FOOTER.size
    if typecode is None or letters_start + footer.letters_size != end:
        return None
    try:
        import marisa_trie

        letters = bytes(mapped[letters_start:end]).decode()
        trie = map_trie(marisa_trie.BinaryTrie, path)
    except (UnicodeDecodeError, RuntimeError):
        return None
    if len(trie) != footer.keys or len(set(letters)) != len(letters) or len(letters) >= footer.width * 8:
        return None
    values = memoryview(mapped)[footer.start:letters_start]
    if sys.byteorder == "little":
        nexts: Sequence[int] = values.cast(typecode)
    else:
        import array  # a C extension: only a big-endian machine pays for loading it here

        nexts = array.array(typecode, values)
        nexts.byteswap()
    return PrefixIndex(trie.get, nexts, letters, footer.longest, trie, mapped)


def is_index_file(path: str | os.PathLike) -> bool:
    """Return True if ``path`` ends in the footer of an index of ours (any format), so compile may replace it."""
    footers = {_INDEX_MAGIC: INDEX_FOOTER.size, **_OLD_INDEX_FOOTERS}
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            for magic, footer_size in footers.items():
                if size >= footer_size:
                    handle.seek(size - footer_size)
                    if handle.read(len(magic)) == magic:
                        return True
    except OSError:
        pass
    return False


def index_bytes(words: marisa_trie.BinaryTrie, marisa_size: int, marisa_digest: bytes) -> bytes:
    """Return the .index file of the dictionary ``words`` (its .marisa of this size and digest)."""
    import array  # a C extension: solving never loads it (see load_index)

    trie, nexts, letters, longest = _build_index(words.iterkeys())
    if len(letters) > _MAX_LETTERS:
        raise coded(DictionaryError(f"its words use {len(letters)} different letters; an index holds {_MAX_LETTERS}"),
                    "dictionary_too_many_letters", count=len(letters), most=_MAX_LETTERS)
    width = 4 if len(letters) < 32 else 8
    values = array.array(VALUE_TYPECODES[width], nexts)
    if sys.byteorder != "little":
        values.byteswap()
    body = trie.tobytes()
    body += bytes(-len(body) % 8)  # so the values start aligned
    spelled = letters.encode()
    footer = INDEX_FOOTER.pack(_INDEX_MAGIC, len(words), marisa_size, len(trie), len(body),
                                width, len(spelled), longest, marisa_digest, b"")
    data = body + values.tobytes() + spelled + footer[:-DIGEST_SIZE]
    return data + bytes_digest(data)


def _build_index(words: Iterable[bytes]) -> tuple[marisa_trie.BinaryTrie, list[int], str, int]:
    """Return the trie of the stems of ``words``, their values in key-id order, the letters and the longest length."""
    bits: dict[str, int] = {}  # letter -> its bit, in order of first sight
    values: dict[str, int] = {}
    longest = 0
    for key in words:
        word = key.decode()
        longest = max(longest, len(word))
        values[word] = values.get(word, 0) | IS_WORD
        for end in range(len(word) - 1, -1, -1):
            letter = word[end]
            bit = bits.get(letter) or bits.setdefault(letter, 2 << len(bits))  # as _letter_bits numbers them
            stem = word[:end]
            known = values.get(stem, 0)
            if known & bit:
                break  # an earlier word went this way: the shorter stems know it too
            values[stem] = known | bit
    import marisa_trie

    stems = {stem.encode(): value for stem, value in values.items() if value > IS_WORD}
    trie = marisa_trie.BinaryTrie(stems)
    nexts = [0] * len(trie)
    for stem, key_id in trie.iteritems():
        nexts[key_id] = stems[stem]
    return trie, nexts, "".join(bits), longest
