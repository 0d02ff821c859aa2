"""Results window: the list, sorting, filters, summary, path animation, tile filter and export."""
from __future__ import annotations

import csv
import tkinter as tk

import pytest

from ruzzle_gui import Board, Graph, Solution, load_language, sort_solutions
from ruzzle_gui.app.app import App
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import format_number, ngettext
from ruzzle_gui.app.words.results import path_text
from ruzzle_gui.app.words.results_list import summary

from gui_helpers import BOARD, click, press, settle, wait_until


@pytest.fixture
def expected() -> list:
    """Return the engine's own solutions for BOARD, best score first."""
    return Graph(Board.parse(BOARD), load_language("it")).solve()


@pytest.fixture
def solved(app) -> App:
    """Return the app on the results window for BOARD, typed and solved through the windows."""
    app.root.clipboard_clear()
    app.root.clipboard_append(BOARD)
    app.letters.board_view.event_generate("<<Paste>>")
    press(app.letters.board_view, "Return", "Return")
    assert app.screen is app.results
    app.results.words.doubtful_box.invoke()  # every word, the doubtful ones too: these tests compare with solve()
    settle(app.root)
    return app


def rows(app) -> list[tuple]:
    """Return the list's rows as shown: (word, score, length, per letter)."""
    tree = app.results.tree
    return [tuple(tree.set(iid, column) for column in ("word", "score", "length", "per_letter"))
            for iid in tree.get_children("")]


def sort_heading(app, column: str) -> None:
    """Click the list heading of ``column`` (by running its command, as a click does)."""
    app.root.tk.call(app.results.tree.heading(column, "command"))
    settle(app.root)


def test_list_holds_every_word_best_score_first(solved, expected):
    shown = rows(solved)
    assert len(shown) == len(expected) > 100
    assert [word for word, *_ in shown] == [s.word for s in expected]
    scores = [int(score) for _, score, _, _ in shown]
    assert scores == sorted(scores, reverse=True)
    assert solved.root.title().endswith(f"{len(expected)} words (Italian)")


def test_headings_sort_and_a_second_click_reverses(solved):
    sort_heading(solved, "length")
    lengths = [int(length) for _, _, length, _ in rows(solved)]
    assert lengths == sorted(lengths, reverse=True)
    assert solved.results.tree.heading("length", "text").endswith("▼")
    sort_heading(solved, "length")
    assert [int(length) for _, _, length, _ in rows(solved)] == sorted(lengths)
    sort_heading(solved, "word")
    words = [word for word, *_ in rows(solved)]
    assert words == sorted(words)
    sort_heading(solved, "per_letter")
    ratios = [float(ratio) for *_, ratio in rows(solved)]
    assert ratios == sorted(ratios, reverse=True)


def test_filters_narrow_the_list_and_the_summary_agrees(solved, expected):
    results = solved.results
    results.find_entry.focus_force()
    for key in ("r", "a"):
        press(results.find_entry, key)
    shown = rows(solved)
    assert shown and all("RA" in word for word, *_ in shown)
    assert len(shown) == len([s for s in expected if "RA" in s.word])
    points = sum(int(score) for _, score, _, _ in shown)
    assert results.summary_label.cget("text").startswith(f"{len(shown)} of {len(expected)} words")
    assert f"{points:,} points" in results.summary_label.cget("text")
    results.mode_box.set("starts with")
    results.mode_box.event_generate("<<ComboboxSelected>>")
    settle(results)
    assert rows(solved) and all(word.startswith("RA") for word, *_ in rows(solved))
    results.find_var.set("")
    results.min_var.set("6")
    settle(results)
    longest = max(expected, key=lambda s: (len(s.word), s.score))
    shown = rows(solved)
    assert len(shown) == len([s for s in expected if len(s.word) >= 6])
    assert results.summary_label.cget("text").endswith(f"longest {longest.word} ({len(longest.word)})")
    results.find_var.set("QQQ")
    settle(results)
    assert rows(solved) == [] and results.summary_label.cget("text") == \
        f"None of the {len(expected):,} words match the filters"


def test_filtering_a_sorted_list_keeps_its_order_and_a_new_solve_resets_it(solved, expected):
    sort_heading(solved, "length")
    sort_heading(solved, "length")
    solved.results.find_var.set("e")
    settle(solved.root)
    wanted = sort_solutions([s for s in expected if "E" in s.word], "length", reverse=True)
    assert [word for word, *_ in rows(solved)] == [s.word for s in wanted]
    assert solved.results.shown == wanted
    solved.results.show_solutions(solved.results.board, load_language("it"), expected[:50])
    assert [word for word, *_ in rows(solved)] == [s.word for s in expected[:50]]


