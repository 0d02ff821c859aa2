"""The checks CI runs besides the tests: ruff, mypy and import-linter, each with zero findings.

Configured in pyproject.toml; installed, at pinned versions, by the test extra.
They read the source tree (not the installed copy), as a contributor's editor would.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    """Return the path of a checker installed beside this Python, or skip saying how to get it."""
    found = BIN / name if (BIN / name).exists() else shutil.which(name)
    if not found:
        pytest.skip(f"{name} is not installed: pip install -e '.[test]'")
    return str(found)


def check(command: list[str], **env: str) -> subprocess.CompletedProcess:
    """Run a checker in the source tree; return what it did."""
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, **env})


def test_ruff_finds_nothing():
    done = check([tool("ruff"), "check", "--no-cache", "ruzzle_gui", "tests", "raw_languages"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing():
    done = check([tool("mypy"), "--no-incremental", "--cache-dir", os.devnull])
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr


def test_import_contracts_are_kept():
    # The source tree first on the path, so the contracts are checked against the code being changed.
    done = check([tool("lint-imports"), "--no-cache"], PYTHONPATH=str(ROOT))
    assert done.returncode == 0 and "0 broken" in done.stdout, done.stdout[-5000:] + done.stderr
