"""What every ``ruzzle`` command shares: the parser, errors, exit codes, argument types and output.

Kept light on purpose: it imports no engine module at load time, so a command
pays only for what it uses.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ruzzle_gui.board import Board
    from ruzzle_gui.language import Language

PROG = "ruzzle"
EXIT_BAD_INPUT, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 1, 2, 130, 141
MAX_SIDE = 100  # larger boards are not Ruzzle any more, and would only fill the screen


class CliError(Exception):
    """Bad input found by the command line itself (not by the engine)."""


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
        return os.get_terminal_size(sys.__stdout__.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line naming the problem."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:
        """Print one usage-error line and exit with code 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ---------------------------------------------------------------- argument types

def at_least_one(text: str) -> int:
    """Return ``text`` as a whole number >= 1, or raise a usage error naming it."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def board_side(text: str) -> int:
    """Return ``text`` as a board side length between 1 and MAX_SIDE."""
    value = at_least_one(text)
    if value > MAX_SIDE:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SIDE}, not {value}")
    return value


def whole_number(text: str) -> int:
    """Return ``text`` as any whole number (a seed)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def add_language_options(command: argparse.ArgumentParser) -> None:
    """Add -l LANG (required) and -d DICTIONARY."""
    command.add_argument("-l", "--language", required=True, metavar="LANG",
                         help="language code (see 'ruzzle languages') or a .toml language file")
    command.add_argument("-d", "--dictionary", metavar="DICTIONARY",
                         help="a .marisa file or a plain UTF-8 word list (default: the bundled one)")


# ---------------------------------------------------------------- input

def language_of(args: argparse.Namespace) -> Language:
    """Return the language named by ``-l``, with the ``-d`` dictionary if one was given."""
    from ruzzle_gui.language import load_language

    dictionary = getattr(args, "dictionary", None)
    if dictionary and dictionary.endswith(".dic"):
        raise CliError(f"{dictionary} is a hunspell dictionary; compile it first: "
                       f"ruzzle compile -l {args.language} -d {dictionary} -o words.marisa")
    return load_language(args.language, dictionary)


def read_board(spec: str, language: Language) -> Board:
    """Return the board in file ``spec`` (``-`` for standard input), folded for ``language``."""
    from ruzzle_gui.board import Board

    if spec != "-":
        return Board.from_file(spec, language)
    if sys.stdin is None:
        raise CliError("standard input is closed; give the board as a file with -b FILE")
    if sys.stdin.isatty():
        print(f"{PROG}: reading the board from standard input (end with Ctrl-D)", file=sys.stderr)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return Board.parse(sys.stdin.read(), language)
    return Board.from_bytes(stream.read(), language, source="the board on standard input")


# ---------------------------------------------------------------- output

def write(text: str) -> None:
    """Write ``text`` to standard output."""
    sys.stdout.write(text)


def fail(message: str) -> int:
    """Print one error line on stderr and return the bad-input exit code."""
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def os_message(err: OSError) -> str:
    """Return 'reason: file' for an OSError."""
    return f"{err.strerror or err}: {err.filename}" if err.filename else str(err.strerror or err)


def silence_stdout() -> None:
    """Point stdout at /dev/null so Python's final flush does not report the closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (tests capture it): nothing will be flushed
