"""The App as a whole: repeated games without growth, errors in the window, background solves, launching."""
from __future__ import annotations

import json
import random
import tkinter as tk
from importlib import resources

import pytest

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.app.main import launch
from ruzzle_gui.doubt import load_doubts

from gui_helpers import BOARD, press, settle, wait_until


def paste_board(app, text: str = BOARD) -> None:
    """Paste ``text`` onto the letter window's board."""
    app.root.clipboard_clear()
    app.root.clipboard_append(text)
    app.letters.board_view.event_generate("<<Paste>>")
    settle(app.root)


def playable(solutions: list) -> list:
    """Return the solutions the app lists by default: the Italian dictionary's doubtful words left out."""
    doubts = load_doubts(load_language("it").dictionary_path)
    return [s for s in solutions if doubts is None or doubts.reason(s.word) is None]


def census(app) -> dict[str, int]:
    """Return counts of everything that would pile up if a window leaked: widgets, items, rows, timers."""
    def widgets(widget: tk.Misc) -> int:
        return 1 + sum(widgets(child) for child in widget.winfo_children())

    results = app.results
    tree = results.tree
    rows = sum(1 for i in range(4 * len(results.solutions) + 10) if tree.exists(str(i)))
    return {"widgets": widgets(app.root), "items": len(results.board_view.find_all()),
            "rows": rows, "shown": len(tree.get_children("")), "lit": len(results.board_view.lit),
            "timers": len(app.root.tk.splitlist(app.root.tk.call("after", "info")))}


def test_new_game_and_edit_board_many_times_without_growth(app):
    paste_board(app)
    press(app.letters.board_view, "Return", "Return")
    counts = []
    for _ in range(12):
        app.results.edit_button.invoke()
        assert app.screen is app.letters
        assert app.state.bonuses[0] == "TL" and "".join(app.state.letters) == "CASEROMITENALUPO"
        press(app.letters.board_view, "Return")
        press(app.bonuses.board_view, "Return")
        assert app.screen is app.results
        app.results.new_button.invoke()
        assert app.screen is app.letters and not any(app.state.letters) and not any(app.state.bonuses)
        paste_board(app)
        press(app.letters.board_view, "Return", "Return")
        wait_until(app.root, lambda: not app.results.animating)
        counts.append(census(app))
    # Doubtful words are hidden by default, so the list holds more rows than it shows.
    assert counts[0]["rows"] >= counts[0]["shown"] > 100
    assert counts[-1] == counts[0]


def test_a_solve_error_is_shown_in_the_window_and_keeps_the_board(make_app, tmp_path):
    it = resources.files("ruzzle_gui.languages").joinpath("it.toml").read_text(encoding="utf-8")
    broken = tmp_path / "it-broken.toml"
    broken.write_text('dictionary = "missing.marisa"\n' + it, encoding="utf-8")
    app = make_app(language=str(broken))
    paste_board(app)
    press(app.letters.board_view, "Return", "Return")
    assert app.screen is app.bonuses
    hint = app.bonuses.hint.cget("text")
    assert hint.startswith("Cannot solve: dictionary not found") and "missing.marisa" in hint
    assert "".join(app.state.letters) == "CASEROMITENALUPO" and app.state.bonuses[15] == "TW"


def big_board(app, seed: int = 7) -> Board:
    """Type a random 8x8 board through the letter window and return it."""
    letters = app.letters
    letters.rows_var.set("8")
    letters.cols_var.set("8")
    letters.apply_size()
    letters.rng = random.Random(seed)
    letters.random_button.invoke()
    press(letters.board_view, "Return")
    assert app.screen is app.bonuses
    return app.state.board()


def test_a_large_board_is_solved_off_the_tk_thread_with_a_busy_indicator(app):
    board = big_board(app)
    app.bonuses.board_view.focus_force()
    press(app.bonuses.board_view, "Return")
    assert app.solving and app.bonuses.busy
    settle(app.root)
    assert app.bonuses.progress.winfo_ismapped()
    assert app.bonuses.solve_button.instate(["disabled"])
    wait_until(app.root, lambda: app.screen is app.results, timeout=30)
    assert not app.solving and not app.bonuses.progress.winfo_ismapped()
    expected = playable(Graph(board, load_language("it")).solve())
    assert [s.word for s in app.results.shown] == [s.word for s in expected]


