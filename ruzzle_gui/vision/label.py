"""Read a bonus badge's white label (DL, TL, DW, TW): the witness that survives a swipe's orange.

A swipe in progress turns a tile's ring and badge orange whatever its bonus, so
their colour no longer tells the bonus; the badge's white two-letter label
still does. The label is read in two steps, neither tied to a screen size:

1. ``find_badge``: the badge is the circle whose inside is the badge's colour
   (the bonus colour, or a lit tile's orange), whose rim is light and whose
   outside is not the badge's colour. Circles of every plausible radius and
   centre near the tile's corner are tried; the best one is the badge.
2. ``read_label``: the light ink inside the badge, clear of its rim, is cut to
   its box and compared with labels drawn in the reader's bold sans fonts
   (``recognise.matcher``), as a letter is: each letter alone (D against T, L
   against W), and the whole word. The game's rounded font is none of ours, but
   two letters from {D, T} x {L, W} are far apart in any font.

A label is given only when both ways name it, the whole word clearly
(MIN_LIKENESS) and each letter well ahead of its rival (MIN_MARGIN); otherwise
it is unread, never guessed.

Templates built from the real shots' own unlit badges were measured against the
fonts' drawings (each repository's shots read with templates averaged from the
other repositories' badges; 764 badges in 8 forms): both named 763 right at
first choice and, under the rule above, both read 761 (all 37 lit ones). The
fonts' drawings were kept: they are as good, and put no image of unknown
licence inside the product (they ship with the letters' references, each
font's licence beside them).
"""
from __future__ import annotations

import math
from functools import cache
from typing import NamedTuple

import numpy as np

from ruzzle_gui.vision.middle import percentile
from ruzzle_gui.vision.pixels import channel_max, channel_min
from ruzzle_gui.vision.recognise import matcher

__all__ = ["LABELS", "Label", "extent", "find_badge", "label_ink", "read_label"]

LABELS = ("DL", "TL", "DW", "TW")
FIRST_SECOND = (("D", "T"), ("L", "W"))  # each label's first letter is one of the first pair, its second of the second
SPLIT = (0.3, 0.7)        # share of the label's width within which the gap between its letters lies
RADII = (0.12, 0.25)      # in tiles: the badge's radius is 0.15 (older look) to 0.2 (newer look, iPhone)
CENTRES = (-0.08, 0.24)   # in tiles from the tile's top-left corner: where a badge's centre may lie
ANGLES = 24               # points sampled round each circle (half as many in the coarse search)
COARSE = 2.0              # px of radius between circles of the coarse search
MIN_FIT = 1.0             # least score of the badge's circle: as good as a full rim, or a full disc
INNER, OUTER = 0.72, 1.3  # share of the radius where the disc's colour is sampled inside and outside the rim
FACE_AFTER = 0.2          # in tiles inside the tile's corner: past this an unlit tile's light is its face
LABEL_INSIDE = 0.74       # share of the radius the label lies within, clear of the rim
LIGHT_SPREAD, LIGHT_VALUE = 0.4, 170  # a rim or a label: white, or cream over a lit tile (saturation, value)
INK_LOW, INK_HIGH = 50, 98  # percentiles of lightness inside the badge taken as its disc and its label
# Measured on the real corpus's 1521 badges in 17 forms (widths, JPEG and WebP q50-95, turned, tilted, slanted,
# faded, on a desktop): of the labels read right, 99% match their whole word with a likeness of 0.71 or more,
# and the lit ones (orange on orange, crushed by JPEG q50) 0.58 or more; the one misread (a 12 px badge turned
# upside down) 0.48. Labels below the bar are left unread.
MIN_LIKENESS = 0.55       # least likeness of the whole label to the word its two letters spell
MIN_MARGIN = 0.1          # least lead of each letter over its rival (D over T, W over L): DW and TW differ in one


class Label(NamedTuple):
    """A badge's label as read: the text (None: unread), its likeness and its lead over the next label."""

    text: str | None
    likeness: float = 0.0
    margin: float = 0.0


