"""Boards whose tiles are small (a whole desktop, or an emulator's window, shrunk to a phone's width).

Down to the reader's least tile width, a generated board is read with every wrong tile marked unsure, and
most of it right; below that width it is refused with one line saying the tiles are too small.
"""
from __future__ import annotations

import random

import pytest

from ruzzle_gui.lab import small_tiles, synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision import ImageError, read_board
from ruzzle_gui.vision.reader import MIN_TILE_PX


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
    shot, _ = small_tiles.small_shot("en", MIN_TILE_PX - 4, random.Random(3), synth.fonts()[0], lit=False)
    with pytest.raises(ImageError, match="too small to read: its tiles are"):
        read_board(shot.image, "en")


# The seeds of 40-110 whose phone window on a 1366x768 desktop comes out with tiles of 47.5-50 px: located at
# half size, they measure 48 or 50 px, where thin Cyrillic values blurred under the ink threshold went unread
WINDOW_SEEDS = (46, 52, 72, 76, 80, 82, 84, 90, 103, 106)


def test_a_cyrillic_phone_window_on_a_small_desktop_is_read(monkeypatch):
    monkeypatch.setattr(synth, "DESKTOP_SIZES", ((1366, 768),))
    language, fonts, refused = load_language("ru"), synth.fonts(), 0
    for seed in WINDOW_SEEDS:
        rng = random.Random(seed)
        shot = synth.desktop_shot(synth.random_board(language, rng), language, rng, fonts[seed % len(fonts)])
        assert 47.5 <= shot.tile <= 50, shot.tile
        shot = synth.degrade(shot, rng, blur=rng.uniform(0, 0.8), quality=rng.randint(50, 95))
        try:
            reading = read_board(shot.image, language)
        except ImageError:
            refused += 1
            continue
        wrong = [i for i, pair in enumerate(zip(shot.board.letters, shot.board.bonuses))
                 if pair != (reading.board.letters[i], reading.board.bonuses[i])]
        assert all(divmod(i, 4) in reading.uncertain for i in wrong), (seed, wrong)
    assert refused <= 1, refused  # half its letters in doubt: one line, never a wrong board