def test_escape_stops_a_background_solve_and_keeps_the_board(app):
    board = big_board(app, seed=11)
    app.bonuses.board_view.focus_force()
    press(app.bonuses.board_view, "Return", "Escape")
    assert app.screen is app.letters and not app.solving
    settle(app.root, 400)
    assert app.screen is app.letters
    assert app.state.board() == board


def write_board(tmp_path) -> str:
    """Write BOARD to a file and return its path."""
    path = tmp_path / "game.board"
    path.write_text(BOARD, encoding="utf-8")
    return str(path)


def test_launch_with_a_board_fills_letters_and_bonuses(window, config_home, tmp_path):
    app = launch(["-l", "it", "-b", write_board(tmp_path)], root=window)
    settle(window)
    assert app.screen is app.letters
    assert "".join(app.state.letters) == "CASEROMITENALUPO"
    assert app.state.bonuses[0] == "TL" and app.state.bonuses[5] == "DW"


def test_launch_with_solve_goes_straight_to_the_words(window, config_home, tmp_path):
    app = launch(["-l", "it", "-b", write_board(tmp_path), "--solve"], root=window)
    settle(window)
    expected = playable(Graph(Board.parse(BOARD), load_language("it")).solve())
    assert app.screen is app.results
    assert [s.word for s in app.results.shown] == [s.word for s in expected]
    assert app._icon is not None and app._icon.width() == 128


@pytest.mark.parametrize(("argv", "status", "message"), [
    (["--solve"], 2, "--solve needs a board"),
    (["-l", "xx"], 2, "unknown language 'xx'; known languages: de, en"),
    (["--board"], 2, "expected one argument"),
])
def test_launch_errors_are_one_line_and_an_exit_status(argv, status, message, window, config_home, capsys):
    assert launch(argv, root=window) == status
    err = capsys.readouterr().err
    assert err.startswith("ruzzle-gui: error: ") and message in err
    assert err.count("\n") == 1 and not window.winfo_children()


@pytest.mark.parametrize(("text", "message"), [
    ("C A S E\nR O 4 I\nT E N A\nL U P O\n", "line 2, cell 3"),
    (None, "board file not found"),
])
def test_a_bad_board_file_opens_the_window_and_says_what_is_wrong_there(text, message, window, config_home,
                                                                        tmp_path, capsys):
    path = tmp_path / "bad.board"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    app = launch(["-l", "it", "-b", str(path), "--solve"], root=window)
    settle(window)
    assert app.screen is app.letters and not any(app.state.letters)
    shown = app.letters.hint.cget("text")
    assert shown.startswith("Could not open bad.board: ") and message in shown
    err = capsys.readouterr().err
    assert err.startswith("ruzzle-gui: error: ") and message in err and err.count("\n") == 1


def test_the_last_language_is_remembered_and_a_corrupt_settings_file_is_ignored(root, config_home, monkeypatch):
    first, second, third = tk.Toplevel(root), tk.Toplevel(root), tk.Toplevel(root)
    try:
        app = launch(["-l", "ru"], root=first)
        assert app.state.language == "ru"
        saved = config_home / "ruzzle_gui" / "settings.json"
        assert not saved.exists()  # a launch option writes nothing until the window closes
        app.close()
        assert json.loads(saved.read_text(encoding="utf-8"))["language"] == "ru"
        app = launch([], root=second)
        assert app.state.language == "ru"
        assert app.letters.language_box.get() == "Russian"  # board languages are named in the interface language
        saved.write_text("{not json", encoding="utf-8")
        monkeypatch.delenv("LC_ALL", raising=False)
        monkeypatch.delenv("LC_MESSAGES", raising=False)
        monkeypatch.setenv("LANG", "es_ES.UTF-8")
        assert launch([], root=third).state.language == "es"
    finally:
        for top in (first, second, third):
            if top.winfo_exists():
                top.destroy()
