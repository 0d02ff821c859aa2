"""Watch mode's memory over more boards than a 30-minute watch shows (``watch_bench --memory N``).

The target watches a simulated screen in this process (no grabs, no viewer),
which shows the next of 12 boards as soon as the last one's words are drawn
(``cli``: printed, as ``ruzzle watch`` prints them). Its resident size and the
count of Python objects are taken after the first tenth of the boards, at the
middle and at the end. With ``--trace``, tracemalloc counts the Python memory
too and names the lines of code whose memory grew most from the middle to the
end (its own tables then add to the resident size).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

from ruzzle_gui.lab.report import machine
from ruzzle_gui.lab.watch_targets import WAIT_S, AppTarget, resident_mb
from ruzzle_gui.lab.watch_viewer import PHONE_WIDTH

SCREEN = (1600, 1000)


class SimulatedScreen:
    """A desktop showing one of ``count`` generated phone screenshots; ``grab`` is the watcher's screen."""

    def __init__(self, code: str, count: int = 12) -> None:
        from PIL import Image

        from ruzzle_gui.lab import synth
        from ruzzle_gui.language import load_language

        language, rng = load_language(code), random.Random(3)
        self.pictures = []
        for index in range(count):
            desktop = Image.new("RGB", SCREEN, (58, 64, 72))
            shot = synth.phone_shot(synth.random_board(language, rng), language, PHONE_WIDTH, rng,
                                    synth.fonts()[index % len(synth.fonts())])
            desktop.paste(shot.image, (SCREEN[0] - PHONE_WIDTH - 40, 0))
            self.pictures.append(desktop)
        self.shown = 0

    def grab(self, _region):
        """Return a copy of the picture on the screen now (a PIL image), as a grab does."""
        return self.pictures[self.shown % len(self.pictures)].copy()


def memory_run(args: argparse.Namespace) -> dict:
    """Show ``args.memory`` boards on a simulated screen as fast as the target draws them; return the memory
    figures taken along the way."""
    import gc
    import tracemalloc

    screen, total = SimulatedScreen(args.language), args.memory
    marks = {max(1, total // 10): "start", total // 2: "middle", total: "end"}
    figures: dict = {"boards": total, "marks": [], "grew": []}
    snapshots = {}
    watch = _simulated_app if args.target == "app" else _simulated_cli
    if args.trace:
        tracemalloc.start()
    started = time.monotonic()

    def on_drawn(count: int) -> None:
        screen.shown = count
        if count in marks:
            gc.collect()
            if args.trace:
                snapshots[marks[count]] = tracemalloc.take_snapshot()
            traced = tracemalloc.get_traced_memory()[0] / 1e6 if args.trace else None
            figures["marks"].append((marks[count], count, resident_mb(os.getpid()), len(gc.get_objects()), traced))
            print(f"  {count} boards, {time.monotonic() - started:.0f} s: {figures['marks'][-1][2]:.1f} MB resident, "
                  f"{figures['marks'][-1][3]} objects", file=sys.stderr, flush=True)

    watch(args.language, screen, total, on_drawn)
    if args.trace:
        tracemalloc.stop()
        own = tracemalloc.Filter(False, tracemalloc.__file__)
        grew = snapshots["end"].filter_traces([own]).compare_to(snapshots["middle"].filter_traces([own]), "lineno")
        figures["grew"] = [str(stat) for stat in grew[:5]]
    figures["minutes"] = (time.monotonic() - started) / 60
    return figures


DRAWN = (0.0, None)  # a board drawn, forgotten


def _simulated_app(code: str, screen: SimulatedScreen, total: int, on_drawn) -> None:
    """Let the app watch ``screen`` until it has drawn the words of ``total`` boards."""
    target = AppTarget(code, Path(tempfile.mkdtemp(prefix="ruzzle-watch-bench-")))
    watcher = target.app.watch.watcher
    if watcher is None:
        raise RuntimeError("the app did not start watching")
    watcher.grab = screen.grab  # the watcher reads its screen at every poll
    try:
        while len(target.drawn) < total:
            count = len(target.drawn)
            if target.wait_board(count) is None:
                raise RuntimeError(f"board {count + 1} was not drawn within {WAIT_S:.0f} s")
            target.drawn[count] = DRAWN  # the bench keeps no board: what stays is the app's
            on_drawn(count + 1)
    finally:
        target.close()


def _simulated_cli(code: str, screen: SimulatedScreen, total: int, on_drawn) -> None:
    """Run what ``ruzzle watch`` runs (a Watcher printing each board's words) on ``screen`` for ``total`` boards."""
    import io

    from ruzzle_gui.cli.watching import print_board
    from ruzzle_gui.language import load_language
    from ruzzle_gui.vision.reader import prepare
    from ruzzle_gui.vision.watch import Watcher

    language, printed = load_language(code), threading.Semaphore(0)
    prepare(language)

    def on_board(reading) -> None:
        out, sys.stdout = sys.stdout, io.StringIO()  # the words printed, and thrown away
        try:
            print_board(reading, language, 10)
        finally:
            sys.stdout = out
        printed.release()

    watcher = Watcher(language, on_board, grab=screen.grab)
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()
    try:
        for count in range(1, total + 1):
            if not printed.acquire(timeout=WAIT_S):
                raise RuntimeError(f"board {count} was not printed within {WAIT_S:.0f} s")
            on_drawn(count)
    finally:
        watcher.stop()
        thread.join(timeout=WAIT_S)


def memory_report(args: argparse.Namespace, figures: dict) -> str:
    """Return the memory figures as a Markdown list."""
    lines = [f"Watch mode's memory, target {args.target}, {args.language}, {figures['boards']} boards on a simulated "
             f"screen, {figures['minutes']:.1f} min, {time.strftime('%Y-%m-%d')}, {machine()}"]
    for name, count, resident, objects, traced in figures["marks"]:
        lines.append(f"- {name} (board {count}): {resident:.1f} MB resident, {objects} Python objects"
                     + (f", {traced:.2f} MB traced by tracemalloc" if traced is not None else ""))
    (_, first, resident0, objects0, traced0), (_, last, resident1, objects1, traced1) = figures["marks"][1:]
    boards = last - first
    lines.append(f"- middle to end, per board: {1e3 * (resident1 - resident0) / boards:+.1f} KB resident, "
                 f"{(objects1 - objects0) / boards:+.1f} objects"
                 + (f", {1e3 * (traced1 - traced0) / boards:+.2f} KB traced" if traced0 is not None else ""))
    if figures["grew"]:
        lines.append("- most grown from the middle to the end (tracemalloc):")
        lines += [f"  - {line}" for line in figures["grew"]]
    return "\n".join(lines)
