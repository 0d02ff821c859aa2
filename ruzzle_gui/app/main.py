"""Entry point of the desktop app: ``ruzzle-gui [-l LANG] [-b BOARD [--solve]]``."""
from __future__ import annotations

import argparse
import sys

from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.language import Language, LanguageError, load_language

PROG = "ruzzle-gui"


class UsageError(Exception):
    """The command line is wrong: the message says how."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> None:
        """Raise the problem so ``main`` can print it as one line."""
        raise UsageError(message)


def build_parser() -> Parser:
    """Return the parser for the app's command line."""
    parser = Parser(prog=PROG, description="Find every word on a Ruzzle board: type it, mark bonuses, "
                                           "browse the words and watch their paths.")
    parser.add_argument("-l", "--language", metavar="LANG",
                        help="language code (it, en, es, de, fr, nl, pt, ru) or a language .toml file; "
                             "default: the last one used")
    parser.add_argument("-b", "--board", metavar="FILE",
                        help="open with this board file's letters and bonuses filled in")
    parser.add_argument("--solve", action="store_true", help="go straight to the words (needs --board)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Open the app; return 2 for a bad command line, 1 for a bad board file or no display."""
    try:
        args = build_parser().parse_args(argv)
        if args.solve and not args.board:
            raise UsageError("--solve needs a board: add -b FILE")
        language = load_language(args.language) if args.language else None
    except (UsageError, LanguageError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help
        return int(done.code or 0)
    return run(args, language)


def run(args: argparse.Namespace, language: Language | None) -> int:
    """Build the window for parsed arguments and run it until it closes."""
    # Imported here so --help and command-line errors never pay for loading Tk.
    import tkinter as tk

    from ruzzle_gui.app.app import App, default_state

    state = default_state()
    if language is not None:
        state.set_language(args.language)
    board = None
    if args.board:
        try:
            board = Board.from_file(args.board, language or load_language(state.language))
        except BoardError as err:
            print(f"{PROG}: error: {err}", file=sys.stderr)
            return 1
    try:
        root = tk.Tk(className=PROG)
    except tk.TclError as err:
        print(f"{PROG}: error: cannot open a window ({err})", file=sys.stderr)
        return 1
    app = App(root, state)
    if board is not None:
        app.load_board(board)
        if args.solve:
            app.solve()
    app.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
