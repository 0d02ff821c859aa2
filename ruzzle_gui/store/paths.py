"""Where the player's store lives: the user's data folder, as the platform expects it."""
from __future__ import annotations

import os
import sys

STORE_NAME = "history.sqlite3"


def data_dir() -> str:
    """Return the user's ruzzle_gui data folder.

    ``$XDG_DATA_HOME/ruzzle_gui`` when that is set (tests point it at a temporary
    folder, as ``$XDG_CONFIG_HOME`` for the settings), else ``~/.local/share/ruzzle_gui``
    on Linux, ``%LOCALAPPDATA%\\ruzzle_gui`` on Windows, ``~/Library/Application
    Support/ruzzle_gui`` on macOS: platformdirs' ``user_data_dir``.
    """
    if os.environ.get("XDG_DATA_HOME"):
        return os.path.join(os.environ["XDG_DATA_HOME"], "ruzzle_gui")
    if sys.platform not in ("win32", "darwin"):
        # platformdirs' own answer off Windows and macOS, without its import's start-up cost.
        return os.path.join(os.path.expanduser("~"), ".local", "share", "ruzzle_gui")
    import platformdirs

    return platformdirs.user_data_dir("ruzzle_gui", appauthor=False)


def store_path() -> str:
    """Return the path of the store file (it may not exist yet)."""
    return os.path.join(data_dir(), STORE_NAME)
