"""The Edit menu: Undo and Redo of board changes, each entry naming the step it would take."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from ruzzle_gui.app.hint import bind_shortcut

UNDO_KEYS = ("<Control-z>",)
# Ctrl+Shift+Z reaches Tk as Control-Shift-Z (or -z with Caps Lock); Ctrl+Y as on Windows.
REDO_KEYS = ("<Control-Shift-Z>", "<Control-Shift-z>", "<Control-y>", "<Control-Y>")


def entry_label(verb: str, name: str | None) -> str:
    """Return 'Undo New game', or plain 'Undo' when there is nothing to undo."""
    return f"{verb} {name}" if name else verb


class EditMenu:
    """Adds Edit (Undo, Redo) to ``menubar`` after File and binds the keys on ``root``; ``show`` relabels."""

    def __init__(self, root: tk.Misc, menubar: tk.Menu, on_undo: Callable[[], None],
                 on_redo: Callable[[], None]) -> None:
        self.menu = tk.Menu(menubar, tearoff=False)
        self.menu.add_command(label="Undo", underline=0, accelerator="Ctrl+Z", command=on_undo)
        self.menu.add_command(label="Redo", underline=0, accelerator="Ctrl+Shift+Z", command=on_redo)
        menubar.insert_cascade(1, label="Edit", underline=0, menu=self.menu)
        for sequence in UNDO_KEYS:
            bind_shortcut([root], sequence, on_undo)
        for sequence in REDO_KEYS:
            bind_shortcut([root], sequence, on_redo)

    def show(self, undo_name: str | None, redo_name: str | None) -> None:
        """Name the steps Undo and Redo would take, greying out an entry with nothing to do."""
        for index, verb, name in ((0, "Undo", undo_name), (1, "Redo", redo_name)):
            self.menu.entryconfigure(index, label=entry_label(verb, name), state="normal" if name else "disabled")
