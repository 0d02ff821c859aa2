"""A letter the reader doubts survives in the board file: ``ruzzle read > board.txt`` then ``solve -b`` refuses it.

Never a wrong board given with confidence (issue #21): the doubt used to reach only stderr and ``--json``.
The real-shot tests read /work/realshots-style images from the folder RUZZLE_REAL_SHOTS names and skip without it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ruzzle_gui.board import Board
from ruzzle_gui.cli import main

FOLDER = os.environ.get("RUZZLE_REAL_SHOTS", "")
COVERED = "en-revanthb3000-screen2.jpg"  # BlueStacks mid-round: "+135" drawn over the H of row 1, cell 4
DOUBTED = "Ttl R   S   ?Ndl\nO   Htw E   I\nC   I   N   V\nE   A   D   E\n"
SOLVERS = [["solve"], ["plan", "--seconds", "20"]]


def covered_shot(tmp_path: Path) -> Path:
    """Return the real shot with a covered tile, resized to a 720 px wide phone's (it then reads that H as W)."""
    if not FOLDER:
        pytest.skip("RUZZLE_REAL_SHOTS is not set: no real screenshots to read")
    from PIL import Image

    with Image.open(Path(FOLDER) / COVERED) as image:
        image = image.convert("RGB").resize((720, round(image.height * 720 / image.width)),
                                            Image.Resampling.LANCZOS)
    path = tmp_path / "covered.png"
    image.save(path)
    return path


def test_read_writes_the_covered_tile_with_its_letter_in_doubt(tmp_path, capsys):
    assert main(["read", "-l", "en", str(covered_shot(tmp_path))]) == 0
    out, err = capsys.readouterr()
    board = Board.parse(out)
    assert out.split()[3] == "?W" and (0, 3) in board.unsure_letters
    assert "row 1 cell 4 (the letter looks most like" in err


def test_read_json_text_and_fields_carry_the_letter_doubt(tmp_path, capsys):
    assert main(["read", "-l", "en", str(covered_shot(tmp_path)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [0, 3] in data["unsure_letters"] and [0, 3] in data["uncertain"]
    assert Board.parse(data["text"]).unsure_letters == tuple(tuple(cell) for cell in data["unsure_letters"])


@pytest.mark.parametrize("command", SOLVERS, ids=["solve", "plan"])
def test_a_board_read_to_a_file_is_refused_as_the_image_is(tmp_path, capsys, command):
    shot = covered_shot(tmp_path)
    assert main(["read", "-l", "en", str(shot)]) == 0
    board_file = tmp_path / "board.txt"
    board_file.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main([*command, "-l", "en", "--image", str(shot)]) == 1
    from_image = capsys.readouterr().err
    assert main([*command, "-l", "en", "-b", str(board_file)]) == 1
    from_file = capsys.readouterr().err
    assert from_file == from_image and from_file.count("\n") == 1
    assert "row 1 cell 4 (letter)" in from_file and "--unsure-as-plain" in from_file


@pytest.mark.parametrize("command", SOLVERS, ids=["solve", "plan"])
def test_a_doubted_letter_in_a_board_file_is_refused_in_one_line(tmp_path, capsys, command):
    board_file = tmp_path / "board.txt"
    board_file.write_text(DOUBTED, encoding="utf-8")
    assert main([*command, "-l", "en", "-b", str(board_file)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1 tile is unsure: row 1 cell 4 (letter)" in err and "Traceback" not in err


@pytest.mark.parametrize("command", SOLVERS, ids=["solve", "plan"])
def test_unsure_as_plain_solves_with_the_letters_unchecked_and_keeps_the_sure_bonus(tmp_path, capsys, command):
    board_file = tmp_path / "board.txt"
    board_file.write_text(DOUBTED, encoding="utf-8")
    assert main([*command, "-l", "en", "-b", str(board_file), "--unsure-as-plain", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == "ruzzle: solving with these letters unchecked: row 1 cell 4\n"
    plain = tmp_path / "plain.txt"
    plain.write_text(DOUBTED.replace("?", ""), encoding="utf-8")  # the DL on the doubted N still counts
    assert main([*command, "-l", "en", "-b", str(plain), "--json"]) == 0
    assert json.loads(out) == json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("token", ["??N", "?", "?1", "??", "?Ndl??"])
def test_a_misplaced_doubt_mark_is_one_line_with_exit_1(tmp_path, capsys, token):
    board_file = tmp_path / "board.txt"
    board_file.write_text(DOUBTED.replace("?Ndl", token), encoding="utf-8")
    assert main(["solve", "-l", "en", "-b", str(board_file)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ruzzle: error: line 1, cell 4: ") and err.count("\n") == 1 and "Traceback" not in err


def test_watch_prints_the_doubted_letter_with_its_mark(capsys):
    from ruzzle_gui.cli.watching import print_board
    from ruzzle_gui.language import load_language

    class Seen:  # what print_board needs of a Reading
        board = Board.parse(DOUBTED)
        uncertain = ((0, 3),)
        reasons = {(0, 3): "the letter looks like N but its value 1 is not N's"}

    print_board(Seen(), load_language("en"), 3)
    out = capsys.readouterr().out
    assert " ?N DL" in out.splitlines()[2]
    assert "check these tiles, the reading is unsure: row 1 cell 4 (the letter looks like N but its value" in out
    assert "not solved until they are checked" in out and "total score" not in out
