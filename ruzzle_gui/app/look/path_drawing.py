"""PathDrawing: draws a word's path on a BoardView, each arrow routed clear of the labels and of the other arrows.

BoardView draws the tiles and their letters, hands each value and bonus label to
``avoid`` and each lit tile to ``draw_step``, then calls ``draw``: that routes an
arrow for every step of the path, draws it, and keeps every label readable and
every arrowhead whole. The routes' geometry is in arrows.py (pure, no Tk); this
module turns it into canvas items.
"""
from __future__ import annotations

import functools
import itertools
import tkinter as tk
from collections.abc import Mapping
from typing import Protocol

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.arrows import (
    ARROWSHAPE,
    HEAD_CLEARANCE,
    HEAD_ON_LABEL,
    SHAFT_ON_LABEL,
    SPLINE_STEPS,
    Route,
    corners,
    grown,
    meet,
    pick,
    polygons_gap,
    toward,
    unit,
)
from ruzzle_gui.app.look.board_shapes import font, rounded_box

# Pixel sizes as on a 96-DPI screen; each is multiplied by the screen's scale.
ARROW_MIN_WIDTH = 3
TRIM = 0.3  # arrows stop this share of a tile short of each centre, so letters stay readable
CORNER = 0.66  # a diagonal arrow cut short to clear the labels stops this share of a tile from the centre
LABEL_CLEARANCE = 1  # pixels kept free between an arrow and a tile's value or bonus label
BOWS = (0.55, 0.8)  # a bent arrow is pulled this share of a tile sideways, clear of the corner labels
SWEEPS = 3  # times the arrows are re-routed in turn, each against the others' latest routes
HALO = 0.02  # share of a tile: how far a label's outline of tile colour reaches round its letters


class Tiles(Protocol):
    """What a PathDrawing reads of the BoardView it draws on: its tiles, and the path lit on them."""

    arrows: list[tuple[int, int]]
    lit: dict[int, str]
    dpi_scale: float
    letters: list[str]
    bonuses: list[str | None]
    values: Mapping[str, int]

    def centre(self, index: int) -> tuple[int, int]: ...

    def tile_at(self, x: float, y: float) -> int | None: ...

    def tile_fill(self, index: int) -> str: ...


