"""The screens of a live round at 96 and 192 DPI, light and dark: unsure marks, Solve anyway, the plan's pace."""
from __future__ import annotations

import tkinter as tk
from types import SimpleNamespace

import pytest

from ruzzle_gui.app.look import theme
from ruzzle_gui.board import Board
from ruzzle_gui.language import load_language

from gui_helpers import BOARD, press, settle
from test_gui_look import clipped, open_app, photograph


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
@pytest.mark.parametrize("mode", theme.MODES)
def test_unsure_tiles_and_the_pace_line_are_whole_on_every_screen(dpi, mode, window: tk.Toplevel, config_home):
    app = open_app(window, config_home, mode)
    board = Board.parse(BOARD, load_language("it"))
    reading = SimpleNamespace(board=board, uncertain=((0, 1), (1, 3), (2, 3)),
                              reasons={(0, 1): "ring and badge disagree: TL or plain?"})
    app.show_reading(reading, "shot.png")
    settle(window)
    assert app.letters.next_button.cget("text").startswith("Solve anyway: 3 tiles unsure")
    assert clipped(app.letters) == []
    photograph(window, f"{dpi}dpi-{mode}-round-1-letters-unsure")
    app.show_bonuses()
    settle(window)
    assert clipped(app.bonuses) == []
    photograph(window, f"{dpi}dpi-{mode}-round-2-bonuses-unsure")
    press(app.bonuses.board_view, "Return")
    app.results.plan_tab.show_plan()
    settle(window)
    pace = app.results.plan_tab.plan_view.pace_line
    assert pace.label.cget("text").startswith("planned at ") and pace.calibrate_button.winfo_ismapped()
    assert clipped(app.results) == []
    photograph(window, f"{dpi}dpi-{mode}-round-3-plan-pace")
