"""The game's verdicts: ``ruzzle verdict``, and solve/demo/plan applying them (issue #36)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ruzzle_gui import cli
from ruzzle_gui.acceptance import DEFAULT
from ruzzle_gui.graph import Solution
from ruzzle_gui.store import Store, store_path
from ruzzle_gui.verdicts import learned_table, lifted, with_verdicts, without_refused
from ruzzle_gui.word_filters import WordMarks

IT_BOARD = "Ctl A   S   Edl\nRdw O   M   I\nTtw E   N   A\nLtl U   P   Odw\n"
DATE = "2026-12-07T10:00:00Z"


@pytest.fixture(autouse=True)
def own_store(tmp_path, monkeypatch):
    """Give each test a store of its own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def board_file(tmp_path: Path) -> str:
    """Return the path of the Italian demo board as a board file."""
    path = tmp_path / "it.board"
    path.write_text(IT_BOARD, encoding="utf-8")
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of ``ruzzle argv``."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def solve_json(capsys, board_file: str, *options: str) -> dict:
    """Return ``ruzzle solve --json`` of the Italian board."""
    code, out, err = run(capsys, "solve", "-l", "it", "-b", board_file, "--json", *options)
    assert code == 0, err
    return json.loads(out)


def a_doubtful_word(capsys, board_file: str) -> str:
    """Return the best doubtful word of the board."""
    return next(w["word"] for w in solve_json(capsys, board_file, "--all")["words"] if w["doubt"])


# ---------------------------------------------------------------- the pure module

class Marks:
    """Bands and doubts for a few words."""

    def __init__(self, bands: dict[str, int], doubtful: set[str] = frozenset()) -> None:
        self.bands_of, self.doubtful = bands, doubtful

    def band(self, word: str) -> int | None:
        return self.bands_of.get(word)

    def reason(self, word: str) -> str | None:
        return "enclitic" if word in self.doubtful else None


def word_marks(bands: dict[str, int], doubtful: set[str] = frozenset()) -> WordMarks:
    marks = Marks(bands, doubtful)
    return WordMarks(marks, marks)


def test_verdicts_lift_doubts_drop_refusals_and_overrule_chances():
    marks = word_marks({"A": 0, "B": 7, "C": 3}, {"A"})
    verdicts = {"A": ("accepted", DATE), "B": ("refused", DATE)}
    assert lifted(marks, verdicts).doubt("A") is None and marks.doubt("A") == "enclitic"
    words = [Solution("A", 1, ((0, 0),)), Solution("B", 2, ((0, 1),)), Solution("C", 3, ((1, 1),))]
    assert without_refused(words, verdicts) == ([words[0], words[2]], 1)
    chance = with_verdicts(lambda s: 0.5, verdicts)
    assert [chance(w) for w in words] == [1.0, 0.0, 0.5]


def test_the_learned_table_moves_toward_the_verdicts_and_keeps_the_prior_elsewhere():
    bands = {f"W{n}": 7 for n in range(40)} | {f"D{n}": 2 for n in range(10)}
    marks = word_marks(bands, {f"D{n}" for n in range(10)})
    verdicts = {f"W{n}": ("refused", DATE) for n in range(20)} | {f"D{n}": ("accepted", DATE) for n in range(10)}
    table = learned_table(verdicts, marks)
    assert table.bands[7] == pytest.approx(0.5)  # 20 refusals against a prior worth 20 verdicts
    assert table.bands[:7] == DEFAULT.bands[:7]
    assert table.doubtful == pytest.approx((20 * 0.25 + 10) / 30)
    assert learned_table(verdicts, marks, since="2027-01-01T00:00:00Z") == DEFAULT  # after a reset


# ---------------------------------------------------------------- ruzzle verdict

def test_verdicts_are_recorded_listed_and_forgotten(capsys):
    code, out, err = run(capsys, "verdict", "-l", "it", "refused", "adiva", "Guaa")
    assert code == 0 and err == "ruzzle: 2 words marked refused\n"
    assert run(capsys, "verdict", "-l", "it", "accepted", "casa")[0] == 0
    code, out, err = run(capsys, "verdict", "-l", "it", "--list", "--json")
    listed = json.loads(out)["verdicts"]
    assert [(v["word"], v["verdict"]) for v in listed] == [("ADIVA", "refused"), ("CASA", "accepted"),
                                                          ("GUAA", "refused")]
    code, out, err = run(capsys, "verdict", "-l", "it", "--list")
    assert out.splitlines()[-1] == "3 verdicts for it: 1 accepted, 2 refused"
    assert run(capsys, "verdict", "-l", "it", "forget", "ADIVA")[2] == "ruzzle: 1 verdict forgotten\n"
    assert set(Store().verdicts("it")) == {"CASA", "GUAA"}
    assert Store().verdicts("de") == {}


