"""The ``ruzzle`` command line: solve boards, list languages, build and dump dictionaries.

Every subcommand reports bad input as one ``ruzzle: error: ...`` line on
stderr with exit code 1, and bad usage as one line with exit code 2. With no
subcommand at all, ``ruzzle`` opens the desktop app.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.dictionary import (DictionaryError, FoldReport, compile_words, expand_hunspell, fold_words,
                                   index_path, load_index, load_trie, read_word_list)
from ruzzle_gui.graph import SORT_ORDERS, Graph, Solution
from ruzzle_gui.language import Language, LanguageError, known_languages, load_language

__all__ = ["main"]

PROG = "ruzzle"
MAX_SIDE = 100  # larger boards are not Ruzzle any more, and would only fill the screen
LARGE_INPUT_BYTES = 4 << 20  # about half a million words: big enough to wait for
PROGRESS_WIDTH = 30
CHUNK_LINES = 65_536
COMMANDS = ("solve", "demo", "languages", "compile", "cat", "generate", "bench")
EXIT_BAD_INPUT, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 1, 2, 130, 141
APP_OPTIONS = ("-l", "--language", "-b", "--board", "--solve")  # what ruzzle-gui takes


class CliError(Exception):
    """Bad input found by the command line itself (not by the engine)."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line naming the problem."""

    def error(self, message: str) -> None:
        """Print one usage-error line and exit with code 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ---------------------------------------------------------------- argument types

def _at_least_one(text: str) -> int:
    """Return ``text`` as a whole number >= 1, or raise a usage error naming it."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _board_side(text: str) -> int:
    """Return ``text`` as a board side length between 1 and MAX_SIDE."""
    value = _at_least_one(text)
    if value > MAX_SIDE:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SIDE}, not {value}")
    return value


def _whole_number(text: str) -> int:
    """Return ``text`` as any whole number (a seed)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def _marisa_path(text: str) -> Path:
    """Return an output path that ends in .marisa (others would be read back as word lists)."""
    if not text.endswith(".marisa"):
        raise argparse.ArgumentTypeError(
            f"'{text}' must end in .marisa (other files are read as plain word lists)")
    return Path(text)


# ---------------------------------------------------------------- input

def _language(args: argparse.Namespace) -> Language:
    """Return the language named by ``-l``, with the ``-d`` dictionary if one was given."""
    dictionary = getattr(args, "dictionary", None)
    if dictionary and dictionary.endswith(".dic"):
        raise CliError(f"{dictionary} is a hunspell dictionary; compile it first: "
                       f"ruzzle compile -l {args.language} -d {dictionary} -o words.marisa")
    return load_language(args.language, dictionary)


def _read_board(spec: str, language: Language) -> Board:
    """Return the board in file ``spec`` (``-`` for standard input), folded for ``language``."""
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


def _word_source(path: Path) -> Iterable[str]:
    """Return the words of a plain list, a hunspell .dic (expanded) or a .marisa trie."""
    if path.suffix == ".dic":
        return expand_hunspell(path)
    if path.suffix == ".marisa":
        return load_trie(path).iterkeys()
    return read_word_list(path)


def _folding(language: Language | None) -> tuple[Callable[[str], str], Callable[[str], bool], str]:
    """Return (fold, in_alphabet, label) for ``language``, or for plain upper-case letters."""
    if language is None:
        return str.upper, str.isalpha, "upper-case letters"
    return language.fold, language.in_alphabet, f"the {language.name} alphabet"


# ---------------------------------------------------------------- solve and demo

def _cmd_solve(args: argparse.Namespace) -> int:
    """Solve a board file (or standard input) and print its words."""
    language = _language(args)
    return _print_solutions(_read_board(args.board, language), language, args)


def _cmd_demo(args: argparse.Namespace) -> int:
    """Solve the language's built-in demo board and print its words."""
    language = _language(args)
    if not language.demo_board.strip():
        raise CliError(f"the {language.name} language has no demo board")
    try:
        board = Board.parse(language.demo_board, language)
    except BoardError as err:
        raise CliError(f"the {language.name} demo board is broken: {err}") from None
    return _print_solutions(board, language, args)


