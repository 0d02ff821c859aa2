"""Opening boards from inside the app: Ctrl+O, the recent-boards menu and dropped files."""
from __future__ import annotations

import builtins
import json

import pytest

from ruzzle_gui.app import drop
from ruzzle_gui.app.settings import RECENT_LIMIT

from gui_helpers import BOARD, settle, wait_until


def write(tmp_path, name: str, text: str = BOARD) -> str:
    """Write a board file and return its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def recent_labels(app) -> list[str]:
    """Return the labels of the File → Open recent submenu."""
    menu = app.menu.recent_menu
    return [menu.entrycget(i, "label") for i in range(menu.index("end") + 1)]


def test_ctrl_o_opens_the_chosen_board_file_and_remembers_it(app, tmp_path, monkeypatch, config_home):
    from tkinter import filedialog

    path = write(tmp_path, "game one.board")
    asked = []
    monkeypatch.setattr(filedialog, "askopenfilename", lambda **options: asked.append(options) or path)
    app.letters.board_view.event_generate("<Control-o>")
    settle(app.root)
    assert asked and asked[0]["parent"] is app.root
    assert "".join(app.state.letters) == "CASEROMITENALUPO" and app.state.bonuses[0] == "TL"
    assert app.letters.hint.cget("text").startswith("Opened game one.board: a 4×4 board")
    assert app.state.settings.recent_boards == [path]
    assert recent_labels(app)[0].startswith("1  game one.board")
    saved = json.loads((config_home / "ruzzle_gui" / "settings.json").read_text(encoding="utf-8"))
    assert saved["recent_boards"] == [path]
    app.letters.board_view.event_generate("<Control-o>")
    assert asked[0]["initialdir"] is None and asked[1]["initialdir"] == str(tmp_path)  # where the last one was


def test_cancelling_the_open_dialog_changes_nothing(app, monkeypatch):
    from tkinter import filedialog

    monkeypatch.setattr(filedialog, "askopenfilename", lambda **options: "")
    app.menu.file_menu.invoke(0)
    settle(app.root)
    assert not any(app.state.letters) and app.state.settings.recent_boards == []
    assert recent_labels(app) == ["No boards opened yet"]


def test_the_recent_menu_reopens_boards_newest_first(app, tmp_path):
    first, second = write(tmp_path, "first.board"), write(tmp_path, "second.board", BOARD.replace("C", "B"))
    assert app.open_board(first) and app.open_board(second)
    assert [label.split()[1] for label in recent_labels(app)] == ["second.board", "first.board"]
    app.menu.recent_menu.invoke(1)
    settle(app.root)
    assert app.state.letters[0] == "C"
    assert [label.split()[1] for label in recent_labels(app)] == ["first.board", "second.board"]


def test_a_recent_board_that_was_deleted_is_reported_and_forgotten(app, tmp_path):
    path = write(tmp_path, "gone.board")
    app.open_board(path)
    (tmp_path / "gone.board").unlink()
    app.menu.recent_menu.invoke(0)
    settle(app.root)
    assert "board file not found" in app.letters.hint.cget("text")
    assert app.state.settings.recent_boards == [] and recent_labels(app) == ["No boards opened yet"]


def test_opening_a_bad_board_file_says_why_in_the_window_and_keeps_the_board(app, tmp_path):
    app.letters.type_text("ciaomarebustiole")
    path = write(tmp_path, "bad.board", "C A S E\nR O 4 I\nT E N A\nL U P O\n")
    app.show_bonuses()
    assert not app.open_board(path)
    assert app.screen is app.letters
    assert "line 2, cell 3: '4' is not a letter" in app.letters.hint.cget("text")
    assert "".join(app.state.letters) == "CIAOMAREBUSTIOLE"
    assert app.state.settings.recent_boards == []  # only boards that opened are remembered


def test_the_recent_list_is_capped(app, tmp_path):
    for number in range(RECENT_LIMIT + 2):
        app.open_board(write(tmp_path, f"{number}.board"))
    assert len(recent_labels(app)) == RECENT_LIMIT


def test_a_dropped_file_is_opened(app, tmp_path):
    path = write(tmp_path, "dropped board.board")
    # tkdnd hands over a Tcl list: a path with spaces comes braced.
    data = f"{{{path}}} {{{tmp_path / 'other.board'}}}"
    assert drop.dropped_paths(app.root, data) == [path, str(tmp_path / "other.board")]
    assert drop._dropped(app.root, data, app.open_board) == "copy"
    assert "".join(app.state.letters) == "CASEROMITENALUPO"


def test_drop_is_enabled_when_tkdnd_loads(app):
    wait_until(app.root, lambda: hasattr(app, "drop_problem"))
    assert app.drop_problem is None
    assert "<<Drop>>" in app.body.bind()


def test_without_tkinterdnd2_the_app_takes_no_drops_and_says_why(window, monkeypatch):
    real_import = builtins.__import__

    def no_tkinterdnd2(name, *args, **kwargs):
        if name.startswith("tkinterdnd2"):
            raise ImportError("No module named 'tkinterdnd2'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tkinterdnd2)
    problem = drop.enable_drop(window, print)
    assert problem is not None and problem.startswith("drag and drop needs tkinterdnd2")


@pytest.mark.parametrize("error", [RuntimeError("Unable to load tkdnd library."), ImportError("no tkdnd")])
def test_a_tkdnd_that_cannot_load_is_reported_not_raised(window, monkeypatch, error):
    from tkinterdnd2 import TkinterDnD

    def fail(_root):
        raise error

    monkeypatch.setattr(TkinterDnD, "require", fail)
    problem = drop.enable_drop(window, print)
    assert isinstance(problem, str) and str(error) in problem
