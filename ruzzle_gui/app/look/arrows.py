"""Arrow routes for PathDrawing: where a path's arrows may run on a BoardView, shaped as Tk draws them.

Pure geometry, no Tk: a Route knows the centreline and the head polygon of one
arrow, how close it comes to a label or to another arrow's head, and ``pick``
chooses among candidate routes by how badly each hides what must show.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

__all__ = ["Point", "Route", "pick", "corners", "grown", "meet", "polygons_gap", "toward", "unit",
           "ARROWSHAPE", "SPLINE_STEPS", "HEAD_CLEARANCE", "SHAFT_ON_LABEL", "HEAD_ON_LABEL"]

ARROWSHAPE = (2.6, 2.8, 1.3)  # Tk's arrowshape (neck, trailing points, spread), in arrow widths
SPLINE_STEPS = 12  # Tk's default splinesteps: a bent arrow is drawn as this many straight pieces
HEAD_CLEARANCE = 2  # pixels kept free round an arrowhead and the stretch of shaft before it
SHAFT_ON_LABEL, HEAD_ON_LABEL = 1, 2  # how an arrow meets a label, if it does

Point = tuple[float, float]


def unit(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Return the unit vector pointing from ``a`` to ``b``."""
    length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
    return (b[0] - a[0]) / length, (b[1] - a[1]) / length


def toward(a: Sequence[float], b: Sequence[float], distance: float) -> tuple[float, float]:
    """Return the point ``distance`` from ``a`` on the way to ``b``."""
    dx, dy = unit(a, b)
    return a[0] + dx * distance, a[1] + dy * distance


def grown(box: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    """Return ``box`` grown by ``by`` on every side."""
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def corners(box: tuple[float, float, float, float]) -> list[Point]:
    """Return the corners of ``box`` (x0, y0, x1, y1), clockwise from the top left."""
    return [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]


def bounds(points: Sequence[Point], by: float = 0) -> tuple[float, float, float, float]:
    """Return the box round ``points``, grown by ``by``."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs) - by, min(ys) - by, max(xs) + by, max(ys) + by


def meet(a: Sequence[float], b: Sequence[float]) -> bool:
    """Return True if boxes ``a`` and ``b`` overlap."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def turn(a: Point, b: Point, p: Point) -> float:
    """Return which side of a->b point ``p`` lies: positive one side, negative the other, 0 on the line."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def point_gap(p: Point, a: Point, b: Point) -> float:
    """Return the distance from ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    share = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1)
    share = min(max(share, 0), 1)
    return ((a[0] + share * dx - p[0]) ** 2 + (a[1] + share * dy - p[1]) ** 2) ** 0.5


def segment_gap(a: Point, b: Point, c: Point, d: Point) -> float:
    """Return the distance between segments a-b and c-d: 0 if they cross."""
    if turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0:
        return 0.0
    return min(point_gap(a, c, d), point_gap(b, c, d), point_gap(c, a, b), point_gap(d, a, b))


def edges(polygon: Sequence[Point]) -> zip:
    """Return the sides of ``polygon`` as pairs of points."""
    return zip(polygon, [*polygon[1:], polygon[0]])


def inside(polygon: Sequence[Point], p: Point) -> bool:
    """Return True if ``p`` lies in the convex ``polygon``."""
    sides = [turn(a, b, p) for a, b in edges(polygon)]
    return all(side >= 0 for side in sides) or all(side <= 0 for side in sides)


def polygon_gap(polygon: Sequence[Point], a: Point, b: Point) -> float:
    """Return the distance from the segment a-b to the convex ``polygon``: 0 if they overlap."""
    if inside(polygon, a):
        return 0.0
    return min(segment_gap(a, b, c, d) for c, d in edges(polygon))


def polygons_gap(polygon: Sequence[Point], other: Sequence[Point]) -> float:
    """Return the distance between two convex polygons: 0 if they overlap."""
    if inside(polygon, other[0]):
        return 0.0
    return min(polygon_gap(other, a, b) for a, b in edges(polygon))


