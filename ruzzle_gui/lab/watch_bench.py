"""Watch-mode benchmark: from a board appearing on the screen to its words, idle CPU, memory over time.

    python -m ruzzle_gui.lab.watch_bench [--target app|cli] [--minutes 10] [--boards 12] [--idle 4] [-l en]
                                         [--real DIR [--manifest tests/real_shots/manifest.toml]]
    python -m ruzzle_gui.lab.watch_bench --memory 400 [--target app|cli] [--trace]

A separate viewer process (``python -m ruzzle_gui.lab.watch_bench viewer``) shows
generated phone screenshots (or, with ``--real DIR``, the real ones there) one
after another on the screen; the bench notes when each is drawn. The target
watches the screen: ``app`` is the desktop app in this process, in watch mode,
timed to the word list drawn; ``cli`` is a ``ruzzle watch`` process, timed to
its words printed. Between boards nothing changes for ``--idle`` seconds, and
the target's CPU time over that span is its idle CPU (the X server's is given
apart). Memory is the target's resident size, at the first board and then
every minute. Without a DISPLAY the bench runs its own Xvfb.

``--memory N`` asks only whether memory stays flat, over more boards than a
30-minute watch shows (ruzzle_gui.lab.watch_memory).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ruzzle_gui.lab.report import machine, percentile
from ruzzle_gui.lab.watch_memory import SCREEN, memory_report, memory_run
from ruzzle_gui.lab.watch_targets import APP_WIDTH, AppTarget, CliTarget, process_cpu, resident_mb
from ruzzle_gui.lab.watch_viewer import PHONE_WIDTH, VIEWER_AT, Viewer, phone_pictures, real_pictures, viewer_main

__all__ = ["Viewer", "main", "viewer_main"]


def same_letters(shown, read) -> bool:
    """Return whether the board read has the letters of the board shown (None shown: a real shot, unknown)."""
    return shown is None or (read is not None and tuple(read.letters) == tuple(shown.letters))


def run(args: argparse.Namespace, xserver: int | None) -> dict:
    """Show the boards over and over for ``args.minutes``; return the figures."""
    folder = Path(tempfile.mkdtemp(prefix="ruzzle-watch-bench-"))
    # The app takes the screen's left; a ruzzle watch process leaves the whole screen to the pictures.
    area, at = ((SCREEN[0] - APP_WIDTH - 60, SCREEN[1]), VIEWER_AT) if args.target == "app" else (SCREEN, "+0+0")
    manifest = Path(args.manifest) if args.manifest else None
    pictures = (real_pictures(Path(args.real), args.language, folder, area, manifest) if args.real
                else phone_pictures(args.language, args.boards, folder))
    blank = folder / "blank.png"
    from PIL import Image

    Image.new("RGB", (PHONE_WIDTH, 900), (20, 20, 24)).save(blank)
    viewer = Viewer(at)
    target = AppTarget(args.language, folder / "config") if args.target == "app" else CliTarget(args.language)
    latencies, idle_cpu, xserver_cpu, memory, missed, wrong = [], [], [], [], 0, 0
    started, shown_count, last_minute = time.monotonic(), 0, -1
    try:
        target.idle(2.0)  # the reader's templates drawn, the dictionary loaded
        while shown_count < len(pictures) or time.monotonic() - started < args.minutes * 60:
            path, board = pictures[shown_count % len(pictures)]
            if shown_count and len(pictures) == 1:
                viewer.show(blank)  # the same picture twice in a row would rightly not be read again
                target.idle(1.0)
            shown_at = viewer.show(path)
            seen = target.wait_board(shown_count - missed)
            shown_count += 1
            if seen is None:
                missed += 1
                continue
            latencies.append(seen[0] - shown_at)
            wrong += not same_letters(board, seen[1])
            cpu, x_cpu, clock = process_cpu(target.pid), process_cpu(xserver) if xserver else 0.0, time.monotonic()
            target.idle(args.idle)
            elapsed = time.monotonic() - clock
            idle_cpu.append((process_cpu(target.pid) - cpu) / elapsed)
            if xserver:
                xserver_cpu.append((process_cpu(xserver) - x_cpu) / elapsed)
            minute = int((time.monotonic() - started) // 60)
            if minute != last_minute:
                memory.append((minute, resident_mb(target.pid)))
                last_minute = minute
                print(f"  minute {minute}: {shown_count} boards, {resident_mb(target.pid):.1f} MB, "
                      f"median latency {statistics.median(latencies):.2f} s", file=sys.stderr, flush=True)
    finally:
        target.close()
        viewer.close()
        shutil.rmtree(folder, ignore_errors=True)
    return {"latencies": latencies, "idle_cpu": idle_cpu, "xserver_cpu": xserver_cpu, "memory": memory,
            "shown": shown_count, "missed": missed, "wrong": wrong, "minutes": (time.monotonic() - started) / 60}


def report(args: argparse.Namespace, figures: dict) -> str:
    """Return the figures as a Markdown list."""
    latencies, memory = figures["latencies"], figures["memory"]
    lines = [f"Watch mode, target {args.target}, {args.language}, {'real shots' if args.real else 'generated shots'},"
             f" {figures['minutes']:.1f} min, {time.strftime('%Y-%m-%d')}, {machine()}",
             f"- boards shown: {figures['shown']}; seen: {len(latencies)}; missed: {figures['missed']}; "
             f"read with other letters: {figures['wrong']}"]
    if latencies:
        lines.append(f"- latency, board drawn on the screen to its words: median {statistics.median(latencies):.2f} s,"
                     f" 90th percentile {percentile(latencies, 0.9):.2f} s, worst {max(latencies):.2f} s")
    if figures["idle_cpu"]:
        lines.append(f"- CPU while nothing changes: median {100 * statistics.median(figures['idle_cpu']):.1f}% "
                     f"of one core (worst span {100 * max(figures['idle_cpu']):.1f}%)")
    if figures["xserver_cpu"]:
        lines.append(f"- the X server's CPU meanwhile (the grabs): median "
                     f"{100 * statistics.median(figures['xserver_cpu']):.1f}% of one core")
    if memory:
        steps = ", ".join(f"{mb:.1f}" for _, mb in memory)
        lines.append(f"- resident memory by minute (MB): {steps}")
    return "\n".join(lines)


def start_xvfb() -> subprocess.Popen:
    """Start an Xvfb of SCREEN size on a free display and point DISPLAY at it."""
    reader, writer = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(writer), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
                               "-nolisten", "tcp"], pass_fds=(writer,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(writer)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(reader, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    os.close(reader)
    os.environ["DISPLAY"] = f":{number.decode().strip()}"
    return server


def main(argv: list[str] | None = None) -> int:
    """Run the watch-mode benchmark (or, with ``viewer``, be the viewer process)."""
    parser = argparse.ArgumentParser(prog="python -m ruzzle_gui.lab.watch_bench", description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", choices=("bench", "viewer"), default="bench", help=argparse.SUPPRESS)
    parser.add_argument("--at", default=VIEWER_AT, help=argparse.SUPPRESS)
    parser.add_argument("--target", choices=("app", "cli"), default="app")
    parser.add_argument("-l", "--language", default="en")
    parser.add_argument("--boards", type=int, default=12, help="generated boards shown in turn")
    parser.add_argument("--minutes", type=float, default=0.0, help="keep showing boards this long")
    parser.add_argument("--idle", type=float, default=4.0, help="seconds of a still screen after each board")
    parser.add_argument("--real", metavar="DIR", help="show the real screenshots LANG-*.png|jpg in DIR instead")
    parser.add_argument("--manifest", metavar="TOML",
                        help="the real shots' true boards (tests/real_shots/manifest.toml)")
    parser.add_argument("--memory", type=int, metavar="N",
                        help="instead, memory over N boards shown on a simulated screen as fast as they are read")
    parser.add_argument("--trace", action="store_true", help="with --memory: trace Python's memory as well")
    args = parser.parse_args(argv)
    if args.mode == "viewer":
        return viewer_main(args.at)
    if args.memory is not None and args.memory < 10:
        parser.error("--memory needs at least 10 boards")
    server = start_xvfb() if not os.environ.get("DISPLAY") and (args.memory is None or args.target == "app") else None
    try:
        if args.memory is not None:
            print(memory_report(args, memory_run(args)))
            return 0
        figures = run(args, server.pid if server else None)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    print(report(args, figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
