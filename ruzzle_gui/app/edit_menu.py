"""The Edit menu: Undo and Redo, each entry naming the step it would take; the learned word acceptance."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from ruzzle_gui.app.look.hint import bind_shortcut
from ruzzle_gui.app.text.i18n import menu_label

UNDO_KEYS = ("<Control-z>",)
# Ctrl+Shift+Z reaches Tk as Control-Shift-Z (or -z with Caps Lock); Ctrl+Y as on Windows.
REDO_KEYS = ("<Control-Shift-Z>", "<Control-Shift-z>", "<Control-y>", "<Control-Y>")

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ruzzle_gui.app.text.i18n import MenuLabel


def entry_label(verb: str, name: str | None) -> MenuLabel:
    """Return the label and mnemonic of 'Undo New game' (``verb`` 'undo'), or plain 'Undo' with nothing to undo."""
    if verb == "undo":
        # TRANSLATORS: {step} names the change to the board that Undo takes back, e.g. "New game".
        return menu_label("&Undo {step}", step=name) if name else menu_label("&Undo")
    # TRANSLATORS: {step} names the change to the board that Redo makes again, e.g. "New game".
    return menu_label("&Redo {step}", step=name) if name else menu_label("&Redo")


class EditMenu:
    """Adds Edit (Undo, Redo) to ``menubar`` after File and binds the keys on ``root``; ``show`` relabels."""

    def __init__(self, root: tk.Misc, menubar: tk.Menu, on_undo: Callable[[], None],
                 on_redo: Callable[[], None], on_acceptance: Callable[[], None] | None = None) -> None:
        self.menu = tk.Menu(menubar, tearoff=False)
        self.menu.add_command(**entry_label("undo", None), accelerator="Ctrl+Z", command=on_undo)
        self.menu.add_command(**entry_label("redo", None), accelerator="Ctrl+Shift+Z", command=on_redo)
        if on_acceptance is not None:  # the planner's table, as learned from the game's verdicts
            self.menu.add_separator()
            self.menu.add_command(**menu_label("Word &acceptance…"), command=on_acceptance)
        menubar.insert_cascade(1, **menu_label("&Edit"), menu=self.menu)
        for sequence in UNDO_KEYS:
            bind_shortcut([root], sequence, on_undo)
        for sequence in REDO_KEYS:
            bind_shortcut([root], sequence, on_redo)

    def show(self, undo_name: str | None, redo_name: str | None) -> None:
        """Name the steps Undo and Redo would take, greying out an entry with nothing to do."""
        for index, verb, name in ((0, "undo", undo_name), (1, "redo", redo_name)):
            self.menu.entryconfigure(index, **entry_label(verb, name), state="normal" if name else "disabled")
