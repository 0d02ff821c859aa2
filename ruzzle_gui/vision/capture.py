"""Capture the screen, for a board shown in a mirrored phone window or a desktop game."""
from __future__ import annotations

import os
import subprocess
import sys

from PIL import Image

from ruzzle_gui.vision.errors import ImageError, coded

__all__ = ["Rect", "capture_screen", "on_screen"]

Rect = tuple[int, int, int, int]  # left, top, width, height, in screen pixels
WAYLAND_HINT = "on Wayland, the screen is captured through gnome-screenshot, grim or spectacle: install one"


def capture_screen(region: Rect | None = None) -> Image.Image:
    """Return a picture of the whole screen (every monitor), or of ``region`` of it, to find the board in.

    Pillow's ImageGrab is used rather than mss: Pillow is needed anyway, so the
    capture costs no extra dependency, and on X11 it grabs through the X server.
    A region is counted from the picture's top-left and clipped to it: Pillow pads
    what lies past the screen with black, which for 0,0,13000,13000 is 1.4 GB.
    """
    from PIL import ImageGrab

    try:
        # The whole screen, then cropped: what Pillow does itself with a bounding box on X11 and Windows.
        picture = ImageGrab.grab(all_screens=True)
    except (OSError, subprocess.SubprocessError) as err:  # no X server; Wayland's screenshot tool refused
        raise coded(ImageError(f"cannot capture the screen: {_reason(err)}"), "capture", problem=_reason(err)) from None
    if region is not None:
        picture = picture.crop(on_screen(region, picture.size))
    return picture if picture.mode == "RGB" else picture.convert("RGB")  # converted, RGB is copied: 4 ms a poll


def on_screen(region: Rect, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Return the box (left, top, right, bottom) of ``region`` that lies on a screen of ``size``; raise ImageError
    if none of it does."""
    left, top, width, height = region
    box = (max(left, 0), max(top, 0), min(left + width, size[0]), min(top + height, size[1]))
    if box[0] >= box[2] or box[1] >= box[3]:
        shown = f"{left},{top},{width},{height}"
        raise coded(ImageError(f"the region {shown} lies outside the screen ({size[0]}x{size[1]} pixels)"),
                    "region_off_screen", region=shown, width=size[0], height=size[1])
    return box


def _reason(err: Exception) -> str:
    """Return why the capture failed, in the user's terms where Pillow's are an X error number."""
    if os.environ.get("WAYLAND_DISPLAY"):
        return f"{err} ({WAYLAND_HINT})"
    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        return "no display to capture (DISPLAY is not set)"
    if "X connection failed" in str(err):
        return f"the X display {os.environ.get('DISPLAY')} cannot be reached ({err})"
    return str(err)