class PathDrawing:
    """Draws the step numbers and arrows of the path lit on a BoardView, and remembers the routes it drew."""

    def __init__(self, view: tk.Canvas, tiles: Tiles) -> None:
        """Draw on ``view``, a BoardView, which is also the ``tiles`` it reads (tile centres, fills, the lit path)."""
        self.view, self.tiles = view, tiles
        self._label_tiles: dict[int, int] = {}  # canvas item of a value or bonus label -> its tile
        self._label_boxes: dict[int, tuple[float, float, float, float]] = {}  # the same labels -> their boxes
        self._routed: tuple[tuple, list[tuple[int, int]], list[Route]] = ((), [], [])

    def forget_labels(self) -> None:
        """Forget the labels of the last drawing: the board is being drawn afresh."""
        self._label_tiles, self._label_boxes = {}, {}

    def avoid(self, label: int, tile: int) -> None:
        """Keep the arrows clear of canvas text ``label``, a value or bonus label on tile ``tile``."""
        self._label_tiles[label] = tile

    def draw(self, size: float) -> None:
        """Draw an arrow for every step of the path, under the letters and labels, clear of them where it can."""
        if self.tiles.arrows:
            self._measure_labels()
        routes = self._route_arrows(size)
        for route in routes:
            self._line(route.points, route.width)
        self._lift_touched_heads(routes)
        self.view.tag_raise("ink")
        self._back_crossed_labels(routes, size)

    def draw_step(self, index: int, box: tuple[float, float, float, float], size: float) -> None:
        """Number lit tile ``index`` (drawn in ``box``) with its step in the path, on a dark badge where its
        letter value goes.

        A long path crosses itself; the numbers say which way it runs. The badge is a
        label like the value it stands in for: arrows keep clear of it.
        """
        view = self.view
        _, _, x1, y1 = box
        step = list(self.tiles.lit).index(index) + 1
        label = view.create_text(x1 - size * 0.1, y1 - size * 0.08, text=str(step), anchor="se", fill="#ffffff",
                                 font=font(size * 0.17, 7, bold=True),
                                 tags=(f"step{index}", "label", "ink"))
        box = grown(view.bbox(label), max(size * 0.02, 1))
        badge = view.create_polygon(rounded_box(*box, (box[3] - box[1]) * 0.4), smooth=True,
                                    fill=theme.BOARD_BACKGROUND, outline="", tags=("badge", "ink"))
        view.tag_lower(badge, label)
        self._label_tiles[label], self._label_boxes[label] = index, box

    def _measure_labels(self) -> None:
        """Find the box of every value and bonus label: only arrows need them, and each costs Tk a text layout."""
        boxes = self._label_boxes
        self._label_boxes = {label: boxes.get(label) or self.view.bbox(label) for label in self._label_tiles}

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
        arrows = self.tiles.arrows
        width = max(size * 0.06, ARROW_MIN_WIDTH * self.tiles.dpi_scale)
        labels_crossed = functools.cache(self._labels_crossed)
        kept = self._kept_routes(size)
        chosen = [*kept, *(Route(self._straight(start, end, size, TRIM, TRIM), width)
                           for start, end in arrows[len(kept):])]
        options = [[route.points] if step < len(kept) else
                   [route.points, *self._other_routes(start, end, size, blocked=labels_crossed(route) > 0)]
                   for step, (route, (start, end)) in enumerate(zip(chosen, arrows))]
        # Most arrows keep their first route: build the others only when they are tried.
        route = functools.cache(lambda step, place: chosen[step] if not place else Route(options[step][place], width))
        for _ in range(SWEEPS):
            before = list(chosen)
            for step, points in enumerate(options[len(kept):], len(kept)):
                others = [(other, abs(place - step) == 1) for place, other in enumerate(chosen) if place != step]
                chosen[step] = pick((route(step, place) for place in range(len(points))), others, labels_crossed)
            if chosen == before:
                break
        self._routed = (self._route_key(size), list(arrows), chosen)
        return chosen

    def _route_key(self, size: float) -> tuple:
        """Return what the routes of a path depend on besides the path: tile size, letters, labels."""
        tiles = self.tiles
        return size, tuple(tiles.letters), tuple(tiles.bonuses), tuple(sorted(tiles.values.items()))

    def _kept_routes(self, size: float) -> list[Route]:
        """Return the routes last drawn for the first arrows of the path, if it only grew since."""
        key, arrows, routes = self._routed
        if key != self._route_key(size) or arrows != self.tiles.arrows[:len(arrows)]:
            return []
        return routes

    def _lift_touched_heads(self, routes: list[Route]) -> None:
        """Draw again, above all arrows, each arrowhead another arrow touches, on a rim of its tile's colour.

        The rim parts the head from the arrow that passes under it, so the head stays
        whole and still shows where the step goes. Routing leaves this only in tight
        spots on small tiles, where every route clear of the labels touches a head.
        On tiny tiles (below BoardView's SMALLEST_WITH_LABELS) two heads may meet
        where diagonal steps cross: those are left as they are.
        """
        view, tiles = self.view, self.tiles
        for step, route in enumerate(routes):
            others = [other for other in routes if other is not route]
            # Two heads that touch cannot both go on top: a rim would only chop the other one up.
            if not any(other.touches_head_of(route) for other in others) or any(
                    polygons_gap(route.head, other.head) <= HEAD_CLEARANCE for other in others):
                continue
            head = [route.head[0], route.head[1], route.head[-1]]
            tile, tags = tiles.tile_at(*(sum(axis) / 3 for axis in zip(*head))), ("lifted", f"lifted{step}")
            fill = theme.BOARD_BACKGROUND if tile is None else tiles.tile_fill(tile)  # a head cut short sits in a gap
            view.create_polygon(*head, fill=fill, outline=fill,
                                width=2 * HEAD_CLEARANCE, joinstyle="round", tags=tags)
            neck = [(a + b) / 2 for a, b in zip(route.head[2], route.head[3])]
            view.itemconfigure(self._line([*neck, *route.head[0]], route.width), tags=tags)

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
        view = self.view
        for label, box in self._label_boxes.items():
            if not any(meet(route.box, box) and route.reaches(corners(box), 0, box) for route in routes):
                continue
            fill, box = self.tiles.tile_fill(self._label_tiles[label]), grown(box, LABEL_CLEARANCE)
            if any(polygons_gap(corners(box), route.head) == 0 for route in routes):
                self._outline(label, fill, max(size * HALO, 1))
            else:
                patch = view.create_polygon(rounded_box(*box, (box[3] - box[1]) * 0.3), smooth=True,
                                            fill=fill, outline="", tags=("backing",))
                view.tag_lower(patch, label)

    def _outline(self, label: int, fill: str, reach: float) -> None:
        """Draw ``label``'s text in ``fill`` ``reach`` pixels round it, just under it: an outline of its letters."""
        view = self.view
        x, y = view.coords(label)
        text = {key: view.itemcget(label, key) for key in ("text", "font", "anchor")}
        for dx, dy in itertools.product((-reach, 0, reach), repeat=2):
            if dx or dy:
                view.tag_lower(view.create_text(x + dx, y + dy, fill=fill, tags=("halo",), **text), label)

    def _line(self, points: list[float], width: float) -> int:
        """Draw a path arrow through ``points`` (two ends, or ends and a control point); return its id."""
        neck, trailing, spread = ARROWSHAPE
        return self.view.create_line(points, smooth=len(points) == 6, splinesteps=SPLINE_STEPS,
                                     fill=theme.PATH_LINE, width=width, arrow="last", capstyle="round",
                                     arrowshape=(neck * width, trailing * width, spread * width), tags=("path",))

    def _straight(self, start: int, end: int, size: float, first: float, last: float) -> list[float]:
        """Return a straight route from tile ``start`` to tile ``end``, stopping short of their centres
        by ``first`` and ``last`` shares of a tile."""
        a, b = self.tiles.centre(start), self.tiles.centre(end)
        return [*toward(a, b, size * first), *toward(b, a, size * last)]

    def _other_routes(self, start: int, end: int, size: float, blocked: bool) -> list[list[float]]:
        """Return the routes to try when the straight one has a flaw, best first.

        They bow out either way, more and more, or, for a diagonal step, stay
        straight but start or end (or both) out in the corners of their tiles. An
        arrow the labels do not block keeps straight if it can; one they block
        (running through the corners that hold them) bows first, and cuts both
        corners, which leaves little of it, last of all.
        """
        a, b = self.tiles.centre(start), self.tiles.centre(end)
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
