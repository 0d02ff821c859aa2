"""Faults during ``ruzzle compile``: its .marisa, .index and .bands change together or not at all."""
from __future__ import annotations

import errno
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ruzzle_gui.bands import bands_path
from ruzzle_gui.dictionary import DictionaryError, compile_words, index_path
from ruzzle_gui.files import pending_path

from helpers import RUZZLE, child_env, leftovers, one_line, ruzzle

# A child that reports what a fresh process finds in a compiled dictionary: its words, and whether
# its index and bands are the ones made for it.
INSPECT = """
import sys
from ruzzle_gui.bands import load_bands
from ruzzle_gui.dictionary import load_index, load_trie
path = sys.argv[1]
words = sorted(load_trie(path).iterkeys())
print(len(words), words[0], words[-1], load_index(path) is not None, load_bands(path) is not None)
"""


def inspect(path: Path) -> str:
    """Return what a fresh process finds in the dictionary at ``path``."""
    done = subprocess.run([sys.executable, "-c", INSPECT, str(path)], capture_output=True, text=True, timeout=120,
                          env=child_env(path.parent))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def two_lists(tmp_path_factory):
    """Return a folder with old.txt and new.txt (different Italian word lists) and x.marisa compiled from old.txt."""
    folder = tmp_path_factory.mktemp("compile")
    words = ruzzle("cat", "-l", "it", cwd=folder).stdout.split()
    (folder / "old.txt").write_text("\n".join(words[:150_000]) + "\n")
    (folder / "new.txt").write_text("\n".join(words[100_000:300_000]) + "\n")
    for name in ("old", "new"):
        done = ruzzle("compile", "-l", "it", "-d", f"{name}.txt", "-o", f"{name}.marisa", cwd=folder)
        assert done.returncode == 0, done.stderr
    return folder


def fresh_copy(two_lists: Path, tmp_path: Path) -> tuple[Path, str, str]:
    """Copy the lists and old x.marisa trio into ``tmp_path``; return x.marisa and what old and new look like."""
    for name in ("old.txt", "new.txt"):
        shutil.copy(two_lists / name, tmp_path / name)
    for suffix in (".marisa", ".index", ".bands"):
        shutil.copy(two_lists / f"old{suffix}", tmp_path / f"x{suffix}")
    return tmp_path / "x.marisa", inspect(two_lists / "old.marisa"), inspect(two_lists / "new.marisa")


def compile_child(folder: Path, **options) -> subprocess.Popen:
    """Start compiling new.txt over x.marisa."""
    return subprocess.Popen([*RUZZLE, "compile", "-l", "it", "-d", "new.txt", "-o", "x.marisa"], cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=child_env(folder),
                            **options)


def test_a_kill_at_a_random_moment_leaves_the_old_dictionary_or_the_new_one(two_lists, tmp_path):
    path, old, new = fresh_copy(two_lists, tmp_path)
    rng = random.Random(29)
    seen = set()
    for _ in range(10):
        child = compile_child(tmp_path)
        time.sleep(rng.uniform(0.1, 4.0))
        child.kill()
        child.communicate()
        found = inspect(path)  # a fresh process: finishes a decided compile, if one was stopped
        assert found in (old, new), found
        seen.add(found)
        if found == new:  # start again from the old one
            path, old, new = fresh_copy(two_lists, tmp_path)
    done = compile_child(tmp_path)
    assert done.wait(timeout=120) == 0
    assert inspect(path) == new and leftovers(tmp_path) == []  # the next compile swept what kills left


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_a_signal_at_a_random_moment_leaves_no_temporary_file(two_lists, tmp_path, signum):
    path, old, new = fresh_copy(two_lists, tmp_path)
    rng = random.Random(signum)
    for _ in range(4):
        child = compile_child(tmp_path)
        time.sleep(rng.uniform(0.1, 4.0))
        child.send_signal(signum)
        _, err = child.communicate(timeout=120)
        assert "Traceback" not in err
        assert leftovers(tmp_path) == []
        assert inspect(path) in (old, new)


