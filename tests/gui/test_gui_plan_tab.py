"""The Plan tab on the results screen: lazy planning, Play plan on the board, ticks, heat map, timing, calibration."""
from __future__ import annotations

import json
import tkinter as tk
from pathlib import Path

import pytest

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.plan.calibrate import fit, pick_words
from ruzzle_gui.app.settings import DEFAULT_TIMING, load_settings
from ruzzle_gui.plan import PlanError, Timing, plan

from gui_helpers import press, settle, solved, wait_until
from test_gui_look import clipped, open_app, photograph


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def key(widget: tk.Misc, sequence: str) -> None:
    """Send a key with modifiers, such as <Control-p>, to ``widget``."""
    widget.focus_force()
    widget.update()
    widget.event_generate(sequence)
    widget.update()


def lit_path(results) -> list[int]:
    """Return the tiles lit on the results board, in the order they were lit."""
    return list(results.board_view.lit)


def indices(results, solution) -> list[int]:
    """Return ``solution``'s path as tile indices of the results board."""
    return [r * results.board.cols + c for r, c in solution.path]


def test_the_plan_is_made_only_when_the_tab_is_first_shown(app):
    results = solved(app).results
    assert results.plan_tab.plan_view.plan.steps == ()  # a Solve alone costs no planning
    key(results.tree, "<Control-p>")
    assert results.plan_tab.plan_shown
    kept, chance, _ = results.plan_tab.plan_words()  # the words the list's filters keep
    expected = plan(kept, results.board, app.state.settings.plan_seconds, app.state.settings.plan_timing(),
                    chance=chance)
    view = results.plan_tab.plan_view
    assert view.plan.words == expected.words and view.plan.words
    assert view.tree.item("0", "values")[1] == expected.words[0]
    assert app.root.focus_get() is view.tree
    key(view.tree, "<Control-p>")
    assert not results.plan_tab.plan_shown and app.root.focus_get() is results.tree


def test_a_new_solve_plans_again_when_the_plan_tab_is_showing(app):
    results = solved(app).results
    results.plan_tab.show_plan()
    settle(app.root)
    first = results.plan_tab.plan_view.plan
    app.letters.type_text("A B C D\nE F G H\nI L M N\nO P R S\n")
    app.show_bonuses()
    app.solve()
    settle(app.root)
    assert results.plan_tab.plan_view.plan is not first
    assert results.plan_tab.plan_view.board is results.board


def test_play_plan_animates_the_first_planned_word_on_the_board(app):
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    view.clock = FakeClock()
    key(view.tree, "<Return>")
    assert view.playing
    first = view.plan.steps[0].solution
    wait_until(app.root, lambda: lit_path(results) == indices(results, first))
    assert results.word_label.cget("text").startswith(first.word)
    view.clock.now += view.plan.steps[3].start + 0.01
    settle(app.root, 150)
    assert lit_path(results) == indices(results, first)  # the plan waits for the player, not the clock
    press(view.tree, "space")  # swiped: the next word
    second = view.plan.steps[1].solution
    wait_until(app.root, lambda: lit_path(results) == indices(results, second))
    assert view.is_played(0) and not view.is_played(1)


def test_selecting_a_planned_word_shows_its_path(app):
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    third = view.plan.steps[2].solution
    view.tree.selection_set("2")
    wait_until(app.root, lambda: lit_path(results) == indices(results, third))


def test_leaving_the_screen_or_the_tab_stops_playing(app):
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    view.play()
    assert view.playing
    results.notebook.select(results.words)
    settle(app.root)
    assert not view.playing
    results.plan_tab.show_plan()
    view.play()
    app.new_game()
    assert not view.playing and not results.animating
    solved(app).results.plan_tab.show_plan()
    view.play()
    results.on_edit()
    assert not view.playing


def test_ticked_words_are_left_out_when_replanning(app):
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    first, second = view.plan.words[:2]
    view.tree.selection_set("0")
    view.tree.focus("0")
    key(view.tree, "<space>")
    view.set_played(1, True)
    view.left_var.set("60")
    key(view.tree, "<Control-r>")
    assert first not in view.plan.words and second not in view.plan.words
    assert view.plan.seconds == 60
    assert view.plan.words


