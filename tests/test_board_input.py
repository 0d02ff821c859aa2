"""Boards from hostile or unusual input: BOMs, decomposed accents, odd line breaks, bad bonus maps."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ruzzle_gui
from ruzzle_gui import Board, BoardError, load_language


def test_a_board_file_with_a_bom_parses(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"\xef\xbb\xbfCtl A\nS E\n")
    board = Board.from_file(path, load_language("it"))
    assert board.letters == ("C", "A", "S", "E") and board.bonuses[0] == "TL"
    assert Board.parse("\ufeffA B\nC D\n").letters == ("A", "B", "C", "D")


def test_decomposed_accents_on_a_board_are_composed_first():
    board = Board.parse("e\u0300 A\nB Cdw\n", load_language("it"))  # è typed as e + combining grave
    assert board.letters == ("E", "A", "B", "C")
    assert Board.from_letters("e\u0300abc", rows=2).letters == ("È", "A", "B", "C")


@pytest.mark.parametrize("separator", ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_line_feeds_end_a_row(separator):
    board = Board.parse(f"A{separator}B\nC D\n")
    assert (board.rows, board.cols) == (2, 2)


def test_crlf_line_ends_still_work():
    assert Board.parse("A B\r\nC D\r\n").grid() == [["A", "B"], ["C", "D"]]


@pytest.mark.parametrize(("bonuses", "message"), [
    ({(0, 0): 5}, r"bonus at \(0,0\) must be DL, TL, DW or TW, not 5"),
    ({(0, 0): "XX"}, "unknown bonus 'XX'"),
    ({"a1": "DL"}, "is not a \\(row, col\\) pair"),
    ({(0,): "DL"}, "is not a \\(row, col\\) pair"),
    ({(9, 9): "DL"}, "outside the 2x2 board"),
])
def test_from_letters_refuses_bad_bonus_maps_with_a_board_error(bonuses, message):
    with pytest.raises(BoardError, match=message):
        Board.from_letters("ABCD", rows=2, bonuses=bonuses)


def test_from_letters_refuses_letters_that_are_not_strings():
    with pytest.raises(BoardError, match="must be a string"):
        Board.from_letters([1, 2, 3, 4], rows=2)


def imported_modules(path: Path) -> set[str]:
    """Return the ruzzle_gui modules a source file imports, at any level (lazy and type-checking ones too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ruzzle_gui"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("ruzzle_gui")}
    return found


def test_board_and_language_do_not_import_each_other():
    package = Path(ruzzle_gui.__file__).parent
    assert "ruzzle_gui.language" not in imported_modules(package / "board.py")
    assert not any(name.startswith("ruzzle_gui.dictionary") for name in imported_modules(package / "board.py"))
    for module in (package / "dictionary").glob("*.py"):
        assert "ruzzle_gui.board" not in imported_modules(module), module.name
