"""Graph.solve against the brute-force reference, path legality and hand-worked scores."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruzzle_gui import Board, Graph, load_language, sort_solutions
from ruzzle_gui.graph import BATCH_CELLS, SPAN, best_solutions, length_bonus, neighbours

from helpers import TEST_VALUES, examples, write_language
from reference import reference_solve, score

ALPHABET = "".join(TEST_VALUES)
# Common letters weigh more, so random boards hold many words, long ones included.
WEIGHTS = {"A": 6, "E": 6, "I": 5, "O": 5, "R": 4, "S": 4, "T": 4, "N": 3, "L": 3, "C": 2}


def random_words(seed: int, count: int) -> list[str]:
    """Return ``count`` distinct random words of 2 to 9 letters over the test alphabet."""
    rng = random.Random(seed)
    letters, weights = list(WEIGHTS), list(WEIGHTS.values())
    words: set[str] = set()
    while len(words) < count:
        length = rng.choice([2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8, 9])
        words.add("".join(rng.choices(letters, weights, k=length)))
    return sorted(words)


WORDS = random_words(seed=7, count=5000)


@pytest.fixture(scope="module", params=["words.txt", "words.marisa", "words-unindexed.marisa"])
def test_language(tmp_path_factory, request):
    """Return the test language whose dictionary is WORDS: a plain list, compiled, compiled without index."""
    return load_language(str(write_language(tmp_path_factory.mktemp("lang"), WORDS, dictionary=request.param)))


@st.composite
def boards(draw, max_side: int = 6, min_side: int = 1, narrow: int | None = None):
    """Draw a random board from min_side to max_side a side with random bonuses.

    With ``narrow``, one side (either) is at most ``narrow`` cells: paths on such a
    board run nearly straight, so long words span more than SPAN rows or columns.
    """
    rows = draw(st.integers(1, narrow) if narrow else st.integers(min_side, max_side))
    cols = draw(st.integers(min_side, max_side))
    if narrow and draw(st.booleans()):
        rows, cols = cols, rows
    letters = draw(st.lists(st.sampled_from([ch for ch, w in WEIGHTS.items() for _ in range(w)]),
                            min_size=rows * cols, max_size=rows * cols))
    bonus = st.sampled_from([None] * 8 + ["DL", "TL", "DW", "TW"])
    marks = draw(st.lists(bonus, min_size=rows * cols, max_size=rows * cols))
    return Board(rows, cols, tuple(letters), tuple(marks))


def assert_legal(solution, board: Board, language) -> None:
    """Fail unless the path is adjacent, never reuses a cell, spells the word and scores as said."""
    path = solution.path
    assert len(set(path)) == len(path), f"{solution.word}: a cell is reused in {path}"
    for (r0, c0), (r1, c1) in zip(path, path[1:]):
        assert max(abs(r0 - r1), abs(c0 - c1)) == 1, f"{solution.word}: {path} jumps"
    assert "".join(board.letter(cell) for cell in path) == solution.word
    assert score(path, board.grid(), board.bonus_grid(), language.values) == solution.score


@pytest.mark.slow  # a big Hypothesis run
@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=boards(), min_length=st.integers(2, 5))
def test_solve_matches_brute_force(test_language, board, min_length):
    solutions = Graph(board, test_language, min_length=min_length).solve()
    expected = reference_solve(board.grid(), board.bonus_grid(), TEST_VALUES, WORDS, min_length)
    assert {s.word: s.score for s in solutions} == expected
    for solution in solutions:
        assert_legal(solution, board, test_language)


def assert_matches_reference(solutions, board: Board, language, min_length: int,
                             words: list[str] = WORDS) -> None:
    """Fail unless ``solutions`` hold exactly the reference's words and best scores, on legal paths."""
    expected = reference_solve(board.grid(), board.bonus_grid(), TEST_VALUES, words, min_length)
    assert {s.word: s.score for s in solutions} == expected
    for solution in solutions:
        assert_legal(solution, board, language)


@pytest.mark.slow  # a big Hypothesis run: 100 boards up to 16x16, each against brute force
@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=boards(max_side=16, min_side=SPAN + 1, narrow=3), min_length=st.integers(2, 6),
       data=st.data())
