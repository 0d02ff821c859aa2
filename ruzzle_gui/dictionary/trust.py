"""Which .marisa files may be memory-mapped: marisa trusts what it maps, so a damaged one could crash us.

A bundled dictionary (checked against the installed SHA256SUMS, see
``sha256sums``) or one whose index vouches for it by checksum is
mapped; any other is read by a child process (``child_reader``).
"""
from __future__ import annotations

import os
from functools import lru_cache

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary.bundled import is_bundled
from ruzzle_gui.dictionary.digests import DIGEST_SIZE, bytes_digest, content_digest
from ruzzle_gui.dictionary.errors import StaleIndexError
from ruzzle_gui.dictionary.index import index_path, map_index


def trusted(path: str) -> bool:
    """Return True if the .marisa at ``path`` may be memory-mapped: bundled, or vouched for by its index."""
    return is_bundled(path) or vouched(path)


@lru_cache(maxsize=None)
def vouched(path: str) -> bool:
    """Return True if ``path``'s sound index holds its checksum, False if no sound index is beside it.

    Raise DictionaryError when a sound index holds another checksum: the
    dictionary was damaged or changed after compiling, and its index would lie.
    """
    found = map_index(path)
    if found is None:
        return False
    mapped, footer = found
    with memoryview(mapped) as view:
        if bytes_digest(view[:-DIGEST_SIZE]) != footer.index_digest:
            return False  # a damaged index vouches for nothing
    if content_digest(path) != footer.marisa_digest:
        index = os.path.basename(index_path(path))
        raise coded(StaleIndexError(f"{path} does not match the checksum in {index}: "
                                    f"it was damaged or changed after compiling; compile it again "
                                    f"(ruzzle compile -d {path} -o {path}, or from its word list)"),
                    "dictionary_stale", path=path, index=index)
    return True


def dictionary_digest(path: str | os.PathLike) -> bytes:
    """Return the ``content_digest`` of the .marisa at ``path``, without hashing it again when its index vouches.

    For a bundled dictionary (checked by the test suite) or one whose index was
    checked against it, that is the digest the index records; otherwise the file is hashed.
    """
    path = os.fspath(path)
    found = map_index(path) if trusted(path) else None
    return found[1].marisa_digest if found is not None else content_digest(path)
