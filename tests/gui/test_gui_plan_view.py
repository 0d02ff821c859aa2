"""The Plan view: the planned words in order, Play plan with a countdown, ticks and Re-plan."""
from __future__ import annotations

import tkinter as tk

import pytest

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.plan.plan_view import PlanView, clock_text, plan_summary
from ruzzle_gui.plan import Plan, Timing, plan, tile_heat

from gui_helpers import press, settle, wait_until


class FakeClock:
    """A clock the test moves by hand, so Play plan runs at the test's pace."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def italian():
    """Return the Italian demo board and its words."""
    language = load_language("it")
    board = Board.parse(language.demo_board, language)
    return board, Graph(board, language).solve()


@pytest.fixture
def view(window: tk.Toplevel, italian):
    """Return a Plan view showing a 20-second plan of the Italian demo board, and the words it showed."""
    theme.apply_theme(window)
    shown = []
    clock = FakeClock()
    view = PlanView(window, shown.append, seconds=20, clock=clock)
    view.pack(fill="both", expand=True)
    view.show(italian[1], italian[0])
    settle(window)
    view.shown, view.fake_clock = shown, clock
    return view


def rows(view: PlanView) -> list[tuple]:
    """Return the list's rows as (number, tick, word)."""
    return [(view.tree.item(iid, "text"), *view.tree.item(iid, "values")[:2]) for iid in view.tree.get_children()]


def test_the_list_shows_the_plan_in_order_with_times_and_running_points(view, italian):
    expected = plan(italian[1], italian[0], 20)
    assert [word for _, _, word in rows(view)] == expected.words
    assert rows(view)[0][0] == "1."
    first = view.tree.item("0", "values")
    assert first[3] == "0.0s" and int(first[4]) == expected.steps[0].points
    assert view.summary_label.cget("text") == plan_summary(expected)
    assert f"{expected.points:,} points" in view.summary_label.cget("text")
    assert view.countdown.cget("text") == "0:20"


def test_the_time_bar_has_one_block_per_word(view):
    blocks = view.bar.find_all()
    assert len(blocks) == len(view.plan.steps)
    x0, _, x1, _ = view.bar.coords(blocks[0])
    width = view.bar.winfo_width() - 2
    assert x1 - x0 == pytest.approx(view.plan.steps[0].end / 20 * width, abs=1)


def test_play_shows_each_word_until_the_player_ticks_it_and_counts_down(view, window):
    steps = view.plan.steps
    view.tree.focus_force()
    settle(window)
    view.play()
    assert view.shown == [steps[0].solution] and view.playing
    view.fake_clock.now += steps[2].start + 0.01
    settle(window, 150)
    assert view.shown == [steps[0].solution] and not view.is_played(0)  # waits for the player
    assert view.countdown.cget("text") == clock_text(20 - steps[2].start - 0.01)
    press(view.tree, "space")
    assert view.shown[1] == steps[1].solution
    assert view.is_played(0) and not view.is_played(1)
    assert rows(view)[0][1] == "✓" and "current" in view.tree.item("1", "tags")
    view.set_played(3, True)  # ticked ahead by a click: skipped when its turn comes
    for number in range(1, len(steps)):
        if number != 3:
            press(view.tree, "space")
    assert view.shown == [steps[n].solution for n in range(len(steps)) if n != 3]
    assert all(view.is_played(n) for n in range(len(steps))) and not view.playing
    assert view.error_label.cget("text").startswith("Every planned word is ticked")


def test_play_stops_when_the_time_is_up(view, window):
    view.play()
    view.fake_clock.now += 20.5
    wait_until(window, lambda: not view.playing)
    assert view.countdown.cget("text") == "0:00" and view.error_label.cget("text") == "Time is up"


