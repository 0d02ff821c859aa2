"""Searching ahead: the Bonuses screen's board is solved while idle, and Solve uses it only when it still fits."""
from __future__ import annotations

import random

import pytest

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.app import ahead as ahead_module
from ruzzle_gui.app.app import INLINE_CELLS

from gui_helpers import settle


def random_board(rows: int, seed: int) -> Board:
    """Return a square Italian board of random letters, with no bonuses."""
    letters = load_language("it").random_letters(rows * rows, random.Random(seed))
    return Board.from_letters("".join(letters), rows=rows)


@pytest.fixture
def searches(monkeypatch) -> list[Board]:
    """Record every board the search-ahead solves."""
    seen: list[Board] = []
    real = ahead_module.Graph

    class Counting(real):
        def solve(self, *args, **kwargs):
            seen.append(self.board)
            return super().solve(*args, **kwargs)

    monkeypatch.setattr(ahead_module, "Graph", Counting)
    return seen


def on_bonuses(app, board: Board) -> None:
    """Show ``board`` on the Bonuses screen and let Tk go idle."""
    app.load_board(board)
    app.show_bonuses()
    settle(app.root, 20)


def test_solve_shows_the_words_found_ahead_without_solving_again(app, searches, monkeypatch):
    board = random_board(4, seed=1)
    on_bonuses(app, board)
    assert searches == [board]  # solved once Tk went idle, before any Solve
    monkeypatch.setattr("ruzzle_gui.app.solve_runner.Graph", None)  # Solve must not need the engine now
    app.solve()
    assert app.screen is app.results
    assert app.results.solutions == Graph(board, load_language("it")).solve()


def test_a_bonus_set_after_the_search_is_searched_again_and_scored(app, searches):
    board = random_board(4, seed=2)
    on_bonuses(app, board)
    app.bonuses.set_bonus(0, "TW")
    settle(app.root, 20)
    with_bonus = Board(4, 4, board.letters, ("TW",) + board.bonuses[1:])
    assert searches == [board, with_bonus]
    app.solve()
    assert app.results.solutions == Graph(with_bonus, load_language("it")).solve()


def test_a_bonus_set_just_before_solve_is_never_scored_with_the_old_words(app, searches):
    board = random_board(4, seed=3)
    on_bonuses(app, board)
    app.bonuses.set_bonus(5, "DW")  # no idle time before Solve: the search has not run
    app.solve()
    with_bonus = Board(4, 4, board.letters, board.bonuses[:5] + ("DW",) + board.bonuses[6:])
    assert app.results.solutions == Graph(with_bonus, load_language("it")).solve()


def test_a_new_language_is_never_answered_with_the_last_ones_words(app, searches):
    board = random_board(4, seed=4)
    on_bonuses(app, board)
    assert app.ahead.take(board, load_language("it")) is not None
    assert app.ahead.take(board, load_language("es")) is None


def test_boards_solved_on_a_worker_are_not_searched_ahead(app, searches):
    rows = next(n for n in range(4, 30) if n * n > INLINE_CELLS)
    on_bonuses(app, random_board(rows, seed=5))
    assert searches == []
    app.bonuses.back_button.invoke()


def test_a_board_completed_on_the_letters_screen_is_searched_before_solve(app, searches, monkeypatch):
    board = random_board(4, seed=6)
    app.show_letters()
    app.letters.type_text("".join(board.letters))
    settle(app.root, 20)
    assert searches[-1] == board  # only the complete board: the partial ones were not searched
    assert len(searches) == 1
    monkeypatch.setattr("ruzzle_gui.app.solve_runner.Graph", None)
    app.solve()  # straight from the Letters screen (Ctrl+Enter)
    assert app.results.solutions == Graph(board, load_language("it")).solve()


def test_a_search_ahead_that_fails_keeps_nothing_and_raises_nothing_in_tk(app, monkeypatch):
    from ruzzle_gui.language import LanguageError

    def broken():
        raise LanguageError("the language file went bad")

    board = random_board(4, seed=7)
    on_bonuses(app, board)
    assert app.ahead.take(board, load_language("it")) is not None
    app.ahead.schedule(broken, lambda: load_language("it"))
    settle(app.root, 20)  # the root's callback errors fail the test (conftest)
    assert app.ahead.take(board, load_language("it")) is None
