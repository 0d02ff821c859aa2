"""The practice round in the app: words swiped with the real pointer (xdotool) or typed, judged, reviewed, kept."""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.word_filters import EVERYDAY_BAND, WordFilters, WordMarks, apply

from gui_helpers import BOARD, settle, wait_until


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Give each test a store of its own."""
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.fixture
def board() -> Board:
    return Board.parse(BOARD, load_language("it"))


@pytest.fixture
def playing(app, board):
    """Return the app playing a practice round on the test board, its window shown at the screen's corner."""
    app.root.geometry("+0+0")
    app.practise(board)
    settle(app.root, 100)
    assert app.screen is app.practice and app.practice.playing
    return app


def xdotool(*args: str) -> str:
    """Run xdotool (the real pointer on the test's display) and return what it printed."""
    return subprocess.run(["xdotool", *args], check=True, timeout=15, capture_output=True, text=True).stdout


@pytest.fixture(autouse=True)
def pointer_put_back():
    """Put the real pointer back where it was: with no window manager, the keyboard follows the pointer, and a
    pointer left over a tile of this test's board took the keys of a later test's smaller window."""
    if shutil.which("xdotool") is None:
        yield
        return
    def location() -> tuple[str, str]:
        shell = dict(line.split("=", 1) for line in xdotool("getmouselocation", "--shell").split())
        return shell["X"], shell["Y"]

    where = location()
    yield
    if location() != where:  # --sync waits for a motion, which a pointer already there never makes
        xdotool("mousemove", "--sync", *where)


def pointer_to(app, tile: int) -> None:
    """Move the real pointer onto the centre of ``tile`` of the practice board, and let Tk see it."""
    view = app.practice.board_view
    x, y = view.centre(tile)
    xdotool("mousemove", "--sync", str(view.winfo_rootx() + x), str(view.winfo_rooty() + y))
    settle(app.root, 30)


def swipe(app, tiles, release: bool = True) -> None:
    """Press on the first tile, drag through the others, and release (unless told not to)."""
    assert shutil.which("xdotool"), "install xdotool (tests/run.sh)"
    pointer_to(app, tiles[0])
    xdotool("mousedown", "1")
    settle(app.root, 30)
    for tile in tiles[1:]:
        pointer_to(app, tile)
    if release:
        xdotool("mouseup", "1")
        settle(app.root, 30)


def best_word(board: Board):
    """Return the board's best word (the solver's)."""
    return max(Graph(board, load_language("it")).solve(), key=lambda s: (s.score, s.word))


def tiles_of(solution, board: Board) -> list[int]:
    return [r * board.cols + c for r, c in solution.path]


def test_a_swipe_lights_its_path_forms_the_word_and_scores_it_on_release(playing, board):
    best = best_word(board)
    tiles = tiles_of(best, board)
    swipe(playing, tiles, release=False)
    screen = playing.practice
    assert screen.path == tiles
    assert screen.word_label.cget("text") == best.word
    assert set(screen.board_view.lit) == set(tiles)
    xdotool("mouseup", "1")
    settle(playing.root, 30)
    assert screen.word_label.cget("text") == f"+{best.score}  {best.word}"
    assert screen.setup.practice.played[0][:1] == (best.word,) and screen.setup.practice.played[0].points == best.score
    assert screen.score_label.cget("text") == f"{best.score} points"
    assert screen.count_label.cget("text") == "1 word"
    swipe(playing, tiles)
    assert screen.word_label.cget("text") == f"already found: {best.word}"
    assert screen.setup.practice.score == best.score


def test_moving_back_onto_the_previous_tile_takes_the_last_step_back(playing, board):
    best = best_word(board)
    tiles = tiles_of(best, board)[:3]
    swipe(playing, [*tiles, tiles[1]], release=False)
    assert playing.practice.path == tiles[:2]
    xdotool("mouseup", "1")
    settle(playing.root, 30)


def test_typed_words_are_judged_as_the_game_would(playing):
    screen = playing.practice
    for typed, said in (("zzzz", "not on the board: ZZZZ"), ("case", None)):
        screen.typed.set(typed)
        screen.on_return()
        if said:
            assert screen.word_label.cget("text") == said
    judgement = screen.setup.practice.judge("case", 1.0)
    assert judgement.kind in ("again", "not_a_word", "not_on_board")
    assert screen.typed.get() == ""


