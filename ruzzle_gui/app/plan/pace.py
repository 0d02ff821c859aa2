"""The pace a plan assumes, said in the Plan tab's header with the way to change it: Calibrate…

The default pace is a typical player's, from published figures (docs/pace.md).
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import _, format_decimal, underlined
from ruzzle_gui.app.text.i18n import format_short as seconds


def pace_text(result) -> str:
    """Return 'planned at 2.6 s a word' from a plan's time used per word, or '' for an empty plan."""
    steps = getattr(result, "steps", ())
    if not steps:
        return ""
    return _("planned at {seconds} s a word").format(seconds=format_decimal(result.used / len(steps), 1))


def first_plan_offer(timing) -> str:
    """Return the one-time message that offers Calibrate on the first plan."""
    return _("This plan assumes a typical player's pace ({per_word} s a word + {per_letter} s a letter). "
             "Calibrate… (Alt+C) measures yours in a minute").format(per_word=seconds(timing.per_word),
                                                                     per_letter=seconds(timing.per_letter))


class PaceLine(ttk.Frame):
    """'planned at 2.6 s a word; Calibrate…' under the plan's summary; the app wires ``calibrate_button``."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master)
        self.label = ttk.Label(self, text="", style="Muted.TLabel")
        self.label.pack(side="left")
        self.calibrate_button = ttk.Button(self, **underlined(_("Calibrate…"), "c"), style="Toolbutton",
                                           takefocus=False)
        self.calibrate_button.pack(side="left", padx=(theme.px(self, 4), 0))

    def show(self, result) -> None:
        """Say the pace ``result`` was planned at; hide the line for an empty plan."""
        text = pace_text(result)
        self.label.configure(text=_("{pace};").format(pace=text) if text else "")
        if text:
            self.calibrate_button.pack(side="left", padx=(theme.px(self, 4), 0))
        else:
            self.calibrate_button.pack_forget()
