"""Unsure bonuses in the board format: ``Etl?`` (a guess) and ``E?`` (unknown) round-trip and can be made plain."""
from __future__ import annotations

import pytest

from ruzzle_gui.board import Board, BoardError

TEXT = "Ttl? R   S   Ndl\nO?   Htw E   I\n"


def test_a_question_mark_marks_the_bonus_unsure_and_keeps_the_guess():
    board = Board.parse(TEXT)
    assert board.unsure == ((0, 0), (1, 0))
    assert board.bonuses[:4] == ("TL", None, None, "DL")
    assert board.bonus((0, 0)) == "TL" and board.bonus((1, 0)) is None


def test_unsure_cells_round_trip_through_to_text():
    board = Board.parse(TEXT)
    assert Board.parse(board.to_text()) == board
    assert "Ttl?" in board.to_text() and "O?" in board.to_text()


def test_a_board_with_no_unsure_cell_prints_as_before():
    board = Board.parse("Ttl R S Ndl\nO Htw E I\n")
    assert board.unsure == () and board.to_text() == "Ttl R   S   Ndl\nO   Htw E   I\n"


def test_unsure_as_plain_drops_only_the_unsure_bonuses():
    plain = Board.parse(TEXT).unsure_as_plain()
    assert plain.unsure == () and plain.bonuses == (None, None, None, "DL", None, "TW", None, None)


def test_the_unsure_mark_is_part_of_the_value():
    assert Board.parse(TEXT) != Board.parse(TEXT.replace("?", ""))


@pytest.mark.parametrize("token", ["?", "T??", "Tx?"])
def test_a_bad_unsure_cell_is_refused_with_its_line(token):
    with pytest.raises(BoardError, match="line 1"):
        Board.parse(f"{token} A\nB C\n")


def test_an_unsure_cell_outside_the_board_is_refused():
    with pytest.raises(BoardError, match="outside"):
        Board(1, 2, ("A", "B"), (None, None), [(1, 0)])
