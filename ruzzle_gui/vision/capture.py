"""Capture the screen, for a board shown in a mirrored phone window or a desktop game."""
from __future__ import annotations

from PIL import Image

from ruzzle_gui.vision.errors import ImageError

__all__ = ["capture_screen"]


def capture_screen() -> Image.Image:
    """Return a picture of the whole screen (every monitor), in which read_board then finds the board.

    Pillow's ImageGrab is used rather than mss: Pillow is needed anyway, so the
    capture costs no extra dependency, and on X11 it grabs through the X server.
    """
    from PIL import ImageGrab

    try:
        return ImageGrab.grab(all_screens=True).convert("RGB")
    except OSError as err:
        raise ImageError(f"cannot capture the screen: {err}") from None
