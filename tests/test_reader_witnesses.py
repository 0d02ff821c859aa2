"""Bonuses from two witnesses, unsure tiles in every output, refusals, and the kept letter templates."""
from __future__ import annotations

import json
import random

import pytest
from PIL import Image, ImageDraw

from ruzzle_gui.board import Board
from ruzzle_gui.cli import main
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision import ImageError, read_board
from ruzzle_gui.vision.bonus import read_bonus
from ruzzle_gui.vision.cells import cut_wide
from ruzzle_gui.vision.images import to_array
from ruzzle_gui.vision.locate import locate_board
from ruzzle_gui.vision.reader import CellReading, _check_doubt

EN = load_language("en")
BONUSES = ("TL", None, "DW", None, None, "TW", None, None, None, None, "DL", None, None, None, None, "TL")
BOARD = Board(4, 4, tuple("SLATEDROINGSHERB"), BONUSES)


def shot(look: int = 0, width: int = 1080) -> synth.Shot:
    """Return a clean phone shot of BOARD in the given look."""
    return synth.phone_shot(BOARD, EN, width, random.Random(4), synth.fonts()[0], look)


def without_badge(made: synth.Shot, row: int, col: int) -> Image.Image:
    """Return the shot with the badge of tile (row, col) painted over in the board's blue."""
    image = made.image.copy()
    x = made.origin[0] + col * made.pitch + made.tile * synth.BADGE_CENTRE[0]
    y = made.origin[1] + row * made.pitch + made.tile * synth.BADGE_CENTRE[0]
    r = made.tile * (synth.BADGE_RADIUS[0] + 0.02)
    ImageDraw.Draw(image).ellipse((x - r, y - r, x + r, y + r), fill=synth.BACKGROUND_TOP)
    return image


@pytest.mark.parametrize("look", [0, 1])
@pytest.mark.parametrize("width", [480, 1440])
def test_both_witnesses_agree_on_every_bonus_of_both_looks(look, width):
    made = shot(look, width)
    readings = [read_bonus(wide) for wide in cut_wide(made.image, locate_board(to_array(made.image)))]
    assert tuple(r.bonus for r in readings) == BONUSES and all(r.sure for r in readings)


def test_a_ring_without_its_badge_is_unsure_never_plain_and_the_reason_names_both():
    reading = read_board(without_badge(shot(), 0, 0), EN)
    assert reading.uncertain == ((0, 0),) and reading.board.unsure == ((0, 0),)
    assert reading.board.bonus((0, 0)) == "TL"
    assert reading.reasons[(0, 0)] == "the ring says TL but the badge says plain"
    assert reading.board.to_text().startswith("Stl?")


def test_a_board_read_right_names_no_tile():
    reading = read_board(shot(1).image, EN)
    assert reading.board == BOARD and reading.uncertain == () and reading.reasons == {}


def test_an_image_with_no_4x4_board_is_refused_with_the_reason():
    five = Board(5, 5, tuple("ABCDEFGHIJKLMNOPQRSTUVWXY"), (None,) * 25)
    image = synth.phone_shot(five, EN, 900, random.Random(1), synth.fonts()[0]).image
    with pytest.raises(ImageError, match="5x5 tiles, and a Ruzzle board has 4x4"):
        read_board(image, EN)


def test_a_board_mostly_in_doubt_is_refused_rather_than_printed():
    sure = CellReading("A", None, 1, 0.9, False, ())
    doubtful = CellReading("A", None, None, 0.4, True, (), reason="no value", letter_sure=False)
    _check_doubt((sure,) * 9 + (doubtful,) * 7, "x.png")
    with pytest.raises(ImageError, match="8 of 16 letters are in doubt"):
        _check_doubt((sure,) * 8 + (doubtful,) * 8, "x.png")


@pytest.fixture
def unsure_shot(tmp_path):
    path = tmp_path / "shot.png"
    without_badge(shot(), 0, 0).save(path)
    return path


def test_read_prints_the_unsure_tile_and_says_why(unsure_shot, capsys):
    assert main(["read", "-l", "en", str(unsure_shot)]) == 0
    out, err = capsys.readouterr()
    assert Board.parse(out).unsure == ((0, 0),) and out.startswith("Stl?")
    assert "row 1 cell 1 (the ring says TL but the badge says plain)" in err


def test_read_json_names_the_unsure_bonus_and_its_reason(unsure_shot, capsys):
    assert main(["read", "-l", "en", str(unsure_shot), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unsure_bonuses"] == [[0, 0]] and data["uncertain"] == [[0, 0]]
    assert data["cells"][0]["bonus_sure"] is False and "badge says plain" in data["cells"][0]["reason"]
    assert Board.parse(data["text"]).unsure == ((0, 0),)


@pytest.mark.parametrize("command", [["solve"], ["plan"]])
def test_solve_and_plan_refuse_unsure_tiles_in_one_line_unless_told(unsure_shot, capsys, command):
    assert main([*command, "-l", "en", "--image", str(unsure_shot)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1 tile is unsure: row 1 cell 1 (bonus)" in err and "--unsure-as-plain" in err
    assert main([*command, "-l", "en", "--image", str(unsure_shot), "--unsure-as-plain", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == 4


def test_a_board_file_with_an_unsure_tile_is_refused_by_solve(tmp_path, capsys):
    (tmp_path / "b.txt").write_text("Stl? L A T\nE D R O\nI N G S\nH E R B\n", encoding="utf-8")
    assert main(["solve", "-l", "en", "-b", str(tmp_path / "b.txt")]) == 1
    assert "row 1 cell 1 (bonus)" in capsys.readouterr().err
