"""The word list's Common column (commonness bands as dots), its sort, and the "Everyday words only" toggle."""
from __future__ import annotations

import json
import tkinter as tk

import pytest

from ruzzle_gui import Board, Graph
from ruzzle_gui.app.app import App
from ruzzle_gui.app.settings import Settings, load_settings
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.words.results_list import COLUMNS, EVERYDAY_BAND, NO_BANDS, dots, summary
from ruzzle_gui.bands import load_bands
from ruzzle_gui.language import load_language

from gui_helpers import settle, solved, wait_until

BOARD = "C A S A\nR O M I\nT E N A\nL U P O\n"


def row_of(words, word: str) -> dict:
    """Return the list row showing ``word``."""
    return next(words.tree.set(iid) for iid in words.tree.get_children("") if words.tree.set(iid, "word") == word)


def shown_columns(tree) -> list[str]:
    """Return the ids of the columns the list shows."""
    shown = tree.cget("displaycolumns")
    return list(COLUMNS) if tuple(shown) == ("#all",) else list(shown)


def test_a_band_shows_as_up_to_four_dots():
    assert [dots(band) for band in range(8)] == ["○○○○", "●○○○", "●○○○", "●●○○", "●●○○", "●●●○", "●●●○", "●●●●"]
    assert dots(None) == ""
    # The everyday threshold falls on a dot boundary: every word it keeps shows three dots or four.
    assert dots(EVERYDAY_BAND - 1).count("●") < 3 <= dots(EVERYDAY_BAND).count("●")


def test_the_common_column_shows_each_words_band(app):
    words = solved(app, BOARD).results.words
    words.doubtful_box.invoke()  # every word, the doubtful ones too
    assert row_of(words, "CASA")["common"] == "●●●●"  # CASA is band 7, everyday Italian
    bands = load_bands(load_language("it").dictionary_path)
    rows = [words.tree.set(iid) for iid in words.tree.get_children("")]
    assert len(rows) == len(words.solutions) > 50
    assert all(row["common"] == dots(bands.band(row["word"])) for row in rows)
    assert {row["common"] for row in rows} > {"○○○○", "●●●●"}  # rare words too, not one cue for all
    assert "common" in shown_columns(words.tree)


def test_sorting_by_common_puts_everyday_words_first_then_last(app):
    words = solved(app, BOARD).results.words
    words.tree.tk.call(words.tree.heading("common", "command"))  # a click on the heading
    settle(app.root)
    bands = [words.band_of(s) for s in words.shown]
    assert words.sort_column == "common" and words.tree.heading("common", "text").endswith("▼")
    assert bands == sorted(bands, reverse=True) and bands[0] == 7 and bands[-1] == 0
    # Same band: best score first.
    sevens = [s.score for s in words.shown if words.band_of(s) == 7]
    assert sevens == sorted(sevens, reverse=True)
    words.sort_by("common")
    assert [words.band_of(s) for s in words.shown] == sorted(bands)


def test_everyday_only_keeps_common_words_and_the_summary_follows(app):
    words = solved(app, BOARD).results.words
    words.doubtful_box.invoke()  # every word, the doubtful ones too
    total = len(words.solutions)
    assert not words.everyday_var.get() and len(words.shown) == total
    words.everyday_box.invoke()
    settle(app.root)
    shown = words.shown
    assert 0 < len(shown) < total
    assert all(words.band_of(s) >= EVERYDAY_BAND for s in shown)
    assert len(shown) == sum(words.band_of(s) >= EVERYDAY_BAND for s in words.solutions)
    assert len(words.tree.get_children("")) == len(shown)
    assert words.summary_label.cget("text") == summary(shown, total)
    assert words.summary_label.cget("text").startswith(f"{len(shown)} of {total} words")
    # With the other filters too: points and longest count only the words shown.
    words.find_var.set("CA")
    settle(app.root)
    assert words.shown and all("CA" in s.word and words.band_of(s) >= EVERYDAY_BAND for s in words.shown)
    assert words.summary_label.cget("text") == summary(words.shown, total)
    # Alt+E from the list flips it back.
    words.find_var.set("")
    words.tree.focus_force()
    settle(app.root)
    words.tree.event_generate("<Alt-e>")
    settle(app.root)
    assert not words.everyday_var.get() and len(words.shown) == total


def test_everyday_only_is_remembered(app, root, config_home):
    words = solved(app, BOARD).results.words
    words.everyday_box.invoke()
    path = app.state.settings_file
    wait_until(app.root, lambda: path.is_file() and json.loads(path.read_text(encoding="utf-8"))["everyday_only"])
    assert load_settings(path).everyday_only is True
    # The next run starts with the box ticked and the list filtered.
    top = tk.Toplevel(root)
    try:
        again = solved(App(top, AppState(language="it", settings_file=path, settings=load_settings(path))),
                       BOARD).results.words
        assert again.everyday_var.get() and 0 < len(again.shown) < len(again.solutions)
        assert all(again.band_of(s) >= EVERYDAY_BAND for s in again.shown)
    finally:
        top.destroy()


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_damaged_everyday_setting_is_off(tmp_path, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"everyday_only": value}), encoding="utf-8")
    assert load_settings(path) == Settings()


def test_a_word_list_without_bands_hides_the_column_and_disables_the_toggle(app, tmp_path):
    words = solved(app, BOARD).results.words
    app.state.settings.everyday_only = True
    word_list = tmp_path / "mine.txt"
    word_list.write_text("casa\ncasi\nrame\nmai\n", encoding="utf-8")
    language = load_language("it", dictionary=word_list)
    assert load_bands(language.dictionary_path) is None
    board = Board.parse(BOARD)
    solutions = Graph(board, language).solve()
    app.results.show_solutions(board, language, solutions)
    settle(app.root)
    assert "common" not in shown_columns(words.tree)
    assert words.everyday_box.instate(["disabled"]) and not words.everyday_var.get()
    assert words.no_bands_label.cget("text") == NO_BANDS and words.no_bands_label.winfo_ismapped()
    # The setting stays on for the next dictionary that has bands, but filters nothing here.
    assert len(words.shown) == len(solutions) == 4 and app.state.settings.everyday_only
    words.tree.event_generate("<Alt-e>")
    assert app.state.settings.everyday_only
    # Back to the bundled dictionary: the column, the toggle (still on) and the filter return.
    italian = load_language("it")
    app.results.show_solutions(board, italian, Graph(board, italian).solve())
    settle(app.root)
    assert "common" in shown_columns(words.tree) and words.everyday_var.get()
    assert words.no_bands_label.cget("text") == ""
    assert all(words.band_of(s) >= EVERYDAY_BAND for s in words.shown)