@cache
def _offsets(radius: float, share: float, angles: int) -> tuple[tuple[int, int], ...]:
    """Return the (dy, dx) integer offsets of ``angles`` points on a circle of ``share`` x ``radius``."""
    turn = np.linspace(0, 2 * math.pi, angles, endpoint=False)
    return tuple(zip(np.rint(share * radius * np.sin(turn)).astype(int).tolist(),
                     np.rint(share * radius * np.cos(turn)).astype(int).tolist()))


def _light(pixels: np.ndarray) -> np.ndarray:
    """Return which RGB pixels are light and nearly grey: a badge's rim or label."""
    rgb = pixels.astype(np.int16)
    high, low = channel_max(rgb), channel_min(rgb)
    return (high >= LIGHT_VALUE) & (high - low <= LIGHT_SPREAD * high)


def _best_circle(light: np.ndarray, colour: np.ndarray, radii: np.ndarray, box: tuple[int, int, int, int],
                 angles: int, outside: bool) -> tuple[float, int, int, float]:
    """Return the best circle's score (1.0: a full rim, a full disc inside, none of its colour outside),
    centre (y, x) and radius, over centres in ``box`` (top, left, bottom, right) and ``radii``.

    ``light`` and ``colour`` mark pixels with 0 or 1; ``outside``: whether the disc's colour counts against
    a circle outside it (not on a lit tile, whose face is the same orange as its badge)."""
    top, left, bottom, right = box
    height, width = bottom - top, right - left
    # Every point of every circle at once: each point's view of the box is one block of the sliding windows.
    # The marks are 0 or 1, so a score is a count, exact in float32 whatever the order it is summed in.
    scores = np.zeros((len(radii), height, width), np.float32)
    terms = ((light, 1.0, np.add), (colour, INNER, np.add)) + (((colour, OUTER, np.subtract),) if outside else ())
    for feature, share, sign in terms:
        # the windows as sliding_window_view makes them, whose checks cost three times this on a box this small
        windows = np.lib.stride_tricks.as_strided(feature, (feature.shape[0] - height + 1, feature.shape[1] - width + 1,
                                                            height, width), feature.strides * 2, writeable=False)
        dy, dx = _points(tuple(float(radius) for radius in radii), share, angles)
        points = windows[top + dy, left + dx].reshape(len(radii), angles, height, width)
        sign(scores, points.sum(axis=1, dtype=np.uint8), out=scores)  # at most ANGLES points: a uint8 holds them
    best = (-math.inf, top, left, float(radii[0]))
    for radius, score in zip(radii, scores):
        at = np.unravel_index(int(np.argmax(score)), score.shape)
        if score[at] / angles > best[0]:
            best = (float(score[at]) / angles, top + int(at[0]), left + int(at[1]), float(radius))
    return best