def _print_solutions(board: Board, language: Language, args: argparse.Namespace) -> int:
    """Solve ``board`` and print the words as text, word lines only, or JSON."""
    graph = Graph(board, language, args.min_length)
    found = graph.solve(args.sort, args.reverse)
    shown = found[:args.top] if args.top else found
    if args.json:
        _write(json.dumps(solutions_json(graph, shown), ensure_ascii=False) + "\n")
    elif args.quiet:
        _write("".join(line + "\n" for line in word_lines(shown)))
    else:
        table = word_lines(shown, header=True) if shown else ["no words found"]
        parts = [*board_lines(graph.board), "", *table, "", summary_line(shown, len(found))]
        _write("\n".join(parts) + "\n")
    return 0


def solutions_json(graph: Graph, solutions: Sequence[Solution]) -> dict:
    """Return the JSON object for a solved board (the documented, stable contract)."""
    board = graph.board
    return {
        "language": graph.language.code, "rows": board.rows, "cols": board.cols,
        "board": board.grid(), "bonuses": board.bonus_grid(),
        "min_length": graph.min_length, "count": len(solutions),
        "total_score": sum(s.score for s in solutions),
        "words": [{"word": s.word, "score": s.score, "length": len(s.word),
                   "path": [list(cell) for cell in s.path]} for s in solutions],
    }


def board_lines(board: Board) -> list[str]:
    """Return the board drawn with row and column numbers and its bonuses."""
    lines = ["    " + "".join(f"{c:<6}" for c in range(board.cols)).rstrip()]
    for r, (letters, bonuses) in enumerate(zip(board.grid(), board.bonus_grid())):
        cells = "".join(f"{letter} {bonus or '':<2}  " for letter, bonus in zip(letters, bonuses))
        lines.append(f"{r:>2}  {cells}".rstrip())
    return lines


def word_lines(solutions: Sequence[Solution], header: bool = False) -> list[str]:
    """Return one aligned 'word  score  path' line per solution, with an optional header."""
    word_width = max([len(s.word) for s in solutions] + [4 if header else 0])
    score_width = max([len(str(s.score)) for s in solutions] + [5 if header else 0])
    lines = [f"{'WORD':<{word_width}}  {'SCORE':>{score_width}}  PATH"] if header else []
    for s in solutions:
        path = " ".join(f"({r},{c})" for r, c in s.path)
        lines.append(f"{s.word:<{word_width}}  {s.score:>{score_width}}  {path}")
    return lines


def summary_line(shown: Sequence[Solution], found: int) -> str:
    """Return 'N words, longest L letters, total score T' for the words shown."""
    count = f"{len(shown)} word{'s' if len(shown) != 1 else ''}"
    if len(shown) < found:
        count += f" (top {len(shown)} of {found} found)"
    longest = max((len(s.word) for s in shown), default=0)
    return f"{count}, longest {longest} letters, total score {sum(s.score for s in shown)}"


# ---------------------------------------------------------------- languages

def _cmd_languages(args: argparse.Namespace) -> int:
    """Print every known language with its dictionary size and letter-value confidence."""
    rows = [_language_row(code) for code in known_languages()]
    if args.json:
        _write(json.dumps(rows, ensure_ascii=False) + "\n")
        return 0
    table = [("CODE", "NAME", "WORDS", "MIN", "CONFIDENCE")]
    for row in rows:
        words = f"{row['words']:,}" if row["words"] is not None else row["dictionary"]
        table.append((row["code"], row["name"], words, str(row["min_length"] or "?"), row["confidence"]))
    _write("".join(line + "\n" for line in _aligned(table, right={2, 3})))
    for row in rows:
        if row["indexed"] is False:
            path = load_language(row["code"]).dictionary_path
            print(f"{PROG}: note: {row['code']}: {path} has no usable index beside it, so solving is slower; "
                  f"give it one with: {PROG} compile -d {path} -o {path}", file=sys.stderr)
    return 0


def _language_row(code: str) -> dict:
    """Return one language's listing; a broken language or dictionary shows as such."""
    try:
        language = load_language(code)
    except LanguageError as err:
        print(f"{PROG}: warning: {err}", file=sys.stderr)
        return {"code": code, "name": "(invalid language file)", "words": None,
                "min_length": None, "confidence": "?", "dictionary": "-", "indexed": None}
    row = {"code": code, "name": language.name, "words": None,
           "min_length": language.min_length, "confidence": language.confidence, "indexed": None}
    try:
        row["words"], row["dictionary"] = language.word_count(), "ok"
    except DictionaryError:
        row["dictionary"] = "corrupt" if language.dictionary_path.is_file() else "missing"
        return row
    # A plain word list gets its index built in memory; a .marisa needs its .index file.
    path = language.dictionary_path
    row["indexed"] = path.suffix != ".marisa" or load_index(path) is not None
    return row


