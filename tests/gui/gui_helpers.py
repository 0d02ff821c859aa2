"""Helpers the GUI tests use to drive real Tk widgets: keys, clicks and waiting on the event loop."""
from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable

import pytest

# A 4x4 Italian board with every kind of bonus, which most GUI tests type, paste or open.
BOARD = "Ctl A S Edl\nR Odw M I\nT E N A\nL U P Otw\n"


def settle(widget: tk.Misc, ms: int = 0) -> None:
    """Process pending events, then keep processing them for ``ms`` milliseconds."""
    widget.update()
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        time.sleep(0.005)
        widget.update()


def wait_until(widget: tk.Misc, condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Process events until ``condition()`` holds; fail the test after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"timed out after {timeout}s waiting for {condition.__doc__ or condition}")
        time.sleep(0.005)
        widget.update()


def press(widget: tk.Misc, *keysyms: str) -> None:
    """Send each key to ``widget`` (which must hold the focus) as a real KeyPress, in order."""
    for keysym in keysyms:
        widget.event_generate("<KeyPress>", keysym=keysym)
        widget.update()


def click(widget: tk.Misc, x: int, y: int, button: int = 1) -> None:
    """Press and release a mouse button at (x, y) in ``widget``."""
    widget.event_generate(f"<ButtonPress-{button}>", x=x, y=y)
    widget.event_generate(f"<ButtonRelease-{button}>", x=x, y=y)
    widget.update()


def solved(app, board: str = BOARD):
    """Type ``board`` on the Letters screen, go through Bonuses, solve, and return the app showing the words."""
    app.letters.type_text(board)
    app.show_bonuses()
    app.solve()
    settle(app.root)
    assert app.screen is app.results
    return app
