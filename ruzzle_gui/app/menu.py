"""The menu bar: File (Open, recent boards, screenshots, Quit) and Help (Keys)."""
from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path

RECENT_LABEL_CHARS = 60


def recent_label(number: int, path: str) -> str:
    """Return a menu label for a recent board: its number, its name and a shortened folder."""
    folder = str(Path(path).parent)
    if len(folder) > RECENT_LABEL_CHARS:
        folder = "…" + folder[-RECENT_LABEL_CHARS:]
    return f"{number}  {Path(path).name}  —  {folder}"


class MenuBar(tk.Menu):
    """The window's menu bar; ``show_recent`` refills the recent-boards submenu."""

    def __init__(self, root: tk.Tk | tk.Toplevel, on_open: Callable[[], None],
                 on_open_recent: Callable[[str], object], on_keys: Callable[[], None],
                 on_quit: Callable[[], None], on_open_screenshot: Callable[[], None] | None = None,
                 on_paste_image: Callable[[], None] | None = None,
                 on_read_screen: Callable[[], None] | None = None) -> None:
        super().__init__(root, tearoff=False)
        self.on_open_recent = on_open_recent
        self.file_menu = tk.Menu(self, tearoff=False)
        self.recent_menu = tk.Menu(self.file_menu, tearoff=False)
        self.file_menu.add_command(label="Open board…", underline=0, accelerator="Ctrl+O", command=on_open)
        self.file_menu.add_cascade(label="Open recent", underline=5, menu=self.recent_menu)
        self.file_menu.add_separator()
        for label, underline, key, action in (("Open screenshot…", 5, "Ctrl+Shift+O", on_open_screenshot),
                                              ("Paste screenshot", 0, "Ctrl+Shift+V", on_paste_image),
                                              ("Read from screen", 0, "Ctrl+Shift+R", on_read_screen)):
            if action is not None:
                self.file_menu.add_command(label=label, underline=underline, accelerator=key, command=action)
        self.file_menu.add_separator()
        self.file_menu.add_command(label="Quit", underline=0, accelerator="Ctrl+Q", command=on_quit)
        help_menu = tk.Menu(self, tearoff=False)
        help_menu.add_command(label="Keys", underline=0, accelerator="F1", command=on_keys)
        self.add_cascade(label="File", underline=0, menu=self.file_menu)
        self.add_cascade(label="Help", underline=0, menu=help_menu)
        root.configure(menu=self)

    def show_recent(self, paths: Sequence[str]) -> None:
        """List ``paths`` (newest first) in the Open recent submenu, numbered for the keyboard."""
        self.recent_menu.delete(0, "end")
        for number, path in enumerate(paths, 1):
            self.recent_menu.add_command(label=recent_label(number, path), underline=0,
                                         command=functools.partial(self.on_open_recent, path))
        if not paths:
            self.recent_menu.add_command(label="No boards opened yet", state="disabled")
