"""Issue #35's messages and file ownership: what a hostile name, a closed stderr or a read-only disk gets.

Each case runs the installed ``ruzzle`` through bash (so ``2>&-`` is real) in a folder of its own.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

RUZZLE_BIN = str(Path(sys.executable).parent)  # the venv's bin/, where the console script is installed
BOARD = "C A S A\nO R E N\nT I M E\nS O L E\n"
MAX_LINE = 1000  # an error line or a notice echoes a short excerpt, however long what it quotes
RAW_CONTROLS = "\r\x1b\0\x07\x9b\u202e"  # what rewrites or reorders a terminal's line
AS_ROOT = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                             reason="giving a file to another user needs root")


def run(folder: Path, command: str) -> subprocess.CompletedProcess:
    """Run shell ``command`` in ``folder`` with the installed ``ruzzle`` first on PATH."""
    env = {**os.environ, "PATH": f"{RUZZLE_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "XDG_CONFIG_HOME": str(folder / "cfg"), "HOME": str(folder)}
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def assert_visible_line(stderr: str, fragment: str) -> None:
    """Assert ``stderr`` is one short line holding ``fragment``, with no control character left raw."""
    assert "Traceback" not in stderr and stderr.count("\n") == 1 and stderr.endswith("\n"), repr(stderr[:2000])
    assert len(stderr) <= MAX_LINE, f"{len(stderr):,} characters: {stderr[:200]!r}"
    assert not any(ch in stderr for ch in RAW_CONTROLS), repr(stderr)
    assert fragment in stderr, repr(stderr)


# ---------------------------------------------------------------- control characters (case 13)

@pytest.mark.parametrize("name, shown", [
    ("x\rruzzle: solved, 0 errors", "x\\rruzzle: solved, 0 errors"),
    ("no\x1b[31mred", "no\\x1b[31mred"),
    ("bell\x07\x9b2J", "bell\\x07\\x9b2J"),
    ("evil\u202etxt.png", "evil\\u202etxt.png"),
])
def test_a_control_character_in_a_file_name_is_shown_as_an_escape(tmp_path, name, shown):
    quoted = "".join(ch if ch.isalnum() and ch.isascii() else f"\\U{ord(ch):08x}" for ch in name)
    done = run(tmp_path, f"ruzzle solve -l it -b $'{quoted}'")
    assert done.returncode == 1
    assert_visible_line(done.stderr, f"board file not found: {shown}")


@pytest.mark.parametrize("cell, shown", [("A\x1b[2K", "'A\\x1b[2K'"), ("A\0", "'A\\0'")])
def test_a_control_character_in_a_cell_is_shown_as_an_escape(tmp_path, cell, shown):
    (tmp_path / "b.txt").write_text(BOARD.replace("C", cell, 1), encoding="utf-8")
    done = run(tmp_path, "ruzzle solve -l it -b b.txt")
    assert done.returncode == 1
    assert_visible_line(done.stderr, shown)


def test_a_usage_error_quoting_a_control_character_shows_it_as_an_escape(tmp_path):
    done = run(tmp_path, "ruzzle plan -l it -b b.txt --seconds $'1\\r2'")
    assert done.returncode == 2
    assert_visible_line(done.stderr, "1\\r2")


# ---------------------------------------------------------------- a notice as long as the board (case 14)

def test_the_unsure_as_plain_notice_is_cut(tmp_path):
    """A list of tiles is cut past MAX_NOTICE: long enough for every tile of a 4x4 board with its reason
    (tests/test_cli_letter_doubt.py reads a whole one), never a 300x300 board's 1.5 MB."""
    from ruzzle_gui.cli.common import MAX_NOTICE

    (tmp_path / "doubt.txt").write_text(("?A " * 120 + "\n") * 120, encoding="utf-8")
    done = run(tmp_path, "ruzzle solve -l it -b doubt.txt --unsure-as-plain -q --top 1 > /dev/null")
    assert done.returncode == 0, done.stderr[:500]
    assert done.stderr.count("\n") == 1 and len(done.stderr) <= MAX_NOTICE + 100, len(done.stderr)
    assert "solving with these letters unchecked: row 1 cell 1" in done.stderr
    assert "characters left out" in done.stderr


