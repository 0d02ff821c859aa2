"""Background solves: the worker gives the engine's answer, and stopping it really stops it."""
from __future__ import annotations

import random
import sys
import threading

import pytest

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.app.solving import SolveJob

from gui_helpers import settle, wait_until


def random_board(rows: int, seed: int) -> Board:
    """Return a square Italian board of random letters."""
    letters = load_language("it").random_letters(rows * rows, random.Random(seed))
    return Board.from_letters("".join(letters), rows=rows)


def solve_threads() -> list[threading.Thread]:
    """Return the solve worker threads still running."""
    return [thread for thread in threading.enumerate() if thread.name == "ruzzle-solve"]


def test_a_finished_job_holds_the_engine_solutions():
    board = random_board(6, seed=4)
    job = SolveJob(board, load_language("it"))
    job.start()
    job.thread.join(30)
    assert job.done and job.error is None
    assert job.solutions == Graph(board, load_language("it")).solve()


def test_a_cancelled_job_ends_at_once_with_no_words():
    job = SolveJob(random_board(60, seed=5), load_language("it"))
    job.start()
    job.thread.join(0.2)
    assert not job.done  # a 60x60 board takes seconds: the worker is mid-solve
    # Stopping takes milliseconds; the margin is for a loaded machine, still far below a whole solve.
    assert job.cancel(wait=3.0)
    assert job.solutions is None and job.error is None


def test_stopping_a_big_solve_ends_the_worker_and_shows_nothing(app):
    # 100x100 takes over ten seconds, so even a slow, loaded settle below cannot let it finish.
    board = random_board(100, seed=6)
    normal = sys.getswitchinterval()
    app.load_board(board)
    app.show_bonuses()
    app.solve()
    assert app.solving and len(solve_threads()) == 1
    assert sys.getswitchinterval() < normal  # so the Tk thread gets the GIL back quickly
    worker = solve_threads()[0]
    settle(app.root, 200)
    app.cancel_solve()
    worker.join(3.0)  # milliseconds when quiet; a margin for a loaded machine
    assert not worker.is_alive()  # the whole solve takes many seconds
    assert not app.solving and not app.bonuses.busy and sys.getswitchinterval() == normal
    app.bonuses.back_button.invoke()
    settle(app.root, 300)
    assert app.screen is app.letters and app.results.solutions == []
    assert app.state.board() == board


def test_focus_and_cursor_moves_redraw_only_the_rings(app):
    app.load_board(random_board(30, seed=8))
    view = app.letters.board_view
    settle(app.root)
    tile = view.find_withtag("tile0")
    app.letters.random_button.focus_force()
    settle(app.root)
    view.focus_force()
    view.set_cursor(5)
    settle(app.root)
    # The same canvas item still draws tile 0: the 900 tiles were not redrawn.
    assert view.find_withtag("tile0") == tile
    assert view.coords("cursor")[0] > view.coords(tile[0])[0]


class BrokenGraph:
    """A solver with a bug: it fails as soon as it is asked for words."""

    def __init__(self, board, language) -> None:
        pass

    def paths(self):
        raise RuntimeError("boom")

    solve = paths


@pytest.mark.parametrize(("module", "background"), [("solving", True), ("solve_runner", False)])
def test_a_solver_bug_is_shown_in_the_window_and_keeps_the_board(app, monkeypatch, capsys, module, background):
    board = random_board(4, seed=9)
    app.load_board(board)
    app.show_bonuses()
    monkeypatch.setattr(f"ruzzle_gui.app.{module}.Graph", BrokenGraph)
    app.solve(background=background)
    wait_until(app.root, lambda: not app.solving)
    assert app.screen is app.bonuses and app.bonuses.hint.cget("text") == "Solve failed: RuntimeError: boom"
    assert app.state.board() == board
    err = capsys.readouterr().err
    assert err.startswith("Traceback") and err.rstrip().endswith("RuntimeError: boom")


def test_a_busy_bonus_board_keeps_its_drawing_through_resizes_until_the_solve_ends(app):
    app.load_board(random_board(30, seed=10))
    app.show_bonuses()
    settle(app.root)
    view = app.bonuses.board_view
    tile = view.find_withtag("tile0")
    app.bonuses.set_busy(True, "Solving…")
    view.configure(width=view.winfo_width() - 40)
    app.root.geometry(f"{app.root.winfo_width() - 60}x{app.root.winfo_height() - 60}")
    settle(app.root, 100)
    assert view.find_withtag("tile0") == tile
    app.bonuses.set_busy(False)
    settle(app.root)
    assert view.find_withtag("tile0") != tile  # redrawn once, for the new size
    assert view._drawn_for == (view.winfo_width(), view.winfo_height())