def head_zone(tip: Point, direction: Point, width: float) -> list[Point]:
    """Return the polygon of the head Tk draws at ``tip`` for an arrow going ``direction``, with the stretch
    of shaft just behind it, which must show too."""
    dx, dy = direction
    _, back, spread = (width * share for share in ARROWSHAPE)

    def at(along: float, across: float) -> Point:
        return tip[0] - dx * along - dy * across, tip[1] - dy * along + dx * across

    spread += width / 2
    return [tip, at(back, spread), at(back + width, width / 2), at(back + width, -width / 2), at(back, -spread)]


def line_end(width: float) -> float:
    """Return how far short of its tip Tk ends an arrow's line: where the sides of the head meet it."""
    neck, back, spread = (width * share for share in ARROWSHAPE)
    height = width / 2 / (spread + width / 2)
    return height * back + neck * (1 - height) / 2


def centreline(points: list[float]) -> list[Point]:
    """Return the polyline Tk draws for a route: its two ends, or its curve round a control point in pieces."""
    if len(points) == 4:
        return [(points[0], points[1]), (points[2], points[3])]
    (ax, ay), (cx, cy), (bx, by) = points[:2], points[2:4], points[4:]
    # With three points Tk's smoothed line is the quadratic Bezier curve of them.
    shares = [(step / SPLINE_STEPS, 1 - step / SPLINE_STEPS) for step in range(SPLINE_STEPS + 1)]
    return [(u * u * ax + 2 * u * t * cx + t * t * bx, u * u * ay + 2 * u * t * cy + t * t * by) for t, u in shares]


class Route:
    """One way to draw an arrow, shaped as Tk draws it: a line ``width`` wide and a head."""

    def __init__(self, points: list[float], width: float) -> None:
        self.points, self.width = points, width
        tip, (dx, dy) = (points[-2], points[-1]), unit(points[-4:-2], points[-2:])
        self.head = head_zone(tip, (dx, dy), width)
        # Tk smooths the curve to where the line ends, not to the tip.
        self.line = centreline([*points[:-2], tip[0] - dx * line_end(width), tip[1] - dy * line_end(width)])
        self.pieces = [(a, b, bounds((a, b))) for a, b in itertools.pairwise(self.line)]
        self.head_box = bounds(self.head)
        self.box = bounds([*self.line, *self.head], width / 2)
        self._touched: dict[Route, bool] = {}

    def reaches(self, polygon: Sequence[Point], clearance: float, box: tuple[float, float, float, float]) -> bool:
        """Return True if this arrow comes within ``clearance`` of the convex ``polygon``, whose box is ``box``."""
        reach = self.width / 2 + clearance
        near = grown(box, reach)
        if not meet(self.box, near):
            return False
        return (any(polygon_gap(polygon, a, b) <= reach for a, b, piece in self.pieces if meet(piece, near))
                or meet(self.head_box, near) and polygons_gap(self.head, polygon) <= clearance)

    def touches_head_of(self, other: Route) -> bool:
        """Return True if this arrow comes within HEAD_CLEARANCE of ``other``'s head."""
        if other not in self._touched:
            self._touched[other] = self.reaches(other.head, HEAD_CLEARANCE, other.head_box)
        return self._touched[other]


def pick(routes: Iterable[Route], others: Sequence[tuple[Route, bool]],
         labels_crossed: Callable[[Route], int]) -> Route:
    """Return the first of ``routes`` with no flaw, or else the one with the fewest bad flaws, then mild ones.

    ``others`` are the other arrows, each with True if it is the step just before or
    after. A flaw is bad if it hides part of an arrowhead: the route's head lands on a
    label (whose outline then covers it), or it touches the head or tail of the step
    before or after (nothing parts a head from a tail that starts at its tip). Mild
    flaws are a label crossed by the shaft (it gets a backing) and touching the head
    of a step further away (that head is drawn again on top: see _lift_touched_heads).
    """
    costs = []
    for place, route in enumerate(routes):
        crossing = labels_crossed(route)
        bad, mild = int(crossing == HEAD_ON_LABEL), int(crossing == SHAFT_ON_LABEL)
        for other, next_to in others:
            touches = route.touches_head_of(other) + other.touches_head_of(route)
            bad, mild = bad + touches * next_to, mild + touches * (not next_to)
        if not bad and not mild:
            return route
        costs.append(((bad, mild, place), route))
    return min(costs, key=lambda cost: cost[0])[1]