def _aligned(table: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    """Return the rows of ``table`` as aligned text columns (``right``: right-aligned columns)."""
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in table]


# ---------------------------------------------------------------- compile and cat

def _cmd_compile(args: argparse.Namespace) -> int:
    """Fold a word list (or hunspell dictionary) and write it as a .marisa trie."""
    source = Path(args.dictionary)
    language = load_language(args.language) if args.language else None
    fold, in_alphabet, label = _folding(language)
    words = _word_source(source)
    if sys.stderr.isatty() and _is_large(source):
        words = _with_progress(words, _line_count(source), sys.stderr)
    report = FoldReport()
    kept = fold_words(words, fold, in_alphabet, report)
    if not kept:
        problem = ("has no words" if report.read == 0
                   else f"has no words left in {label} ({_report_text(report)})")
        raise CliError(f"{source} {problem}; nothing written")
    compile_words(kept, args.output)
    print(f"kept {len(kept):,} word{'' if len(kept) == 1 else 's'} in {label}; "
          f"wrote {args.output} and its index {index_path(args.output).name}")
    print(_report_text(report))
    return 0


def _report_text(report: FoldReport) -> str:
    """Return 'read N, dropped M: reasons' for a FoldReport."""
    text = f"read {report.read:,}, dropped {report.dropped_total:,}"
    if report.dropped:
        text += ": " + ", ".join(f"{n:,} {why}" for why, n in report.dropped.most_common())
    return text


def _is_large(source: Path) -> bool:
    """Return True if reading ``source`` takes long enough to deserve a progress bar."""
    # Expanding hunspell affixes takes seconds even for a small .dic.
    return source.is_file() and (source.suffix == ".dic" or source.stat().st_size >= LARGE_INPUT_BYTES)


def _line_count(source: Path) -> int | None:
    """Return the number of lines of a plain list, or None when unknown in advance."""
    if source.suffix in (".dic", ".marisa"):
        return None
    with source.open("rb") as handle:
        return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))


