"""``ruzzle plan``, driven in-process through ``main(argv)``."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ruzzle_gui import Board, Graph, cli, load_language
from ruzzle_gui.acceptance import chance_of
from ruzzle_gui.plan import Timing, plan, upper_bound
from ruzzle_gui.word_filters import WordFilters, WordMarks, apply

IT_BOARD = "Ctl A   S   Edl\nRdw O   M   I\nTtw E   N   A\nLtl U   P   Odw\n"
STEP_LINE = re.compile(r"^ *(\d+)\.  (\S+) +(\d+) +(\d+\.\d)s +(\d+\.\d)s +(\d+)  (\(\d,\d\)(?: \(\d,\d\))*)$")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of ``ruzzle argv``."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def board_file(tmp_path: Path) -> str:
    """Return the path of the Italian demo board as a board file."""
    path = tmp_path / "it.board"
    path.write_text(IT_BOARD, encoding="utf-8")
    return str(path)


def playable(language, solutions, filters=WordFilters()):
    """Return the words the plan takes by default (doubtful ones left out) and their chance of acceptance."""
    marks = WordMarks.of(language.dictionary_path)
    return apply(solutions, filters, marks).words, chance_of(marks)


def api_plan(seconds: float, **options):
    """Return the API's plan and bound for the Italian board's playable words, for comparison."""
    language = load_language("it")
    board = Board.parse(IT_BOARD, language)
    solutions, chance = playable(language, Graph(board, language).solve())
    return plan(solutions, board, seconds, chance=chance, **options), upper_bound(solutions, board, seconds)


def test_plan_prints_a_numbered_list_with_cumulative_time_and_points(capsys, board_file):
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, "--seconds", "20")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["#", "WORD"]
    summary = next(i for i, line in enumerate(lines) if not line)  # the blank line before the summary
    steps = [STEP_LINE.match(line) for line in lines[1:summary]]
    assert all(steps), out
    expected, bound = api_plan(20)
    assert [m[2] for m in steps] == expected.words
    assert [int(m[1]) for m in steps] == list(range(1, len(steps) + 1))
    totals = [int(m[6]) for m in steps]
    assert totals == [s.points for s in expected.steps] and totals[-1] == sum(int(m[3]) for m in steps)
    ends = [float(m[5]) for m in steps]
    assert ends == sorted(ends) and ends[-1] <= 20
    assert lines[summary + 1] == (f"{len(steps)} words, {expected.points} points if all are accepted, "
                                  f"{expected.expected_points:.0f} expected, in {expected.used:.1f} of 20 s; "
                                  f"upper bound {bound} points ({expected.points / bound:.1%} of it)")


def test_plan_json_matches_the_api_and_starts_after_the_played_words(capsys, board_file):
    code, out, _ = run(capsys, "plan", "-l", "it", "-b", board_file, "--seconds", "8", "--json",
                       "--played", "teramano", "--per-cell", "0.1")
    data = json.loads(out)
    assert code == 0
    language = load_language("it")
    board = Board.parse(IT_BOARD, language)
    solutions = Graph(board, language).solve()
    finger = next(s.path[-1] for s in solutions if s.word == "TERAMANO")
    words, chance = playable(language, solutions)
    expected = plan(words, board, 8, Timing(per_cell=0.1), ["TERAMANO"], finger, chance)
    assert [s["word"] for s in data["steps"]] == expected.words and "TERAMANO" not in expected.words
    assert data["points"] == expected.points and data["played"] == ["TERAMANO"]
    first_cell = expected.steps[0].solution.path[0]
    assert data["steps"][0]["start"] == pytest.approx(Timing(per_cell=0.1).travel(finger, first_cell), abs=1e-3)
    assert data["bound"] >= data["points"] and data["language"] == "it" and data["seconds"] == 8


@pytest.mark.parametrize("options, fragment", [
    (["--seconds", "0"], "the time must be more than 0 seconds"),
    (["--seconds", "-30"], "the time must be more than 0 seconds"),
    (["--seconds", "abc"], "'abc' is not a number of seconds"),
    (["--seconds", "nan"], "the time must be more than 0 seconds"),
    (["--seconds", "1e9"], "the time must be at most 3600 seconds"),
    (["--per-letter", "fast"], "'fast' is not a number of seconds"),
    (["--per-word", "11"], "the time per word must be between 0 and 10 seconds"),
    (["--per-cell", "-1"], "the time per cell must be between 0 and 10 seconds"),
    (["--per-word", "0", "--per-letter", "0.02"], "not a human pace"),
    (["--min-length", "0"], "must be at least 1"),
])
def test_bad_numbers_are_usage_errors_on_one_line(capsys, board_file, options, fragment):
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, *options)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("ruzzle plan: error: ") and fragment in err


def test_a_bad_board_is_bad_input(capsys, tmp_path):
    path = tmp_path / "bad.board"
    path.write_text("A B\nC\n", encoding="utf-8")
    code, out, err = run(capsys, "plan", "-l", "it", "-b", str(path))
    assert code == 1 and out == "" and err.startswith("ruzzle: error: line 2")


def test_a_board_without_words_prints_why_the_plan_is_empty(capsys, tmp_path):
    path = tmp_path / "empty.board"
    path.write_text("Z Z\nZ Z\n", encoding="utf-8")
    code, out, _ = run(capsys, "plan", "-l", "it", "-b", str(path))
    assert code == 0 and out == "no plan: no words on this board\n"


def test_the_command_is_listed_in_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and re.search(r"^ +plan +plan which words to swipe", out, re.M)


@pytest.mark.parametrize("word", ["ZEBRA", "casa", "CA1"])
def test_a_played_word_not_on_the_board_is_refused_naming_it(capsys, board_file, word):
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, "--played", "CASE", "--played", word)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and f"--played {word}:" in err and "cannot be traced on this board" in err


def test_a_played_word_on_the_board_but_not_in_the_dictionary_is_taken(capsys, board_file):
    code, out, _ = run(capsys, "plan", "-l", "it", "-b", board_file, "--played", "CASEM", "--json")
    assert code == 0 and json.loads(out)["played"] == ["CASEM"]


def _plan_in_child(tmp_path: Path, rows: list[str], played: str) -> subprocess.CompletedProcess:
    """Run ``ruzzle plan`` on the board of ``rows`` with ``--played played`` in a child, killed after 60 s."""
    board = tmp_path / "hostile.board"
    board.write_text("".join(row + "\n" for row in rows), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "ruzzle_gui", "plan", "-l", "it", "-b", str(board),
                           "--played", played], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("rows, played", [
    (["A A A A A"] * 5, "A" * 24 + "B"),  # no B: every path of A's was tried first
    (["A A A A A"] * 4 + ["A A A A C"], "A" * 23 + "BC"),  # a B nowhere
    (["A A A A A"] * 4 + ["A A A B C"], "A" * 20 + "BCB"),  # one B, two in the word
])
def test_a_played_word_on_a_board_of_one_letter_is_refused_without_a_hang(tmp_path, rows, played):
    done = _plan_in_child(tmp_path, rows, played)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"ruzzle: error: --played {played}: that word cannot be traced on this board\n"


def test_a_played_word_that_uses_every_tile_is_traced(tmp_path):
    done = _plan_in_child(tmp_path, ["A A A A A"] * 4 + ["A A A A B"], "A" * 24 + "B")
    assert done.returncode == 0, done.stderr


def test_a_played_word_too_costly_to_trace_is_one_line(capsys, tmp_path, monkeypatch):
    from ruzzle_gui import graph

    path = tmp_path / "a.board"
    path.write_text("A A A A A\n" * 5, encoding="utf-8")
    monkeypatch.setattr(graph.can_trace, "__defaults__", (3,))  # as if the board were far larger
    code, out, err = run(capsys, "plan", "-l", "it", "-b", str(path), "--played", "A" * 24)
    assert (code, out) == (1, "")
    assert err == (f"ruzzle: error: --played {'A' * 24}: this board has too many ways to trace that word to check "
                   "them all\n")


@pytest.mark.parametrize("tiles, word, traced", [
    ("QU A S I", "QUASI", True), ("QU A S I", "QUIS", True), ("QU A S I", "QUAQU", False),
    ("A B C D", "ADBC", True), ("A B C D", "AD", True), ("A B C D", "", False), ("A B C D", "ABA", False),
])
def test_can_trace_follows_adjacent_tiles_each_used_once(tiles, word, traced):
    from ruzzle_gui.graph import can_trace

    assert can_trace(Board(2, 2, tuple(tiles.split()), (None,) * 4), word) is traced


def test_can_trace_keeps_to_neighbours():
    from ruzzle_gui.graph import can_trace

    row = Board(1, 3, ("A", "B", "C"), (None,) * 3)
    assert (can_trace(row, "ABC"), can_trace(row, "AC"), can_trace(row, "CBA")) == (True, False, True)