def test_a_decided_compile_stopped_half_way_is_finished_by_the_next_load(two_lists, tmp_path):
    path, old, new = fresh_copy(two_lists, tmp_path)
    # What a kill between the renames leaves: the new index in place, the new bands and .marisa staged.
    shutil.copy(two_lists / "new.index", index_path(path))
    shutil.copy(two_lists / "new.bands", pending_path(bands_path(path)))
    shutil.copy(two_lists / "new.marisa", pending_path(str(path)))
    assert inspect(path) == new and leftovers(tmp_path) == []


def test_an_undecided_compile_leaves_the_old_dictionary_and_the_next_compile_sweeps(two_lists, tmp_path):
    path, old, new = fresh_copy(two_lists, tmp_path)
    shutil.copy(two_lists / "new.index", pending_path(index_path(path)))  # staged, but the .marisa never was
    assert inspect(path) == old
    assert compile_child(tmp_path).wait(timeout=120) == 0
    assert inspect(path) == new and leftovers(tmp_path) == []


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EROFS])
def test_an_error_writing_any_of_the_files_changes_none(tmp_path, monkeypatch, code):
    path = tmp_path / "x.marisa"
    compile_words(["CASA", "CASE"], path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    calls = []
    real_fsync = os.fsync

    def failing_fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 2:  # the second file synced: the .marisa is already written
            raise OSError(code, os.strerror(code))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(DictionaryError) as caught:
        compile_words(["CASA", "CASE", "COSE"], path)
    assert str(caught.value).startswith(f"cannot write {tmp_path}/x.")
    assert os.strerror(code) in str(caught.value) and "MARISA" not in str(caught.value)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_real_file_size_limit_changes_nothing(two_lists, tmp_path):
    path, old, new = fresh_copy(two_lists, tmp_path)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (700_000, 700_000))  # the new index (1 MB) is larger

    child = compile_child(tmp_path, preexec_fn=limit)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 1
    assert one_line(err).startswith("ruzzle: error: cannot write x.index: File too large; x.marisa")
    assert inspect(path) == old and leftovers(tmp_path) == []


def test_a_report_that_cannot_be_printed_says_the_dictionary_was_written(two_lists, tmp_path):
    path, old, new = fresh_copy(two_lists, tmp_path)
    with open("/dev/full", "w") as full:
        done = subprocess.run([*RUZZLE, "compile", "-l", "it", "-d", "new.txt", "-o", "x.marisa"], cwd=tmp_path,
                              stdout=full, stderr=subprocess.PIPE, text=True, env=child_env(tmp_path))
    assert done.returncode == 1
    assert one_line(done.stderr) == ("ruzzle: error: wrote x.marisa and the files beside it; only this report "
                                     "could not be printed (No space left on device)")
    assert inspect(path) == new


def test_a_mismatched_pair_left_by_an_older_version_is_repaired_by_the_command_suggested(two_lists, tmp_path):
    path, old, new = fresh_copy(two_lists, tmp_path)
    shutil.copy(two_lists / "new.marisa", path)  # an older compile replaced the .marisa, then was killed
    board = tmp_path / "board.txt"
    board.write_text("C A S A\nI O M E\nA R E T\nO L U N\n")
    solve = ruzzle("solve", "-l", "it", "-d", "x.marisa", "-b", "board.txt", cwd=tmp_path)
    line = one_line(solve.stderr)
    assert solve.returncode == 1 and "does not match the checksum in x.index" in line
    suggested = line.split("(ruzzle ", 1)[1].split(",")[0]
    assert suggested == "compile -d x.marisa -o x.marisa"
    cat = ruzzle("cat", "-d", "x.marisa", cwd=tmp_path)
    assert cat.returncode == 0 and len(cat.stdout.split()) == 200_000
    repair = ruzzle(*suggested.split(), "-l", "it", cwd=tmp_path)
    assert repair.returncode == 0, repair.stderr
    assert inspect(path) == new
    solve = ruzzle("solve", "-l", "it", "-d", "x.marisa", "-b", "board.txt", cwd=tmp_path)
    assert solve.returncode == 0, solve.stderr
