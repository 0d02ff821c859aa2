"""``ruzzle watch``: watch the screen (a mirrored phone, a game window) and print each new board's best words."""
from __future__ import annotations

import sys

from ruzzle_gui.cli.common import PROG, CliError, add_language_options, at_least_one, language_of, type_error, write

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable
    from ruzzle_gui.language import Language

WATCH_EPILOG = """examples:
  ruzzle watch -l it
  ruzzle watch -l en --region 1200,80,540,1000 --top 20

Mirror the phone to the desktop (scrcpy, for one) and start a round: each new
board is printed with its best words as soon as it appears. A board with a tile
the reader is unsure of is printed with its marks and the reasons, and solved
only with --unsure-as-plain. Ctrl-C stops.
"""
DEFAULT_TOP = 15


def add_watch(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the watch command's options."""
    command.epilog = WATCH_EPILOG
    add_language_options(command)
    command.add_argument("--region", type=region, metavar="X,Y,W,H",
                         help="watch only this rectangle of the screen, in pixels (default: the whole screen)")
    command.add_argument("--top", type=at_least_one, default=DEFAULT_TOP, metavar="N",
                         help=f"print the best N words of each board (default: {DEFAULT_TOP})")
    command.add_argument("--unsure-as-plain", action="store_true",
                         help="solve a board with unsure tiles too, their bonuses plain and their letters as read "
                              "(default: print it with its marks, unsolved)")
    command.set_defaults(handler=watch)


def region(text: str) -> tuple[int, int, int, int]:
    """Return ``X,Y,W,H`` as four whole numbers, the width and height at least 1, none past MAX_SCREEN_PX; else
    raise a usage error."""
    parts = text.split(",")
    try:
        x, y, width, height = (int(part) for part in parts)
    except ValueError:
        raise type_error(f"'{text}' is not X,Y,W,H: four whole numbers such as 0,0,800,1000") from None
    if width < 1 or height < 1:
        raise type_error(f"the width and height of '{text}' must be at least 1")
    from ruzzle_gui.vision import MAX_SCREEN_PX  # cheap: the reader itself is imported when first used

    if max(abs(x), abs(y), width, height) > MAX_SCREEN_PX:
        raise type_error(f"the region '{text}' lies beyond any screen: each number is at most {MAX_SCREEN_PX} "
                         f"pixels")
    return x, y, width, height


def watch(args: argparse.Namespace) -> int:
    """Watch the screen until Ctrl-C, printing each new board and its best words."""
    language = language_of(args)
    try:
        from ruzzle_gui.vision.capture import capture_screen
        from ruzzle_gui.vision.errors import ImageError
        from ruzzle_gui.vision.reader import prepare
        from ruzzle_gui.vision.watch import Watcher, WatchError
    except ImportError as err:  # Pillow or numpy missing
        raise CliError(str(err)) from None
    try:
        capture_screen(args.region)  # no display: say so before anything else
    except ImageError as err:
        raise CliError(str(err)) from None
    language.trie  # noqa: B018 (load the dictionary now, not when the first board is waited for)
    prepare(language)
    watcher = Watcher(language, lambda reading: print_board(reading, language, args.top, args.unsure_as_plain),
                      on_problem=lambda message: print(f"{PROG}: {message}", file=sys.stderr, flush=True),
                      region=args.region, grab=capture_screen)  # the same grab that was just tried
    where = "the screen" if args.region is None else "the region {},{},{},{} of the screen".format(*args.region)
    print(f"{PROG}: watching {where} for a board in {language.english_name} (Ctrl-C stops)", file=sys.stderr,
          flush=True)
    try:
        watcher.run()
    except WatchError as err:
        raise CliError(str(err)) from None
    return 0


def print_board(reading, language: Language, top: int, unsure_as_plain: bool = False) -> None:
    """Print a board read from the screen with its best ``top`` words, at once.

    A board with unsure tiles is printed with its marks and why, as ``ruzzle read`` gives them, and solved
    only when ``unsure_as_plain`` (bonuses in doubt plain, letters in doubt as read).
    """
    import time

    from ruzzle_gui.board import BoardError
    from ruzzle_gui.cli.reading import unsure_tiles
    from ruzzle_gui.cli.solving import board_lines, summary_line, word_lines
    from ruzzle_gui.graph import Graph

    board = reading.board
    lines = [f"board seen at {time.strftime('%H:%M:%S')}", *board_lines(board)]
    if reading.uncertain:
        lines.append(f"check these tiles, the reading is unsure: {unsure_tiles(reading.reasons)}")
        if not unsure_as_plain:
            write("\n".join([*lines, "not solved until they are checked (or watch with --unsure-as-plain)", ""])
                  + "\n")
            sys.stdout.flush()
            return
        board = board.unsure_as_plain()
    try:
        found = Graph(board, language).solve()
    except BoardError as err:  # a tile not read at all ('?'): say so, and watch on
        lines += [f"cannot solve this board: {err}", ""]
    else:
        shown = found[:top]
        lines += ["", *(word_lines(shown, header=True) if shown else ["no words found"]), "",
                  summary_line(shown, len(found)), ""]
    write("\n".join(lines) + "\n")
    sys.stdout.flush()
