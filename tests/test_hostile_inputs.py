"""Issue #11's hostile-input campaign, rerunnable: each repro run through the installed ``ruzzle``.

Every case is a shell command (so redirections such as ``>&-`` and pipes are real)
run in one prepared folder; it must end with the expected exit code, and a failure
must be exactly one stderr line holding the expected fragment, never a traceback.
Files the command must not touch are compared before and after.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

RUZZLE_BIN = str(Path(sys.executable).parent)  # the venv's bin/, where the console script is installed
BOARD = "C A S A\nO R E N\nT I M E\nS O L E\n"
WORDS = "casa\ncane\nciao\nrose\n"
MAX_LINE = 1000  # an error line echoes a short excerpt, however long the bad argument
LONG = "y" * 100_000  # one argument, under Linux's 128 KB limit for one
EN_TOML = (Path(__file__).parents[1] / "ruzzle_gui" / "languages" / "en.toml").read_text(encoding="utf-8")


def user_language(folder: Path, name: str, text: str) -> None:
    """Write a user language file ``name`` into ``folder``'s config tree."""
    languages = folder / "cfg" / "ruzzle_gui" / "languages"
    languages.mkdir(parents=True, exist_ok=True)
    (languages / name).write_text(text, encoding="utf-8")


def with_dictionary(dictionary: str) -> str:
    """Return a new user language 'xx' (English's values) whose dictionary is ``dictionary``."""
    return f'dictionary = "{dictionary}"\n' + EN_TOML.replace('code = "en"', 'code = "xx"')


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> Path:
    """Return a folder holding every file the campaign's commands read."""
    here = tmp_path_factory.mktemp("hostile")
    (here / "b.txt").write_text(BOARD, encoding="utf-8")
    (here / "X").write_text(WORDS, encoding="utf-8")
    os.link(here / "X", here / "Xhard")
    (here / "words.index").write_text(WORDS, encoding="utf-8")
    (here / "notes.index").write_text("my notes\n", encoding="utf-8")
    (here / "long.txt").write_text("A" * 200_000 + "\nCASA\n", encoding="utf-8")
    (here / "huge.txt").write_text(("A " * 1000 + "\n") * 600, encoding="utf-8")  # 1.2 MB, 1000x600
    (here / "bom.txt").write_bytes(b"\xef\xbb\xbf" + BOARD.encode())
    (here / "bomw.txt").write_bytes(b"\xef\xbb\xbfcasa\nrose\n")
    (here / "nfd.txt").write_text(unicodedata.normalize("NFD", "città\nperché\n"), encoding="utf-8")
    (here / "nfdb.txt").write_text(unicodedata.normalize("NFD", "C È S A\nO R E N\nT I M E\nS O L É\n"),
                                   encoding="utf-8")
    (here / "ff.txt").write_text("C A S A\fO R E N\nT I M E\nS O L E\n", encoding="utf-8")
    (here / "x.toml.toml").write_text(EN_TOML, encoding="utf-8")
    (here / "ru.txt").write_text("дом\nкот\nмир\n", encoding="utf-8")
    (here / "acc.txt").write_text("città\ncasa\nperché\n", encoding="utf-8")
    (here / "a.txt").write_text(WORDS, encoding="utf-8")
    (here / "b-words.txt").write_text(WORDS.replace("ciao", "ciak"), encoding="utf-8")  # a one-word edit
    (here / "empty.txt").write_text("\n\n", encoding="utf-8")
    (here / "nowords.txt").write_text("X X\nX X\n", encoding="utf-8")
    (here / "b51.txt").write_text(("A " * 51 + "\n") * 51, encoding="utf-8")  # past the largest board to plan
    os.mkfifo(here / "fifo")
    for words, out in (("ru.txt", "ru.marisa"), ("acc.txt", "acc.marisa"), ("a.txt", "a.marisa"),
                       ("b-words.txt", "b.marisa")):
        run(here, f"ruzzle compile -d {words} -o {out}", check=True)  # no -l: keys kept as written
    shutil.copy(here / "b.marisa", here / "stale.marisa")  # edited dictionary, old index beside it
    shutil.copy(here / "a.index", here / "stale.index")
    return here


