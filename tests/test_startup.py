"""Start-up cost of the ``ruzzle`` command: what each command imports, checked with ``python -X importtime``.

Timing asserts would be flaky on a shared machine; the modules a command
imports are not, and they are most of its start-up time (``ruzzle bench``
gives the figures).
"""
from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from ruzzle_gui import language_pack
from ruzzle_gui.languages.parsed import PARSED

BOARD = "C A S A\nI O M E\nA R E T\nO L U N\n"
# Slow to import and needed by no command below (zipfile comes with importlib.resources,
# typing with unidecode and tomllib, shutil and subprocess with hunspell).
NEVER = {"tkinter", "subprocess", "zipfile", "dataclasses", "tomllib", "shutil", "inspect", "typing",
         "importlib.resources", "unidecode", "ruzzle_gui.app", "ruzzle_gui.lab",
         # The player's store: only once there is one (a verdict recorded, a round played).
         "sqlite3", "_sqlite3", "ruzzle_gui.store.database", "ruzzle_gui.verdicts"}
# What a plain command line is read without (ruzzle_gui.cli.options): argparse brings gettext and
# locale, and with pathlib (kept out of the engine, which uses os.path) re, enum and fnmatch.
PLAIN_LINE_NEVER = {"argparse", "gettext", "locale", "pathlib", "re", "enum", "fnmatch", "urllib", "contextlib"}
COMMAND_MODULES = {f"ruzzle_gui.cli.{name}" for name in ("solving", "languages", "dictionaries", "generate")}
ENGINE = {f"ruzzle_gui.{name}" for name in ("board", "dictionary", "graph", "language")}


# What the `ruzzle` console script runs. Not the script itself: pip 23.2 writes one that imports
# re (setup.sh upgrades pip, whose script does not), and this checks what ruzzle_gui imports.
ENTRY = "import sys; from ruzzle_gui.cli import main; sys.exit(main())"


def imported(argv: list[str], home: Path, cwd: Path, stdin: str = "") -> set[str]:
    """Return every module ``ruzzle argv`` imports beyond the interpreter's own start-up."""
    # An editable install's finder, run by site at start-up, imports pathlib and re whatever the command does.
    return python_imports(["-c", ENTRY, *argv], home, cwd, stdin) - python_imports(["-c", "pass"], home, cwd)


