"""The round planner: exact on small cases, never above its bound, always a feasible plan."""
from __future__ import annotations

import itertools
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruzzle_gui import Board, Graph, Solution, load_language
from ruzzle_gui.plan import (
    MAX_SECONDS,
    Plan,
    PlanError,
    Timing,
    check_seconds,
    plan,
    score_first,
    tile_heat,
    upper_bound,
)
from ruzzle_gui.plan.bound import dynamic, knapsack
from ruzzle_gui.plan.search import search
from ruzzle_gui.plan.words import Words

from helpers import examples, write_language

BOARD = Board.from_letters("ABCDEFGHIJKLMNOP")
WORDS = ["CASA", "CASE", "ASSE", "ORA", "ORE", "ORO", "RESA", "ROSA", "ROSE", "NASO", "NOTA", "TANA",
         "LANA", "LANE", "CANE", "CANI", "SERA", "SALE", "SOLE", "ELICA", "TRENO", "CONTE", "LATTE", "TORTA"]


def fake(word: str, score: int, cells: list[tuple[int, int]]) -> Solution:
    """Return a Solution whose path is ``cells``: the planner reads only its ends and length."""
    return Solution(word, score, tuple(cells))


@st.composite
def word_sets(draw, most: int = 6) -> list[Solution]:
    """Draw a few words on the 4x4 board with random scores, lengths and end cells."""
    count = draw(st.integers(1, most))
    cell = st.tuples(st.integers(0, 3), st.integers(0, 3))
    return [fake(f"W{i}", draw(st.integers(0, 60)),
                 [draw(cell)] + [(0, 0)] * draw(st.integers(0, 7)) + [draw(cell)]) for i in range(count)]


def brute_force(solutions: list[Solution], seconds: float, timing: Timing) -> int:
    """Return the most points of any order of distinct words that fits, trying every order."""
    best = 0
    for size in range(1, len(solutions) + 1):
        for order in itertools.permutations(solutions, size):
            used = sum(timing.swipe(len(s.path)) for s in order)
            used += sum(timing.travel(a.path[-1], b.path[0]) for a, b in zip(order, order[1:]))
            if used <= seconds + 1e-9:
                best = max(best, sum(s.score for s in order))
    return best


def assert_feasible(result: Plan, solutions: list[Solution], played=(), at=None) -> None:
    """Check a plan: distinct unplayed words from the list, consistent times and points, within its time."""
    timing, known = result.timing, {(s.word, s.path) for s in solutions}
    words = result.words
    assert len(set(words)) == len(words)
    assert not set(words) & set(played)
    clock, points, here = 0.0, 0, at
    for step in result.steps:
        assert (step.solution.word, step.solution.path) in known
        travel = 0.0 if here is None else timing.travel(here, step.solution.path[0])
        assert step.start == pytest.approx(clock + travel)
        assert step.end == pytest.approx(step.start + timing.swipe(len(step.solution.path)))
        points += step.solution.score
        assert step.points == points
        clock, here = step.end, step.solution.path[-1]
    assert result.used <= result.seconds + 1e-9
    assert result.points == points


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("seconds", [0, -5, float("nan"), float("inf"), "120", None, True, MAX_SECONDS + 1])
def test_insane_times_are_refused_with_a_clear_message(seconds):
    with pytest.raises(PlanError, match="time must be"):
        check_seconds(seconds)
    with pytest.raises(PlanError):
        plan([], BOARD, seconds=seconds)


@pytest.mark.parametrize("options, message", [
    ({"per_word": -1}, "per word must be between 0 and 10"),
    ({"per_letter": "fast"}, "per letter must be a number"),
    ({"per_cell": float("nan")}, "per cell must be between"),
    ({"per_letter": 500}, "per letter must be between 0 and 10"),
    ({"per_word": 0, "per_letter": 0.01}, "not a human pace"),
])
def test_absurd_speeds_are_refused(options, message):
    with pytest.raises(PlanError, match=message):
        Timing(**options)


def test_plan_error_is_a_value_error():
    assert issubclass(PlanError, ValueError)


@pytest.mark.parametrize("item, message", [
    (("CASA", 3, ((0, 0),)), "must be a Solution"),
    (Solution("CASA", -1, ((0, 0),)), "score of 'CASA'"),
    (Solution("CASA", 2.5, ((0, 0),)), "score of 'CASA'"),
    (Solution("CASA", 4, ()), "path of 'CASA'"),
    (Solution("CASA", 4, ((0, 0), (4, 0))), "path of 'CASA'"),
])
def test_bad_word_lists_are_refused(item, message):
    with pytest.raises(PlanError, match=message):
        plan([item], BOARD)


