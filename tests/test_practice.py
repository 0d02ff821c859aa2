"""Practice rounds (issue #38): the judging, ``ruzzle practice`` played through a pipe, and ``ruzzle history``."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from ruzzle_gui import Board, Graph, cli, load_language
from ruzzle_gui.practice import Practice, on_board
from ruzzle_gui.word_filters import WordFilters, WordMarks, apply

from helpers import RUZZLE, child_env, one_line

IT_BOARD = "Ctl A   S   Edl\nRdw O   M   I\nTtw E   N   A\nLtl U   P   Odw\n"


@pytest.fixture(autouse=True)
def own_store(tmp_path, monkeypatch):
    """Give each test a store of its own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def italian_round() -> tuple[Practice, list, WordMarks]:
    """Return a round on the Italian demo board, its possible words and the dictionary's marks."""
    language = load_language("it")
    board = Board.parse(IT_BOARD, language)
    graph = Graph(board, language)
    solutions = graph.solve()
    marks = WordMarks.of(language.dictionary_path)
    possible = apply(solutions, WordFilters(), marks).words
    return Practice(board, solutions, possible, language.fold, graph.min_length), possible, marks


def test_each_typed_word_is_judged_as_the_game_would():
    practice, possible, _ = italian_round()
    best = possible[0]
    assert practice.judge(best.word.lower() + " ", 1.5) == ("new", best.word, best.score)
    assert practice.judge(best.word, 2.0) == ("again", best.word, 0)
    assert practice.judge("c", 2.5).kind == "short"
    assert practice.judge("CARTOE", 3.0).kind == "not_a_word"  # traceable, not a word
    assert practice.judge("ZEBRA", 3.5).kind == "not_on_board"
    assert practice.played == [(best.word, 1.5, best.score)] and practice.score == best.score


def test_the_review_counts_found_against_possible_and_lists_the_missed_best_first():
    practice, possible, marks = italian_round()
    found = [possible[3].word, possible[0].word]
    for n, word in enumerate(found):
        practice.judge(word, float(n))
    review = practice.review(marks)
    assert review.found_words == 2 and review.possible_words == len(possible)
    assert review.found_points == possible[3].score + possible[0].score
    assert review.possible_points == sum(s.score for s in possible)
    best_first = sorted((s for s in possible if s.word not in found), key=lambda s: (-s.score, s.word))
    assert review.missed == best_first
    assert review.everyday_missed and all(marks.band(s.word) >= 5 for s in review.everyday_missed)
    assert [p.word for p in review.played] == found


def test_on_board_traces_adjacent_tiles_used_once():
    language = load_language("it")
    board = Board.parse(IT_BOARD, language)
    assert on_board(board, "CAS") and on_board(board, "CROT")
    assert not on_board(board, "CASC") and not on_board(board, "CE") and not on_board(board, "")
    assert not on_board(Board.parse("A A\nA A\n"), "A" * 5)  # more letters than tiles


