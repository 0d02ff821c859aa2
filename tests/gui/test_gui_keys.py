"""Keyboard: Tab in reading order, Ctrl+A in text boxes, the F1 keys window, and keys for mouse actions."""
from __future__ import annotations

import tkinter as tk

import pytest

from ruzzle_gui.app.focus_order import reading_order
from ruzzle_gui.app.keys_help import KEYS, KeysWindow
from ruzzle_gui.app.words.results_list import COLUMNS, sort_view

from gui_helpers import BOARD, settle, solved


def tab_cycle(app, backwards: bool = False) -> list[tk.Misc]:
    """Return the widgets Tab (or Shift+Tab) visits from the focused one until it comes round again."""
    visited = []
    for _ in range(30):
        widget = app.root.focus_get()
        if backwards:
            widget.event_generate("<<PrevWindow>>")
        else:
            widget.event_generate("<KeyPress>", keysym="Tab")
        settle(app.root)
        widget = app.root.focus_get()
        if widget in visited:
            break
        visited.append(widget)
    return visited


def rotated(widgets: list, first) -> list:
    """Return ``widgets`` as a cycle starting at ``first``."""
    start = widgets.index(first)
    return widgets[start:] + widgets[:start]


def test_reading_order_goes_by_rows_then_columns():
    # Two side-by-side panels of unequal tops share a row; a bar below them comes after.
    boxes = [(500, 0, 100, 20), (0, 5, 400, 300), (420, 2, 60, 600), (0, 620, 50, 20), (300, 621, 80, 20)]
    assert reading_order(boxes) == [1, 2, 0, 3, 4]
    assert reading_order([]) == []


def test_tab_on_the_letter_window_follows_the_layout(app):
    letters = app.letters
    expected = [letters.language_box, letters.rows_box, letters.cols_box, letters.board_view,
                letters.random_button, letters.clear_button, letters.next_button]
    assert rotated(tab_cycle(app), letters.language_box) == expected
    backwards = rotated(tab_cycle(app, backwards=True), letters.language_box)
    assert backwards == [expected[0], *reversed(expected[1:])]


def test_tab_on_the_bonus_window_follows_the_layout(app):
    app.letters.type_text(BOARD)
    app.show_bonuses()
    settle(app.root)
    bonuses = app.bonuses
    assert rotated(tab_cycle(app), bonuses.board_view) == [bonuses.board_view, bonuses.back_button,
                                                           bonuses.solve_button]


def test_tab_on_the_words_window_follows_the_layout(app):
    results = solved(app).results
    # The Words and Plan tabs take the focus before the list's own controls: ← → there switch tabs.
    expected = [results.board_view, results.replay_button, results.speed, results.notebook, results.find_entry,
                results.mode_box,
                results.min_box, results.words.everyday_box, results.words.doubtful_box, results.tree,
                results.copy_button, results.export_button, results.edit_button,
                results.new_button]
    assert rotated(tab_cycle(app), results.board_view) == expected


@pytest.mark.parametrize("box", ["find_entry", "min_box"])
def test_ctrl_a_selects_all_in_a_text_box(app, box):
    widget = getattr(solved(app).results, box)
    if box == "find_entry":
        widget.insert(0, "casa")
    widget.focus_force()
    widget.icursor(1)
    settle(app.root)
    widget.event_generate("<Control-a>")
    settle(app.root)
    assert widget.selection_present()
    assert widget.index("sel.first") == 0 and widget.index("sel.last") == len(widget.get())
    assert app.screen is app.results  # the key went to the text box, nowhere else


def test_ctrl_a_in_the_size_box(app):
    box = app.letters.rows_box
    box.focus_force()
    settle(app.root)
    box.event_generate("<Control-a>")
    assert box.selection_present() and box.index("sel.last") == len(box.get())


def test_f1_opens_the_keys_window_and_return_escape_or_close_box_close_it(app):
    for close in ("<Return>", "<Escape>", "WM_DELETE_WINDOW", "<F1>"):
        app.letters.board_view.event_generate("<F1>")
        settle(app.root)
        window = app.keys_window
        assert isinstance(window, KeysWindow) and window.winfo_ismapped()
        assert window.focus_get() is window.close_button
        texts = [label.cget("text") for section in window.body.winfo_children()
                 for label in section.winfo_children()]
        assert "F1" in texts and "Ctrl+O" in texts and "Ctrl+1 … Ctrl+5" in texts and "Alt+E" in texts
        if close == "WM_DELETE_WINDOW":
            window.tk.call(window.protocol("WM_DELETE_WINDOW"))
        else:
            window.close_button.event_generate(close)
        settle(app.root)
        assert not window.winfo_exists()
        assert app.root.focus_get() is app.letters.board_view
        assert app.screen is app.letters and not any(app.state.letters)  # the keys reached no other window


def test_f1_again_brings_the_same_keys_window_forward(app):
    app.show_keys()
    first = app.keys_window
    app.show_keys()
    assert app.keys_window is first
    first.close()


def test_every_screen_has_its_keys_listed():
    screens = [screen for screen, _keys in KEYS]
    assert screens == ["Everywhere", "1  Letters", "2  Bonuses", "3  Words", "Practice", "History"]
    assert all(keys and all(key and action for key, action in keys) for _screen, keys in KEYS)


@pytest.mark.parametrize(("number", "column"), list(enumerate(COLUMNS, 1)))
def test_ctrl_number_sorts_the_word_list_by_a_column(app, number, column):
    words = solved(app).results.words
    was_reverse = words.sort_reverse if words.sort_column == column else True
    words.tree.event_generate(f"<Control-Key-{number}>")
    settle(app.root)
    # A new column sorts best-first; the column already sorted flips.
    assert (words.sort_column, words.sort_reverse) == (column, not was_reverse)
    ordered = sort_view(words.solutions, column, words.sort_reverse, words.band_of)
    assert words.shown == [s for s in ordered if not words.doubt_of(s)]  # doubtful words are left out by default


def test_ctrl_number_on_the_letter_window_changes_nothing(app):
    app.letters.board_view.event_generate("<Control-Key-1>")
    settle(app.root)
    assert app.screen is app.letters and not any(app.state.letters)


def test_ctrl_q_closes_the_window(app):
    app.letters.board_view.event_generate("<Control-q>")
    settle(app.root)
    assert not app.root.winfo_exists()