@pytest.mark.parametrize("argv, message", [
    (["bogus", "CASA"], "the verdict is one of accepted, refused, forget, not 'bogus'"),
    (["refused"], "name the words the game refused"),
    ([], "give a verdict and words"),
    (["refused", "CASA", "--list"], "give either a verdict with words or one of"),
    (["--export", "x", "--list"], "not allowed with argument"),
])
def test_verdict_usage_errors_are_one_line(capsys, argv, message):
    code, out, err = run(capsys, "verdict", "-l", "it", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_a_word_outside_the_alphabet_is_refused_and_nothing_stored(capsys):
    code, out, err = run(capsys, "verdict", "-l", "it", "refused", "CASA", "ДОМ")
    assert code == 1 and err == "ruzzle: error: 'ДОМ' is not a word of the Italian alphabet\n"
    assert not Path(store_path()).exists() or Store().verdicts("it") == {}


# ---------------------------------------------------------------- solve, demo, plan

def test_a_refused_word_leaves_the_list_and_shows_marked_with_all(capsys, board_file):
    best = solve_json(capsys, board_file)["words"][0]["word"]
    run(capsys, "verdict", "-l", "it", "refused", best)
    data = solve_json(capsys, board_file)
    assert best not in [w["word"] for w in data["words"]] and data["refused_left_out"] == 1
    code, out, err = run(capsys, "solve", "-l", "it", "-b", board_file)
    assert best not in out.split() and "1 word refused by the game left out (--all lists them)" in out
    code, out, err = run(capsys, "solve", "-l", "it", "-b", board_file, "--all")
    line = next(line for line in out.splitlines() if line.startswith(best + " "))
    assert line.endswith(f"  refused by the game {Store().verdicts('it')[best][1][:10]}")
    shown = next(w for w in solve_json(capsys, board_file, "--all")["words"] if w["word"] == best)
    assert shown["verdict"] == "refused" and len(shown["verdict_date"]) == 10


def test_an_accepted_doubtful_word_is_listed_and_sure_in_the_plan(capsys, board_file):
    doubtful = a_doubtful_word(capsys, board_file)
    assert doubtful not in [w["word"] for w in solve_json(capsys, board_file)["words"]]
    run(capsys, "verdict", "-l", "it", "accepted", doubtful)
    listed = {w["word"]: w for w in solve_json(capsys, board_file)["words"]}
    assert listed[doubtful]["verdict"] == "accepted" and listed[doubtful]["doubt"]  # the mark lifted, not lost
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, "--json", "--seconds", "60")
    steps = {s["word"]: s for s in json.loads(out)["steps"]}
    assert steps[doubtful]["chance"] == 1.0 and steps[doubtful]["verdict"] == "accepted"


def test_a_refused_word_is_never_planned_even_with_all(capsys, board_file):
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, "--json", "--all")
    first = json.loads(out)["steps"][0]["word"]
    run(capsys, "verdict", "-l", "it", "refused", first)
    for options in ([], ["--all"]):
        code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, "--json", *options)
        data = json.loads(out)
        assert first not in [s["word"] for s in data["steps"]] and data["left_out"]["refused"] == 1
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file)
    assert "1 word refused by the game left out" in out


def test_no_verdicts_ignores_them(capsys, board_file):
    before = run(capsys, "solve", "-l", "it", "-b", board_file, "--json")[1]
    words = [w["word"] for w in json.loads(before)["words"]]
    run(capsys, "verdict", "-l", "it", "refused", words[0])
    run(capsys, "verdict", "-l", "it", "accepted", words[1])
    assert run(capsys, "solve", "-l", "it", "-b", board_file, "--json", "--no-verdicts")[1] == before
    plain = run(capsys, "plan", "-l", "it", "-b", board_file, "--json", "--no-verdicts")[1]
    fresh = Path(store_path())
    fresh.unlink()
    assert plain == run(capsys, "plan", "-l", "it", "-b", board_file, "--json")[1]


def test_verdicts_apply_to_a_users_dictionary_of_the_same_language(capsys, board_file, tmp_path):
    words = [w["word"] for w in solve_json(capsys, board_file)["words"][:5]]
    own = tmp_path / "mine.txt"
    own.write_text("\n".join(w.lower() for w in words) + "\n", encoding="utf-8")
    run(capsys, "verdict", "-l", "it", "refused", words[0])
    code, out, err = run(capsys, "solve", "-l", "it", "-d", str(own), "-b", board_file, "--json")
    assert [w["word"] for w in json.loads(out)["words"]] == words[1:]


def test_a_damaged_store_is_one_line_and_solve_goes_on(capsys, board_file):
    path = Path(store_path())
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all\n" * 100)
    code, out, err = run(capsys, "solve", "-l", "it", "-b", board_file, "--quiet")
    assert code == 0 and out
    assert err.startswith("ruzzle: the history was damaged: started a new one; the old file is kept as ")
    assert err.count("\n") == 1 and list(path.parent.glob("history.sqlite3.damaged-*"))


# ---------------------------------------------------------------- export, import, learning

