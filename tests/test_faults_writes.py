"""Faults around a write: kills at random moments, full disks, I/O errors, protected files, file size limits.

Each test asserts that the old file is whole or the new one complete, that no
temporary file is left, and that what the user reads is one line naming their file.
"""
from __future__ import annotations

import contextlib
import errno
import os
import random
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ruzzle_gui
from ruzzle_gui import files
from ruzzle_gui.files import write_atomically, write_bytes

from helpers import RUZZLE, leftovers, one_line, ruzzle

OLD = "old content\n"


# ---------------------------------------------------------------- the write routine itself

def test_the_temporary_file_has_the_target_mode_from_the_start(tmp_path):
    target = tmp_path / "words.csv"
    target.write_text(OLD)
    target.chmod(0o640)
    seen = []

    def write(partial: str) -> None:
        seen.append(os.stat(partial).st_mode & 0o777)
        write_bytes(partial, b"new\n")

    write_atomically(target, write)
    assert seen == [0o640] and target.stat().st_mode & 0o777 == 0o640
    assert target.read_text() == "new\n" and leftovers(tmp_path) == []


def test_the_file_and_its_folder_are_synced_before_and_after_the_rename(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append(("fsync", os.path.isdir(f"/proc/self/fd/{fd}"))),
                                                   real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append(("replace",)), real_replace(a, b))[1])
    write_atomically(target, lambda partial: write_bytes(partial, b"x"))
    assert events == [("fsync", False), ("replace",), ("fsync", True)]


@pytest.mark.parametrize("code, where", [(errno.ENOSPC, "write"), (errno.EIO, "fsync"), (errno.EROFS, "open"),
                                         (errno.EDQUOT, "replace")])
def test_an_injected_error_keeps_the_old_file_and_names_the_users_file(tmp_path, monkeypatch, code, where):
    target = tmp_path / "out.txt"
    target.write_text(OLD)

    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    def write(partial: str) -> None:
        write_bytes(partial, b"half")
        if where == "write":
            fail()

    if where in ("fsync", "replace"):
        monkeypatch.setattr(os, where, fail)
    if where == "open":
        real_open = os.open
        monkeypatch.setattr(os, "open", lambda path, *a, **k: fail() if path.endswith(".partial") else
                            real_open(path, *a, **k))
    with pytest.raises(OSError) as caught:
        write_atomically(target, write)
    assert caught.value.filename == str(target) and caught.value.strerror == os.strerror(code)
    assert target.read_text() == OLD and leftovers(tmp_path) == []


def test_leftovers_of_a_killed_writer_are_swept_on_the_next_write(tmp_path):
    target = tmp_path / "out.txt"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".out.txt.{dead.stdout.strip()}.partial"
    stale.write_text("half")
    alive = tmp_path / f".out.txt.{os.getppid()}.partial"  # a writer still running: left alone
    alive.write_text("busy")
    other = tmp_path / f".notes.txt.{dead.stdout.strip()}.partial"  # another file's: left alone
    other.write_text("half")
    write_atomically(target, lambda partial: write_bytes(partial, b"new"))
    assert sorted(leftovers(tmp_path)) == sorted([alive.name, other.name])


def test_a_special_file_is_written_to_directly(tmp_path):
    write_atomically("/dev/null", lambda path: write_bytes(path, b"gone"))
    assert leftovers(Path("/dev")) == []


# ---------------------------------------------------------------- protected files, as a non-root user

