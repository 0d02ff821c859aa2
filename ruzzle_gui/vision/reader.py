"""Read a Ruzzle board from a screenshot: locate, cut, read bonuses, letters and values, assemble.

Each step is a pure function of its own module, testable alone:
``images.load_image`` -> ``locate.locate_board`` -> ``cells.cut_cells`` ->
``bonus.read_bonus`` and ``glyphs.split_glyphs`` -> ``recognise`` ->
``witness.reconcile`` -> a ``Reading``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.language import Language, known_languages, load_language
from ruzzle_gui.vision.bonus import read_bonus
from ruzzle_gui.vision.cells import cut_cells
from ruzzle_gui.vision.errors import ImageError, NoBoardError
from ruzzle_gui.vision.glyphs import split_glyphs
from ruzzle_gui.vision.images import load_image, to_array
from ruzzle_gui.vision.locate import Grid, locate_board
from ruzzle_gui.vision.recognise import matcher
from ruzzle_gui.vision.witness import UNCERTAIN_BELOW, reconcile

__all__ = ["CellReading", "Reading", "prepare", "read_board", "read_cell"]

VALUE_MIN = 0.5        # likeness a value needs to count as a witness; small digits blur, so this is lower
VALUE_MARGIN = 0.05    # ... and how far ahead of the next value it must be
FOREIGN_MARGIN = 0.05  # a letter of another alphabet must look this much likelier than any of ours ...
FOREIGN_SHARE = 0.25   # ... on this share of the tiles for the board to be called another alphabet's


@dataclass(frozen=True)
class CellReading:
    """What was read on one tile, and how sure the reader is of it (0..1)."""

    letter: str
    bonus: str | None
    value: int | None
    confidence: float
    uncertain: bool
    choices: tuple[tuple[str, float], ...]  # the best few letters with their likeness


@dataclass(frozen=True)
class Reading:
    """A board read from an image, with a reading per cell and where the board lay."""

    board: Board
    cells: tuple[CellReading, ...]
    grid: Grid

    @property
    def confidences(self) -> tuple[float, ...]:
        """Return each cell's confidence, row by row."""
        return tuple(cell.confidence for cell in self.cells)

    @property
    def uncertain(self) -> tuple[Cell, ...]:
        """Return the (row, col) of every cell the player should check."""
        return tuple(divmod(index, self.board.cols) for index, cell in enumerate(self.cells) if cell.uncertain)


def _foreign_letters(language: Language) -> tuple[str, ...]:
    """Return the letters of the bundled alphabets that ``language`` lacks."""
    letters = {ch for code in known_languages() for ch in load_language(code).alphabet}
    return tuple(sorted(letters - set(language.alphabet)))


def read_cell(cell: np.ndarray, language: Language, fonts: tuple[Path, ...] | None = None) -> CellReading:
    """Return the reading of one CELL x CELL RGB tile (letters compared with ``fonts``, default all)."""
    bonus, bonus_share = read_bonus(cell)
    glyphs = split_glyphs(cell)
    if glyphs.letter is None:
        return CellReading("?", bonus, None, 0.0, True, ())
    choices = matcher(tuple(language.alphabet), fonts).rank(glyphs.letter)
    value, value_score = None, 0.0
    if glyphs.value is not None:
        values = tuple(sorted({str(v) for v in language.values.values()}))
        ranked = matcher(values, fonts).rank(glyphs.value)
        (text, value_score), runner_up = ranked[0], ranked[1][1] if len(ranked) > 1 else -1.0
        if value_score >= VALUE_MIN and value_score - runner_up >= VALUE_MARGIN:
            value = int(text)
    verdict = reconcile(choices, value, language.values)
    confidence = max(0.0, min(verdict.confidence, bonus_share))
    return CellReading(verdict.letter, bonus, value, round(confidence, 3),
                       verdict.uncertain or confidence < UNCERTAIN_BELOW, tuple(choices[:3]))


def _check_alphabet(cells: list[np.ndarray], language: Language, name: str) -> None:
    """Raise ImageError if most tiles look like letters of another alphabet than ``language``'s."""
    foreign = _foreign_letters(language)
    if not foreign:
        return
    ours, theirs = matcher(tuple(language.alphabet), None), matcher(foreign)  # read_cell's cache entry
    strange = 0
    for cell in cells:
        letter = split_glyphs(cell).letter
        if letter is not None and theirs.rank(letter)[0][1] > ours.rank(letter)[0][1] + FOREIGN_MARGIN:
            strange += 1
    if strange >= FOREIGN_SHARE * len(cells):
        raise ImageError(f"the board in {name} is not in the {language.name} alphabet "
                         f"({strange} of {len(cells)} tiles show other letters): choose its language")


def read_board(source: str | Path | Image.Image, language: Language | str,
               fonts: tuple[Path, ...] | None = None) -> Reading:
    """Return the board shown in an image file or PIL image, read for ``language`` (a code or Language).

    ``fonts`` limits the fonts letters are compared with (the bench holds out a shot's own font).
    """
    language = load_language(language) if isinstance(language, str) else language
    name = "the image" if isinstance(source, Image.Image) else str(source)
    image = load_image(source)
    grid = locate_board(to_array(image))
    if grid is None:
        raise NoBoardError(f"no Ruzzle board found in {name}")
    cells = cut_cells(image, grid)
    _check_alphabet(cells, language, name)
    readings = tuple(read_cell(cell, language, fonts) for cell in cells)
    board = Board(grid.size, grid.size, tuple(r.letter for r in readings), tuple(r.bonus for r in readings))
    return Reading(board, readings, grid)


def prepare(language: Language | str) -> None:
    """Draw the letters and values the reader compares tiles with for ``language``, so that the first
    read (watch mode's first board) is as quick as the next."""
    language = load_language(language) if isinstance(language, str) else language
    matcher(tuple(language.alphabet), None)  # as read_cell asks: functools.cache keys on how it is called
    matcher(tuple(sorted({str(v) for v in language.values.values()})), None)
    if _foreign_letters(language):
        matcher(_foreign_letters(language))
