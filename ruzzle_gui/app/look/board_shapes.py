"""The rounded box and the font a board is drawn with, shared by BoardView and its PathDrawing; no Tk."""
from __future__ import annotations

FAMILY = "DejaVu Sans"


def font(pixels: float, smallest: int, *, bold: bool = False) -> tuple:
    """Return the board's font ``pixels`` high, at least ``smallest``."""
    return (FAMILY, -max(int(pixels), smallest), *(("bold",) if bold else ()))


def rounded_box(x0: float, y0: float, x1: float, y1: float, radius: float) -> list[float]:
    """Return polygon points that, drawn with smooth=True, make a rounded rectangle."""
    return [x0 + radius, y0, x1 - radius, y0, x1, y0, x1, y0 + radius, x1, y1 - radius, x1, y1,
            x1 - radius, y1, x0 + radius, y1, x0, y1, x0, y1 - radius, x0, y0 + radius, x0, y0]
