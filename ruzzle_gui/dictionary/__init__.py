"""Dictionaries: memory-mapped marisa tries, plain word lists and hunspell expansion.

A dictionary is a ``marisa_trie.Trie`` whose keys are words already folded
into a language's alphabet. Bundled tries live in the ``mt_languages`` data
package and are memory-mapped, so loading one costs milliseconds.

The package's modules, each named for what it holds:

- ``errors``: DictionaryError, and checking a path is a regular file;
- ``digests``: the checksums that tie an index or band file to its .marisa;
- ``sha256sums``: checking installed files against the SHA256SUMS list shipped beside them;
- ``bundled``: where the bundled dictionaries are, and whether their files are sound;
- ``index``: the PrefixIndex beside each .marisa, and its file format;
- ``trust``: which .marisa may be memory-mapped (bundled, or vouched for by its index);
- ``child_reader``: reading an untrusted .marisa in a child process;
- ``loading``: loading tries and indexes, cached per path;
- ``compiling``: writing a dictionary with its index and the files beside it;
- ``word_lists``: reading word lists and hunspell files, folding words into an alphabet.

Every public name is importable from here, as before the split; the compiler and the
child reader are imported only when used.
"""
from __future__ import annotations

from ruzzle_gui.dictionary.bundled import (
    COMPANION_SUFFIXES,
    bundled_folder,
    bundled_path,
    check_installed,
    companion_paths,
)
from ruzzle_gui.dictionary.digests import content_digest
from ruzzle_gui.dictionary.errors import DictionaryError
from ruzzle_gui.dictionary.index import HAS_LONGER, IS_WORD, PrefixIndex, index_path, is_index_file
from ruzzle_gui.dictionary.loading import forget_loaded, load_byte_trie, load_index, load_trie, load_words
from ruzzle_gui.dictionary.trust import dictionary_digest
from ruzzle_gui.dictionary.word_lists import (
    MAX_WORD_LETTERS,
    FoldReport,
    expand_hunspell,
    fold_words,
    read_word_list,
)

# Names only the type checker reads here: compiling is imported on first use (below).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ruzzle_gui.dictionary.compiling import compile_words, write_index

__all__ = [
    "DictionaryError", "bundled_path", "content_digest", "dictionary_digest", "is_index_file", "load_trie",
    "load_byte_trie",
    "read_word_list", "fold_words", "compile_words", "MAX_WORD_LETTERS", "expand_hunspell", "FoldReport",
    "PrefixIndex", "index_path", "load_index", "write_index", "IS_WORD", "HAS_LONGER",
    "COMPANION_SUFFIXES", "companion_paths", "bundled_folder", "check_installed", "load_words", "forget_loaded",
]


def __getattr__(name: str) -> object:
    """Return ``compile_words`` or ``write_index``, importing the compiler on first use: a solve never needs it."""
    if name not in ("compile_words", "write_index"):
        raise AttributeError(f"module 'ruzzle_gui.dictionary' has no attribute {name!r}")
    from ruzzle_gui.dictionary import compiling

    return getattr(compiling, name)
