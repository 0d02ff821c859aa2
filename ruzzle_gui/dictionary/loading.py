"""Loading a dictionary: its trie and its index, mapped when trusted, each cached per path.

Loading one first finishes a compile that was stopped after it was decided
(``files.replace_together``).
"""
from __future__ import annotations

import os
from functools import lru_cache

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary.bundled import check_installed, companion_paths
from ruzzle_gui.dictionary.errors import DictionaryError, StaleIndexError, check_regular_file, marisa_reason
from ruzzle_gui.dictionary.index import PrefixIndex, index_path, map_index, map_trie, read_index
from ruzzle_gui.dictionary.trust import trusted, vouched
from ruzzle_gui.files import finish_replacing, pending_path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import marisa_trie  # imported where a trie is loaded: reading a screenshot loads a language, not its words


@lru_cache(maxsize=None)
def load_trie(path: str | os.PathLike) -> marisa_trie.Trie:
    """Return the compiled trie at ``path``, cached per path.

    A bundled dictionary, or one whose index vouches for it by checksum, is
    memory-mapped. marisa trusts what it maps, so a damaged file could crash the
    process: any other .marisa is read by a child process, whose words are
    compiled afresh here (slower, never a crash).
    """
    import marisa_trie

    path = os.fspath(path)
    _finish_compile(path)
    check_regular_file(path, "dictionary")
    check_installed(path)
    if trusted(path):
        try:
            trie = map_trie(marisa_trie.Trie, path)
        except RuntimeError as err:
            reason = marisa_reason(err)
            raise coded(DictionaryError(f"{path} is not a valid .marisa dictionary ({reason})"),
                        "dictionary_not_marisa", path=path, reason=reason) from None
    else:
        from ruzzle_gui.dictionary.child_reader import read_keys_in_child  # only an unvouched file pays for it

        trie = marisa_trie.Trie(read_keys_in_child(path))
    if len(trie) == 0:
        raise coded(DictionaryError(f"dictionary has no words: {path}"), "dictionary_no_words", path=path)
    return trie


@lru_cache(maxsize=None)
def load_byte_trie(path: str | os.PathLike) -> marisa_trie.BinaryTrie:
    """Return the same dictionary as ``load_trie`` with UTF-8 byte keys, cached."""
    import marisa_trie

    path = os.fspath(path)
    trie = load_trie(path)  # checks the file, or raises DictionaryError
    if trusted(path):
        return map_trie(marisa_trie.BinaryTrie, path)
    return marisa_trie.BinaryTrie().frombytes(trie.tobytes())


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
        import marisa_trie

        from ruzzle_gui.dictionary.child_reader import read_keys_in_child

        return marisa_trie.Trie(read_keys_in_child(path))


def _finish_compile(path: str) -> None:
    """Finish a compile of ``path`` stopped after it was decided (all its new files are staged beside it)."""
    if not os.path.exists(pending_path(path)):
        return  # the usual case: one stat
    try:
        finish_replacing([*companion_paths(path), path])
    except OSError as err:
        raise coded(DictionaryError(f"a compile of {path} was interrupted and cannot be finished "
                                    f"({err.strerror}: {err.filename}); compile it again "
                                    f"(ruzzle compile -d WORDS -o {path})"),
                    "dictionary_interrupted", path=path, problem=err.strerror, file=err.filename) from None


@lru_cache(maxsize=None)
def load_index(dictionary: str | os.PathLike) -> PrefixIndex | None:
    """Return the memory-mapped index beside ``dictionary``, or None if it is missing, stale or damaged."""
    dictionary = os.fspath(dictionary)
    words = load_byte_trie(dictionary)  # checks the dictionary against the index's checksum
    found = map_index(dictionary) if trusted(dictionary) else None
    if found is None:
        return None
    mapped, footer = found
    if footer.word_count != len(words) or footer.word_bytes != os.stat(dictionary).st_size:
        return None  # an index of another dictionary
    return read_index(mapped, footer, index_path(dictionary))


def forget_loaded() -> None:
    """Drop every cached trie, index and verdict: a file this process loaded may just have been replaced.

    Dropping them also closes their files: each mapped dictionary holds two descriptors.
    """
    for cached in (load_trie, load_byte_trie, vouched, load_index):
        cached.cache_clear()
