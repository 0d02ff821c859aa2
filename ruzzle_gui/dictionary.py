"""Dictionaries: memory-mapped marisa tries, plain word lists and hunspell expansion.

A dictionary is a ``marisa_trie.Trie`` whose keys are words already folded
into a language's alphabet. Bundled tries live in the ``mt_languages`` data
package and are memory-mapped, so loading one costs milliseconds.

Beside each compiled ``<name>.marisa`` sits ``<name>.index``, a ``PrefixIndex``:
every stem (a string some longer word starts with) with the letters words go
on with after it and whether it is a word itself. The solver skips a letter
no word goes on with without any look-up, and asks the index one exact
look-up for each string it does reach. The index also holds the checksum of
its ``.marisa``: marisa trusts what it maps, so only a bundled dictionary
(checked against the installed SHA256SUMS, see ``ruzzle_gui.checksums``) or
one its index vouches for is mapped (see ``load_trie``).

``compile_words`` replaces a dictionary and the files beside it (its
``COMPANION_SUFFIXES``) all together or not at all (``files.replace_together``);
loading one first finishes a compile that was stopped after it was decided.
"""
from __future__ import annotations

import codecs
import mmap
import os
import stat
import struct
import sys
from collections import Counter, namedtuple
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache

# Names only the type checker reads: typing costs start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Literal
from itertools import islice

import marisa_trie

from ruzzle_gui.files import finish_replacing, pending_path, replace_together, write_atomically, write_bytes

__all__ = [
    "DictionaryError", "bundled_path", "content_digest", "dictionary_digest", "is_index_file", "load_trie",
    "load_byte_trie",
    "read_word_list", "fold_words", "compile_words", "MAX_WORD_LETTERS", "expand_hunspell", "FoldReport",
    "PrefixIndex", "index_path", "load_index", "write_index", "IS_WORD", "HAS_LONGER",
    "COMPANION_SUFFIXES", "companion_paths", "bundled_folder", "check_installed", "load_words", "forget_loaded",
]

# The files compiled beside a <name>.marisa, replaced together with it.
COMPANION_SUFFIXES = (".index", ".bands", ".doubt")
REINSTALL = "reinstall ruzzle-gui (pip install --force-reinstall ruzzle-gui, or your system's package)"


class DictionaryError(ValueError):
    """A dictionary file is missing, unreadable, corrupt or empty."""


class StaleIndexError(DictionaryError):
    """A sound index beside a .marisa holds another checksum: the pair does not match."""


def bundled_path(code: str) -> str:
    """Return the path of the bundled compiled dictionary for ``code``."""
    return os.path.join(_bundled_dir(), f"{code}.marisa")


def content_digest(path: str | os.PathLike) -> bytes:
    """Return the first 16 bytes of the SHA-256 of a file: what ties an index or band file to its .marisa."""
    import hashlib  # only verifying pays for it

    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").digest()[:16]


def bundled_folder() -> str:
    """Return the folder of the bundled dictionaries (its real path)."""
    return _bundled_dir()


def companion_paths(dictionary: str | os.PathLike) -> list[str]:
    """Return the files that ``compile`` writes beside ``dictionary`` (whether they exist or not)."""
    stem = os.path.splitext(os.fspath(dictionary))[0]
    return [stem + suffix for suffix in COMPANION_SUFFIXES]


def check_installed(path: str | os.PathLike) -> None:
    """Raise DictionaryError if a bundled file is damaged (see ``ruzzle_gui.checksums``); others pass."""
    path = os.fspath(path)
    if _is_bundled(path):
        _check_installed(os.path.realpath(path))


@lru_cache(maxsize=None)
def _check_installed(path: str) -> None:
    """Raise DictionaryError naming the bundled file at ``path`` and the repair, unless its checksum is right."""
    from ruzzle_gui.checksums import problem  # a bundled dictionary's first load pays for it

    found = problem(path)
    if found is not None:
        raise DictionaryError(f"{found}; {REINSTALL}")


