"""One doubted picture through every way the app reads one: Open, Paste, Read from screen and Watch (issue #39).

The picture is a generated newer-look board crop whose M is drawn worth 1 (M is worth 3), so the reader doubts
that letter. Each surface must put the board on Letters with that tile marked and its reason kept, never solve it.
"""
from __future__ import annotations

import random

import pytest

from ruzzle_gui.app import reading
from ruzzle_gui.board import Board
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language

from gui_helpers import settle, wait_until

TIMEOUT = 60  # seconds: the machine is shared
EN = load_language("en")
BOARD = Board.parse("Ttl R S N\nO H E I\nC M N V\nE A D E")
DOUBTED = 9  # row 3, cell 2: the M


@pytest.fixture(scope="module")
def picture():
    """Return the doubted board crop."""
    shot = synth.board_shot(BOARD, EN, 640, random.Random(3), synth.fonts()[0], look=1, values={DOUBTED: 1})
    return shot.image.convert("RGB")


def _marked(app) -> bool:
    """Return True once Letters shows the board read, the M's tile marked with its letter's reason."""
    reason = str(app.state.unsure.get(DOUBTED, ""))
    return (app.screen is app.letters and app.state.letters == list(BOARD.letters)
            and not app.reader.busy and "M" in reason and "1" in reason)


def _shows_the_doubt(app) -> None:
    """Wait for the doubted board on Letters, then check that it is marked there and not solved."""
    wait_until(app.root, lambda: _marked(app), timeout=TIMEOUT)
    settle(app.root)
    view = app.letters.board_view
    view.draw()
    assert view.find_withtag(f"doubt{DOUBTED}") and app.screen is app.letters


def test_open(make_app, picture, tmp_path):
    app = make_app("en")
    path = tmp_path / "doubted.png"
    picture.save(path)
    app.open_screenshot(str(path))
    _shows_the_doubt(app)


def test_paste(make_app, picture, monkeypatch):
    from PIL import ImageGrab

    app = make_app("en")
    monkeypatch.setattr(ImageGrab, "grabclipboard", lambda: picture.copy())
    app.letters.board_view.focus_force()
    settle(app.root)
    app.letters.board_view.event_generate("<Control-Shift-V>")
    _shows_the_doubt(app)


def test_read_from_screen(make_app, picture, monkeypatch):
    app = make_app("en")
    monkeypatch.setattr(reading, "capture_screen", lambda: picture.copy())
    app.menu.file_menu.invoke(app.menu.file_menu.index("Read from screen"))
    _shows_the_doubt(app)


def test_watch(make_app, picture, monkeypatch):
    from ruzzle_gui.vision.watch import Watcher

    app = make_app("en")
    monkeypatch.setattr(Watcher, "_grab", lambda self: picture.copy())
    app.root.event_generate("<Control-Shift-W>")
    try:
        _shows_the_doubt(app)
    finally:
        app.root.event_generate("<Control-Shift-W>")
        settle(app.root)
