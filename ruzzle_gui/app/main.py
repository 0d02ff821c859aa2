"""Entry point of the desktop app: ``ruzzle-gui [-l LANG] [-b BOARD [--solve]]``."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.language import LanguageError, load_language

if TYPE_CHECKING:
    import tkinter as tk

    from ruzzle_gui.app.app import App

PROG = "ruzzle-gui"
# Tk ships apart from Python on Debian and Ubuntu (and with pip installs into a system Python).
NO_TK = ("the desktop app needs Tk, which this Python does not have: install the python3-tk package "
         "(sudo apt install python3-tk); the command line works without it (ruzzle --help)")


class UsageError(Exception):
    """The command line is wrong: the message says how."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
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
    """Open the app and run it until its window closes; return the exit status."""
    # The reader's matrix products are small: OpenBLAS's worker threads would only spin (see ruzzle_gui.cli).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    app = launch(argv)
    if isinstance(app, int):
        return app
    app.mainloop()
    return 0


def parse(argv: list[str] | None) -> argparse.Namespace | int:
    """Return the parsed command line, or the exit status after saying what is wrong."""
    try:
        args = build_parser().parse_args(argv)
        if args.solve and not args.board:
            raise UsageError("--solve needs a board: add -b FILE")
        if args.language:
            load_language(args.language)
    except (UsageError, LanguageError) as err:
        return fail(err, 2)
    except SystemExit as done:  # --help
        return int(done.code or 0)
    return args


def launch(argv: list[str] | None = None, root: tk.Tk | tk.Toplevel | None = None) -> App | int:
    """Return the app built from a command line (not yet running), or an exit status.

    2 means a bad command line, 1 no display. A bad board file opens the window,
    which says what is wrong with it.
    """
    args = parse(argv)
    if isinstance(args, int):
        return args
    # Imported here so --help and command-line errors never pay for loading Tk.
    try:
        import tkinter as tk

        from ruzzle_gui.app.app import SMALLEST_WINDOW, App
        from ruzzle_gui.app.look import theme
        from ruzzle_gui.app.startup import default_state
        from ruzzle_gui.app.text.engine_text import engine_text
        from ruzzle_gui.app.text.i18n import N_, _
        from ruzzle_gui.app.undo import named
    except ImportError as err:
        if (err.name or "").partition(".")[0] not in ("tkinter", "_tkinter"):
            raise
        return fail(NO_TK, 1)

    state = default_state(args.language)
    try:
        board = Board.from_file(args.board, load_language(state.language)) if args.board else None
    except BoardError as err:
        # The window opens anyway and says what is wrong, where the player looks.
        print(f"{PROG}: error: {err}", file=sys.stderr)
        state.notices.append(_("Could not open {name}: {problem}").format(name=Path(args.board).name,
                                                                          problem=engine_text(err)))
        board = None
    if state.settings.theme is None:
        theme.read_system_mode_ahead()  # meanwhile Tk starts
    try:
        root = root if root is not None else tk.Tk(className=PROG)
    except tk.TclError as err:
        return fail(f"cannot open a window ({err})", 1)
    theme.fit_to_screen(root, *SMALLEST_WINDOW)  # before any widget takes its size from the scaling
    app = App(root, state)
    if board is not None:
        app.load_board(board, named(N_("open {name}"), name=Path(args.board).name))
        if args.solve:
            app.solve()
    return app


def fail(problem: object, status: int) -> int:
    """Print ``problem`` as one error line on stderr and return ``status``."""
    print(f"{PROG}: error: {problem}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
