"""``ruzzle generate``: write a random board drawn from a language's letter frequencies."""
from __future__ import annotations

import random

from ruzzle_gui.board import MAX_SIDE, Board
from ruzzle_gui.cli.common import (
    add_language_options,
    at_least_one,
    file_name,
    language_files,
    language_of,
    refuse_overwriting,
    type_error,
    whole_number,
    write_output,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

GENERATE_EPILOG = """examples:
  ruzzle generate -l it --seed 42 -o board.txt
  ruzzle generate -l de -r 5 -c 5 --no-bonus
"""


def add_generate(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the generate command's options."""
    command.epilog = GENERATE_EPILOG
    add_language_options(command)
    command.add_argument("-r", "--rows", type=board_side, default=4, metavar="ROWS",
                         help="number of rows (default 4)")
    command.add_argument("-c", "--cols", type=board_side, metavar="COLS",
                         help="number of columns (default: as many as rows)")
    command.add_argument("-o", "--output", type=file_name, metavar="FILE",
                         help="write to this file ('-': stdout, the default)")
    command.add_argument("--seed", type=whole_number, metavar="N", help="same seed, same board")
    command.add_argument("--no-bonus", action="store_true", help="no DL/TL/DW/TW tiles")
    command.set_defaults(handler=generate)


def generate(args: argparse.Namespace) -> int:
    """Write a random board drawn from the language's letter frequencies."""
    language = language_of(args)
    board = Board.random(language, args.rows, args.cols or args.rows, random.Random(args.seed),
                         bonuses=not args.no_bonus)
    refuse_overwriting(args.output, [language.dictionary_path, *language_files(args.language)])
    write_output(args.output, [board.to_text()])
    return 0




def board_side(text: str) -> int:
    """Return ``text`` as a board side length between 1 and MAX_SIDE."""
    value = at_least_one(text)
    if value > MAX_SIDE:
        raise type_error(f"must be at most {MAX_SIDE}, not {value}")
    return value