def test_a_board_without_words_gives_an_empty_plan_that_says_so():
    result = plan([], BOARD)
    assert result.steps == () and result.points == 0 and result.used == 0
    assert result.reason == "no words on this board"


def test_when_every_word_is_played_the_plan_says_so():
    words = [fake("AB", 3, [(0, 0), (0, 1)])]
    assert plan(words, BOARD, played=["AB"]).reason == "every word on this board has been played"


def test_when_no_word_fits_the_plan_says_so():
    words = [fake("ABCDE", 9, [(0, 0)] * 5)]
    result = plan(words, BOARD, seconds=1)
    assert result.steps == () and result.reason == "no word can be swiped in 1 s (the quickest takes 3.00 s)"


def test_the_finger_cell_must_be_on_the_board():
    with pytest.raises(PlanError, match="finger's cell"):
        plan([fake("AB", 3, [(0, 0), (0, 1)])], BOARD, at=(9, 9))


# ---------------------------------------------------------------- the model

def test_swipe_and_travel_follow_the_documented_model():
    timing = Timing()
    assert (timing.per_word, timing.per_letter, timing.per_cell) == (2.0, 0.2, 0.05)
    assert timing.swipe(5) == pytest.approx(2.0 + 5 * 0.2)
    assert timing.travel((0, 0), (3, 4)) == pytest.approx(0.05 * 5)


def test_travel_between_words_counts_and_the_order_avoids_it():
    # Two words that chain end-to-start cost no travel in one order and 3 cells in the other.
    timing = Timing(per_word=1, per_letter=0, per_cell=1)
    words = [fake("X", 5, [(0, 0), (3, 0)]), fake("Y", 5, [(3, 0), (0, 0)]), fake("Z", 1, [(3, 3)])]
    result = plan(words, BOARD, seconds=2, timing=timing)
    assert result.points == 10 and result.used == pytest.approx(2)


# ---------------------------------------------------------------- exact on small cases

@pytest.mark.slow  # a big Hypothesis run
@settings(max_examples=examples(150), deadline=None)
@given(words=word_sets(), seconds=st.floats(1, 12), per_cell=st.sampled_from([0.0, 0.05, 0.5, 2.0]))
def test_small_plans_are_exact(words, seconds, per_cell):
    timing = Timing(per_cell=per_cell)
    result = plan(words, BOARD, seconds=seconds, timing=timing)
    assert_feasible(result, words)
    assert result.points == brute_force(words, seconds, timing)


def test_the_search_comes_close_to_the_exact_plan_on_eight_words():
    rng, ratios = random.Random(7), []
    timing = Timing(per_cell=0.5)
    for _ in range(60):
        words = [fake(f"W{i}", rng.randint(1, 60), [(rng.randrange(4), rng.randrange(4))] * rng.randint(2, 9))
                 for i in range(8)]
        exact = plan(words, BOARD, seconds=8, timing=timing)
        problem = Words(words, BOARD, timing, None)
        searched = problem.points_of(search(problem, 8))
        assert searched <= exact.points
        ratios.append(searched / exact.points)
    assert sum(ratios) / len(ratios) >= 0.97 and min(ratios) >= 0.75


# ---------------------------------------------------------------- the bound

@pytest.mark.slow  # a big Hypothesis run
@settings(max_examples=examples(200), deadline=None)
@given(items=st.lists(st.tuples(st.integers(0, 80), st.integers(1, 40)), max_size=40),
       capacity=st.integers(0, 300))
def test_the_settled_knapsack_equals_the_plain_dynamic_programme(items, capacity):
    points, weights = [p for p, _ in items], [w for _, w in items]
    assert knapsack(weights, points, capacity) == dynamic(list(zip(points, weights)), capacity)


@settings(max_examples=examples(100), deadline=None)
@given(items=st.lists(st.tuples(st.integers(0, 80), st.integers(1, 40)), max_size=10),
       capacity=st.integers(0, 150))
def test_the_knapsack_is_the_best_subset(items, capacity):
    best = max(sum(p for p, _ in chosen) for size in range(len(items) + 1)
               for chosen in itertools.combinations(items, size) if sum(w for _, w in chosen) <= capacity)
    assert knapsack([w for _, w in items], [p for p, _ in items], capacity) == best