def test_double_click_animates_the_path_tile_by_tile(solved):
    results, view = solved.results, solved.results.board_view
    tree = results.tree
    target = next(iid for iid in tree.get_children("") if len(results.solution_of(iid).word) >= 4)
    tree.selection_set(target)
    tree.see(target)
    wait_until(tree, lambda: results.current == results.solution_of(target) and not results.animating)
    # The word's path is fully drawn; a double-click must start it again from the first tile.
    x, y, width, height = tree.bbox(target, "word")
    # A pace slow enough that a loaded machine still sees the first tile alone after the clicks.
    results.settings.delay_ms = 400
    for _ in range(2):
        click(tree, x + width // 2, y + height // 2)
    solution = results.solution_of(target)
    assert results.current == solution
    assert len(view.lit) == 1
    cells = [r * 4 + c for r, c in solution.path]
    colours = {theme.PATH_START, theme.PATH_MIDDLE, theme.PATH_END}
    for step in range(1, len(cells) + 1):
        wait_until(tree, lambda: len(view.lit) >= step)
        assert len(view.lit) == step
        expected = [theme.PATH_START] + [theme.PATH_MIDDLE] * (step - 1)
        if step == len(cells):
            expected[-1] = theme.PATH_END
        assert [view.tile_fill(i) for i in cells[:step]] == expected
        assert all(view.tile_fill(i) not in colours for i in cells[step:])
        assert len(view.find_withtag("path")) == step - 1
    wait_until(tree, lambda: not results.animating)


def test_starting_a_new_animation_cancels_the_one_running(solved):
    results, view = solved.results, solved.results.board_view
    first, second = results.shown[0], results.shown[1]
    results.animate(first)
    settle(results, 70)
    results.animate(second)
    results.replay_button.invoke()
    results.replay_button.invoke()
    wait_until(results, lambda: not results.animating)
    settle(results, 200)
    cells = {r * 4 + c for r, c in second.path}
    assert set(view.lit) == cells
    assert len(view.find_withtag("path")) == len(second.path) - 1
    pending = solved.root.tk.splitlist(solved.root.tk.call("after", "info"))
    assert not any("_advance" in str(solved.root.tk.call("after", "info", job)) for job in pending)


def test_return_replays_the_selected_word(solved):
    results = solved.results
    results.tree.focus_force()
    wait_until(results, lambda: not results.animating)
    press(results.tree, "Return")
    assert results.animating and len(results.board_view.lit) == 1


def test_up_down_and_space_move_to_the_next_word_and_animate_it(solved):
    results = solved.results
    tree = results.tree
    tree.focus_force()
    settle(tree)
    assert results.current == results.shown[0]
    press(tree, "Down")
    assert results.current == results.shown[1]
    press(tree, "space")
    assert results.current == results.shown[2]
    assert results.animating
    press(tree, "Up")
    assert results.current == results.shown[1]


def test_clicking_a_tile_filters_to_words_starting_there(solved, expected):
    results, view = solved.results, solved.results.board_view
    x, y = view.centre(0)
    click(view, x, y)
    starting = [s for s in expected if s.path[0] == (0, 0)]
    assert 0 < len(rows(solved)) == len(starting) < len(expected)
    assert all(results.solution_of(iid).path[0] == (0, 0) for iid in results.tree.get_children(""))
    assert results.summary_label.cget("text").startswith(f"{len(starting)} of")
    assert view.find_withtag("marked")
    x, y = view.centre(0)
    click(view, x, y)
    assert len(rows(solved)) == len(expected)
    assert not view.find_withtag("marked")


def test_copy_and_export_hold_the_words_shown(solved, tmp_path):
    results = solved.results
    results.min_var.set("7")
    settle(results)
    results.copy_button.invoke()
    lines = solved.root.clipboard_get().splitlines()
    assert len(lines) == len(results.shown) > 0
    assert lines[0] == f"{results.shown[0].word}\t{results.shown[0].score}\t{len(results.shown[0].word)}"
    out = tmp_path / "words.csv"
    assert results.export_csv(out) == len(results.shown)
    with out.open(encoding="utf-8") as handle:
        table = list(csv.reader(handle))
    assert table[0] == ["word", "score", "length", "path"]
    first = results.shown[0]
    assert table[1] == [first.word, str(first.score), str(len(first.word)), path_text(first.path)]


def test_export_through_the_save_dialog_writes_the_words_shown(solved, tmp_path):
    results = solved.results
    out = tmp_path / "chosen.csv"
    dialogs = []

    def answer_the_dialog():
        # Tk's own file dialog on X11: a toplevel under the results frame, with a name entry and a Save button.
        dialog = f"{results}.__tk_filedialog"
        if results.tk.eval(f"winfo exists {dialog}") != "1" or results.tk.eval(f"winfo ismapped {dialog}") != "1":
            results.after(50, answer_the_dialog)
            return
        dialogs.append(dialog)
        try:
            results.tk.eval(f"{dialog}.contents.f2.ent delete 0 end")
            results.tk.eval(f"{dialog}.contents.f2.ent insert 0 {{{out}}}")
            results.tk.eval(f"{dialog}.contents.f2.ok invoke")
        except tk.TclError:
            results.tk.eval(f"destroy {dialog}")  # a dialog laid out otherwise: close it, so the test fails, not hangs
            raise

    results.after(50, answer_the_dialog)
    results.export_button.invoke()  # returns once the dialog is answered
    settle(results)
    assert dialogs, "no save dialog appeared"
    with out.open(encoding="utf-8") as handle:
        assert len(list(csv.reader(handle))) == len(results.shown) + 1
    assert results.hint.cget("text") == f"Exported {words(len(results.shown))} to {out}"


def test_export_that_cannot_write_says_why_and_cancel_does_nothing(solved, tmp_path, monkeypatch):
    from tkinter import filedialog

    results = solved.results
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **options: str(tmp_path))  # a folder
    results.export_button.invoke()
    assert results.hint.cget("text") == f"Could not export to {tmp_path}: Is a directory"
    results.hint.show_tip()
    monkeypatch.setattr(filedialog, "asksaveasfilename", lambda **options: "")  # cancelled
    results.export_button.invoke()
    assert results.hint.cget("text") == results.hint.tip
    assert list(tmp_path.iterdir()) == []


