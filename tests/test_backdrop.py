"""A picture whose colours are not the game's (a photo's colour cast) tells no bonus by colour.

A webcam photo of a phone's screen (tests/real_shots: sin4ts/Ruzzle-Lego-Robot) clips the board's blue to full
saturation, TL's colour: both witnesses of every plain tile then agreed on TL, and a DW badge bleached by the
cast was called plain by both. The reader now reads the board's background between the tiles, and when it is
far bluer than the game draws it, names every bonus unknown, as for a greyscale picture.
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
from ruzzle_gui.vision.backdrop import colour_cast
from ruzzle_gui.vision.images import to_array
from ruzzle_gui.vision.upright import upright_board

EN = load_language("en")
BONUSES = ("DL", None, "TW", None, None, "TL", None, "DW", "DW", None, None, None, None, "TW", "DL", "TL")
BOARD = Board(4, 4, tuple("QUIZMERGHOSTWAVY"), BONUSES)


def shot(look: int) -> Image.Image:
    """Return a generated 720 px phone screenshot of BOARD."""
    return synth.phone_shot(BOARD, EN, 720, random.Random(3), synth.fonts()[0], look).image.convert("RGB")


def clipped_blue(image: Image.Image) -> Image.Image:
    """Return ``image`` as a webcam takes the phone: each channel's levels stretched, blue most, clipped, and dark.

    The faces turn white and the board's blue (63, 134, 187) turns (0, 43, 255), full saturation as on the real
    photos; the contrast curve keeps the ink near black (a stronger cast turns it navy, and the letters are
    then refused as in doubt, as the real photos are).
    """
    rgb = np.asarray(image).astype(np.float32)
    rgb = np.clip((rgb - np.array([70, 50, 0], np.float32)) * np.array([1.5, 1.35, 1.45], np.float32), 0, 255)
    return Image.fromarray((255 * (rgb / 255) ** 2.2).astype(np.uint8))


def cast(image: Image.Image) -> bool:
    """Return whether the reader finds a colour cast on the board of ``image``."""
    upright = upright_board(image)
    return colour_cast(to_array(upright.image), upright.grid)


@pytest.mark.parametrize("look", [0, 1])
def test_the_games_own_colours_show_no_cast(look):
    assert not cast(shot(look))
    washed = Image.blend(shot(look), Image.new("RGB", shot(look).size, (236, 238, 240)), 0.88)  # stretched back
    assert not cast(washed)


@pytest.mark.parametrize("look", [0, 1])
def test_a_blue_cast_is_seen_and_leaves_every_bonus_unknown_never_wrong(look):
    photo = clipped_blue(shot(look))
    assert cast(photo)
    reading = read_board(photo, EN)
    for index, cell in enumerate(reading.cells):
        assert cell.bonus is None and not cell.bonus_sure, (index, cell)
        assert "colour" in cell.reason


def orange_light(image: Image.Image) -> Image.Image:
    """Return ``image`` as the webcam takes the phone under orange light: a cyan board, dark green ink, white faces."""
    rgb = np.asarray(image).astype(np.float32)
    rgb = np.clip((rgb - np.array([60, 20, 60], np.float32)) * np.array([1.6, 1.5, 1.9], np.float32), 0, 255)
    return Image.fromarray(rgb.astype(np.uint8))


@pytest.mark.parametrize("look", [0, 1])
def test_under_orange_light_the_tinted_letters_are_read_and_every_bonus_is_unknown(look):
    # The ink turns dark green, too coloured to be taken for the game's grey ink: the letters came out as hollow
    # outlines and the board was refused (a real photo, sin4ts 150514_1522, as "not in the English alphabet").
    photo = orange_light(shot(look))
    assert cast(photo)
    reading = read_board(photo, EN)
    assert reading.board.letters == BOARD.letters
    assert all(cell.bonus is None and not cell.bonus_sure for cell in reading.cells)


DEEP_BOARD = Board.parse("F   Ntw W   N\nUdw J   P   G\nZ   Ptl Z   Qdl\nF   Q   Qtl H")


@pytest.mark.parametrize("width", (480, 720, 1080, 1440))
@pytest.mark.parametrize("look", (0, 1), ids=("older", "newer"))
def test_a_deep_blue_backdrop_is_no_bonus(width, look):
    """On a deeper blue than the game's (docs/screenshot.jpg's), whose lower half has TL's hue and saturation,
    the backdrop beside each plain tile made both witnesses say TL: every tile was read TL, most of them sure."""
    rng = random.Random(width + look)
    made = synth.phone_shot(DEEP_BOARD, EN, width, rng, synth.fonts()[0], look, background=synth.DEEP_BACKGROUND)
    reading = read_board(synth.degrade(made, rng, quality=85).image, EN)
    assert reading.board.to_text() == DEEP_BOARD.to_text() and reading.uncertain == ()


def test_the_readme_screenshot_reads_as_its_page_says():
    """docs/screenshot.jpg: a generated Italian phone shot on that deep blue, with a TW and a DW tile only."""
    from pathlib import Path

    shot = Path(__file__).resolve().parents[1] / "docs" / "screenshot.jpg"
    reading = read_board(shot, "it")
    assert reading.board.to_text() == Board.parse("F Ntw W N\nUdw J P G\nZ P Z Q\nF Q Q H").to_text()
    assert reading.uncertain == ()