def as_nobody(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """Run ``command`` as the user nobody (the tests run as root, whom permissions do not stop)."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("setpriv (util-linux) is needed to run a command as another user")
    env = {"HOME": str(cwd), "XDG_CACHE_HOME": str(cwd / "cache"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", *command], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@contextlib.contextmanager
def reachable_by_others(*paths: Path):
    """Let other users pass through every folder above ``paths`` for the duration, then restore each folder's mode.

    A checkout in a private folder (a clone under /root, or in a 0700 temporary folder) keeps the user nobody
    from the installed package these tests run; only the search (x) right is added, to the folders lacking it.
    """
    folders = {folder for path in paths for folder in path.parents if not folder.stat().st_mode & stat.S_IXOTH}
    modes = {folder: folder.stat().st_mode for folder in folders}
    try:
        for folder, mode in modes.items():
            folder.chmod(mode | stat.S_IXOTH)
        yield
    finally:
        for folder, mode in modes.items():
            folder.chmod(stat.S_IMODE(mode))


@pytest.fixture
def nobody_folder(tmp_path_factory):
    """Return a folder the user nobody owns and can write in, with the installed package within its reach."""
    if os.geteuid() != 0:
        pytest.skip("changing user needs root")
    folder = tmp_path_factory.mktemp("nobody")
    os.chown(folder, 65534, 65534)
    package = Path(ruzzle_gui.__file__)
    if not package.stat().st_mode & stat.S_IROTH:  # installed under umask 077: other users are meant to be kept out
        pytest.skip(f"{package} is readable by its owner only, so no other user can run the package")
    with reachable_by_others(folder / "x", package):
        yield folder


@pytest.mark.parametrize("argv", [["cat", "-l", "en", "-o", "ro.txt"], ["generate", "-l", "en", "-o", "ro.txt"]])
def test_a_protected_output_is_refused_as_a_shell_redirect_refuses_it(nobody_folder, argv):
    target = nobody_folder / "ro.txt"
    target.write_text(OLD)
    os.chown(target, 65534, 65534)
    target.chmod(0o444)
    shell = as_nobody(["sh", "-c", "echo x > ro.txt"], nobody_folder)
    assert shell.returncode != 0 and "Permission denied" in shell.stderr  # what the user knows
    done = as_nobody([*RUZZLE, *argv], nobody_folder)
    assert done.returncode == 1
    assert one_line(done.stderr) == "ruzzle: error: Permission denied: ro.txt"
    assert target.read_text() == OLD and leftovers(nobody_folder) == []


def test_a_writable_file_in_a_protected_folder_names_the_file(nobody_folder):
    folder = nobody_folder / "locked"
    folder.mkdir()
    target = folder / "out.txt"
    target.write_text(OLD)
    os.chown(target, 65534, 65534)
    folder.chmod(0o555)
    done = as_nobody([*RUZZLE, "cat", "-l", "en", "-o", "locked/out.txt"], nobody_folder)
    assert done.returncode == 1
    assert one_line(done.stderr) == "ruzzle: error: Permission denied: locked/out.txt"
    assert target.read_text() == OLD and leftovers(folder) == []


# ---------------------------------------------------------------- limits and kills, for real

def test_a_file_size_limit_keeps_the_old_file(tmp_path):
    target = tmp_path / "words.txt"
    target.write_text(OLD)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))

    done = ruzzle("cat", "-l", "en", "-o", "words.txt", cwd=tmp_path, preexec_fn=limit)
    assert done.returncode == 1
    assert one_line(done.stderr) == "ruzzle: error: File too large: words.txt"
    assert target.read_text() == OLD and leftovers(tmp_path) == []


def when_writing(child: subprocess.Popen, folder: Path, rng: random.Random) -> None:
    """Return at a random moment of ``child``'s write (its temporary file there): mostly mid-write, some after."""
    deadline = time.monotonic() + 60
    while not leftovers(folder) and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(rng.uniform(0, 0.08))


CAUGHT_SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT]


@pytest.mark.parametrize("signum", CAUGHT_SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_signal_at_a_random_moment_of_cat_leaves_no_temporary_file(tmp_path, signum):
    target = tmp_path / "words.txt"
    target.write_text(OLD)
    complete = ruzzle("cat", "-l", "it", cwd=tmp_path).stdout
    rng = random.Random(signum)
    for _ in range(6):
        child = subprocess.Popen([*RUZZLE, "cat", "-l", "it", "-o", "words.txt"], cwd=tmp_path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                 env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")})
        when_writing(child, tmp_path, rng)
        child.send_signal(signum)
        _, err = child.communicate(timeout=60)
        assert "Traceback" not in err
        assert target.read_text() in (OLD, complete)
        assert leftovers(tmp_path) == []


def test_a_kill_at_a_random_moment_of_cat_loses_nothing_and_the_next_write_sweeps(tmp_path):
    target = tmp_path / "words.txt"
    target.write_text(OLD)
    complete = ruzzle("cat", "-l", "it", cwd=tmp_path).stdout
    rng = random.Random(9)
    for _ in range(6):
        child = subprocess.Popen([*RUZZLE, "cat", "-l", "it", "-o", "words.txt"], cwd=tmp_path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        when_writing(child, tmp_path, rng)
        child.kill()
        child.wait()
        assert target.read_text() in (OLD, complete)
    assert ruzzle("generate", "-l", "en", "-o", "words.txt", cwd=tmp_path).returncode == 0
    assert leftovers(tmp_path) == []


def test_a_signal_handler_the_program_set_is_kept(tmp_path):
    seen = []
    previous = signal.signal(signal.SIGUSR1, lambda *_: seen.append(1))
    try:
        write_atomically(tmp_path / "a.txt", lambda partial: (os.kill(os.getpid(), signal.SIGUSR1),
                                                                write_bytes(partial, b"a")))
        assert seen == [1] and (tmp_path / "a.txt").read_text() == "a"
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL and not files._live