def test_batched_search_with_shared_used_bits_matches_brute_force(test_language, board, min_length,
                                                                  data):
    """Boards wider than SPAN (cells share used bits) searched in batches of any size."""
    batch = data.draw(st.integers(1, board.rows * board.cols), label="batch_cells")
    paths = Graph(board, test_language, min_length=min_length).paths(batch_cells=batch)
    assert_matches_reference(best_solutions(paths), board, test_language, min_length)


def test_board_larger_than_one_batch_matches_brute_force(make_language):
    """A board of more than BATCH_CELLS cells, solved with the defaults, against the reference."""
    words = random.Random(5).sample(WORDS, 300)
    language = make_language(words, dictionary="words.marisa")
    side = math.isqrt(BATCH_CELLS) + 2
    board = Board.random(language, side, side, random.Random(11))
    solutions = Graph(board, language).solve()
    assert_matches_reference(solutions, board, language, 2, words)
    assert len(solutions) > 100


def test_cells_sharing_a_used_bit_are_both_usable_but_none_twice(make_language):
    """Cells SPAN columns apart share a used-cell bit: a path may pass through both, never one twice."""
    assert SPAN == 5, "the boards below put cells SPAN apart"
    language = make_language(["CASTEC", "ACERO", "ACEROA", "ACEROC"])
    (both,) = Graph(Board.from_letters("CASTEC", rows=1), language).solve()
    assert both.word == "CASTEC" and both.path == tuple((0, c) for c in range(6))
    # ACEROA and ACEROC would step back onto (0, 0) or (0, 1), whose bits (0, 5) and (0, 6) share.
    board = Board.parse("A C E I L N R\nO R S T A C O\n")
    assert [s.word for s in Graph(board, language).solve()] == ["ACERO"]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=boards(max_side=4))
def test_solve_is_sorted_and_each_word_once(test_language, board):
    solutions = Graph(board, test_language).solve()
    words = [s.word for s in solutions]
    assert len(words) == len(set(words))
    keys = [(-s.score, -len(s.word), s.word) for s in solutions]
    assert keys == sorted(keys)


@pytest.mark.parametrize("enabled", [True, False])
def test_solve_pauses_the_cyclic_collector_and_restores_it(make_language, monkeypatch, enabled):
    import gc

    seen = []
    monkeypatch.setattr("ruzzle_gui.graph.best_solutions",
                        lambda paths, order, reverse: seen.append(gc.isenabled()) or [])
    (gc.enable if enabled else gc.disable)()
    try:
        Graph(Board.from_letters("CASA", 2), make_language(["CASA"])).solve()
        assert seen == [False] and gc.isenabled() == enabled
    finally:
        gc.enable()


@pytest.mark.slow  # brute force over seeded boards with a real dictionary
def test_real_dictionary_matches_brute_force():
    """A few random Italian boards against the full bundled dictionary."""
    italian = load_language("it")
    words = list(italian.trie.keys())
    rng = random.Random(3)
    for _ in range(3):
        marks = rng.choices([None] * 8 + ["DL", "TL", "DW", "TW"], k=16)
        board = Board.from_letters(italian.random_letters(16, rng), 4, bonuses={
            divmod(i, 4): m for i, m in enumerate(marks) if m})
        got = {s.word: s.score for s in Graph(board, italian).solve()}
        assert got == reference_solve(board.grid(), board.bonus_grid(), italian.values, words, 2)
        assert len(got) > 20


def test_best_path_is_chosen_and_ties_break_deterministically(make_language):
    language = make_language(["AS"])
    # Two A's next to one S: the A on the triple letter must be the one used.
    board = Board.from_letters("ASA", rows=1, bonuses={(0, 2): "TL"})
    (solution,) = Graph(board, language).solve()
    assert solution.path == ((0, 2), (0, 1)) and solution.score == 5
    plain = Board.from_letters("ASA", rows=1)
    (tie,) = Graph(plain, language).solve()
    assert tie.path == ((0, 0), (0, 1))