def test_the_review_when_time_is_up_counts_against_the_solvers_list(playing, board):
    best = best_word(board)
    swipe(playing, tiles_of(best, board))
    screen = playing.practice
    screen.seconds = screen.elapsed() + 0.3  # time runs out now
    wait_until(playing.root, lambda: screen.review.winfo_ismapped())
    language = load_language("it")
    possible = apply(Graph(board, language).solve(), WordFilters(), WordMarks.of(language.dictionary_path)).words
    total = sum(s.score for s in possible)
    assert screen.review.found_label.cget("text") == (
        f"Found 1 of {len(possible):,} words, {best.score} of {total:,} points")
    missed = [screen.review.missed.item(row, "values") for row in screen.review.missed.get_children()]
    assert [m[0] for m in missed] == [s.word for s in sorted(possible, key=lambda s: (-s.score, s.word))
                                      if s.word != best.word]
    marks = WordMarks.of(language.dictionary_path)
    everyday = [screen.review.everyday.item(row, "values")[0] for row in screen.review.everyday.get_children()]
    assert everyday == [m[0] for m in missed if (marks.band(m[0]) or 0) >= EVERYDAY_BAND]
    assert everyday  # the check above can fail
    played = [screen.review.played.item(row, "values") for row in screen.review.played.get_children()]
    assert [p[1:] for p in played] == [(best.word, str(best.score))]
    assert "The plan would have scored" in screen.review.plan_label.cget("text")
    # The round is kept.
    assert playing.store.history("it")["rounds"] == 1
    # Double-click a missed word: its path plays.
    tree = screen.review.missed
    tree.selection_set(tree.get_children()[0])
    screen.review._play_selected(tree)
    settle(playing.root, 30)
    assert screen.review.board_view.lit
    # The next rounds' length, kept in the settings.
    screen.review.seconds_var.set("60")
    screen.review._set_seconds()
    assert playing.state.settings.practice_seconds == 60
    screen.review.seconds_var.set("5")
    screen.review._set_seconds()
    assert playing.state.settings.practice_seconds == 60 and screen.review.seconds_var.get() == "60"
    # Play this board again.
    screen.review.again_button.invoke()
    settle(playing.root)
    assert screen.playing and screen.round_frame.winfo_ismapped() and not screen.review.winfo_ismapped()
    assert screen.setup.board == board and screen.setup.practice.played == [] and screen.seconds == 60


def test_leaving_with_words_found_asks_first(playing, board, monkeypatch):
    swipe(playing, tiles_of(best_word(board), board))
    asked = []
    monkeypatch.setattr("tkinter.messagebox.askyesno", lambda *args, **kw: asked.append(args) or False)
    playing.show_letters()
    assert asked and playing.screen is playing.practice and playing.practice.playing
    monkeypatch.setattr("tkinter.messagebox.askyesno", lambda *args, **kw: True)
    playing.show_letters()
    assert playing.screen is playing.letters and not playing.practice.playing
    assert playing.store.history("it")["rounds"] == 1