def play(tmp_path, typed: str, *options: str) -> subprocess.CompletedProcess:
    """Return ``ruzzle practice`` run in a child process with ``typed`` piped in, its store in ``tmp_path``."""
    env = {**child_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run([*RUZZLE, "practice", "-l", "it", "--seed", "3", *options], input=typed, env=env,
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)


def history_json(tmp_path, *options: str) -> dict:
    """Return ``ruzzle history --json`` of the store in ``tmp_path``."""
    env = {**child_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([*RUZZLE, "history", "--json", *options], env=env, capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_round_played_through_a_pipe_is_judged_reviewed_and_kept(tmp_path):
    assert history_json(tmp_path)["rounds"] == 0
    done = play(tmp_path, "senza\nzane\nZANE\nsenzi\nzebra\n")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert "+95   SENZA" in out and "already found: ZANE" in out and "not a word: SENZI" in out
    assert "not on the board: ZEBRA" in out and "Round over." in out
    assert "Found 2 of " in out and "Best words missed: SENALE 76" in out and "Everyday words missed: " in out
    stats = history_json(tmp_path, "-l", "it")
    assert stats["rounds"] == 1 and stats["total_points"] == 95 + 78 and stats["total_words"] == 2
    assert stats["recent"][0]["score"] == 173 and stats["best"]["score"] == 173 and stats["pace"] is not None
    assert history_json(tmp_path, "-l", "de")["rounds"] == 0


def test_the_round_ends_when_the_time_is_up(tmp_path):
    env = {**child_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    read_end, write_end = os.pipe()  # held open here: only the clock can end the round
    try:
        os.write(write_end, b"senza\n")
        done = subprocess.run([*RUZZLE, "practice", "-l", "it", "--seed", "3", "--seconds", "1"], env=env,
                              stdin=read_end, capture_output=True, text=True, timeout=60)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert done.returncode == 0 and "+95   SENZA" in done.stdout and "Time up." in done.stdout, done.stderr


def test_a_round_that_cannot_be_saved_is_reviewed_then_one_line(tmp_path):
    (tmp_path / "data").write_text("a file where the data folder goes")
    done = play(tmp_path, "senza\n")
    assert done.returncode == 1 and "Found 1 of " in done.stdout
    assert one_line(done.stderr).startswith("ruzzle: error: the round was not saved: the history ")


def test_practice_in_process_with_words_typed_ahead(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("senza\n"))
    assert cli.main(["practice", "-l", "it", "--seed", "3", "--no-save"]) == 0
    assert "+95   SENZA" in capsys.readouterr().out
    assert cli.main(["history"]) == 0
    assert capsys.readouterr().out.startswith("no practice rounds yet")


def test_history_in_text(tmp_path):
    play(tmp_path, "senza\nzane\n")
    play(tmp_path, "senza\n")
    env = {**child_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([*RUZZLE, "history"], env=env, capture_output=True, text=True, timeout=120)
    lines = done.stdout.splitlines()
    assert lines[0] == "2 rounds: 268 points and 3 words in all"
    assert lines[1].startswith("best 173 points (it, ") and lines[1].endswith("average of the last 2: 134.0 points")
    assert lines[2].startswith("pace: ") and len(lines) == 7


def test_history_of_a_damaged_store_is_one_line_and_starts_anew(tmp_path):
    folder = tmp_path / "data" / "ruzzle_gui"
    folder.mkdir(parents=True)
    (folder / "history.sqlite3").write_bytes(os.urandom(8192))
    stats_run = subprocess.run([*RUZZLE, "history", "--json"], capture_output=True, text=True, timeout=120,
                               env={**child_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")})
    assert stats_run.returncode == 0 and json.loads(stats_run.stdout)["rounds"] == 0
    assert "the history was damaged: started a new one" in one_line(stats_run.stderr)


def test_the_history_bench_runs(capsys):
    from ruzzle_gui.lab import history_bench

    assert history_bench.main(["--rounds", "50", "--words", "3", "--repeat", "1", "--startup", "1"]) == 0
    assert "ruzzle history --json: median" in capsys.readouterr().out


def test_a_line_too_long_to_be_a_word_is_judged_once_and_cut(tmp_path):
    done = play(tmp_path, "a" * 100_000 + "\nsenza\n", "--no-save")
    judged = [line for line in done.stdout.splitlines() if "not on the board" in line]
    assert done.returncode == 0 and len(judged) == 1 and len(judged[0]) < 1100
    assert "+95   SENZA" in done.stdout


def test_the_apps_round_leaves_out_what_the_game_refused_and_counts_what_it_accepted():
    from ruzzle_gui.app.practice.round_setup import set_up
    from ruzzle_gui.verdicts import ACCEPTED, REFUSED

    language = load_language("it")
    board = Board.parse(IT_BOARD, language)
    plain = set_up(board, language, False, False)
    listed = [s.word for s in plain.practice.possible]
    refused = listed[0]
    doubtful = next(s.word for s in plain.solutions if s.word not in listed and plain.marks.doubts.reason(s.word))
    judged = set_up(board, language, False, False, {refused: (REFUSED, "2026-12-07"),
                                                     doubtful: (ACCEPTED, "2026-12-07")})
    possible = [s.word for s in judged.practice.possible]
    assert refused not in possible and doubtful in possible  # as the Words screen lists them
    assert len(possible) == len(listed)
    assert judged.practice.judge(refused, 1.0).kind == "new"  # typed, still judged against the dictionary
    review = judged.practice.review(judged.marks)
    assert all(s.word != refused for s in review.missed)