def test_letter_bonuses_on_the_same_word(make_language):
    language = make_language(["CASA"])
    board = Board.from_letters("CASA", rows=1, bonuses={(0, 0): "DL", (0, 2): "TL"})
    (solution,) = Graph(board, language).solve()
    assert solution.score == 2 * 2 + 1 + 2 * 3 + 1 == 12


def test_double_and_triple_word_multiply_to_six(make_language):
    language = make_language(["CASA"])
    board = Board.from_letters("CASA", rows=1, bonuses={(0, 0): "DW", (0, 3): "TW"})
    (solution,) = Graph(board, language).solve()
    assert solution.score == (2 + 1 + 2 + 1) * 6 == 36


def test_letter_and_word_bonus_together(make_language):
    language = make_language(["CASA"])
    board = Board.from_letters("CASA", rows=1, bonuses={(0, 0): "TL", (0, 1): "DW"})
    (solution,) = Graph(board, language).solve()
    assert solution.score == (2 * 3 + 1 + 2 + 1) * 2 == 20


@pytest.mark.parametrize(("word", "expected"), [
    ("CASA", 6),                      # 4 letters: no length bonus
    ("CASSE", 8 + 5),                 # 5 letters: +5
    ("ASSASSINA", 15 + 25),           # 9 letters: +25
])
def test_length_bonus(make_language, word, expected):
    language = make_language([word])
    board = Board.from_letters(word, rows=1)
    (solution,) = Graph(board, language).solve()
    assert solution.score == expected


def test_length_bonus_function():
    assert [length_bonus(n) for n in (2, 4, 5, 9, 16)] == [0, 0, 5, 25, 60]


def test_min_length_comes_from_language_and_can_be_overridden(make_language):
    language = make_language(["AS", "ASE"], min_length=3)
    board = Board.from_letters("ASE", rows=1)
    assert [s.word for s in Graph(board, language).solve()] == ["ASE"]
    assert sorted(s.word for s in Graph(board, language, min_length=2).solve()) == ["AS", "ASE"]
    with pytest.raises(ValueError, match="at least 1"):
        Graph(board, language, min_length=0)


def test_neighbours_follow_the_board_shape():
    grid = neighbours(3, 4)
    assert len(grid) == 12
    assert sorted(grid[0]) == [1, 4, 5]
    assert sorted(grid[5]) == [0, 1, 2, 4, 6, 8, 9, 10]
    assert sorted(grid[11]) == [6, 7, 10]
    assert neighbours(1, 1) == ((),)


def test_sort_orders(make_language):
    language = make_language(["AS", "SA", "ASE", "ESA", "TE"])
    board = Board.from_letters("ASET", rows=2)
    solutions = Graph(board, language).solve()
    by = {order: [s.word for s in sort_solutions(solutions, order)]
          for order in ("score", "length", "start", "end", "alpha")}
    assert by["alpha"] == sorted(by["alpha"])
    assert [len(w) for w in by["length"]] == sorted((len(w) for w in by["length"]), reverse=True)
    starts = [s.path[0] for s in sort_solutions(solutions, "start")]
    assert starts == sorted(starts)
    ends = [s.path[-1] for s in sort_solutions(solutions, "end")]
    assert ends == sorted(ends)
    assert sort_solutions(solutions, "alpha", reverse=True) == sort_solutions(solutions, "alpha")[::-1]
    with pytest.raises(ValueError, match="unknown sort order 'size'"):
        sort_solutions(solutions, "size")


def test_graph_folds_board_letters_for_the_language():
    italian = load_language("it")
    board = Board.parse("c à\ns a\n")
    graph = Graph(board, italian)
    assert graph.board.letters == ("C", "A", "S", "A")
    assert "CASA" in {s.word for s in graph.solve()}


@pytest.mark.parametrize("code", ["it", "en", "es", "de", "fr", "nl", "pt", "ru"])
def test_demo_board_of_every_language_solves(code):
    language = load_language(code)
    board = Board.parse(language.demo_board, language)
    assert (board.rows, board.cols) == (4, 4)
    assert any(board.bonuses), "a demo board should show some bonus tiles"
    solutions = Graph(board, language).solve()
    assert len(solutions) >= 20
    for solution in solutions[:50]:
        assert_legal(solution, board, language)
