"""What goes wrong with a dictionary file, each said in one line."""
from __future__ import annotations

import os
import stat

from ruzzle_gui.coded import coded


class DictionaryError(ValueError):
    """A dictionary file is missing, unreadable, corrupt or empty."""


class StaleIndexError(DictionaryError):
    """A sound index beside a .marisa holds another checksum: the pair does not match."""


def check_regular_file(path: str, what: str, may_be_empty: bool = False) -> None:
    """Raise DictionaryError unless ``path`` is a regular file, non-empty unless allowed (never opening a pipe)."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise coded(DictionaryError(f"{what} not found: {path}"),
                    "dictionary_not_found" if what == "dictionary" else "word_list_not_found", path=path) from None
    except OSError as err:
        raise coded(DictionaryError(f"cannot read {path}: {err.strerror}"), "dictionary_unreadable", path=path,
                    problem=err.strerror) from None
    if stat.S_ISDIR(status.st_mode):
        raise coded(DictionaryError(f"{what} is a folder, not a file: {path}"),
                    "dictionary_folder" if what == "dictionary" else "word_list_folder", path=path)
    if not stat.S_ISREG(status.st_mode):
        raise coded(DictionaryError(f"{what} is not a regular file (a device, pipe or socket): {path}"),
                    "dictionary_not_regular" if what == "dictionary" else "word_list_not_regular", path=path)
    if status.st_size == 0 and not may_be_empty:
        raise coded(DictionaryError(f"{what} is empty: {path}"),
                    "dictionary_empty" if what == "dictionary" else "word_list_empty", path=path)


def marisa_reason(err: RuntimeError) -> str:
    """Return the short reason code from a marisa RuntimeError message."""
    text = str(err)
    return text.split(": ")[1] if text.count(": ") >= 2 else text
