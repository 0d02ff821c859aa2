"""The command line against hostile input (#11): no user file lost, bounded input, dead or full stdout, Ctrl-C."""
from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ruzzle_gui import Board, BoardError
from ruzzle_gui.board import MAX_BOARD_BYTES, MAX_SIDE
from ruzzle_gui.cli import dictionaries
from ruzzle_gui.dictionary import index_path, load_index
from ruzzle_gui.files import write_atomically, write_bytes

from test_cli import assert_one_error_line, run, write

WORD_LIST = "Città\ncasa\nCASA\nl'acqua\nzeta\n"
RUZZLE = str(Path(sys.executable).with_name("ruzzle"))  # the installed console script
# The installed package, not the checkout folder (.ci/run clones into one named ruzzle_gui)
PACKAGE_DIR = Path(sys.modules["ruzzle_gui"].__file__).parent
LIMIT_WORDS = (f"{MAX_BOARD_BYTES >> 20} MB", f"{MAX_SIDE}x{MAX_SIDE}")


def ruzzle(*argv: str, shell_prefix: str = "", **options) -> subprocess.CompletedProcess:
    """Run the installed ``ruzzle argv`` in a fresh process (after a shell redirection if given)."""
    if shell_prefix:
        command = ["bash", "-c", f'{shell_prefix} exec "$0" "$@"', RUZZLE, *argv]
    else:
        command = [RUZZLE, *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, **options)


def mtime_and_inode(path: Path) -> tuple[int, int]:
    """Return what tells a file replaced from a file left alone."""
    info = path.stat()
    return info.st_ino, info.st_mtime_ns


# ---------------------------------------------------------------- section 2: no file lost

@pytest.mark.parametrize("link", ["same", "symlink", "hardlink"])
def test_cat_refuses_to_write_over_its_input(capsys, tmp_path, link):
    words = tmp_path / "words.txt"
    write(words, WORD_LIST)
    output = {"same": words, "symlink": tmp_path / "soft.txt", "hardlink": tmp_path / "hard.txt"}[link]
    if link == "symlink":
        output.symlink_to(words)
    elif link == "hardlink":
        os.link(words, output)
    code, out, err = run(capsys, "cat", "-l", "it", "-d", str(words), "-o", str(output))
    assert (code, out) == (1, "")
    assert_one_error_line(err, str(output), "is the input", str(words))
    assert words.read_text(encoding="utf-8") == WORD_LIST


def test_cat_refuses_to_write_over_the_language_dictionary(capsys, tmp_path):
    words = write(tmp_path / "words.txt", WORD_LIST)
    trie = tmp_path / "mine.marisa"
    assert run(capsys, "compile", "-l", "it", "-d", words, "-o", str(trie))[0] == 0
    before = trie.read_bytes()
    code, _, err = run(capsys, "cat", "-d", str(trie), "-o", str(trie))
    assert code == 1
    assert_one_error_line(err, "is the input")
    assert trie.read_bytes() == before


def test_compile_refuses_when_its_index_would_replace_the_input(capsys, tmp_path):
    words = tmp_path / "words.index"  # a word list that happens to be named like the index
    write(words, WORD_LIST)
    code, _, err = run(capsys, "compile", "-l", "it", "-d", str(words), "-o", str(tmp_path / "words.marisa"))
    assert code == 1
    assert_one_error_line(err, "index", str(words), "is the input")
    assert words.read_text(encoding="utf-8") == WORD_LIST
    assert sorted(p.name for p in tmp_path.iterdir()) == ["words.index"]


@pytest.mark.parametrize("content", [b"my notes, not an index\n", b"", b"x" * 200])
def test_compile_never_overwrites_an_index_that_is_not_ours(capsys, tmp_path, content):
    notes = tmp_path / "notes.index"
    notes.write_bytes(content)
    words = write(tmp_path / "w.txt", WORD_LIST)
    code, _, err = run(capsys, "compile", "-l", "it", "-d", words, "-o", str(tmp_path / "notes.marisa"))
    assert code == 1
    assert_one_error_line(err, str(notes), "not an index written by ruzzle compile")
    assert notes.read_bytes() == content
    assert not (tmp_path / "notes.marisa").exists()


def test_compile_never_overwrites_a_bands_file_that_is_not_ours(capsys, tmp_path):
    notes = tmp_path / "notes.bands"
    notes.write_bytes(b"my band's set list\n")
    words = write(tmp_path / "w.txt", WORD_LIST)
    code, _, err = run(capsys, "compile", "-l", "it", "-d", words, "-o", str(tmp_path / "notes.marisa"))
    assert code == 1
    assert_one_error_line(err, str(notes), "not a band file written by ruzzle compile")
    assert notes.read_bytes() == b"my band's set list\n"
    assert not (tmp_path / "notes.marisa").exists()
    # Without -l no bands are written, so the same file is no obstacle.
    assert run(capsys, "compile", "-d", words, "-o", str(tmp_path / "notes.marisa"))[0] == 0
    assert notes.read_bytes() == b"my band's set list\n"


