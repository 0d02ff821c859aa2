"""``ruzzle read``: read a board from a screenshot and print it as a board file (or JSON with confidences)."""
from __future__ import annotations

import sys

from ruzzle_gui.cli.common import PROG, CliError, add_language_options, file_name, language_of, write
from ruzzle_gui.language import Language

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

READ_EPILOG = """examples:
  ruzzle read -l it screenshot.png > board.txt
  ruzzle read -l ru shot.jpg --json
  ruzzle solve -l en --image screenshot.png
"""


def add_read(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the read command's options."""
    command.epilog = READ_EPILOG
    add_language_options(command)
    command.add_argument("image", type=file_name, metavar="IMAGE",
                         help="a screenshot (PNG, JPEG, ...) showing a Ruzzle board")
    command.add_argument("--json", action="store_true", help="print each cell with its confidence as JSON")
    command.set_defaults(handler=read)


def read_image(path: str, language: Language):
    """Return the Reading of the board in image ``path``; every reader failure becomes a CliError."""
    try:
        from ruzzle_gui.vision import ImageError, OcrUnavailableError, read_board
    except ImportError as err:  # Pillow or numpy missing: the package says what to install
        raise CliError(str(err)) from None
    try:
        reading = read_board(path, language)
    except (ImageError, OcrUnavailableError) as err:
        raise CliError(str(err)) from None
    if reading.uncertain:
        cells = ", ".join(f"row {r + 1} cell {c + 1}" for r, c in reading.uncertain)
        print(f"{PROG}: check these tiles, the reading is unsure: {cells}", file=sys.stderr)
    return reading


def reading_json(reading, language: Language) -> dict:
    """Return the JSON object for a board read from an image."""
    board = reading.board
    return {
        "language": language.code, "rows": board.rows, "cols": board.cols,
        "board": board.grid(), "bonuses": board.bonus_grid(),
        "uncertain": [list(cell) for cell in reading.uncertain],
        "cells": [{"row": index // board.cols, "col": index % board.cols, "letter": cell.letter,
                   "bonus": cell.bonus, "value": cell.value, "confidence": cell.confidence,
                   "uncertain": cell.uncertain,
                   "choices": [[letter, round(score, 3)] for letter, score in cell.choices]}
                  for index, cell in enumerate(reading.cells)],
    }


def read(args: argparse.Namespace) -> int:
    """Read the board in a screenshot and print it."""
    language = language_of(args)
    reading = read_image(args.image, language)
    if args.json:
        import json

        write(json.dumps(reading_json(reading, language), ensure_ascii=False) + "\n")
    else:
        write(reading.board.to_text())
    return 0