def test_the_bound_ignores_travel_and_is_exact_on_hundredths():
    timing = Timing(per_word=1, per_letter=0, per_cell=1)
    words = [fake("X", 5, [(0, 0)]), fake("Y", 7, [(3, 3)]), fake("Z", 6, [(0, 3)])]
    assert upper_bound(words, BOARD, seconds=2, timing=timing) == 13  # X and Y, as if no travel
    assert plan(words, BOARD, seconds=2, timing=timing).points == 7  # only one word and its travel fit


# ---------------------------------------------------------------- real boards

@pytest.fixture(scope="module")
def small_language(tmp_path_factory):
    """Return a small test language with a couple of dozen Italian words."""
    return load_language(str(write_language(tmp_path_factory.mktemp("lang"), WORDS)))


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6), seconds=st.floats(0.5, 60), per_cell=st.floats(0, 1))
def test_plans_on_random_boards_are_feasible_and_within_the_bound(small_language, seed, seconds, per_cell):
    board = Board.random(small_language, 4, rng=random.Random(seed))
    solutions = Graph(board, small_language).solve()
    timing = Timing(per_cell=per_cell)
    result = plan(solutions, board, seconds=seconds, timing=timing)
    assert_feasible(result, solutions)
    assert result.points <= upper_bound(solutions, board, seconds=seconds, timing=timing)
    if solutions and not result.steps:
        assert "no word can be swiped" in result.reason


@pytest.mark.parametrize("code", ["it", "en", "ru"])
def test_real_boards_come_within_five_percent_of_the_bound_and_beat_score_first(code):
    language, rng = load_language(code), random.Random(3)
    for _ in range(4):
        board = Board.random(language, 4, rng=rng)
        solutions = Graph(board, language).solve()
        result, bound = plan(solutions, board), upper_bound(solutions, board)
        assert_feasible(result, solutions)
        assert 0.95 * bound <= result.points <= bound
        assert result.points >= score_first(solutions, board).points


def test_mid_round_replan_leaves_out_played_words_and_starts_from_the_finger(small_language):
    board = Board.from_letters("CASEROTANILEASOR", language=small_language)
    solutions = Graph(board, small_language).solve()
    first = plan(solutions, board, seconds=6)
    played = first.steps[:2]
    again = plan(solutions, board, seconds=3.5, played=[s.solution for s in played[:1]] + [played[1].solution.word],
                 at=played[-1].solution.path[-1])
    assert_feasible(again, solutions, played=[s.solution.word for s in played], at=played[-1].solution.path[-1])
    assert again.used <= 3.5 and again.steps
    assert again.steps[0].start == pytest.approx(
        Timing().travel(played[-1].solution.path[-1], again.steps[0].solution.path[0]))


def test_score_first_walks_the_list_by_score_and_the_plan_beats_it_at_the_edge():
    words = [fake("A", 30, [(0, 0)] * 9), fake("B", 20, [(0, 0)] * 2), fake("C", 15, [(0, 0)] * 2)]
    quick = Timing(0.8, 0.12, 0.05)  # an expert's pace
    # A takes 1.88 s and B or C 1.04 s each: in 3 s score-first skips nothing it can fit.
    assert score_first(words, BOARD, seconds=3, timing=quick).words == ["A", "B"]
    # In 2.1 s score-first spends it all on A; two short words are worth more.
    assert score_first(words, BOARD, seconds=2.1, timing=quick).points == 30
    assert plan(words, BOARD, seconds=2.1, timing=quick).points == 35


def test_tile_heat_sums_the_points_of_the_words_through_each_tile():
    words = [fake("AB", 3, [(0, 0), (0, 1)]), fake("BA", 4, [(0, 1), (1, 1)])]
    heat = tile_heat(plan(words, BOARD).steps, 4, 4)
    assert heat[0] == 3 and heat[1] == 7 and heat[5] == 4 and sum(heat) == 14


def test_a_plan_turns_into_json():
    words = [fake("AB", 3, [(0, 0), (0, 1)])]
    data = json.loads(json.dumps(plan(words, BOARD).to_dict()))
    assert data["points"] == 3 and data["steps"][0]["word"] == "AB" and data["steps"][0]["path"] == [[0, 0], [0, 1]]
    assert math.isclose(data["used"], 2.0 + 2 * 0.2)
