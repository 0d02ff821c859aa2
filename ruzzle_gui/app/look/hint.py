"""Helpers every window shares: the hint line for tips and brief errors, and shortcuts."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterable
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.text.i18n import retranslate

ERROR_MS = 4000
NOTICE_MS = 15000  # a notice that tells what happened before the player looked: long enough to read


class HintBar(ttk.Label):
    """Shows a screen's keyboard tip; ``flash`` replaces it with a message for a few seconds."""

    def __init__(self, master: tk.Misc, tip: str) -> None:
        super().__init__(master, text=tip, style="Hint.TLabel", anchor="w")
        self.tip = tip
        self._after_id: str | None = None
        # Wrap rather than cut off a long message when the window is narrow: within the width its padding
        # (4 px each side, as scaled) and a pixel's rounding leave to the text.
        self.bind("<Configure>", lambda event: self.configure(wraplength=max(event.width - theme.px(self, 10), 100)))

    def flash(self, message: str, error: bool = True, ms: int = ERROR_MS) -> None:
        """Show ``message`` (in red if ``error``) for ``ms`` milliseconds, then the tip again."""
        self._cancel()
        self.configure(text=message, style="Error.TLabel" if error else "Hint.TLabel")
        self._after_id = self.after(ms, self.show_tip)

    def show_tip(self) -> None:
        """Put the screen's keyboard tip back."""
        self._cancel()
        self.configure(text=self.tip, style="Hint.TLabel")

    def retranslate(self) -> None:
        """Show the tip in the new interface language (a message flashing in the old one goes)."""
        self.tip = retranslate(self.tip)
        self.show_tip()

    def _cancel(self) -> None:
        """Cancel a pending return to the tip, so messages never stack timers."""
        if self._after_id is not None:
            self.after_cancel(self._after_id)
            self._after_id = None

    def destroy(self) -> None:
        """Cancel the pending timer before the widget goes."""
        self._cancel()
        super().destroy()


def bind_shortcut(widgets: Iterable[tk.Misc], sequence: str, action: Callable[[], object]) -> None:
    """Bind ``sequence`` on each of ``widgets`` to ``action``, stopping the key there."""
    def handler(_event: tk.Event) -> str:
        action()
        return "break"

    for widget in widgets:
        widget.bind(sequence, handler)