def test_playing_again_cancels_the_run_in_progress(view, window):
    view.play()
    first_id = view._after_id
    view.play()
    pending = window.tk.splitlist(window.tk.call("after", "info"))
    assert first_id not in pending and view._after_id in pending
    assert view.shown == [view.plan.steps[0].solution] * 2  # restarted from the first word, once each
    view.stop()
    assert not view.playing and view._after_id not in window.tk.splitlist(window.tk.call("after", "info"))


def test_space_ticks_a_word_and_replan_leaves_it_out_with_the_time_left(view, window):
    view.tree.focus_force()
    view.tree.selection_set("2")
    view.tree.focus("2")
    settle(window)
    ticked = view.plan.steps[2].solution
    press(view.tree, "space")
    assert view.is_played(2) and rows(view)[2][1] == "✓"
    view.left_var.set("12")
    result = view.replan()
    assert result.seconds == 12 and result.used <= 12
    assert ticked.word not in result.words and result.words == [w for _, _, w in rows(view)]
    # The finger starts from the end of the ticked word.
    start = result.steps[0]
    assert start.start == pytest.approx(Timing().travel(ticked.path[-1], start.solution.path[0]))
    press(view.tree, "space")  # nothing selected after a re-plan: no error


def test_clicking_the_tick_column_toggles_a_word(view, window):
    x, y, width, height = view.tree.bbox("1", "done")
    view.tree.event_generate("<Button-1>", x=x + width // 2, y=y + height // 2)
    settle(window)
    assert view.is_played(1)
    view.tree.event_generate("<Button-1>", x=x + width // 2, y=y + height // 2)
    settle(window)
    assert not view.is_played(1)


@pytest.mark.parametrize("text", ["abc", "0", "-3", "nan", "1e9", ""])
def test_a_bad_time_left_is_refused_with_a_message_and_the_plan_kept(view, text):
    before = view.plan
    view.left_var.set(text)
    assert view.replan() is None
    assert view.plan is before
    assert view.error_label.cget("text").startswith("The time must")


def test_enter_in_the_time_box_replans_and_escape_stops(view, window):
    view.left_var.set("8")
    view.left_box.focus_force()
    settle(window)
    press(view.left_box, "Return")
    assert view.plan.seconds == 8 and view.countdown.cget("text") == "0:08"
    view.tree.focus_force()
    settle(window)
    press(view.tree, "Return")
    assert view.playing
    press(view.tree, "Escape")
    assert not view.playing


def test_a_board_without_words_says_so_and_cannot_play(window):
    view = PlanView(window, lambda _solution: pytest.fail("nothing to show"))
    view.pack()
    result = view.show([], Board.from_letters("ABCD", rows=2))
    settle(window)
    assert result == Plan((), 120, Timing(), "no words on this board")
    assert view.summary_label.cget("text") == "no words on this board"
    assert view.play_button.instate(["disabled"])
    view.play()
    assert not view.playing


def test_heat_counts_the_points_of_unplayed_planned_words_per_tile(view, italian):
    board = italian[0]
    assert view.heat() == tile_heat(view.plan.steps, board.rows, board.cols)
    view.set_played(0, True)
    assert view.heat() == tile_heat(view.plan.steps[1:], board.rows, board.cols)


def test_destroying_the_view_while_playing_leaves_nothing_scheduled(view, window):
    view.play()
    pending = view._after_id
    view.destroy()
    settle(window)
    assert pending not in window.tk.splitlist(window.tk.call("after", "info"))


def test_a_board_too_large_to_plan_says_so_in_place_of_the_plan(view, italian):
    big = Board.from_letters("A" * 51 * 51, rows=51)
    words = italian[1][:3]  # any words: the size is refused before they are looked at
    view.show(words, big)
    settle(view)
    assert rows(view) == []
    assert "50x50" in view.summary_label.cget("text") or "2,500" in view.summary_label.cget("text")
    assert view.play_button.instate(["disabled"])
    view.left_var.set("30")
    view.replan()  # re-planning the same board says the same, and raises nothing
    assert rows(view) == [] and view.summary_label.cget("text")
