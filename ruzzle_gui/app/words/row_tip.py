"""RowTip: a small window beside the pointer saying why a list row is marked, shown while the pointer is on it."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.look import theme

OFFSET = 16  # pixels from the pointer, as on a 96-DPI screen: clear of the cursor's arrow


class RowTip:
    """Shows ``text_of(row_id)`` next to the pointer over ``tree``'s rows that have a text ("" or None: none)."""

    def __init__(self, tree: ttk.Treeview, text_of: Callable[[str], str | None]) -> None:
        self.tree, self.text_of = tree, text_of
        self.window: tk.Toplevel | None = None
        self.row: str | None = None
        tree.bind("<Motion>", self._on_motion, add=True)
        tree.bind("<Leave>", lambda _event: self.hide(), add=True)
        tree.bind("<Destroy>", lambda _event: self.hide(), add=True)

    @property
    def text(self) -> str:
        """Return the text shown, "" when hidden."""
        return self.label.cget("text") if self.window is not None else ""

    def _on_motion(self, event: tk.Event) -> None:
        """Show the tip of the row under the pointer, or hide it off marked rows."""
        row = self.tree.identify_row(event.y)
        if row == self.row and self.window is not None:
            self.window.geometry(f"+{event.x_root + self._offset()}+{event.y_root + self._offset()}")
            return
        self.show(row, event.x_root, event.y_root)

    def _offset(self) -> int:
        return theme.px(self.tree, OFFSET)

    def show(self, row: str, x: int, y: int) -> None:
        """Show the tip of ``row`` near screen point (x, y); hide it if the row has none."""
        text = self.text_of(row) if row else None
        self.hide()
        if not text:
            return
        self.row = row
        self.window = window = tk.Toplevel(self.tree)
        window.wm_overrideredirect(True)
        self.label = ttk.Label(window, text=text, style="Muted.TLabel", padding=theme.px(self.tree, 6),
                               relief="solid", borderwidth=1)
        self.label.pack()
        window.geometry(f"+{x + self._offset()}+{y + self._offset()}")

    def hide(self) -> None:
        """Take the tip away."""
        if self.window is not None:
            self.window.destroy()
            self.window = None
        self.row = None
