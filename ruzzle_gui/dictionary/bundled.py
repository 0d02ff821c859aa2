"""The dictionaries shipped with the package: where they are, and whether the installed files are sound."""
from __future__ import annotations

import os
from functools import lru_cache

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary.errors import DictionaryError

# The files compiled beside a <name>.marisa, replaced together with it.
COMPANION_SUFFIXES = (".index", ".bands", ".doubt")
REINSTALL = "reinstall ruzzle-gui (pip install --force-reinstall ruzzle-gui, or your system's package)"


def bundled_path(code: str) -> str:
    """Return the path of the bundled compiled dictionary for ``code``."""
    return os.path.join(_bundled_dir(), f"{code}.marisa")


def bundled_folder() -> str:
    """Return the folder of the bundled dictionaries (its real path)."""
    return _bundled_dir()


def companion_paths(dictionary: str | os.PathLike) -> list[str]:
    """Return the files that ``compile`` writes beside ``dictionary`` (whether they exist or not)."""
    stem = os.path.splitext(os.fspath(dictionary))[0]
    return [stem + suffix for suffix in COMPANION_SUFFIXES]


def check_installed(path: str | os.PathLike) -> None:
    """Raise DictionaryError if a bundled file is damaged (see ``sha256sums``); others pass."""
    path = os.fspath(path)
    if is_bundled(path):
        _check_installed(os.path.realpath(path))


@lru_cache(maxsize=None)
def _check_installed(path: str) -> None:
    """Raise DictionaryError naming the bundled file at ``path`` and the repair, unless its checksum is right."""
    from ruzzle_gui.dictionary.sha256sums import problem  # a bundled dictionary's first load pays for it

    found = problem(path)
    if found is not None:
        raise coded(DictionaryError(f"{found}; {REINSTALL}"), "dictionary_installed", problem=found)


@lru_cache(maxsize=1)
def _bundled_dir() -> str:
    """Return the folder of bundled dictionaries (its real path), installed or in a source checkout."""
    # Installed (wheel or editable), the data package sits inside ruzzle_gui; in a
    # checkout (say `python -m ruzzle_gui` at its top) it sits beside it. Looked up
    # by path, not importlib.resources, whose import costs more than a solve.
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    inside = os.path.join(package, "mt_languages")
    return os.path.realpath(inside if os.path.isdir(inside) else os.path.join(package, "..", "mt_languages"))


@lru_cache(maxsize=None)
def is_bundled(path: str) -> bool:
    """Return True for a dictionary shipped with the package (checked by the test suite, trusted at load)."""
    return os.path.dirname(os.path.realpath(path)) == _bundled_dir()
