"""Straighten a board seen at a tilt or a slant (a photo of a screen), so it reads like a screenshot.

The tile faces are found at a working size, as ``locate`` finds them. The
angle between neighbouring faces gives the tilt roughly; the faces turned back
by it fall on a regular grid, which says which tile each face is. A homography
fitted from the tiles' places to the faces' centres then gives the tilt and
the slant exactly, and warps the board square-on. A straight board is left
untouched, and one tilted or slanted too far is refused with the reason.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from PIL import Image

from ruzzle_gui.vision.errors import ImageError, coded
from ruzzle_gui.vision.locate import ALIGN, INNER_RATIO, WORK_SIDE, Grid, find_grid, square_regions, tile_mask
from ruzzle_gui.vision.middle import median
from ruzzle_gui.vision.regions import Region

__all__ = ["Fit", "fit_board", "straighten", "MIN_TILT", "MAX_TILT", "MIN_SLANT", "MAX_SLANT"]

FIT_SIDES = (480, WORK_SIDE)  # longest side (px) the board's lie is measured at: half locate's is enough for the
                              # faces' centres, and locate's own is tried when a small window's faces are lost there
MIN_TILT = 0.4      # degrees under which a board counts as straight: faces found to a working pixel give ~0.1
MAX_TILT = 6.5      # degrees past which a board is refused: 6° read right on every shot tried
MIN_SLANT = 0.015   # one side of the board this much shorter than its opposite still counts as square-on
MAX_SLANT = 0.12    # ... and past this the far tiles are too foreshortened to read for sure
NEIGHBOUR = (0.8, 1.8)  # distance between neighbouring faces' centres, in face boxes (a tilted face's box grows)
SAME_SIZE = 0.15    # faces within this share of each other's size may be neighbours
ANGLE_BIN = 1.0     # degrees: neighbour angles are counted in bins this wide to find the commonest
TRIED_ANGLES = 2    # commonest angles tried besides 0 (a desktop's icons may make a straight grid of their own)
MOST_FACES = 600    # the largest faces kept for the angle count, which compares every pair
LARGEST_WARP = 2.0  # a straightened image may have at most this many times the pixels of the original
SIZE_TOLERANCE = 1.15  # a face matched to a tile may be this much larger than the grid's tile
SAME_FACE = 0.06    # faces within this share of the commonest size are plain tiles' (a slant changes sizes a little)
FEWEST_FACES = 6    # plain faces enough to fit the board's lie on; with fewer, every face is used


class Fit(NamedTuple):
    """The board's tiles as found in the working image, and how it lies: tilt in degrees, slant as a share."""

    grid: Grid               # the axis-aligned grid found (in turned coordinates when tilted)
    homography: np.ndarray   # 3 x 3: (col, row) of a tile centre -> working pixels
    tilt: float
    slant: float
    factor: int              # working pixels are this many image pixels

    @property
    def straight(self) -> bool:
        """Return whether the board is square-on already and needs no warp."""
        return abs(self.tilt) < MIN_TILT and self.slant < MIN_SLANT