def test_the_heat_map_is_drawn_on_the_board_and_cleared(app):
    results = solved(app).results
    results.plan_tab.show_plan()
    view, board = results.plan_tab.plan_view, results.board_view
    assert board.find_withtag("heat") == ()
    key(view.tree, "<Alt-h>")
    settle(app.root)
    assert view.heat_var.get()
    assert board.heat == view.heat() and max(board.heat) > 0
    hottest = board.heat.index(max(board.heat))
    assert len(board.find_withtag("heat")) == sum(1 for value in board.heat if value > 0)
    assert board.heat_colour(hottest) == "#ff1f6b"
    # Ticking a word cools the tiles of its path.
    before = list(board.heat)
    view.set_played(0, True)
    settle(app.root)
    assert sum(board.heat) == sum(before) - view.plan.steps[0].solution.score * len(view.plan.steps[0].solution.path)
    results.notebook.select(results.words)
    settle(app.root)
    assert board.heat == [] and board.find_withtag("heat") == ()
    results.plan_tab.show_plan()
    settle(app.root)
    assert board.find_withtag("heat")
    view.heat_box.invoke()
    settle(app.root)
    assert board.find_withtag("heat") == ()


def test_timing_typed_in_the_plan_tab_replans_and_is_saved(app, config_home):
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    for name, value in (("seconds", "30"), ("per_word", "1.5"), ("per_letter", "0.2"), ("per_cell", "0.1")):
        view.timing_vars[name].set(value)
    view.apply_button.invoke()
    assert view.plan.seconds == 30 and view.timing == Timing(1.5, 0.2, 0.1)
    kept, chance, _ = results.plan_tab.plan_words()
    assert view.plan.words == plan(kept, results.board, 30, Timing(1.5, 0.2, 0.1), chance=chance).words
    saved = config_home / "ruzzle_gui" / "settings.json"
    wait_until(app.root, lambda: saved.exists() and json.loads(saved.read_text())["plan_seconds"] == 30)
    assert load_settings(saved).plan_timing() == Timing(1.5, 0.2, 0.1)


@pytest.mark.parametrize(("name", "text", "message"), [("seconds", "0", "The time must be more than 0"),
                                                       ("per_letter", "abc", "Every time must be a number"),
                                                       ("per_word", "11", "The time per word must be between")])
def test_bad_timing_is_refused_with_a_message(app, name, text, message):
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    before = (view.seconds, view.timing, view.plan)
    view.timing_vars[name].set(text)
    view.apply_button.invoke()
    assert view.error_label.cget("text").startswith(message)
    assert (view.seconds, view.timing, view.plan) == before


@pytest.mark.parametrize("stored", [{"plan_seconds": -5, "timing": {"per_word": "x", "per_letter": 1, "per_cell": 1}},
                                    {"plan_seconds": True, "timing": {"per_word": 0.8}},
                                    {"plan_seconds": 1e9, "timing": {"per_word": 0, "per_letter": 0, "per_cell": 0}},
                                    {"plan_seconds": "60", "timing": [0.8, 0.12, 0.05]}])
def test_damaged_plan_settings_fall_back_to_the_defaults(tmp_path: Path, stored):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    settings = load_settings(path)
    assert settings.plan_seconds == 120 and settings.timing == DEFAULT_TIMING


def test_fit_finds_the_line_through_the_traced_words():
    assert fit([(3, 1.4), (5, 1.8), (8, 2.4)]) == pytest.approx((0.8, 0.2))
    assert fit([(3, 0.3), (6, 0.6), (9, 0.9)]) == pytest.approx((0.0, 0.1))
    # A negative time per word is no pace at all: the line goes through 0 instead.
    assert fit([(2, 0.1), (4, 1.1)]) == pytest.approx((0.0, (0.2 + 4.4) / 20))
    with pytest.raises(PlanError, match="two different lengths"):
        fit([(4, 1.0), (4, 1.2)])


def drag(view, path: list[int]) -> None:
    """Press on the first tile of ``path``, drag through the rest and release on the last, as a player would."""
    points = [view.centre(index) for index in path]
    view.event_generate("<ButtonPress-1>", x=points[0][0], y=points[0][1])
    for x, y in points[1:]:
        view.event_generate("<B1-Motion>", x=x, y=y, state=0x100)
    view.event_generate("<ButtonRelease-1>", x=points[-1][0], y=points[-1][1])
    view.update()


