"""Dictionaries: memory-mapped marisa tries, plain word lists and hunspell expansion.

A dictionary is a ``marisa_trie.Trie`` whose keys are words already folded
into a language's alphabet. Bundled tries live in the ``mt_languages`` data
package and are memory-mapped, so loading one costs milliseconds.

Beside each compiled ``<name>.marisa`` sits ``<name>.index``, a ``PrefixIndex``:
every prefix of every word, with two bits saying whether it is a word and
whether longer words start so. The solver asks it one exact look-up per new
string, about half the price of a predictive search in the word trie.
"""
from __future__ import annotations

import codecs
import mmap
import os
import shutil
import struct
import subprocess
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

import marisa_trie

__all__ = [
    "DictionaryError", "bundled_path", "load_trie", "load_byte_trie", "read_word_list",
    "fold_words", "compile_words", "expand_hunspell", "FoldReport",
    "PrefixIndex", "index_path", "load_index", "write_index", "IS_WORD", "HAS_LONGER",
]


HUNSPELL_CODECS = {"microsoft-cp1251": "cp1251", "microsoft-cp1252": "cp1252"}


class DictionaryError(ValueError):
    """A dictionary file is missing, unreadable, corrupt or empty."""


def bundled_path(code: str) -> Path:
    """Return the path of the bundled compiled dictionary for ``code``."""
    return _bundled_dir() / f"{code}.marisa"


@lru_cache(maxsize=1)
def _bundled_dir() -> Path:
    """Return the folder of bundled dictionaries, installed or in a source checkout."""
    try:
        return Path(str(resources.files("ruzzle_gui.mt_languages")))
    except ModuleNotFoundError:
        # Imported straight from a checkout (say `python -m ruzzle_gui` at its top),
        # where the data folder sits beside the package rather than inside it.
        return Path(__file__).resolve().parent.parent / "mt_languages"


@lru_cache(maxsize=None)
def load_trie(path: Path) -> marisa_trie.Trie:
    """Return the compiled trie at ``path``, memory-mapped and cached per path."""
    path = Path(path)
    if not path.is_file():
        raise DictionaryError(f"dictionary not found: {path}")
    if path.stat().st_size == 0:
        raise DictionaryError(f"dictionary is empty: {path}")
    try:
        trie = marisa_trie.Trie().mmap(str(path))
    except RuntimeError as err:
        raise DictionaryError(f"{path} is not a valid .marisa dictionary ({_marisa_reason(err)})") from None
    if len(trie) == 0:
        raise DictionaryError(f"dictionary has no words: {path}")
    return trie


@lru_cache(maxsize=None)
def load_byte_trie(path: Path) -> marisa_trie.BinaryTrie:
    """Return the same dictionary as ``load_trie`` with UTF-8 byte keys, memory-mapped and cached."""
    load_trie(path)  # checks the file, or raises DictionaryError
    return marisa_trie.BinaryTrie().mmap(str(path))


def _marisa_reason(err: RuntimeError) -> str:
    """Return the short reason code from a marisa RuntimeError message."""
    text = str(err)
    return text.split(": ")[1] if text.count(": ") >= 2 else text


# The two bits a PrefixIndex keeps per prefix.
IS_WORD, HAS_LONGER = 1, 2
# Codes 1-3 packed at their own positions, so that a look-up returning a code
# unpacks to that code: what PrefixIndex.from_trie uses in place of a table.
_SELF_BITS = bytes([0b11_10_01_00])
# An .index file: a marisa trie of the prefixes, their bits packed four to a
# byte in key-id order, then this footer: magic, the word count and byte size of
# the .marisa it was built from (a stale index is ignored), the prefix count and
# where the bits start.
_INDEX_FOOTER = struct.Struct("<8sQQQQ")
_INDEX_MAGIC = b"RZINDEX1"


