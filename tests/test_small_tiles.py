"""Boards whose tiles are small (a whole desktop, or an emulator's window, shrunk to a phone's width).

Down to the reader's least tile width, a generated board is read with every wrong tile marked unsure, and
most of it right; below that width it is refused with one line saying the tiles are too small.
"""
from __future__ import annotations

import random

import pytest

from ruzzle_gui.lab import small_tiles
from ruzzle_gui.vision import ImageError, read_board
from ruzzle_gui.vision.reader import MIN_TILE_PX
from ruzzle_gui.vision.recognise import font_files


@pytest.mark.parametrize("code", ["en", "ru"])
@pytest.mark.parametrize("tile", [MIN_TILE_PX + 1, 42])  # +1: a drawn width is measured a little under
def test_a_board_with_small_tiles_is_read_with_every_wrong_tile_marked(code, tile):
    counts = small_tiles.tally((code,), tile, boards=10, seed=11)
    assert counts.unmarked == 0, counts.errors
    # A refusal is one clear line; the generator draws some fonts' values smaller than the game does
    assert counts.refused <= 3, counts
    read = counts.boards - counts.refused
    assert counts.letters >= 0.95 * 16 * read, counts


def test_a_board_with_tiles_below_the_least_width_is_refused_as_too_small():
    shot, _ = small_tiles.small_shot("en", MIN_TILE_PX - 4, random.Random(3), font_files()[0], lit=False)
    with pytest.raises(ImageError, match="too small to read: its tiles are"):
        read_board(shot.image, "en")
