"""Doubted letters in the board format: ``?W`` (the letter a guess) beside ``Wtl?`` (the bonus a guess).

The mark sits beside what it doubts, so a board a screenshot reader doubted keeps every doubt in its
file, and ``--unsure-as-plain`` (which makes unsure bonuses plain) never drops a sure bonus.
"""
from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.language import load_language

TEXT = "?Wtl  R     ?Sdl? N?\nO     ?H    E     I\n"


def test_a_leading_question_mark_doubts_the_letter_and_keeps_the_bonus():
    board = Board.parse(TEXT)
    assert board.letters == ("W", "R", "S", "N", "O", "H", "E", "I")
    assert board.bonuses == ("TL", None, "DL", None, None, None, None, None)
    assert board.unsure_letters == ((0, 0), (0, 2), (1, 1))
    assert board.unsure == ((0, 2), (0, 3))


def test_letter_doubts_round_trip_through_to_text():
    board = Board.parse(TEXT)
    assert board.to_text() == TEXT
    assert Board.parse(board.to_text()) == board


@given(rows=st.integers(1, 6), cols=st.integers(1, 6), data=st.data())
def test_any_board_with_both_kinds_of_doubt_round_trips(rows, cols, data):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    letters = data.draw(st.lists(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZÀÉÑÖЖЯ"), min_size=len(cells),
                                 max_size=len(cells)))
    marks = data.draw(st.lists(st.sampled_from([None, "DL", "TL", "DW", "TW"]), min_size=len(cells),
                               max_size=len(cells)))
    unsure = data.draw(st.sets(st.sampled_from(cells)))
    unsure_letters = data.draw(st.sets(st.sampled_from(cells)))
    board = Board(rows, cols, tuple(letters), tuple(marks), unsure, unsure_letters)
    assert Board.parse(board.to_text()) == board


def test_unsure_as_plain_never_drops_a_sure_bonus_of_a_doubted_letter():
    plain = Board.parse(TEXT).unsure_as_plain()
    assert plain.bonuses == ("TL", None, None, None, None, None, None, None)
    assert plain.unsure == ()
    assert plain.unsure_letters == ((0, 0), (0, 2), (1, 1))  # a letter cannot be made plain: its doubt stays


def test_folding_for_a_language_keeps_the_letter_doubts():
    board = Board.parse("?é a\nb c\n", load_language("fr"))
    assert board.letters[0] == "E" and board.unsure_letters == ((0, 0),)


def test_the_letter_doubt_is_part_of_the_value():
    doubted, sure = Board.parse("?W A\nB C\n"), Board.parse("W A\nB C\n")
    assert doubted != sure and doubted != Board.parse("W? A\nB C\n")
    assert hash(doubted) == hash(Board.parse("?W A\nB C\n"))
    assert copy.deepcopy(doubted) == doubted and pickle.loads(pickle.dumps(doubted)) == doubted
    assert "unsure_letters=((0, 0),)" in repr(doubted)
    match doubted:
        case Board(_, _, letters, _, unsure, unsure_letters):
            assert (letters[0], unsure, unsure_letters) == ("W", (), ((0, 0),))


def test_a_board_with_no_doubted_letter_prints_as_before():
    assert Board.parse("Ttl? R\nO Htw\n").to_text() == "Ttl? R\nO    Htw\n"
    assert Board.parse("Ttl R\nO Htw\n").to_text() == "Ttl R\nO   Htw\n"


@pytest.mark.parametrize("token", ["??W", "?", "?1", "?Wtl??", "?-", "W?tl"])
def test_a_misplaced_question_mark_is_one_coded_line_naming_the_cell(token):
    with pytest.raises(BoardError) as caught:
        Board.parse(f"A {token}\nB C\n")
    message = str(caught.value)
    assert message.startswith("line 1, cell 2: ") and "\n" not in message
    assert caught.value.code in {"board_doubt_mark", "board_bad_cell"}
    if token.startswith("?"):
        assert caught.value.code == "board_doubt_mark" and "?W" in message


@pytest.mark.parametrize("token", ["??", "???", "??tl", "??dw?"])
def test_a_tile_whose_letter_was_not_read_says_so(token):
    """The reader writes a tile where it saw no letter as '?' doubted: the player is told to type it."""
    with pytest.raises(BoardError) as caught:
        Board.parse(f"A {token}\nB C\n")
    assert caught.value.code == "board_letter_unread"
    assert str(caught.value) == f"line 1, cell 2: '{token}' is a tile whose letter was not read: type the letter " \
                                "the game shows there"


def test_a_doubted_cell_outside_the_board_is_refused():
    with pytest.raises(BoardError, match="outside"):
        Board(1, 2, ("A", "B"), (None, None), (), [(0, 2)])
