"""Photograph the Letters and Words screens in an interface language, for docs/screenshots.

    xvfb-run -a -s "-screen 0 1280x800x24" python -m ruzzle_gui.lab.interface_shots it ru

writes ``docs/screenshots/letters-<language>.png`` and ``words-<language>.png`` for each code given
(ImageMagick's ``import -window`` takes the picture), with a settings file in a temporary folder so
the player's own settings are neither read nor changed.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHOTS = Path(__file__).resolve().parent.parent.parent / "docs" / "screenshots"
SIZE = "1060x740"  # the window size the app picks on a 96-DPI laptop
SOLVE_MS = 2500    # long enough for the solve and the first steps of the path animation
# A board in each photographed language, with one bonus of each kind.
BOARDS = {"it": ("italian", "Ctl A S Edl\nR Odw M I\nT E N A\nL U P Otw\n"),
          "ru": ("russian", "Кtl О Т Аdl\nР Еdw С Л\nН И К А\nП Рtw О Д\n")}


def settle(widget, ms: int = 0) -> None:
    """Process Tk's events, then keep processing them for ``ms`` milliseconds."""
    widget.update()
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        time.sleep(0.005)
        widget.update()


def photograph(window, path: Path) -> None:
    """Save a picture of ``window`` at ``path``."""
    subprocess.run(["import", "-window", hex(window.winfo_id()), str(path)], check=True, timeout=30)


def shoot(code: str, folder: Path) -> list[Path]:
    """Photograph Letters with the board typed, then Words once solved, in interface language ``code``."""
    import tkinter as tk

    from ruzzle_gui.app.app import App
    from ruzzle_gui.app.settings import Settings
    from ruzzle_gui.app.state import AppState
    from ruzzle_gui.app.text import i18n

    name, board = BOARDS[code]
    i18n.set_language(code)
    root = tk.Tk()
    with tempfile.TemporaryDirectory() as home:
        state = AppState(language=code, settings_file=Path(home) / "settings.json",
                         settings=Settings(language=code, theme="light", interface_language=code))
        app = App(root, state)
        root.geometry(f"{SIZE}+0+0")
        settle(root, 300)
        app.letters.type_text(board)
        settle(root, 500)
        paths = [folder / f"letters-{name}.png", folder / f"words-{name}.png"]
        photograph(root, paths[0])
        app.solve()
        settle(root, SOLVE_MS)
        photograph(root, paths[1])
        root.destroy()
    return paths


def main(argv: list[str] | None = None) -> int:
    """Photograph each language named (default: it ru); return 0, or 2 for an unknown language."""
    codes = (argv if argv is not None else sys.argv[1:]) or list(BOARDS)
    if any(code not in BOARDS for code in codes):
        print(f"usage: python -m ruzzle_gui.lab.interface_shots [{' | '.join(BOARDS)}]...", file=sys.stderr)
        return 2
    for code in codes:
        for path in shoot(code, SHOTS):
            print(path.relative_to(SHOTS.parent.parent), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
