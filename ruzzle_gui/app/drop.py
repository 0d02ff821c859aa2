"""Dropping a board file on the window, where the platform allows it (tkdnd via tkinterdnd2).

Tk has no drag and drop of its own. tkinterdnd2 ships the tkdnd extension for
Linux, Windows and macOS; when it is missing or its native library cannot load
(another platform, a Tk it was not built for), the app simply takes no drops.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from ruzzle_gui.app.text.i18n import _

DROP_FILES = "DND_Files"


def enable_drop(widget: tk.Misc, on_file: Callable[[str], object]) -> str | None:
    """Make ``widget`` accept dropped files, calling ``on_file`` with the first; return None or why not."""
    try:
        from tkinterdnd2 import TkinterDnD
    except ImportError as err:
        return _("drag and drop needs tkinterdnd2 ({problem})").format(problem=err)
    try:
        TkinterDnD.require(widget)
        widget.drop_target_register(DROP_FILES)  # type: ignore[attr-defined]  # added to every widget by tkinterdnd2
    except (RuntimeError, ImportError, OSError, tk.TclError, AttributeError) as err:
        return _("drag and drop is not available here ({problem})").format(problem=err)
    widget.dnd_bind("<<Drop>>", lambda event: _dropped(widget, event.data, on_file))  # type: ignore[attr-defined]  # added by tkinterdnd2 too
    return None


def dropped_paths(widget: tk.Misc, data: str) -> list[str]:
    """Return the file paths in a drop's data, a Tcl list (paths with spaces come braced)."""
    return [path for path in widget.tk.splitlist(data) if path]


def _dropped(widget: tk.Misc, data: str, on_file: Callable[[str], object]) -> str:
    """Open the first dropped file and accept the drop as a copy."""
    paths = dropped_paths(widget, data)
    if paths:
        on_file(paths[0])
    return "copy"
