"""A live round loses nothing: unsure tiles stay marked, Esc stops Play plan, ticks survive, Undo and Redo."""
from __future__ import annotations

import tkinter as tk
from pathlib import Path
from types import SimpleNamespace

from ruzzle_gui.app import drop
from ruzzle_gui.board import Board
from ruzzle_gui.language import load_language

from gui_helpers import BOARD, press, settle, wait_until

OTHER = "P A N E\nR O S A\nT I L E\nC U O R\n"
REASONS = {(0, 1): "ring and badge disagree: TL or plain?", (2, 3): "letter N or H?"}


def key(widget: tk.Misc, sequence: str) -> None:
    """Send a key with modifiers, such as <Control-z>, to ``widget`` holding the focus."""
    widget.focus_force()
    widget.update()
    widget.event_generate(sequence)
    widget.update()


def marks(view) -> list[int]:
    """Return the tiles ``view`` draws with the unsure mark."""
    view.draw()
    return [index for index in range(view.rows * view.cols) if view.find_withtag(f"doubt{index}")]


def read(app, board_text: str = BOARD, uncertain=((0, 1), (1, 3), (2, 3)), reasons=REASONS) -> None:
    """Hand the app a screenshot reading of ``board_text`` with ``uncertain`` tiles, as the reader does."""
    board = Board.parse(board_text, load_language("it"))
    app.show_reading(SimpleNamespace(board=board, uncertain=tuple(uncertain), reasons=reasons), "shot.png")
    settle(app.root)


def solve_from_letters(app) -> None:
    """Go forward from the letters with Enter twice: to the bonuses, then to the words."""
    press(app.letters.board_view, "Return")
    press(app.bonuses.board_view, "Return")
    settle(app.root)


def solved(app):
    """Type the board, solve it with Enter twice, and return the results screen."""
    app.letters.type_text(BOARD)
    solve_from_letters(app)
    assert app.screen is app.results
    return app.results


# ---------------------------------------------------------------- unsure tiles

def test_unsure_marks_stay_on_every_screen_until_each_tile_is_settled(app):
    read(app)
    assert marks(app.letters.board_view) == [1, 7, 11]
    assert app.letters.next_button.cget("text").startswith("Solve anyway: 3 tiles unsure")
    press(app.letters.board_view, "Return")  # solve anyway
    settle(app.root)
    assert app.screen is app.results and marks(app.results.board_view) == [1, 7, 11]
    assert app.results.hint.cget("text").startswith("Solved with 3 tiles unsure")
    key(app.results.tree, "<Escape>")
    assert app.screen is app.bonuses and marks(app.bonuses.board_view) == [1, 7, 11]
    assert app.bonuses.solve_button.cget("text").startswith("Solve anyway: 3 tiles unsure")
    app.bonuses.cursor = 0
    press(app.bonuses.board_view, "question")
    assert app.bonuses.cursor == 1 and "ring and badge disagree: TL or plain?" in app.bonuses.hint.cget("text")
    press(app.bonuses.board_view, "2")  # a TL, settled
    assert app.state.bonuses[1] == "TL" and marks(app.bonuses.board_view) == [7, 11]
    assert app.bonuses.solve_button.cget("text").startswith("Solve anyway: 2 tiles unsure")
    key(app.bonuses.board_view, "<Escape>")
    assert app.screen is app.letters and marks(app.letters.board_view) == [7, 11]
    press(app.letters.board_view, "question")
    assert app.letters.cursor == 7 and "the reader was not sure" in app.letters.hint.cget("text")
    press(app.letters.board_view, "question")
    assert app.letters.cursor == 11 and "letter N or H?" in app.letters.hint.cget("text")
    press(app.letters.board_view, "h")  # retyped: settled
    assert marks(app.letters.board_view) == [7]
    app.letters.cursor = 7
    press(app.letters.board_view, "i")
    assert marks(app.letters.board_view) == [] and app.letters.next_button.cget("text").startswith("Accept and solve")
    press(app.letters.board_view, "question")
    assert app.letters.hint.cget("text") == "No tile is unsure"


