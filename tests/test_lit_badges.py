"""A tile lit by a swipe has its bonus read right or marked unsure, whatever its badge, look and size (issue #39).

A lit tile's ring and badge turn orange whatever the bonus, so only the badge's light rim and white label
witness it. Blurred and JPEG-crushed, a small lit badge shows a faint rim and a label that may read wrong:
such tiles were given as plain, or as another bonus, with no mark.
"""
from __future__ import annotations

import random

import pytest

from ruzzle_gui.board import Board
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError
from ruzzle_gui.vision.reader import read_board

EN = load_language("en")
LOOKS = {"older": 0, "newer": 1}
TILES = (64, 70, 80, 100)  # px: from just over the least size a lit label is read at, up
LIT = frozenset({5, 6, 10})  # the badged tile (row 1, cell 1) and two lit neighbours, whose glow reaches it
BLUR, QUALITY = 0.7, 50      # a soft, crushed capture: where the faint rims and misread labels were


def _wrong_and_sure(look: int, tile: int, bonus: str) -> list[str]:
    """Return the lit tiles whose bonus was read wrong and sure, over every font, on a board crop."""
    wrong = []
    for index, font in enumerate(synth.fonts()):
        rng = random.Random(tile * 31 + index + look)
        letters = tuple(rng.choice(EN.alphabet) for _ in range(16))
        board = Board(4, 4, letters, tuple(bonus if cell == 5 else None for cell in range(16)))
        shot = synth.board_shot(board, EN, round(tile * 4.8 / 0.95), rng, font, look=look, lit=LIT)
        try:
            reading = read_board(synth.degrade(shot, rng, blur=BLUR, quality=QUALITY).image, EN)
        except ImageError:
            continue  # a refusal is one line, never a wrong board
        cells = reading.cells
        wrong += [f"{font.name}: tile {cell} {board.bonuses[cell]} read {cells[cell].bonus}"
                  for cell in LIT if cells[cell].bonus_sure and cells[cell].bonus != board.bonuses[cell]]
    return wrong


@pytest.mark.parametrize("look", LOOKS.values(), ids=LOOKS.keys())
@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("bonus", ("DL", "TL", "DW", "TW"))
def test_a_lit_badge_is_read_right_or_marked(look, tile, bonus):
    assert _wrong_and_sure(look, tile, bonus) == []


@pytest.mark.parametrize("look", LOOKS.values(), ids=LOOKS.keys())
def test_a_sharp_lit_badge_is_still_read(look):
    rng = random.Random(look)
    board = Board.parse("T   R   S   N\nO   Htl Edl I\nC   Idw N   V\nE   A   Dtw E")
    shot = synth.phone_shot(board, EN, 1080, rng, synth.fonts()[0], look=look, lit=frozenset({5, 6, 9, 14}))
    reading = read_board(synth.degrade(shot, rng, quality=90).image, EN)
    assert [(reading.cells[i].bonus, reading.cells[i].bonus_sure) for i in (5, 6, 9, 14)] == [
        ("TL", True), ("DL", True), ("DW", True), ("TW", True)]
