"""Compiling words into a dictionary: the .marisa, its index and the files beside it, all together or none.

``compile_words`` replaces a dictionary and the files beside it (its
``COMPANION_SUFFIXES``) all together or not at all (``files.replace_together``).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable

import marisa_trie

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary.digests import bytes_digest, content_digest
from ruzzle_gui.dictionary.errors import DictionaryError
from ruzzle_gui.dictionary.index import index_bytes, index_path, is_index_file
from ruzzle_gui.dictionary.loading import forget_loaded
from ruzzle_gui.files import replace_together, write_atomically, write_bytes

# Why a file could not be written when its folder is missing (the app says it in its language).
NO_FOLDER = "no such folder"
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
        raise coded(DictionaryError("no words left to compile"), "dictionary_nothing_to_compile")
    out_path = os.fspath(out_path)
    if not os.path.isdir(os.path.dirname(os.path.realpath(out_path))):
        raise coded(DictionaryError(f"cannot write {out_path}: {NO_FOLDER}"), "dictionary_unwritable", path=out_path,
                    problem=NO_FOLDER)
    data = trie.tobytes()
    digest = bytes_digest(data)
    try:
        files = {index_path(out_path): index_bytes(marisa_trie.BinaryTrie().frombytes(data), len(data), digest)}
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
        reason = _reason(err, err.filename)
        raise coded(DictionaryError(f"cannot write {err.filename}: {reason}; "
                                    f"{out_path} and the files beside it were left as they were"),
                    "dictionary_write_kept", path=err.filename, problem=reason, dictionary=out_path) from None
    finally:
        forget_loaded()
    if no_index is not None:
        index = os.path.basename(index_path(out_path))
        old = f"removed the old {index}; " if removed else ""
        text = f"wrote {out_path}, but not its index ({no_index}); {old}it still works, more slowly"
        raise coded(DictionaryError(text),
                    "dictionary_no_index_removed" if removed else "dictionary_no_index", path=out_path,
                    problem=no_index, index=index)
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


def write_index(dictionary: str | os.PathLike) -> None:
    """Write the PrefixIndex of the compiled ``dictionary`` beside it (a file this process wrote or trusts)."""
    dictionary = os.fspath(dictionary)
    data = index_bytes(marisa_trie.BinaryTrie().load(dictionary), os.stat(dictionary).st_size,
                        content_digest(dictionary))
    _write_atomically(index_path(dictionary), lambda partial: write_bytes(partial, data))


def _write_atomically(out_path: str, write: Callable[[str], object]) -> None:
    """Write ``out_path`` through a temporary file (files.write_atomically); raise DictionaryError naming it."""
    # A process that has the old file memory-mapped keeps its pages, where
    # rewriting in place would crash it.
    try:
        write_atomically(out_path, write)
    except OSError as err:
        reason = _reason(err, out_path)
        raise coded(DictionaryError(f"cannot write {out_path}: {reason}"), "dictionary_unwritable", path=out_path,
                    problem=reason) from None


def _reason(err: OSError, path: str) -> str:
    """Return why ``path`` could not be written, in words ("no such folder" rather than a bare ENOENT)."""
    if not os.path.isdir(os.path.dirname(path) or "."):
        return NO_FOLDER
    return err.strerror or str(err)
