"""Damaged installed dictionaries: one line naming the file and the repair, never a wrong list or a crash.

The damage is done to a copy of the installed package in a temporary folder,
never to the real installed data.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ruzzle_gui
from ruzzle_gui.checksums import NOT_LISTED, SUMS_NAME, expected_sums, file_sha256

INSTALLED = Path(ruzzle_gui.__file__).parent
SOURCE_DATA = Path(__file__).resolve().parent.parent / "mt_languages"
BOARD = "C A S A\nI O M E\nA R E T\nO L U N\n"


def data_files(folder: Path) -> list[str]:
    """Return the names of the data files in a dictionaries folder (what SHA256SUMS must list)."""
    return sorted(p.name for p in folder.iterdir() if p.name not in NOT_LISTED and p.is_file())


@pytest.mark.parametrize("folder", [INSTALLED / "mt_languages", SOURCE_DATA], ids=["installed", "source"])
def test_the_checksum_list_matches_the_shipped_data(folder):
    if not folder.is_dir():
        pytest.skip(f"no {folder}")
    sums = expected_sums(str(folder))
    assert sorted(sums) == data_files(folder), f"regenerate it: python -m ruzzle_gui.checksums {folder}"
    for name, digest in sums.items():
        assert file_sha256(str(folder / name)) == digest, f"{name}: regenerate python -m ruzzle_gui.checksums {folder}"


@pytest.fixture
def copy(tmp_path):
    """Return a folder holding a copy of the installed package with the English data only."""
    site = tmp_path / "site"
    shutil.copytree(INSTALLED, site / "ruzzle_gui", ignore=lambda folder, names: [
        n for n in names if n == "__pycache__" or (folder.endswith("mt_languages") and n.split(".")[0] not in
                                                   ("en", "__init__", SUMS_NAME))])
    (tmp_path / "board.txt").write_text(BOARD)
    return tmp_path


def ruzzle(copy: Path, *argv: str) -> subprocess.CompletedProcess:
    """Run the copied package's command line."""
    env = {"PYTHONPATH": str(copy / "site"), "HOME": str(copy), "XDG_CACHE_HOME": str(copy / "cache"),
           "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    code = "import sys, ruzzle_gui.cli as c; assert c.__file__.startswith(sys.argv[1]); sys.exit(c.main(sys.argv[2:]))"
    return subprocess.run([sys.executable, "-c", code, str(copy / "site"), *argv], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=120)


def damage(path: Path, heavy: bool = False) -> None:
    """Overwrite bytes of ``path`` in place (its size kept)."""
    data = bytearray(path.read_bytes())
    start, length = (len(data) // 4, len(data) // 2) if heavy else (len(data) // 2, 16)
    data[start:start + length] = bytes((b + 89) % 256 for b in data[start:start + length])
    with open(path, "r+b") as handle:
        handle.write(data)


SOLVE = ("solve", "-l", "en", "-b", "board.txt", "--common", "3")


@pytest.mark.parametrize("name, heavy", [("en.marisa", False), ("en.marisa", True), ("en.index", False),
                                         ("en.index", True), ("en.bands", False)])
def test_a_damaged_installed_file_is_one_line_naming_it_and_the_repair(copy, name, heavy):
    sound = ruzzle(copy, *SOLVE)
    assert sound.returncode == 0, sound.stderr
    damage(copy / "site" / "ruzzle_gui" / "mt_languages" / name, heavy)
    done = ruzzle(copy, *SOLVE)
    assert done.returncode == 1 and done.stdout == ""
    line = done.stderr.strip()
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"mt_languages/{name} is damaged" in line and "reinstall" in line


def test_the_verdict_is_remembered_and_a_change_is_seen_even_with_its_time_put_back(copy):
    assert ruzzle(copy, *SOLVE).returncode == 0
    cache = (copy / "cache" / "ruzzle_gui" / "verified").read_text()
    assert cache.count("\n") == 4  # en.marisa, en.index, en.bands, en.doubt
    path = copy / "site" / "ruzzle_gui" / "mt_languages" / "en.index"
    status = path.stat()
    damage(path)
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    done = ruzzle(copy, *SOLVE)
    assert done.returncode == 1 and "en.index is damaged" in done.stderr


def test_a_missing_or_damaged_cache_only_costs_a_check(copy):
    (copy / "cache" / "ruzzle_gui").mkdir(parents=True)
    (copy / "cache" / "ruzzle_gui" / "verified").write_bytes(b"\xff\x00garbage\n" * 100)
    assert ruzzle(copy, *SOLVE).returncode == 0
    (copy / "cache").chmod(0o500)
    try:
        assert ruzzle(copy, *SOLVE).returncode == 0
    finally:
        (copy / "cache").chmod(0o700)


def test_a_file_missing_from_the_list_is_refused(copy):
    sums = copy / "site" / "ruzzle_gui" / "mt_languages" / SUMS_NAME
    sums.write_text("".join(line + "\n" for line in sums.read_text().splitlines() if "en.marisa" not in line))
    done = ruzzle(copy, *SOLVE)
    assert done.returncode == 1 and "en.marisa is not in the installed SHA256SUMS list" in done.stderr


def test_the_regeneration_command_writes_the_list(copy):
    folder = copy / "site" / "ruzzle_gui" / "mt_languages"
    before = (folder / SUMS_NAME).read_text()
    (folder / SUMS_NAME).unlink()
    env = {"PYTHONPATH": str(copy / "site"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "ruzzle_gui.checksums", str(folder)], env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert (folder / SUMS_NAME).read_text() == "".join(
        line + "\n" for line in before.splitlines() if line.split("  ")[1].startswith("en."))
    check = subprocess.run(["sha256sum", "-c", SUMS_NAME], cwd=folder, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
