"""Photograph the practice round, its review and History, light and dark, at 96 and 192 DPI.

    xvfb-run -a -s "-screen 0 2400x1600x24" python -m ruzzle_gui.lab.practice_shots [--out docs/screenshots]

Plays an Italian round on a seeded board in a temporary data folder: a few words
judged, one swipe held half-way (its path lit, its word forming above the board),
then the time up and the review (a missed word's path played), then History over
60 made-up rounds. Each is photographed with ImageMagick's ``import`` as
``practice-<mode>-<dpi>.png``, ``review-…`` and ``history-…``.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import tkinter as tk
from pathlib import Path

from ruzzle_gui.app.look.theme import POINTS_PER_INCH

SEED = 7
WAIT_MS = 400  # enough for a redraw and a path's first steps


def settle(root: tk.Misc, ms: int = WAIT_MS) -> None:
    """Let Tk draw for ``ms`` milliseconds."""
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        root.update()
        time.sleep(0.01)


def photograph(root: tk.Tk, path: str) -> None:
    """Save the window (its menu bar too) as a PNG."""
    window = root.wm_frame() if root.wm_frame() != "0x0" else hex(root.winfo_id())
    subprocess.run(["import", "-window", window, path], check=True, timeout=60)


def shoot(mode: str, dpi: int, out: str, folder: str) -> list[str]:
    """Photograph the three screens in ``mode`` at ``dpi``; return the files written."""
    from ruzzle_gui.app.app import App
    from ruzzle_gui.app.settings import Settings
    from ruzzle_gui.app.state import AppState
    from ruzzle_gui.board import Board

    root = tk.Tk(className="ruzzle-gui")
    root.tk.call("tk", "scaling", dpi / POINTS_PER_INCH)
    state = AppState(language="it", settings_file=Path(folder) / "settings.json",
                     settings=Settings(language="it", theme=mode))
    app = App(root, state)
    root.geometry("+0+0")
    settle(root)
    app.practise(Board.random(app.language, 4, 4, random.Random(SEED)))
    screen = app.practice
    settle(root)
    assert screen.setup is not None
    solutions = sorted(screen.setup.solutions, key=lambda s: (-s.score, s.word))
    for n, solution in enumerate(solutions[2:8:2]):
        screen.setup.practice.judge(solution.word, 3.5 * (n + 1))
    screen.submit("ZZQ")
    screen._show_counts()
    half = solutions[0]
    screen.path = [r * 4 + c for r, c in half.path[: max(2, len(half.path) - 2)]]
    screen._show_path()
    settle(root)
    written = [os.path.join(out, f"{name}-{mode}-{dpi}.png") for name in ("practice", "review", "history")]
    photograph(root, written[0])
    screen.path = []
    screen.finish()
    screen.review.animate(solutions[0])
    settle(root, 2000)
    photograph(root, written[1])
    app.show_history()
    settle(root)
    photograph(root, written[2])
    root.destroy()
    return written


def main(argv: list[str] | None = None) -> int:
    """Photograph every screen, mode and DPI into ``--out``."""
    parser = argparse.ArgumentParser(prog="python -m ruzzle_gui.lab.practice_shots")
    parser.add_argument("--out", default="docs/screenshots")
    args = parser.parse_args(argv)
    out = os.path.abspath(args.out)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_DATA_HOME"] = folder
        from ruzzle_gui.lab.history_bench import fill
        from ruzzle_gui.store import Store

        store = Store()
        fill(store, 60, 25, random.Random(SEED), ("it",))
        store.close()
        for mode in ("light", "dark"):
            for dpi in (96, 192):
                for path in shoot(mode, dpi, out, folder):
                    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