def _with_progress(words: Iterable[str], total: int | None, stream: TextIO) -> Iterator[str]:
    """Yield ``words`` unchanged while drawing a progress bar (or a running count) on ``stream``."""
    step = max(total // 200, 1) if total else 50_000
    done = 0
    try:
        for done, word in enumerate(words, 1):
            if done % step == 0:
                stream.write("\r" + progress_text(done, total))
                stream.flush()
            yield word
        done = total or done  # blank lines are skipped, so the count of words falls short
    finally:  # end the bar's line even on an error, so the error message starts a line
        stream.write("\r" + progress_text(done, total) + "\n")
        stream.flush()


def progress_text(done: int, total: int | None) -> str:
    """Return a one-line progress bar, or a count when the total is unknown."""
    if not total:
        return f"{done:,} words read"
    fraction = min(done / total, 1.0)
    filled = round(fraction * PROGRESS_WIDTH)
    return f"[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {fraction:4.0%}  {done:,} / {total:,} lines"


def _cmd_cat(args: argparse.Namespace) -> int:
    """Write every word of a dictionary, sorted, one per line."""
    language = load_language(args.language) if args.language else None
    if args.dictionary is None:
        words = sorted(language.trie.iterkeys())
    elif args.dictionary.endswith(".marisa"):
        words = sorted(load_trie(Path(args.dictionary)).iterkeys())
    else:
        fold, in_alphabet, _ = _folding(language)
        words = sorted(fold_words(_word_source(Path(args.dictionary)), fold, in_alphabet))
    if args.output is None:
        _write_lines(words, sys.stdout)
        return 0
    with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
        _write_lines(words, handle)
    return 0


def _write_lines(words: Sequence[str], stream: TextIO) -> None:
    """Write ``words`` one per line, in chunks so millions of lines stay fast."""
    for start in range(0, len(words), CHUNK_LINES):
        stream.write("\n".join(words[start:start + CHUNK_LINES]) + "\n")


# ---------------------------------------------------------------- generate

def _cmd_generate(args: argparse.Namespace) -> int:
    """Write a random board drawn from the language's letter frequencies."""
    language = _language(args)
    board = Board.random(language, args.rows, args.cols or args.rows, random.Random(args.seed),
                         bonuses=not args.no_bonus)
    if args.output is None:
        _write(board.to_text())
    else:
        Path(args.output).write_text(board.to_text(), encoding="utf-8")
    return 0


# ---------------------------------------------------------------- app and bench

def _run_app(argv: list[str]) -> int:
    """Open the desktop app."""
    try:
        from ruzzle_gui.app.main import main as app_main
    except ImportError as err:
        return _fail(f"the desktop app cannot start: {err}")
    return app_main(argv)


def _run_bench(argv: list[str]) -> int:
    """Run the speed benchmark with its own arguments."""
    try:
        from ruzzle_gui.bench import main as bench_main
    except ImportError as err:
        return _fail(f"the benchmark cannot start: {err}")
    return bench_main(argv)


# ---------------------------------------------------------------- parser and main

SOLVE_EPILOG = """examples:
  ruzzle solve -l it -b board.txt
  ruzzle generate -l en --seed 7 | ruzzle solve -l en -b - --json --top 10
"""
DEMO_EPILOG = """examples:
  ruzzle demo -l it
  ruzzle demo -l en --sort length --top 20
"""
LANGUAGES_EPILOG = """examples:
  ruzzle languages
  ruzzle languages --json
"""
COMPILE_EPILOG = """Plain lists are read as UTF-8, one word per line; a hunspell .dic needs
its .aff beside it and 'unmunch' (Debian package hunspell-tools).
With -l, words are folded into that language's alphabet (accents removed,
upper case); without -l, words are upper-cased and only words made of
letters alone are kept.

examples:
  ruzzle compile -l it -d parole.txt -o it.marisa
  ruzzle compile -l en -d /usr/share/hunspell/en_US.dic -o en.marisa
"""
CAT_EPILOG = """examples:
  ruzzle cat -l it | grep '^CIAO'
  ruzzle cat -d it.marisa -o words.txt
"""
GENERATE_EPILOG = """examples:
  ruzzle generate -l it --seed 42 -o board.txt
  ruzzle generate -l de -r 5 -c 5 --no-bonus
"""


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for every subcommand."""
    parser = _Parser(prog=PROG, description="Find every word on a Ruzzle board. "
                     "Run with no arguments to open the desktop app.")
    # Not required=True: argparse would then report a missing command before
    # naming an unknown option such as `ruzzle --bogus`.
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_solve(commands)
    _add_demo(commands)
    _add_languages(commands)
    _add_compile(commands)
    _add_cat(commands)
    _add_generate(commands)
    commands.add_parser("bench", help="measure solver speed (see 'ruzzle bench --help')")
    return parser


def _subparser(commands, name: str, summary: str, epilog: str) -> argparse.ArgumentParser:
    """Return a new subcommand parser with its help text and examples."""
    description = summary[:1].upper() + summary[1:] + "."
    return commands.add_parser(name, help=summary, description=description, epilog=epilog,
                               formatter_class=argparse.RawDescriptionHelpFormatter)


def _add_language_options(command: argparse.ArgumentParser) -> None:
    """Add -l LANG (required) and -d DICTIONARY."""
    command.add_argument("-l", "--language", required=True, metavar="LANG",
                         help="language code (see 'ruzzle languages') or a .toml language file")
    command.add_argument("-d", "--dictionary", metavar="DICTIONARY",
                         help="a .marisa file or a plain UTF-8 word list (default: the bundled one)")


def _add_output_options(command: argparse.ArgumentParser) -> None:
    """Add the options shared by solve and demo: filtering, order and format."""
    command.add_argument("--min-length", type=_at_least_one, metavar="N",
                         help="shortest word to list (default: the language's minimum)")
    command.add_argument("--sort", choices=SORT_ORDERS, default="score", help="order of the words")
    command.add_argument("--reverse", action="store_true", help="reverse the order")
    command.add_argument("--top", type=_at_least_one, metavar="N", help="list only the first N words")
    style = command.add_mutually_exclusive_group()
    style.add_argument("--json", action="store_true", help="print one JSON object (see README)")
    style.add_argument("-q", "--quiet", action="store_true", help="print only the word lines")


def _add_solve(commands) -> None:
    """Add the solve subcommand."""
    command = _subparser(commands, "solve", "solve a board file and list its words", SOLVE_EPILOG)
    _add_language_options(command)
    command.add_argument("-b", "--board", required=True, metavar="BOARD",
                         help="board file ('-' reads standard input)")
    _add_output_options(command)
    command.set_defaults(handler=_cmd_solve)


def _add_demo(commands) -> None:
    """Add the demo subcommand."""
    command = _subparser(commands, "demo", "solve a language's built-in demo board", DEMO_EPILOG)
    _add_language_options(command)
    _add_output_options(command)
    command.set_defaults(handler=_cmd_demo)


def _add_languages(commands) -> None:
    """Add the languages subcommand."""
    command = _subparser(commands, "languages", "list languages, dictionary sizes "
                         "and letter-value confidence", LANGUAGES_EPILOG)
    command.add_argument("--json", action="store_true", help="print a JSON list")
    command.set_defaults(handler=_cmd_languages)


def _add_compile(commands) -> None:
    """Add the compile subcommand."""
    command = _subparser(commands, "compile", "compile a word list or hunspell dictionary "
                         "into a .marisa trie", COMPILE_EPILOG)
    command.add_argument("-d", "--dictionary", required=True, metavar="WORDS",
                         help="plain UTF-8 word list, hunspell .dic, or .marisa")
    command.add_argument("-o", "--output", required=True, type=_marisa_path, metavar="OUT.marisa")
    command.add_argument("-l", "--language", metavar="LANG", help="fold words for this language")
    command.set_defaults(handler=_cmd_compile)


def _add_cat(commands) -> None:
    """Add the cat subcommand."""
    command = _subparser(commands, "cat", "write every word of a dictionary, sorted, "
                         "one per line", CAT_EPILOG)
    command.add_argument("-d", "--dictionary", metavar="DICTIONARY",
                         help="a .marisa file or a plain word list (folded for -l if given)")
    command.add_argument("-l", "--language", metavar="LANG",
                         help="language whose bundled dictionary to write (or to fold -d for)")
    command.add_argument("-o", "--output", metavar="OUT", help="write to this file, not stdout")
    command.set_defaults(handler=_cmd_cat, usage_error=command.error)


def _add_generate(commands) -> None:
    """Add the generate subcommand."""
    command = _subparser(commands, "generate", "write a random board drawn from a "
                         "language's letter frequencies", GENERATE_EPILOG)
    _add_language_options(command)
    command.add_argument("-r", "--rows", type=_board_side, default=4, metavar="ROWS",
                         help="number of rows (default 4)")
    command.add_argument("-c", "--cols", type=_board_side, metavar="COLS",
                         help="number of columns (default: as many as rows)")
    command.add_argument("-o", "--output", metavar="FILE", help="write to this file, not stdout")
    command.add_argument("--seed", type=_whole_number, metavar="N", help="same seed, same board")
    command.add_argument("--no-bonus", action="store_true", help="no DL/TL/DW/TW tiles")
    command.set_defaults(handler=_cmd_generate)


def _write(text: str) -> None:
    """Write ``text`` to standard output."""
    sys.stdout.write(text)


def _fail(message: str) -> int:
    """Print one error line on stderr and return the bad-input exit code."""
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _os_message(err: OSError) -> str:
    """Return 'reason: file' for an OSError."""
    return f"{err.strerror or err}: {err.filename}" if err.filename else str(err.strerror or err)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so Python's final flush does not report the closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (tests capture it): nothing will be flushed


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ruzzle`` command line with ``argv`` and return its exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # No command, or app options first (`ruzzle -l it -b board.txt --solve`): the desktop app.
    if not argv or argv[0].split("=")[0] in APP_OPTIONS:
        return _run_app(argv)
    if argv[0] == "bench":
        return _run_bench(argv[1:])
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.error("choose a command: " + ", ".join(COMMANDS))
        if args.command == "cat" and args.dictionary is None and args.language is None:
            args.usage_error("cat needs a dictionary: give -d DICTIONARY, -l LANG, or both")
    except SystemExit as done:  # --help, or a usage error already printed as one line
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Run the chosen subcommand, turning every expected failure into one stderr line."""
    try:
        code = args.handler(args)
        sys.stdout.flush()  # a closed pipe must surface here, not in Python's exit-time flush
        return code
    except (BoardError, LanguageError, DictionaryError, CliError) as err:
        return _fail(str(err))
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: not an error worth a message.
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except UnicodeEncodeError as err:
        return _fail(f"cannot write '{err.object[err.start:err.end]}' in the {err.encoding} encoding "
                     f"of the output; set PYTHONIOENCODING=utf-8, or redirect the output to a file")
    except OSError as err:
        return _fail(_os_message(err))
