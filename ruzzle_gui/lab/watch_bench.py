"""Watch-mode benchmark: from a board appearing on the screen to its words, idle CPU, memory over time.

    python -m ruzzle_gui.lab.watch_bench [--target app|cli] [--minutes 10] [--boards 12] [--idle 4] [-l en]
                                         [--real DIR [--manifest tests/real_shots/manifest.toml]]

A separate viewer process (``python -m ruzzle_gui.lab.watch_bench viewer``) shows
generated phone screenshots (or, with ``--real DIR``, the real ones there) one
after another on the screen; the bench notes when each is drawn. The target
watches the screen: ``app`` is the desktop app in this process, in watch mode,
timed to the word list drawn; ``cli`` is a ``ruzzle watch`` process, timed to
its words printed. Between boards nothing changes for ``--idle`` seconds, and
the target's CPU time over that span is its idle CPU (the X server's is given
apart). Memory is the target's resident size, at the first board and then
every minute. Without a DISPLAY the bench runs its own Xvfb.
"""
from __future__ import annotations

import argparse
import os
import random
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from ruzzle_gui.lab.report import machine, percentile

__all__ = ["Viewer", "main", "viewer_main"]

SCREEN = (1600, 1000)
APP_WIDTH = 1060
APP_AT = f"{APP_WIDTH}x740+0+0"  # the app's window, left ...
VIEWER_AT = "+1120+0"        # ... and the phone beside it, as a mirrored phone sits beside a desktop app
PHONE_WIDTH = 440
WAIT_S = 10.0                # a board not seen by then is counted as missed
BONUSES = ("DL", "TL", "DW", "TW")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


# ---------------------------------------------------------------- the viewer, in a process of its own

def viewer_main(at: str) -> int:
    """Show the image named on each stdin line ("show PATH" or "hide"), printing "done <monotonic>" once drawn."""
    import tkinter as tk

    root = tk.Tk(className="ruzzle-viewer")
    root.overrideredirect(True)
    root.geometry(at)
    label = tk.Label(root, borderwidth=0)
    label.pack()
    root.withdraw()
    photo: list[tk.PhotoImage] = []

    def command() -> None:
        if not select.select([sys.stdin], [], [], 0)[0]:
            root.after(5, command)
            return
        line = sys.stdin.readline().strip()
        if not line:
            root.destroy()
            return
        verb, _, path = line.partition(" ")
        if verb == "show":
            photo[:] = [tk.PhotoImage(master=root, file=path)]
            label.configure(image=photo[0])
            root.deiconify()
        else:
            root.withdraw()
        root.update()
        root.tk.call("winfo", "rgb", root, "black")  # a round trip: the X server has drawn what came before
        print("done", time.monotonic(), flush=True)
        root.after(5, command)

    root.after(5, command)
    root.mainloop()
    return 0


class Viewer:
    """The viewer process: ``show(path)`` returns the monotonic time the picture was on the screen."""

    def __init__(self, at: str = VIEWER_AT) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "ruzzle_gui.lab.watch_bench", "viewer", "--at", at],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        stdin, stdout = self.process.stdin, self.process.stdout
        if stdin is None or stdout is None:
            raise RuntimeError("the viewer process has no stdin or stdout pipe")
        self.stdin, self.stdout = stdin, stdout

    def _say(self, line: str) -> float:
        self.stdin.write(line + "\n")
        self.stdin.flush()
        answer = self.stdout.readline().split()
        if not answer or answer[0] != "done":
            raise RuntimeError(f"the viewer did not answer {line!r}")
        return float(answer[1])

    def show(self, path: str | Path) -> float:
        """Show the image at ``path``; return when it was drawn (time.monotonic, shared by processes on Linux)."""
        return self._say(f"show {path}")

    def hide(self) -> float:
        """Hide the picture."""
        return self._say("hide")

    def close(self) -> None:
        """End the viewer."""
        self.stdin.close()
        self.process.wait(timeout=10)


# ---------------------------------------------------------------- boards to show

def phone_pictures(code: str, count: int, folder: Path, seed: int = 1) -> list[tuple[Path, object]]:
    """Write ``count`` generated phone screenshots to ``folder``; return (path, board) pairs."""
    from ruzzle_gui.lab import synth
    from ruzzle_gui.language import load_language

    language, rng = load_language(code), random.Random(seed)
    pictures: list[tuple[Path, object]] = []
    for index in range(count):
        board = synth.random_board(language, rng)
        shot = synth.phone_shot(board, language, PHONE_WIDTH, rng, synth.fonts()[index % len(synth.fonts())])
        path = folder / f"board{index}.png"
        shot.image.save(path)
        pictures.append((path, board))
    return pictures


def true_boards(manifest: Path | None, code: str) -> dict[str, object]:
    """Return the true board of each real shot of language ``code`` named in ``manifest`` (a TOML list of
    [[shot]] with file and board, as tests/real_shots/manifest.toml), by file name."""
    if manifest is None:
        return {}
    import tomllib

    from ruzzle_gui.board import Board
    from ruzzle_gui.language import load_language

    language = load_language(code)
    shots = tomllib.loads(manifest.read_text(encoding="utf-8")).get("shot", [])
    return {shot["file"]: Board.parse(shot["board"], language) for shot in shots
            if shot.get("language") == code and shot.get("board")}