def test_a_board_pasted_with_guessed_bonuses_marks_them_unsure(app):
    app.letters.type_text("Ctl? A S Edl\nR O? M I\nT E N A\nL U P Otw\n")
    assert marks(app.letters.board_view) == [0, 5]
    assert app.state.unsure[0].endswith("it is a guess") and app.state.unsure[5].endswith("it is not known")
    assert app.letters.next_button.cget("text").startswith("Solve anyway: 2 tiles unsure")
    app.show_bonuses()
    app.bonuses.board_view.focus_force()
    settle(app.root)
    app.bonuses.cursor = 0
    press(app.bonuses.board_view, "2")  # TL, as guessed: settled
    assert marks(app.bonuses.board_view) == [5]


def test_the_reason_shows_on_hover_on_the_results_board(app):
    read(app)
    press(app.letters.board_view, "Return")
    settle(app.root)
    view = app.results.board_view
    view.update_idletasks()
    x, y = view.centre(1)
    view.event_generate("<Motion>", x=x, y=y)
    hover = view.bind("<Motion>")
    assert hover
    tips = []

    def tip_shown() -> bool:
        """the unsure tile's tip"""
        tips[:] = [w for w in view.winfo_children() if isinstance(w, tk.Toplevel)]
        return bool(tips)

    wait_until(app.root, tip_shown)
    label = tips[0].winfo_children()[0]
    assert label.cget("text") == "Unsure: ring and badge disagree: TL or plain?"
    view.event_generate("<Leave>")
    settle(app.root)
    assert not tip_shown()


def test_a_board_without_unsure_tiles_says_plain_labels(app):
    read(app, uncertain=())
    assert marks(app.letters.board_view) == []
    assert app.letters.next_button.cget("text").startswith("Accept and solve")
    app.show_bonuses()
    assert app.bonuses.solve_button.cget("text").startswith("Solve  ")


# ---------------------------------------------------------------- the pace

def test_the_first_plan_offers_calibrate_once_and_every_plan_says_its_pace(app):
    results = solved(app)
    assert not app.state.settings.pace_offered
    key(results.tree, "<Control-p>")
    assert results.hint.cget("text").startswith("This plan assumes a typical player's pace (2 s a word")
    assert app.state.settings.pace_offered
    view = results.plan_tab.plan_view
    per_word = view.plan.used / len(view.plan.steps)
    assert view.pace_line.label.cget("text") == f"planned at {per_word:.1f} s a word;"
    key(view.tree, "<Alt-c>")
    dialog = results.plan_tab.calibrate_dialog
    assert dialog.winfo_exists()
    dialog.destroy()
    key(results.plan_tab.plan_view.tree, "<Control-n>")
    solved(app)
    results.hint.show_tip()
    key(results.tree, "<Control-p>")
    assert not results.hint.cget("text").startswith("This plan assumes")  # offered once only


# ---------------------------------------------------------------- Esc during Play plan

def plan_widgets(results) -> list[tk.Misc]:
    """Return every widget of the Plan tab that takes the focus, and the notebook."""
    plan = results.plan_tab.plan_view
    return [plan.tree, plan.left_box, plan.play_button, plan.stop_button, plan.replan_button, plan.heat_box,
            *plan.timing_boxes, plan.apply_button, plan.calibrate_button, plan.pace_line.calibrate_button,
            results.notebook]


def test_esc_stops_play_plan_wherever_the_focus_is_and_stays_on_the_round(app):
    results = solved(app)
    key(results.tree, "<Control-p>")
    for widget in plan_widgets(results):
        results.plan_tab.plan_view.play()
        assert results.plan_tab.plan_view.playing
        key(widget, "<Escape>")
        assert not results.plan_tab.plan_view.playing, widget
        assert app.screen is results and results.plan_tab.plan_shown, widget
    key(results.plan_tab.plan_view.tree, "<Escape>")  # not playing: Esc goes back a step as everywhere
    assert app.screen is app.bonuses


