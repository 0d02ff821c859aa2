"""StepBar: the bar over every screen naming the three steps, the one shown marked, and the light/dark button."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import N_, _
from ruzzle_gui.app.window import on_event

STEPS = (N_("1  Letters"), N_("2  Bonuses"), N_("3  Words"))


class StepBar(ttk.Frame):
    """Each step is clickable (``actions``, one a step); the button on the right switches the theme."""

    def __init__(self, master: tk.Misc, actions: tuple[Callable[[], object], ...],
                 on_theme: Callable[[], None]) -> None:
        left, top, right = (theme.px(master, p) for p in (16, 12, 16))
        super().__init__(master, padding=(left, top, right, 0))
        self.step_labels = []
        for number, (text, action) in enumerate(zip(STEPS, actions)):
            if number:
                ttk.Label(self, text="›", style="Muted.TLabel").pack(side="left", padx=4)
            label = ttk.Label(self, text=_(text), style="Step.TLabel", cursor="hand2")
            label.pack(side="left")
            label.bind("<Button-1>", on_event(action))
            self.step_labels.append(label)
        self.theme_button = ttk.Button(self, command=on_theme, takefocus=False)
        self.theme_button.pack(side="right")
        self.label_theme_button()

    def label_theme_button(self) -> None:
        """Name the mode the theme button switches to."""
        dark = theme.mode(self) == "dark"
        self.theme_button.configure(text=_("☀  Light mode") if dark else _("☾  Dark mode"))

    def mark(self, step: int) -> None:
        """Mark step ``step`` (from 0) as the one shown."""
        for number, label in enumerate(self.step_labels):
            style = "StepActive.TLabel" if number == step else "Step.TLabel"
            if label.cget("style") != style:  # a new style lays the label out afresh: only on a change
                label.configure(style=style)