class PrefixIndex:
    """Every prefix of a dictionary's words (UTF-8 bytes) with its IS_WORD and HAS_LONGER bits.

    ``find(key)`` returns an id, or None when no word starts with ``key``; the bits
    of an id are ``(bits[id >> 2] >> ((id & 3) << 1)) & 3``. The solver does that
    arithmetic inline, because a method call per look-up would cost a tenth of a solve.
    """

    def __init__(self, find: Callable[[bytes], int | None], bits: bytes | memoryview, *keep: object) -> None:
        self.find, self.bits = find, bits
        self._keep = keep  # the trie and the mapped file that ``find`` and ``bits`` read

    def state(self, key: bytes) -> int:
        """Return the bits of ``key`` (0 when no word starts with it)."""
        found = self.find(key)
        return 0 if found is None else (self.bits[found >> 2] >> ((found & 3) << 1)) & 3

    @classmethod
    def from_words(cls, words: Iterable[bytes]) -> PrefixIndex:
        """Return the index of ``words``, built in memory."""
        trie, bits = _build_index(words)
        return cls(trie.get, bits, trie)

    @classmethod
    def from_trie(cls, trie: marisa_trie.BinaryTrie) -> PrefixIndex:
        """Return an index that answers from the word trie itself (for dictionaries without an .index)."""
        completions = trie.iterkeys

        def find(key: bytes) -> int | None:
            found = completions(key)
            first = next(found, None)
            if first is None:
                return None
            # A predictive search lists the key itself first when it is a word.
            if first != key:
                return HAS_LONGER
            return IS_WORD | HAS_LONGER if next(found, None) is not None else IS_WORD

        return cls(find, _SELF_BITS, trie)


def index_path(dictionary: Path) -> Path:
    """Return where the PrefixIndex of a compiled dictionary lives."""
    return Path(dictionary).with_suffix(".index")