def working(image: Image.Image, side: int) -> tuple[np.ndarray, int]:
    """Return ``image`` shrunk to ``side`` px at most as an RGB array, and by how much."""
    factor = max(1, -(-max(image.size) // side))
    return np.asarray(image.reduce(factor) if factor > 1 else image), factor


def _side(region: Region) -> int:
    """Return the longer side of a region's box."""
    return max(region.width, region.height)


def _angles(squares: list[Region]) -> list[float]:
    """Return the tilts (degrees, -45..45) most often made by neighbouring faces, commonest first."""
    squares = sorted(squares, key=_side, reverse=True)[:MOST_FACES]
    if len(squares) < 2:
        return []
    centres = np.array([r.centre for r in squares])
    sides = np.array([_side(r) for r in squares], float)[:, None]
    dx = centres[None, :, 0] - centres[:, None, 0]
    dy = centres[None, :, 1] - centres[:, None, 1]
    dist = np.hypot(dx, dy)
    near = ((dist >= NEIGHBOUR[0] * sides) & (dist <= NEIGHBOUR[1] * sides)
            & (np.abs(sides - sides.T) <= SAME_SIZE * sides))
    angles = (np.degrees(np.arctan2(dy[near], dx[near])) + 45) % 90 - 45
    if not angles.size:
        return []
    bins = np.floor((angles + 45) / ANGLE_BIN).astype(int)
    counts = np.bincount(bins)
    best = np.argsort(-counts, kind="stable")[:TRIED_ANGLES]
    return [float(median(angles[np.abs(bins - b) <= 1].tolist())) for b in best if counts[b]]


def _turned(squares: list[Region], angle: float) -> list[Region]:
    """Return each face as a box of its own side, centred where turning the image back by ``angle`` puts it."""
    if angle == 0:
        return squares
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    shrink = 1 / (abs(c) + abs(s))  # a square turned by ``angle`` has a box this much larger than its side
    turned = []
    for r in squares:
        x, y = r.centre
        u, v = c * x + s * y, -s * x + c * y
        half_w, half_h = r.width * shrink / 2, r.height * shrink / 2
        turned.append(Region(round(u - half_w), round(v - half_h), round(u + half_w), round(v + half_h), r.area))
    return turned


def _matched(grid: Grid, turned: list[Region], squares: list[Region]) -> dict[tuple[int, int], tuple[float, float]]:
    """Return the centre (in the working image) of the face on each tile of ``grid``, by (col, row).

    Only faces of the commonest size are kept when there are enough: a bonus
    tile's face ends inside its ring, and an older badge's light rim can join
    its face, so their boxes are not centred on their tiles.
    """
    found: dict[tuple[int, int], tuple[float, float, float, float]] = {}
    for face, square in zip(turned, squares):
        if not INNER_RATIO * grid.tile <= _side(face) <= SIZE_TOLERANCE * grid.tile:
            continue
        col = (face.centre[0] - grid.left - grid.tile / 2) / grid.pitch
        row = (face.centre[1] - grid.top - grid.tile / 2) / grid.pitch
        key = round(col), round(row)
        miss = math.hypot(col - key[0], row - key[1]) * grid.pitch
        if 0 <= min(key) and max(key) < grid.size and miss <= ALIGN * grid.tile:
            if key not in found or miss < found[key][2]:
                found[key] = (*square.centre, miss, _side(face))
    if not found:
        return {}
    usual = float(median([size for *_, size in found.values()]))
    typical = {key: (x, y) for key, (x, y, _, size) in found.items() if abs(size - usual) <= SAME_FACE * usual}
    return typical if len(typical) >= FEWEST_FACES else {key: (x, y) for key, (x, y, *_) in found.items()}


def _homography(places: dict[tuple[int, int], tuple[float, float]]) -> np.ndarray | None:
    """Return the 3 x 3 homography taking (col, row) to the centres in ``places`` (least squares), or None."""
    if len(places) < 4:
        return None
    keys = sorted(places)
    uv = np.array(keys, float)
    xy = np.array([places[key] for key in keys], float)
    mean, scale = xy.mean(axis=0), max(float(xy.std()), 1.0)  # conditioned: centred and unit-sized
    x, y = ((xy - mean) / scale).T
    u, v = uv.T
    zero, one = np.zeros_like(u), np.ones_like(u)
    rows = np.vstack([np.column_stack([u, v, one, zero, zero, zero, -u * x, -v * x]),
                      np.column_stack([zero, zero, zero, u, v, one, -u * y, -v * y])])
    solution, _, rank, _ = np.linalg.lstsq(rows, np.concatenate([x, y]), rcond=None)
    if rank < 8:
        return None  # the faces lie on one line: no plane to fit
    unscale = np.array([[scale, 0, mean[0]], [0, scale, mean[1]], [0, 0, 1]])
    return unscale @ np.append(solution, 1).reshape(3, 3)


def _apply(homography: np.ndarray, u: float, v: float) -> np.ndarray:
    """Return the point (x, y) that ``homography`` takes (u, v) to."""
    x, y, w = homography @ (u, v, 1.0)
    return np.array((x / w, y / w))


def corners(fit_grid: Grid, homography: np.ndarray) -> list[np.ndarray]:
    """Return the board's outer corners (top-left, top-right, bottom-right, bottom-left) in working pixels."""
    half = fit_grid.tile / fit_grid.pitch / 2
    low, high = -half, fit_grid.size - 1 + half
    return [_apply(homography, u, v) for u, v in ((low, low), (high, low), (high, high), (low, high))]


def _lie(quad: list[np.ndarray]) -> tuple[float, float]:
    """Return the tilt (degrees) and slant (share) of the quadrilateral ``quad``, corners clockwise from top-left."""
    top, right, bottom, left = (quad[(i + 1) % 4] - quad[i] for i in range(4))
    across = [math.atan2(top[1], top[0]), math.atan2(-bottom[1], -bottom[0])]
    down = [math.atan2(-right[0], right[1]), math.atan2(left[0], -left[1])]
    tilt = math.degrees(sum(across + down) / 4)
    lengths = [float(np.hypot(*side)) for side in (top, right, bottom, left)]
    slant = max(1 - min(lengths[0], lengths[2]) / max(lengths[0], lengths[2]),
                1 - min(lengths[1], lengths[3]) / max(lengths[1], lengths[3]))
    return tilt, slant


def fit_board(image: Image.Image) -> Fit | None:
    """Return how the board in ``image`` lies (its grid, homography, tilt and slant), or None if no board is seen."""
    factors = []
    for side in FIT_SIDES:
        small, factor = working(image, side)
        if factor not in factors:  # a small image is the same at both sizes
            factors.append(factor)
            fit = _fit_at(small, factor)
            if fit is not None:
                return fit
    return None


def _fit_at(small: np.ndarray, factor: int) -> Fit | None:
    """Return how the board in the working image ``small`` (``factor`` times smaller) lies, or None."""
    squares = square_regions(tile_mask(small))
    best: tuple[int, float, Grid, dict] | None = None
    tried = [0.0] + [a for a in _angles(squares) if abs(a) >= 2 * ANGLE_BIN]
    for angle in tried:
        turned = _turned(squares, angle)
        grid = find_grid(turned)
        if grid is None:
            continue
        places = _matched(grid, turned, squares)
        if best is None or (len(places), grid.tile) > (best[0], best[2].tile):
            best = (len(places), angle, grid, places)
    if best is None:
        return None
    _, angle, grid, places = best
    homography = _homography(places)
    if homography is None:
        return None
    tilt, slant = _lie(corners(grid, homography))
    return Fit(grid, homography, tilt, slant, factor)


def straighten(image: Image.Image, fit: Fit, name: str) -> Image.Image:
    """Return ``image`` warped so its board is square-on at about its own scale; refuse a board too askew.

    The whole image is warped, not just the tiles found: ``locate`` then finds
    the board in it as in any screenshot, lit or hidden tiles included.
    """
    if abs(fit.tilt) > MAX_TILT:
        raise coded(ImageError(f"the board in {name} is tilted by {abs(fit.tilt):.0f}°; a screenshot reads better"),
                    "tilted", name=name, degrees=round(abs(fit.tilt)))
    if fit.slant > MAX_SLANT:
        raise coded(ImageError(f"the board in {name} is seen at a slant (one side {fit.slant:.0%} shorter than "
                               f"the other); a screenshot reads better"), "slant", name=name,
                    percent=round(fit.slant * 100))
    quad = corners(fit.grid, fit.homography)
    span = fit.grid.size - 1 + fit.grid.tile / fit.grid.pitch  # the board's side, in pitches
    mean_side = sum(float(np.hypot(*(quad[(i + 1) % 4] - quad[i]))) for i in range(4)) / 4
    pitch = mean_side * fit.factor / span  # output pixels per pitch: the board keeps its size
    to_image = np.diag([fit.factor, fit.factor, 1.0]) @ fit.homography  # (col, row) -> image pixels
    to_lattice = np.array([[1 / pitch, 0, 0], [0, 1 / pitch, 0], [0, 0, 1]])
    warp = to_image @ to_lattice  # output pixels -> image pixels, before the output is shifted into view
    width, height = image.size
    outline = np.array([_apply(np.linalg.inv(warp), x, y) for x, y in ((0, 0), (width, 0), (width, height),
                                                                         (0, height))])
    low, high = np.floor(outline.min(axis=0)), np.ceil(outline.max(axis=0))
    size = (int(high[0] - low[0]), int(high[1] - low[1]))
    if size[0] * size[1] > LARGEST_WARP * width * height:
        raise coded(ImageError(f"the board in {name} is seen at too steep an angle; a screenshot reads better"),
                    "steep", name=name)
    shift = np.array([[1, 0, low[0]], [0, 1, low[1]], [0, 0, 1]])
    warp = warp @ shift
    data = tuple((warp / warp[2, 2]).ravel()[:8].tolist())
    return image.transform(size, Image.Transform.PERSPECTIVE, data, Image.Resampling.BICUBIC, fillcolor=(0, 0, 0))
