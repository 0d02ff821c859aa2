"""Undo and Redo of board changes, without a screen: steps, names, limits and nesting."""
from __future__ import annotations

from ruzzle_gui.app.undo import Deed, History, Snapshot, describe, named


class Board:
    """A mutable 2x2 board standing in for the app's state."""

    def __init__(self) -> None:
        self.letters = ["", "", "", ""]
        self.bonuses = [None] * 4

    def snapshot(self) -> Snapshot:
        return Snapshot(2, 2, tuple(self.letters), tuple(self.bonuses))

    def restore(self, snap: Snapshot) -> None:
        self.letters, self.bonuses = list(snap.letters), list(snap.bonuses)


def test_each_change_is_a_step_undone_and_redone_in_order():
    board = Board()
    history = History(board.snapshot)
    for index, letter in enumerate("ABCD"):
        board.letters[index] = letter
        assert history.observe()
    assert history.undo_name == "letter at row 2, column 2"
    board.restore(history.undo())
    board.restore(history.undo())
    assert board.letters == ["A", "B", "", ""]
    assert history.redo_name == "letter at row 2, column 1"
    board.restore(history.redo())
    assert board.letters == ["A", "B", "C", ""]


def test_nothing_changed_is_no_step():
    board = Board()
    history = History(board.snapshot)
    assert not history.observe()
    with history.step("Clear"):
        pass
    assert history.undo_name is None and history.undo() is None and history.redo() is None


def test_a_named_step_gathers_its_changes_into_one():
    board = Board()
    history = History(board.snapshot)
    with history.step("Random board"):
        for index, letter in enumerate("WXYZ"):
            board.letters[index] = letter
            assert not history.observe()  # inside the step: recorded when it ends
        with history.step("inner"):
            board.bonuses[0] = "TW"
    assert history.undo_name == "Random board"
    board.restore(history.undo())
    assert board.letters == ["", "", "", ""] and board.bonuses == [None] * 4
    assert history.undo_name is None


def test_a_new_change_after_undo_drops_the_redo_steps():
    board = Board()
    history = History(board.snapshot)
    board.letters[0] = "A"
    history.observe()
    board.restore(history.undo())
    board.bonuses[1] = "DL"
    history.observe()
    assert history.redo_name is None and history.undo_name == "bonus at row 1, column 2"


def test_at_least_fifty_steps_are_kept_and_the_oldest_go_first():
    board = Board()
    history = History(board.snapshot, limit=60)
    for step in range(80):
        board.letters[step % 4] = chr(ord("A") + step % 26)
        history.observe()
    undone = 0
    while history.undo() is not None:
        undone += 1
    assert undone == 60


def test_the_default_keeps_well_over_fifty_steps():
    board = Board()
    history = History(board.snapshot)
    for step in range(120):
        board.letters[0] = str(step)
        history.observe()
    assert sum(1 for _ in iter(history.undo, None)) == 120


def test_the_listener_hears_every_change_of_what_undo_would_do():
    board = Board()
    history = History(board.snapshot)
    heard = []
    history.listener = lambda: heard.append((history.undo_name, history.redo_name))
    board.letters[0] = "A"
    history.observe()
    history.undo()
    history.redo()
    history.reset()
    assert heard == [("letter at row 1, column 1", None), (None, "letter at row 1, column 1"),
                     ("letter at row 1, column 1", None), (None, None)]


def test_describe_names_the_kind_of_change():
    empty = Snapshot(2, 2, ("",) * 4, (None,) * 4)
    assert describe(empty, Snapshot(3, 2, ("",) * 6, (None,) * 6)) == "board size"
    assert describe(empty, empty._replace(letters=("A", "B", "", ""))) == "letters"
    assert describe(empty, empty._replace(bonuses=("DL", "TL", None, None))) == "bonuses"
    assert describe(empty, empty._replace(letters=("A",) * 4, bonuses=("DL",) * 4)) == "board"
    assert describe(empty._replace(unsure=((0, ""),)), empty) == "check of an unsure tile"


def test_step_names_speak_the_interface_language_of_the_moment():
    """A step made in Italian is named in Russian once the interface is Russian (the shipped catalogues)."""
    from ruzzle_gui.app.text import i18n

    board = Board()
    history = History(board.snapshot)
    try:
        i18n.set_language("it")
        board.letters[3] = "A"
        history.observe()
        with history.step(i18n.N_("New game")):
            board.letters = ["", "", "", ""]
        history.undo()
        i18n.set_language("ru")
        assert history.redo_name == "Новая игра"
        history.undo()
        assert history.redo_name == "буква (ряд 2, столбец 2)"
    finally:
        i18n.set_language("en")
    assert history.redo_name == "letter at row 2, column 2"


def test_a_deed_is_a_step_among_the_boards_undone_and_redone_in_its_place():
    board, done = Board(), []
    history = History(board.snapshot)
    board.letters[0] = "A"
    history.observe()
    history.did(named("{word} refused by the game", word="CASA"),
                Deed(lambda: done.append("undone"), lambda: done.append("redone")))
    board.letters[1] = "B"
    history.observe()
    board.restore(history.undo())  # the letter B
    assert history.undo_name == "CASA refused by the game"
    assert isinstance(history.undo(), Deed) and done == ["undone"]
    assert board.letters == ["A", "", "", ""] and history.undo_name == "letter at row 1, column 1"
    assert isinstance(history.redo(), Deed) and done == ["undone", "redone"]
    board.restore(history.redo())
    assert board.letters == ["A", "B", "", ""]


def test_a_deed_clears_what_redo_would_do():
    board = Board()
    history = History(board.snapshot)
    board.letters[0] = "A"
    history.observe()
    history.undo()
    history.did(named("{word} refused by the game", word="CASA"), Deed(lambda: None, lambda: None))
    assert history.redo_name is None
