"""The big-board curve of the benchmark (`ruzzle bench --big`) runs and counts honestly.

No timing is asserted: the benchmark is the tool that prints numbers.
"""
from __future__ import annotations

import io
import json
import random

import pytest

from ruzzle_gui import Graph, load_language
from ruzzle_gui.lab import bench, big_boards
from ruzzle_gui.lab.bench import build_parser, main, random_board, run_big, search_counts


def test_big_curve_prints_a_row_per_size(capsys):
    assert main(["--big", "4,7", "-l", "en", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "| 4x4 | 10 |" in out and "| 7x7 | 10 |" in out
    assert "steps / cell" in out and "peak RSS" in out


def test_counts_follow_the_solver_on_a_board_wider_than_the_used_bit_span():
    language = load_language("en")
    graph = Graph(random_board(language, 12, random.Random(4)), language)
    counts = search_counts(graph)
    assert counts["distinct words"] == len(graph.solve()) > 50
    assert counts["word paths"] == sum(1 for _ in graph.paths())
    assert counts["steps"] > counts["queued"] >= counts["peak queue"] > 0


def test_a_disagreeing_count_fails_the_run(monkeypatch):
    fake = {"seconds": 0.1, "rss": 2e7, "rss_before": 1e7, "words": 3, "cells": 16, "steps": 99,
            "queued": 9, "look-ups": 9, "word paths": 4, "peak queue": 5, "distinct words": 2,
            "mismatch": 1}
    monkeypatch.setattr(big_boards, "measure_big", lambda code, size, seed: fake)
    out = io.StringIO()
    assert run_big(build_parser().parse_args(["--big", "4", "-l", "en"]), out) == 1
    assert "Cross-check FAILED" in out.getvalue() and "4x4" in out.getvalue()


def test_bad_sizes_are_a_usage_error(capsys):
    assert main(["--big", "10,x"]) == 2
    assert main(["--big", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("'10,x' is not a comma-separated list of sizes")
    assert err[1].endswith("board sizes must be at least 1")


def test_a_size_past_the_largest_board_is_refused_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(big_boards, "measure_big", lambda *args: pytest.fail("a board was drawn"))
    assert main(["--big", "10,100000", "-l", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("board size 100000 is too large: the largest board is 300x300\n")


def test_the_size_script_counts_a_disagreement_on_any_board(monkeypatch, capsys):
    """A count that misses a word on one board of several is reported, not averaged away."""
    boards = iter(range(3))

    def miss_one_word_on_the_second_board(graph):
        found = search_counts(graph)
        return {**found, "distinct words": found["distinct words"] - (next(boards) == 1)}

    monkeypatch.setattr(bench, "search_counts", miss_one_word_on_the_second_board)
    monkeypatch.setattr("sys.argv", ["-c", "en", "5", "1", "3"])
    exec(bench.BIG_SCRIPT, {})
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert result["mismatch"] == 1 and result["cells"] == 75
