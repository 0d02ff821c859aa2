"""The app's look: the Sun Valley ttk theme in light or dark, fonts in points, sizes scaled to the screen.

Every pixel size in the app is written as it looks on a 96-DPI screen and goes
through ``px``, which scales it by Tk's own ``tk scaling`` (pixels per point, read
from the screen), so a 192-DPI laptop gets everything twice as large. Fonts are
given in points, which Tk scales by itself.
"""
from __future__ import annotations

import functools
import sys
import threading
import tkinter as tk
import tkinter.font as tkfont
from dataclasses import dataclass
from tkinter import ttk

import sv_ttk

from ruzzle_gui.app.look.hidpi_sprites import use_hidpi_sprites
from ruzzle_gui.app.text.i18n import N_

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tkinter.ttk import _LayoutSpec as LayoutSpec  # the stubs' name for a style layout; no run-time twin
    from typing import Literal

MODES = ("light", "dark")
POINTS_PER_INCH = 72
REFERENCE_DPI = 96  # the screen every pixel size in the app is written for
SCREEN_SHARE = (0.92, 0.9)  # the most of the screen's width and height the window takes
SMALLEST_SCALE = 0.75  # fitting a small screen never shrinks the app below this (9 px body text)
SYSTEM_MODE_WAIT = 2.0  # seconds: a desktop that answers slower than this is taken as light
_ahead: list[tuple[threading.Thread, list[str]]] = []  # the system's mode being read (read_system_mode_ahead)

# The game's own colours, the same in light and dark mode: the player recognises them at a glance.
BONUS_COLOURS = {"DL": "#43a047", "TL": "#1e88e5", "DW": "#fbc02d", "TW": "#e53935"}
BONUS_NAMES = {"DL": N_("Double letter"), "TL": N_("Triple letter"), "DW": N_("Double word"),
               "TW": N_("Triple word")}  # translated where shown
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
DOUBT = "#ffd600"  # a tile the screenshot reader is unsure of: black on yellow, dotted ring and "?"
DOUBT_INK = "#111111"

# Point sizes of the app's named fonts; Tk turns points into pixels for the screen.
BODY_POINTS = 11
CAPTION_POINTS = 9
TITLE_POINTS = 16
# Sun Valley names its fonts in pixels; these are the same sizes in points (at 96 DPI, 4 px = 3 pt).
SUN_VALLEY_FONTS: dict[str, tuple[int, Literal["normal", "bold"]]] = {
    "SunValleyCaptionFont": (9, "normal"), "SunValleyBodyFont": (BODY_POINTS, "normal"),
    "SunValleyBodyStrongFont": (BODY_POINTS, "bold"), "SunValleyBodyLargeFont": (14, "normal"),
    "SunValleySubtitleFont": (15, "bold"), "SunValleyTitleFont": (21, "bold"),
    "SunValleyTitleLargeFont": (30, "bold"), "SunValleyDisplayFont": (51, "bold")}
# Sun Valley's labels draw no background: a label with a colour of its own fills itself
# with the row element every theme inherits from ttk's default theme.
FILLED_LABEL: LayoutSpec = [("Treeitem.row", {"sticky": "nswe"}),
                ("Label.padding", {"sticky": "nswe", "children": [("Label.label", {"sticky": "nswe"})]})]
FOCUS_RING = 2  # pixels at 96 DPI: the ring drawn round a focused list or board


@dataclass(frozen=True)
class Palette:
    """The colours of one mode for what the theme itself does not draw."""

    background: str
    text: str
    muted: str
    error: str
    accent: str
    start_filter_text: str


PALETTES = {
    "light": Palette(background="#fafafa", text="#1c1c1c", muted="#5f6b7a", error="#c62828", accent="#005fb8",
                     start_filter_text="#00838f"),
    "dark": Palette(background="#1c1c1c", text="#fafafa", muted="#a8b3c0", error="#ff8a80", accent="#57c8ff",
                    start_filter_text="#4dd0e1"),
}


