"""BoardView: a Canvas that draws a board's tiles, bonuses, cursor and a word's path."""
from __future__ import annotations

import functools
import itertools
import tkinter as tk
from collections.abc import Mapping, Sequence

from ruzzle_gui.app import theme
from ruzzle_gui.app.arrows import (ARROWSHAPE, HEAD_CLEARANCE, HEAD_ON_LABEL, SHAFT_ON_LABEL, SPLINE_STEPS, Route,
                                   corners, grown, meet, pick, polygons_gap, toward, unit)

# Pixel sizes as on a 96-DPI screen; each is multiplied by the screen's scale.
MARGIN = 14
RIM = 6  # the board's dark rim round the tiles
SHADOW = 3  # how far below each tile its shadow shows
GAP = 0.1  # space between tiles, as a share of the tile pitch
ARROW_MIN_WIDTH = 3
SMALLEST_WITH_LABELS = 36  # smaller tiles show only the letter
TRIM = 0.3  # arrows stop this share of a tile short of each centre, so letters stay readable
CORNER = 0.66  # a diagonal arrow cut short to clear the labels stops this share of a tile from the centre
LABEL_CLEARANCE = 1  # pixels kept free between an arrow and a tile's value or bonus label
BOWS = (0.55, 0.8)  # a bent arrow is pulled this share of a tile sideways, clear of the corner labels
SWEEPS = 3  # times the arrows are re-routed in turn, each against the others' latest routes
HALO = 0.02  # share of a tile: how far a label's outline of tile colour reaches round its letters
# The heat overlay rings each tile on the board's own dark rim, so it reads the same in light and dark mode:
# pale amber for a little heat, deep pink for the most; thicker as it gets hotter. Neither is a bonus hue.
HEAT_COLD, HEAT_HOT = "#ffe082", "#ff1f6b"
HEAT_WIDTH = (2, 6)  # ring width in pixels at 96 DPI, coolest to hottest
FAMILY = "DejaVu Sans"
# Tk frees a font or colour once no item uses it, and getting it again costs a trip to
# the X server: about 0.5 ms a font and 60 us a colour. A board redrawn from scratch
# would pay that for each of its items (4 ms of a 4x4 Solve). A hidden item holds each
# one open across redraws, up to this many at a time.
KEPT_RESOURCES = 96
RESOURCE_OPTIONS = ("fill", "outline", "font")


