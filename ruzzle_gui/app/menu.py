"""The menu bar: File (Open, recent boards, screenshots, Quit), Practice (rounds, History) and Help (Keys, language)."""
from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path

from ruzzle_gui.app.text.i18n import LANGUAGES, _, menu_label

RECENT_LABEL_CHARS = 60


def recent_label(number: int, path: str) -> str:
    """Return a menu label for a recent board: its number, its name and a shortened folder."""
    folder = str(Path(path).parent)
    if len(folder) > RECENT_LABEL_CHARS:
        folder = "…" + folder[-RECENT_LABEL_CHARS:]
    return f"{number}  {Path(path).name}  —  {folder}"


class OwnNamesMenu(tk.Menu):
    """A menu of the interface languages, each in its own name: retranslate leaves its texts (but System default)."""

    keep_texts = True  # read by retranslate.retranslate_tree


class MenuBar(tk.Menu):
    """The window's menu bar; ``show_recent`` refills the recent-boards submenu."""

    def __init__(self, root: tk.Tk | tk.Toplevel, on_open: Callable[[], None],
                 on_open_recent: Callable[[str], object], on_keys: Callable[[], None],
                 on_quit: Callable[[], None], on_open_screenshot: Callable[[], None] | None = None,
                 on_paste_image: Callable[[], None] | None = None,
                 on_read_screen: Callable[[], None] | None = None,
                 on_interface_language: Callable[[str | None], None] | None = None,
                 interface_language: str | None = None, on_practice: Callable[[], None] | None = None,
                 on_practice_board: Callable[[], None] | None = None,
                 on_history: Callable[[], None] | None = None) -> None:
        super().__init__(root, tearoff=False)
        self.on_open_recent = on_open_recent
        self.file_menu = tk.Menu(self, tearoff=False)
        self.recent_menu = tk.Menu(self.file_menu, tearoff=False)
        # TRANSLATORS: in menu items, '&' marks the letter underlined for Alt+letter; put it before the
        # letter you choose in your translation, each letter once per menu.
        self.file_menu.add_command(**menu_label("&Open board…"), accelerator="Ctrl+O", command=on_open)
        self.file_menu.add_cascade(**menu_label("Open &recent"), menu=self.recent_menu)
        self.file_menu.add_separator()
        for label, key, action in ((menu_label("Open &screenshot…"), "Ctrl+Shift+O", on_open_screenshot),
                                   (menu_label("&Paste screenshot"), "Ctrl+Shift+V", on_paste_image),
                                   (menu_label("R&ead from screen"), "Ctrl+Shift+R", on_read_screen)):
            if action is not None:
                self.file_menu.add_command(**label, accelerator=key, command=action)
        self.file_menu.add_separator()
        self.file_menu.add_command(**menu_label("&Quit"), accelerator="Ctrl+Q", command=on_quit)
        self.practice_menu = tk.Menu(self, tearoff=False)
        for label, key, action in ((menu_label("&New practice round"), "Ctrl+Shift+P", on_practice),
                                   (menu_label("Practise the &board shown"), "", on_practice_board),
                                   (menu_label("&History"), "Ctrl+Shift+H", on_history)):
            if action is not None:
                self.practice_menu.add_command(**label, accelerator=key, command=action)
        help_menu = tk.Menu(self, tearoff=False)
        help_menu.add_command(**menu_label("&Keys"), accelerator="F1", command=on_keys)
        self.interface_language = tk.StringVar(self, value=interface_language or "")
        if on_interface_language is not None:
            self.language_menu = OwnNamesMenu(help_menu, tearoff=False)
            self.language_menu.add_radiobutton(**menu_label("&System default"), value="",
                                               variable=self.interface_language,
                                               command=lambda: on_interface_language(None))
            self.language_menu.add_separator()
            for code, name in LANGUAGES.items():  # each in its own name, never translated
                self.language_menu.add_radiobutton(label=name, value=code, variable=self.interface_language,
                                                   command=functools.partial(on_interface_language, code))
            help_menu.add_cascade(**menu_label("&Interface language"), menu=self.language_menu)
        self.add_cascade(**menu_label("&File"), menu=self.file_menu)
        if self.practice_menu.index("end") is not None:
            self.add_cascade(**menu_label("&Practice"), menu=self.practice_menu)
        self.add_cascade(**menu_label("&Help"), menu=help_menu)
        root.configure(menu=self)

    def retranslate(self) -> None:
        """Fetch again the texts made with values: the recent boards (and 'No boards opened yet')."""
        self.show_recent(self._recent)
        if hasattr(self, "language_menu"):
            self.language_menu.entryconfigure(0, **menu_label("&System default"))

    def show_recent(self, paths: Sequence[str]) -> None:
        """List ``paths`` (newest first) in the Open recent submenu, numbered for the keyboard."""
        self._recent = list(paths)
        self.recent_menu.delete(0, "end")
        for number, path in enumerate(paths, 1):
            self.recent_menu.add_command(label=recent_label(number, path), underline=0,
                                         command=functools.partial(self.on_open_recent, path))
        if not paths:
            self.recent_menu.add_command(label=_("No boards opened yet"), state="disabled")
