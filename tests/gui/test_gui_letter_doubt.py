"""A board file's letter in doubt (``?W``) is marked on the Letters screen as a screenshot's is, and copied back.

The board's text copied from the Letters screen (Ctrl+C) keeps each ``?`` while its tile stays unsure; once the
player retypes the tile, its mark goes.
"""
from __future__ import annotations

import tkinter as tk
from pathlib import Path
from types import SimpleNamespace

from ruzzle_gui.board import Board
from ruzzle_gui.language import load_language

from gui_helpers import press, settle

DOUBTED = "?Ctl A   S   Edl\nR   ?Odw? M  I\nT   E   N   A\nL   U   P   ?O?\n"


def marks(view) -> list[int]:
    """Return the tiles ``view`` draws with the unsure mark."""
    view.draw()
    return [index for index in range(view.rows * view.cols) if view.find_withtag(f"doubt{index}")]


def copied(app) -> str:
    """Press Ctrl+C on the Letters board and return what the clipboard then holds."""
    view = app.letters.board_view
    view.focus_force()
    view.update()
    view.event_generate("<Control-c>")
    settle(app.root)
    return app.root.clipboard_get()


def test_an_opened_board_file_marks_its_doubted_letters_and_copies_them_back(app, tmp_path: Path):
    path = tmp_path / "read.board"
    path.write_text(DOUBTED, encoding="utf-8")
    assert app.open_board(str(path))
    settle(app.root)
    assert app.screen is app.letters and marks(app.letters.board_view) == [0, 5, 15]
    assert app.state.unsure[0].endswith("this letter with ?: it is a guess")
    assert app.letters.next_button.cget("text").startswith("Solve anyway: 3 tiles unsure")
    app.letters.move_to(0)
    press(app.letters.board_view, "question")
    assert app.letters.cursor == 5 and "letter and this bonus" in app.letters.hint.cget("text")
    assert Board.parse(copied(app)) == Board.parse(DOUBTED)
    assert "Copied the board" in app.letters.hint.cget("text")
    app.letters.move_to(0)
    press(app.letters.board_view, "c")  # retyped: settled, its mark goes from the copy too
    assert marks(app.letters.board_view) == [5, 15]
    assert copied(app).startswith("Ctl ") and Board.parse(copied(app)).unsure_letters == ((1, 1), (3, 3))


def test_a_pasted_board_text_marks_its_doubted_letters(app):
    app.letters.type_text(DOUBTED)
    assert marks(app.letters.board_view) == [0, 5, 15]
    assert app.state.letters[:2] == ["C", "A"] and app.state.bonuses[0] == "TL"
    assert Board.parse(copied(app)) == Board.parse(DOUBTED)


def test_a_screenshot_reading_with_a_doubted_letter_copies_it_too(app):
    board = Board.parse("Ctl A S ?Edl\nR O M I\nT E N A\nL U P O\n", load_language("it"))
    app.show_reading(SimpleNamespace(board=board, uncertain=((0, 3),), reasons={(0, 3): "letter E or F?"}),
                     "shot.png")
    settle(app.root)
    assert marks(app.letters.board_view) == [3]
    assert copied(app).split()[3] == "?Edl"


def test_copying_an_unfinished_board_says_what_is_missing_and_copies_nothing(app, root: tk.Tk):
    root.clipboard_clear()
    root.clipboard_append("before")
    app.letters.type_text("CIAO")
    assert copied(app) == "before" and "still empty" in app.letters.hint.cget("text")