def text_colour(bonus: str | None) -> str:
    """Return the letter colour that reads well on a tile with ``bonus``."""
    return LETTER if bonus in DARK_TEXT_ON else "#ffffff"


def scale(widget: tk.Misc) -> float:
    """Return how many screen pixels stand for one pixel of a 96-DPI screen."""
    # Tk keeps the scaling as the screen's size in whole millimetres, so 96 DPI reads back as
    # 0.999: round to hundredths, or every size would come out a pixel short.
    return round(float(widget.tk.call("tk", "scaling")) * POINTS_PER_INCH / REFERENCE_DPI, 2)


def fit_to_screen(root: tk.Misc, width: int, height: int) -> float:
    """Shrink Tk's scaling if a ``width`` x ``height`` window (96-DPI pixels) would not fit the screen.

    Return the scale.

    A 192-DPI laptop with a small screen, or 1920x1080 at 200%, cannot show the
    app's smallest layout at full size: everything is drawn a little smaller
    instead (never below ``SMALLEST_SCALE``), rather than cut off at the edge.
    """
    wanted = scale(root)
    room = min(root.winfo_screenwidth() * SCREEN_SHARE[0] / width,
               root.winfo_screenheight() * SCREEN_SHARE[1] / height)
    fitted = max(min(wanted, room), SMALLEST_SCALE)
    if fitted < wanted:
        root.tk.call("tk", "scaling", fitted * REFERENCE_DPI / POINTS_PER_INCH)
    return scale(root)


def px(widget: tk.Misc, pixels: float) -> int:
    """Return ``pixels`` (as on a 96-DPI screen) in this screen's pixels."""
    return round(pixels * scale(widget))


def pads(widget: tk.Misc, x: float, y: float) -> tuple[int, int]:
    """Return a padding (as on a 96-DPI screen) in this screen's pixels: ``x`` left and right, ``y`` above and below."""
    return px(widget, x), px(widget, y)


def system_mode() -> str:
    """Return 'dark' if the desktop asks apps for dark colours, else 'light'.

    darkdetect reads GNOME's ``color-scheme`` (then ``gtk-theme``) through gsettings
    on Linux, ``AppsUseLightTheme`` in the registry on Windows, and
    ``AppleInterfaceStyle`` on macOS; anything it cannot read counts as light.
    The answer read ahead by ``read_system_mode_ahead`` is used if there is one.
    """
    if _ahead:
        thread, answer = _ahead.pop()
        thread.join(SYSTEM_MODE_WAIT)
        return answer[0] if answer else "light"  # a desktop too slow to answer: the safe default
    return _read_system_mode()


def _read_system_mode() -> str:
    """Ask darkdetect for the system's mode: 'dark' or 'light'."""
    try:
        import darkdetect  # loaded only when the player has not chosen a mode
        return "dark" if darkdetect.theme() == "Dark" else "light"
    except Exception:  # a broken desktop setting must never stop the app: light is the safe default
        return "light"


def read_system_mode_ahead() -> None:
    """Start reading the system's mode on a thread, for the next ``system_mode`` call.

    Loading darkdetect and running gsettings take about 20 ms: on a thread they
    overlap Tk's own start, which waits mostly on the X server.
    """
    answer: list[str] = []
    thread = threading.Thread(target=lambda: answer.append(_read_system_mode()), name="ruzzle-system-mode",
                              daemon=True)
    thread.start()
    _ahead.append((thread, answer))


def mode(widget: tk.Misc) -> str:
    """Return the mode the app is drawn in: 'light' or 'dark'."""
    return "dark" if ttk.Style(widget).theme_use() == "sun-valley-dark" else "light"


def palette(widget: tk.Misc) -> Palette:
    """Return the colours of the mode the app is drawn in."""
    return PALETTES[mode(widget)]


