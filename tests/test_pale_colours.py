"""A picture whose darkest colours are gone tells no bonus by colour: every bonus unknown, never plain.

The game draws every bonus colour with a channel far darker than its grey ink (TL's navy, DL's green and the
shadows have almost no red, TW's red and DW's orange almost no blue). A webcam's photo of a phone's screen
(tests/real_shots: sin4ts/Ruzzle-Lego-Robot 150514_1515) clips its blacks: ink, navy and the background's red
all 0. Washed halfway to white and stretched back to the game's levels, the black is lifted to the ink's grey
and nothing is darker: the navy came back pale blue, the orange cream, and both witnesses agreed on plain for
the TL and DW tiles. A generated screenshot taken through the same clipped, then faded, levels must do no worse.
"""
from __future__ import annotations

import random

import numpy as np
import pytest
from PIL import Image

from ruzzle_gui.board import Board
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision import read_board

EN = load_language("en")
BONUSES = ("DL", None, "TW", None, None, "TL", None, "DW", "DW", None, None, None, None, "TW", "DL", "TL")
BOARD = Board(4, 4, tuple("QUIZMERGHOSTWAVY"), BONUSES)


def shot(look: int, width: int = 720) -> Image.Image:
    """Return a generated phone screenshot of BOARD."""
    return synth.phone_shot(BOARD, EN, width, random.Random(3), synth.fonts()[0], look).image.convert("RGB")


def clipped_then_faded(image: Image.Image, black: int) -> Image.Image:
    """Return ``image`` with every level up to ``black`` clipped to 0 (a camera's contrast), then washed halfway
    to white, as the real photo's ``faded`` form."""
    rgb = np.asarray(image).astype(np.float32)
    clipped = Image.fromarray(np.clip((rgb - black) * 255 / (255 - black), 0, 255).astype(np.uint8))
    return Image.blend(clipped, Image.new("RGB", image.size, (236, 238, 240)), 0.5)


@pytest.mark.parametrize("black", [70, 90])
@pytest.mark.parametrize("look", [0, 1])
def test_a_board_whose_darks_were_clipped_then_faded_has_every_bonus_unknown_never_plain(look, black):
    reading = read_board(clipped_then_faded(shot(look), black), EN)
    for index, cell in enumerate(reading.cells):
        assert cell.bonus is None and not cell.bonus_sure, (index, cell.bonus, cell.reason)
        assert "darker than its letters" in cell.reason
    assert reading.board.letters == BOARD.letters


@pytest.mark.parametrize("look", [0, 1])
@pytest.mark.parametrize("form", ["as drawn", "faded", "washed", "blurred"])
def test_the_games_own_colours_keep_every_bonus_sure(look, form):
    image = shot(look)
    if form in ("faded", "washed"):  # halfway or nearly white, as through a reflection: stretched back, read right
        image = Image.blend(image, Image.new("RGB", image.size, (236, 238, 240)), 0.5 if form == "faded" else 0.88)
    if form == "blurred":
        image = synth.degrade(synth.Shot(image, BOARD, (0, 0), 1, 1), random.Random(1), blur=0.8, quality=60).image
    reading = read_board(image, EN)
    assert reading.board.bonuses == BONUSES
    assert not reading.board.unsure, reading.reasons
