"""The History chart's arithmetic, without a display: the moving average, the thinning, the pace offered."""
from __future__ import annotations

import pytest

pytest.importorskip("tkinter")

from ruzzle_gui.app.history.history_view import moving_average, thinned, timing_for  # noqa: E402


def test_the_moving_average_is_the_mean_of_the_last_rounds():
    assert moving_average([10, 20, 30, 40], window=2) == [10, 15, 25, 35]
    assert moving_average([5], window=10) == [5]


def test_few_rounds_are_drawn_whole():
    assert thinned([3, 1, 2], 100) == [(0, 3), (1, 1), (2, 2)]


def test_many_rounds_keep_each_columns_lowest_and_highest_in_order():
    values = [n % 7 for n in range(10_000)]
    values[5_000] = 99
    kept = thinned(values, 100)
    assert len(kept) <= 200
    assert (5_000, 99) in kept and min(v for _n, v in kept) == 0
    assert [n for n, _v in kept] == sorted(n for n, _v in kept)


def test_the_pace_offered_keeps_the_per_letter_part_and_sets_the_per_word_rest():
    timing = {"per_word": 2.0, "per_letter": 0.2, "per_cell": 0.05}
    assert timing_for(3.1, timing, letters=5) == {"per_word": 2.1, "per_letter": 0.2, "per_cell": 0.05}
    assert timing_for(0.01, timing)["per_word"] > 0  # never below a human pace
