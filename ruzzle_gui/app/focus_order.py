"""Tab order that follows what the player sees: rows top to bottom, left to right within a row.

Tk moves the focus through widgets in stacking order, which is the order they
were created in, not where they are drawn: a row packed from the right
(``Edit board``, ``New game``) or controls created before the board they sit
under would be visited out of place.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence

Box = tuple[int, int, int, int]  # x, y, width, height within the parent
LAID_OUT = ("pack", "grid", "place")  # toplevels ("wm") and menus are left alone


def reading_order(boxes: Sequence[Box]) -> list[int]:
    """Return the indexes of ``boxes`` in reading order; boxes that overlap vertically share a row."""
    rows: list[list[int]] = []
    bottom = None
    for index in sorted(range(len(boxes)), key=lambda i: boxes[i][1]):
        x, y, _width, height = boxes[index]
        if bottom is None or y >= bottom:
            rows.append([])
            bottom = y + height
        else:
            bottom = max(bottom, y + height)
        rows[-1].append(index)
    return [index for row in rows for index in sorted(row, key=lambda i: boxes[i][0])]


def follow_layout(container: tk.Misc) -> None:
    """Restack the widgets laid out inside ``container`` so Tab visits them in reading order."""
    if not container.winfo_exists():
        return  # closed before the idle call that was to order it
    children = [child for child in container.winfo_children() if child.winfo_manager() in LAID_OUT]
    boxes = [(c.winfo_x(), c.winfo_y(), c.winfo_width(), c.winfo_height()) for c in children]
    for index in reading_order(boxes):
        # Tk's own raise: Canvas.lift means raising canvas items, not the widget.
        container.tk.call("raise", str(children[index]))
    for child in children:
        follow_layout(child)
