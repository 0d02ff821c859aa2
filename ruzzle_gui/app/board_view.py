"""BoardView: a Canvas that draws a board's tiles, bonuses, cursor and a word's path."""
from __future__ import annotations

import itertools
import tkinter as tk
from collections.abc import Mapping, Sequence

from ruzzle_gui.app import theme

MARGIN = 14
GAP = 0.1  # space between tiles, as a share of the tile pitch
ARROW_MIN_WIDTH = 3
SMALLEST_WITH_LABELS = 36  # pixels: smaller tiles show only the letter
TRIM = 0.3  # arrows stop this share of a tile short of each centre, so letters stay readable
LABEL_CLEARANCE = 1  # pixels kept free between an arrow and a tile's value or bonus label
BOWS = (0.55, 0.8)  # a bent arrow is pulled this share of a tile sideways, clear of the corner labels
CLASH = 0.85  # cosine: two arrows meeting a tile closer than ~30 degrees apart would touch


def mix(colour: str, other: str, share: float) -> str:
    """Return ``colour`` blended with ``share`` (0..1) of ``other``, as #rrggbb."""
    a = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    b = [int(other[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def unit(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Return the unit vector pointing from ``a`` to ``b``."""
    length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
    return (b[0] - a[0]) / length, (b[1] - a[1]) / length


def toward(a: Sequence[float], b: Sequence[float], distance: float) -> tuple[float, float]:
    """Return the point ``distance`` from ``a`` on the way to ``b``."""
    dx, dy = unit(a, b)
    return a[0] + dx * distance, a[1] + dy * distance


def leaving(points: Sequence[float]) -> tuple[float, float]:
    """Return the direction a route (a flat x, y list) sets off in from its first point."""
    return unit(points[:2], points[2:4])


def arriving(points: Sequence[float]) -> tuple[float, float]:
    """Return the direction a route (a flat x, y list) comes from, seen from its last point."""
    return unit(points[-2:], points[-4:-2])


def clashes(direction: tuple[float, float], others: Sequence[tuple[float, float]]) -> bool:
    """Return True if an arrow end pointing in ``direction`` would touch one pointing in any of ``others``."""
    return any(direction[0] * x + direction[1] * y > CLASH for x, y in others)


def grown(box: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    """Return ``box`` grown by ``by`` on every side."""
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def rounded_box(x0: float, y0: float, x1: float, y1: float, radius: float) -> list[float]:
    """Return polygon points that, drawn with smooth=True, make a rounded rectangle."""
    return [x0 + radius, y0, x1 - radius, y0, x1, y0, x1, y0 + radius, x1, y1 - radius, x1, y1,
            x1 - radius, y1, x0 + radius, y1, x0, y1, x0, y1 - radius, x0, y0 + radius, x0, y0]


class BoardView(tk.Canvas):
    """Draws a rows x cols board that scales with its size; every change redraws from plain state."""

    def __init__(self, master: tk.Misc, *, cursor_when_unfocused: bool = True, **options) -> None:
        options.setdefault("width", 360)
        options.setdefault("height", 360)
        super().__init__(master, background=theme.BACKGROUND, highlightthickness=0, takefocus=1, **options)
        self.cursor_when_unfocused = cursor_when_unfocused
        self.rows, self.cols = 0, 0
        self.letters: list[str] = []
        self.bonuses: list[str | None] = []
        self.values: Mapping[str, int] = {}
        self.invalid: frozenset[int] = frozenset()
        self.cursor: int | None = None
        self.marked: int | None = None
        self.lit: dict[int, str] = {}
        self.arrows: list[tuple[int, int]] = []
        self._boxes: list[tuple[float, float, float, float]] = []
        self._label_tiles: dict[int, int] = {}  # canvas item of a value or bonus label -> its tile
        self._ends: dict[int, list[tuple[float, float]]] = {}  # tile -> directions arrows meet it from
        self._size = 0.0
        self._drawn_for: tuple[int, int] = (0, 0)
        self._held = self._stale = False
        self.bind("<Configure>", self._on_configure)
        # Focus only changes the cursor ring: a big board must not be redrawn for it.
        self.bind("<FocusIn>", lambda _event: self.redraw_rings(), add=True)
        self.bind("<FocusOut>", lambda _event: self.redraw_rings(), add=True)

    def show(self, rows: int, cols: int, letters: Sequence[str], bonuses: Sequence[str | None],
             values: Mapping[str, int] | None = None, invalid: Sequence[int] = ()) -> None:
        """Draw a new board: its letters, bonuses, letter values and the tiles to show as wrong."""
        self.rows, self.cols = rows, cols
        self.letters, self.bonuses = list(letters), list(bonuses)
        self.values = values or {}
        self.invalid = frozenset(invalid)
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

    def redraw(self) -> None:
        """Redraw everything from the current state, sized to the canvas."""
        self.delete("all")
        self._boxes, self._label_tiles, self._ends = [], {}, {}
        if not self.rows:
            return
        self._size = size = self._layout()
        for index in range(len(self._boxes)):
            self._draw_tile(index, size)
        # Labels first: an arrow that would cross one bends round it (see _draw_arrow).
        for index in range(len(self._boxes)):
            self._draw_labels(index, size)
        for step in range(len(self.arrows)):
            self._draw_arrow(step, size)
        self.tag_raise("ink")
        self._back_crossed_labels()
        self._draw_rings(size)

    def redraw_rings(self) -> None:
        """Redraw only the start-filter ring and the cursor, leaving the tiles as drawn."""
        self.delete("marked", "cursor")
        if self._boxes:
            self._draw_rings(self._size)

    def _layout(self) -> float:
        """Place the tiles to fill the canvas, draw the board behind them; return the tile size."""
        width, height = self._drawn_for = self.winfo_width(), self.winfo_height()
        if width <= 2:  # not mapped yet: use the requested size
            width, height = int(self.cget("width")), int(self.cget("height"))
        pitch = min((width - 2 * MARGIN) / self.cols, (height - 2 * MARGIN) / self.rows)
        left, top = (width - pitch * self.cols) / 2, (height - pitch * self.rows) / 2
        self.create_polygon(rounded_box(left - 6, top - 6, left + pitch * self.cols + 6,
                                        top + pitch * self.rows + 6, pitch * 0.15),
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
        self.create_polygon(rounded_box(x0, y0 + 3, x1, y1 + 3, radius), smooth=True,
                            fill=theme.TILE_SHADOW if not self.lit else theme.BOARD_BACKGROUND, outline="")
        self.create_polygon(rounded_box(x0, y0, x1, y1, radius), smooth=True, fill=fill,
                            outline=theme.TILE_EDGE if fill == theme.TILE else "", tags=(f"tile{index}",))

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
        family = "DejaVu Sans"
        self.create_text((x0 + x1) / 2, (y0 + y1) / 2 + size * 0.02, text=letter, fill=ink,
                         font=(family, -max(int(size * 0.5), 8), "bold"), tags=(f"letter{index}", "ink"))
        # On tiny tiles (big boards) the value and the bonus label would crowd the
        # letter: leave them out; the tile's colour still shows the bonus.
        if size < SMALLEST_WITH_LABELS:
            return
        value = self.values.get(letter)
        if value is not None and letter:
            label = self.create_text(x1 - size * 0.09, y1 - size * 0.07, text=str(value), anchor="se", fill=ink,
                                     font=(family, -max(int(size * 0.17), 7)), tags=(f"value{index}", "label", "ink"))
            self._label_tiles[label] = index
        if bonus:
            label = self.create_text(x0 + size * 0.09, y0 + size * 0.06, text=bonus, anchor="nw", fill=ink,
                                     font=(family, -max(int(size * 0.16), 7), "bold"),
                                     tags=(f"bonus{index}", "label", "ink"))
            self._label_tiles[label] = index

    def _draw_arrow(self, step: int, size: float) -> None:
        """Draw arrow number ``step`` of the path, clear of the letters and of every value and bonus label.

        A straight step from top left to bottom right (either way) runs through the
        value's corner of one tile and the bonus label's corner of the other: such an
        arrow bows out through a side of each tile instead, choosing the sides the
        steps before and after it leave free. Only on tiles too small for any clear
        route is the arrow drawn straight across a label (which then gets a backing).
        """
        start, end = self.arrows[step]
        width = max(size * 0.06, ARROW_MIN_WIDTH)
        at_start, at_end = self._ends.get(start, []), list(self._ends.get(end, []))
        if step + 1 < len(self.arrows) and self.arrows[step + 1][0] == end:
            # Keep clear of the side the next step leaves by when straight; if it bows, it keeps clear of this one.
            at_end.append(unit(self.centre(end), self.centre(self.arrows[step + 1][1])))
        candidates, first_clear = self._arrow_routes(start, end, size), None
        for points in candidates:
            if not self._clear_of_labels(points, width):
                continue
            if not clashes(leaving(points), at_start) and not clashes(arriving(points), at_end):
                break
            first_clear = first_clear or points
        else:
            points = first_clear or candidates[0]
        self._line(points, width)
        self._ends.setdefault(start, []).append(leaving(points))
        self._ends.setdefault(end, []).append(arriving(points))

    def _clear_of_labels(self, points: list[float], width: float) -> bool:
        """Return True if an arrow drawn along ``points`` would come within LABEL_CLEARANCE of no label."""
        if not self._label_tiles:
            return True
        arrow = self._line(points, width)
        covered = self._labels_under(arrow, LABEL_CLEARANCE)
        self.delete(arrow)
        return not covered

    def _labels_under(self, arrow: int, clearance: float = 0) -> set[int]:
        """Return the labels canvas item ``arrow`` overlaps, or comes within ``clearance`` pixels of."""
        near = set(self._label_tiles) & set(self.find_overlapping(*self.bbox(arrow)))
        return {label for label in near if arrow in self.find_overlapping(*grown(self.bbox(label), clearance))}

    def _back_crossed_labels(self) -> None:
        """Put a patch of tile colour under every label an arrow still crosses, so the label stays readable."""
        crossed = set().union(*(self._labels_under(arrow) for arrow in self.find_withtag("path")))
        for label in crossed:
            box = grown(self.bbox(label), LABEL_CLEARANCE)
            patch = self.create_polygon(rounded_box(*box, (box[3] - box[1]) * 0.3), smooth=True,
                                        fill=self.tile_fill(self._label_tiles[label]), outline="", tags=("backing",))
            self.tag_lower(patch, label)

    def _line(self, points: list[float], width: float) -> int:
        """Draw a path arrow through ``points`` (two ends, or ends and a control point); return its id."""
        return self.create_line(*points, smooth=len(points) == 6, fill=theme.PATH_LINE, width=width, arrow="last",
                                capstyle="round", arrowshape=(width * 2.6, width * 2.8, width * 1.3), tags=("path",))

    def _arrow_routes(self, start: int, end: int, size: float) -> list[list[float]]:
        """Return the arrow's routes to try, best first: straight, then bowed either way, more and more."""
        a, b = self.centre(start), self.centre(end)
        trim = size * TRIM
        routes = [[*toward(a, b, trim), *toward(b, a, trim)]]
        dx, dy = unit(a, b)
        for bow, side in itertools.product(BOWS, (1, -1)):
            control = ((a[0] + b[0]) / 2 - dy * side * size * bow, (a[1] + b[1]) / 2 + dx * side * size * bow)
            routes.append([*toward(a, control, trim), *control, *toward(b, control, trim)])
        return routes

    def _draw_rings(self, size: float) -> None:
        """Draw the start-filter ring and the keyboard cursor."""
        if self.marked is not None:
            x0, y0, x1, y1 = self._boxes[self.marked]
            self.create_polygon(rounded_box(x0 - 3, y0 - 3, x1 + 3, y1 + 3, size * 0.18), smooth=True,
                                fill="", outline=theme.START_FILTER, width=4, tags=("marked",))
        focused = self.has_focus()
        if self.cursor is None or not (focused or self.cursor_when_unfocused):
            return
        x0, y0, x1, y1 = self._boxes[self.cursor]
        self.create_polygon(rounded_box(x0 - 4, y0 - 4, x1 + 4, y1 + 4, size * 0.2), smooth=True,
                            fill="", outline=theme.CURSOR if focused else theme.MUTED,
                            width=4 if focused else 2, dash=() if focused else (6, 4), tags=("cursor",))
