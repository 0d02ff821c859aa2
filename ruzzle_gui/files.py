"""Writing a user's files safely: never over one of the inputs, never half-written."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["same_file", "input_among", "write_atomically"]


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Return True if ``a`` and ``b`` are the same existing file (links, hard or symbolic, count)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False  # one of them does not exist (yet): nothing there to lose


def input_among(output: str | os.PathLike, inputs: Iterable[str | os.PathLike | None]) -> Path | None:
    """Return the first of ``inputs`` that ``output`` would overwrite, or None."""
    for path in inputs:
        if path is not None and same_file(output, path):
            return Path(path)
    return None


def write_atomically(out_path: str | os.PathLike, write: Callable[[Path], object]) -> None:
    """Have ``write`` fill a temporary file beside ``out_path``, then move it into place.

    A failed write (a full disk, say) leaves the old file whole, and a process that
    has the old file memory-mapped keeps its pages. A link is followed, so the file
    it points to is replaced, and keeps its permissions. Something that is not a
    regular file (/dev/null, a FIFO) is written to directly: it cannot be replaced.
    Raises OSError naming ``out_path``.
    """
    target = Path(os.path.realpath(out_path))
    if target.exists() and not target.is_file():
        write(target)
        return
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        write(partial)
        if target.exists():
            os.chmod(partial, target.stat().st_mode & 0o7777)
        os.replace(partial, target)
    except OSError as err:
        raise OSError(err.errno, err.strerror, str(out_path)) from None
    finally:
        partial.unlink(missing_ok=True)
