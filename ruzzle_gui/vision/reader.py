"""Read a Ruzzle board from a screenshot: locate, cut, read bonuses, letters and values, assemble.

Each step is a pure function of its own module, testable alone:
``images.load_image`` -> ``upright.upright_board`` (straightened, turned, located) -> ``cells.cut_wide`` ->
``bonus.read_bonus`` and ``glyphs.split_glyphs`` -> ``recognise`` ->
``witness.reconcile`` -> a ``Reading``.

Never a wrong board given with confidence: a tile whose letter or bonus the
witnesses do not establish is named in ``Reading.uncertain`` with its reason,
and marked in the board itself, so that its board file keeps the doubt: an
unsure bonus in ``Board.unsure``, an unsure letter in ``Board.unsure_letters``. A
shot that shows no 4x4 board, or whose letters are mostly in doubt, is refused.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from PIL import Image

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.coded import joined, said
from ruzzle_gui.language import Language, known_languages, load_language
from ruzzle_gui.vision.backdrop import beside_rows, clipped_darks, colour_cast
from ruzzle_gui.vision.bonus import is_lit, read_bonus
from ruzzle_gui.vision.cells import CELL, cut_wide, face_of
from ruzzle_gui.vision.contrast import board_levels
from ruzzle_gui.vision.errors import ImageError, NoBoardError, coded
from ruzzle_gui.vision.glyphs import Glyphs, split_glyphs
from ruzzle_gui.vision.greyscale import undecorated
from ruzzle_gui.vision.images import Pending, load_image
from ruzzle_gui.vision.locate import Grid
from ruzzle_gui.vision.middle import percentile
from ruzzle_gui.vision.recognise import matcher, normalise
from ruzzle_gui.vision.upright import upright_board
from ruzzle_gui.vision.witness import UNCERTAIN_BELOW, reconcile

TYPE_CHECKING = False  # typing.TYPE_CHECKING: pathlib costs a read 5 ms to import, for a name in a signature
if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["CellReading", "Reading", "prepare", "read_board", "read_cell"]

VALUE_MIN = 0.5        # likeness a value needs to count as a witness; small digits blur, so this is lower
VALUE_MARGIN = 0.05    # ... and how far ahead of the next value it must be, unless it confirms a clear letter:
LETTER_LEAD = 0.1      # a letter this far ahead of every letter of another value is confirmed by a value that
                       # merely ranks first (a 6 px digit of a small shot reads 3 only 0.04 ahead of 1)
FOREIGN_MARGIN = 0.05  # a letter of another alphabet must look this much likelier than any of ours ...
FOREIGN_SHARE = 0.25   # ... on this share of the tiles for the board to be called another alphabet's
BOARD_SIDE = 4         # tiles a side on every Ruzzle board: any other count is not a board of the game
MOST_IN_DOUBT = 0.5    # a board with this share of its letters in doubt is refused rather than printed
MIN_TILE_PX = 30       # a tile narrower than this shows its value in a digit of 4 px or less: too small to
                       # witness the letter (a round-summary card's small board). At 30-35 px (a whole desktop
                       # shrunk to a phone's width) letters are still read, and those in doubt marked or refused
FAINT_BELOW = 56       # px: a smaller tile's value is read with its faint strokes (glyphs.FAINT_MAX); a larger one's
                       # dark marks are enough, and its faint ones were never measured there (a faded photo's then
                       # read values of 76 px tiles, where its bonuses were wrong; the letters' doubt refused it).
                       # 48 was too low: a 1366x768 desktop's phone window is located at half size, so its
                       # tiles measure 48 or 50 px, and its thin Cyrillic values went unread (boards refused)
UNLIT_FACE = 240       # luminance a lit tile's orange face is mapped to, so its letter reads as on a grey face
CAST_SIDE = 320        # px side of the copy of the board whose background is checked for a colour cast


class CellReading(NamedTuple):
    """What was read on one tile, and how sure the reader is of it (0..1)."""

    letter: str
    bonus: str | None
    value: int | None
    confidence: float
    uncertain: bool
    choices: tuple[tuple[str, float], ...]  # the best few letters with their likeness
    bonus_sure: bool = True  # False: ``bonus`` is a guess (None: unknown), see ``reason``
    reason: str = ""         # why the tile is uncertain, for the player
    letter_sure: bool = True  # False: ``letter`` is a guess, see ``reason``


class Reading(NamedTuple):
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

    @property
    def reasons(self) -> dict[Cell, str]:
        """Return why each uncertain cell is uncertain, by (row, col)."""
        return {divmod(index, self.board.cols): cell.reason
                for index, cell in enumerate(self.cells) if cell.uncertain}


def _foreign_letters(language: Language) -> tuple[str, ...]:
    """Return the letters of the bundled alphabets that ``language`` lacks."""
    letters = {ch for code in known_languages() for ch in load_language(code).alphabet}
    return tuple(sorted(letters - set(language.alphabet)))


def _unlit(cell: np.ndarray) -> np.ndarray:
    """Return a lit tile in grey, its orange face as light as a plain face and its dark letter still dark."""
    luminance = cell.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    face = float(percentile(luminance, 75))
    grey = np.clip(luminance * (UNLIT_FACE / max(face, 1.0)), 0, 255).astype(np.uint8)
    return np.repeat(grey[..., None], 3, axis=2)


def _face(wide: np.ndarray, lit: bool) -> np.ndarray:
    """Return the tile inside a wide tile, in grey if a swipe lights it."""
    return _unlit(face_of(wide)) if lit else face_of(wide)


def read_cell(wide: np.ndarray, language: Language, fonts: tuple[str, ...] | None = None,
              lit: bool | None = None, glyphs: Glyphs | None = None, tile: float = math.inf,
              backdrop: np.ndarray | None = None, letter: np.ndarray | None = None) -> CellReading:
    """Return the reading of one wide tile (``cells.cut_wide``; letters compared with the references of
    ``fonts``, names of ``recognise.font_names()``, default all).

    ``glyphs`` are the tile's marks if already split from its face (``read_board`` splits them once), and
    ``letter`` their letter normalised (``recognise.normalise``), if already done;
    ``tile`` is the tile's side in the shot, in px (default: large); ``backdrop`` the board's colour beside it.
    """
    lit = is_lit(wide) if lit is None else lit
    bonus = read_bonus(wide, lit, tile, backdrop)
    glyphs = split_glyphs(_face(wide, lit)) if glyphs is None else glyphs
    if glyphs.letter is None:
        return CellReading("?", bonus.bonus, None, 0.0, True, (), bonus.sure,
                           joined(said("no letter seen", "reason_no_letter"), bonus.reason), False)
    letter = normalise(glyphs.letter) if letter is None else letter
    choices = matcher(tuple(language.alphabet), fonts).rank_normalised(letter)
    value, value_score = None, 0.0
    if glyphs.value is not None:
        values = tuple(sorted({str(v) for v in language.values.values()}))
        ranked = matcher(values, fonts).rank(glyphs.value)
        (text, value_score), runner_up = ranked[0], ranked[1][1] if len(ranked) > 1 else -1.0
        if value_score >= VALUE_MIN and (value_score - runner_up >= VALUE_MARGIN
                                         or _confirms(int(text), choices, language)):
            value = int(text)
    verdict = reconcile(choices, value, language.values)
    confidence = max(0.0, verdict.confidence if bonus.sure else min(verdict.confidence, 0.5))
    letter_doubt = verdict.uncertain or verdict.confidence < UNCERTAIN_BELOW
    looks_like = choices[0][0] if verdict.corrected else None
    why = _letter_reason(verdict.letter, value, language, looks_like) if letter_doubt else ""
    return CellReading(verdict.letter, bonus.bonus, value, round(confidence, 3), letter_doubt or not bonus.sure,
                       tuple(choices[:3]), bonus.sure, joined(why, bonus.reason), not letter_doubt)


def _confirms(value: int, choices: list[tuple[str, float]], language: Language) -> bool:
    """Return whether ``value`` is the first letter's own and that letter is clear of every letter of another
    value: then the value, though read without a lead over the next, still witnesses the letter."""
    letter, score = choices[0]
    if language.values.get(letter) != value or score < UNCERTAIN_BELOW:
        return False
    return all(score - other >= LETTER_LEAD for rival, other in choices[1:] if language.values.get(rival) != value)


def _letter_reason(letter: str, value: int | None, language: Language, looks_like: str | None) -> str:
    """Return why a tile's letter is in doubt (``looks_like``: the likelier letter its value overruled)."""
    if value is None:
        return said(f"the letter looks like {letter} but its value was not read", "reason_no_value", letter=letter)
    if looks_like is not None:  # both readings, so that a letter hidden under an overlay is easy to check
        return said(f"the letter looks most like {looks_like}, whose value is not {value}: read as {letter}, "
                    f"the likeliest letter worth {value}", "reason_overruled", letter=letter, looks_like=looks_like,
                    value=value)
    if language.values.get(letter) != value:
        return said(f"the letter looks like {letter} but its value {value} is not {letter}'s", "reason_wrong_value",
                    letter=letter, value=value)
    return said(f"the letter looks only faintly like {letter}", "reason_faint", letter=letter)


