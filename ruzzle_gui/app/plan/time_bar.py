"""TimeBar: the plan across the round's whole time, each planned word a block as wide as its swipe."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from ruzzle_gui.app.look import theme
from ruzzle_gui.plan import Plan

# Pixel sizes as on a 96-DPI screen; each goes through theme.px.
BAR_HEIGHT = 26
THIN_BAR_HEIGHT = 14  # on a short window: still a block per word, and the list keeps a row more
BAR_INSET = 3  # the blocks stop this far short of the bar's top and bottom
# Colours per mode: a played word greys out, neighbouring words alternate with the accent, so each one's
# width shows, and the word being swiped is marked in the path's start colour in both modes.
PLAYED = {"light": "#9aa3ae", "dark": "#6b7480"}
SECOND_BAR = {"light": "#7986cb", "dark": "#9fa8da"}
BAR_BACKGROUND = {"light": "#ffffff", "dark": "#2b2b2b"}


class TimeBar(tk.Canvas):
    """A canvas as wide as it is given, drawn again by ``draw`` (the plan view calls it on each change)."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, height=theme.px(master, BAR_HEIGHT), background=BAR_BACKGROUND[theme.mode(master)],
                         highlightthickness=0)
        self.bar_height = BAR_HEIGHT  # as on a 96-DPI screen

    def set_thin(self, thin: bool) -> None:
        """Draw the bar thin (a short window) or at its full height; ``draw`` fills whichever it is."""
        self.bar_height = THIN_BAR_HEIGHT if thin else BAR_HEIGHT
        self.configure(height=theme.px(self, self.bar_height))

    def draw(self, plan: Plan, current: int | None, is_played: Callable[[int], bool],
             elapsed: float | None = None) -> None:
        """Draw each of ``plan``'s words as a block across the whole time; mark ``current`` and ``elapsed``."""
        mode = theme.mode(self)
        self.delete("all")
        self.configure(background=BAR_BACKGROUND[mode])
        width, seconds = max(self.winfo_width(), 1), plan.seconds
        height, inset = theme.px(self, self.bar_height), theme.px(self, BAR_INSET)
        scale = (width - 2) / seconds
        for number, step in enumerate(plan.steps):
            colour = (theme.PATH_START if number == current else PLAYED[mode] if is_played(number)
                      else (theme.palette(self).accent, SECOND_BAR[mode])[number % 2])
            self.create_rectangle(1 + step.start * scale, inset, 1 + step.end * scale, height - inset,
                                  fill=colour, outline="")
        if elapsed is not None:
            x = 1 + min(elapsed, seconds) * scale
            self.create_line(x, 0, x, height, fill=theme.palette(self).text, width=theme.px(self, 2))