def real_pictures(folder: Path, code: str, out: Path, area: tuple[int, int],
                  manifest: Path | None = None) -> list[tuple[Path, object]]:
    """Return the real screenshots of language ``code`` in ``folder``, shrunk to fit ``area``, with their true
    boards where ``manifest`` gives them (else None)."""
    from PIL import Image

    truth, pictures = true_boards(manifest, code), []
    for index, path in enumerate(sorted(folder.glob(f"{code}-*"))):
        with Image.open(path) as opened:
            image = opened.convert("RGB")
            image.thumbnail(area)
            target = out / f"real{index}.png"
            image.save(target)
        pictures.append((target, truth.get(path.name)))
    return pictures


# ---------------------------------------------------------------- what the target costs

def process_cpu(pid: int) -> float:
    """Return the CPU seconds (user + system) process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def resident_mb(pid: int) -> float:
    """Return the resident memory of process ``pid`` in MB."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / 1e6


class AppTarget:
    """The desktop app in this process, watching; ``wait_board`` returns when the words of a new board are drawn."""

    def __init__(self, code: str, config: Path) -> None:
        os.environ["XDG_CONFIG_HOME"] = str(config)
        from ruzzle_gui.app.app import App
        from ruzzle_gui.app.settings import Settings
        from ruzzle_gui.app.state import AppState

        state = AppState(language=code, settings_file=config / "settings.json", settings=Settings(language=code))
        self.app = App(state=state)
        self.root, self.pid = self.app.root, os.getpid()
        self.root.geometry(APP_AT)
        self.drawn: list[tuple[float, object]] = []
        show = self.app.results.show_solutions

        def timed(board, *args, **kwargs):
            show(board, *args, **kwargs)
            self.root.update_idletasks()  # the word list drawn
            self.drawn.append((time.monotonic(), board))

        # The instance's method wrapped, as a test's monkeypatch would: the app has no hook for "words drawn".
        setattr(self.app.results, "show_solutions", timed)
        self.pump(1.0)
        self.app.watch.start()

    def pump(self, seconds: float, until=lambda: False) -> None:
        """Run the Tk event loop for ``seconds``, or until ``until()`` holds (checked every 20 ms)."""
        end = time.monotonic() + seconds

        def check() -> None:
            if until() or time.monotonic() >= end:
                self.root.quit()
            else:
                self.root.after(20, check)

        self.root.after(20, check)
        self.root.mainloop()

    def wait_board(self, count: int) -> tuple[float, object] | None:
        """Return (time drawn, board) of board number ``count`` (from 0), or None if it did not come in time."""
        self.pump(WAIT_S, lambda: len(self.drawn) > count)
        return self.drawn[count] if len(self.drawn) > count else None

    def idle(self, seconds: float) -> None:
        """Let the app run with nothing changing on the screen."""
        self.pump(seconds)

    def close(self) -> None:
        """Stop watching and close the app."""
        self.app.close()


class CliTarget:
    """A ``ruzzle watch`` process; a board counts once its summary line is printed."""

    def __init__(self, code: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", "import sys; from ruzzle_gui.cli import main; "
                                         "sys.exit(main())", "watch", "-l", code, "--top", "10"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        stdout, stderr = self.process.stdout, self.process.stderr
        if stdout is None or stderr is None:
            raise RuntimeError("the ruzzle watch process has no stdout or stderr pipe")
        self.stdout, self.stderr = stdout, stderr
        self.pid = self.process.pid
        self.drawn: list[tuple[float, object]] = []
        self.letters: list[str] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        self.stderr.readline()  # "watching the screen ...": ready

    def _read(self) -> None:
        """Note each board printed (its letters, from the drawing under "board seen at") as its summary comes."""
        from ruzzle_gui.board import Board

        grid: list[str] | None = None
        for line in self.stdout:
            if line.startswith("board seen at"):
                grid = []
            elif grid is not None and line.strip():
                grid.append(line)
            elif grid is not None:  # the blank line after the board: its header line, then a line per row
                grid = [letter for row in grid[1:] for letter in row.split()[1:] if letter not in BONUSES]
                self.letters, grid = grid, None
            if "total score" in line or line.startswith("no words"):
                with self.lock:
                    self.drawn.append((time.monotonic(), Board(4, 4, tuple(self.letters), (None,) * 16)
                                       if len(self.letters) == 16 else None))

    def wait_board(self, count: int) -> tuple[float, object] | None:
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            with self.lock:
                if len(self.drawn) > count:
                    return self.drawn[count]
            time.sleep(0.005)
        return None

    def idle(self, seconds: float) -> None:
        time.sleep(seconds)

    def close(self) -> None:
        self.process.send_signal(2)
        self.process.wait(timeout=10)


# ---------------------------------------------------------------- the run

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
    args = parser.parse_args(argv)
    if args.mode == "viewer":
        return viewer_main(args.at)
    server = start_xvfb() if not os.environ.get("DISPLAY") else None
    try:
        figures = run(args, server.pid if server else None)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    print(report(args, figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