def _check_alphabet(letters: list[np.ndarray | None], language: Language, name: str) -> None:
    """Raise ImageError if most tiles' letters (normalised, None where a tile has none) look like letters of
    another alphabet than ``language``'s."""
    foreign = _foreign_letters(language)
    if not foreign:
        return
    ours, theirs = matcher(tuple(language.alphabet), None), matcher(foreign)  # read_cell's cache entry
    strange = 0
    for letter in letters:
        if letter is not None and (theirs.rank_normalised(letter)[0][1]
                                   > ours.rank_normalised(letter)[0][1] + FOREIGN_MARGIN):
            strange += 1
    if strange >= FOREIGN_SHARE * len(letters):
        raise coded(ImageError(f"the board in {name} is not in the {language.english_name} alphabet "
                               f"({strange} of {len(letters)} tiles show other letters): choose its language"),
                    "alphabet", name=name, language=language.english_name, language_code=language.code, strange=strange,
                    tiles=len(letters))


def read_board(source: str | Path | Image.Image | Pending, language: Language | str,
               fonts: tuple[str, ...] | None = None) -> Reading:
    """Return the board shown in an image file or PIL image, read for ``language`` (a code or Language).

    ``source`` may also be a file whose decoding began earlier (``images.start_loading``).

    ``fonts`` limits the fonts whose references letters are compared with (the bench holds out a shot's own
    font), by name (``recognise.font_names()``).
    """
    language = load_language(language) if isinstance(language, str) else language
    name = (source.name if isinstance(source, Pending)
            else "the image" if isinstance(source, Image.Image) else str(source))
    upright = upright_board(load_image(source), name)
    image, grid = upright.image, upright.grid
    if grid.tile < MIN_TILE_PX:
        raise coded(ImageError(f"the board in {name} is too small to read: its tiles are {grid.tile:.0f} px wide, "
                               f"and {MIN_TILE_PX} px are needed (a round-summary card? send the screenshot as "
                               f"taken)"), "too_small", name=name, tile=round(grid.tile), needed=MIN_TILE_PX)
    if grid.size != BOARD_SIDE:
        raise coded(NoBoardError(f"no Ruzzle board found in {name}: it shows {grid.size}x{grid.size} tiles, "
                                 f"and a Ruzzle board has {BOARD_SIDE}x{BOARD_SIDE}"), "wrong_size", name=name,
                    size=grid.size, side=BOARD_SIDE)
    wide = cut_wide(image, grid)
    if upright.greyscale:  # a badge or ring without its colour looks like ink
        wide = [_undecorated(w) for w in wide]
    lit = [is_lit(w) for w in wide]
    cast, untrusted = _untrusted_colours(image, grid, upright.faded) if not upright.greyscale else (False, "")
    # A cast tints the ink too, and its tinted strokes are not taken for ink: the letters are read in grey
    inked = [_undecorated(_grey(w)) if cast and not on else w for w, on in zip(wide, lit)]
    faint = grid.tile < FAINT_BELOW
    # Each tile's marks split once, and its letter normalised once: both steps below need them
    glyphs = [split_glyphs(_face(ink, on), faint) for ink, on in zip(inked, lit)]
    letters = [None if g.letter is None else normalise(g.letter) for g in glyphs]
    try:
        _check_alphabet(letters, language, name)
    except ImageError as err:
        if not untrusted:
            raise
        # Letters on their sides look foreign: the turn is told by the values, which such a photo loses
        raise _strange_colours(name, getattr(err, "values", {}).get("strange", 0), len(glyphs)) from None
    backdrops = beside_rows(image, grid)  # the backdrop names no bonus (bonus.py)
    # One tile after another: this is Python-bound work, which two threads only make contend for the GIL
    # (docs/performance.md, "The tiles' reading on one core")
    readings = tuple(read_cell(wide[i], language, fonts, lit[i], glyphs[i], grid.tile, backdrops[i // grid.size],
                               letters[i]) for i in range(len(wide)))
    if untrusted:  # a lit tile's bonus is read from its badge's label
        readings = tuple(r if on else _colour_doubt(r, untrusted) for r, on in zip(readings, lit))
    if upright.greyscale:  # no colour, so no bonus can be told: each is unknown, never plain
        readings = tuple(_colourless(reading) for reading in readings)
    _check_doubt(readings, name, bool(untrusted))
    n = grid.size
    unsure = (divmod(index, n) for index, r in enumerate(readings) if not r.bonus_sure)
    unsure_letters = (divmod(index, n) for index, r in enumerate(readings) if not r.letter_sure)
    board = Board(n, n, tuple(r.letter for r in readings), tuple(r.bonus for r in readings), unsure, unsure_letters)
    return Reading(board, readings, grid)


CAST = said("the board's background is bluer than the game draws it (a photo's colour cast?), so its colours tell "
            "no bonus", "reason_colour_cast")
CLIPPED_DARKS = said("no colour on the board is darker than its letters, as every bonus colour of the game is (a "
                     "photo's clipped blacks?), so its colours tell no bonus", "reason_clipped_darks")


def _untrusted_colours(image: Image.Image, grid: Grid, faded: bool) -> tuple[bool, str]:
    """Return whether the board shows a colour cast, and why its colours tell no bonus ("" when they do).

    Two witnesses of the whole board (``backdrop``): its background bluer than the game's, or, in a faded
    picture stretched back (``faded``), no colour on it darker than its ink. Unstretched, clipped blacks leave
    the bonus colours as dark and saturated as the game draws them; and a board with no bonus tile has no
    such dark colour either, so it is not asked.
    """
    span = (grid.size - 1) * grid.pitch + grid.tile
    scale = min(1.0, CAST_SIDE / span)  # the background is one flat colour: a small copy of the board shows it
    side = max(1, round(span * scale))
    board = np.asarray(image.resize((side, side), Image.Resampling.BILINEAR,
                                    box=(grid.left, grid.top, grid.left + span, grid.top + span)).convert("RGB"))
    if colour_cast(board, Grid(grid.size, 0.0, 0.0, grid.pitch * scale, grid.tile * scale)):
        return True, CAST
    return False, CLIPPED_DARKS if faded and clipped_darks(board, board_levels(image, grid)[1]) else ""


def _colour_doubt(reading: CellReading, why: str) -> CellReading:
    """Return a tile's reading with its bonus unknown: the picture's colours are not the game's (``why``)."""
    return reading._replace(bonus=None, bonus_sure=False, uncertain=True, confidence=min(reading.confidence, 0.5),
                   reason=joined(reading.reason, why))


def _grey(wide: np.ndarray) -> np.ndarray:
    """Return a wide tile in grey: a colour cast tints the ink, whose luminance still shows the letter."""
    luminance = (wide.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)).astype(np.uint8)
    return np.repeat(luminance[..., None], 3, axis=2)


