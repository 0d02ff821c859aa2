"""The look on every screen: no clipped text at 96 or 192 DPI, light and dark, with photos of each window."""
from __future__ import annotations

import json
import shutil
import subprocess
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import pytest

from ruzzle_gui.app.app import App
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.settings import Settings, load_settings
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.text import i18n
from ruzzle_gui.app.words.results_list import COLUMNS

from gui_helpers import BOARD, press, settle, wait_until

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
SUN_VALLEY_HEADING_PAD = 14  # pixels each side of a heading's text inside Sun Valley's heading cell
TEXT_WIDGETS = (ttk.Label, ttk.Button, ttk.Checkbutton)


def open_app(window: tk.Toplevel, config_home: Path, mode: str) -> App:
    """Return an App in ``window`` drawn in ``mode``, at the size it picks on a screen large enough."""
    state = AppState(language="it", settings_file=config_home / "ruzzle_gui" / "settings.json",
                     settings=Settings(language="it", delay_ms=60, theme=mode))
    app = App(window, state)
    # The test screen may be smaller than a 192-DPI laptop's: give the window the size the app asks for there.
    window.geometry(f"{theme.px(window, 1060)}x{theme.px(window, 740)}")
    settle(window)
    return app


def widgets(widget: tk.Misc) -> Iterator[tk.Misc]:
    """Yield ``widget`` and every widget inside it."""
    yield widget
    for child in widget.winfo_children():
        yield from widgets(child)


def clipped(screen: tk.Misc) -> list[str]:
    """Return the texts of mapped labels and buttons that are given less room than their text needs."""
    found = []
    for widget in widgets(screen):
        if not isinstance(widget, TEXT_WIDGETS) or not str(widget.cget("text")):
            continue
        if not widget.winfo_ismapped():
            # Laid out in a shown frame yet not shown: its geometry manager ran out of room for it.
            if widget.winfo_manager() in ("pack", "grid") and widget.master.winfo_ismapped():
                found.append(str(widget.cget("text")))
            continue
        text = str(widget.cget("text"))
        wrap = int(str(widget.cget("wraplength") or 0)) if isinstance(widget, ttk.Label) else 0
        if wrap:
            # A wrapping label must get the height of every line, and the width of its widest line: Tk asks for
            # that width, unless a width in characters is set, when the label must wrap within its width.
            sized = str(widget.cget("width")) not in ("", "0")
            narrow = wrap > widget.winfo_width() if sized else widget.winfo_width() < widget.winfo_reqwidth()
            if narrow or widget.winfo_height() < widget.winfo_reqheight():
                found.append(text)
        elif widget.winfo_width() < widget.winfo_reqwidth() or widget.winfo_height() < widget.winfo_reqheight():
            found.append(text)
        elif cut_by_a_frame(widget, screen):
            found.append(text)
    return found


def cut_by_a_frame(widget: tk.Misc, screen: tk.Misc) -> bool:
    """Return whether a frame around ``widget`` cuts it off: a row packed wider than its frame is drawn
    whole by Tk yet shown only as far as the frame's edge (a scrolling canvas may hide what it holds)."""
    left, top = widget.winfo_rootx(), widget.winfo_rooty()
    right, bottom = left + widget.winfo_width(), top + widget.winfo_height()
    frame = widget.master
    while frame is not None and not isinstance(frame, tk.Canvas):
        frame_left, frame_top = frame.winfo_rootx(), frame.winfo_rooty()
        if (left < frame_left or top < frame_top or right > frame_left + frame.winfo_width()
                or bottom > frame_top + frame.winfo_height()):
            return True
        if frame is screen:
            break
        frame = frame.master
    return False


def cut_headings(tree: ttk.Treeview) -> list[str]:
    """Return the list headings (sort arrow included) wider than their column."""
    font = tkfont.Font(root=tree, font=ttk.Style(tree).lookup("Treeview.Heading", "font"))
    return [tree.heading(column, "text") for column in COLUMNS
            if font.measure(tree.heading(column, "text")) + 2 * SUN_VALLEY_HEADING_PAD > tree.column(column, "width")]


def cut_cells(tree: ttk.Treeview) -> list[str]:
    """Return the list's values (the Common column's dots included) wider than their column."""
    font = tkfont.Font(root=tree, font=ttk.Style(tree).lookup("Treeview", "font"))
    shown = tree.cget("displaycolumns")
    columns = list(COLUMNS) if shown in ("#all", ("#all",)) else list(shown)
    return [value for iid in tree.get_children("") for column in columns
            if font.measure(value := str(tree.set(iid, column))) + theme.px(tree, 8) > tree.column(column, "width")]


