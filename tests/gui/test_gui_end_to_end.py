"""End to end: the real app as a process, typed into with xdotool, solved, and photographed."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ruzzle_gui import Board, Graph, load_language

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
LETTERS = "casemortinapulie"


def xdotool(*args: str, timeout: float = 15) -> str:
    """Run xdotool and return its output."""
    done = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=timeout, check=True)
    return done.stdout.strip()


def window_named(pattern: str, app: subprocess.Popen, timeout: float = 15) -> str:
    """Return the id of the app's window whose title matches ``pattern``, waiting for it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert app.poll() is None, f"the app exited early: {app.stderr.read()}"
        found = subprocess.run(["xdotool", "search", "--pid", str(app.pid), "--name", pattern],
                               capture_output=True, text=True)
        if found.stdout.strip():
            return found.stdout.split()[0]
        time.sleep(0.1)
    pytest.fail(f"no window titled like {pattern!r} after {timeout}s")


def test_type_a_board_press_return_twice_and_see_the_words(display, tmp_path):
    assert shutil.which("xdotool") and shutil.which("import"), "install xdotool and imagemagick (tests/run.sh)"
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "DISPLAY": display}
    # cwd is a scratch folder so the installed package is what runs, not the source tree.
    app = subprocess.Popen([sys.executable, "-m", "ruzzle_gui.app.main", "-l", "it"], cwd=tmp_path, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = window_named("Letters", app)
        xdotool("windowfocus", "--sync", window)
        xdotool("type", "--delay", "30", LETTERS)
        xdotool("key", "Return")
        window_named("Bonuses", app)
        xdotool("key", "Return")
        words = xdotool("getwindowname", window_named("words", app))
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / "end_to_end_results.png"
        time.sleep(1.5)  # let the best word's path finish drawing before the photo
        subprocess.run(["import", "-window", "root", str(shot)], check=True, timeout=30)
        assert app.poll() is None
    finally:
        app.terminate()
        _, errors = app.communicate(timeout=10)
    expected = Graph(Board.from_letters(LETTERS), load_language("it")).solve()
    assert words == f"Ruzzle Solver · {len(expected)} words (Italian)"
    assert shot.stat().st_size > 10_000
    assert errors == ""
