"""Doubtful words in the app: left out of the list and the plan by default, dimmed with their reason on
Alt+D, and one set of filters (everyday words, minimum length, doubt) for the list and the plan."""
from __future__ import annotations

import pytest

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.app.keys_help import KEYS
from ruzzle_gui.app.words import results_list
from ruzzle_gui.word_filters import EVERYDAY_BAND, WordMarks
from test_gui_plan_tab import key

from gui_helpers import BOARD, settle, solved

# Some of the board's best words, marked doubtful by the fake marks below: the plan would take them.
DOUBTFUL_RANKS = (0, 2, 5, 9, 14)


class Doubts:
    """Doubt marks for a chosen set of words (whatever the build's marks say)."""

    def __init__(self, reasons: dict[str, str]) -> None:
        self.reasons = reasons

    def reason(self, word: str) -> str | None:
        return self.reasons.get(word)


@pytest.fixture
def doubtful(monkeypatch) -> dict[str, str]:
    """Mark some of BOARD's best words doubtful, so these tests do not depend on how the dictionary was built."""
    language = load_language("it")
    found = Graph(Board.parse(BOARD, language), language).solve()
    reasons = {found[rank].word: ("enclitic", "name")[rank % 2] for rank in DOUBTFUL_RANKS}
    real = results_list.WordMarks.of

    def marks_of(dictionary, **kinds) -> WordMarks:
        return WordMarks(real(dictionary, **kinds).bands, Doubts(reasons))

    monkeypatch.setattr(results_list.WordMarks, "of", staticmethod(marks_of))
    return reasons


def plan_words(results) -> set[str]:
    """Return the words of the plan shown."""
    return set(results.plan_tab.plan_view.plan.words)


def test_the_list_leaves_doubtful_words_out_and_says_how_many(app, doubtful):
    words = solved(app).results.words
    shown = {s.word for s in words.shown}
    assert not shown & set(doubtful) and len(words.shown) == len(words.solutions) - len(doubtful)
    assert f"{len(doubtful)} doubtful left out" in words.summary_label.cget("text")
    assert not words.doubtful_var.get()


def test_alt_d_shows_them_dimmed_with_the_reason_on_hover(app, doubtful):
    results = solved(app).results
    words = results.words
    key(words.tree, "<Alt-d>")
    settle(app.root)
    assert words.doubtful_var.get() and app.state.settings.doubtful_too
    assert {s.word for s in words.shown} >= set(doubtful) and len(words.shown) == len(words.solutions)
    assert "doubtful left out" not in words.summary_label.cget("text")
    rows = {words.tree.set(iid, "word"): iid for iid in words.tree.get_children("")}
    for word in doubtful:
        assert "doubtful" in words.tree.item(rows[word], "tags")
    playable = next(w for w in rows if w not in doubtful)
    assert "doubtful" not in words.tree.item(rows[playable], "tags")
    assert words.tree.tag_configure("doubtful", "foreground")  # dimmed
    # The pointer over a doubtful row shows why; over a playable row, nothing.
    word = next(iter(doubtful))
    words.tree.see(rows[word])
    settle(app.root)
    x, y, _, height = words.tree.bbox(rows[word])
    words.tree.event_generate("<Motion>", x=x + 5, y=y + height // 2)
    settle(app.root)
    assert words.row_tip.text.startswith(f"Doubtful ({doubtful[word]})")
    x, y, _, height = words.tree.bbox(rows[playable]) or (0, 0, 0, 0)
    if height:
        words.tree.event_generate("<Motion>", x=x + 5, y=y + height // 2)
        settle(app.root)
        assert words.row_tip.text == ""
    # Selecting a doubtful word says so beside the board, for keyboard users.
    words.tree.selection_set(rows[word])
    settle(app.root)
    assert f"doubtful: {doubtful[word]}" in results.word_label.cget("text")
    # Alt+D again: playable words only.
    key(words.doubtful_box, "<Alt-d>")
    settle(app.root)
    assert not words.doubtful_var.get() and not {s.word for s in words.shown} & set(doubtful)


def test_the_keys_help_lists_alt_d():
    assert any(keys == "Alt+D" for _title, rows in KEYS for keys, _what in rows)


def test_the_plan_takes_exactly_the_words_the_list_shows_under_each_filter(app, doubtful):
    results = solved(app).results
    words, view = results.words, results.plan_tab.plan_view
    key(results.tree, "<Control-p>")
    settle(app.root)
    assert set(view.solutions) == set(words.shown) and not plan_words(results) & set(doubtful)
    assert "no doubtful words" in view.filters_label.cget("text")
    assert f"{len(doubtful)} words left out" in view.filters_label.cget("text")
    # Everyday words only (Alt+E, from the plan's own list): the plan follows.
    key(view.tree, "<Alt-e>")
    settle(app.root)
    assert words.everyday_var.get() and set(view.solutions) == set(words.shown)
    assert all(words.band_of(s) >= EVERYDAY_BAND for s in view.solutions) and view.plan.words
    assert "everyday words only" in view.filters_label.cget("text")
    key(view.tree, "<Alt-e>")
    settle(app.root)
    # A minimum length.
    words.min_var.set("6")
    settle(app.root)
    assert set(view.solutions) == set(words.shown) and all(len(s.word) >= 6 for s in view.solutions)
    assert "6+ letters" in view.filters_label.cget("text")
    words.min_var.set("2")
    settle(app.root)
    # Doubtful words too: the plan may take them, priced by their chance of being accepted.
    key(view.tree, "<Alt-d>")
    settle(app.root)
    assert set(view.solutions) == set(words.shown) >= {s for s in words.solutions if s.word in doubtful}
    assert "no doubtful words" not in view.filters_label.cget("text")
    assert view.plan.expected_points < view.plan.points or not plan_words(results) & set(doubtful)


def test_changing_a_filter_replans_for_the_time_left_and_keeps_the_ticks(app, doubtful):
    results = solved(app).results
    view = results.plan_tab.plan_view
    key(results.tree, "<Control-p>")
    settle(app.root)
    first = view.plan.steps[0].solution
    view.tree.selection_set("0")
    key(view.tree, "<space>")  # ticked as played
    assert view.played == [first]
    view.left_var.set("45")
    key(view.tree, "<Alt-e>")
    settle(app.root)
    assert view.played == [first] and first.word not in view.plan.words  # the tick stays; the word is done
    assert view.plan.seconds == 45
    key(view.tree, "<Alt-d>")
    settle(app.root)
    assert view.played == [first] and view.plan.seconds == 45


def test_the_plan_header_shows_expected_and_all_accepted_points(app, doubtful):
    results = solved(app).results
    key(results.tree, "<Control-p>")
    settle(app.root)
    plan = results.plan_tab.plan_view.plan
    text = results.plan_tab.plan_view.summary_label.cget("text")
    assert f"{plan.points:,} points ({plan.expected_points:,.0f} expected)" in text
    assert plan.expected_points <= plan.points