@lru_cache(maxsize=1)
def _bundled_dir() -> str:
    """Return the folder of bundled dictionaries (its real path), installed or in a source checkout."""
    # Installed (wheel or editable), the data package sits inside ruzzle_gui; in a
    # checkout (say `python -m ruzzle_gui` at its top) it sits beside it. Looked up
    # by path, not importlib.resources, whose import costs more than a solve.
    package = os.path.dirname(os.path.realpath(__file__))
    inside = os.path.join(package, "mt_languages")
    return os.path.realpath(inside if os.path.isdir(inside) else os.path.join(package, "..", "mt_languages"))


@lru_cache(maxsize=None)
def load_trie(path: str | os.PathLike) -> marisa_trie.Trie:
    """Return the compiled trie at ``path``, cached per path.

    A bundled dictionary, or one whose index vouches for it by checksum, is
    memory-mapped. marisa trusts what it maps, so a damaged file could crash the
    process: any other .marisa is read by a child process, whose words are
    compiled afresh here (slower, never a crash).
    """
    path = os.fspath(path)
    _finish_compile(path)
    _check_regular_file(path, "dictionary")
    check_installed(path)
    if _trusted(path):
        try:
            trie = _mapped(marisa_trie.Trie, path)
        except RuntimeError as err:
            raise DictionaryError(f"{path} is not a valid .marisa dictionary ({_marisa_reason(err)})") from None
    else:
        trie = marisa_trie.Trie(_read_keys_in_child(path))
    if len(trie) == 0:
        raise DictionaryError(f"dictionary has no words: {path}")
    return trie


@lru_cache(maxsize=None)
def load_byte_trie(path: str | os.PathLike) -> marisa_trie.BinaryTrie:
    """Return the same dictionary as ``load_trie`` with UTF-8 byte keys, cached."""
    path = os.fspath(path)
    trie = load_trie(path)  # checks the file, or raises DictionaryError
    if _trusted(path):
        return _mapped(marisa_trie.BinaryTrie, path)
    return marisa_trie.BinaryTrie().frombytes(trie.tobytes())


def _mapped(kind: type, path: str):
    """Return a trie of ``kind`` mapped from ``path``; raise MemoryError when there is no address space left for it."""
    try:
        return kind().mmap(path)
    except RuntimeError as err:
        if "MAP_FAILED" in str(err):  # mmap refused: a low `ulimit -v`, not a bad file
            raise MemoryError(str(err)) from None
        raise


