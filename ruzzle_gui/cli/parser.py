"""The argparse parser of ``ruzzle``: help, usage errors and every command line the quick parse leaves to it.

Only that path imports argparse (and with it gettext and locale); a plain
command line is parsed by ``ruzzle_gui.cli.options`` without it.
"""
from __future__ import annotations

import argparse
import os
import sys

from ruzzle_gui.cli.common import EXIT_USAGE, one_line, shortened

# Read only by the type checker: `ruzzle --help` does without typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help text as written (examples keep their lines), sized to the terminal without importing shutil."""

    def __init__(self, prog: str, **kwargs) -> None:
        kwargs.setdefault("width", _terminal_width() - 2)
        super().__init__(prog, **kwargs)


def _terminal_width() -> int:
    """Return $COLUMNS, else the terminal's width, else 80 (what shutil.get_terminal_size does)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]  # None: caught below
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line naming the problem."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Print one usage-error line and exit with code 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {shortened(one_line(message))} (see '{self.prog} --help')\n")
