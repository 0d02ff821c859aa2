"""The game's verdicts in the app: marked from Play plan and the Words list, stored at once, undone with Ctrl+Z,
applied to the list, the plan and the next board's."""
from __future__ import annotations

import tkinter as tk

from ruzzle_gui.store import Store

import gui_helpers
from gui_helpers import BOARD, settle

OTHER = "C A S E\nR O T A\nP I N E\nS O L E\n"


def key(widget: tk.Misc, sequence: str) -> None:
    """Send ``sequence`` to ``widget`` holding the focus."""
    widget.focus_force()
    widget.update()
    widget.event_generate(sequence)
    widget.update()


def solved(app, board: str = BOARD):
    """Type ``board``, solve it and return the results screen."""
    return gui_helpers.solved(app, board).results


def planned_words(results) -> list[str]:
    """Return the plan's words in order."""
    return [step.solution.word for step in results.plan_tab.plan_view.plan.steps]


def listed(results) -> list[str]:
    """Return the words the list shows."""
    return [s.word for s in results.shown]


def stored(language: str = "it") -> dict:
    """Return the verdicts in the store on disk, read by a store of its own (as another ruzzle would)."""
    store = Store()
    try:
        return store.verdicts(language)
    finally:
        store.close()


def test_a_refusal_during_play_plan_replans_the_time_left_without_the_word_keeping_the_ticks(app):
    results = solved(app)
    key(results.tree, "<Control-p>")
    view = results.plan_tab.plan_view
    round_seconds = view.plan.seconds
    view.play()
    view.clock = lambda: view._started + 5.0  # five seconds into the round, whatever the machine's speed
    key(view.tree, "<space>")  # the first word swiped: ticked, the plan goes on to the second
    first, refused = planned_words(results)[0], planned_words(results)[1]
    assert view.current == 1 and view.playing
    key(view.tree, "<KeyPress-r>")  # the game refused the word shown
    assert stored()[refused][0] == "refused"  # on disk at once
    assert refused not in planned_words(results)
    assert view.playing  # Play plan goes on with the new plan
    assert [s.word for s in view.played] == [first]  # the tick kept: the new plan is of the words still to play
    assert first not in planned_words(results) and view.current == 0
    assert view.plan.seconds == round_seconds - 5.0  # planned for the time left, not a fresh round
    assert refused not in listed(results)
    assert "refused by the game" in results.hint.cget("text")


def test_undo_takes_a_verdict_back_and_redo_makes_it_again(app):
    results = solved(app)
    word = listed(results)[0]
    results.tree.selection_set("0")
    key(results.tree, "<KeyPress-r>")
    assert word not in listed(results) and stored()[word][0] == "refused"
    assert app.state.history.undo_name == f"{word} refused by the game"
    key(results.tree, "<Control-z>")
    assert app.screen is results  # the board did not change: the words stay
    assert word in listed(results) and word not in stored()
    assert results.hint.cget("text").startswith("Undone:")
    key(results.tree, "<Control-Shift-Z>")
    assert word not in listed(results) and stored()[word][0] == "refused"


def test_a_refused_word_stays_out_of_the_next_boards_list_and_plan_and_shows_struck_with_doubtful_words(app):
    results = solved(app)
    word = listed(results)[0]
    results.tree.selection_set("0")
    key(results.tree, "<KeyPress-r>")
    key(results.tree, "<Control-n>")
    results = solved(app, BOARD)  # the same letters again: the next board holds the word too
    assert word in [s.word for s in results.solutions] and word not in listed(results)
    assert "1 refused by the game left out" in results.summary_label.cget("text")
    key(results.tree, "<Control-p>")
    assert word not in planned_words(results)
    assert "none the game refused" in results.plan_tab.plan_view.filters_label.cget("text")
    key(results.plan_tab.plan_view.tree, "<Control-p>")
    results.words.toggle_doubtful()  # doubtful words too: the refused word is listed, struck through
    settle(app.root)
    assert word in listed(results)
    iid = str(results.words._row_of[results.solutions[[s.word for s in results.solutions].index(word)]])
    assert results.tree.item(iid, "tags") == ("refused",)
    assert results.tree.set(iid, "word") == f"{word} ✗"
    assert results.words.doubt_text(iid).startswith("refused by the game 20")  # the row's tip
    results.tree.selection_set(iid)
    settle(app.root)
    assert results.word_label.cget("text").endswith("\nrefused by the game " + stored()[word][1][:10])
    assert word not in planned_words(results)  # never planned


