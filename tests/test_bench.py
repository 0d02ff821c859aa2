"""The benchmark runs end to end on a tiny configuration and catches a wrong solver.

No timing is asserted here: the benchmark is the tool that prints numbers.
"""
from __future__ import annotations

import io
import random

from ruzzle_gui import Board, load_language
from ruzzle_gui.graph import Solution
from ruzzle_gui.lab.bench import (
    app_rows,
    baseline_solve,
    build_parser,
    main,
    measure_solves,
    optimised_solve,
    percentile,
    random_board,
    run,
)

TINY = ["--language", "en", "--boards", "2", "--seed", "3", "--quick"]


def drop_longest(board: Board, language) -> list:
    """A deliberately wrong solver: the real one, minus its longest word."""
    solutions = optimised_solve(board, language)
    longest = max(solutions, key=lambda s: (len(s.word), s.word))
    return [s for s in solutions if s is not longest]


def inflate_scores(board: Board, language) -> list:
    """A deliberately wrong solver: every word right, every score one too high."""
    return [Solution(s.word, s.score + 1, s.path) for s in optimised_solve(board, language)]


def test_report_has_every_section(capsys):
    status = main([*TINY, "--skip", "app"])
    out = capsys.readouterr().out
    assert status == 0, out
    for section in ("Machine: ", "| 4x4 |", "| 5x5 |", "| 10x10 |", "speed-up", "language load",
                    "peak memory, 4x4 solve", "Python heap peak", "`ruzzle solve -l en -b board.txt`",
                    "`ruzzle --help`", "`ruzzle languages`", '`python -c "import marisa_trie"`',
                    "`ruzzle read -l en` (1080x2340 PNG)", '`python -c "import numpy, PIL.Image"`',
                    "of `python -c pass`", "of `import marisa_trie` (CPU",
                    "search probe, unused", "search probe, counting",
                    "Cross-check: both solvers found the same words"):
        assert section in out, f"missing {section!r} in:\n{out}"
    assert "model name" not in out and "cores" in out


def test_wrong_word_set_fails_the_cross_check():
    out = io.StringIO()
    args = build_parser().parse_args([*TINY, "--skip", "load", "--skip", "memory",
                                      "--skip", "probe", "--skip", "process", "--skip", "app"])
    assert run(args, solver=drop_longest, out=out) == 1
    assert "Cross-check FAILED" in out.getvalue()
    assert "words missing" in out.getvalue()


def test_wrong_scores_are_caught_board_by_board():
    language = load_language("en")
    result = measure_solves(language, 4, 3, random.Random(5), solver=inflate_scores)
    assert len(result.mismatches) == 3
    assert all("best scores differ" in problem for problem in result.mismatches)
    honest = measure_solves(language, 4, 3, random.Random(5))
    assert honest.mismatches == [] and len(honest.optimised) == len(honest.baseline) == 3


def test_baseline_agrees_with_the_solver_on_a_demo_board():
    language = load_language("it")
    board = Board.parse(language.demo_board, language)
    ours, theirs = optimised_solve(board, language), baseline_solve(board, language)
    assert [(s.word, s.score) for s in ours] == [(s.word, s.score) for s in theirs]
    assert len(ours) > 20


def test_random_boards_are_seeded():
    language = load_language("en")
    first = random_board(language, 5, random.Random(9))
    assert first == random_board(language, 5, random.Random(9))
    assert (first.rows, first.cols) == (5, 5)
    assert first != random_board(language, 5, random.Random(10))


def test_percentile_interpolates():
    assert percentile([1, 2, 3, 4, 5], 0.5) == 3
    assert percentile([1, 2, 3, 4, 5], 0.9) == 4.6
    assert percentile([7], 0.9) == 7


def test_bad_options_are_usage_errors(capsys):
    assert main(["--boards", "0"]) == 2
    assert "--boards must be at least 1" in capsys.readouterr().err
    assert main(["--skip", "nothing"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'nothing'" in err
    assert main(["--language", "xx", "--skip", "app"]) == 1
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_app_section_says_why_without_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    (row,) = app_rows(load_language("en"), 1, 0)
    assert row[1] == "not measured" and "no display" in row[2]