@functools.lru_cache(maxsize=1024)  # a board fades the same few colours on every redraw
def mix(colour: str, other: str, share: float) -> str:
    """Return ``colour`` blended with ``share`` (0..1) of ``other``, as #rrggbb."""
    a = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    b = [int(other[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def font(pixels: float, smallest: int, *, bold: bool = False) -> tuple:
    """Return the board's font ``pixels`` high, at least ``smallest``."""
    return (FAMILY, -max(int(pixels), smallest), *(("bold",) if bold else ()))


def rounded_box(x0: float, y0: float, x1: float, y1: float, radius: float) -> list[float]:
    """Return polygon points that, drawn with smooth=True, make a rounded rectangle."""
    return [x0 + radius, y0, x1 - radius, y0, x1, y0, x1, y0 + radius, x1, y1 - radius, x1, y1,
            x1 - radius, y1, x0 + radius, y1, x0, y1, x0, y1 - radius, x0, y0 + radius, x0, y0]


class BoardView(tk.Canvas):
    """Draws a rows x cols board that scales with its size; every change redraws from plain state."""

    def __init__(self, master: tk.Misc, *, cursor_when_unfocused: bool = True, **options) -> None:
        options.setdefault("width", 360)
        options.setdefault("height", 360)
        self.scale = theme.scale(master)
        for key in ("width", "height"):
            options[key] = round(options[key] * self.scale)
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
        self._label_tiles: dict[int, int] = {}  # canvas item of a value or bonus label -> its tile
        self._label_boxes: dict[int, tuple[float, float, float, float]] = {}  # the same labels -> their boxes
        self._size = 0.0
        self._drawn_for: tuple[int, int] = (0, 0)
        self._held = self._stale = False
        self._pending: str | None = None
        self._routed: tuple[tuple, list[tuple[int, int]], list[Route]] = ((), [], [])
        self._kept: set = set()  # the colours and fonts held open by hidden "keep" items
        self.draws = 0  # how many times the board was drawn: a Solve should cost one
        self.bind("<Configure>", self._on_configure)
        self.bind("<<ThemeChanged>>", self._on_theme_changed, add=True)
        # Focus only changes the cursor ring: a big board must not be redrawn for it.
        self.bind("<FocusIn>", lambda _event: self.redraw_rings(), add=True)
        self.bind("<FocusOut>", lambda _event: self.redraw_rings(), add=True)

    def show(self, rows: int, cols: int, letters: Sequence[str], bonuses: Sequence[str | None],
             values: Mapping[str, int] | None = None, invalid: Sequence[int] = (),
             doubtful: Sequence[int] = ()) -> None:
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
        return theme.BONUS_COLOURS.get(self.bonuses[index], theme.TILE)

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
        self._boxes, self._label_tiles, self._label_boxes = [], {}, {}
        if not self.rows:
            return
        self._size = size = self._layout()
        for index in range(len(self._boxes)):
            self._draw_tile(index, size)
        self._draw_heat(size)
        # Labels first: an arrow that would cross one goes round it (see _route_arrows).
        for index in range(len(self._boxes)):
            self._draw_labels(index, size)
        if self.arrows:
            self._measure_labels()
        routes = self._route_arrows(size)
        for route in routes:
            self._line(route.points, route.width)
        self._lift_touched_heads(routes)
        self.tag_raise("ink")
        self._back_crossed_labels(routes, size)
        for index in sorted(self.doubtful):
            self._draw_doubt(index, size)
        self._draw_rings(size)

    def _create(self, item_type: str, args: tuple, kw: dict) -> int:
        """Create a canvas item, keeping its colours and font open for the next redraw.

        Every ``create_*`` method of tkinter's Canvas comes here. The item is made in
        one Tcl call, without the generic option formatting, which costs more than
        Tk's own work for a board's small items.
        """
        coords = tk._flatten(args)  # points come as numbers, pairs or one list, as Canvas allows
        options = []
        for key, value in kw.items():
            if key in RESOURCE_OPTIONS and value and value not in self._kept:
                self._keep(key, value)
            options += ("-" + key, value)
        return self.tk.getint(self.tk.call(self._w, "create", item_type, *coords, *options))

    def _keep(self, option: str, value: str | tuple) -> None:
        """Hold the colour or font ``value`` open with a hidden item that redraws leave alone."""
        if len(self._kept) >= KEPT_RESOURCES:  # heat rings or many resizes: start afresh
            self.delete("keep")
            self._kept.clear()
        self._kept.add(value)
        if option == "font":
            self.tk.call(self._w, "create", "text", 0, 0, "-font", value, "-state", "hidden", "-tags", "keep")
        else:
            self.tk.call(self._w, "create", "line", 0, 0, 0, 0, "-fill", value, "-state", "hidden", "-tags", "keep")

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
        margin, rim = MARGIN * self.scale, RIM * self.scale
        pitch = min((width - 2 * margin) / self.cols, (height - 2 * margin) / self.rows)
        left, top = (width - pitch * self.cols) / 2, (height - pitch * self.rows) / 2
        self.create_polygon(rounded_box(left - rim, top - rim, left + pitch * self.cols + rim,
                                        top + pitch * self.rows + rim, pitch * 0.15),
                            smooth=True, fill=theme.BOARD_BACKGROUND, outline="")
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
            drop = SHADOW * self.scale
            self.create_polygon(rounded_box(x0, y0 + drop, x1, y1 + drop, radius), smooth=True,
                                fill=theme.TILE_SHADOW, outline="")
        self.create_polygon(rounded_box(x0, y0, x1, y1, radius), smooth=True, fill=fill,
                            outline=theme.TILE_EDGE if fill == theme.TILE else "", tags=(f"tile{index}",))

    def _draw_heat(self, size: float) -> None:
        """Ring each tile in the colour and width of its share of the hottest tile's heat."""
        hottest = max(self.heat, default=0)
        if hottest <= 0 or len(self.heat) != len(self._boxes):
            return
        k, (thin, thick) = self.scale, HEAT_WIDTH
        for index, value in enumerate(self.heat):
            if value <= 0:
                continue
            share = value / hottest
            width = (thin + (thick - thin) * share) * k
            x0, y0, x1, y1 = grown(self._boxes[index], width / 2)
            self.create_polygon(rounded_box(x0, y0, x1, y1, size * 0.18), smooth=True, fill="",
                                outline=mix(HEAT_COLD, HEAT_HOT, share), width=width, tags=("heat", f"heat{index}"))

    def _draw_labels(self, index: int, size: float) -> None:
        """Draw tile ``index``'s letter and, on tiles large enough, its value and bonus label."""
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
        if size < SMALLEST_WITH_LABELS * self.scale:
            return
        value = self.values.get(letter)
        if lit:
            self._draw_step(index, size)
        elif value is not None and letter:
            label = self.create_text(x1 - size * 0.09, y1 - size * 0.07, text=str(value), anchor="se", fill=ink,
                                     font=font(size * 0.17, 7), tags=(f"value{index}", "label", "ink"))
            self._label_tiles[label] = index
        if bonus:
            label = self.create_text(x0 + size * 0.09, y0 + size * 0.06, text=bonus, anchor="nw", fill=ink,
                                     font=font(size * 0.16, 7, bold=True),
                                     tags=(f"bonus{index}", "label", "ink"))
            self._label_tiles[label] = index

    def _draw_step(self, index: int, size: float) -> None:
        """Number a lit tile with its step in the path, on a dark badge where its letter value goes.

        A long path crosses itself; the numbers say which way it runs. The badge is a
        label like the value it stands in for: arrows keep clear of it.
        """
        x0, y0, x1, y1 = self._boxes[index]
        step = list(self.lit).index(index) + 1
        label = self.create_text(x1 - size * 0.1, y1 - size * 0.08, text=str(step), anchor="se", fill="#ffffff",
                                 font=font(size * 0.17, 7, bold=True),
                                 tags=(f"step{index}", "label", "ink"))
        box = grown(self.bbox(label), max(size * 0.02, 1))
        badge = self.create_polygon(rounded_box(*box, (box[3] - box[1]) * 0.4), smooth=True,
                                    fill=theme.BOARD_BACKGROUND, outline="", tags=("badge", "ink"))
        self.tag_lower(badge, label)
        self._label_tiles[label], self._label_boxes[label] = index, box

    def _measure_labels(self) -> None:
        """Find the box of every value and bonus label: only arrows need them, and each costs Tk a text layout."""
        boxes = self._label_boxes
        self._label_boxes = {label: boxes.get(label) or self.bbox(label) for label in self._label_tiles}

    def _route_arrows(self, size: float) -> list[Route]:
        """Return a route for every arrow of the path: one clear of every label and of all other arrowheads.

        A straight step from top left to bottom right (either way) runs through the
        value's corner of one tile and the bonus label's corner of the other: such an
        arrow bows out through a side of each tile instead, or starts or ends out in
        a corner, past the label (see _other_routes). Which of these depends on the
        whole path so far: no arrow may touch the head of another, nor run its own
        head into one (into the next step's tail, say, or into the arrow crossing it
        between the same four tiles), and an arrow the labels do not block may give
        way too. Each arrow in turn takes its best route against the others' latest
        ones, until none changes. While an animation adds steps, the arrows already
        drawn keep their routes (see _kept_routes): only the new one is routed, so the
        path the eye has followed never moves. Only in tight spots on small tiles does
        an arrow still cross a label (which gets a backing) or a head (see
        _lift_touched_heads).
        """
        width = max(size * 0.06, ARROW_MIN_WIDTH * self.scale)
        labels_crossed = functools.cache(self._labels_crossed)
        kept = self._kept_routes(size)
        chosen = [*kept, *(Route(self._straight(start, end, size, TRIM, TRIM), width)
                           for start, end in self.arrows[len(kept):])]
        options = [[route.points] if step < len(kept) else
                   [route.points, *self._other_routes(start, end, size, blocked=labels_crossed(route) > 0)]
                   for step, (route, (start, end)) in enumerate(zip(chosen, self.arrows))]
        # Most arrows keep their first route: build the others only when they are tried.
        route = functools.cache(lambda step, place: chosen[step] if not place else Route(options[step][place], width))
        for _ in range(SWEEPS):
            before = list(chosen)
            for step, points in enumerate(options[len(kept):], len(kept)):
                others = [(other, abs(place - step) == 1) for place, other in enumerate(chosen) if place != step]
                chosen[step] = pick((route(step, place) for place in range(len(points))), others, labels_crossed)
            if chosen == before:
                break
        self._routed = (self._route_key(size), list(self.arrows), chosen)
        return chosen

    def _route_key(self, size: float) -> tuple:
        """Return what the routes of a path depend on besides the path: tile size, letters, labels."""
        return size, tuple(self.letters), tuple(self.bonuses), tuple(sorted(self.values.items()))

    def _kept_routes(self, size: float) -> list[Route]:
        """Return the routes last drawn for the first arrows of the path, if it only grew since."""
        key, arrows, routes = self._routed
        if key != self._route_key(size) or arrows != self.arrows[:len(arrows)]:
            return []
        return routes

    def _lift_touched_heads(self, routes: list[Route]) -> None:
        """Draw again, above all arrows, each arrowhead another arrow touches, on a rim of its tile's colour.

        The rim parts the head from the arrow that passes under it, so the head stays
        whole and still shows where the step goes. Routing leaves this only in tight
        spots on small tiles, where every route clear of the labels touches a head.
        On tiny tiles (below SMALLEST_WITH_LABELS) two heads may meet where diagonal
        steps cross: those are left as they are.
        """
        for step, route in enumerate(routes):
            others = [other for other in routes if other is not route]
            # Two heads that touch cannot both go on top: a rim would only chop the other one up.
            if not any(other.touches_head_of(route) for other in others) or any(
                    polygons_gap(route.head, other.head) <= HEAD_CLEARANCE for other in others):
                continue
            head = [route.head[0], route.head[1], route.head[-1]]
            tile, tags = self.tile_at(*(sum(axis) / 3 for axis in zip(*head))), ("lifted", f"lifted{step}")
            fill = theme.BOARD_BACKGROUND if tile is None else self.tile_fill(tile)  # a head cut short sits in a gap
            self.create_polygon(*head, fill=fill, outline=fill,
                                width=2 * HEAD_CLEARANCE, joinstyle="round", tags=tags)
            neck = [(a + b) / 2 for a, b in zip(route.head[2], route.head[3])]
            self.itemconfigure(self._line([*neck, *route.head[0]], route.width), tags=tags)

    def _labels_crossed(self, route: Route) -> int:
        """Return how ``route`` meets the value and bonus labels: 0 (within LABEL_CLEARANCE of none),
        SHAFT_ON_LABEL or HEAD_ON_LABEL."""
        near = [box for box in self._label_boxes.values() if meet(route.box, grown(box, LABEL_CLEARANCE))]
        crossed = [box for box in near if route.reaches(corners(box), LABEL_CLEARANCE, box)]
        if any(meet(route.head_box, grown(box, LABEL_CLEARANCE))
               and polygons_gap(route.head, corners(box)) <= LABEL_CLEARANCE for box in crossed):
            return HEAD_ON_LABEL
        return SHAFT_ON_LABEL if crossed else 0

    def _back_crossed_labels(self, routes: list[Route], size: float) -> None:
        """Keep every label an arrow still crosses readable, and every arrowhead whole.

        The label gets a patch of its tile's colour, stacked between arrows and
        text; where that patch would hide part of an arrowhead, an outline of tile
        colour round the label's letters parts them from the arrow instead.
        """
        for label, box in self._label_boxes.items():
            if not any(meet(route.box, box) and route.reaches(corners(box), 0, box) for route in routes):
                continue
            fill, box = self.tile_fill(self._label_tiles[label]), grown(box, LABEL_CLEARANCE)
            if any(polygons_gap(corners(box), route.head) == 0 for route in routes):
                self._outline(label, fill, max(size * HALO, 1))
            else:
                patch = self.create_polygon(rounded_box(*box, (box[3] - box[1]) * 0.3), smooth=True,
                                            fill=fill, outline="", tags=("backing",))
                self.tag_lower(patch, label)

    def _outline(self, label: int, fill: str, reach: float) -> None:
        """Draw ``label``'s text in ``fill`` ``reach`` pixels round it, just under it: an outline of its letters."""
        x, y = self.coords(label)
        text = {key: self.itemcget(label, key) for key in ("text", "font", "anchor")}
        for dx, dy in itertools.product((-reach, 0, reach), repeat=2):
            if dx or dy:
                self.tag_lower(self.create_text(x + dx, y + dy, fill=fill, tags=("halo",), **text), label)

    def _line(self, points: list[float], width: float) -> int:
        """Draw a path arrow through ``points`` (two ends, or ends and a control point); return its id."""
        return self.create_line(*points, smooth=len(points) == 6, splinesteps=SPLINE_STEPS, fill=theme.PATH_LINE,
                                width=width, arrow="last", capstyle="round",
                                arrowshape=[width * share for share in ARROWSHAPE], tags=("path",))

    def _straight(self, start: int, end: int, size: float, first: float, last: float) -> list[float]:
        """Return a straight route from tile ``start`` to tile ``end``, stopping short of their centres
        by ``first`` and ``last`` shares of a tile."""
        a, b = self.centre(start), self.centre(end)
        return [*toward(a, b, size * first), *toward(b, a, size * last)]

    def _other_routes(self, start: int, end: int, size: float, blocked: bool) -> list[list[float]]:
        """Return the routes to try when the straight one has a flaw, best first.

        They bow out either way, more and more, or, for a diagonal step, stay
        straight but start or end (or both) out in the corners of their tiles. An
        arrow the labels do not block keeps straight if it can; one they block
        (running through the corners that hold them) bows first, and cuts both
        corners, which leaves little of it, last of all.
        """
        a, b = self.centre(start), self.centre(end)
        dx, dy = unit(a, b)
        bows = []
        for bow, side in itertools.product(BOWS, (1, -1)):
            control = ((a[0] + b[0]) / 2 - dy * side * size * bow, (a[1] + b[1]) / 2 + dx * side * size * bow)
            bows.append([*toward(a, control, size * TRIM), *control, *toward(b, control, size * TRIM)])
        if not (dx and dy):
            return bows
        cut = [self._straight(start, end, size, first, last) for first, last in ((CORNER, TRIM), (TRIM, CORNER))]
        both = self._straight(start, end, size, CORNER, CORNER)
        return [*bows, *cut, both] if blocked else [*cut, both, *bows]

    def _draw_doubt(self, index: int, size: float) -> None:
        """Mark tile ``index`` as one to check: a dotted ring and a "?" badge on its free top-right corner.

        The mark is a shape, not only a colour, so it reads without colour vision;
        black on yellow stands out on every tile colour, in both modes (the board
        keeps the game's colours).
        """
        k = self.scale
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
        k = self.scale
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