def apply_theme(root: tk.Tk | tk.Toplevel, chosen: str | None = None) -> str:
    """Draw the app with Sun Valley in ``chosen`` mode (None: the system's); return the mode used."""
    chosen = chosen if chosen in MODES else system_mode()
    top = root.nametowidget(".")  # the Tk root, whichever window was given
    sv_ttk.set_theme(chosen, top)
    use_hidpi_sprites(top, chosen, scale(top))
    _set_colours(top, chosen)
    _configure_fonts(root)
    _configure_styles(root, PALETTES[chosen])
    return chosen


def _set_colours(top: tk.Tk, chosen: str) -> None:
    """Give ttk and the classic widgets Sun Valley's colours for ``chosen``, as Sun Valley would, but once.

    Sun Valley does this on every <<ThemeChanged>>, which ttk sends after any style
    change: each time its tk_setPalette walks every widget, and labels made after the
    first such walk showed the mode's text colour instead of their style's (muted,
    error, chips). Set once, before the app's widgets exist, the palette leaves them be.
    """
    top.tk.call("bind", top.winfo_class(), "<<ThemeChanged>>", "")
    sv = dict(zip(*[iter(top.tk.splitlist(top.tk.call("array", "get", f"ttk::theme::sv_{chosen}::colors")))] * 2))
    style = ttk.Style(top)
    style.configure(".", background=sv["-bg"], foreground=sv["-fg"], troughcolor=sv["-bg"], focuscolor=sv["-selbg"],
                    selectbackground=sv["-selbg"], selectforeground=sv["-selfg"], insertwidth=1,
                    insertcolor=sv["-fg"], fieldbackground=sv["-bg"], font="SunValleyBodyFont", borderwidth=0,
                    relief="flat")
    style.map(".", foreground=[("disabled", sv["-disfg"])])
    chosen_colours = {"background": sv["-bg"], "foreground": sv["-fg"], "highlightColor": sv["-selbg"],
                      "selectBackground": sv["-selbg"], "selectForeground": sv["-selfg"],
                      "activeBackground": sv["-selbg"], "activeForeground": sv["-selfg"]}
    if top.winfo_children():
        top.tk_setPalette(**chosen_colours)  # recolours every widget there is: the mode toggle
    else:
        _set_palette_options(top, chosen_colours)


def _set_palette_options(top: tk.Tk, chosen: dict[str, str]) -> None:
    """Do what tk_setPalette does for a window with no widgets yet, without its cost.

    tk_setPalette builds a hidden window of every classic widget to learn their
    defaults and asks the X server for each colour: 12 ms of start-up, to recolour
    widgets that do not exist yet. This fills in the colours it derives, the same
    way, and puts them in the option database for the widgets to come.
    """
    # Tk's own arithmetic, on 16-bit channels: 90% of the background, and a quarter of the way to the text.
    bg, fg = ([channel * 257 for channel in channels(chosen[key])] for key in ("background", "foreground"))
    darker = "#" + "".join(f"{9 * channel // 2560:02x}" for channel in bg)
    colours = {"insertBackground": chosen["foreground"], "highlightBackground": chosen["background"],
               "disabledForeground": "#" + "".join(f"{(3 * b + f) // 1024:02x}" for b, f in zip(bg, fg)),
               "troughColor": darker, **chosen}
    for option, colour in colours.items():
        top.option_add(f"*{option}", colour, "widgetDefault")
    top.configure(background=chosen["background"], highlightbackground=chosen["background"],
                  highlightcolor=chosen["highlightColor"])
    top.tk.call("array", "set", "::tk::Palette", [item for pair in colours.items() for item in pair])


def channels(colour: str) -> tuple[int, int, int]:
    """Return a #rrggbb colour's red, green and blue, 0..255."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _configure_fonts(root: tk.Misc) -> None:
    """Give Tk's and Sun Valley's named fonts sizes in points, in the platform's own family."""
    base = tkfont.nametofont("TkDefaultFont", root)
    family = base.actual("family")
    base.configure(size=BODY_POINTS)
    for name in ("TkTextFont", "TkMenuFont", "TkHeadingFont"):
        tkfont.nametofont(name, root).configure(family=family, size=BODY_POINTS)
    for name, (points, weight) in SUN_VALLEY_FONTS.items():
        # Sun Valley asks for Segoe UI, which only Windows has; elsewhere Tk would pick any font.
        font = tkfont.nametofont(name, root)
        font.configure(size=points, weight=weight)
        if sys.platform != "win32":
            font.configure(family=family)