def photograph(window: tk.Misc, name: str) -> None:
    """Save a picture of ``window`` as artifacts/screens/NAME.png, for a person to look at."""
    if shutil.which("import") is None:
        pytest.fail("install imagemagick to photograph the windows (tests/run.sh does)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    settle(window, 150)  # let the X server catch up with Tk's drawing
    subprocess.run(["import", "-window", hex(window.winfo_id()), str(ARTIFACTS / f"{name}.png")],
                   check=True, timeout=30)


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
@pytest.mark.parametrize("mode", theme.MODES)
def test_no_text_is_cut_off_on_any_window(dpi, mode, window, config_home):
    app = open_app(window, config_home, mode)
    assert theme.mode(window) == mode
    app.letters.type_text(BOARD)
    settle(window)
    assert clipped(app.letters) == []
    photograph(window, f"{dpi}dpi-{mode}-1-letters")
    press(app.letters.board_view, "Return")
    assert app.screen is app.bonuses
    settle(window)
    assert clipped(app.bonuses) == []
    photograph(window, f"{dpi}dpi-{mode}-2-bonuses")
    press(app.bonuses.board_view, "Return")
    assert app.screen is app.results
    tree = app.results.tree
    assert "common" in COLUMNS and tree.cget("displaycolumns") in ("#all", ("#all",), tuple(COLUMNS))
    for column in reversed(COLUMNS):
        # Each heading in turn carries the sort arrow, the widest text it ever shows.
        app.results.sort_by(column)
        settle(window)
        assert cut_headings(tree) == [], column
    app.results.sort_by("score")
    wait_until(window, lambda: not app.results.animating)
    assert cut_cells(tree) == []
    assert clipped(app.results) == []
    assert clipped(window) == []  # the step bar and the mode button
    photograph(window, f"{dpi}dpi-{mode}-3-words")


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    """Put the interface back in English for the tests that follow."""
    yield
    i18n.set_language("en")


def cut_on_screens(app: App, window: tk.Misc, photos: str | None) -> dict[str, list[str]]:
    """Return the clipped texts of each screen, tab and dialog of ``app`` in the interface language shown.

    The board is solved already; ``photos`` names the photos taken of each (None: none taken).
    """
    found: dict[str, list[str]] = {}
    for name, show in (("letters", app.show_letters), ("bonuses", app.show_bonuses), ("words", app.show_results)):
        show()
        settle(window)
        if name == "words":
            wait_until(window, lambda: not app.results.animating)
            found["headings"] = cut_headings(app.results.tree)
        found[name] = clipped(window)
        if photos:
            photograph(window, f"{photos}-{name}")
    app.results.plan_tab.toggle_plan()
    settle(window)
    found["plan"] = clipped(window)
    view = app.results.plan_tab.plan_view
    if view.compact:  # the timing boxes folded behind their toggle must be whole too, once unfolded
        view.timing_toggle.invoke()
        settle(window)
        found["plan timing"] = clipped(window)
        if photos:
            photograph(window, f"{photos}-plan-timing")
        view.timing_toggle.invoke()
    plan = app.results.plan_tab.plan_view.tree
    decimal = i18n.format_decimal(0.5, 1)[1]  # the numbers follow the language too: 3,4s in Italian
    found["plan times"] = [start for row in plan.get_children() if decimal not in (start := plan.set(row, "start"))]
    if photos:
        photograph(window, f"{photos}-plan")
    app.results.plan_tab.ask_calibrate()
    dialog = app.results.plan_tab.calibrate_dialog
    settle(dialog)
    found["calibration"] = clipped(dialog)
    if photos:
        photograph(dialog, f"{photos}-calibration")
    dialog.destroy()
    app.results.plan_tab.toggle_plan()
    app.show_keys()
    keys = app.keys_window
    settle(keys)
    found["keys"] = clipped(keys)
    # The keys help fits a 1280x768 laptop screen (scaled with the DPI) in every language; taller, it scrolls.
    if keys.winfo_reqwidth() > theme.px(keys, 1280) or keys.winfo_width() > theme.px(keys, 1280):
        found["keys"].append(f"window {keys.winfo_width()} px wide")
    if keys.winfo_reqheight() > theme.px(keys, 768):
        found["keys"].append(f"window {keys.winfo_reqheight()} px tall")
    if photos:
        photograph(keys, f"{photos}-keys")
    keys.close()
    return {name: cut for name, cut in found.items() if cut}


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
@pytest.mark.parametrize("mode", theme.MODES)
def test_no_text_is_cut_off_in_any_interface_language(dpi, mode, window, config_home, english_afterwards,
                                                     monkeypatch):
    # One app switched from language to language, as the player does from the menu: every layout must follow.
    # It starts in German, whose headings are the widest, so each switch shrinks or grows what was laid out.
    i18n.set_language("de")
    app = open_app(window, config_home, mode)
    laptop = theme.px(window, 1280), theme.px(window, 768)
    monkeypatch.setattr(tk.Misc, "winfo_screenwidth", lambda _self: laptop[0])
    monkeypatch.setattr(tk.Misc, "winfo_screenheight", lambda _self: laptop[1])
    app.letters.type_text(BOARD)
    press(app.letters.board_view, "Return", "Return")
    wait_until(window, lambda: app.screen is app.results and not app.results.animating)
    cut = {}
    for code in i18n.LANGUAGES:
        app.set_interface_language(code)
        settle(window)
        photos = f"{dpi}dpi-{mode}-{code}" if code in ("it", "de", "ru") else None
        cut[code] = cut_on_screens(app, window, photos)
    failures = {code: found for code, found in cut.items() if found}
    assert not failures, json.dumps(failures, ensure_ascii=False, indent=1)


def colours_of(widget: tk.Misc) -> set[str]:
    """Return the colours (#RRGGBB) of the pixels ``widget`` shows on the screen."""
    settle(widget, 150)
    picture = subprocess.run(["import", "-window", hex(widget.winfo_id()), "png:-"], capture_output=True,
                             check=True, timeout=30).stdout
    pixels = subprocess.run(["convert", "png:-", "-depth", "8", "txt:-"], input=picture, capture_output=True,
                            check=True, timeout=30).stdout.decode()
    return {line.split()[2] for line in pixels.splitlines()[1:]}


@pytest.mark.parametrize("mode", theme.MODES)
def test_labels_show_the_colours_of_their_styles(mode, display, config_home):
    # A fresh Tk of its own, as the app runs: the theme is loaded into this interpreter for the first time.
    own = tk.Tk(className="ruzzle-gui")
    try:
        own.tk.call("tk", "scaling", theme.REFERENCE_DPI / theme.POINTS_PER_INCH)
        app = open_app(own, config_home, mode)
        app.letters.type_text(BOARD)
        press(app.letters.board_view, "Return", "Return")
        chips = {str(label.cget("style")): label for label in widgets(app.results) if isinstance(label, ttk.Label)}
        # Orange on the board's colour, not the mode's text colour.
        assert theme.PATH_START.upper() in colours_of(chips["PathStart.TLabel"])
        legend = [label for label in widgets(app.bonuses.legend)
                  if isinstance(label, ttk.Label) and str(label.cget("text")) == "DL"]
        app.show_bonuses()
        assert {"#FFFFFF", theme.BONUS_COLOURS["DL"].upper()} <= colours_of(legend[0])
    finally:
        own.destroy()


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
def test_rows_and_fonts_grow_with_the_screen(dpi, window, config_home):
    app = open_app(window, config_home, "light")
    style = ttk.Style(window)
    body = tkfont.Font(root=window, font=style.lookup("Treeview", "font"))
    assert int(style.lookup("Treeview", "rowheight")) >= body.metrics("linespace")
    # 11 points are 15 pixels at 96 DPI, 29 at 192.
    assert body.metrics("linespace") >= 11 * dpi / theme.POINTS_PER_INCH
    width = int(window.geometry().split("x")[0])
    assert width == theme.px(window, 1060) == round(1060 * dpi / 96)
    app.letters.type_text(BOARD)
    settle(window)
    # The tiles fill the canvas, which fills its share of the window.
    view = app.letters.board_view
    assert view.winfo_width() >= 400 * dpi / 96


def test_the_mode_toggle_switches_and_is_remembered(window, config_home):
    app = open_app(window, config_home, "light")
    light = app.letters.board_view.cget("background")
    app.theme_button.invoke()
    settle(window)
    assert theme.mode(window) == "dark"
    assert app.theme_button.cget("text").endswith("Light mode")
    assert app.letters.board_view.cget("background") == theme.PALETTES["dark"].background != light
    saved = json.loads(app.state.settings_file.read_text(encoding="utf-8"))
    assert saved["theme"] == "dark"
    assert load_settings(app.state.settings_file).theme == "dark"
    # Each label keeps its style's colour (muted, error, chips): none carries the palette's as its own.
    assert all(str(label.cget("foreground")) == "" for label in widgets(window) if isinstance(label, ttk.Label))
    app.root.event_generate("<Control-D>")
    settle(window)
    assert theme.mode(window) == "light"
    assert load_settings(app.state.settings_file).theme == "light"


@pytest.mark.parametrize("mode", theme.MODES)
def test_the_board_keeps_the_games_colours_in_both_modes(mode, window, config_home):
    app = open_app(window, config_home, mode)
    app.letters.type_text(BOARD)
    press(app.letters.board_view, "Return")
    settle(window)
    view = app.bonuses.board_view
    fills = [view.tile_fill(index) for index in range(16)]
    assert fills[0] == theme.BONUS_COLOURS["TL"] == "#1e88e5"
    assert fills[3] == theme.BONUS_COLOURS["DL"] == "#43a047"
    assert fills[5] == theme.BONUS_COLOURS["DW"] == "#fbc02d"
    assert fills[15] == theme.BONUS_COLOURS["TW"] == "#e53935"
    assert fills[1] == theme.TILE == "#fbf7ec"


def test_a_focused_list_or_board_has_a_ring_in_the_accent_colour(app):
    app.letters.type_text(BOARD)
    press(app.letters.board_view, "Return", "Return")
    results = app.results
    rings = {widget: widget.master for widget in (results.tree, results.board_view)}
    for widget, ring in rings.items():
        widget.focus_force()
        settle(app.root)
        assert ring.cget("style") == "RingFocus.TFrame"
        assert ttk.Style(ring).lookup("RingFocus.TFrame", "background") == theme.palette(ring).accent
        assert int(str(ring.cget("padding")[0])) >= 2
        others = [other for other in rings.values() if other is not ring]
        assert all(other.cget("style") == "Ring.TFrame" for other in others)


def outside(window: tk.Misc, screen: tk.Misc) -> list[str]:
    """Return the mapped widgets of ``screen`` that reach past the window's right or bottom edge."""
    right, bottom = window.winfo_rootx() + window.winfo_width(), window.winfo_rooty() + window.winfo_height()
    return [str(widget) for widget in widgets(screen) if widget.winfo_ismapped()
            and (widget.winfo_rootx() + widget.winfo_width() > right or
                 widget.winfo_rooty() + widget.winfo_height() > bottom)]


@pytest.mark.parametrize("dpi", [192], indirect=True)
@pytest.mark.parametrize("screen_size", [(1400, 1000), (1600, 1000), (1920, 1080)])
@pytest.mark.parametrize("code", ["en", "it", "de", "ru"])  # the app drawn smaller must still fit longer words
def test_a_small_high_dpi_screen_gets_the_whole_app_drawn_smaller(dpi, screen_size, code, window, config_home,
                                                                 monkeypatch, english_afterwards):
    from ruzzle_gui.app.main import launch
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # the system's language, followed at launch
        monkeypatch.setenv(name, f"{code}_{code.upper()}.UTF-8" if code != "en" else "en_GB.UTF-8")
    monkeypatch.setattr(window, "winfo_screenwidth", lambda: screen_size[0])
    monkeypatch.setattr(window, "winfo_screenheight", lambda: screen_size[1])
    app = launch(["-l", "it"], root=window)
    settle(window)
    assert i18n.current_language() == code
    # 192 DPI asks for a scale of 2; the app's smallest layout (1020x560 at 96 DPI) fits only at less.
    assert 1 < theme.scale(window) < 2
    width, height = (int(size) for size in window.geometry().split("+")[0].split("x"))
    assert width <= screen_size[0] and height <= screen_size[1]
    app.letters.type_text(BOARD)
    settle(window)
    press(app.letters.board_view, "Return", "Return")
    wait_until(window, lambda: app.screen is app.results and not app.results.animating)
    for screen in (app.results, app.letters, app.bonuses):
        if screen is not app.results:
            (app.show_letters if screen is app.letters else app.show_bonuses)()
            settle(window)
        assert clipped(screen) == [] and outside(window, screen) == []
    assert cut_headings(app.results.tree) == []
    app.show_results()
    app.results.plan_tab.toggle_plan()
    settle(window)
    assert clipped(app.results) == [] and outside(window, app.results) == []


def test_a_screen_big_enough_keeps_the_full_scale(window, monkeypatch):
    monkeypatch.setattr(window, "winfo_screenwidth", lambda: 4000)
    monkeypatch.setattr(window, "winfo_screenheight", lambda: 3000)
    before = theme.scale(window)
    assert theme.fit_to_screen(window, 1020, 560) == before


CLASSIC_COLOUR_OPTIONS = ("background", "foreground", "activebackground", "activeforeground", "selectbackground",
                          "selectforeground", "highlightcolor", "highlightbackground", "disabledforeground",
                          "insertbackground", "troughcolor")


@pytest.mark.parametrize("mode", theme.MODES)
def test_the_quick_palette_at_start_gives_classic_widgets_tk_setpalettes_colours(mode, display):
    def colours(quick: bool) -> dict:
        top = tk.Tk()
        try:
            theme.apply_theme(top, mode) if quick else _palette_the_slow_way(top, mode)
            made = [tk.Menu(top), tk.Canvas(top), tk.Listbox(top), tk.Toplevel(top), tk.Text(top), tk.Entry(top),
                    tk.Button(top), tk.Scale(top), top]
            return {(widget.winfo_class(), option): str(widget.cget(option)) for widget in made
                    for option in CLASSIC_COLOUR_OPTIONS if option in widget.keys()}
        finally:
            top.destroy()

    assert colours(quick=True) == colours(quick=False)


def _palette_the_slow_way(top: tk.Tk, mode: str) -> None:
    """Colour ``top`` as Sun Valley does itself: its theme, then tk_setPalette."""
    import sv_ttk
    sv_ttk.set_theme(mode, top)
    sv = dict(zip(*[iter(top.tk.splitlist(top.tk.call("array", "get", f"ttk::theme::sv_{mode}::colors")))] * 2))
    top.tk_setPalette(background=sv["-bg"], foreground=sv["-fg"], highlightColor=sv["-selbg"],
                      selectBackground=sv["-selbg"], selectForeground=sv["-selfg"], activeBackground=sv["-selbg"],
                      activeForeground=sv["-selfg"])


def sun_valley_element(source: str, element: str) -> tuple[list[str], list[str]]:
    """Return an element's sprite words and options as Sun Valley's Tcl source creates it ($I(name) read as name)."""
    import re
    joined = re.sub(r"\\\n\s*", " ", source)  # Tcl's continued lines, as one
    found = re.search(rf"ttk::style element create {re.escape(element)} image\s+(\[list [^]]*\]|\$I\(\S+?\))(.*)",
                      joined)
    assert found, element
    images = re.sub(r"\$I\(([^)]+)\)", r"\1", found.group(1))
    images = images[len("[list "):-1] if images.startswith("[list ") else images
    return images.split(), found.group(2).split()


@pytest.mark.parametrize("mode", theme.MODES)
def test_the_zoomed_elements_repeat_sun_valleys_own(mode):
    import sv_ttk

    from ruzzle_gui.app.look.hidpi_sprites import ELEMENTS
    source = (Path(sv_ttk.__file__).parent / "theme" / f"{mode}.tcl").read_text(encoding="utf-8")
    for element, (images, options) in ELEMENTS.items():
        assert sun_valley_element(source, element) == (images.split(), options.split()), element


@pytest.mark.parametrize("dpi", [96, 192], indirect=True)
def test_the_check_box_and_arrows_grow_with_the_screen(dpi, window, config_home):
    app = open_app(window, config_home, "light")
    box = app.results.words.everyday_box
    app.letters.type_text(BOARD)
    press(app.letters.board_view, "Return", "Return")
    wait_until(window, lambda: app.screen is app.results)
    settle(window)
    # Sun Valley gives its 20-pixel check box 26 pixels: twice that on a 192-DPI screen, as the text beside it.
    text = tkfont.Font(root=window, font=ttk.Style(window).lookup("TCheckbutton", "font")).measure(box.cget("text"))
    assert box.winfo_reqwidth() - text >= 26 * dpi / 96
    element = "HiDPI.Checkbutton.indicator" if dpi == 192 else "Checkbutton.indicator"
    assert element in str(ttk.Style(window).layout("TCheckbutton"))
    assert clipped(app.results) == []


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_region_pickers_help_wraps_to_a_small_screen(code, window, english_afterwards):
    from PIL import Image

    from ruzzle_gui.app.watch.region_pick import RegionPicker
    i18n.set_language(code)
    picker = RegionPicker(window, Image.new("RGB", (1024, 600), "grey"), None, lambda _rect: None, lambda: None)
    try:
        settle(picker)
        left, top, right, bottom = picker.canvas.bbox(picker.help_text)
        assert 0 <= left and right <= 1024 and 0 <= top and bottom < 600 // 3
    finally:
        picker.destroy()
