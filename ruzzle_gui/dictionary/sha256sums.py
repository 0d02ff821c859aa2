"""The installed dictionaries are checked against ``mt_languages/SHA256SUMS`` before marisa maps them.

marisa trusts the files it maps: a damaged one (a bad disk, an interrupted copy,
a broken package) gives a wrong word list or crashes the process. So each
bundled file is hashed once and compared with the list shipped beside it; the
verdict is remembered in the user's cache folder, keyed by the file's size,
times and inode, so later runs pay one ``stat`` per file. Any write to the file
changes its ctime, which no one can set back, so a changed file is hashed again.

The list is written by ``raw_languages/build.py`` after each build, or by
``python -m ruzzle_gui.checksums [FOLDER]`` (the same format as ``sha256sum``,
so ``cd mt_languages && sha256sum -c SHA256SUMS`` checks it too). This module
knows no folder of its own: ``bundled`` asks it about the bundled files, and the
command names the folder, so the dictionary package never imports the command.
"""
from __future__ import annotations

import os

from ruzzle_gui.coded import said

__all__ = ["SUMS_NAME", "problem", "expected_sums", "file_sha256", "write_sums"]

SUMS_NAME = "SHA256SUMS"
# In the data folder but not data: the package marker, the list itself, Python's caches.
NOT_LISTED = {"__init__.py", SUMS_NAME, "__pycache__"}
_CACHE_NAME = "verified"


def problem(path: str) -> str | None:
    """Return why the installed file ``path`` may not be used (damaged, unlisted), or None if it is sound."""
    folder, name = os.path.split(path)
    expected = expected_sums(folder).get(name)
    if expected is None:
        return said(f"{path} is not in the installed {SUMS_NAME} list, so it cannot be checked", "dictionary_unlisted",
                    path=path, list=SUMS_NAME)
    try:
        status = os.stat(path)
    except OSError as err:
        return said(f"cannot read {path}: {err.strerror}", "dictionary_unreadable", path=path, problem=err.strerror)
    key = _cache_key(path, status, expected)
    remembered = _remembered()
    if key in remembered:
        return None
    try:
        actual = file_sha256(path)
    except OSError as err:
        return said(f"cannot read {path}: {err.strerror}", "dictionary_unreadable", path=path, problem=err.strerror)
    if actual != expected:
        return said(f"{path} is damaged (its checksum differs from the one in {SUMS_NAME})", "dictionary_checksum",
                    path=path, list=SUMS_NAME)
    _remember(remembered | {key})
    return None


def expected_sums(folder: str) -> dict[str, str]:
    """Return {file name: SHA-256 hex} from the list in ``folder`` (empty if it is missing or unreadable)."""
    cached = _SUMS.get(folder)
    if cached is None:
        cached = _SUMS[folder] = _read_sums(os.path.join(folder, SUMS_NAME))
    return cached


_SUMS: dict[str, dict[str, str]] = {}


def _read_sums(path: str) -> dict[str, str]:
    """Return the entries of a ``sha256sum``-style list: 'HEX  NAME' a line."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read(1 << 20).splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    sums = {}
    for line in lines:
        digest, _, name = line.partition("  ")
        if len(digest) == 64 and name:
            sums[name.lstrip("*")] = digest.lower()
    return sums


def file_sha256(path: str) -> str:
    """Return the SHA-256 of the file at ``path``, in hex."""
    import hashlib  # only a check that is not remembered pays for it

    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _cache_key(path: str, status: os.stat_result, expected: str) -> str:
    """Return the line that remembers ``path`` as sound in this state (the expected sum: a reinstall re-checks)."""
    return "\t".join((os.path.realpath(path), str(status.st_size), str(status.st_mtime_ns),
                      str(status.st_ctime_ns), str(status.st_ino), str(status.st_dev), expected))


def cache_file() -> str:
    """Return where the verdicts are remembered: ``ruzzle_gui/verified`` in the user's cache folder."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ruzzle_gui", _CACHE_NAME)


_remembered_lines: set[str] | None = None


def _remembered() -> set[str]:
    """Return the remembered verdicts (none if the cache is missing or unreadable: they are only hashed again)."""
    global _remembered_lines
    if _remembered_lines is None:
        try:
            with open(cache_file(), encoding="utf-8") as handle:
                _remembered_lines = set(handle.read(1 << 20).splitlines())
        except (OSError, UnicodeDecodeError):
            _remembered_lines = set()
    return _remembered_lines


def _remember(lines: set[str]) -> None:
    """Store the verdicts, dropping those of files no longer in that state; a failure only costs a hash later."""
    global _remembered_lines
    current = {line for line in lines if _still_true(line)}
    _remembered_lines = current
    from ruzzle_gui.files import write_atomically, write_bytes  # only a fresh check writes

    path = cache_file()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomically(path, lambda partial: write_bytes(partial, "".join(f"{line}\n" for line in sorted(current))
                                                           .encode()))
    except OSError:
        pass


def _still_true(line: str) -> bool:
    """Return True if the file a cache line names is still in the state it records."""
    fields = line.split("\t")
    try:
        status = os.stat(fields[0])
    except (OSError, IndexError, ValueError):
        return False
    return _cache_key(fields[0], status, fields[-1]) == line


def write_sums(folder: str) -> str:
    """Write ``folder``'s SHA256SUMS from the files in it now; return its path."""
    from ruzzle_gui.files import write_atomically, write_bytes

    names = sorted(name for name in os.listdir(folder)
                   if name not in NOT_LISTED and os.path.isfile(os.path.join(folder, name)))
    text = "".join(f"{file_sha256(os.path.join(folder, name))}  {name}\n" for name in names)
    path = os.path.join(folder, SUMS_NAME)
    write_atomically(path, lambda partial: write_bytes(partial, text.encode()))
    _SUMS.pop(folder, None)
    return path