def test_a_round_typed_in_ruzzle_practice_appears_on_the_history_screen(app, own_store):
    language = load_language("it")
    words = sorted(Graph(Board.random(language, 4, 4, random.Random(3)), language).solve(), key=lambda s: -s.score)[:3]
    typed = subprocess.Popen([sys.executable, "-m", "ruzzle_gui", "practice", "-l", "it", "--seed", "3",
                              "--seconds", "30"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    for solution in words:  # a word typed every second: the round measures a pace
        time.sleep(1.0)
        typed.stdin.write(solution.word.lower() + "\n")
        typed.stdin.flush()
    out, errors = typed.communicate(timeout=60)
    assert typed.returncode == 0, errors
    assert all(f"{s.word}" in out for s in words)
    app.show_history()
    settle(app.root, 50)
    history = app.history_screen
    assert app.screen is history
    assert history.totals_label.cget("text").startswith("1 round, ")
    assert len(history.rows) == 1 and history.chart.find_all()
    # The languages are named as the Letters screen names them, and chosen by name
    assert history.language_box.get() == "Italian" and history.codes == ["it"]
    history.language_box.current(0)
    history.language_box.event_generate("<<ComboboxSelected>>")
    settle(app.root, 50)
    assert history.language == "it" and len(history.rows) == 1
    assert history.pace_label.cget("text").startswith("Your measured pace: ")
    before = dict(app.state.settings.timing)
    history.pace_button.invoke()
    pace = history.stats["pace"]
    # The per-letter part kept, the rest per word (never below a human pace's 0.1 s).
    assert app.state.settings.timing == {**before, "per_word": round(max(pace - before["per_letter"] * 5, 0.1), 2)}
    assert app.state.settings.timing != before
    out = own_store / "out.csv"
    history.export(str(out))
    assert out.read_text().splitlines()[0] == "date,language,score,words"
    assert len(out.read_text().splitlines()) == 2


def test_the_app_starts_without_loading_practice_history_or_the_store(display, tmp_path):
    """The practice and History rooms and sqlite3 load when first used, so start-up pays nothing for them."""
    probe = ("import sys, tkinter as tk\n"
             "from ruzzle_gui.app.app import App\n"
             "root = tk.Tk(); root.withdraw(); App(root); root.update()\n"
             "print(' '.join(sorted(m for m in sys.modules if m.startswith(('ruzzle_gui.app.practice', "
             "'ruzzle_gui.app.history', 'ruzzle_gui.practice', 'ruzzle_gui.store.database')) "
             "or m in ('sqlite3', '_sqlite3'))))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "DISPLAY": display})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def finish_with_a_word(app, board: Board) -> None:
    """Swipe the best word, then end the round at once (time up)."""
    swipe(app, tiles_of(best_word(board), board))
    screen = app.practice
    screen.seconds = screen.elapsed()
    wait_until(app.root, lambda: screen.review.winfo_ismapped())


def test_a_damaged_history_is_kept_aside_and_said_in_one_line(playing, board, own_store):
    folder = own_store / "ruzzle_gui"
    folder.mkdir(parents=True)
    (folder / "history.sqlite3").write_bytes(b"not a database at all" * 100)
    finish_with_a_word(playing, board)
    said = playing.practice.hint.cget("text")
    assert said.startswith("the history was damaged: started a new one; the old file is kept as ")
    assert "\n" not in said
    assert [p.name for p in folder.iterdir() if ".damaged-" in p.name]
    assert playing.store.history("it")["rounds"] == 1


def test_a_round_that_cannot_be_saved_is_said_and_kept_for_the_session(playing, board, own_store):
    own_store.mkdir(parents=True)
    (own_store / "ruzzle_gui").write_text("a file where the data folder should be")
    finish_with_a_word(playing, board)
    said = playing.practice.hint.cget("text")
    assert said.startswith("This round was not saved (the history ") and "kept until the app closes" in said
    playing.show_history()
    settle(playing.root)
    assert playing.history_screen.totals_label.cget("text").startswith("1 round, ")


def test_no_practice_review_or_history_text_is_cut_off_in_any_interface_language(playing, board):
    """Each language laid out on a 1280x768 window: the round (its texts said again after the switch), the
    review and History, none cut off."""
    from ruzzle_gui.app.practice.practice_round import counting_text
    from ruzzle_gui.app.text import i18n

    from test_gui_look import clipped

    playing.root.geometry("1280x768")
    best = best_word(board)
    cut = {}
    try:
        for code in i18n.LANGUAGES:
            playing.practise(board)
            screen = playing.practice
            screen.submit(best.word)
            playing.set_interface_language(code)
            settle(playing.root)
            assert screen.counting_label.cget("text") == counting_text(playing.state.settings)
            found = clipped(screen)
            screen.seconds = screen.elapsed()
            wait_until(playing.root, lambda: screen.review.winfo_ismapped())
            found += clipped(screen)
            playing.show_history()
            settle(playing.root)
            found += clipped(playing.history_screen)
            cut[code] = found
    finally:
        i18n.set_language("en")
    assert not {code: found for code, found in cut.items() if found}