def test_export_then_import_merges_without_duplicates(capsys, tmp_path):
    run(capsys, "verdict", "-l", "it", "refused", "ADIVA", "GUAA")
    exported = tmp_path / "v.txt"
    assert run(capsys, "verdict", "-l", "it", "--export", str(exported))[0] == 0
    text = exported.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "ruzzle verdicts it" and len(text.splitlines()) == 3
    exported.write_text(text + "CASA\taccepted\t2026-01-01T00:00:00Z\nADIVA\taccepted\t2000-01-01T00:00:00Z\n",
                        encoding="utf-8")
    code, out, err = run(capsys, "verdict", "-l", "it", "--import", str(exported))
    assert code == 0 and "1 new" in err
    stored = Store().verdicts("it")
    assert set(stored) == {"ADIVA", "GUAA", "CASA"} and stored["ADIVA"][0] == "refused"  # the older line lost
    run(capsys, "verdict", "-l", "it", "--import", str(exported))
    assert len(Store().verdicts("it")) == 3


@pytest.mark.parametrize("content, message", [
    ("ruzzle verdicts de\nHAUS\taccepted\t2026-01-01T00:00:00Z\n", "holds the verdicts of language 'de', not 'it'"),
    ("CASA\taccepted\t2026-01-01T00:00:00Z\n", "is not a verdict file"),
    ("ruzzle verdicts it\nCASA\taccepted\t2026-01-01T00:00:00Z\nORA accepted\n", "line 3 is not 'WORD<tab>"),
    ("ruzzle verdicts it\nCASA\tmaybe\t2026-01-01T00:00:00Z\n", "line 2 is not"),
    ("ruzzle verdicts it\nДОМ\taccepted\t2026-01-01T00:00:00Z\n", "line 2: 'ДОМ' is not a word of the Italian"),
    (b"ruzzle verdicts it\n\xff\xfe\n", "is not UTF-8 text"),
])
def test_a_bad_verdict_file_is_one_line_and_nothing_is_lost(capsys, tmp_path, content, message):
    run(capsys, "verdict", "-l", "it", "refused", "ADIVA")
    before = Store().verdicts("it")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    code, out, err = run(capsys, "verdict", "-l", "it", "--import", str(bad))
    assert code == 1 and err.count("\n") == 1 and message in err and err.rstrip().endswith("nothing imported")
    assert Store().verdicts("it") == before


def test_the_learned_table_follows_the_verdicts_and_returns_on_reset(capsys, board_file):
    listed = solve_json(capsys, board_file, "--all")["words"]
    rare = {w["word"] for w in listed if w["band"] == 0 and not w["doubt"]}
    refused = [w["word"] for w in reversed(listed) if w["word"] in rare][:10]  # the cheapest: the plan keeps the rest
    assert len(refused) == 10

    def learned() -> dict:
        return json.loads(run(capsys, "verdict", "-l", "it", "--learned", "--json")[1])["learned"]

    assert learned()["bands"] == list(DEFAULT.bands)
    run(capsys, "verdict", "-l", "it", "refused", *refused)
    moved = (20 * DEFAULT.bands[0]) / 30  # 10 refusals against a prior worth 20 verdicts
    assert learned()["bands"][0] == pytest.approx(moved, abs=1e-4) and learned()["bands"][1:] == list(DEFAULT.bands[1:])
    code, out, err = run(capsys, "plan", "-l", "it", "-b", board_file, "--json")
    others = [s for s in json.loads(out)["steps"] if s["word"] in rare]
    assert others and all(s["chance"] == pytest.approx(moved, abs=1e-3) for s in others)  # priced as learned
    assert run(capsys, "verdict", "-l", "it", "--reset-learning")[0] == 0
    assert learned()["bands"] == list(DEFAULT.bands)
    assert len(Store().verdicts("it")) == 10  # the verdicts stay


HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("holding", flush=True)
sys.stdin.readline()
"""


def test_a_verdict_while_another_ruzzle_writes_is_one_line(capsys):
    run(capsys, "verdict", "-l", "it", "refused", "ADIVA")
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, store_path()], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "holding\n"
        code, out, err = run(capsys, "verdict", "-l", "it", "accepted", "CASA")  # waits 3 s, then gives up
    finally:
        holder.communicate("go\n", timeout=30)
    assert code == 1 and err == ("ruzzle: error: not saved: the history is in use by another ruzzle; "
                                 "try again when it has finished\n")
    assert set(Store().verdicts("it")) == {"ADIVA"}


def test_a_verdict_that_cannot_be_written_is_one_line(capsys, tmp_path, monkeypatch):
    (tmp_path / "file").write_text("a file where the data folder goes")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    code, out, err = run(capsys, "verdict", "-l", "it", "refused", "ADIVA")
    assert code == 1 and err.startswith("ruzzle: error: not saved: the history ") and err.count("\n") == 1


def test_export_to_standard_output(capsys):
    run(capsys, "verdict", "-l", "it", "refused", "ADIVA")
    code, out, err = run(capsys, "verdict", "-l", "it", "--export", "-")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "ruzzle verdicts it" and lines[1].startswith("ADIVA\trefused\t")
