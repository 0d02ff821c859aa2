"""Capture the screen, for a board shown in a mirrored phone window or a desktop game."""
from __future__ import annotations

import os
import subprocess
import sys

from PIL import Image

from ruzzle_gui.vision.errors import ImageError, coded

__all__ = ["Rect", "capture_screen"]

Rect = tuple[int, int, int, int]  # left, top, width, height, in screen pixels
WAYLAND_HINT = "on Wayland, the screen is captured through gnome-screenshot, grim or spectacle: install one"


def capture_screen(region: Rect | None = None) -> Image.Image:
    """Return a picture of the whole screen (every monitor), or of ``region`` of it, to find the board in.

    Pillow's ImageGrab is used rather than mss: Pillow is needed anyway, so the
    capture costs no extra dependency, and on X11 it grabs through the X server.
    """
    from PIL import ImageGrab

    box = None if region is None else (region[0], region[1], region[0] + region[2], region[1] + region[3])
    try:
        return ImageGrab.grab(bbox=box, all_screens=True).convert("RGB")
    except (OSError, subprocess.SubprocessError) as err:  # no X server; Wayland's screenshot tool refused
        raise coded(ImageError(f"cannot capture the screen: {_reason(err)}"), "capture", problem=_reason(err)) from None


def _reason(err: Exception) -> str:
    """Return why the capture failed, in the user's terms where Pillow's are an X error number."""
    if os.environ.get("WAYLAND_DISPLAY"):
        return f"{err} ({WAYLAND_HINT})"
    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        return "no display to capture (DISPLAY is not set)"
    if "X connection failed" in str(err):
        return f"the X display {os.environ.get('DISPLAY')} cannot be reached ({err})"
    return str(err)
