"""The default pace is a typical player's: a two-minute plan holds about the 35-40 words such a player swipes."""
from __future__ import annotations

import statistics

import pytest

from ruzzle_gui.lab.pace_bench import main, parse_timing, planned_words
from ruzzle_gui.plan import Timing

TYPICAL_WORDS = (35, 40)  # docs/pace.md: what an average player finds in a two-minute round
SLACK = 5  # words either side: random boards differ


@pytest.mark.parametrize("code", ["en", "it"])
def test_the_default_plan_holds_about_as_many_words_as_a_typical_player_swipes(code):
    median = statistics.median(planned_words(code, boards=20, seed=1, timing=Timing()))
    assert TYPICAL_WORDS[0] - SLACK <= median <= TYPICAL_WORDS[1] + SLACK


def test_an_expert_pace_plans_far_more():
    assert statistics.median(planned_words("en", boards=10, seed=1, timing=Timing(0.8, 0.12, 0.05))) > 60


def test_the_bench_prints_a_row_per_language_and_timing(capsys):
    assert main(["-l", "it", "--boards", "2", "--timing", "2,0.2,0.05", "1,0.1,0.05"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 4 and rows[2].startswith("| it | 2, 0.2, 0.05 |")


def test_a_bad_timing_is_refused():
    with pytest.raises(Exception, match="per_word,per_letter,per_cell"):
        parse_timing("fast")