# ---------------------------------------------------------------- ticks across a round trip

def ticked(results) -> list[str]:
    """Return the words ticked on the Plan tab, in plan order."""
    view = results.plan_tab.plan_view
    return [step.solution.word for n, step in enumerate(view.plan.steps) if view.is_played(n)]


def tick(results, *numbers: int) -> None:
    """Tick the plan's words ``numbers`` with Space on the plan's list."""
    tree = results.plan_tab.plan_view.tree
    for number in numbers:
        tree.selection_set(str(number))
        tree.focus(str(number))
        key(tree, "<space>")


def planned_with_ticks(app, *numbers: int):
    """Solve the board, open its plan and tick the words ``numbers``; return the results screen and the words ticked."""
    results = solved(app)
    key(results.tree, "<Control-p>")
    tick(results, *numbers)
    return results, ticked(results)


def test_going_back_and_solving_the_same_board_keeps_the_plan_and_its_ticks(app):
    results, words = planned_with_ticks(app, 0, 2)
    steps = results.plan_tab.plan_view.plan.steps
    assert len(words) == 2
    key(results.plan_tab.plan_view.tree, "<Escape>")
    assert app.screen is app.bonuses
    press(app.bonuses.board_view, "Return")
    settle(app.root)
    assert app.screen is results and results.plan_tab.plan_shown
    assert ticked(results) == words and results.plan_tab.plan_view.plan.steps == steps
    assert results.plan_tab.plan_view.tree.set("0", "done") == "✓"


def test_a_new_game_by_mistake_is_undone_with_its_round(app):
    results, words = planned_with_ticks(app, 1)
    key(results.plan_tab.plan_view.tree, "<Control-n>")
    assert app.screen is app.letters and not any(app.state.letters)
    assert "Ctrl+Z brings the last board back" in app.letters.hint.cget("text")
    key(app.letters.board_view, "<Control-z>")
    assert "".join(app.state.letters) == "CASEROMITENALUPO"
    solve_from_letters(app)
    assert app.screen is results and ticked(results) == words


def test_another_board_plans_afresh_and_the_first_comes_back_with_its_ticks(app):
    results, first = planned_with_ticks(app, 0)
    key(results.plan_tab.plan_view.tree, "<Control-n>")
    app.letters.type_text(OTHER)
    solve_from_letters(app)
    assert ticked(results) == []
    key(results.plan_tab.plan_view.tree, "<Control-e>")
    for _ in range(2):  # the typing, then the New game
        key(app.letters.board_view, "<Control-z>")
    solve_from_letters(app)
    assert ticked(results) == first


# ---------------------------------------------------------------- Undo and Redo

def snapshot(app):
    """Return the board as the player sees it."""
    return app.state.snapshot()


def undo_redo(app, change, name: str) -> None:
    """Make ``change``; Ctrl+Z puts the board back, Ctrl+Shift+Z and Ctrl+Y make it again; the menu names it."""
    before = snapshot(app)
    change()
    settle(app.root)
    after = snapshot(app)
    assert after != before
    assert app.edit_menu.menu.entrycget(0, "label") == f"Undo {name}"
    widget = app.screen.board_view
    key(widget, "<Control-z>")
    assert snapshot(app) == before
    assert app.edit_menu.menu.entrycget(1, "label") == f"Redo {name}"
    key(app.screen.board_view, "<Control-Shift-Z>")
    assert snapshot(app) == after
    key(app.screen.board_view, "<Control-z>")
    key(app.screen.board_view, "<Control-y>")
    assert snapshot(app) == after