def _configure_styles(root: tk.Tk | tk.Toplevel, colours: Palette) -> None:
    """Add the app's own styles on top of the theme, every padding scaled to the screen."""
    style = ttk.Style(root)
    body = tkfont.nametofont("SunValleyBodyFont", root)
    family = body.actual("family")
    bold, title = (family, BODY_POINTS, "bold"), (family, TITLE_POINTS, "bold")
    root.configure(background=colours.background)

    pad = functools.partial(pads, root)
    style.configure("TButton", padding=pad(12, 5))
    style.configure("Accent.TButton", padding=pad(12, 5), font=bold)
    style.configure("Small.TButton", padding=pad(6, 1))
    style.configure("Title.TLabel", font=title)
    style.configure("Muted.TLabel", foreground=colours.muted)
    style.configure("Hint.TLabel", foreground=colours.muted, padding=pad(4, 4))
    style.configure("Error.TLabel", foreground=colours.error, padding=pad(4, 4), font=bold)
    style.configure("Summary.TLabel", font=bold)
    style.configure("Filter.TLabel", foreground=colours.start_filter_text)
    style.configure("Step.TLabel", foreground=colours.muted, padding=pad(10, 6))
    style.layout("StepActive.TLabel", FILLED_LABEL)
    style.configure("StepActive.TLabel", foreground="#ffffff" if colours is PALETTES["light"] else "#000000",
                    background=colours.accent, padding=pad(10, 6), font=bold)
    for name, colour in (("PathStart", PATH_START), ("PathMiddle", PATH_MIDDLE), ("PathEnd", PATH_END)):
        # On the board's own colour, as on the board: the near-black end shows in dark mode too.
        style.layout(f"{name}.TLabel", FILLED_LABEL)
        style.configure(f"{name}.TLabel", foreground=colour, background=BOARD_BACKGROUND, font=(family, 14),
                        padding=pad(3, 0))
    style.configure("Treeview", font=body, rowheight=body.metrics("linespace") + px(root, 8))
    style.configure("Treeview.Heading", font=bold)
    # Sun Valley marks the selected row in a grey close to the list's own colour: use the accent.
    style.map("Treeview", background=[("selected", colours.accent)],
              foreground=[("selected", "#ffffff" if colours is PALETTES["light"] else "#000000")])
    for name, colour in (("Ring", colours.background), ("RingFocus", colours.accent)):
        style.layout(f"{name}.TFrame", [("Treeitem.row", {"sticky": "nswe"})])
        style.configure(f"{name}.TFrame", background=colour)
    for bonus, colour in BONUS_COLOURS.items():
        style.layout(f"{bonus}.TLabel", FILLED_LABEL)
        style.configure(f"{bonus}.TLabel", background=colour, foreground=text_colour(bonus), font=bold,
                        anchor="center", padding=pad(6, 3))


def heading_width(widget: tk.Misc, text: str) -> int:
    """Return the width a list heading needs to show ``text`` whole, with its sort arrow's room."""
    font = tkfont.Font(root=widget, font=ttk.Style(widget).lookup("Treeview.Heading", "font"))
    # Sun Valley pads a heading cell's image 14 pixels each side; two more for its edge.
    return font.measure(text) + px(widget, 2 * 14 + 4)


class FocusRing(ttk.Frame):
    """A frame round one widget that turns the accent colour while that widget holds the focus."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, style="Ring.TFrame", padding=px(master, FOCUS_RING))

    def watch(self, widget: tk.Misc) -> None:
        """Light the ring while ``widget`` (a child of this frame) has the keyboard focus."""
        widget.bind("<FocusIn>", lambda _event: self.configure(style="RingFocus.TFrame"), add=True)
        widget.bind("<FocusOut>", lambda _event: self.configure(style="Ring.TFrame"), add=True)