def python_imports(args: list[str], home: Path, cwd: Path, stdin: str = "") -> set[str]:
    """Return every module ``python args`` imports, after checking it succeeds."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}  # no user language files
    done = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=cwd, env=env,
                          input=stdin, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
    return {line.rsplit("|", 1)[1].strip() for line in lines[1:]}


def denied(modules: set[str], denylist: set[str]) -> list[str]:
    """Return the modules that are, or sit inside, a denied module."""
    return sorted(m for m in modules if any(m == d or m.startswith(d + ".") for d in denylist))


# JSON output needs re (the json package compiles its patterns at import), with enum.
JSON_NEEDS = {"re", "enum"}


@pytest.mark.parametrize("argv, allowed_command, output_needs", [
    (["solve", "-l", "it", "-b", "board.txt"], "ruzzle_gui.cli.solving", set()),
    (["solve", "-l", "it", "-b", "board.txt", "--json", "--top", "3"], "ruzzle_gui.cli.solving", JSON_NEEDS),
    (["demo", "-l", "en", "--quiet"], "ruzzle_gui.cli.solving", set()),
    (["solve", "-l", "it", "-b", "-", "--quiet", "--sort", "length", "--min-length", "3"], "ruzzle_gui.cli.solving",
     set()),
    (["languages"], "ruzzle_gui.cli.languages", set()),
    (["languages", "--json"], "ruzzle_gui.cli.languages", JSON_NEEDS),
])
def test_a_command_imports_only_what_it_needs(tmp_path, argv, allowed_command, output_needs):
    (tmp_path / "board.txt").write_text(BOARD, encoding="utf-8")
    modules = imported(argv, tmp_path, tmp_path, stdin=BOARD)
    assert allowed_command in modules  # the check sees the imports at all
    never = NEVER | (PLAIN_LINE_NEVER - output_needs) | (COMMAND_MODULES - {allowed_command})
    assert denied(modules, never) == []


def test_a_command_line_left_to_argparse_still_works(tmp_path):
    (tmp_path / "board.txt").write_text(BOARD, encoding="utf-8")
    modules = imported(["solve", "--lang", "it", "--board=board.txt", "-q"], tmp_path, tmp_path)
    assert {"argparse", "gettext", "locale"} <= set(denied(modules, PLAIN_LINE_NEVER))  # the check above can fail


def test_solve_reads_the_store_only_once_there_is_one(tmp_path):
    (tmp_path / "board.txt").write_text(BOARD, encoding="utf-8")
    python_imports(["-c", ENTRY, "verdict", "-l", "it", "refused", "CASA"], tmp_path, tmp_path)
    modules = imported(["solve", "-l", "it", "-b", "board.txt", "--quiet"], tmp_path, tmp_path)
    assert {"_sqlite3", "ruzzle_gui.verdicts"} <= modules and "sqlite3" not in modules  # the check above can fail


def test_top_level_help_imports_no_command_and_no_engine(tmp_path):
    modules = imported(["--help"], tmp_path, tmp_path)
    assert "ruzzle_gui.cli" in modules
    assert denied(modules, NEVER | COMMAND_MODULES | ENGINE | {"marisa_trie"}) == []


def test_version_imports_no_command_no_engine_and_no_argparse(tmp_path):
    modules = imported(["--version"], tmp_path, tmp_path)
    assert "ruzzle_gui.cli" in modules
    assert denied(modules, NEVER | PLAIN_LINE_NEVER | COMMAND_MODULES | ENGINE | {"marisa_trie"}) == []


def test_a_board_with_accents_still_folds_them(tmp_path):
    # unidecode is imported lazily, on the first non-ASCII letter: check that path works.
    (tmp_path / "board.txt").write_text(BOARD.replace("C A", "Ç À"), encoding="utf-8")
    modules = imported(["solve", "-l", "it", "-b", "board.txt", "--quiet"], tmp_path, tmp_path)
    assert "unidecode" in modules


@pytest.mark.parametrize("path", sorted(Path(language_pack.__file__).with_name("languages").glob("*.toml")),
                         ids=lambda path: path.name)
def test_parsed_languages_match_their_files(path):
    crc, data = PARSED[path.stem]
    assert crc == zlib.crc32(path.read_bytes()) and data() == language_pack.read_toml(path, path.name), (
        f"{path.name} changed: run python -m ruzzle_gui.lab.build_parsed")


def test_an_edited_language_file_is_read_with_tomllib(monkeypatch):
    path = Path(language_pack.__file__).with_name("languages") / "it.toml"
    crc, data = PARSED["it"]
    stale = {**data(), "name": "Stale"}
    monkeypatch.setitem(PARSED, "it", (crc ^ 1, lambda: stale))
    assert language_pack._read_bundled(path)["name"] == "Italiano"
    monkeypatch.setitem(PARSED, "it", (crc, lambda: stale))
    assert language_pack._read_bundled(path)["name"] == "Stale"  # the check above can fail


# A read loads its references and draws nothing: no font module, no cache folder, no zip; and no
# statistics module for one median of a few numbers.
READ_NEVER = {"PIL.ImageFont", "PIL.ImageDraw", "platformdirs", "tempfile", "zipfile", "statistics", "tkinter",
              "ruzzle_gui.lab"}


def test_a_read_imports_no_font_no_cache_and_no_statistics(tmp_path):
    import random

    from ruzzle_gui.lab import synth
    from ruzzle_gui.language import load_language

    language = load_language("en")
    rng = random.Random(2)
    synth.phone_shot(synth.random_board(language, rng), language, 1080, rng, synth.fonts()[0]).image.save(
        tmp_path / "shot.png")
    modules = imported(["read", "-l", "en", "shot.png"], tmp_path, tmp_path)
    assert "ruzzle_gui.vision.templates" in modules  # the check sees the imports at all
    assert denied(modules, READ_NEVER) == []


# What a screenshot's read needs beyond numpy and Pillow (which bring typing, inspect, re, enum and the like):
# none of these. Frozen dataclasses cost ~1 ms each to create, pathlib ~6 ms with urllib.parse and ipaddress,
# and marisa_trie is the dictionary's, which a read does not open.
READ_NEVER = {"dataclasses", "pathlib", "urllib", "ipaddress", "marisa_trie", "tkinter", "subprocess", "zipfile",
              "tomllib", "unidecode", "sqlite3", "ruzzle_gui.app", "ruzzle_gui.lab", "ruzzle_gui.graph",
              "ruzzle_gui.cli.solving"}


def test_a_read_imports_nothing_it_does_not_use(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    Image.new("RGB", (400, 800), (30, 90, 180)).save(tmp_path / "blue.png")  # read to the end: no board in it
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", ENTRY, "read", "-l", "en", "blue.png"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert "no Ruzzle board found in blue.png" in done.stderr, done.stderr[-2000:]
    modules = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:")}
    # the read got that far (the reader itself is imported by importlib, which -X importtime does not list)
    assert {"numpy", "ruzzle_gui.vision.upright", "ruzzle_gui.vision.templates"} <= modules
    assert denied(modules, READ_NEVER) == []
