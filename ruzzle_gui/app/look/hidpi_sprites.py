"""Sun Valley's fixed-size pictures (check box, arrows, slider knob), drawn larger on a high-DPI screen.

Everything else in the app scales with the screen (fonts in points, sizes through
``theme.px``), but Sun Valley draws its check box, combobox and spinbox arrows and
slider knob from bitmaps made for 96 DPI: at 192 DPI a 20-pixel box sat beside
text twice its size. On a screen of scale 1.75 or more, each of these elements is
made again from copies of its bitmaps zoomed by the whole factor nearest the scale
(2 at 192 DPI), with its fixed sizes multiplied to match.

``ELEMENTS`` repeats Sun Valley's definitions of those elements (sv-ttk 2.6, the
same in light and dark); ``tests/gui/test_gui_look.py`` checks them against its source.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

PREFIX = "HiDPI."  # Checkbutton.indicator is drawn by HiDPI.Checkbutton.indicator
SMALLEST_ZOOM_SCALE = 1.75  # below this the bitmaps stay as they are: a 1.5x zoom would blur them

# Sun Valley's element -> its sprites (the first for every state, then state and sprite
# pairs; names are keys of Sun Valley's ``I`` array) and its options.
ELEMENTS: dict[str, tuple[str, str]] = {
    "Checkbutton.indicator": (
        "check-unsel-rest {alternate disabled} check-tri-dis {selected disabled} check-dis "
        "disabled check-unsel-dis {pressed alternate} check-tri-hover {active focus alternate} check-tri-focus-hover "
        "{active alternate} check-tri-hover {focus alternate} check-tri-focus alternate check-tri-rest "
        "{pressed selected} check-hover {active focus selected} check-focus-hover {active selected} check-hover "
        "{focus selected} check-focus selected check-rest {pressed !selected} check-unsel-pressed "
        "{active focus} check-unsel-focus-hover active check-unsel-hover focus check-unsel-focus",
        "-width 26 -sticky w"),
    "Combobox.arrow": ("down", "-width 34 -sticky {}"),
    "Spinbox.uparrow": ("up", "-width 34 -height 16 -sticky {}"),
    "Spinbox.downarrow": ("down", "-width 34 -height 16 -sticky {}"),
    "Scale.slider": (
        "slider-thumb-rest disabled slider-thumb-dis pressed slider-thumb-pressed "
        "{active focus} slider-thumb-focus-hover active slider-thumb-hover focus slider-thumb-focus",
        "-sticky {}"),
}
SIZE_OPTIONS = ("-width", "-height", "-padding", "-border")
# The styles whose layouts name those elements, and the names they use for them.
STYLES = ("TCheckbutton", "TCombobox", "TSpinbox", "Horizontal.TScale")
ALIASES = {"Horizontal.Scale.slider": "Scale.slider"}


def zoom_for(scale: float) -> int:
    """Return the whole factor to zoom the bitmaps by on a screen of ``scale`` (1: leave them)."""
    return max(1, round(scale)) if scale >= SMALLEST_ZOOM_SCALE else 1


def use_hidpi_sprites(root: tk.Misc, mode: str, scale: float) -> None:
    """Draw the fixed-size elements of the current theme (``mode``'s) zoomed for a screen of ``scale``."""
    zoom = zoom_for(scale)
    if zoom == 1:
        return
    tcl, style = root.tk, ttk.Style(root)
    existing = set(tcl.splitlist(tcl.call("ttk::style", "element", "names")))
    for element, (images, options) in ELEMENTS.items():
        if PREFIX + element in existing:
            continue
        words = list(tcl.splitlist(images))
        copies = {name: _zoomed(root, tcl.eval(f"set ttk::theme::sv_{mode}::I({name})"), zoom)
                  for name in words[::2]}
        image_list = [copies[word] if i % 2 == 0 else word for i, word in enumerate(words)]
        option_list = list(tcl.splitlist(options))
        for i in range(0, len(option_list), 2):
            if option_list[i] in SIZE_OPTIONS:
                option_list[i + 1] = " ".join(str(int(v) * zoom) for v in option_list[i + 1].split())
        tcl.call("ttk::style", "element", "create", PREFIX + element, "image", image_list, *option_list)
    for name in STYLES:
        style.layout(name, _renamed(style.layout(name)))


def _zoomed(root: tk.Misc, sprite: str, zoom: int) -> str:
    """Return a new photo image: ``sprite`` with each pixel drawn ``zoom`` x ``zoom``."""
    image = str(root.tk.call("image", "create", "photo"))
    root.tk.call(image, "copy", sprite, "-zoom", zoom, zoom)
    return image


def _renamed(layout: list) -> list:
    """Return ``layout`` with each of Sun Valley's fixed-size elements replaced by its zoomed copy."""
    renamed = []
    for element, options in layout:
        options = dict(options)
        if "children" in options:
            options["children"] = _renamed(options["children"])
        base = ALIASES.get(element, element)
        renamed.append((PREFIX + base if base in ELEMENTS else element, options))
    return renamed