def run(folder: Path, command: str, check: bool = False) -> subprocess.CompletedProcess:
    """Run shell ``command`` in ``folder`` with the installed ``ruzzle`` first on PATH."""
    env = {**os.environ, "PATH": f"{RUZZLE_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "XDG_CONFIG_HOME": str(folder / "cfg"), "HOME": str(folder)}
    env.pop("PYTHONUNBUFFERED", None)  # as a user runs it: stdout buffered, so a failed write can linger
    done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def assert_one_line(stderr: str, fragment: str) -> None:
    """Assert ``stderr`` is exactly one line holding ``fragment``, and no traceback."""
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert len(stderr.splitlines()) == 1, stderr
    assert len(stderr) <= MAX_LINE, f"{len(stderr):,} characters: {stderr[:200]}"
    assert fragment in stderr, stderr


# (id, shell command, exit code, fragment of the one stderr line; None: stderr must be empty)
FAILURES = [
    # 2. data loss: never write over an input
    ("cat-onto-its-input", "ruzzle cat -d X -o X", 1, "is the input"),
    ("cat-onto-a-hard-link", "ruzzle cat -d X -o Xhard", 1, "is the input"),
    ("compile-index-onto-input", "ruzzle compile -d words.index -o words.marisa", 1, "is the input words.index"),
    ("compile-over-foreign-index", "ruzzle compile -l it -d X -o notes.marisa", 1,
     "not an index written by ruzzle compile"),
    # 3. damaged and foreign dictionaries
    ("stale-index", "ruzzle solve -l it -b b.txt -d stale.marisa", 1, "does not match the checksum"),
    ("generate-other-alphabet", "ruzzle generate -l it -d ru.marisa", 1, "in the Italian alphabet"),
    ("solve-other-alphabet", "ruzzle solve -l it -b b.txt -d ru.marisa", 1, "in the Italian alphabet"),
    ("accented-keys", "ruzzle solve -l it -b b.txt -d acc.marisa", 1, "ruzzle compile -l it"),
    # 4. size limits
    ("board-from-dev-zero", "ruzzle solve -l it -b /dev/zero", 1, "larger than 1 MB"),
    ("endless-stdin-board", "yes A | ruzzle solve -l it -b -", 1, "larger than 1 MB"),
    ("plan-board-from-dev-zero", "ruzzle plan -l it -b /dev/zero", 1, "larger than 1 MB"),
    ("plan-endless-stdin", "yes A | ruzzle plan -l it -b -", 1, "larger than 1 MB"),
    ("board-file-over-the-cap", "ruzzle solve -l it -b huge.txt", 1, "larger than 1 MB"),
    ("dictionary-dev-zero", "ruzzle solve -l it -b b.txt -d /dev/zero", 1, "not a regular file"),
    ("dictionary-fifo", "ruzzle solve -l it -b b.txt -d fifo", 1, "not a regular file"),
    ("cat-fifo", "ruzzle cat -d fifo", 1, "not a regular file"),
    ("compile-dev-zero", "ruzzle compile -d /dev/zero -o z.marisa", 1, "not a regular file"),
    ("huge-language-argument", f"ruzzle solve -l {LONG} -b b.txt", 1, "yyyyyyyy"),
    ("huge-board-file-name", f"ruzzle solve -l it -b {LONG}", 1, "cannot read board file"),
    ("huge-dictionary-file-name", f"ruzzle solve -l it -b b.txt -d {LONG}", 1, "cannot read"),
    ("huge-seed", "ruzzle generate -l it --seed " + "9" * 5000, 2, "--seed"),
    ("huge-min-length", "ruzzle demo -l it --min-length " + "9" * 5000, 2, "--min-length"),
    # 5. output that cannot be written
    ("closed-stdout-demo", "ruzzle demo -l it >&-", 1, "standard output is closed"),
    ("closed-stdout-plan", "ruzzle plan -l it -b b.txt >&-", 1, "standard output is closed"),
    ("closed-stdout-languages", "ruzzle languages >&-", 1, "standard output is closed"),
    ("full-stdout-languages", "ruzzle languages > /dev/full", 1, "No space left on device"),
    ("full-stdout-plan", "ruzzle plan -l it -b b.txt > /dev/full", 1, "No space left on device"),
    ("cat-to-dev-full", "ruzzle cat -l en -o /dev/full", 1, "No space left on device"),
    ("generate-to-dev-full", "ruzzle generate -l en -o /dev/full", 1, "No space left on device"),
    # 5. smaller surprises
    ("x.toml.toml-not-picked", "ruzzle solve -l x.toml -b b.txt", 1, "x.toml"),
    ("form-feed-is-no-row-break", "ruzzle solve -l it -b ff.txt", 1, "cells, but the first row has"),
    ("empty-board", "ruzzle solve -l it -b empty.txt", 1, "the board is empty"),
    ("plan-empty-board", "ruzzle plan -l it -b empty.txt", 1, "the board is empty"),
    ("plan-empty-stdin", "ruzzle plan -l it -b - < /dev/null", 1, "the board is empty"),
    # plan: numbers that are no round's time or no human pace are usage errors
    ("plan-seconds-negative", "ruzzle plan -l it -b b.txt --seconds -1", 2, "more than 0 seconds"),
    ("plan-seconds-zero", "ruzzle plan -l it -b b.txt --seconds 0", 2, "more than 0 seconds"),
    ("plan-seconds-nan", "ruzzle plan -l it -b b.txt --seconds nan", 2, "more than 0 seconds"),
    ("plan-seconds-inf", "ruzzle plan -l it -b b.txt --seconds inf", 2, "more than 0 seconds"),
    ("plan-seconds-1e400", "ruzzle plan -l it -b b.txt --seconds 1e400", 2, "more than 0 seconds"),
    ("plan-seconds-abc", "ruzzle plan -l it -b b.txt --seconds abc", 2, "'abc' is not a number"),
    ("plan-seconds-over-an-hour", "ruzzle plan -l it -b b.txt --seconds 3601", 2, "at most 3600"),
    ("plan-per-word-absurd", "ruzzle plan -l it -b b.txt --per-word 1e9", 2, "between 0 and 10 seconds"),
    ("plan-per-letter-inf", "ruzzle plan -l it -b b.txt --per-letter inf", 2, "between 0 and 10 seconds"),
    ("plan-no-human-pace", "ruzzle plan -l it -b b.txt --per-word 0 --per-letter 0 --per-cell 0", 2,
     "not a human pace"),
    # the planner's travel table grows with the cells squared: a 300x300 was killed at 24 GB
    ("plan-board-too-large", "ruzzle plan -l it -b b51.txt", 1, "too large to plan"),
    ("plan-min-length-zero", "ruzzle plan -l it -b b.txt --min-length 0", 2, "at least 1"),
]


@pytest.mark.parametrize("command, code, fragment", [case[1:] for case in FAILURES],
                         ids=[case[0] for case in FAILURES])
def test_a_hostile_input_gets_one_line_and_its_exit_code(place, command, code, fragment):
    kept = {name: (place / name).read_bytes() for name in ("X", "words.index", "notes.index")}
    done = run(place, command)
    assert done.returncode == code, (done.returncode, done.stderr)
    assert_one_line(done.stderr, fragment)
    assert {name: (place / name).read_bytes() for name in kept} == kept  # no input lost or changed
    assert not (place / "notes.marisa").exists() and not (place / "words.marisa").exists()


# (id, shell command, a fragment of stdout) for inputs that must simply work
ANSWERS = [
    ("dash-output-is-stdout", "ruzzle cat -d X -o - && test ! -e ./-", "CIAO\n"),
    ("generate-dash-output", "ruzzle generate -l it --seed 1 -o - && test ! -e ./-", "\n"),
    ("bom-board", "ruzzle solve -l it -b bom.txt -q --top 1", "  "),
    ("bom-word-list-keeps-its-first-word", "ruzzle cat -d bomw.txt", "CASA\nROSE\n"),
    ("decomposed-accents-in-words", "ruzzle cat -l it -d nfd.txt", "CITTA\nPERCHE\n"),
    ("decomposed-accents-on-a-board", "ruzzle solve -l it -b nfdb.txt -q --top 1", "  "),
    ("a-200000-letter-word-is-dropped", "ruzzle compile -l it -d long.txt -o long.marisa",
     "1 longer than 64 letters"),
    ("plan-board-without-words", "ruzzle plan -l it -b nowords.txt", "no plan: no words on this board"),
]


@pytest.mark.parametrize("command, fragment", [case[1:] for case in ANSWERS], ids=[case[0] for case in ANSWERS])
def test_an_awkward_input_gets_the_right_answer(place, command, fragment):
    done = run(place, command)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert fragment in done.stdout


@pytest.mark.parametrize("dictionary", ["/dev/zero", "fifo"])
def test_a_user_language_whose_dictionary_is_no_file_never_blocks_the_table(place, dictionary):
    user_language(place, "xx.toml", with_dictionary(str(place / dictionary)))
    try:
        listed = run(place, "ruzzle languages")
        solved = run(place, "ruzzle solve -l xx -b b.txt")
    finally:
        (place / "cfg" / "ruzzle_gui" / "languages" / "xx.toml").unlink()
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    assert any(line.split()[:1] == ["xx"] for line in listed.stdout.splitlines()), listed.stdout
    assert solved.returncode == 1
    assert_one_line(solved.stderr, "not a regular file")


@pytest.mark.parametrize("text, fragment", [
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ("[values]\nQ = " + "9" * 5000 + "\n", "value has 5000 digits"),
])
def test_a_pathological_user_toml_is_one_line_and_languages_still_lists(place, text, fragment):
    user_language(place, "it.toml", text)
    try:
        solved = run(place, "ruzzle solve -l it -b b.txt")
        listed = run(place, "ruzzle languages")
    finally:
        (place / "cfg" / "ruzzle_gui" / "languages" / "it.toml").unlink()
    assert solved.returncode == 1
    assert_one_line(solved.stderr, fragment)
    assert "sys.set_int_max_str_digits" not in solved.stderr  # Python's advice, not the user's
    assert listed.returncode == 0 and "en " in listed.stdout
    assert_one_line(listed.stderr, "warning")


def test_a_full_disk_leaves_the_old_output_whole(place):
    # A real full file system (a 64 KB tmpfs), not a simulated error: needs root.
    mount = place / "small"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        (mount / "old.txt").write_text("old content\n")
        for command in ("ruzzle cat -l it -o small/old.txt", "ruzzle generate -l it -r 300 -o small/old.txt"):
            done = run(place, command)
            assert done.returncode == 1
            assert_one_line(done.stderr, "No space left on device")
            assert (mount / "old.txt").read_text() == "old content\n"
            assert sorted(p.name for p in mount.iterdir()) == ["old.txt"]  # no partial file left behind
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_the_console_script_imports_nothing_outside_main():
    # The console script runs `from ruzzle_gui.cli import main` before main() can catch
    # Ctrl-C; any import made there is a window where Ctrl-C prints a traceback from
    # ruzzle_gui (seen on a loaded machine with `from collections.abc import Sequence`).
    probe = "import re, sys; before = set(sys.modules); import ruzzle_gui.cli; print(sorted(set(sys.modules) - before))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "['ruzzle_gui', 'ruzzle_gui.cli']"


def test_the_planner_refuses_a_board_past_its_largest():
    from ruzzle_gui import Board
    from ruzzle_gui.graph import Solution
    from ruzzle_gui.plan import PlanError, plan, score_first

    board = Board.from_letters("A" * 51 * 51, rows=51)
    words = [Solution("AA", 2, ((0, 0), (0, 1)))]
    for planner in (plan, score_first):
        with pytest.raises(PlanError, match="too large to plan"):
            planner(words, board, 120)
