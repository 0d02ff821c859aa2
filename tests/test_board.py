"""Board parsing, writing and every malformed board."""
from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ruzzle_gui import Board, BoardError, load_language

EXAMPLE = """\
Ttl R   S   Ndl
Odw Htw E   I
Cdw I   N   V
Etl A   D   E
"""


def test_parse_reads_letters_and_bonuses():
    board = Board.parse(EXAMPLE)
    assert (board.rows, board.cols) == (4, 4)
    assert board.grid()[0] == ["T", "R", "S", "N"]
    assert board.bonus((0, 0)) == "TL" and board.bonus((0, 3)) == "DL"
    assert board.bonus((1, 1)) == "TW" and board.bonus((2, 0)) == "DW"
    assert board.bonus((3, 3)) is None


def test_to_text_round_trips():
    board = Board.parse(EXAMPLE)
    assert board.to_text() == EXAMPLE
    assert Board.parse(board.to_text()) == board


@given(rows=st.integers(1, 8), cols=st.integers(1, 8), data=st.data())
def test_round_trip_any_shape(rows, cols, data):
    cells = rows * cols
    letters = data.draw(st.lists(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=cells, max_size=cells))
    marks = data.draw(st.lists(st.sampled_from([None, "DL", "TL", "DW", "TW"]), min_size=cells, max_size=cells))
    board = Board(rows, cols, tuple(letters), tuple(marks))
    assert Board.parse(board.to_text()) == board


def test_letters_are_case_insensitive_and_many_spaces_separate_cells():
    assert Board.parse("a   b\nC d\n") == Board.from_letters("ABCD", rows=2)


def test_blank_line_ends_the_board():
    board = Board.parse("\n\nA B\nC D\n\nthis is not read\n")
    assert board.letters == ("A", "B", "C", "D")


def test_from_letters_with_bonuses_and_non_square_shape():
    board = Board.from_letters("CIAOMA", rows=2, cols=3, bonuses={(1, 2): "tw"})
    assert board.grid() == [["C", "I", "A"], ["O", "M", "A"]]
    assert board.bonus((1, 2)) == "TW"


def test_parse_folds_for_the_language():
    italian = load_language("it")
    assert Board.parse("c i t\nt à x\n", italian).letters == ("C", "I", "T", "T", "A", "X")
    russian = load_language("ru")
    assert Board.parse("ё ж\nй а\n", russian).letters == ("Е", "Ж", "Й", "А")


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("\n \n", "empty"),
    ("A B C\nD E\n", "line 2: 2 cells, but the first row has 3"),
    ("A B\nCxx D\n", "line 2, cell 1: unknown bonus 'xx'"),
    ("A 7\nC D\n", "line 1, cell 2: '7' is not a letter"),
    ("A B\nC #\n", "line 2, cell 2: '#' is not a letter"),
    ("A B\nC D3\n", "line 2, cell 2: 'D3' is not one letter"),
    ("AB C\nD E\n", "line 1, cell 1: 'AB' is not one letter"),
])
def test_malformed_boards_name_the_problem(text, message):
    with pytest.raises(BoardError, match=message):
        Board.parse(text)


def test_letter_outside_the_alphabet_names_the_cell():
    with pytest.raises(BoardError, match="line 2, cell 1: 'Ж' is not a letter of the Italian alphabet"):
        Board.parse("A B\nЖ D\n", load_language("it"))
    with pytest.raises(BoardError, match="line 1, cell 2: 'X' is not a letter of the Russian alphabet"):
        Board.parse("А X\nБ В\n", load_language("ru"))


def test_sharp_s_is_refused_as_one_cell_in_german():
    # ß folds to SS, two letters: a single Ruzzle tile cannot hold it.
    with pytest.raises(BoardError, match="'ß' is not a letter of the German alphabet"):
        Board.parse("ß A\nB C\n", load_language("de"))


def test_bad_shapes_and_counts():
    with pytest.raises(BoardError, match="needs 16 letters, got 3"):
        Board.from_letters("ABC", rows=4, cols=4)
    with pytest.raises(BoardError, match="at least one row"):
        Board.from_letters("", rows=0)
    with pytest.raises(BoardError, match=r"bonus cell \(4,0\) is outside"):
        Board.from_letters("ABCD", rows=2, bonuses={(4, 0): "DL"})
    with pytest.raises(BoardError, match="unknown bonus 'QW'"):
        Board.from_letters("ABCD", rows=2, bonuses={(0, 0): "QW"})


def test_from_file_errors(tmp_path):
    with pytest.raises(BoardError, match="board file not found: .*missing.txt"):
        Board.from_file(tmp_path / "missing.txt")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("A B\nC \xe0\n".encode("latin-1"))
    with pytest.raises(BoardError, match="is not UTF-8 text \\(line 2\\)"):
        Board.from_file(latin1)
    with pytest.raises(BoardError, match="is a folder"):
        Board.from_file(tmp_path)
    with pytest.raises(BoardError, match="^the board file name is empty$"):
        Board.from_file("")


def test_from_file_reads_utf8(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    assert Board.from_file(path) == Board.parse(EXAMPLE)


def test_board_is_a_frozen_value():
    # Board is a plain class (a dataclass costs start-up time); it keeps a frozen dataclass's manners.
    board = Board(1, 2, ("A", "B"), (None, "DL"))
    same, other = Board(1, 2, ("A", "B"), (None, "DL")), Board(1, 2, ("A", "C"), (None, "DL"))
    assert board == same and hash(board) == hash(same) and board != other and board != (1, 2)
    assert len({board, same, other}) == 2
    assert repr(board) == "Board(rows=1, cols=2, letters=('A', 'B'), bonuses=(None, 'DL'))"
    for attempt in (lambda: setattr(board, "rows", 3), lambda: delattr(board, "cols"),
                    lambda: setattr(board, "extra", 1)):
        with pytest.raises(AttributeError):
            attempt()
    assert (board.rows, board.cols) == (1, 2)
    match board:
        case Board(rows, cols, letters, bonuses):
            assert (rows, cols, letters, bonuses) == (1, 2, ("A", "B"), (None, "DL"))
    assert copy.deepcopy(board) == board and pickle.loads(pickle.dumps(board)) == board
