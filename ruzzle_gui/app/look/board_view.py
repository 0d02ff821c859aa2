"""BoardView: a Canvas that draws a board's tiles, bonuses, heat, cursor and a word's path.

The tiles, their letters and labels, the heat and doubt marks and the rings are
drawn here; a word's step numbers and arrows by its PathDrawing (path_drawing.py).
Every change redraws the whole board from plain state, in as few Tcl calls as it
can (see _create and _keep).
"""
from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Iterable, Mapping, Sequence

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.arrows import grown
from ruzzle_gui.app.look.board_shapes import font, rounded_box
from ruzzle_gui.app.look.path_drawing import PathDrawing
from ruzzle_gui.app.text.i18n import bonus_badge

# Pixel sizes as on a 96-DPI screen; each is multiplied by the screen's scale.
MARGIN = 14
RIM = 6  # the board's dark rim round the tiles
SHADOW = 3  # how far below each tile its shadow shows
GAP = 0.1  # space between tiles, as a share of the tile pitch
SMALLEST_WITH_LABELS = 36  # smaller tiles show only the letter
# The heat overlay rings each tile on the board's own dark rim, so it reads the same in light and dark mode:
# pale amber for a little heat, deep pink for the most; thicker as it gets hotter. Neither is a bonus hue.
HEAT_COLD, HEAT_HOT = "#ffe082", "#ff1f6b"
HEAT_WIDTH = (2, 6)  # ring width in pixels at 96 DPI, coolest to hottest
# Tk frees a font or colour once no item uses it, and getting it again costs a trip to
# the X server: about 0.5 ms a font and 60 us a colour. A board redrawn from scratch
# would pay that for each of its items (4 ms of a 4x4 Solve). A hidden item holds each
# one open across redraws, up to this many at a time.
KEPT_RESOURCES = 96
RESOURCE_OPTIONS = ("fill", "outline", "font")


@functools.lru_cache(maxsize=1024)  # a board fades the same few colours on every redraw
def mix(colour: str, other: str, share: float) -> str:
    """Return ``colour`` blended with ``share`` (0..1) of ``other``, as #rrggbb."""
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(theme.channels(colour),
                                                                                theme.channels(other)))


