"""ruzzle read and ruzzle solve --image, called in-process on generated screenshots."""
from __future__ import annotations

import json
import random

from ruzzle_gui.board import Board
from ruzzle_gui.cli import main
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language


def screenshot(tmp_path, code: str, seed: int = 3):
    """Return the path of a generated phone screenshot and the board it shows."""
    language = load_language(code)
    shot = synth.random_shot(language, random.Random(seed), "phone", width=720)
    path = tmp_path / "shot.png"
    shot.image.save(path)
    return path, shot.board


def test_read_prints_the_board_file_with_bonuses(tmp_path, capsys):
    path, board = screenshot(tmp_path, "ru")
    assert main(["read", "-l", "ru", str(path)]) == 0
    assert Board.parse(capsys.readouterr().out) == board


def test_read_json_gives_cells_with_confidences(tmp_path, capsys):
    path, board = screenshot(tmp_path, "en")
    assert main(["read", "-l", "en", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [cell["letter"] for cell in data["cells"]] == list(board.letters)
    assert [cell["bonus"] for cell in data["cells"]] == list(board.bonuses)
    assert all(0 <= cell["confidence"] <= 1 for cell in data["cells"])


def test_solve_image_solves_the_board_read(tmp_path, capsys):
    path, board = screenshot(tmp_path, "it")
    (tmp_path / "board.txt").write_text(board.to_text(), encoding="utf-8")
    assert main(["solve", "-l", "it", "-b", str(tmp_path / "board.txt"), "--json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    assert main(["solve", "-l", "it", "--image", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected


def test_read_bad_image_is_one_error_line(tmp_path, capsys):
    path = tmp_path / "shot.png"
    path.write_text("not an image")
    assert main(["read", "-l", "en", str(path)]) == 1
    assert capsys.readouterr().err == (f"ruzzle: error: {path} is not an image in a screenshot format "
                                       "(PNG, JPEG, WebP, BMP, GIF or TIFF)\n")


def test_solve_takes_a_board_or_an_image_not_both(capsys):
    assert main(["solve", "-l", "en", "-b", "x", "--image", "y"]) == 2
    assert "not allowed with" in capsys.readouterr().err