def test_undo_and_redo_each_board_change(app, tmp_path: Path):
    view = app.letters.board_view
    undo_redo(app, lambda: press(view, "c"), "letter at row 1, column 1")
    undo_redo(app, lambda: key(view, "<Alt-r>"), "Random board")
    undo_redo(app, lambda: key(view, "<Alt-l>"), "Clear")
    undo_redo(app, lambda: app.letters.type_text(BOARD), "paste")
    app.show_bonuses()
    app.bonuses.cursor = 0
    app.bonuses.board_view.focus_force()
    settle(app.root)
    undo_redo(app, lambda: press(app.bonuses.board_view, "4"), "bonus at row 1, column 1")
    assert app.screen is app.bonuses  # undone where the player is
    solved(app)
    undo_redo(app, lambda: key(app.results.tree, "<Control-n>"), "New game")
    undo_redo(app, lambda: read(app, OTHER), "screenshot read")
    path = tmp_path / "board.txt"
    path.write_text(BOARD, encoding="utf-8")
    undo_redo(app, lambda: app.open_board(str(path)), "open board.txt")
    dropped = tmp_path / "dropped.board"
    dropped.write_text(OTHER, encoding="utf-8")
    undo_redo(app, lambda: drop._dropped(app.root, str(dropped), app.open_dropped), "open dropped.board")


def test_undo_brings_back_the_unsure_marks_of_a_read(app):
    read(app)
    press(app.letters.board_view, "x")  # the cursor starts on the first unsure tile: typed, settled
    assert marks(app.letters.board_view) == [7, 11]
    key(app.letters.board_view, "<Control-z>")
    assert marks(app.letters.board_view) == [1, 7, 11] and app.state.read


def test_fifty_steps_back_and_a_solve_is_no_step(app):
    view = app.letters.board_view
    for step in range(60):
        app.letters.cursor = step % 16
        press(view, "abcdefghilmnoprstuvz"[step % 20])
    assert app.state.history.undo_name is not None
    app.letters.type_text(BOARD)
    solved_board = snapshot(app)
    press(view, "Return")
    press(app.bonuses.board_view, "Return")
    settle(app.root)
    key(app.results.tree, "<Control-z>")  # takes back the typing, not the solve
    assert snapshot(app) != solved_board and app.screen is app.letters
    for _ in range(55):
        key(app.letters.board_view, "<Control-z>")
    assert app.state.history.undo_name is not None or snapshot(app).letters == ("",) * 16


def test_nothing_to_undo_says_so(app):
    key(app.letters.board_view, "<Control-z>")
    assert app.letters.hint.cget("text") == "Nothing to undo"
    assert app.edit_menu.menu.entrycget(0, "state") == "disabled"
    key(app.letters.board_view, "<Control-y>")
    assert app.letters.hint.cget("text") == "Nothing to redo"


# ---------------------------------------------------------------- the whole round

def test_a_round_from_a_screenshot_loses_nothing(app):
    read(app)  # three unsure tiles
    press(app.letters.board_view, "Return")  # solve anyway
    settle(app.root)
    results = app.results
    key(results.tree, "<Control-p>")
    view = results.plan_tab.plan_view
    key(view.tree, "<Return>")  # Play plan
    assert view.playing
    key(view.tree, "<space>")  # the first word swiped
    key(view.tree, "<space>")  # and the second
    words = ticked(results)
    assert len(words) == 2 and view.playing
    key(view.play_button, "<Escape>")  # Esc with the focus on a button: stops, stays
    assert not view.playing and app.screen is results
    key(view.tree, "<Escape>")  # back to the bonuses
    key(app.bonuses.board_view, "<Escape>")  # back to the letters
    key(app.letters.board_view, "<Alt-r>")  # a random board by mistake
    assert marks(app.letters.board_view) == []
    key(app.letters.board_view, "<Control-z>")
    assert marks(app.letters.board_view) == [1, 7, 11]
    press(app.letters.board_view, "Return")  # solve anyway, again
    settle(app.root)
    assert app.screen is results and results.plan_tab.plan_shown and ticked(results) == words
    assert marks(results.board_view) == [1, 7, 11]