@cache
def _points(radii: tuple[float, ...], share: float, angles: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the (dy, dx) offsets of ``_offsets`` for each radius in turn, as two flat arrays."""
    offsets = np.array([_offsets(radius, share, angles) for radius in radii]).reshape(-1, 2)
    return offsets[:, 0], offsets[:, 1]


def extent(corner: tuple[float, float], side: float) -> int:
    """Return how far (px, from the top and the left) the circles ``find_badge`` tries reach: ``disc``
    need only cover that square."""
    return max(round(c + CENTRES[1] * side) for c in corner) + math.ceil(OUTER * RADII[1] * side) + 2


def find_badge(wide: np.ndarray, disc: np.ndarray, corner: tuple[float, float], side: float, lit: bool = False
               ) -> tuple[float, float, float] | None:
    """Return the badge's centre (y, x) and radius in ``wide``'s pixels, or None if no circle fits.

    ``disc`` marks the pixels of the badge's colour; ``corner`` is the tile's top-left corner and ``side``
    its side, in ``wide``'s pixels; ``lit``: the tile is lit, its face as orange as its badge. Circles are
    tried coarsely (every COARSE px of radius, few points on
    each), then finely round the best.
    """
    margin = math.ceil(OUTER * RADII[1] * side) + 2  # what lies past the cut reads as neither rim nor disc
    end = extent(corner, side)
    light = np.pad(_light(wide[:end, :end]).astype(np.uint8), margin)
    colour = np.pad(disc[:end, :end].astype(np.uint8), margin)
    if not lit:  # the light face beyond the badge is no rim: a badge drawn with none was drawn onto the face
        light[round(corner[0] + FACE_AFTER * side) + margin:, round(corner[1] + FACE_AFTER * side) + margin:] = 0
    y0, x0 = (round(c + CENTRES[0] * side) + margin for c in corner)
    y1, x1 = (round(c + CENTRES[1] * side) + margin for c in corner)
    _, y, x, radius = _best_circle(light, colour, np.arange(RADII[0] * side, RADII[1] * side, COARSE),
                                   (y0, x0, y1, x1), ANGLES // 2, not lit)
    score, y, x, radius = _best_circle(light, colour, np.arange(radius - COARSE / 2, radius + COARSE / 2 + 0.1, 0.5),
                                       (y - 2, x - 2, y + 3, x + 3), ANGLES, not lit)
    return (float(y - margin), float(x - margin), radius) if score >= MIN_FIT else None


def label_ink(wide: np.ndarray, badge: tuple[float, float, float]) -> np.ndarray | None:
    """Return the label's lightness (0 disc .. 1 label) inside the badge, cut to the label's box."""
    cy, cx, radius = badge
    reach = LABEL_INSIDE * radius
    top, left = max(0, math.floor(cy - reach)), max(0, math.floor(cx - reach))
    piece = wide[top:math.ceil(cy + reach) + 1, left:math.ceil(cx + reach) + 1]
    rows, cols = np.mgrid[top:top + piece.shape[0], left:left + piece.shape[1]]
    inside = (rows - cy) ** 2 + (cols - cx) ** 2 <= reach * reach
    # The label is white on every disc colour: the least of the three channels is high only on it (luminance
    # was tried: a yellow or orange disc is nearly as bright as the label, and more labels were misread).
    lightness = channel_min(piece).astype(np.float32)
    low, high = percentile(lightness[inside], (INK_LOW, INK_HIGH))
    ink = np.clip((lightness - low) / max(float(high - low), 1.0), 0, 1) * inside
    return _cut(ink)


def _cut(ink: np.ndarray) -> np.ndarray | None:
    """Return ``ink`` cut to the box of its drawn pixels, or None if nothing is drawn."""
    drawn = ink >= 0.5
    if not drawn.any():
        return None
    rows, cols = np.nonzero(drawn.any(axis=1))[0], np.nonzero(drawn.any(axis=0))[0]
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def _letters(ink: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Return the label's two letters, split at the faintest column of its middle, or None."""
    width = ink.shape[1]
    low, high = round(SPLIT[0] * width), round(SPLIT[1] * width)
    if high <= low:
        return None
    gap = low + int(np.argmin(ink[:, low:high].sum(axis=0)))
    first, second = _cut(ink[:, :gap]), _cut(ink[:, gap:])
    if first is None or second is None or min(*first.shape, *second.shape) < 2:
        return None
    return first, second


def read_label(wide: np.ndarray, disc: np.ndarray, corner: tuple[float, float], side: float,
               lit: bool = False) -> Label:
    """Return the label of the badge over a tile's corner (see ``find_badge`` for the arguments).

    Each letter is matched on its own, D against T and L against W: matched whole, DW and TW would
    differ only in a third of their ink.
    """
    badge = find_badge(wide, disc, corner, side, lit)
    ink = None if badge is None else label_ink(wide, badge)
    letters = None if ink is None else _letters(ink)
    if ink is None or letters is None:
        return Label(None)
    text, margin = "", 1.0
    for glyph, choices in zip(letters, FIRST_SECOND):
        (best, score), (_, runner_up) = matcher(choices).rank(glyph)[:2]
        text, margin = text + best, min(margin, score - runner_up)
    word = matcher(LABELS).rank(ink)
    likeness = dict(word)[text]
    sure = word[0][0] == text and likeness >= MIN_LIKENESS and margin >= MIN_MARGIN
    return Label(text if sure else None, likeness, margin)
