"""The reader, given the corrected letter values, agrees with every value printed on a real tile.

The reader takes a tile's value as a witness of its letter (vision/witness.py):
a value the language's table does not give that letter makes the tile
unsure, or picks another letter. So a table that disagrees with the game
(German P was 4; the tile says 1) breaks the reading of real screenshots.
The images are read from the folder RUZZLE_REAL_SHOTS names
(the shots are listed in tests/real_shots/manifest.toml); without it these tests skip.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from ruzzle_gui import known_languages

HERE = Path(__file__).parent / "real_shots"
SHOTS = [shot for shot in tomllib.loads((HERE / "values.toml").read_text(encoding="utf-8"))["shot"]
         if shot["values"] and shot["language"] in known_languages()]
BOARDS = {shot["file"]: shot["board"] for shot in
          tomllib.loads((HERE / "manifest.toml").read_text(encoding="utf-8"))["shot"] if "board" in shot}


def true_letters(board: str) -> list[str]:
    """Return the letters of a manifest board, row by row (bonus suffixes dropped)."""
    return [cell[0] for line in board.strip().splitlines() for cell in line.split()]


@pytest.mark.parametrize("shot", SHOTS, ids=[shot["file"] for shot in SHOTS])
def test_every_value_read_is_the_tables_value_of_the_true_letter(shot):
    folder = os.environ.get("RUZZLE_REAL_SHOTS")
    if not folder:
        pytest.skip("RUZZLE_REAL_SHOTS is not set: the real screenshots are not in this repository")
    path = Path(folder) / shot["file"]
    if not path.is_file():
        pytest.skip(f"{shot['file']} is not in RUZZLE_REAL_SHOTS")
    from ruzzle_gui.vision.reader import read_board

    reading = read_board(path, shot["language"])
    letters = true_letters(BOARDS[shot["file"]])
    wrong = {}
    for index, (cell, letter) in enumerate(zip(reading.cells, letters)):
        if cell.value is not None and cell.value != shot["values"][letter]:
            wrong[index] = f"read value {cell.value}, the tile shows {shot['values'][letter]}"
        elif "is not" in cell.reason or (cell.value is not None and cell.letter != letter and "because its value" in cell.reason):
            wrong[index] = f"{letter}: {cell.reason}"
    assert wrong == {}