def _check_regular_file(path: str, what: str, may_be_empty: bool = False) -> None:
    """Raise DictionaryError unless ``path`` is a regular file, non-empty unless allowed (never opening a pipe)."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise DictionaryError(f"{what} not found: {path}") from None
    except OSError as err:
        raise DictionaryError(f"cannot read {path}: {err.strerror}") from None
    if stat.S_ISDIR(status.st_mode):
        raise DictionaryError(f"{what} is a folder, not a file: {path}")
    if not stat.S_ISREG(status.st_mode):
        raise DictionaryError(f"{what} is not a regular file (a device, pipe or socket): {path}")
    if status.st_size == 0 and not may_be_empty:
        raise DictionaryError(f"{what} is empty: {path}")


def _trusted(path: str) -> bool:
    """Return True if the .marisa at ``path`` may be memory-mapped: bundled, or vouched for by its index."""
    return _is_bundled(path) or _vouched(path)


@lru_cache(maxsize=None)
def _is_bundled(path: str) -> bool:
    """Return True for a dictionary shipped with the package (checked by the test suite, trusted at load)."""
    return os.path.dirname(os.path.realpath(path)) == _bundled_dir()


@lru_cache(maxsize=None)
def _vouched(path: str) -> bool:
    """Return True if ``path``'s sound index holds its checksum, False if no sound index is beside it.

    Raise DictionaryError when a sound index holds another checksum: the
    dictionary was damaged or changed after compiling, and its index would lie.
    """
    found = _map_index(path)
    if found is None:
        return False
    mapped, footer = found
    with memoryview(mapped) as view:
        if _bytes_digest(view[:-_DIGEST_SIZE]) != footer.index_digest:
            return False  # a damaged index vouches for nothing
    if content_digest(path) != footer.marisa_digest:
        raise StaleIndexError(f"{path} does not match the checksum in {os.path.basename(index_path(path))}: "
                              f"it was damaged or changed after compiling; compile it again "
                              f"(ruzzle compile -d {path} -o {path}, or from its word list)")
    return True


def load_words(path: str | os.PathLike) -> marisa_trie.Trie:
    """Return the trie at ``path`` as ``load_trie`` does, also when its index does not match (to compile it again).

    Such a .marisa is read by a child process (never a crash), so ``compile -d
    X.marisa -o X.marisa`` and ``cat`` repair or rescue what an interrupted older
    version left.
    """
    path = os.fspath(path)
    try:
        return load_trie(path)
    except StaleIndexError:
        return marisa_trie.Trie(_read_keys_in_child(path))


def _finish_compile(path: str) -> None:
    """Finish a compile of ``path`` stopped after it was decided (all its new files are staged beside it)."""
    if not os.path.exists(pending_path(path)):
        return  # the usual case: one stat
    try:
        finish_replacing([*companion_paths(path), path])
    except OSError as err:
        raise DictionaryError(f"a compile of {path} was interrupted and cannot be finished "
                              f"({err.strerror}: {err.filename}); compile it again "
                              f"(ruzzle compile -d WORDS -o {path})") from None


def dictionary_digest(path: str | os.PathLike) -> bytes:
    """Return the ``content_digest`` of the .marisa at ``path``, without hashing it again when its index vouches.

    For a bundled dictionary (checked by the test suite) or one whose index was
    checked against it, that is the digest the index records; otherwise the file is hashed.
    """
    path = os.fspath(path)
    found = _map_index(path) if _trusted(path) else None
    return found[1].marisa_digest if found is not None else content_digest(path)


# Reads a .marisa in a child process, so a damaged file crashes the child, never
# us. It writes the keys one per line; exit status 3 means a key is not UTF-8
# text or holds a line break, which no compiled dictionary has; 4 that marisa
# refused the file, its reason on standard error.
_KEY_READER = """
import sys, marisa_trie
out = sys.stdout.buffer
try:
    trie = marisa_trie.BinaryTrie().mmap(sys.argv[1])
except RuntimeError as err:
    sys.stderr.write(str(err))
    sys.exit(4)
for key in trie.iterkeys():
    try:
        key.decode()
    except UnicodeDecodeError:
        sys.exit(3)
    if b"\\n" in key:
        sys.exit(3)
    out.write(key + b"\\n")
"""
# The child may take this long (plus a second per MB) and write this many
# times the file's size before it counts as stuck in a damaged file.
_CHILD_SECONDS, _CHILD_OUTPUT_RATIO = 30, 64


def _piped(stream: IO[bytes] | None) -> IO[bytes]:
    """Return a child's pipe, which Popen gives as None only when it was not asked for one."""
    if stream is None:
        raise ValueError("the child process was started without this pipe")
    return stream


def _read_keys_in_child(path: str) -> list[str]:
    """Return the keys of the .marisa at ``path``, read by a child process; raise DictionaryError if it fails."""
    import subprocess  # with threading, only an unverified dictionary pays for them
    import threading

    size = os.stat(path).st_size
    limit = _CHILD_OUTPUT_RATIO * size + (1 << 20)
    command = [sys.executable, "-P", "-c", _KEY_READER, path]  # -P: no module from the current folder
    stuck = threading.Event()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        def give_up() -> None:
            stuck.set()
            child.kill()

        timer = threading.Timer(_CHILD_SECONDS + size / 1e6, give_up)
        timer.start()
        try:
            data = _piped(child.stdout).read(limit + 1)
            if len(data) > limit:
                stuck.set()
                child.kill()
        finally:
            timer.cancel()
        status = child.wait()
        refusal = _piped(child.stderr).read(1000).decode(errors="replace")
    if status == 0 and not stuck.is_set():
        return data.decode().split("\n")[:-1]  # the child checked every key is UTF-8
    if status == 4 and not stuck.is_set():
        reason = _marisa_reason(RuntimeError(refusal))
        raise DictionaryError(f"{path} is not a valid .marisa dictionary ({reason})")
    if stuck.is_set():
        why = "reading it did not end"
    elif status == 3:
        why = "it holds a word that is not UTF-8 text"
    elif status < 0:
        why = f"reading it crashed marisa (signal {-status})"
    else:
        why = f"marisa could not read it (exit status {status})"
    raise DictionaryError(f"{path} is damaged: {why}; compile it again from its word list "
                          f"(ruzzle compile -d WORDS -o {path})")


