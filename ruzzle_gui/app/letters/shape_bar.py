"""ShapeBar: the Letters screen's toolbar, the board's language and its rows × columns."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.state import MAX_TYPED_SIZE
from ruzzle_gui.app.text.i18n import _
from ruzzle_gui.app.typed_board import MIN_SIZE


class ShapeBar(ttk.Frame):
    """The language chooser on the left, the size boxes on the right; what a choice does is the screen's."""

    def __init__(self, master: tk.Misc, names: list[str], *, on_language: Callable[[tk.Event], None],
                 on_size: Callable[[], None]) -> None:
        super().__init__(master)
        self.on_size = on_size
        ttk.Label(self, text=_("Language")).pack(side="left")
        self.language_box = ttk.Combobox(self, state="readonly", width=14, values=names)
        self.language_box.pack(side="left", padx=(theme.px(self, 8), 0))
        self.language_box.bind("<<ComboboxSelected>>", on_language)
        self.rows_var, self.cols_var = tk.StringVar(), tk.StringVar()
        self.cols_box = self._size_box(self.cols_var)
        ttk.Label(self, text="×").pack(side="right", padx=theme.px(self, 6))
        self.rows_box = self._size_box(self.rows_var)
        ttk.Label(self, text=_("Board size (rows × columns)")).pack(side="right", padx=(0, theme.px(self, 8)))

    def _size_box(self, variable: tk.StringVar) -> ttk.Spinbox:
        """Return a packed spinbox for one board dimension."""
        box = ttk.Spinbox(self, from_=MIN_SIZE, to=MAX_TYPED_SIZE, width=3, textvariable=variable,
                          command=self.on_size, justify="center")
        box.pack(side="right")
        box.bind("<FocusOut>", lambda _event: self.on_size())
        return box