def _undecorated(wide: np.ndarray) -> np.ndarray:
    """Return a wide greyscale tile with its badge and ring, grey like ink, cleared from its face."""
    start = (wide.shape[0] - CELL) // 2
    cleared = wide.copy()
    cleared[start:start + CELL, start:start + CELL] = undecorated(face_of(wide))
    return cleared


def _colourless(reading: CellReading) -> CellReading:
    """Return a greyscale tile's reading with its bonus unknown: no colour, no bonus to tell."""
    return reading._replace(bonus=None, bonus_sure=False, uncertain=True,
                   reason=joined(reading.reason if not reading.bonus_sure else "",
                                 said("the picture has no colour, so the bonus cannot be told", "reason_no_colour")))


def _check_doubt(readings: tuple[CellReading, ...], name: str, strange_colours: bool = False) -> None:
    """Raise ImageError when so many letters are in doubt that the board would mislead more than help
    (``strange_colours``: the picture's colours are not the game's, which is then the reason given)."""
    doubtful = sum(not r.letter_sure for r in readings)
    if doubtful < MOST_IN_DOUBT * len(readings):
        return
    if strange_colours:
        raise _strange_colours(name, doubtful, len(readings))
    raise coded(ImageError(f"the board in {name} cannot be read: {doubtful} of {len(readings)} letters are in "
                           f"doubt (is the picture faded, blurred or too small?)"), "in_doubt", name=name,
                doubtful=doubtful, total=len(readings))


def _strange_colours(name: str, doubtful: int, total: int) -> ImageError:
    """Return the refusal of a board whose letters are in doubt in a picture whose colours are not the game's."""
    return coded(ImageError(f"the board in {name} cannot be read: {doubtful} of {total} letters are in doubt, and "
                            f"its colours are not the game's (a photo of the screen, under coloured light?): a "
                            f"screenshot reads better"), "in_doubt_colours", name=name, doubtful=doubtful, total=total)


def prepare(language: Language | str) -> None:
    """Load and assemble the references the reader compares tiles with for ``language``, so that the first
    read (watch mode's first board) is as quick as the next."""
    language = load_language(language) if isinstance(language, str) else language
    matcher(tuple(language.alphabet), None)  # as read_cell asks: functools.cache keys on how it is called
    matcher(tuple(sorted({str(v) for v in language.values.values()})), None)
    if _foreign_letters(language):
        matcher(_foreign_letters(language))
