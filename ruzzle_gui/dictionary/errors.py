"""What goes wrong with a dictionary file, each said in one line."""
from __future__ import annotations

import os
import stat


class DictionaryError(ValueError):
    """A dictionary file is missing, unreadable, corrupt or empty."""


class StaleIndexError(DictionaryError):
    """A sound index beside a .marisa holds another checksum: the pair does not match."""


def check_regular_file(path: str, what: str, may_be_empty: bool = False) -> None:
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


def marisa_reason(err: RuntimeError) -> str:
    """Return the short reason code from a marisa RuntimeError message."""
    text = str(err)
    return text.split(": ")[1] if text.count(": ") >= 2 else text
