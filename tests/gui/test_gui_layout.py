"""Layout: a Solve draws the board once, nothing moves while the player works, big boards fit, the list scrolls."""
from __future__ import annotations

import random

from ruzzle_gui import Board, load_language

from gui_helpers import BOARD, press, settle


def solve_board(app, text: str = BOARD) -> None:
    """Type ``text`` as a board and solve it through the windows."""
    app.letters.type_text(text)
    press(app.letters.board_view, "Return", "Return")
    assert app.screen is app.results


def geometry(widget) -> tuple[int, int, int, int]:
    """Return where ``widget`` sits on the screen and its size."""
    return widget.winfo_rootx(), widget.winfo_rooty(), widget.winfo_width(), widget.winfo_height()


def test_a_solve_draws_the_board_once_and_animates_after_the_list_is_shown(app):
    solve_board(app)
    settle(app.root)
    tree = app.results.tree
    # The best word, selected, heads the list on screen (Treeview's see() once scrolled past it
    # when the list was first shown).
    assert tree.yview()[0] == 0.0 and tree.selection() == tree.get_children("")[:1]
    view = app.results.board_view
    app.state.settings.delay_ms = 900  # no second step while this test looks at the first
    for _ in range(3):
        app.results.stop_animation()
        app.show_bonuses()
        settle(app.root)
        before = view.draws
        app.solve()
        # The list is filled and the best word's first tile is lit, but nothing is drawn yet.
        assert app.results.shown and view.lit and view.draws == before
        app.root.update()
        assert view.draws == before + 1
        assert len(view.lit) == 1 and app.results.animating
        # The best word, selected, heads the list on screen (Treeview's see() once scrolled past it).
        tree = app.results.tree
        assert tree.yview()[0] == 0.0 and tree.selection() == tree.get_children("")[:1]


def test_the_board_stays_put_between_the_letter_and_bonus_windows(app):
    app.letters.type_text(BOARD)
    settle(app.root)
    on_letters = geometry(app.letters.board_view)
    press(app.letters.board_view, "Return")
    assert app.screen is app.bonuses
    settle(app.root)
    assert geometry(app.bonuses.board_view) == on_letters
    press(app.bonuses.board_view, "Escape")
    settle(app.root)
    assert geometry(app.letters.board_view) == on_letters


def test_typing_a_filter_or_choosing_a_start_tile_never_resizes_the_panels(app):
    solve_board(app)
    settle(app.root)
    results = app.results
    panels = (results.board_view, results.tree, results.summary_label)
    before = [geometry(panel) for panel in panels]
    results.find_entry.focus_force()
    for key in ("q", "u", "z", "BackSpace", "BackSpace", "BackSpace"):
        press(results.find_entry, key)
        settle(app.root)
        assert [geometry(panel) for panel in panels] == before, key
    results.toggle_start_filter(5)
    settle(app.root)
    assert [geometry(panel) for panel in panels] == before
    results.toggle_start_filter(5)
    settle(app.root)
    assert [geometry(panel) for panel in panels] == before


def test_after_a_sort_or_filter_the_list_shows_the_selected_word_or_its_top(app):
    solve_board(app)
    settle(app.root)
    results, tree = app.results, app.results.tree
    results.focus_list()
    last = tree.get_children("")[-1]
    tree.selection_set(last)
    tree.see(last)
    settle(app.root)
    assert tree.yview()[0] > 0.5
    selected = results.solution_of(last)
    results.sort_by("word")
    settle(app.root)
    # Still selected and on screen after the re-sort.
    assert tree.selection() == (last,) and tree.bbox(last)
    # A filter the selected word fails, which many others pass: the list starts from its best match again.
    results.mode_box.set("starts with")
    first = next(letter for letter in "ACEIOS" if not selected.word.startswith(letter))
    results.find_var.set(first.lower())
    settle(app.root)
    assert len(tree.get_children("")) > 40
    assert tree.yview()[0] == 0.0
    results.find_var.set("")
    settle(app.root)
    assert tree.bbox(last), "the selected word is back in view once it passes the filters"


def test_a_60_by_60_board_keeps_the_list_whole(app):
    language = load_language("it")
    rng = random.Random(60)
    board = Board.from_letters("".join(language.random_letters(3600, rng)), rows=60)
    app.load_board(board)
    app.show_bonuses()
    app.solve(background=False)
    assert app.screen is app.results
    settle(app.root)
    results = app.results
    window = app.root
    right = window.winfo_rootx() + window.winfo_width()
    bottom = window.winfo_rooty() + window.winfo_height()
    for widget in (results.tree, results.summary_label, results.new_button, results.word_label):
        x, y, width, height = geometry(widget)
        assert width > 1 and x + width <= right and y + height <= bottom, widget
    assert sum(results.tree.column(c, "width") for c in results.tree["columns"]) <= results.tree.winfo_width()
    view = results.board_view
    x, y, width, height = geometry(view)
    assert x + width <= right and y + height <= bottom
    # Every tile is on the canvas.
    assert view._boxes[-1][2] <= width and view._boxes[-1][3] <= height
