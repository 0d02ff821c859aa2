"""Writing a user's files safely: never over one of the inputs, never half-written.

Paths are plain strings here, as in every engine module: importing pathlib
costs a script more start-up time than solving a 4x4 board.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable

__all__ = ["same_file", "input_among", "write_atomically", "write_bytes"]


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Return True if ``a`` and ``b`` are the same existing file (links, hard or symbolic, count)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False  # one of them does not exist (yet): nothing there to lose


def input_among(output: str | os.PathLike, inputs: Iterable[str | os.PathLike | None]) -> str | None:
    """Return the first of ``inputs`` that ``output`` would overwrite, or None."""
    for path in inputs:
        if path is not None and same_file(output, path):
            return os.fspath(path)
    return None


def write_atomically(out_path: str | os.PathLike, write: Callable[[str], object]) -> None:
    """Have ``write`` fill a temporary file (its path given) beside ``out_path``, then move it into place.

    A failed write (a full disk, say) leaves the old file whole, and a process that
    has the old file memory-mapped keeps its pages. A link is followed, so the file
    it points to is replaced, and keeps its permissions. Something that is not a
    regular file (/dev/null, a FIFO) is written to directly: it cannot be replaced.
    Raises OSError naming ``out_path``.
    """
    target = os.path.realpath(out_path)
    if os.path.exists(target) and not os.path.isfile(target):
        write(target)
        return
    folder, name = os.path.split(target)
    partial = os.path.join(folder, f".{name}.{os.getpid()}.partial")
    try:
        write(partial)
        if os.path.exists(target):
            os.chmod(partial, os.stat(target).st_mode & 0o7777)
        os.replace(partial, target)
    except OSError as err:
        raise OSError(err.errno, err.strerror, os.fspath(out_path)) from None
    finally:
        try:
            os.unlink(partial)
        except FileNotFoundError:
            pass


def write_bytes(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path`` (a ``write`` for write_atomically: ``lambda p: write_bytes(p, data)``)."""
    with open(path, "wb") as handle:
        handle.write(data)
