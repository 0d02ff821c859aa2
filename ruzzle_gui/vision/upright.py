"""Turn whatever a player sends into an upright, straight board of the game's contrast, and say where it lies.

The steps before any tile is read: ``images.load_image`` has turned the
picture as its EXIF says; ``straighten`` finds how the board lies and warps a
tilted or slanted one square-on (or refuses it, saying why); ``locate`` finds
the board; ``contrast`` stretches a faded capture back to the game's levels;
``orient`` turns a board lying on its side upright. A straight, upright
screenshot of the game's contrast comes through untouched.
"""
from __future__ import annotations

from functools import partial
from typing import NamedTuple

from PIL import Image

from ruzzle_gui.vision.contrast import normalise_contrast, stretch_image
from ruzzle_gui.vision.errors import NoBoardError, coded
from ruzzle_gui.vision.halves import beside
from ruzzle_gui.vision.images import is_greyscale
from ruzzle_gui.vision.locate import Grid, locate_board
from ruzzle_gui.vision.orient import quarter_turns, turn_upright
from ruzzle_gui.vision.straighten import fit_board, straighten

__all__ = ["Upright", "upright_board"]


class Upright(NamedTuple):
    """An image made ready to read, where its board lies, and what was done to get there."""

    image: Image.Image
    grid: Grid
    greyscale: bool   # the picture has no colour: its letters can be read, its bonuses cannot
    turns: int        # quarters clockwise the board had been turned
    tilt: float       # degrees the board had been tilted (0 when it was straight)
    slant: float      # share by which one side of the board looked shorter than its opposite
    faded: bool       # the contrast was stretched back to the game's


def upright_board(image: Image.Image, name: str = "the image") -> Upright:
    """Return ``image`` upright and straight with its board located; ImageError if no board or a refused one."""
    # Where a straight board (most) lies, found while its lie is measured; a refusal leaves it to finish alone
    located = beside(partial(locate_board, image))
    fit = fit_board(image)
    tilt = slant = 0.0
    if fit is not None and not fit.straight:
        image = straighten(image, fit, name)
        tilt, slant = fit.tilt, fit.slant
        grid = locate_board(image)
    else:
        grid = located()
    stretched = stretch_image(image, name) if grid is None else None
    washed_out = stretched is not None
    if stretched is not None:  # only to find the board: its own levels are restored from the original below
        grid = locate_board(stretched)
    if grid is None:
        raise coded(NoBoardError(f"no Ruzzle board found in {name}" + (": it is too faded to read" if washed_out
                                                                       else "")),
                    "no_board_faded" if washed_out else "no_board", name=name)
    greyscale = is_greyscale(stretched if stretched is not None else image)
    turned = beside(partial(quarter_turns, image, grid))  # a capture of the game's contrast is not stretched
    image, faded = normalise_contrast(image, grid, name)
    turns = quarter_turns(image, grid) if faded else turned()
    image, grid = turn_upright(image, grid, turns)
    return Upright(image, grid, greyscale, turns, round(tilt, 1), round(slant, 3), faded)
