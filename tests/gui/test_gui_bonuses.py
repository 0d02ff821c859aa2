"""Bonus window: cycling bonuses by mouse and keys, colours and labels, Back keeping the board."""
from __future__ import annotations

import pytest

from ruzzle_gui.app.app import App
from ruzzle_gui.app.bonuses.bonuses import cycled
from ruzzle_gui.app.look import theme

from gui_helpers import click, press

BOARD = "casemortinapulie"


@pytest.fixture
def bonus_app(app) -> App:
    """Return the app on the bonus window with a typed Italian board."""
    press(app.letters.board_view, *BOARD, "Return")
    assert app.screen is app.bonuses
    app.bonuses.board_view.focus_force()
    app.root.update()
    return app


def test_cycle_order():
    assert [cycled(None, k) for k in range(1, 6)] == ["DL", "TL", "DW", "TW", None]
    assert [cycled(None, -k) for k in range(1, 6)] == ["TW", "DW", "TL", "DL", None]


def test_clicks_cycle_forward_and_right_clicks_back_with_game_colours(bonus_app):
    view = bonus_app.bonuses.board_view
    x, y = view.centre(5)
    seen = []
    for _ in range(5):
        click(view, x, y)
        seen.append((bonus_app.state.bonuses[5], view.tile_fill(5)))
    assert seen == [("DL", theme.BONUS_COLOURS["DL"]), ("TL", theme.BONUS_COLOURS["TL"]),
                    ("DW", theme.BONUS_COLOURS["DW"]), ("TW", theme.BONUS_COLOURS["TW"]), (None, theme.TILE)]
    click(view, x, y, button=3)
    assert bonus_app.state.bonuses[5] == "TW"
    assert view.itemcget("bonus5", "text") == "TW"
    click(view, x, y, button=3)
    assert bonus_app.state.bonuses[5] == "DW"


def test_keys_set_bonuses_on_the_focused_tile_and_arrows_move(bonus_app):
    view = bonus_app.bonuses.board_view
    press(view, "1", "Right", "2", "Down", "3", "Left", "4", "Down", "Right", "Right", "4", "0")
    bonuses = bonus_app.state.bonuses
    assert bonuses[0] == "DL" and bonuses[1] == "TL" and bonuses[5] == "DW" and bonuses[4] == "TW"
    assert bonuses[10] is None
    assert [view.itemcget(f"bonus{i}", "text") for i in (0, 1, 5, 4)] == ["DL", "TL", "DW", "TW"]
    assert view.tile_fill(1) == theme.BONUS_COLOURS["TL"]
    assert "1 DL · 1 TL · 1 DW · 1 TW" in bonus_app.bonuses.count_label.cget("text")


def test_back_keeps_letters_and_bonuses(bonus_app):
    press(bonus_app.bonuses.board_view, "4", "Escape")
    assert bonus_app.screen is bonus_app.letters
    assert "".join(bonus_app.state.letters) == BOARD.upper()
    assert bonus_app.state.bonuses[0] == "TW"
    press(bonus_app.letters.board_view, "Return")
    assert bonus_app.screen is bonus_app.bonuses
    assert bonus_app.bonuses.board_view.tile_fill(0) == theme.BONUS_COLOURS["TW"]