def test_an_accepted_doubtful_word_is_listed_and_counts_as_sure_in_the_plan(app):
    results = solved(app)
    results.words.toggle_doubtful()
    settle(app.root)
    doubtful = next(s for s in results.shown if results.words.doubt_of(s))
    results.words.tree.selection_set(str(results.words._row_of[doubtful]))
    results.words.tree.see(str(results.words._row_of[doubtful]))
    key(results.tree, "<KeyPress-a>")
    assert results.words.doubt_of(doubtful) is None  # the doubt lifted
    results.words.toggle_doubtful()  # playable words only: the accepted one is among them
    settle(app.root)
    assert doubtful in results.shown
    iid = str(results.words._row_of[doubtful])
    assert results.tree.set(iid, "word") == f"{doubtful.word} ✓" and results.tree.item(iid, "tags") == ""
    assert results.words.doubt_text(iid).startswith("accepted by the game 20")
    assert results.plan_tab.plan_words()[1](doubtful) == 1.0


def test_the_context_menu_marks_the_selected_word(app):
    results = solved(app)
    word = listed(results)[1]
    results.tree.selection_set("1")
    results.verdict_menu.invoke(0)  # Refused by the game
    assert word not in listed(results) and stored()[word][0] == "refused"
    results.words.toggle_doubtful()
    results.tree.selection_set(str(results.words._row_of[results.solutions[1]]))
    results.verdict_menu.invoke(2)  # Forget the game's verdict
    assert word not in stored()


def test_a_damaged_store_is_kept_aside_and_said_in_the_window(app, tmp_path):
    path = tmp_path / "data" / "ruzzle_gui" / "history.sqlite3"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all" * 100)
    results = solved(app)
    assert "The history was damaged: a new one was started" in results.hint.cget("text")
    results.tree.selection_set("0")
    key(results.tree, "<KeyPress-r>")
    assert listed(results)[0] != results.solutions[0].word or stored()
    assert any(p.name.startswith("history.sqlite3.damaged-") for p in path.parent.iterdir())


def test_a_store_that_cannot_be_written_keeps_the_verdict_for_the_session_without_a_traceback(app, tmp_path):
    (tmp_path / "data").write_text("a file where the data folder should be")
    results = solved(app)
    word = listed(results)[0]
    results.tree.selection_set("0")
    key(results.tree, "<KeyPress-r>")  # tk_errors (autouse) fails the test on any traceback
    assert word not in listed(results)
    assert "Kept for this session only" in results.hint.cget("text")


def test_word_acceptance_shows_the_table_learned_from_the_verdicts_and_reset_starts_it_again(app):
    results = solved(app)
    words = results.words
    everyday = [s for s in results.solutions if words.band_of(s) == 7 and not words.doubt_of(s)][:3]
    for solution in everyday:
        words.tree.selection_set(str(words._row_of[solution]))
        key(results.tree, "<KeyPress-r>")
    app.edit_menu.menu.invoke("end")  # Edit → Word acceptance…
    window = app.acceptance_window
    band7 = [label.cget("text") for label in window.cells[7]]
    # (20 × 1.0 + 0) / (20 + 3) = 0.87
    assert band7 == ["band 7", "1.00", "0.87", "0", "3"]
    assert [label.cget("text") for label in window.cells[8]][:3] == ["doubtful words (factor)", "0.25", "0.25"]
    assert window.since_label.cget("text") == "Counting every verdict given"
    window.reset_button.invoke()
    assert [label.cget("text") for label in window.cells[7]] == ["band 7", "1.00", "1.00", "0", "0"]
    assert window.since_label.cget("text").startswith("Counting the verdicts given since 20")
    key(window, "<Escape>")
    assert not window.winfo_exists()


def test_r_marks_the_word_playing_with_the_focus_on_the_play_button_too(app):
    results = solved(app)
    key(results.tree, "<Control-p>")
    view = results.plan_tab.plan_view
    view.play_button.invoke()
    playing = planned_words(results)[view.current]
    view.play_button.focus_force()
    settle(app.root)
    assert app.root.focus_get() is view.play_button
    key(view.play_button, "<KeyPress-R>")  # Caps Lock on
    assert stored()[playing][0] == "refused" and playing not in planned_words(results) and view.playing
