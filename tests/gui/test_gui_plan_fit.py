"""The Plan tab on short and tall screens: the list keeps the next words in view, and nothing is cut or lost.

On a short window (a 1600x1000 laptop at 192 DPI, a 1366x768 one at 96) the tab folds its timing boxes
behind a toggle and tightens its spacing, so the planned words keep the room; on a tall one it shows
everything at once, as before.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

import pytest

from ruzzle_gui.app.app import App
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text import i18n

from gui_helpers import BOARD, press, settle, wait_until
from test_gui_look import clipped, cut_headings, outside, photograph

LIVE_ROWS = 5  # the word being swiped and the next few: what a player needs in a two-minute round
LOOKAHEAD = 3  # words after the current one that Play plan keeps in view
SUN_VALLEY_INDICATOR = 26  # screen pixels Sun Valley's tree indicator takes before the # text, at any DPI


def whole_rows(tree: ttk.Treeview) -> list[str]:
    """Return the rows of ``tree`` drawn whole, top to bottom (a row cut by the list's bottom edge is not)."""
    height = tree.winfo_height()
    return [row for row in tree.get_children() if (box := tree.bbox(row)) and box[1] + box[3] <= height]


def cut_numbers(tree: ttk.Treeview) -> list[str]:
    """Return the row numbers ("10.") wider than the room the # column leaves them beside the tree indicator."""
    font = tkfont.Font(root=tree, font=ttk.Style(tree).lookup("Treeview", "font"))
    room = tree.column("#0", "width") - SUN_VALLEY_INDICATOR
    return [text for row in tree.get_children() if font.measure(text := tree.item(row, "text")) > room]


def launch_on(window: tk.Toplevel, monkeypatch: pytest.MonkeyPatch, screen: tuple[int, int], code: str,
              mode: str = "light") -> App:
    """Launch the app in ``window`` as on a ``screen``-sized display in language ``code``, the plan shown."""
    from ruzzle_gui.app.main import launch
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # the system's language, followed at launch
        monkeypatch.setenv(name, f"{code}_{code.upper()}.UTF-8" if code != "en" else "en_GB.UTF-8")
    monkeypatch.setattr(window, "winfo_screenwidth", lambda: screen[0])
    monkeypatch.setattr(window, "winfo_screenheight", lambda: screen[1])
    app = launch(["-l", "it"], root=window)
    if theme.mode(window) != mode:
        app.theme_button.invoke()
    settle(window)
    assert i18n.current_language() == code
    app.letters.type_text(BOARD)
    app.letters.board_view.focus_force()
    press(app.letters.board_view, "Return", "Return")
    wait_until(window, lambda: app.screen is app.results and not app.results.animating)
    app.results.plan_tab.toggle_plan()  # Ctrl+P
    settle(window)
    return app


def nothing_cut(app: App, window: tk.Misc) -> dict[str, list[str]]:
    """Return what is cut off or pushed out of the window on the Words screen with its Plan tab shown."""
    found = {"clipped": clipped(app.results), "outside": outside(window, app.results),
             "headings": cut_headings(app.results.tree), "numbers": cut_numbers(app.results.plan_tab.plan_view.tree)}
    return {name: cut for name, cut in found.items() if cut}


@pytest.fixture
def english_afterwards():
    """Put the interface back in English for the tests that follow."""
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("dpi", [192], indirect=True)
@pytest.mark.parametrize("code", ["en", "it", "de", "ru"])
def test_a_short_high_dpi_screen_shows_several_planned_words(dpi, code, window, config_home, monkeypatch,
                                                             english_afterwards):
    app = launch_on(window, monkeypatch, (1600, 1000), code)
    view = app.results.plan_tab.plan_view
    assert len(whole_rows(view.tree)) >= LIVE_ROWS
    assert nothing_cut(app, window) == {}
    # The timing folded away is one click from the player, and whole when shown.
    view.timing_toggle.invoke()
    settle(window)
    assert view.timing_boxes[0].winfo_ismapped() and view.apply_button.winfo_ismapped()
    assert nothing_cut(app, window) == {}
    view.timing_toggle.invoke()
    settle(window)
    assert not view.timing_boxes[0].winfo_ismapped()
    assert len(whole_rows(view.tree)) >= LIVE_ROWS


@pytest.mark.parametrize("dpi", [192], indirect=True)
@pytest.mark.parametrize("code", ["en", "de"])
def test_playing_on_a_short_screen_keeps_the_word_to_swipe_and_the_next_ones_in_view(dpi, code, window, config_home,
                                                                                  monkeypatch, english_afterwards):
    app = launch_on(window, monkeypatch, (1600, 1000), code)
    view = app.results.plan_tab.plan_view
    view.timing_toggle.invoke()  # left open by the player: Play folds it, the words need the room
    settle(window)
    view.play()
    settle(window)
    assert not view.timing_boxes[0].winfo_ismapped()
    tree = view.tree
    tree.focus_force()
    count = len(tree.get_children())
    for current in range(min(count - LOOKAHEAD, 2 * LIVE_ROWS)):
        assert view.current == current
        wanted = [str(row) for row in range(current, current + LOOKAHEAD + 1)]
        assert set(wanted) <= set(whole_rows(tree)), (current, whole_rows(tree))
        press(tree, "space")  # the player swiped it
        settle(window)
    for needed in (view.countdown, view.stop_button):
        assert needed.winfo_ismapped()
    assert nothing_cut(app, window) == {}
    photograph(window, f"192dpi-light-{code}-plan-playing-short")
    view.stop()


@pytest.mark.parametrize("dpi", [96], indirect=True)
@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_a_1366x768_laptop_shows_several_planned_words(dpi, code, window, config_home, monkeypatch,
                                                       english_afterwards):
    app = launch_on(window, monkeypatch, (1366, 768), code)
    assert len(whole_rows(app.results.plan_tab.plan_view.tree)) >= LIVE_ROWS
    assert nothing_cut(app, window) == {}


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
@pytest.mark.parametrize("mode", theme.MODES)
def test_a_maximised_window_loses_nothing_and_a_tall_one_shows_the_timing_unfolded(dpi, mode, window, config_home,
                                                                                   monkeypatch, english_afterwards):
    app = launch_on(window, monkeypatch, (1600, 1000), "de", mode)
    window.geometry("1600x1000+0+0")  # as the window manager maximises it
    settle(window, 100)
    view = app.results.plan_tab.plan_view
    assert len(whole_rows(view.tree)) >= LIVE_ROWS
    assert nothing_cut(app, window) == {}
    photograph(window, f"{dpi}dpi-{mode}-de-plan-maximised")
    if dpi == 96:  # room enough for everything: the timing boxes stay out, the list still gets ten rows
        assert view.timing_boxes[0].winfo_ismapped() and view.apply_button.winfo_ismapped()
        assert len(whole_rows(view.tree)) >= 2 * LIVE_ROWS
        # Made short again, it folds again.
        window.geometry("1060x600+0+0")
        settle(window, 100)
        assert not view.timing_boxes[0].winfo_ismapped()
        assert len(whole_rows(view.tree)) >= LIVE_ROWS
        assert nothing_cut(app, window) == {}
