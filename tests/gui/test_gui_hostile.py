"""The app against issue #35's hostile cases: a screenshot that is no screenshot, a window closed mid-paste."""
from __future__ import annotations

import io
import struct
import tkinter as tk
from pathlib import Path

import pytest
from PIL import Image

from ruzzle_gui.app.app import App

from gui_helpers import wait_until

READ_TIMEOUT = 60  # seconds: Ghostscript's `{} loop` would never end; a refusal takes milliseconds
EPS_LOOP = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n{} loop\n"


def truncated_ihdr() -> bytes:
    """Return a PNG whose IHDR length field says 5 (Pillow raises ValueError on it)."""
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64)).save(buffer, "PNG")
    return buffer.getvalue()[:8] + struct.pack(">I", 5) + buffer.getvalue()[12:]


def read_over(app: App) -> None:
    """Process events until the app's read has reported."""
    def done() -> bool:
        """the read to finish"""
        return not app.reader.busy
    wait_until(app.root, done, timeout=READ_TIMEOUT)


@pytest.mark.parametrize("content, expected", [
    (EPS_LOOP, "is not an image in a screenshot format"),
    (truncated_ihdr(), "is damaged or truncated"),
])
def test_a_hostile_screenshot_is_said_in_the_window_without_a_traceback(app: App, tmp_path: Path, capfd,
                                                                        content, expected):
    path = tmp_path / "shot.png"
    path.write_bytes(content)
    app.open_screenshot(str(path))
    read_over(app)
    said = str(app.letters.hint.cget("text"))
    assert expected in said and "\n" not in said
    assert capfd.readouterr().err == ""


def test_a_pasted_image_in_another_format_is_refused_before_it_is_decoded(app: App, monkeypatch, capfd):
    from PIL import ImageGrab

    monkeypatch.setattr(ImageGrab, "grabclipboard", lambda: Image.open(io.BytesIO(EPS_LOOP)))
    app.paste_image()
    read_over(app)
    assert "is not an image in a screenshot format" in str(app.letters.hint.cget("text"))
    assert capfd.readouterr().err == ""


@pytest.mark.parametrize("answer", ["timed out", "letters"])
def test_closing_while_a_paste_waits_for_the_clipboard_ends_quietly(app: App, window: tk.Toplevel, answer):
    def slow_clipboard(**_options):
        window.destroy()  # Ctrl+Q, run by Tk's event loop while it waited for the clipboard's owner
        if answer == "timed out":
            raise tk.TclError("selection owner didn't respond")
        return "CASAORENTIMESOLE"

    app.letters.clipboard_get = slow_clipboard  # type: ignore[method-assign]
    app.letters.board_view.event_generate("<Control-v>")  # a traceback here fails the test (tk_errors)
    assert not window.winfo_exists()