# ---------------------------------------------------------------- stderr closed or failing (case 15)

@pytest.mark.parametrize("command", [
    "ruzzle solve -l it -b nonexistent --json 2>&-",
    "ruzzle solve -l it -b nonexistent --json 2>/dev/full",
    "ruzzle solve -l it -b $'no\\x1bpe' --json 2>&- 0<&-",
    "ruzzle plan -l it -b nonexistent --seconds x 2>&-",
])
def test_with_stderr_closed_or_full_an_error_never_reaches_stdout(tmp_path, command):
    done = run(tmp_path, command)
    assert done.stdout == "" and done.returncode in (1, 2), (done.returncode, done.stdout[:500])


def test_with_stderr_closed_the_answer_on_stdout_is_unchanged(tmp_path):
    (tmp_path / "b.txt").write_text(BOARD, encoding="utf-8")
    closed = run(tmp_path, "ruzzle solve -l it -b b.txt --json 2>&-")
    assert closed.returncode == 0
    assert closed.stdout == run(tmp_path, "ruzzle solve -l it -b b.txt --json").stdout


# ---------------------------------------------------------------- whose file it stays (case 11)

@AS_ROOT
@pytest.mark.parametrize("command, name", [("ruzzle generate -l it -o u.txt", "u.txt"),
                                           ("ruzzle cat -l it -d w.txt -o u.txt", "u.txt"),
                                           ("ruzzle compile -l it -d w.txt -o u.marisa", "u.marisa")])
def test_root_writing_over_a_users_file_leaves_it_the_users(tmp_path, command, name):
    os.chmod(tmp_path, 0o755)
    (tmp_path / "w.txt").write_text("casa\nrose\n", encoding="utf-8")
    user = tmp_path / name
    user.write_text("mine\n", encoding="utf-8")
    os.chown(user, 65534, 65534)  # nobody, nogroup
    user.chmod(0o600)
    done = run(tmp_path, command)
    assert done.returncode == 0, done.stderr
    status = user.stat()
    assert (status.st_uid, status.st_gid, status.st_mode & 0o777) == (65534, 65534, 0o600)
    assert user.read_bytes() != b"mine\n"


# ---------------------------------------------------------------- a read-only file system (case 16)

@pytest.fixture
def read_only(tmp_path):
    """Return a small tmpfs holding a compiled dictionary, remounted read-only (root only)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a read-only file system needs root")
    place = tmp_path / "ro"
    place.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(place)], capture_output=True).returncode:
        pytest.skip("this system refuses to mount a tmpfs (a container without the right)")
    try:
        (place / "w.txt").write_text("casa\nrose\n", encoding="utf-8")
        assert run(place, "ruzzle compile -l it -d w.txt -o d.marisa").returncode == 0
        subprocess.run(["mount", "-o", "remount,ro", str(place)], check=True)
        yield place
    finally:
        subprocess.run(["umount", "-l", str(place)], check=False)


def files(folder: Path) -> dict[str, bytes]:
    """Return the name and content of every file in ``folder``."""
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def test_a_read_only_file_system_is_named_as_such(read_only, tmp_path):
    before = files(read_only)
    (tmp_path / "w2.txt").write_text("cane\nmare\n", encoding="utf-8")
    done = run(read_only, f"ruzzle compile -l it -d {tmp_path / 'w2.txt'} -o d.marisa")
    assert done.returncode == 1
    assert_visible_line(done.stderr, "Read-only file system")
    assert "Permission denied" not in done.stderr
    assert files(read_only) == before
    generated = run(read_only, "ruzzle generate -l it -o w.txt")
    assert generated.returncode == 1
    assert_visible_line(generated.stderr, "Read-only file system")