def _marisa_reason(err: RuntimeError) -> str:
    """Return the short reason code from a marisa RuntimeError message."""
    text = str(err)
    return text.split(": ")[1] if text.count(": ") >= 2 else text


# What PrefixIndex.state says of a string: it is a word, and longer words start so.
IS_WORD, HAS_LONGER = 1, 2
# An .index file: a marisa trie of the stems, padded to 8 bytes; their values
# in key-id order, little-endian, ``width`` bytes each; the letters in bit order
# (UTF-8); then this footer: magic, the word count and byte size of the .marisa
# it was built from, the stem count, where the values start, the value width,
# the letters' byte length, the longest word's length, the content digest of the
# .marisa (a stale or damaged pair is refused) and last the digest of everything
# before it, so a damaged index vouches for nothing.
_INDEX_FOOTER = struct.Struct("<8sQQQQQII16s16s")
_INDEX_MAGIC = b"RZINDEX3"
_DIGEST_SIZE = 16
# Earlier formats, with their footer sizes: an index of ours, so compile may replace it.
_OLD_INDEX_FOOTERS = {b"RZINDEX1": 56, b"RZINDEX2": 56}


# The fields of an index footer, in order (a plain namedtuple: typing costs start-up time).
_Footer = namedtuple("_Footer", "magic word_count word_bytes keys start width letters_size longest "
                                "marisa_digest index_digest")


# Value width in bytes -> array typecode. Bit 0 is IS_WORD, so 8 bytes hold 63 letters.
_VALUE_TYPECODES: dict[int, Literal["I", "Q"]] = {4: "I", 8: "Q"}
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


def _map_index(dictionary: str) -> tuple[mmap.mmap, _Footer] | None:
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
    if len(mapped) < _INDEX_FOOTER.size:
        return None
    footer = _Footer._make(_INDEX_FOOTER.unpack_from(mapped, len(mapped) - _INDEX_FOOTER.size))
    return (mapped, footer) if footer.magic == _INDEX_MAGIC else None


def _bytes_digest(data: bytes | memoryview) -> bytes:
    """Return the first 16 bytes of the SHA-256 of ``data``, as ``content_digest`` does for a file."""
    import hashlib

    return hashlib.sha256(data).digest()[:_DIGEST_SIZE]


def is_index_file(path: str | os.PathLike) -> bool:
    """Return True if ``path`` ends in the footer of an index of ours (any format), so compile may replace it."""
    footers = {_INDEX_MAGIC: _INDEX_FOOTER.size, **_OLD_INDEX_FOOTERS}
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


@lru_cache(maxsize=None)
def load_index(dictionary: str | os.PathLike) -> PrefixIndex | None:
    """Return the memory-mapped index beside ``dictionary``, or None if it is missing, stale or damaged."""
    dictionary = os.fspath(dictionary)
    words = load_byte_trie(dictionary)  # checks the dictionary against the index's checksum
    found = _map_index(dictionary) if _trusted(dictionary) else None
    if found is None:
        return None
    mapped, footer = found
    typecode = _VALUE_TYPECODES.get(footer.width)
    letters_start = footer.start + footer.keys * footer.width
    end = len(mapped) - _INDEX_FOOTER.size
    if (footer.word_count != len(words) or footer.word_bytes != os.stat(dictionary).st_size
            or typecode is None or letters_start + footer.letters_size != end):
        return None
    try:
        letters = bytes(mapped[letters_start:end]).decode()
        trie = _mapped(marisa_trie.BinaryTrie, index_path(dictionary))
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


def write_index(dictionary: str | os.PathLike) -> None:
    """Write the PrefixIndex of the compiled ``dictionary`` beside it (a file this process wrote or trusts)."""
    dictionary = os.fspath(dictionary)
    data = _index_bytes(marisa_trie.BinaryTrie().load(dictionary), os.stat(dictionary).st_size,
                        content_digest(dictionary))
    _write_atomically(index_path(dictionary), lambda partial: write_bytes(partial, data))


