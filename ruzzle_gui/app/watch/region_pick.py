"""RegionPicker: the player marks, once, the part of the screen watch mode watches (the phone's window).

The screen is shown frozen, full size, in a window over everything, with the
region drawn on it: drag to mark another, arrows move it, Shift+arrows resize it,
Enter keeps it, W chooses the whole screen, Esc cancels. A still picture works
on every desktop, where a see-through window needs a compositor.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from ruzzle_gui.app.text.i18n import N_, _

Rect = tuple[int, int, int, int]  # left, top, width, height, in screen pixels

STEP_PX = 10         # an arrow key moves or resizes the region this far
MARGIN = 0.15        # a region found around a board takes in this share of the board more on each side ...
BELOW = 0.6          # ... and more below, where the phone's own controls are not, so the board stays in
MIN_SIDE = 40        # smaller drags are stray clicks, not regions
OUTLINE = "#ffcc00"
HELP_MARGIN_PX = 40  # the help line wraps this far from the screen's edges
HELP = N_("Drag around the phone's window · arrows move, Shift+arrows resize · "
          "Enter: watch this region · W: the whole screen · Esc: cancel")


def clamp(rect: Rect, width: int, height: int) -> Rect:
    """Return ``rect`` moved and cut to lie within a ``width`` x ``height`` screen, at least 1 px each way."""
    left, top, w, h = rect
    w, h = max(1, min(w, width)), max(1, min(h, height))
    return max(0, min(left, width - w)), max(0, min(top, height - h)), w, h


def around_board(picture, width: int, height: int) -> Rect | None:
    """Return a region around the board seen in ``picture`` (a PIL image of the screen), or None."""
    from ruzzle_gui.vision.images import to_array
    from ruzzle_gui.vision.locate import locate_board

    grid = locate_board(to_array(picture))
    if grid is None:
        return None
    left, top, _, _ = grid.box(0, 0)
    _, _, right, bottom = grid.box(grid.size - 1, grid.size - 1)
    side = right - left
    rect = (round(left - MARGIN * side), round(top - MARGIN * side),
            round(side * (1 + 2 * MARGIN)), round(bottom - top + (MARGIN + BELOW) * side))
    return clamp(rect, width, height)


class RegionPicker(tk.Toplevel):
    """A full-screen window showing ``picture`` (the screen as it was) with a region to adjust;
    ``on_done(rect)`` gets the region, None for the whole screen; Esc calls ``on_cancel()``."""

    def __init__(self, master: tk.Misc, picture, start: Rect | None, on_done: Callable[[Rect | None], None],
                 on_cancel: Callable[[], None]) -> None:
        super().__init__(master)
        self.on_done, self.on_cancel = on_done, on_cancel
        self.screen_size = picture.size
        self.overrideredirect(True)  # over everything, no title bar: the picture lines up with the screen
        self.geometry(f"{self.screen_size[0]}x{self.screen_size[1]}+0+0")
        self.photo = tk.PhotoImage(master=self, data=_ppm(picture), format="ppm")
        self.canvas = tk.Canvas(self, width=self.screen_size[0], height=self.screen_size[1], highlightthickness=0,
                                borderwidth=0, cursor="crosshair")
        self.canvas.pack()
        self.canvas.create_image(0, 0, image=self.photo, anchor="nw")
        self.rect = clamp(start or (0, 0, *self.screen_size), *self.screen_size)
        self.outline = self.canvas.create_rectangle(0, 0, 1, 1, outline=OUTLINE, width=3)
        # Wrapped to the screen, centred: some languages say it in twice the width of a small screen.
        self.help_text = self.canvas.create_text(self.screen_size[0] // 2, 12, text=_(HELP), fill="white", anchor="n",
                                                 justify="center", width=max(self.screen_size[0] - 2 * HELP_MARGIN_PX,
                                                                             100),
                                                 font=("TkDefaultFont", 12, "bold"))
        text = self.help_text
        left, top, right, bottom = self.canvas.bbox(text)
        backing = self.canvas.create_rectangle(left - 12, top - 6, right + 12, bottom + 6, fill="#202024", outline="")
        self.canvas.tag_lower(backing, text)  # readable over a light screen as over a dark one
        self._drag_from: tuple[int, int] | None = None
        self._bind_input()
        self._draw()
        self.focus_force()

    def _bind_input(self) -> None:
        """Bind the mouse drag and the keys."""
        self.canvas.bind("<ButtonPress-1>", self._press)
        self.canvas.bind("<B1-Motion>", self._drag)
        self.bind("<Return>", lambda _event: self.finish(self.rect))
        self.bind("<KP_Enter>", lambda _event: self.finish(self.rect))
        for key in "wW":
            self.bind(f"<Key-{key}>", lambda _event: self.finish(None))
        self.bind("<Escape>", lambda _event: self.cancel())
        for key, (dx, dy) in {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1)}.items():
            self.bind(f"<Key-{key}>", self._nudger(dx, dy, resize=False))
            self.bind(f"<Shift-{key}>", self._nudger(dx, dy, resize=True))

    def _nudger(self, dx: int, dy: int, resize: bool) -> Callable[[tk.Event], None]:
        """Return a key handler that nudges the region by (``dx``, ``dy``) steps."""
        return lambda _event: self.nudge(dx, dy, resize)

    def nudge(self, dx: int, dy: int, resize: bool) -> None:
        """Move the region (or, with ``resize``, grow or shrink its right and bottom edges) by STEP_PX."""
        left, top, width, height = self.rect
        if resize:
            self.rect = clamp((left, top, width + dx * STEP_PX, height + dy * STEP_PX), *self.screen_size)
        else:
            self.rect = clamp((left + dx * STEP_PX, top + dy * STEP_PX, width, height), *self.screen_size)
        self._draw()

    def _press(self, event: tk.Event) -> None:
        """Start marking a region where the button went down."""
        self._drag_from = (event.x, event.y)

    def _drag(self, event: tk.Event) -> None:
        """Mark the region between where the drag started and the pointer."""
        if self._drag_from is None:
            return
        (x0, y0), (x1, y1) = self._drag_from, (event.x, event.y)
        rect = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        if min(rect[2:]) >= MIN_SIDE:
            self.rect = clamp(rect, *self.screen_size)
            self._draw()

    def _draw(self) -> None:
        """Draw the region's outline."""
        left, top, width, height = self.rect
        self.canvas.coords(self.outline, left + 1, top + 1, left + width - 2, top + height - 2)

    def finish(self, rect: Rect | None) -> None:
        """Close the picker and hand on the region chosen."""
        self.destroy()
        self.on_done(rect)

    def cancel(self) -> None:
        """Close the picker, choosing nothing."""
        self.destroy()
        self.on_cancel()


def _ppm(picture) -> bytes:
    """Return an RGB PIL image as PPM bytes, which Tk shows without Pillow's ImageTk (and fast)."""
    import io

    buffer = io.BytesIO()
    picture.convert("RGB").save(buffer, "PPM")
    return buffer.getvalue()
