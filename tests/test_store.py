"""The local store (ruzzle_gui.store): verdicts and rounds kept, and every fault met with one line, nothing lost."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ruzzle_gui.store import NotSaved, Round, RoundWord, Store, StoreError
from ruzzle_gui.store.schema import VERSION

# A child process that imports the store as the tests do (the installed package).
CHILD = [sys.executable, "-c"]


def a_round(score: int = 30, language: str = "it") -> Round:
    """Return a small practice round."""
    return Round(language, "C A S A\nI O M E\nA R E T\nO L U N\n", 120.0, score,
                 (RoundWord("CASA", 3.5, 14), RoundWord("ORA", 9.0, 16)), 80, 1200, "2026-12-07T15:00:00Z")


def test_verdicts_are_kept_per_language_and_a_newer_one_wins(tmp_path):
    store = Store(str(tmp_path / "h.sqlite3"))
    store.mark("it", ["ADIVA", "CASA"], "refused", "2026-01-01T00:00:00Z")
    store.mark("it", ["CASA"], "accepted", "2026-02-01T00:00:00Z")
    store.merge("it", {"CASA": ("refused", "2025-01-01T00:00:00Z")})  # older: ignored
    store.mark("de", ["HAUS"], "accepted")
    again = Store(store.path)
    assert again.verdicts("it") == {"ADIVA": ("refused", "2026-01-01T00:00:00Z"),
                                    "CASA": ("accepted", "2026-02-01T00:00:00Z")}
    assert set(again.verdicts("de")) == {"HAUS"}
    assert again.forget("it", ["ADIVA", "NONE"]) == 1
    assert set(Store(store.path).verdicts("it")) == {"CASA"}
    assert again.notices == []


def test_a_new_file_is_made_at_the_current_schema_in_wal_mode(tmp_path):
    path = tmp_path / "deep" / "h.sqlite3"
    Store(str(path)).mark("it", ["CASA"], "accepted")
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reading_before_any_write_makes_no_file(tmp_path):
    store = Store(str(tmp_path / "h.sqlite3"))
    assert store.verdicts("it") == {} and store.rounds() == [] and store.history()["rounds"] == 0
    assert not (tmp_path / "h.sqlite3").exists()


def test_rounds_and_history(tmp_path):
    store = Store(str(tmp_path / "h.sqlite3"))
    for score in (10, 50, 30):
        store.add_round(a_round(score))
    store.add_round(a_round(99, "de"))
    rounds = Store(store.path).rounds("it")
    assert [r.score for r in rounds] == [10, 50, 30]
    assert rounds[0].words == (RoundWord("CASA", 3.5, 14), RoundWord("ORA", 9.0, 16))
    stats = store.history("it", window=2)
    assert stats["rounds"] == 3 and stats["best"]["score"] == 50 and stats["moving_average"] == 40.0
    assert stats["total_words"] == 6 and stats["pace"] == 4.5  # 9 s for 2 words, each round
    assert store.history()["rounds"] == 4


@pytest.mark.parametrize("damage", ["not a database", "truncated", "tables not ours", "columns changed"])
def test_a_damaged_file_is_kept_aside_and_a_new_one_started(tmp_path, damage):
    path = tmp_path / "h.sqlite3"
    store = Store(str(path))
    store.mark("it", [f"W{n:05}" for n in range(3000)], "refused")  # many pages, so truncating bites
    store.close()
    _damage(path, damage)
    damaged = path.read_bytes()
    fresh = Store(str(path))
    assert fresh.verdicts("it") == {}  # no traceback: the damaged file is set aside
    assert len(fresh.notices) == 1 and "damaged" in fresh.notices[0], fresh.notices
    backups = list(tmp_path.glob("h.sqlite3.damaged-*[0-9]"))
    assert len(backups) == 1 and backups[0].read_bytes() == damaged  # kept as it was, byte for byte
    fresh.mark("it", ["CASA"], "accepted")
    assert set(Store(str(path)).verdicts("it")) == {"CASA"}


def _damage(path: Path, how: str) -> None:
    """Damage the store file at ``path`` in one of the ways a disk or a person does."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    if how == "not a database":
        path.write_bytes(b"this is a shopping list, not a database\n" * 50)
    elif how == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[:len(data) // 2])
    elif how == "tables not ours":
        path.unlink()
        other = sqlite3.connect(path)
        other.execute("CREATE TABLE recipes (name TEXT)")
        other.commit()
        other.close()
    else:
        changed = sqlite3.connect(path)
        changed.execute("DROP TABLE round_words")
        changed.execute("CREATE TABLE round_words (x)")
        changed.commit()
        changed.close()


def test_a_file_from_a_newer_ruzzle_is_left_alone(tmp_path):
    path = tmp_path / "h.sqlite3"
    Store(str(path)).mark("it", ["CASA"], "accepted")
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.commit()
    db.close()
    store = Store(str(path))
    assert store.verdicts("it") == {}
    assert store.notices == ["the history was written by a newer ruzzle; update ruzzle to use it"]
    with pytest.raises(NotSaved, match="newer ruzzle"):
        store.mark("it", ["ORA"], "refused")
    assert list(tmp_path.iterdir()) != [] and not list(tmp_path.glob("*.damaged-*"))


WRITER = textwrap.dedent("""
    import sys
    from ruzzle_gui.store import Store
    store = Store(sys.argv[1], busy_seconds=30)
    name = sys.argv[2]
    for n in range(int(sys.argv[3])):
        store.mark("it", [f"{name}{n:04}"], "refused")
    print("done")
""")


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "h.sqlite3")
    Store(path).mark("it", ["FIRST"], "accepted")  # made once: the race is on writes, not on creating the file
    writers = [subprocess.Popen([*CHILD, WRITER, path, name, "150"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True) for name in ("A", "B")]
    for writer in writers:
        out, err = writer.communicate(timeout=120)
        assert writer.returncode == 0 and out == "done\n", err
    verdicts = Store(path).verdicts("it")
    assert len(verdicts) == 301
    assert {w for w in verdicts if w.startswith("A")} == {f"A{n:04}" for n in range(150)}


HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    print("holding", flush=True)
    sys.stdin.readline()
    db.execute("COMMIT")
""")


def test_a_write_waits_for_another_ruzzle_then_says_the_history_is_in_use(tmp_path):
    path = str(tmp_path / "h.sqlite3")
    Store(path).mark("it", ["FIRST"], "accepted")
    holder = subprocess.Popen([*CHILD, HOLDER, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "holding\n"
        store = Store(path, busy_seconds=0.3)
        began = time.monotonic()
        with pytest.raises(NotSaved) as caught:
            store.mark("it", ["CASA"], "refused")
        assert "in use by another ruzzle" in str(caught.value) and "\n" not in str(caught.value)
        assert time.monotonic() - began >= 0.25  # it waited before giving up
        assert store.verdicts("it")["CASA"][0] == "refused"  # kept in memory meanwhile
        assert store.unsaved
    finally:
        holder.communicate("go\n", timeout=30)
    store.mark("it", ["ORA"], "accepted")  # the next write saves what was held too
    assert not store.unsaved
    assert set(Store(path).verdicts("it")) == {"FIRST", "CASA", "ORA"}


KILLED = textwrap.dedent("""
    import os, signal, sys
    from ruzzle_gui.store import Store
    store = Store(sys.argv[1])
    store.mark("it", ["CASA"], "refused")
    store.add_round(__import__("ruzzle_gui.store").store.Round("it", "A", 120.0, 5, (), 0, 0, "2026-12-07T15:00:00Z"))
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_a_kill_never_loses_a_committed_write(tmp_path):
    path = str(tmp_path / "h.sqlite3")
    done = subprocess.run([*CHILD, KILLED, path], capture_output=True, timeout=60)
    assert done.returncode == -9, done.stderr
    store = Store(path)
    assert store.verdicts("it") == {"CASA": ("refused", store.verdicts("it")["CASA"][1])}
    assert store.history()["rounds"] == 1 and store.notices == []


def test_an_unwritable_folder_keeps_the_data_in_memory(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere; the full-disk test covers this path")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    store = Store(str(folder / "sub" / "h.sqlite3"))
    with pytest.raises(NotSaved, match="not saved"):
        store.mark("it", ["CASA"], "refused")
    assert "CASA" in store.verdicts("it")


@pytest.fixture
def tiny_disk(tmp_path):
    """Return a folder on a 200 KB tmpfs (root only), unmounted afterwards."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("a full disk needs root to mount a tiny tmpfs")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_keeps_the_data_in_memory_and_says_it_was_not_saved(tiny_disk):
    path = str(tiny_disk / "h.sqlite3")
    store = Store(path)
    store.mark("it", ["FIRST"], "accepted")
    with open(tiny_disk / "filler", "wb", buffering=0) as filler:  # fill the disk to the last block
        try:
            while True:
                filler.write(b"x" * 4096)
        except OSError:
            pass
    words = [f"W{n:05}" for n in range(2000)]
    with pytest.raises(NotSaved) as caught:
        store.mark("it", words, "refused")
        store.add_round(a_round())
    assert str(caught.value).startswith("not saved: ") and "\n" not in str(caught.value)
    assert set(words) <= set(store.verdicts("it"))  # the session still has them
    (tiny_disk / "filler").unlink()  # room again: the next write saves what was held
    store.add_round(a_round())
    assert len(Store(path).verdicts("it")) == 2001 and not store.unsaved


def test_the_data_folder_follows_xdg_data_home(tmp_path, monkeypatch):
    from ruzzle_gui.store import store_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert store_path() == str(tmp_path / "ruzzle_gui" / "history.sqlite3")


def test_store_errors_are_one_line(tmp_path):
    (tmp_path / "h.sqlite3").mkdir()  # a folder where the file should be
    store = Store(str(tmp_path / "h.sqlite3"))
    with pytest.raises(StoreError) as caught:
        store.mark("it", ["CASA"], "refused")
    assert "\n" not in str(caught.value)


def test_an_older_file_is_migrated_in_place_keeping_its_data(tmp_path, monkeypatch):
    from ruzzle_gui.store import database

    path = str(tmp_path / "h.sqlite3")
    Store(path).mark("it", ["CASA"], "refused", "2026-01-01T00:00:00Z")
    # A later version adds a column: what a file of today's version must go through.
    monkeypatch.setattr(database, "MIGRATIONS", (*database.MIGRATIONS, "ALTER TABLE verdicts ADD COLUMN note TEXT"))
    monkeypatch.setattr(database, "VERSION", VERSION + 1)
    monkeypatch.setattr(database, "COLUMNS", {**database.COLUMNS, "verdicts": (*database.COLUMNS["verdicts"], "note")})
    store = Store(path)
    assert store.verdicts("it") == {"CASA": ("refused", "2026-01-01T00:00:00Z")} and store.notices == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION + 1
    assert [row[1] for row in db.execute("PRAGMA table_info(verdicts)")][-1] == "note"
