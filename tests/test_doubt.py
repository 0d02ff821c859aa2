"""Doubt marks: stored beside a dictionary, left out of the default lists and plans, one switch (--all) away."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ruzzle_gui import cli, load_language
from ruzzle_gui.acceptance import DEFAULT, acceptance_from, chance_of
from ruzzle_gui.dictionary import bundled_path, compile_words, index_path
from ruzzle_gui.doubt import REASONS, doubts_path, load_doubts, write_doubts
from ruzzle_gui.graph import Solution
from ruzzle_gui.word_filters import EVERYDAY_BAND, WordFilters, WordMarks, apply, describe_filters

BOARD = "C A S A\nI O M E\nA R E T\nO L U N\n"
# Words of BOARD, each with the doubt the small dictionary gives it (None: playable).
DOUBTS = {"CASA": None, "CASO": None, "MORE": None, "AMORE": "enclitic", "ORE": "reviewed", "COMA": "name",
          "METE": None, "ROMA": "unattested"}


@pytest.fixture(autouse=True)
def fresh_cache():
    """Forget marks loaded by an earlier test: each test writes its own files."""
    load_doubts.cache_clear()
    yield
    load_doubts.cache_clear()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of ``ruzzle argv``."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def small(tmp_path) -> tuple[str, str]:
    """Return (board file, dictionary) for a small Italian dictionary with doubt marks written from DOUBTS."""
    dictionary = tmp_path / "small.marisa"
    compile_words(sorted(DOUBTS), dictionary)
    write_doubts(dictionary, DOUBTS.get)
    board = tmp_path / "board.txt"
    board.write_text(BOARD, encoding="utf-8")
    return str(board), str(dictionary)


def test_marks_round_trip_and_count_each_reason(tmp_path):
    dictionary = tmp_path / "small.marisa"
    compile_words(sorted(DOUBTS), dictionary)
    counts = write_doubts(dictionary, DOUBTS.get)
    assert counts == {"playable": 4, "enclitic": 1, "unattested": 1, "name": 1, "abbreviation": 0, "reviewed": 1,
                      "truncated": 0}
    doubts = load_doubts(dictionary)
    assert {word: doubts.reason(word) for word in DOUBTS} == DOUBTS
    assert doubts.reason("NOPE") is None
    assert set(REASONS.values()) >= {"enclitic", "unattested", "name", "abbreviation", "reviewed"}


def test_a_missing_or_stale_mark_file_means_no_word_is_doubtful(tmp_path, capsys):
    dictionary = tmp_path / "small.marisa"
    compile_words(sorted(DOUBTS), dictionary)
    assert load_doubts(dictionary) is None  # old data: no .doubt
    write_doubts(dictionary, DOUBTS.get)
    compile_words(sorted([*DOUBTS, "ZZZ"]), dictionary)  # rebuilt: the marks no longer match it
    load_doubts.cache_clear()
    assert load_doubts(dictionary) is None
    Path(doubts_path(dictionary)).write_bytes(b"garbage")
    load_doubts.cache_clear()
    assert load_doubts(dictionary) is None
    board = tmp_path / "board.txt"
    board.write_text(BOARD, encoding="utf-8")
    code, out, err = run(capsys, "solve", "-l", "it", "-d", str(dictionary), "-b", str(board), "--json")
    data = json.loads(out)
    assert code == 0 and err == "" and data["doubtful_left_out"] == 0
    assert {w["word"] for w in data["words"]} == set(DOUBTS) and {w["doubt"] for w in data["words"]} == {None}


def test_solve_leaves_doubtful_words_out_and_says_how_many(capsys, small):
    board, dictionary = small
    code, out, _ = run(capsys, "solve", "-l", "it", "-d", dictionary, "-b", board)
    listed = {line.split()[0] for line in out.splitlines()[7:-2]}
    assert code == 0 and listed == {w for w, why in DOUBTS.items() if why is None}
    assert out.splitlines()[-1].endswith("; 4 doubtful words left out (--all lists them)")


def test_all_gives_exactly_the_unfiltered_listing(capsys, small, tmp_path):
    board, dictionary = small
    bare = tmp_path / "bare"
    bare.mkdir()
    shutil.copy(dictionary, bare / "small.marisa")  # the same words with no marks: today's listing
    for argv in ([], ["--top", "3"], ["--sort", "length"], ["--quiet"]):
        _, unfiltered, _ = run(capsys, "solve", "-l", "it", "-d", str(bare / "small.marisa"), "-b", board, *argv)
        code, everything, _ = run(capsys, "solve", "-l", "it", "-d", dictionary, "-b", board, "--all", *argv)
        assert code == 0 and everything == unfiltered and everything.encode() == unfiltered.encode()
    assert "AMORE" in unfiltered or "--quiet" not in argv


def test_all_on_the_bundled_dictionary_matches_a_copy_without_marks(capsys, tmp_path):
    """The byte-for-byte check on real data: the bundled Italian list with --all against the same list unmarked."""
    source = bundled_path("it")
    copy = tmp_path / "it.marisa"
    shutil.copy(source, copy)
    shutil.copy(index_path(source), index_path(copy))
    shutil.copy(source.replace(".marisa", ".bands"), tmp_path / "it.bands")
    board = tmp_path / "board.txt"
    board.write_text("Ctl A   S   Edl\nRdw O   M   I\nTtw E   N   A\nLtl U   P   Odw\n", encoding="utf-8")
    for argv in ([], ["--top", "15"], ["--common", "3"]):
        _, unfiltered, _ = run(capsys, "solve", "-l", "it", "-d", str(copy), "-b", str(board), *argv)
        _, everything, _ = run(capsys, "solve", "-l", "it", "-b", str(board), "--all", *argv)
        assert everything == unfiltered


def test_json_gives_each_word_its_doubt_and_the_count_left_out(capsys, small):
    board, dictionary = small
    _, out, _ = run(capsys, "solve", "-l", "it", "-d", dictionary, "-b", board, "--json")
    default = json.loads(out)
    assert default["doubtful_left_out"] == 4 and {w["doubt"] for w in default["words"]} == {None}
    _, out, _ = run(capsys, "solve", "-l", "it", "-d", dictionary, "-b", board, "--json", "--all")
    everything = json.loads(out)
    assert everything["doubtful_left_out"] == 0
    assert {w["word"]: w["doubt"] for w in everything["words"]} == DOUBTS
    assert set(everything) == set(default) and everything["count"] == default["count"] + 4


def test_demo_leaves_doubtful_words_out_too(capsys):
    language = load_language("it")
    doubts = load_doubts(language.dictionary_path)
    _, out, _ = run(capsys, "demo", "-l", "it", "--json")
    data = json.loads(out)
    assert all(w["doubt"] is None for w in data["words"])
    _, out, _ = run(capsys, "demo", "-l", "it", "--json", "--all")
    everything = json.loads(out)
    assert everything["count"] == data["count"] + data["doubtful_left_out"]
    if doubts is not None:  # marks built (raw_languages/build.py it)
        assert [w["word"] for w in everything["words"] if w["doubt"]]


def test_filters_count_what_each_leaves_out():
    solutions = [Solution(w, 10, ((0, 0),)) for w in ("CASA", "AMORE", "ORE", "CASATO")]
    marks = WordMarks(doubts=FakeDoubts({"AMORE": "enclitic"}), bands=FakeBands({"CASA": 7, "AMORE": 7, "CASATO": 2}))
    kept = apply(solutions, WordFilters(), marks)
    assert [s.word for s in kept.words] == ["CASA", "ORE", "CASATO"] and kept.left_out["doubtful"] == 1
    kept = apply(solutions, WordFilters(EVERYDAY_BAND, 4, False), marks)
    assert [s.word for s in kept.words] == ["CASA"]
    assert kept.left_out == {"short": 1, "rare": 1, "doubtful": 1}
    assert apply(solutions, WordFilters(doubtful=True), marks).words == solutions
    assert apply(solutions, WordFilters(EVERYDAY_BAND, 0, False), WordMarks()).words == solutions  # no marks at all
    line = describe_filters(WordFilters(EVERYDAY_BAND, 4, False), kept.left_out, marks)
    assert line == "Filters: everyday words only, 4+ letters, no doubtful words · 3 words left out"


def test_chance_comes_from_the_band_and_the_doubt():
    marks = WordMarks(doubts=FakeDoubts({"AMORE": "enclitic"}), bands=FakeBands({"CASA": 7, "AMORE": 7, "ORE": 0}))
    chance = chance_of(marks)
    word = lambda w: Solution(w, 10, ((0, 0),))  # noqa: E731
    assert chance(word("CASA")) == 1.0 and chance(word("AMORE")) == DEFAULT.doubtful
    assert chance(word("ORE")) == DEFAULT.bands[0]
    assert chance_of(WordMarks())(word("ORE")) == 1.0  # no marks: every word is sure
    assert acceptance_from({"bands": [0.5] * 8, "doubtful": 0.1}) == ((0.5,) * 8, 0.1)
    assert acceptance_from({"bands": [2] * 8, "doubtful": "x"}) == DEFAULT  # unsound values fall back


class FakeDoubts:
    def __init__(self, reasons: dict[str, str]) -> None:
        self.reasons = reasons

    def reason(self, word: str) -> str | None:
        return self.reasons.get(word)


class FakeBands:
    def __init__(self, bands: dict[str, int]) -> None:
        self.bands = bands

    def band(self, word: str) -> int | None:
        return self.bands.get(word, 0)