@lru_cache(maxsize=None)
def load_index(dictionary: Path) -> PrefixIndex | None:
    """Return the memory-mapped index beside ``dictionary``, or None if it is missing or stale."""
    path, words = index_path(dictionary), load_byte_trie(dictionary)
    try:
        with path.open("rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    if len(mapped) < _INDEX_FOOTER.size:
        return None
    magic, word_count, word_bytes, keys, start = _INDEX_FOOTER.unpack_from(mapped, len(mapped) - _INDEX_FOOTER.size)
    if (magic != _INDEX_MAGIC or word_count != len(words) or word_bytes != Path(dictionary).stat().st_size
            or start + (keys + 3) // 4 + _INDEX_FOOTER.size != len(mapped)):
        return None
    try:
        trie = marisa_trie.BinaryTrie().mmap(str(path))
    except RuntimeError:
        return None
    if len(trie) != keys:
        return None
    return PrefixIndex(trie.get, memoryview(mapped)[start:start + (keys + 3) // 4], trie, mapped)


def write_index(dictionary: Path) -> None:
    """Write the PrefixIndex of the compiled ``dictionary`` beside it."""
    dictionary = Path(dictionary)
    words = marisa_trie.BinaryTrie().load(str(dictionary))
    trie, bits = _build_index(words.iterkeys())
    body = trie.tobytes()
    footer = _INDEX_FOOTER.pack(_INDEX_MAGIC, len(words), dictionary.stat().st_size, len(trie), len(body))
    _write_atomically(index_path(dictionary), lambda partial: partial.write_bytes(body + bits + footer))


def _build_index(words: Iterable[bytes]) -> tuple[marisa_trie.BinaryTrie, bytes]:
    """Return the trie of every prefix of ``words`` and their bits packed four to a byte."""
    states: dict[bytes, int] = {}
    for word in words:
        states[word] = states.get(word, 0) | IS_WORD
        for end in range(len(word) - 1, 0, -1):
            if 0x80 <= word[end] < 0xC0:
                continue  # inside a UTF-8 letter: the solver never asks for half a letter
            prefix = word[:end]
            known = states.get(prefix, 0)
            if known & HAS_LONGER:
                break  # this prefix's own prefixes were marked with it
            states[prefix] = known | HAS_LONGER
    trie = marisa_trie.BinaryTrie(states)
    packed = bytearray((len(trie) + 3) // 4)
    for key, key_id in trie.iteritems():
        packed[key_id >> 2] |= states[key] << ((key_id & 3) << 1)
    return trie, bytes(packed)


def read_word_list(path: Path) -> Iterator[str]:
    """Yield the non-blank lines of a UTF-8 word list, stripped."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            # Decoding line by line lets the error name the exact line.
            for number, raw in enumerate(handle, 1):
                try:
                    word = raw.decode("utf-8").strip()
                except UnicodeDecodeError:
                    raise DictionaryError(f"{path} is not UTF-8 text (line {number})") from None
                if word:
                    yield word
    except FileNotFoundError:
        raise DictionaryError(f"word list not found: {path}") from None
    except IsADirectoryError:
        raise DictionaryError(f"word list is a folder, not a file: {path}") from None
    except OSError as err:
        raise DictionaryError(f"cannot read {path}: {err.strerror}") from None


class FoldReport:
    """Counts of words kept and dropped (by reason) while folding a word list."""

    def __init__(self) -> None:
        self.read = 0
        self.dropped: Counter[str] = Counter()

    @property
    def dropped_total(self) -> int:
        """Return how many words were dropped for any reason."""
        return sum(self.dropped.values())


def fold_words(words: Iterable[str], fold: Callable[[str], str],
               in_alphabet: Callable[[str], bool],
               report: FoldReport | None = None) -> set[str]:
    """Return the distinct folded words of length >= 2 spelled in the alphabet."""
    report = report if report is not None else FoldReport()
    kept: set[str] = set()
    for word in words:
        report.read += 1
        folded = fold(word)
        if len(folded) < 2:
            report.dropped["shorter than 2 letters"] += 1
        elif not in_alphabet(folded):
            report.dropped["not in the alphabet"] += 1
        elif folded in kept:
            report.dropped["duplicate after folding"] += 1
        else:
            kept.add(folded)
    return kept


def compile_words(words: Iterable[str], out_path: Path) -> int:
    """Write ``words`` as a marisa trie to ``out_path``, its index beside it; return the key count."""
    trie = marisa_trie.Trie(words)
    if len(trie) == 0:
        raise DictionaryError("no words left to compile")
    out_path = Path(out_path)
    _write_atomically(out_path, lambda partial: trie.save(str(partial)))
    try:
        write_index(out_path)
    except DictionaryError as err:
        raise DictionaryError(f"wrote {out_path}, but not its index ({err}); "
                              "it still works, more slowly") from None
    return len(trie)


def _write_atomically(out_path: Path, write: Callable[[Path], object]) -> None:
    """Have ``write`` fill a temporary file beside ``out_path``, then move it into place."""
    # A process that has the old file memory-mapped keeps its pages, where
    # rewriting in place would crash it.
    partial = out_path.with_name(f".{out_path.name}.{os.getpid()}.partial")
    try:
        write(partial)
        os.replace(partial, out_path)
    except (OSError, RuntimeError) as err:
        reason = err.strerror if isinstance(err, OSError) else _marisa_reason(err)
        if not out_path.parent.is_dir():
            reason = "no such folder"
        raise DictionaryError(f"cannot write {out_path}: {reason}") from None
    finally:
        partial.unlink(missing_ok=True)


def expand_hunspell(dic_path: Path) -> Iterator[str]:
    """Yield every word form of a hunspell .dic (with its .aff beside it), via unmunch."""
    dic_path = Path(dic_path)
    aff_path = dic_path.with_suffix(".aff")
    for needed in (dic_path, aff_path):
        if not needed.is_file():
            raise DictionaryError(f"hunspell file not found: {needed}")
    unmunch = shutil.which("unmunch")
    if unmunch is None:
        raise DictionaryError("expanding a hunspell .dic needs 'unmunch' (Debian package hunspell-tools)")
    encoding = _aff_encoding(aff_path)
    with subprocess.Popen([unmunch, str(dic_path), str(aff_path)], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as proc:
        for raw in proc.stdout:
            word = raw.decode(encoding, errors="replace").strip().split("/")[0]
            if word:
                yield word
    if proc.returncode != 0:
        raise DictionaryError(f"unmunch could not expand {dic_path} (exit status {proc.returncode})")


def _aff_encoding(aff_path: Path) -> str:
    """Return the Python codec for the character set a hunspell .aff declares (UTF-8 if none)."""
    with aff_path.open("rb") as handle:
        for raw in handle:
            if raw.split(maxsplit=1)[:1] == [b"SET"]:
                declared = raw[3:].strip().decode("ascii", errors="replace")
                # hunspell's names for two code pages are not Python's.
                name = HUNSPELL_CODECS.get(declared.lower(), declared)
                try:
                    return codecs.lookup(name).name
                except LookupError:
                    raise DictionaryError(f"{aff_path} declares an unknown character set '{declared}'") from None
    return "utf-8"
