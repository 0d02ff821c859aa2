"""Colours, fonts and ttk styles shared by every window of the app."""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

# The game's own bonus colours: the player recognises them at a glance.
BONUS_COLOURS = {"DL": "#43a047", "TL": "#1e88e5", "DW": "#fbc02d", "TW": "#e53935"}
BONUS_NAMES = {"DL": "Double letter", "TL": "Triple letter", "DW": "Double word", "TW": "Triple word"}
# Yellow is too light for white text; every other tile colour takes white.
DARK_TEXT_ON = {"DW", None}

TILE = "#fbf7ec"
TILE_EDGE = "#d9cfb8"
TILE_SHADOW = "#b9ad92"
LETTER = "#2b2b2b"
BAD_LETTER = "#c62828"
BOARD_BACKGROUND = "#3d4a5c"
CURSOR = "#ff7043"
# Path colours avoid the four bonus hues so a lit tile is never read as a bonus.
PATH_START = "#ff6d00"
PATH_MIDDLE = "#8e24aa"
PATH_END = "#212121"
PATH_LINE = "#ffffff"
START_FILTER = "#00e5ff"

BACKGROUND = "#eef1f5"
ACCENT = "#3949ab"
ACCENT_ACTIVE = "#283593"
MUTED = "#5f6b7a"
ERROR = "#c62828"


def text_colour(bonus: str | None) -> str:
    """Return the letter colour that reads well on a tile with ``bonus``."""
    return LETTER if bonus in DARK_TEXT_ON else "#ffffff"


def apply_theme(root: tk.Misc) -> None:
    """Give the app one consistent ttk look: the clam theme, larger fonts, accent buttons."""
    style = ttk.Style(root)
    style.theme_use("clam")
    base = tkfont.nametofont("TkDefaultFont")
    base.configure(size=11)
    for name in ("TkTextFont", "TkMenuFont", "TkHeadingFont"):
        tkfont.nametofont(name).configure(family=base.actual("family"), size=11)
    family = base.actual("family")
    root.configure(background=BACKGROUND)
    style.configure(".", background=BACKGROUND, font=(family, 11))
    style.configure("TButton", padding=(12, 6))
    style.configure("Small.TButton", padding=(6, 1))
    style.configure("Accent.TButton", background=ACCENT, foreground="#ffffff", bordercolor=ACCENT_ACTIVE,
                    font=(family, 11, "bold"))
    style.map("Accent.TButton", background=[("disabled", "#9fa8da"), ("pressed", ACCENT_ACTIVE),
                                            ("active", ACCENT_ACTIVE)])
    style.map("TCombobox", fieldbackground=[("readonly", "#ffffff")],
              selectbackground=[("readonly", "#ffffff")], selectforeground=[("readonly", LETTER)])
    style.configure("Title.TLabel", font=(family, 16, "bold"))
    style.configure("Muted.TLabel", foreground=MUTED)
    style.configure("Hint.TLabel", foreground=MUTED, padding=(4, 4))
    style.configure("Error.TLabel", foreground=ERROR, padding=(4, 4), font=(family, 11, "bold"))
    style.configure("Summary.TLabel", font=(family, 11, "bold"))
    style.configure("Step.TLabel", foreground=MUTED, padding=(10, 6), font=(family, 11))
    style.configure("StepActive.TLabel", foreground="#ffffff", background=ACCENT, padding=(10, 6),
                    font=(family, 11, "bold"))
    style.configure("Treeview", rowheight=26, font=(family, 11))
    style.configure("Treeview.Heading", font=(family, 11, "bold"), padding=(6, 4))
    style.map("Treeview", background=[("selected", ACCENT)], foreground=[("selected", "#ffffff")])