class BoardView(tk.Canvas):
    """Draws a rows x cols board that scales with its size; every change redraws from plain state."""

    def __init__(self, master: tk.Misc, *, cursor_when_unfocused: bool = True, **options) -> None:
        options.setdefault("width", 360)
        options.setdefault("height", 360)
        self.dpi_scale = theme.scale(master)
        for key in ("width", "height"):
            options[key] = round(options[key] * self.dpi_scale)
        super().__init__(master, background=theme.palette(master).background, highlightthickness=0, takefocus=1,
                         **options)
        self.cursor_when_unfocused = cursor_when_unfocused
        self.rows, self.cols = 0, 0
        self.letters: list[str] = []
        self.bonuses: list[str | None] = []
        self.values: Mapping[str, int] = {}
        self.invalid: frozenset[int] = frozenset()
        self.doubtful: frozenset[int] = frozenset()
        self.cursor: int | None = None
        self.marked: int | None = None
        self.lit: dict[int, str] = {}
        self.arrows: list[tuple[int, int]] = []
        self.heat: list[float] = []  # per tile, row-major; empty: no heat overlay
        self._boxes: list[tuple[float, float, float, float]] = []
        self._size = 0.0
        self._drawn_for: tuple[int, int] = (0, 0)
        self._held = self._stale = False
        self._pending: str | None = None
        self.path_drawing = PathDrawing(self, self)  # the path's arrows and step numbers; it keeps the routes it drew
        self._kept: set = set()  # the colours and fonts held open by hidden "keep" items
        self.draws = 0  # how many times the board was drawn: a Solve should cost one
        self.bind("<Configure>", self._on_configure)
        self.bind("<<ThemeChanged>>", self._on_theme_changed, add=True)
        # Focus only changes the cursor ring: a big board must not be redrawn for it.
        self.bind("<FocusIn>", lambda _event: self.redraw_rings(), add=True)
        self.bind("<FocusOut>", lambda _event: self.redraw_rings(), add=True)

    def show(self, rows: int, cols: int, letters: Sequence[str], bonuses: Sequence[str | None],
             values: Mapping[str, int] | None = None, invalid: Sequence[int] = (),
             doubtful: Iterable[int] = ()) -> None:
        """Draw a new board: its letters, bonuses, letter values, the tiles to show as wrong and those to check."""
        self.rows, self.cols = rows, cols
        self.letters, self.bonuses = list(letters), list(bonuses)
        self.values = values or {}
        self.invalid = frozenset(invalid)
        self.doubtful = frozenset(doubtful)
        if self.cursor is not None and self.cursor >= rows * cols:
            self.cursor = rows * cols - 1
        if self.marked is not None and self.marked >= rows * cols:
            self.marked = None
        self.redraw()

    def set_cursor(self, index: int | None) -> None:
        """Move the keyboard cursor to tile ``index`` (or hide it)."""
        self.cursor = index
        self.redraw_rings()

    def set_marked(self, index: int | None) -> None:
        """Ring tile ``index`` as the start-tile filter (or remove the ring)."""
        self.marked = index
        self.redraw_rings()

    def light(self, index: int, colour: str, came_from: int | None = None) -> None:
        """Light tile ``index`` in ``colour``, with an arrow from ``came_from`` if given."""
        self.lit[index] = colour
        if came_from is not None:
            self.arrows.append((came_from, index))
        self.redraw()

    def clear_path(self) -> None:
        """Remove every lit tile and arrow."""
        self.lit.clear()
        self.arrows.clear()
        self.redraw()

    def show_heat(self, values: Sequence[float]) -> None:
        """Overlay a heat ring on each tile with a value above 0 (one value per tile, row-major)."""
        self.heat = list(values)
        self.redraw()

    def clear_heat(self) -> None:
        """Remove the heat overlay."""
        self.heat = []
        self.redraw()

    def heat_colour(self, index: int) -> str | None:
        """Return the colour of tile ``index``'s heat ring, or None if it has none."""
        items = self.find_withtag(f"heat{index}")
        return self.itemcget(items[0], "outline") if items else None

    def tile_at(self, x: float, y: float) -> int | None:
        """Return the index of the tile under canvas point (x, y), or None."""
        for index, (x0, y0, x1, y1) in enumerate(self._boxes):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return index
        return None

    def centre(self, index: int) -> tuple[int, int]:
        """Return the canvas coordinates of tile ``index``'s centre."""
        x0, y0, x1, y1 = self._boxes[index]
        return round((x0 + x1) / 2), round((y0 + y1) / 2)

    def tile_fill(self, index: int) -> str:
        """Return the fill colour tile ``index`` is drawn with right now."""
        return self.itemcget(f"tile{index}", "fill")

    def base_fill(self, index: int) -> str:
        """Return the colour of tile ``index`` when it is not lit: its bonus colour or plain."""
        bonus = self.bonuses[index]
        return theme.BONUS_COLOURS.get(bonus, theme.TILE) if bonus else theme.TILE

    def has_focus(self) -> bool:
        """Return True if this canvas holds the keyboard focus."""
        # focus_get() raises KeyError while a combobox list is open; ask Tk directly.
        return str(self.tk.call("focus")) == str(self)

    def _on_configure(self, event: tk.Event) -> None:
        """Redraw for a new canvas size; a Configure that keeps the size changes nothing."""
        if (event.width, event.height) == self._drawn_for:
            return
        if self._held:
            self._stale = True
        else:
            self.redraw()

    def hold_resizes(self, held: bool) -> None:
        """Hold (True) or resume (False) redraws for new canvas sizes; resuming catches up.

        While a solve worker runs, every canvas call waits for the GIL, so a big
        board would take seconds to redraw: it keeps its drawing until then.
        """
        self._held = held
        if not held and self._stale:
            self._stale = False
            self.redraw()

    def _on_theme_changed(self, _event: tk.Event) -> None:
        """Take the new mode's window colour; the board itself keeps the game's colours."""
        self.configure(background=theme.palette(self).background)
        self.redraw()

    def retranslate(self) -> None:
        """Draw the bonus badges in the new interface language (the board and its path stay)."""
        self.redraw()

    def redraw(self) -> None:
        """Draw everything afresh once the app is idle, so that many changes in a row draw once."""
        if self._pending is None:
            self._pending = self.after_idle(self.draw)

    def draw(self) -> None:
        """Draw everything from the current state now, sized to the canvas."""
        if self._pending is not None:
            self.after_cancel(self._pending)
            self._pending = None
        self.draws += 1
        self.delete("!keep")
        self._boxes = []
        self.path_drawing.forget_labels()
        if not self.rows:
            return
        self._size = size = self._layout()
        for index in range(len(self._boxes)):
            self._draw_tile(index, size)
        self._draw_heat(size)
        # Labels first: an arrow that would cross one goes round it (see PathDrawing._route_arrows).
        for index in range(len(self._boxes)):
            self._draw_labels(index, size)
        self.path_drawing.draw(size)
        for index in sorted(self.doubtful):
            self._draw_doubt(index, size)
        self._draw_rings(size)

    def _create(self, item_type: str, args: tuple, kw: dict) -> int:
        """Create a canvas item, keeping its colours and font open for the next redraw.

        Every ``create_*`` method of tkinter's Canvas comes here. The item is made in
        one Tcl call, without the generic option formatting, which costs more than
        Tk's own work for a board's small items.
        """
        # Points come as numbers, pairs or one list, as Canvas allows.
        coords = tk._flatten(args)  # type: ignore[attr-defined]  # tkinter's own C helper, absent from its stubs
        options: list[object] = []
        for key, value in kw.items():
            if value is None:  # as tkinter does: an option given as None is left out
                continue
            if key in RESOURCE_OPTIONS and value and value not in self._kept:
                self._keep(key, value)
            options += ("-" + key, value)
        return self.tk.getint(self.tk.call(str(self), "create", item_type, *coords, *options))

    def _keep(self, option: str, value: str | tuple) -> None:
        """Hold the colour or font ``value`` open with a hidden item that redraws leave alone."""
        if len(self._kept) >= KEPT_RESOURCES:  # heat rings or many resizes: start afresh
            self.delete("keep")
            self._kept.clear()
        self._kept.add(value)
        if option == "font":
            self.tk.call(str(self), "create", "text", 0, 0, "-font", value, "-state", "hidden", "-tags", "keep")
        else:
            self.tk.call(str(self), "create", "line", 0, 0, 0, 0, "-fill", value, "-state", "hidden", "-tags", "keep")

    def redraw_rings(self) -> None:
        """Redraw only the start-filter ring and the cursor, leaving the tiles as drawn."""
        if self._pending is not None:
            return  # the whole board is about to be drawn, rings included
        self.delete("marked", "cursor")
        if self._boxes:
            self._draw_rings(self._size)

    def _layout(self) -> float:
        """Place the tiles to fill the canvas, draw the board behind them; return the tile size."""
        width, height = self._drawn_for = self.winfo_width(), self.winfo_height()
        if width <= 2:  # not mapped yet: use the requested size
            width, height = int(self.cget("width")), int(self.cget("height"))
        margin, rim = MARGIN * self.dpi_scale, RIM * self.dpi_scale
        pitch = min((width - 2 * margin) / self.cols, (height - 2 * margin) / self.rows)
        left, top = (width - pitch * self.cols) / 2, (height - pitch * self.rows) / 2
        # Whole pixels: a smooth polygon's straight edge at a fractional x rounds to the
        # pixel beside it at a few spline points, a dark dot on the window colour.
        edges = (round(left - rim), round(top - rim), round(left + pitch * self.cols + rim),
                 round(top + pitch * self.rows + rim))
        self.create_polygon(rounded_box(*edges, pitch * 0.15), smooth=True, fill=theme.BOARD_BACKGROUND, outline="")
        gap = pitch * GAP
        for index in range(self.rows * self.cols):
            r, c = divmod(index, self.cols)
            x0, y0 = left + c * pitch + gap / 2, top + r * pitch + gap / 2
            self._boxes.append((x0, y0, x0 + pitch - gap, y0 + pitch - gap))
        return pitch - gap

    def _draw_tile(self, index: int, size: float) -> None:
        """Draw tile ``index``'s shadow and face."""
        x0, y0, x1, y1 = self._boxes[index]
        radius = size * 0.16
        fill = self.lit.get(index) or self.base_fill(index)
        if self.lit and index not in self.lit:
            # Fade the tiles off the path so the path stands out.
            fill = mix(fill, theme.BOARD_BACKGROUND, 0.55)
        if not self.lit:  # while a path is lit the tiles lie flat: no shadows
            drop = SHADOW * self.dpi_scale
            self.create_polygon(rounded_box(x0, y0 + drop, x1, y1 + drop, radius), smooth=True,
                                fill=theme.TILE_SHADOW, outline="")
        self.create_polygon(rounded_box(x0, y0, x1, y1, radius), smooth=True, fill=fill,
                            outline=theme.TILE_EDGE if fill == theme.TILE else "", tags=(f"tile{index}",))

    def _draw_heat(self, size: float) -> None:
        """Ring each tile in the colour and width of its share of the hottest tile's heat."""
        hottest = max(self.heat, default=0)
        if hottest <= 0 or len(self.heat) != len(self._boxes):
            return
        k, (thin, thick) = self.dpi_scale, HEAT_WIDTH
        for index, value in enumerate(self.heat):
            if value <= 0:
                continue
            share = value / hottest
            width = (thin + (thick - thin) * share) * k
            x0, y0, x1, y1 = grown(self._boxes[index], width / 2)
            self.create_polygon(rounded_box(x0, y0, x1, y1, size * 0.18), smooth=True, fill="",
                                outline=mix(HEAT_COLD, HEAT_HOT, share), width=width, tags=("heat", f"heat{index}"))

    def _draw_labels(self, index: int, size: float) -> None:
        """Draw tile ``index``'s letter and, on tiles large enough, its value (or step, if lit) and bonus label."""
        x0, y0, x1, y1 = self._boxes[index]
        letter, bonus = self.letters[index], self.bonuses[index]
        lit = index in self.lit
        ink = "#ffffff" if lit else theme.text_colour(bonus)
        if index in self.invalid:
            ink = theme.BAD_LETTER
        if self.lit and not lit:
            ink = mix(ink, theme.BOARD_BACKGROUND, 0.45)
        self.create_text((x0 + x1) / 2, (y0 + y1) / 2 + size * 0.02, text=letter, fill=ink,
                         font=font(size * 0.5, 8, bold=True), tags=(f"letter{index}", "ink"))
        # On tiny tiles (big boards) the value and the bonus label would crowd the
        # letter: leave them out; the tile's colour still shows the bonus.
        if size < SMALLEST_WITH_LABELS * self.dpi_scale:
            return
        value = self.values.get(letter)
        if lit:
            self.path_drawing.draw_step(index, self._boxes[index], size)
        elif value is not None and letter:
            label = self.create_text(x1 - size * 0.09, y1 - size * 0.07, text=str(value), anchor="se", fill=ink,
                                     font=font(size * 0.17, 7), tags=(f"value{index}", "label", "ink"))
            self.path_drawing.avoid(label, index)
        if bonus:
            label = self.create_text(x0 + size * 0.09, y0 + size * 0.06, text=bonus_badge(bonus), anchor="nw", fill=ink,
                                     font=font(size * 0.16, 7, bold=True),
                                     tags=(f"bonus{index}", "label", "ink"))
            self.path_drawing.avoid(label, index)

    def _draw_doubt(self, index: int, size: float) -> None:
        """Mark tile ``index`` as one to check: a dotted ring and a "?" badge on its free top-right corner.

        The mark is a shape, not only a colour, so it reads without colour vision;
        black on yellow stands out on every tile colour, in both modes (the board
        keeps the game's colours).
        """
        k = self.dpi_scale
        x0, y0, x1, y1 = self._boxes[index]
        tags = ("doubt", f"doubt{index}")
        self.create_polygon(rounded_box(x0 + 2 * k, y0 + 2 * k, x1 - 2 * k, y1 - 2 * k, size * 0.14), smooth=True,
                            fill="", outline=theme.DOUBT_INK, width=3 * k, tags=tags)
        self.create_polygon(rounded_box(x0 + 2 * k, y0 + 2 * k, x1 - 2 * k, y1 - 2 * k, size * 0.14), smooth=True,
                            fill="", outline=theme.DOUBT, width=3 * k, dash=(round(5 * k), round(4 * k)), tags=tags)
        radius = max(size * 0.13, 7 * k)
        cx, cy = x1 - radius * 0.6, y0 + radius * 0.6
        self.create_oval(cx - radius, cy - radius, cx + radius, cy + radius, fill=theme.DOUBT,
                         outline=theme.DOUBT_INK, width=max(round(1.5 * k), 1), tags=tags)
        self.create_text(cx, cy, text="?", fill=theme.DOUBT_INK, font=font(radius * 1.4, 8, bold=True),
                         tags=tags)

    def _draw_rings(self, size: float) -> None:
        """Draw the start-filter ring and the keyboard cursor."""
        k = self.dpi_scale
        if self.marked is not None:
            x0, y0, x1, y1 = self._boxes[self.marked]
            self.create_polygon(rounded_box(x0 - 3 * k, y0 - 3 * k, x1 + 3 * k, y1 + 3 * k, size * 0.18), smooth=True,
                                fill="", outline=theme.START_FILTER, width=4 * k, tags=("marked",))
        focused = self.has_focus()
        if self.cursor is None or not (focused or self.cursor_when_unfocused):
            return
        x0, y0, x1, y1 = self._boxes[self.cursor]
        dash = () if focused else (round(6 * k), round(4 * k))
        self.create_polygon(rounded_box(x0 - 4 * k, y0 - 4 * k, x1 + 4 * k, y1 + 4 * k, size * 0.2), smooth=True,
                            fill="", outline=theme.CURSOR if focused else theme.palette(self).muted,
                            width=(4 if focused else 2) * k, dash=dash, tags=("cursor",))

    def destroy(self) -> None:
        """Cancel a pending draw before the canvas goes."""
        if self._pending is not None:
            self.after_cancel(self._pending)
            self._pending = None
        super().destroy()