def test_compile_replaces_its_own_index_and_reindexes_a_marisa_in_place(capsys, tmp_path):
    trie = tmp_path / "it.marisa"
    words = write(tmp_path / "w.txt", WORD_LIST)
    assert run(capsys, "compile", "-l", "it", "-d", words, "-o", str(trie))[0] == 0
    assert run(capsys, "compile", "-l", "it", "-d", words, "-o", str(trie))[0] == 0  # over our own index
    os.unlink(index_path(trie))
    code, _, err = run(capsys, "compile", "-d", str(trie), "-o", str(trie))  # the README's way to add one
    assert (code, err) == (0, "")
    assert load_index(trie) is not None


@pytest.mark.parametrize("argv", [["cat", "-l", "en", "-o", "-"], ["generate", "-l", "it", "-o", "-", "--seed", "1"]])
def test_dash_output_means_stdout(capsys, monkeypatch, tmp_path, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "") and len(out.splitlines()) >= 4
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["cat", "-l", "en"], ["generate", "-l", "it", "--seed", "3"]])
def test_file_output_is_replaced_whole_through_a_temporary_file(capsys, tmp_path, argv):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    before = mtime_and_inode(target)
    assert run(capsys, *argv, "-o", str(target))[0] == 0
    assert mtime_and_inode(target)[0] != before[0], "written in place, not renamed into place"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text(encoding="utf-8") != "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_failed_cat_leaves_the_old_file_whole(capsys, monkeypatch, tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")

    def full_disk(words):
        yield "AB\n"
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(dictionaries, "_chunks", full_disk)
    code, _, err = run(capsys, "cat", "-l", "en", "-o", str(target))
    assert code == 1
    assert_one_error_line(err, "No space left on device", str(target))
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_output_to_a_device_writes_to_it_and_keeps_it(capsys):
    assert run(capsys, "generate", "-l", "it", "-o", os.devnull)[0] == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_write_atomically_follows_a_link(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    (tmp_path / "link.txt").symlink_to(real)
    write_atomically(tmp_path / "link.txt", lambda path: write_bytes(path, b"new"))
    assert (tmp_path / "link.txt").is_symlink() and real.read_text() == "new"


# ---------------------------------------------------------------- section 4: bounded input

@pytest.mark.parametrize("argv, option", [
    (["solve", "-l", "it", "-b", ""], "-b/--board"),
    (["solve", "-l", "it", "-d", "", "-b", "-"], "-d/--dictionary"),
    (["solve", "-l", "it", "--image", ""], "--image"),
    (["demo", "-l", "it", "--dictionary="], "-d/--dictionary"),
    (["cat", "-d", ""], "-d/--dictionary"),
    (["cat", "-l", "it", "-o", ""], "-o/--output"),
    (["compile", "-d", "", "-o", "x.marisa"], "-d/--dictionary"),
    (["generate", "-l", "it", "-o", ""], "-o/--output"),
    (["plan", "-l", "it", "-b", ""], "-b/--board"),
    (["read", ""], "IMAGE"),
])
def test_an_empty_file_name_is_a_usage_error(capsys, argv, option):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert_one_error_line(err, option, "empty file name")


def test_an_endless_board_file_stops_at_the_limit(capsys):
    code, _, err = run(capsys, "solve", "-l", "it", "-b", "/dev/zero")
    assert code == 1
    assert_one_error_line(err, "/dev/zero", *LIMIT_WORDS)


def test_an_endless_board_on_stdin_stops_at_the_limit():
    with subprocess.Popen(["yes", "A"], stdout=subprocess.PIPE) as endless:
        done = subprocess.run([RUZZLE, "solve", "-l", "it", "-b", "-"], stdin=endless.stdout,
                              capture_output=True, text=True, timeout=120)
        endless.kill()
    assert done.returncode == 1 and done.stdout == ""
    assert_one_error_line(done.stderr, "standard input", *LIMIT_WORDS)


@pytest.mark.parametrize("text, fragment", [
    ("A\n" * (MAX_SIDE + 1), f"line {MAX_SIDE + 1}: more than {MAX_SIDE} rows"),
    ("A " * (MAX_SIDE + 1), f"line 1: more than {MAX_SIDE} cells"),
])
def test_boards_past_the_largest_are_refused(capsys, tmp_path, text, fragment):
    code, _, err = run(capsys, "solve", "-l", "it", "-b", write(tmp_path / "b.txt", text))
    assert code == 1
    assert_one_error_line(err, fragment, f"{MAX_SIDE}x{MAX_SIDE}")


def test_the_largest_board_parses():
    board = Board.parse(("A " * MAX_SIDE + "\n") * MAX_SIDE)
    assert (board.rows, board.cols) == (MAX_SIDE, MAX_SIDE)
    with pytest.raises(BoardError, match=f"the largest is {MAX_SIDE}x{MAX_SIDE}"):
        Board.from_letters("A" * (MAX_SIDE + 1), rows=1)


def test_generate_sides_go_up_to_the_largest_board(capsys):
    code, out, _ = run(capsys, "generate", "-l", "it", "-r", str(MAX_SIDE), "-c", "2", "--no-bonus")
    assert code == 0 and len(out.splitlines()) == MAX_SIDE
    code, _, err = run(capsys, "generate", "-l", "it", "-r", str(MAX_SIDE + 1))
    assert code == 2
    assert_one_error_line(err, f"at most {MAX_SIDE}")


@pytest.mark.parametrize("token", ["1" * 10_000_000, "A" + "x" * 10_000_000, "Ж" * 5_000_000])
def test_errors_quote_only_an_excerpt_of_a_huge_token(token):
    with pytest.raises(BoardError) as caught:
        Board.parse(f"A {token}\n", language=None)
    assert len(str(caught.value)) < 200 and f"{len(token):,} characters" in str(caught.value)


def test_a_huge_token_in_a_board_file_gives_a_short_line(capsys, tmp_path):
    code, _, err = run(capsys, "solve", "-l", "it", "-b", write(tmp_path / "b.txt", "Q" + "9" * 500_000))
    assert code == 1 and len(err) < 200
    assert_one_error_line(err, "line 1, cell 1", "500,001 characters")


# ---------------------------------------------------------------- section 5: stdout and Ctrl-C

@pytest.mark.parametrize("argv", [["demo", "-l", "it"], ["languages"], ["cat", "-l", "en"],
                                  ["generate", "-l", "it"], ["solve", "-l", "it", "-b", "/dev/null"]])
def test_closed_stdout_is_one_line(argv):
    done = ruzzle(*argv, shell_prefix="exec >&-;")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    if argv[0] != "solve":  # an empty board file is reported before anything is written
        assert_one_error_line(done.stderr, "standard output is closed")


@pytest.mark.parametrize("argv", [["languages"], ["demo", "-l", "it"], ["cat", "-l", "en"]])
def test_full_disk_on_stdout_is_one_line(argv):
    done = ruzzle(*argv, shell_prefix="exec >/dev/full;")
    assert done.returncode == 1
    assert "Exception ignored" not in done.stderr
    assert_one_error_line(done.stderr, "No space left on device")


INTERRUPT_AT_IMPORT = """
import sys

class Interrupt:
    # Ctrl-C arriving while this module is being imported
    def find_spec(self, name, path=None, target=None):
        if name == sys.argv[1]:
            raise KeyboardInterrupt

sys.meta_path.insert(0, Interrupt())
from ruzzle_gui.cli import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("module", ["ruzzle_gui.cli.common", "ruzzle_gui.cli.solving", "marisa_trie",
                                    "ruzzle_gui.language", "ruzzle_gui.graph", "ruzzle_gui.languages.parsed"])
def test_ctrl_c_while_importing_is_quiet(tmp_path, module):
    # Everything `ruzzle` imports past its console script's first line is imported inside main().
    done = subprocess.run([sys.executable, "-c", INTERRUPT_AT_IMPORT, module, "demo", "-l", "it"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (130, "", "ruzzle: interrupted")


def test_ctrl_c_at_any_moment_gives_no_traceback_from_ruzzle():
    # Python's own start-up and the console script's `import re` come before any code of
    # ours can run, so a traceback there is not ours to prevent; none may come from ruzzle_gui.
    for step in range(25):
        proc = subprocess.Popen([RUZZLE, "demo", "-l", "it"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        time.sleep(0.005 * step)
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=60)[1]
        assert f'File "{PACKAGE_DIR}{os.sep}' not in err, (step, err)
        assert proc.returncode in (0, 1, 130, -signal.SIGINT) or "Traceback" in err, (step, proc.returncode, err)


def test_a_library_message_over_many_lines_is_said_in_one(capsys):
    # numpy's failed import, for one, explains itself over a dozen lines.
    from ruzzle_gui.cli.common import fail

    assert fail("Importing the numpy C-extensions failed.\n\n  Original error was: no module\n") == 1
    said = "Importing the numpy C-extensions failed. Original error was: no module"
    assert capsys.readouterr().err == f"ruzzle: error: {said}\n"
