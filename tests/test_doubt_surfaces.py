"""One doubted picture through every command that reads a picture: each carries the same mark (issue #39).

The picture is a generated newer-look board crop whose M is drawn with the value 1 (M is worth 3): the
reader doubts that letter (``?M``). ``read`` marks it; ``solve --image`` and ``plan --image`` refuse the board;
``watch`` used to print the board and solve it as sure. Now every surface marks the tile, gives the reason, and
solves only when told to take the letter as read.
"""
from __future__ import annotations

import random

import pytest
from PIL import Image

from ruzzle_gui.board import Board
from ruzzle_gui.cli import main
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language

EN = load_language("en")
BOARD = Board.parse("Ttl R S N\nO H E I\nC M N V\nE A D E")
DOUBTED = 9  # row 3, cell 2: the M, drawn worth 1
REASON = "row 3 cell 2 (the letter looks like M but its value 1 is not M's)"


@pytest.fixture(scope="module")
def picture() -> Image.Image:
    """Return the doubted board crop."""
    shot = synth.board_shot(BOARD, EN, 640, random.Random(3), synth.fonts()[0], look=1, values={DOUBTED: 1})
    return shot.image.convert("RGB")


@pytest.fixture
def shot_file(picture, tmp_path) -> str:
    """Return the doubted picture saved as a PNG file."""
    path = tmp_path / "doubted.png"
    picture.save(path)
    return str(path)


def test_read_marks_the_letter_and_says_why(shot_file, capsys):
    assert main(["read", "-l", "en", shot_file]) == 0
    out, err = capsys.readouterr()
    assert Board.parse(out).unsure_letters == ((2, 1),) and "?M" in out.split()
    assert REASON in err


@pytest.mark.parametrize("command", [["solve"], ["plan", "--seconds", "20"]], ids=["solve", "plan"])
def test_solve_and_plan_refuse_the_doubted_board_unless_told(shot_file, capsys, command):
    assert main([*command, "-l", "en", "--image", shot_file]) == 1
    assert "row 3 cell 2 (letter)" in capsys.readouterr().err
    assert main([*command, "-l", "en", "--image", shot_file, "--unsure-as-plain"]) == 0
    assert "solving with these letters unchecked: row 3 cell 2" in capsys.readouterr().err


def _watch(picture, monkeypatch, capsys, *options: str) -> str:
    """Return what ``ruzzle watch`` prints when the screen shows ``picture`` for three polls."""
    from ruzzle_gui.vision import capture, watch

    monkeypatch.setattr(capture, "capture_screen", lambda region=None: picture.copy())
    monkeypatch.setattr(watch.Watcher, "run", lambda self: [self.poll() for _ in range(3)] and None)
    assert main(["watch", "-l", "en", *options]) == 0
    return capsys.readouterr().out


def test_watch_marks_the_letter_says_why_and_does_not_solve(picture, monkeypatch, capsys):
    out = _watch(picture, monkeypatch, capsys)
    assert "?M" in out.split()
    assert f"check these tiles, the reading is unsure: {REASON}" in out
    assert "not solved until they are checked" in out and "total score" not in out


def test_watch_solves_a_doubted_board_when_told_to(picture, monkeypatch, capsys):
    out = _watch(picture, monkeypatch, capsys, "--unsure-as-plain")
    assert "?M" in out.split() and REASON in out and "total score" in out