def test_counts_are_singular_for_one():
    one = Solution("CASA", 1, ((0, 0), (0, 1), (0, 2), (0, 3)))
    other = Solution("CASE", 9, ((0, 0), (0, 1), (0, 2), (1, 3)))
    assert summary([one], 1) == "1 word  ·  1 point  ·  longest CASA (4)"
    assert summary([one], 2) == "1 of 2 words  ·  1 point  ·  longest CASA (4)"
    assert summary([one, other], 2).startswith("2 words  ·  10 points")
    assert summary([], 1) == "The only word does not match the filters"
    assert summary([], 2345) == "None of the 2,345 words match the filters"
    assert [words(n) for n in (0, 1, 2, 12345)] == ["0 words", "1 word", "2 words", "12,345 words"]


def test_copying_one_word_says_word(solved):
    results = solved.results
    longest = max(results.solutions, key=lambda s: len(s.word)).word
    results.mode_box.set("starts with")
    results.find_var.set(longest)
    results.min_var.set(str(len(longest)))
    settle(solved.root)
    results.copy_button.invoke()
    assert [s.word for s in results.shown] == [longest]
    assert results.hint.cget("text") == "Copied 1 word to the clipboard"


def test_the_min_length_box_goes_up_to_the_longest_word(solved, expected):
    results = solved.results
    longest = max(len(s.word) for s in expected)
    assert int(results.min_box.cget("from")) == 2 and int(results.min_box.cget("to")) == longest
    results.min_box.focus_force()
    for _ in range(longest + 3):
        results.min_box.event_generate("<<Increment>>")
    settle(solved.root)
    assert results.min_var.get() == str(longest)
    assert results.shown and all(len(s.word) == longest for s in results.shown)
    # Scored last, so it is never selected and animated on this 4x4 board.
    eighteen = Solution("INTERLINEATEGLIELA", 0, tuple((0, c) for c in range(18)))
    results.show_solutions(results.board, load_language("it"), [*expected, eighteen])
    settle(solved.root)
    assert int(results.min_box.cget("to")) == 18 and results.current != eighteen


def test_a_word_list_closed_before_tk_is_idle_leaves_no_call_queued(root):
    # tkinter deletes a widget's Tcl commands with it, but not the calls queued to them:
    # one left behind fails as an unknown command, or runs a later function that was
    # given the same address and name (a key binding's lambda, called without its event).
    from ruzzle_gui.app.words.results_list import WordList

    root.tk.eval("set ::ruzzle_bg {}; proc bgerror {message} { lappend ::ruzzle_bg $message }")
    try:
        window = tk.Toplevel(root)
        WordList(window, on_select=lambda _solution: None).pack()
        window.destroy()
        root.update()
        assert root.tk.eval("set ::ruzzle_bg") == ""
    finally:
        root.tk.eval("rename bgerror {}")


def words(count: int) -> str:
    """Return '1 word', '2 words', '12,345 words' as the app says it in English."""
    return ngettext("{count} word", "{count} words", count).format(count=format_number(count))
