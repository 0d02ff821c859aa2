"""The app's practice and History screens timed: a swiped word judged, the review shown, History opened.

    python -m ruzzle_gui.lab.practice_app_bench [--rounds 10000] [--repeat 15] [--startup 15]

Needs a display (``xvfb-run -a python -m ...`` on a headless machine). In a
temporary data folder it fills a store with ``--rounds`` rounds, then, in one
App in this process, times (medians of ``--repeat`` runs; nothing is asserted):

- a swiped word: the pointer's release on the last tile of a word's path (the
  ``<ButtonRelease-1>`` event), the word judged, its points said and the counts
  redrawn, until Tk is idle;
- the review: from the time being up (``finish``) to the review drawn: the round
  kept in the store, the plan for the same seconds at the player's pace, the lists;
- History: from the key to the chart drawn over ``--rounds`` rounds of one language.

Then start-up: ``--startup`` pairs of child processes building the App, as shipped
and with the practice and History rooms imported up front (what lazy loading saves).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tkinter as tk
from pathlib import Path

from ruzzle_gui.app.practice.practice_round import LINGER_MS
from ruzzle_gui.lab.history_bench import fill
from ruzzle_gui.lab.report import machine

STARTUP = ("import time; began = time.perf_counter()\n"
           "{extra}import tkinter as tk\nfrom ruzzle_gui.app.app import App\n"
           "root = tk.Tk(); root.withdraw(); App(root); root.update()\n"
           "print(time.perf_counter() - began)\n")
EAGER = ("import ruzzle_gui.app.practice.practice_round, ruzzle_gui.app.history.history_view, "
         "ruzzle_gui.store.database\n")


def app_in(folder: str):  # -> App
    """Return an App on a new Tk root, its settings in ``folder``."""
    from ruzzle_gui.app.app import App
    from ruzzle_gui.app.settings import Settings
    from ruzzle_gui.app.state import AppState

    root = tk.Tk()
    state = AppState(language="it", settings_file=Path(folder) / "settings.json",
                     settings=Settings(language="it"))
    app = App(root, state)
    root.update()
    return app


def swipe_ms(app, repeat: int, rng: random.Random) -> tuple[float, float]:
    """Return the median times from the release of a word's swipe to Tk idle (the word judged and said),
    and of putting its path out afterwards (a board redraw)."""
    from ruzzle_gui.board import Board

    times, clears = [], []
    for _ in range(repeat):
        app.practise(Board.random(app.language, 4, 4, rng))
        app.root.update()
        view, board = app.practice.board_view, app.practice.setup.board
        for solution in list(app.practice.setup.solutions)[:20]:
            tiles = [r * board.cols + c for r, c in solution.path]
            x, y = view.centre(tiles[0])
            view.event_generate("<ButtonPress-1>", x=x, y=y)
            for tile in tiles[1:]:
                x, y = view.centre(tile)
                view.event_generate("<B1-Motion>", x=x, y=y, state=0x100)
            app.root.update_idletasks()  # the swipe drawn as the pointer moved: not the release's work
            began = time.perf_counter()
            view.event_generate("<ButtonRelease-1>", x=x, y=y)
            app.root.update_idletasks()
            times.append(time.perf_counter() - began)
            assert app.practice.setup.practice.played[-1].word == solution.word
            began = time.perf_counter()
            app.practice._clear_swipe()
            app.root.update_idletasks()
            clears.append(time.perf_counter() - began)
    return statistics.median(times) * 1000, statistics.median(clears) * 1000


def review_ms(app, repeat: int, rng: random.Random) -> float:
    """Return the median time from the time being up to the review drawn (a few words found)."""
    from ruzzle_gui.board import Board

    times = []
    for _ in range(repeat):
        app.practise(Board.random(app.language, 4, 4, rng))
        app.root.update()
        practice = app.practice.setup.practice
        for n, solution in enumerate(list(app.practice.setup.solutions)[:12]):
            practice.judge(solution.word, 4.0 * (n + 1))
        began = time.perf_counter()
        app.practice.finish()
        app.root.update_idletasks()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def history_open_ms(app, repeat: int) -> float:
    """Return the median time from History asked for to its chart drawn (from the Letters screen each time)."""
    times = []
    for n in range(repeat + 1):
        app.show_letters()
        app.root.update()
        began = time.perf_counter()
        app.show_history()
        app.root.update_idletasks()
        if n:  # the first builds the screen (a one-off import): not counted
            times.append(time.perf_counter() - began)
        assert app.history_screen.chart.find_all()
    return statistics.median(times) * 1000


def startup_ms(pairs: int, folder: str) -> dict[str, float]:
    """Return the median seconds (as ms) of building the App in a child, as shipped and with the rooms imported."""
    env = {**os.environ, "XDG_CONFIG_HOME": folder}
    times: dict[str, list[float]] = {"as shipped": [], "practice imported up front": []}
    for _ in range(pairs):
        for name, extra in (("as shipped", ""), ("practice imported up front", EAGER)):
            done = subprocess.run([sys.executable, "-c", STARTUP.format(extra=extra)], capture_output=True,
                                  text=True, env=env, cwd=folder, check=True, timeout=120)
            times[name].append(float(done.stdout))
    return {name: statistics.median(values) * 1000 for name, values in times.items()}


def main(argv: list[str] | None = None) -> int:
    """Fill a store, time the swipe, the review and History in one App, then start-up; print the medians."""
    parser = argparse.ArgumentParser(prog="python -m ruzzle_gui.lab.practice_app_bench")
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--startup", type=int, default=15)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_DATA_HOME"] = folder
        from ruzzle_gui.store import Store

        store = Store()
        fill(store, args.rounds, 30, rng, ("it",))  # one language: History charts them all
        store.close()
        app = app_in(folder)
        per_language = len(app.store.scores("it"))
        print(f"{machine()}\n{args.rounds:,} rounds in the store, {per_language:,} of them Italian")
        boards = max(args.repeat // 5, 1)
        judged, put_out = swipe_ms(app, boards, rng)
        print(f"a swiped word, release to judged and said (Tk idle): median {judged:.2f} ms ({boards * 20} words)")
        print(f"its path put out {LINGER_MS} ms later (a board redraw): median {put_out:.2f} ms")
        print(f"the review, time up to drawn: median {review_ms(app, args.repeat, rng):.1f} ms")
        print(f"History, asked to drawn ({per_language:,} rounds): median {history_open_ms(app, args.repeat):.1f} ms")
        app.root.destroy()
        for name, ms in startup_ms(args.startup, folder).items():
            print(f"app start-up, {name}: median {ms:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
