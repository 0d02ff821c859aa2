"""What every ``ruzzle`` command shares: errors, exit codes, argument types, input and output.

Kept light on purpose: it imports no engine module (nor argparse) at load time, so a
command pays only for what it uses.
"""
from __future__ import annotations

import os
import sys

from ruzzle_gui.cli import (  # noqa: F401 (shared)
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    INTERRUPTED,  # the Ctrl-Cs seen
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterable

    from ruzzle_gui.board import Board
    from ruzzle_gui.cli.options import OptionTable
    from ruzzle_gui.language import Language

PROG = "ruzzle"


class CliError(Exception):
    """Bad input found by the command line itself (not by the engine)."""


class OutputError(CliError):
    """Standard output is closed or cannot be written (a full disk, say)."""


# ---------------------------------------------------------------- argument types

def type_error(message: str) -> Exception:
    """Return the error an argument type raises for ``message`` (argparse is imported only then)."""
    import argparse

    return argparse.ArgumentTypeError(message)


def at_least_one(text: str) -> int:
    """Return ``text`` as a whole number >= 1, or raise a usage error naming it."""
    try:
        value = int(text)
    except ValueError:
        raise type_error(f"'{text}' is not a whole number") from None
    if value < 1:
        raise type_error(f"must be at least 1, not {value}")
    return value


def whole_number(text: str) -> int:
    """Return ``text`` as any whole number (a seed)."""
    try:
        return int(text)
    except ValueError:
        raise type_error(f"'{text}' is not a whole number") from None


def file_name(text: str) -> str:
    """Return ``text`` as a file name, or raise a usage error if it is empty (``-b ""``, ``--dictionary=``)."""
    if not text:
        raise type_error("empty file name")
    return text


def add_language_options(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add -l LANG (required) and -d DICTIONARY."""
    command.add_argument("-l", "--language", required=True, metavar="LANG",
                         help="language code (see 'ruzzle languages') or a .toml language file")
    command.add_argument("-d", "--dictionary", type=file_name, metavar="DICTIONARY",
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


def language_files(language: str | None) -> list[str]:
    """Return the files ``-l LANGUAGE`` reads besides the bundled ones: a .toml named, or the user's own."""
    if language is None:
        return []
    if language.endswith(".toml"):
        return [language]
    from ruzzle_gui.language import user_language_dir

    return [os.path.join(user_language_dir(), f"{language}.toml")]


def read_board(spec: str, language: Language) -> Board:
    """Return the board in file ``spec`` (``-`` for standard input), folded for ``language``."""
    from ruzzle_gui.board import MAX_BOARD_BYTES, Board

    if spec != "-":
        return Board.from_file(spec, language)
    if sys.stdin is None:
        raise CliError("standard input is closed; give the board as a file with -b FILE")
    if sys.stdin.isatty():
        print(f"{PROG}: reading the board from standard input (end with Ctrl-D)", file=sys.stderr)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return Board.from_bytes(sys.stdin.read(MAX_BOARD_BYTES + 1).encode(), language,
                                source="the board on standard input")
    # Read one byte past the limit, so `yes A | ruzzle solve -b -` stops there.
    return Board.from_bytes(stream.read(MAX_BOARD_BYTES + 1), language, source="the board on standard input")


# ---------------------------------------------------------------- output

def write(text: str) -> None:
    """Write ``text`` to standard output; raise OutputError if it is closed or failing."""
    if sys.stdout is None:  # started with stdout closed (`>&-`)
        raise OutputError("standard output is closed; redirect it to a file or give -o FILE")
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise  # the reader has gone: quiet, see _run
    except OSError as err:
        silence_stdout()  # else Python's exit-time flush of what is still buffered fails again
        raise OutputError(f"cannot write to standard output: {err.strerror or err}") from None


def flush() -> None:
    """Flush standard output, so a failure surfaces here rather than at interpreter exit."""
    if sys.stdout is not None:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            silence_stdout()  # else Python's exit-time flush of what is still buffered fails again
            raise OutputError(f"cannot write to standard output: {err.strerror or err}") from None


def write_output(output: str | None, text_chunks: Iterable[str]) -> None:
    """Write ``text_chunks`` to the file ``output`` (replaced whole, or not at all), or to stdout for None or '-'."""
    if output in (None, "-"):
        for chunk in text_chunks:
            write(chunk)
        return
    from ruzzle_gui.files import write_atomically

    def fill(path) -> None:
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.writelines(text_chunks)

    write_atomically(output, fill)


def refuse_overwriting(output: str | None, inputs: Iterable[str | os.PathLike | None]) -> None:
    """Raise CliError if the file ``output`` is one of ``inputs`` (links count)."""
    if output in (None, "-"):
        return
    from ruzzle_gui.files import input_among

    clash = input_among(output, inputs)
    if clash is not None:
        raise CliError(f"the output {output} is the input {clash}; write to another file")


def fail(message: str) -> int:
    """Print one error line on stderr and return the bad-input exit code; after a Ctrl-C, whose
    interrupted import may surface as any error, say "interrupted" and return its exit code."""
    if INTERRUPTED:
        say("interrupted", after="\n")
        return EXIT_INTERRUPTED
    say(f"error: {message}")
    return EXIT_BAD_INPUT


def say(message: str, after: str = "", most: int | None = None) -> None:
    """Print ``message`` on stderr as one visible line after "ruzzle: " (``after`` a line break first), cut
    past ``most`` characters (default MAX_MESSAGE).

    Quiet if stderr is closed or failing: print's fallback would put the line into stdout, which
    may be the JSON a script reads, and the exit code says enough.
    """
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"{after}{PROG}: {shortened(one_line(message), most or MAX_MESSAGE)}\n")
        stream.flush()
    except (OSError, ValueError):  # ValueError: the stream was closed
        silence_stderr()


def silence_stderr() -> None:
    """Point a failing stderr (a full disk, /dev/full) at /dev/null, so the line left in its buffer goes there at
    exit rather than failing Python's final flush, which would end the process with 120 instead of our code."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stderr is not a real file (tests capture it), or it is closed: nothing will be flushed


def one_line(message: str) -> str:
    """Return ``message`` on one line, every control character shown as an escape (``\\r``, ``\\x1b``).

    A library's own message (a failed import's advice) may span many lines; a file name or a
    cell may hold a carriage return or a terminal's escape sequence, which would rewrite the line
    on screen, or a direction mark, which would reorder it.
    """
    if message.isprintable():  # nearly always: nothing to allocate, which matters when memory ran out
        return message
    if "\n" in message:
        message = " ".join([part.strip() for part in message.split("\n") if part.strip()])
    return message.translate(_visible_table())


# Shown as escapes: C0 and C1 controls, DEL, and the marks that reorder or break a line.
INVISIBLE = [*range(0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F, *range(0x2028, 0x202F),
             *range(0x2066, 0x206A)]
ESCAPES = {"\t": "\\t", "\r": "\\r", "\0": "\\0"}


def _visible_table() -> dict[int, str]:
    """Return the str.translate table that shows every INVISIBLE character as its escape."""
    return {code: ESCAPES.get(chr(code)) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
            for code in INVISIBLE}


MAX_MESSAGE = 400  # characters; normal messages are far shorter, a 100 KB argument is not echoed whole
MAX_NOTICE = 4000  # characters of a list of tiles: every tile of a 4x4 board with its reason, not a 300x300 board's


def shortened(message: str, most: int = MAX_MESSAGE) -> str:
    """Return ``message``, its middle cut out if it is over ``most`` characters (a huge argument quoted)."""
    if len(message) <= most:
        return message
    half = most // 2
    return f"{message[:half]}...[{len(message) - 2 * half:,} characters left out]...{message[-half:]}"


def os_message(err: OSError) -> str:
    """Return 'reason: file' for an OSError."""
    return f"{err.strerror or err}: {err.filename}" if err.filename else str(err.strerror or err)


def silence_stdout() -> None:
    """Point stdout at /dev/null so Python's final flush does not report the closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (tests capture it): nothing will be flushed
