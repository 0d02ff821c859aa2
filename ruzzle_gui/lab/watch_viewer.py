"""The watch bench's viewer: a process of its own that shows phone screenshots on the screen, and those pictures.

``python -m ruzzle_gui.lab.watch_bench viewer`` runs ``viewer_main``; the bench talks
to it through ``Viewer``. The pictures are generated phone screenshots or real
ones, each with its true board where known.
"""
from __future__ import annotations

import random
import select
import subprocess
import sys
import time
from pathlib import Path

VIEWER_AT = "+1120+0"        # beside the app's window, as a mirrored phone sits beside a desktop app
PHONE_WIDTH = 440


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
