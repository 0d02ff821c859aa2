"""``ruzzle read``: read a board from a screenshot and print it as a board file (or JSON with confidences)."""
from __future__ import annotations

from ruzzle_gui.cli.common import MAX_NOTICE, CliError, add_language_options, file_name, language_of, say, write
from ruzzle_gui.language import Language

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable

READ_EPILOG = """examples:
  ruzzle read -l it screenshot.png > board.txt
  ruzzle read -l ru shot.jpg --json
  ruzzle solve -l en --image screenshot.png

A tile the reader could not establish is printed with a '?' beside what is
in doubt: Etl? is an E that is probably TL, E? an E whose bonus is unknown,
?W a tile read as W that may be another letter (?Wtl: its TL is sure). solve
and plan refuse such a board unless given --unsure-as-plain, which scores
unsure bonuses as plain and takes the letters as read.
"""


def add_read(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the read command's options."""
    command.epilog = READ_EPILOG
    add_language_options(command)
    command.add_argument("image", type=file_name, metavar="IMAGE",
                         help="a screenshot (PNG, JPEG, ...) showing a Ruzzle board")
    command.add_argument("--json", action="store_true", help="print each cell with its confidence as JSON")
    command.set_defaults(handler=read)


def start_image(path: str) -> object:
    """Return the screenshot at ``path`` with its decoding begun on a thread of its own, to overlap loading the
    language and the reader (``images.start_loading``); ``path`` itself when Pillow is missing (``read_image``
    says so). Nothing is raised here: a bad file is said by ``read_image``, after a bad language."""
    try:
        from ruzzle_gui.vision.images import start_loading
    except ImportError:
        return path
    return start_loading(path)


def read_image(image: object, language: Language):
    """Return the Reading of the board in the image at path ``image`` (or begun by ``start_image``); every
    reader failure becomes a CliError."""
    try:
        from ruzzle_gui.vision import ImageError, OcrUnavailableError, read_board
    except ImportError as err:  # Pillow or numpy missing: the package says what to install
        raise CliError(str(err)) from None
    try:
        return read_board(image, language)
    except (ImageError, OcrUnavailableError) as err:
        raise CliError(str(err)) from None


def unsure_tiles(reasons: dict[tuple[int, int], str]) -> str:
    """Return the unsure tiles and why, as one line's worth: 'row 1 cell 2 (why); row 3 cell 4 (why)'."""
    return "; ".join(f"row {r + 1} cell {c + 1}" + (f" ({why})" if why else "")
                     for (r, c), why in sorted(reasons.items()))


def add_unsure_option(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add --unsure-as-plain, for solve and plan."""
    command.add_argument("--unsure-as-plain", action="store_true",
                         help="score tiles whose bonus is unsure ('Etl?', 'E?') as plain tiles and take letters "
                              "in doubt ('?W') as read, instead of refusing")


def sure_board(board, args: argparse.Namespace):
    """Return the board to solve: refused while a tile is unsure, unsure bonuses made plain with --unsure-as-plain.

    ``board.unsure_letters`` are the tiles whose letter is in doubt; ``board.unsure`` those whose bonus.
    """
    bonuses, letters = set(board.unsure), set(board.unsure_letters)
    doubtful = sorted(letters | bonuses)
    if not doubtful:
        return board
    if not args.unsure_as_plain:
        what = {cell: "letter and bonus" if cell in bonuses and cell in letters else
                "bonus" if cell in bonuses else "letter" for cell in doubtful}
        count = f"{len(doubtful)} tile{'s are' if len(doubtful) > 1 else ' is'}"
        plain = " and ".join((["score unsure bonuses as plain"] if bonuses else [])
                             + (["take the letters as read"] if letters else []))
        raise CliError(f"{count} unsure: {unsure_tiles(what)}; check them ('ruzzle read' says why), "
                       f"or pass --unsure-as-plain to {plain}")
    if letters:
        cells = ", ".join(f"row {r + 1} cell {c + 1}" for r, c in sorted(letters))
        say(f"solving with these letters unchecked: {cells}", most=MAX_NOTICE)
    return board.unsure_as_plain()


def reading_json(reading, language: Language) -> dict:
    """Return the JSON object for a board read from an image."""
    board = reading.board
    return {
        "language": language.code, "rows": board.rows, "cols": board.cols,
        "board": board.grid(), "bonuses": board.bonus_grid(),
        "uncertain": [list(cell) for cell in reading.uncertain],
        "unsure_bonuses": [list(cell) for cell in board.unsure],
        "unsure_letters": [list(cell) for cell in board.unsure_letters],
        "text": board.to_text(),
        "cells": [{"row": index // board.cols, "col": index % board.cols, "letter": cell.letter,
                   "bonus": cell.bonus, "value": cell.value, "confidence": cell.confidence,
                   "uncertain": cell.uncertain, "bonus_sure": cell.bonus_sure, "reason": cell.reason,
                   "choices": [[letter, round(score, 3)] for letter, score in cell.choices]}
                  for index, cell in enumerate(reading.cells)],
    }


def read(args: argparse.Namespace) -> int:
    """Read the board in a screenshot and print it."""
    image = start_image(args.image)
    language = language_of(args)
    reading = read_image(image, language)
    if reading.uncertain:
        say(f"check these tiles, the reading is unsure: {unsure_tiles(reading.reasons)}", most=MAX_NOTICE)
    if args.json:
        import json

        write(json.dumps(reading_json(reading, language), ensure_ascii=False) + "\n")
    else:
        write(reading.board.to_text())
    return 0