def _index_bytes(words: marisa_trie.BinaryTrie, marisa_size: int, marisa_digest: bytes) -> bytes:
    """Return the .index file of the dictionary ``words`` (its .marisa of this size and digest)."""
    import array  # a C extension: solving never loads it (see load_index)

    trie, nexts, letters, longest = _build_index(words.iterkeys())
    if len(letters) > _MAX_LETTERS:
        raise DictionaryError(f"its words use {len(letters)} different letters; an index holds {_MAX_LETTERS}")
    width = 4 if len(letters) < 32 else 8
    values = array.array(_VALUE_TYPECODES[width], nexts)
    if sys.byteorder != "little":
        values.byteswap()
    body = trie.tobytes()
    body += bytes(-len(body) % 8)  # so the values start aligned
    spelled = letters.encode()
    footer = _INDEX_FOOTER.pack(_INDEX_MAGIC, len(words), marisa_size, len(trie), len(body),
                                width, len(spelled), longest, marisa_digest, b"")
    data = body + values.tobytes() + spelled + footer[:-_DIGEST_SIZE]
    return data + _bytes_digest(data)


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
    stems = {stem.encode(): value for stem, value in values.items() if value > IS_WORD}
    trie = marisa_trie.BinaryTrie(stems)
    nexts = [0] * len(trie)
    for stem, key_id in trie.iteritems():
        nexts[key_id] = stems[stem]
    return trie, nexts, "".join(bits), longest


# The longest word kept, in letters. Longer lines are dropped (and counted):
# indexing a word costs memory quadratic in its length.
MAX_WORD_LETTERS = 64
# A line is read at most this far (4 bytes a letter, room for combining accents); the rest is skipped.
_MAX_LINE_BYTES = 16 * MAX_WORD_LETTERS


def read_word_list(path: str | os.PathLike) -> Iterator[str]:
    """Yield the non-blank lines of a UTF-8 word list, stripped and NFC-normalised.

    A line too long to be a word is cut short (its rest skipped unread into
    memory), so ``fold_words`` drops it as longer than MAX_WORD_LETTERS.
    """
    import unicodedata

    path = os.fspath(path)
    _check_regular_file(path, "word list", may_be_empty=True)  # an empty list has no words: said later
    try:
        with open(path, "rb") as handle:
            # Decoding line by line lets the error name the exact line.
            for number, raw in enumerate(_capped_lines(handle), 1):
                if number == 1:
                    raw = raw.removeprefix(codecs.BOM_UTF8)  # Windows Notepad starts files so
                try:
                    word = raw.decode("utf-8").strip()
                except UnicodeDecodeError:
                    if len(raw) < _MAX_LINE_BYTES:
                        raise DictionaryError(f"{path} is not UTF-8 text (line {number})") from None
                    word = raw.decode("utf-8", errors="ignore")  # cut mid-letter: too long anyway
                if word:
                    yield unicodedata.normalize("NFC", word)
    except OSError as err:
        raise DictionaryError(f"cannot read {path}: {err.strerror}") from None