def test_calibration_fits_the_timing_from_traced_words_and_keeps_it(app, config_home):
    from ruzzle_gui.app.plan import calibrate

    clock = FakeClock()
    results = solved(app).results
    results.plan_tab.show_plan()
    results.plan_tab.plan_view.calibrate_button.invoke()
    dialog = results.plan_tab.calibrate_dialog
    dialog.clock = clock
    dialog.restart()  # asks for the first word again, timed by the test's clock
    settle(dialog)
    words = dialog.words
    assert len(words) == calibrate.WORDS and len({len(w.path) for w in words}) == calibrate.WORDS
    assert dialog.keep_button.instate(["disabled"])
    for word in words:
        assert word.word.upper() in dialog.prompt.cget("text")
        clock.now += 0.6 + 0.15 * len(word.path)  # a player of 0.6 s per word and 0.15 s per letter
        drag(dialog.board_view, indices(results, word))
        assert dialog.samples[-1][0] == len(word.path)
    assert "0.60 s per word and 0.15 s per letter" in dialog.result.cget("text")
    key(dialog.keep_button, "<Return>")
    assert not dialog.winfo_exists()
    view = results.plan_tab.plan_view
    assert view.timing.per_word == pytest.approx(0.6) and view.timing.per_letter == pytest.approx(0.15)
    assert view.timing.per_cell == 0.05  # not measured: kept
    assert app.state.settings.timing["per_letter"] == pytest.approx(0.15)
    assert view.plan.timing == view.timing


def test_a_click_is_not_a_traced_word(app):
    results = solved(app).results
    results.plan_tab.ask_calibrate()
    dialog = results.plan_tab.calibrate_dialog
    settle(dialog)
    x, y = dialog.board_view.centre(0)
    dialog.board_view.event_generate("<ButtonPress-1>", x=x, y=y)
    dialog.board_view.event_generate("<ButtonRelease-1>", x=x, y=y)
    assert dialog.samples == []
    key(dialog.board_view, "<Return>")  # nothing fitted yet: Enter keeps nothing
    assert dialog.winfo_exists()
    key(dialog.board_view, "<Escape>")
    assert not dialog.winfo_exists()


def test_pick_words_spreads_lengths_best_first():
    from ruzzle_gui.graph import Solution

    words = [Solution("ab" * n, n * 10 + bonus, tuple((0, k) for k in range(n))) for n in range(2, 12)
             for bonus in (0, 1)]
    picked = pick_words(words)
    assert [len(s.path) for s in picked] == [3, 4, 5, 7, 8]  # 3 to 8 letters, one length left out
    assert all(s.score % 10 == 1 for s in picked)


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
@pytest.mark.parametrize("mode", theme.MODES)
def test_no_text_is_cut_off_on_the_plan_tab(dpi, mode, window: tk.Toplevel, config_home):
    app = open_app(window, config_home, mode)
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    view.heat_box.invoke()
    view.set_played(0, True)
    settle(window)
    assert clipped(view) == []
    tree = view.tree
    assert all(tree.column(c, "width") >= theme.heading_width(tree, tree.heading(c, "text"))
               for c in ("done", "word", "score", "start", "total"))
    photograph(window, f"{dpi}dpi-{mode}-4-plan")


def test_the_time_boxes_write_the_languages_decimal_symbol_and_keep_the_value(app, config_home):
    from ruzzle_gui.app.text import i18n

    try:
        app.set_interface_language("it")
        results = solved(app).results
        results.plan_tab.show_plan()
        view = results.plan_tab.plan_view
        boxes = dict(zip(("seconds", "per_word", "per_letter", "per_cell"), view.timing_boxes))
        assert {name: var.get() for name, var in view.timing_vars.items()} == {
            "seconds": "120", "per_word": "2", "per_letter": "0,2", "per_cell": "0,05"}
        boxes["per_letter"].event_generate("<<Increment>>")  # the box's up arrow
        settle(app.root)
        assert view.timing_vars["per_letter"].get() == "0,21" and view.timing.per_letter == 0.21
        boxes["per_cell"].event_generate("<<Decrement>>")
        settle(app.root)
        assert view.timing_vars["per_cell"].get() == "0,04" and view.timing.per_cell == 0.04
        saved = config_home / "ruzzle_gui" / "settings.json"
        wait_until(app.root, lambda: saved.exists() and load_settings(saved).plan_timing().per_letter == 0.21)
        view.timing_vars["per_word"].set("1,75")
        view.apply_button.invoke()
        assert view.timing.per_word == 1.75 and view.timing_vars["per_word"].get() == "1,75"
        app.set_interface_language("en")
        settle(app.root)
        assert view.timing_vars["per_word"].get() == "1.75"
    finally:
        i18n.set_language("en")
