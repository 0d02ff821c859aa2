"""``ruzzle solve`` and ``ruzzle demo``: solve a board and print its words as text or JSON."""
from __future__ import annotations

import os
from collections.abc import Sequence

from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.cli.common import (
    CliError,
    add_language_options,
    at_least_one,
    file_name,
    language_of,
    read_board,
    type_error,
    write,
)
from ruzzle_gui.graph import SORT_ORDERS, Graph, Solution
from ruzzle_gui.language import Language
from ruzzle_gui.word_filters import WordFilters, WordMarks, apply

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

SOLVE_EPILOG = """examples:
  ruzzle solve -l it -b board.txt
  ruzzle generate -l en --seed 7 | ruzzle solve -l en -b - --json --top 10
  ruzzle solve -l it --image screenshot.png
  ruzzle solve -l it -b board.txt --common 5
  ruzzle solve -l it -b board.txt --all        # doubtful words too

By default words the dictionary marks doubtful (forms a game may refuse, see
docs/precision.md) are left out, and the summary says how many. So are the words
the game refused ('ruzzle verdict'); --all lists them, marked with the date.
"""
DEMO_EPILOG = """examples:
  ruzzle demo -l it
  ruzzle demo -l en --sort length --top 20
"""


def add_solve(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the solve command's options."""
    command.epilog = SOLVE_EPILOG
    add_language_options(command)
    add_board_source(command)
    _add_output_options(command)
    command.set_defaults(handler=solve)


def add_demo(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the demo command's options."""
    command.epilog = DEMO_EPILOG
    add_language_options(command)
    _add_output_options(command)
    command.set_defaults(handler=demo)


def _add_output_options(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the options shared by solve and demo: filtering, order and format."""
    command.add_argument("--min-length", type=at_least_one, metavar="N",
                         help="shortest word to list (default: the language's minimum)")
    command.add_argument("--sort", choices=SORT_ORDERS, default="score", help="order of the words")
    command.add_argument("--reverse", action="store_true", help="reverse the order")
    command.add_argument("--top", type=at_least_one, metavar="N", help="list only the first N words")
    command.add_argument("--common", type=band_type, metavar="N",
                         help="list only words of commonness band N or more (0 rare .. 7 everyday; "
                              "needs the dictionary's .bands)")
    add_doubt_option(command)
    add_verdicts_option(command)
    style = command.add_mutually_exclusive_group()
    style.add_argument("--json", action="store_true", help="print one JSON object (see README)")
    style.add_argument("-q", "--quiet", action="store_true", help="print only the word lines")


def add_board_source(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add where the board comes from (a board file or a screenshot) and what to do with unsure tiles."""
    source = command.add_mutually_exclusive_group(required=True)
    source.add_argument("-b", "--board", type=file_name, metavar="BOARD", help="board file ('-' reads standard input)")
    source.add_argument("--image", type=file_name, metavar="IMAGE",
                        help="a screenshot of the board (see 'ruzzle read')")
    from ruzzle_gui.cli.reading import add_unsure_option

    add_unsure_option(command)


def early_image(args: argparse.Namespace) -> object:
    """Return the screenshot the options name with its decoding begun (``reading.start_image``), or None."""
    if not args.image:
        return None
    from ruzzle_gui.cli.reading import start_image

    return start_image(args.image)


def board_of(args: argparse.Namespace, language: Language, image: object = None) -> Board:
    """Return the board the options name, read from its file or its screenshot (``image``: begun by
    ``early_image``), with no unsure tile left."""
    from ruzzle_gui.cli.reading import read_image, sure_board

    if args.image:
        reading = read_image(args.image if image is None else image, language)
        return sure_board(reading.board, args)
    return sure_board(read_board(args.board, language), args)


def add_doubt_option(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add --all, the switch that keeps the words the dictionary marks doubtful."""
    command.add_argument("--all", action="store_true",
                         help="keep the words marked doubtful too (forms a game may refuse; left out by default)")


def add_verdicts_option(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add --no-verdicts, the switch that ignores the game's verdicts."""
    command.add_argument("--no-verdicts", action="store_true",
                         help="ignore the game's verdicts recorded with 'ruzzle verdict'")


def verdicts_of(language: Language, args: argparse.Namespace) -> dict:
    """Return the game's verdicts on the language's words (word -> (verdict, date)), {} if none or ignored."""
    from ruzzle_gui.cli.verdicts import stored_verdicts

    verdicts, store = stored_verdicts(language, args)
    if store is not None:
        store.close()
    return verdicts


def word_filters(args: argparse.Namespace, min_length: int = 0) -> WordFilters:
    """Return the word filters the options ask for (the list's and the plan's)."""
    return WordFilters(args.common or 0, min_length, args.all)


def marks_of(language: Language, args: argparse.Namespace) -> WordMarks:
    """Return the dictionary's bands and doubt marks, each loaded only when the output needs it."""
    bands = _bands(language, args)
    doubts = None
    if not args.all or args.json:
        from ruzzle_gui.doubt import load_doubts

        doubts = load_doubts(language.dictionary_path)
    return WordMarks(bands, doubts)


def solve(args: argparse.Namespace) -> int:
    """Solve a board file (or standard input) and print its words."""
    image = early_image(args)
    language = language_of(args)
    return print_solutions(board_of(args, language, image), language, args)


def demo(args: argparse.Namespace) -> int:
    """Solve the language's built-in demo board and print its words."""
    language = language_of(args)
    if not language.demo_board.strip():
        raise CliError(f"the {language.english_name} language has no demo board")
    try:
        board = Board.parse(language.demo_board, language)
    except BoardError as err:
        raise CliError(f"the {language.english_name} demo board is broken: {err}") from None
    return print_solutions(board, language, args)


def band_type(text: str) -> int:
    """Return ``text`` as a commonness band 0..7, or raise a usage error naming it."""
    if text not in tuple("01234567"):
        raise type_error(f"must be a band from 0 (rare) to 7 (everyday), not '{text}'")
    return int(text)


def _bands(language: Language, args: argparse.Namespace):
    """Return the dictionary's commonness bands when the output needs them (None: not needed, or none)."""
    if not getattr(args, "json", False) and args.common is None:
        return None
    from ruzzle_gui.bands import load_bands  # only band output pays for it

    bands = load_bands(language.dictionary_path)
    if bands is None and args.common is not None:
        raise no_bands(language)
    return bands


def no_bands(language: Language) -> CliError:
    """Return the error for --common with a dictionary that has no commonness bands (or none that match it)."""
    from ruzzle_gui.bands import bands_path

    path = language.dictionary_path
    return CliError(f"--common needs commonness bands, and {os.path.basename(path)} has none "
                    f"({os.path.basename(bands_path(path))} is missing or does not match it)")


def print_solutions(board: Board, language: Language, args: argparse.Namespace) -> int:
    """Solve ``board`` and print the words as text, word lines only, or JSON."""
    graph = Graph(board, language, args.min_length)
    marks = marks_of(language, args)
    verdicts = verdicts_of(language, args)
    found = graph.solve(args.sort, args.reverse)
    refused = 0
    if verdicts:
        from ruzzle_gui.verdicts import lifted, without_refused

        found, left_out = apply(found, word_filters(args), lifted(marks, verdicts))
        if not args.all:
            found, refused = without_refused(found, verdicts)
    else:
        found, left_out = apply(found, word_filters(args), marks)
    doubtful = left_out["doubtful"]
    shown = found[:args.top] if args.top else found
    if args.json:
        import json  # only JSON output pays for it

        data = solutions_json(graph, shown, marks.bands, marks.doubts, verdicts)
        data["doubtful_left_out"] = doubtful
        data["refused_left_out"] = refused
        write(json.dumps(data, ensure_ascii=False) + "\n")
    elif args.quiet:
        write("".join(line + "\n" for line in word_lines(shown)))
    else:
        table = word_lines(shown, header=True, verdicts=verdicts) if shown else ["no words found"]
        parts = [*board_lines(graph.board), "", *table, "", summary_line(shown, len(found), doubtful, refused)]
        write("\n".join(parts) + "\n")
    return 0


def solutions_json(graph: Graph, solutions: Sequence[Solution], bands=None, doubts=None, verdicts=None) -> dict:
    """Return the JSON object for a solved board (the documented, stable contract).

    Each word's "band" is its commonness band from ``bands`` (ruzzle_gui.bands), or null;
    its "doubt" is why the dictionary marks it doubtful (ruzzle_gui.doubt.REASONS), or null;
    its "verdict" and "verdict_date" are the game's verdict on it from ``verdicts``, or null.
    """
    board = graph.board
    verdicts = verdicts or {}
    return {
        "language": graph.language.code, "rows": board.rows, "cols": board.cols,
        "board": board.grid(), "bonuses": board.bonus_grid(),
        "min_length": graph.min_length, "count": len(solutions),
        "total_score": sum(s.score for s in solutions),
        "words": [{"word": s.word, "score": s.score, "length": len(s.word),
                   "path": [list(cell) for cell in s.path],
                   "band": bands.band(s.word) if bands is not None else None,
                   "doubt": doubts.reason(s.word) if doubts is not None else None,
                   **verdict_json(verdicts.get(s.word))} for s in solutions],
    }


def verdict_json(verdict: tuple[str, str] | None) -> dict:
    """Return a word's "verdict" and "verdict_date" (the day, YYYY-MM-DD) for JSON output, null without one."""
    return {"verdict": verdict[0], "verdict_date": verdict[1][:10]} if verdict else {"verdict": None,
                                                                                      "verdict_date": None}


def board_lines(board: Board) -> list[str]:
    """Return the board drawn with row and column numbers and its bonuses."""
    lines = ["    " + "".join(f"{c:<6}" for c in range(board.cols)).rstrip()]
    doubted = set(board.unsure_letters)
    for r, (letters, bonuses) in enumerate(zip(board.grid(), board.bonus_grid())):
        # A letter in doubt is marked as in a board file ('?W'), in its column's spare space.
        cells = "".join(f"?{letter} {bonus or '':<2} " if (r, c) in doubted else f"{letter} {bonus or '':<2}  "
                        for c, (letter, bonus) in enumerate(zip(letters, bonuses)))
        lines.append(f"{r:>2}  {cells}".rstrip())
    return lines


def word_lines(solutions: Sequence[Solution], header: bool = False, verdicts=None) -> list[str]:
    """Return one aligned 'word  score  path' line per solution, with an optional header.

    A word the game judged ends with its verdict ('  refused by the game 2026-12-07').
    """
    word_width = max([len(s.word) for s in solutions] + [4 if header else 0])
    score_width = max([len(str(s.score)) for s in solutions] + [5 if header else 0])
    lines = [f"{'WORD':<{word_width}}  {'SCORE':>{score_width}}  PATH"] if header else []
    for s in solutions:
        path = " ".join(f"({r},{c})" for r, c in s.path)
        verdict = verdicts.get(s.word) if verdicts else None
        said = f"  {verdict[0]} by the game {verdict[1][:10]}" if verdict else ""
        lines.append(f"{s.word:<{word_width}}  {s.score:>{score_width}}  {path}{said}")
    return lines


def summary_line(shown: Sequence[Solution], found: int, doubtful: int = 0, refused: int = 0) -> str:
    """Return 'N words, longest L letters, total score T' for the words shown, and the words left out."""
    count = f"{len(shown)} word{'s' if len(shown) != 1 else ''}"
    if len(shown) < found:
        count += f" (top {len(shown)} of {found} found)"
    longest = max((len(s.word) for s in shown), default=0)
    line = f"{count}, longest {longest} letters, total score {sum(s.score for s in shown)}"
    if doubtful:
        line += f"; {doubtful} doubtful word{'s' if doubtful != 1 else ''} left out (--all lists them)"
    if refused:
        line += f"; {refused} word{'s' if refused != 1 else ''} refused by the game left out (--all lists them)"
    return line
