"""What the watch bench watches: the desktop app in watch mode, or a ``ruzzle watch`` process, and their costs."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

APP_WIDTH = 1060
APP_AT = f"{APP_WIDTH}x740+0+0"  # the app's window, on the left of the screen
WAIT_S = 10.0                # a board not seen by then is counted as missed
BONUSES = ("DL", "TL", "DW", "TW")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


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