def _capped_lines(handle) -> Iterator[bytes]:
    """Yield the lines of a binary file, each cut to _MAX_LINE_BYTES (the rest of a longer line skipped)."""
    while line := handle.readline(_MAX_LINE_BYTES):
        if len(line) == _MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := handle.readline(_MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
        yield line


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
        elif len(folded) > MAX_WORD_LETTERS:
            report.dropped[f"longer than {MAX_WORD_LETTERS} letters"] += 1
        elif not in_alphabet(folded):
            report.dropped["not in the alphabet"] += 1
        elif folded in kept:
            report.dropped["duplicate after folding"] += 1
        else:
            kept.add(folded)
    return kept


# What compile_words asks for the files beside a new dictionary: (trie, content digest) -> {path: content}.
Beside = Callable[[marisa_trie.Trie, bytes], dict[str, bytes]]


def compile_words(words: Iterable[str], out_path: str | os.PathLike, beside: Beside | None = None) -> int:
    """Write ``words`` as a marisa trie to ``out_path``, with its index and what ``beside`` gives; return the key count.

    All the files change together or none does, whatever stops the run (see
    ``files.replace_together``). Raises DictionaryError naming the file that
    could not be written and the reason.
    """
    trie = marisa_trie.Trie(words)
    if len(trie) == 0:
        raise DictionaryError("no words left to compile")
    out_path = os.fspath(out_path)
    if not os.path.isdir(os.path.dirname(os.path.realpath(out_path))):
        raise DictionaryError(f"cannot write {out_path}: no such folder")
    data = trie.tobytes()
    digest = _bytes_digest(data)
    try:
        files = {index_path(out_path): _index_bytes(marisa_trie.BinaryTrie().frombytes(data), len(data), digest)}
        no_index = None
    except DictionaryError as err:
        files, no_index = {}, err
    files.update(beside(trie, digest) if beside is not None else {})
    files[out_path] = data  # last: its arrival marks the change as decided
    removed = False
    try:
        if no_index is not None:
            removed = _remove_index(out_path)  # first: a dictionary without an index is slower, never wrong
        replace_together([(path, _bytes_writer(content)) for path, content in files.items()])
    except OSError as err:
        raise DictionaryError(f"cannot write {err.filename}: {_reason(err, err.filename)}; "
                              f"{out_path} and the files beside it were left as they were") from None
    finally:
        forget_loaded()
    if no_index is not None:
        old = f"removed the old {os.path.basename(index_path(out_path))}; " if removed else ""
        raise DictionaryError(f"wrote {out_path}, but not its index ({no_index}); {old}it still works, more slowly")
    return len(trie)


def _bytes_writer(data: bytes) -> Callable[[str], None]:
    """Return a ``write`` for ``replace_together`` that fills the file it is given with ``data``."""
    return lambda partial: write_bytes(partial, data)


def _remove_index(dictionary: str) -> bool:
    """Remove the index an earlier compile left beside ``dictionary``; return True if there was one.

    Raises OSError naming it if it cannot be removed.
    """
    index = index_path(dictionary)
    if not (os.path.exists(index) and is_index_file(index)):
        return False
    try:
        os.unlink(index)
    except OSError as err:
        raise OSError(err.errno, err.strerror, index) from None
    return True


def forget_loaded() -> None:
    """Drop every cached trie, index and verdict: a file this process loaded may just have been replaced.

    Dropping them also closes their files: each mapped dictionary holds two descriptors.
    """
    for cached in (load_trie, load_byte_trie, _vouched, load_index):
        cached.cache_clear()


def _write_atomically(out_path: str, write: Callable[[str], object]) -> None:
    """Write ``out_path`` through a temporary file (files.write_atomically); raise DictionaryError naming it."""
    # A process that has the old file memory-mapped keeps its pages, where
    # rewriting in place would crash it.
    try:
        write_atomically(out_path, write)
    except OSError as err:
        raise DictionaryError(f"cannot write {out_path}: {_reason(err, out_path)}") from None


def _reason(err: OSError, path: str) -> str:
    """Return why ``path`` could not be written, in words ("no such folder" rather than a bare ENOENT)."""
    if not os.path.isdir(os.path.dirname(path) or "."):
        return "no such folder"
    return err.strerror or str(err)


def expand_hunspell(dic_path: str | os.PathLike) -> Iterator[str]:
    """Yield every word form of a hunspell .dic (with its .aff beside it), expanded by ``ruzzle_gui.hunspell``."""
    dic_path = os.fspath(dic_path)
    aff_path = os.path.splitext(dic_path)[0] + ".aff"
    for needed in (dic_path, aff_path):
        if not os.path.isfile(needed):
            raise DictionaryError(f"hunspell file not found: {needed}")
    from ruzzle_gui import hunspell  # re and dataclasses: only for hunspell, too slow for every command

    with open(dic_path, "rb") as dic, open(aff_path, "rb") as aff:
        dic_raw, aff_raw = dic.read(), aff.read()
    try:
        yield from hunspell.expand(dic_raw, aff_raw)
    except hunspell.HunspellError as err:
        raise DictionaryError(f"{aff_path} {err}") from None
