"""The badge's white label as a witness: lit tiles get their bonus from it, and a label that contradicts its
badge's colour flags the tile. Generated shots of both looks; the real corpus is in test_real_shots.py and
test_real_forms.py."""
from __future__ import annotations

import random

import pytest
from PIL import ImageDraw

from ruzzle_gui.board import Board
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision import ImageError, read_board
from ruzzle_gui.vision.bonus import PAD, read_bonus
from ruzzle_gui.vision.cells import cut_wide
from ruzzle_gui.vision.images import to_array
from ruzzle_gui.vision.label import LABELS, read_label
from ruzzle_gui.vision.locate import locate_board

EN, RU = load_language("en"), load_language("ru")
BONUSES = ("TL", None, "DW", None, None, "TW", None, None, None, None, "DL", None, None, None, None, "TL")
BOARD = Board(4, 4, tuple("SLATEDROINGSHERB"), BONUSES)
SWIPE = frozenset({0, 1, 2, 5, 6, 10})  # every bonus but the last TL lit, and two plain tiles


@pytest.mark.parametrize("look", [0, 1])
@pytest.mark.parametrize("width", [480, 1080, 1440])
def test_a_lit_bonus_tile_gets_its_bonus_from_its_label_and_a_lit_plain_tile_stays_plain(look, width):
    made = synth.phone_shot(BOARD, EN, width, random.Random(5), synth.fonts()[0], look, lit=SWIPE)
    reading = read_board(made.image, EN)
    assert reading.board.bonuses == BONUSES
    assert reading.board.unsure == () and reading.uncertain == ()


def test_every_label_is_read_in_every_font():
    for font in synth.fonts():
        for bonus in LABELS:
            board = Board(4, 4, tuple("SLATEDROINGSHERB"), (bonus,) * 16)
            made = synth.board_shot(board, EN, 700, random.Random(2), font, 0, lit=frozenset({0}))
            wide = cut_wide(made.image, locate_board(to_array(made.image)))
            assert read_bonus(wide[0]).bonus == bonus, (font.name, bonus, "lit")
            assert read_bonus(wide[1]).bonus == bonus, (font.name, bonus, "unlit")


def test_a_label_that_contradicts_its_badges_colour_flags_the_tile_and_names_both():
    made = synth.phone_shot(BOARD, EN, 1080, random.Random(5), synth.fonts()[0], 0, labels={0: "DW"})
    reading = read_board(made.image, EN)
    assert reading.board.unsure == ((0, 0),) and reading.uncertain == ((0, 0),)
    assert reading.reasons[(0, 0)] == "the badge's colour says TL but its label says DW"
    assert reading.board.bonus((0, 0)) == "TL"  # the ring sides with the colour


def test_a_lit_badge_whose_label_cannot_be_read_leaves_the_tile_unsure_with_the_reason():
    made = synth.phone_shot(BOARD, EN, 1080, random.Random(5), synth.fonts()[0], 0, lit=SWIPE, labels={5: ""})
    reading = read_board(made.image, EN)
    assert reading.board.unsure == ((1, 1),) and reading.board.bonus((1, 1)) is None
    assert "lit by a swipe" in reading.reasons[(1, 1)] and "label could not be read" in reading.reasons[(1, 1)]


def test_no_badge_no_label():
    made = synth.board_shot(BOARD, EN, 700, random.Random(2), synth.fonts()[0], 0)
    wide = cut_wide(made.image, locate_board(to_array(made.image)))
    side = wide[1].shape[0] / (1 + 2 * PAD)
    corner = (PAD * side, PAD * side)
    assert read_label(wide[1], wide[1][..., 0] < 0, corner, side).text is None  # no disc colour: no circle


def test_a_badge_painted_over_reads_no_label():
    made = synth.phone_shot(BOARD, EN, 1080, random.Random(5), synth.fonts()[0], 0, lit=SWIPE)
    image = made.image.copy()
    x, y = made.origin[0] + made.tile * synth.BADGE_CENTRE[0], made.origin[1] + made.tile * synth.BADGE_CENTRE[0]
    r = made.tile * (synth.BADGE_RADIUS[0] - synth.RIM - 0.01)
    ImageDraw.Draw(image).ellipse((x - r, y - r, x + r, y + r), fill=synth.LIT_BADGE)  # the label rubbed out
    reading = read_board(image, EN)
    assert reading.board.unsure == ((0, 0),) and reading.board.bonus((0, 0)) is None


@pytest.mark.parametrize("language", [EN, RU], ids=["Latin", "Cyrillic"])
def test_on_generated_swipes_a_lit_bonus_is_never_wrong_with_confidence(language):
    # The bench reads 200 boards per script (python -m ruzzle_gui.lab.vision_bench); a few dozen here.
    rng = random.Random(21)
    fonts = synth.fonts()
    lit_bonus = sure = refused = 0
    for index in range(24):
        board = synth.random_board(language, rng)
        swipe = synth.random_swipe(rng, longest=5)
        maker = synth.phone_shot if index % 2 else synth.board_shot
        width = rng.choice((480, 720, 1080, 1440)) if maker is synth.phone_shot else rng.randint(400, 1000)
        made = maker(board, language, width, rng, fonts[index % len(fonts)], index // 2 % 2, lit=swipe)
        made = synth.degrade(made, rng, quality=rng.randint(50, 95))
        try:
            reading = read_board(made.image, language)
        except ImageError:  # a swipe across a whole row can hide the board's lattice: refused, never misread
            refused += 1
            continue
        for cell in swipe:
            place = divmod(cell, 4)
            if place in reading.board.unsure:
                continue
            assert reading.board.bonuses[cell] == board.bonuses[cell], (index, place, reading.reasons)
            if board.bonuses[cell]:
                sure += 1
        lit_bonus += sum(1 for cell in swipe if board.bonuses[cell])
    assert refused <= 2 and lit_bonus >= 10 and sure >= 0.9 * lit_bonus, (refused, sure, lit_bonus)
