"""``ruzzle generate``: write a random board drawn from a language's letter frequencies."""
from __future__ import annotations

import argparse
import random
from pathlib import Path

from ruzzle_gui.board import Board
from ruzzle_gui.cli.common import add_language_options, board_side, language_of, whole_number, write

GENERATE_EPILOG = """examples:
  ruzzle generate -l it --seed 42 -o board.txt
  ruzzle generate -l de -r 5 -c 5 --no-bonus
"""


def add_generate(command: argparse.ArgumentParser) -> None:
    """Add the generate command's options."""
    command.epilog = GENERATE_EPILOG
    add_language_options(command)
    command.add_argument("-r", "--rows", type=board_side, default=4, metavar="ROWS",
                         help="number of rows (default 4)")
    command.add_argument("-c", "--cols", type=board_side, metavar="COLS",
                         help="number of columns (default: as many as rows)")
    command.add_argument("-o", "--output", metavar="FILE", help="write to this file, not stdout")
    command.add_argument("--seed", type=whole_number, metavar="N", help="same seed, same board")
    command.add_argument("--no-bonus", action="store_true", help="no DL/TL/DW/TW tiles")
    command.set_defaults(handler=generate)


def generate(args: argparse.Namespace) -> int:
    """Write a random board drawn from the language's letter frequencies."""
    language = language_of(args)
    board = Board.random(language, args.rows, args.cols or args.rows, random.Random(args.seed),
                         bonuses=not args.no_bonus)
    if args.output is None:
        write(board.to_text())
    else:
        Path(args.output).write_text(board.to_text(), encoding="utf-8")
    return 0
