"""Tiles a screenshot read doubted: the main button's label, the key to the next one, the reason on hover.

The marks live in the app state (``AppState.unsure``, tile index -> the reader's
reason) until the player settles each tile, so every screen draws the same ones.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Mapping
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.engine_text import said_text
from ruzzle_gui.app.text.i18n import N_, _, format_number, ngettext

HOVER_DELAY_MS = 400  # as a tooltip: a pointer passing over the board shows nothing
NO_REASON = N_("the reader was not sure of this tile")


def solve_label(count: int, plain: str) -> str:
    """Return the main button's text: ``plain``, or 'Solve anyway: N tiles unsure' while any is."""
    return ngettext("Solve anyway: {count} tile unsure  →", "Solve anyway: {count} tiles unsure  →", count).format(
        count=format_number(count)) if count else plain


def next_after(unsure: Mapping[int, str], cursor: int) -> int | None:
    """Return the first unsure tile after ``cursor`` in reading order, wrapping round; None if none."""
    if not unsure:
        return None
    later = [index for index in unsure if index > cursor]
    return min(later) if later else min(unsure)


def reason_text(reason: str) -> str:
    """Return why a tile is unsure in the interface language: a reader's reason (a ``coded.Said``) or an app msgid."""
    return said_text(reason) if reason else _(NO_REASON)


def describe(index: int, state) -> str:
    """Return one line naming unsure tile ``index``, why it is unsure, and how to settle it."""
    r, c = divmod(index, state.cols)
    reason = reason_text(state.unsure.get(index, ""))
    left = len(state.unsure)
    # TRANSLATORS: {reason} is the screenshot reader's reason.
    return ngettext("Unsure, row {row}, column {column}: {reason} · type the letter or set the bonus to settle it"
                    " · ? goes to the next ({left} left)",
                    "Unsure, row {row}, column {column}: {reason} · type the letter or set the bonus to settle it"
                    " · ? goes to the next ({left} left)", left).format(row=r + 1, column=c + 1, reason=reason,
                                                                          left=format_number(left))


class HoverReason:
    """Shows the reader's reason in a small tip when the pointer rests on an unsure tile of ``view``.

    ``marks()`` returns the marks to explain (index -> reason); by default the state's.
    """

    def __init__(self, view, state=None, marks=None) -> None:
        self.view = view
        self.marks = marks if marks is not None else (lambda: state.unsure)
        self.tip: tk.Toplevel | None = None
        self.shown_for: int | None = None
        self._after_id: str | None = None
        view.bind("<Motion>", self._on_motion, add=True)
        view.bind("<Leave>", lambda _event: self.hide(), add=True)
        view.bind("<Destroy>", lambda _event: self.hide(), add=True)

    def _on_motion(self, event: tk.Event) -> None:
        """Schedule the tip for the tile under the pointer, or hide it off the unsure tiles."""
        index = self.view.tile_at(event.x, event.y)
        if index == self.shown_for:
            return
        self.hide()
        if index is not None and index in self.marks():
            self._after_id = self.view.after(HOVER_DELAY_MS, self.show, index)

    def show(self, index: int) -> None:
        """Show the reason for tile ``index`` just below it."""
        self._cancel()
        self.hide()
        reason = reason_text(self.marks().get(index, ""))
        x, y = self.view.centre(index)
        self.tip = tip = tk.Toplevel(self.view)
        tip.wm_overrideredirect(True)
        tip.configure(background=theme.palette(self.view).text)  # a one-pixel frame in the text colour
        ttk.Label(tip, text=_("Unsure: {reason}").format(reason=reason), padding=6).pack(padx=1, pady=1)
        tip.geometry(f"+{self.view.winfo_rootx() + x + 12}+{self.view.winfo_rooty() + y + 12}")
        self.shown_for = index

    def hide(self) -> None:
        """Remove the tip, if shown, and any tip still to come."""
        self._cancel()
        if self.tip is not None:
            self.tip.destroy()
            self.tip = None
        self.shown_for = None

    def _cancel(self) -> None:
        """Cancel a tip still to come."""
        if self._after_id is not None:
            self.view.after_cancel(self._after_id)
            self._after_id = None
