"""Read a tile's bonus from two independent witnesses: its coloured ring and its round badge.

A bonus tile shows its bonus twice: a coloured ring round the tile's light
face, and a round badge over the tile's top-left corner with a white label
(DL, TL, DW, TW). Each is read on its own:

- the ring (``read_ring``): on each side, the face's own edge is found by
  walking outward from inside the face, and the pixels just beyond it are
  named; nothing depends on where the located box put the edge, so a box a
  few pixels off, a thin ring (the older look) or a thick bevelled one (the
  newer look) read alike;
- the badge (``read_badge``): the colour that fills the tile's top-left corner,
  and its white label (``label.read_label``), read as letters are.

``read_bonus`` weighs them. When ring and badge agree the bonus is certain; when
they disagree, or the badge's label names another bonus than its colour, the
tile is unsure and its reason names both readings. A tile is never made plain
while any witness names a bonus. On a tile lit by a swipe in progress the ring
and the badge turn orange whatever the bonus: there the badge's white rim shows
whether a badge is there, and its label which bonus it is; a badge whose label
cannot be read leaves the tile unsure.

Tiles come from ``cells.cut_wide``: the tile with PAD of its side around it.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ruzzle_gui.coded import said
from ruzzle_gui.vision.label import Label, extent, read_label
from ruzzle_gui.vision.pixels import channel_max, channel_min

__all__ = ["BONUS_HUES", "Bonus", "PAD", "classify_colour", "hsv", "read_badge", "read_bonus", "read_ring", "is_lit"]

PAD = 0.25               # share of the tile side cut around each tile, so the badge and the ring's outside are seen
# A colour names a bonus when its hue is in the range and it is saturated and bright enough.
# The board's own blue background (hue ~205, saturation 0.6-0.72) is no bonus: TL's navy is far more saturated.
BONUS_HUES = (           # (bonus, hue from, hue to (degrees), least saturation 0-1, least value 0-255)
    ("TW", 330, 375, 0.55, 60),  # the older look's ring is dark red along the bottom
    ("DW", 25, 62, 0.55, 150),
    ("DL", 75, 170, 0.45, 60),
    ("TL", 195, 250, 0.77, 60),  # the background reaches 0.73; a thin navy ring blurred by shrinking, 0.8
)
# A pixel of the board's own backdrop names no bonus, whatever its colour: the game's blue names none, but a deeper
# blue (a generator's, another skin's) can fall in TL's range, and the backdrop just outside a plain tile's face and
# in its corner then made both witnesses agree on TL. A pixel is the backdrop's when its chromaticity (each channel
# over the brightest) is this close to the backdrop's beside the tile: a shadow is the backdrop darkened, and keeps
# it. The deep blue of docs/screenshot.jpg and its shadows lie within 0.05 of it; TL's navy 0.13-0.2 away.
BACKDROP_CHROMA = 0.08
TL_DARK = (195, 250, 0.72, 140)  # hue range, least saturation and most value of a TL pixel told by its darkness
TL_INDEX = 3
SIDE_SPAN = (0.38, 0.62)  # stretch of each side read, in tiles: clear of the badge, the corners and the value
FACE_DEPTH = 0.13        # in tiles: a point this deep inside each side is face, whatever the letter
RING_REACH = 0.08        # in tiles: the ring lies within this of the face's edge ...
RING_START = 0.045       # ... and starts within this of it (a real thin ring: 0.04 past a dark edge), and ends
                         # where two pixels running name nothing: a colour further out, past the backdrop, is a
                         # neighbour's ring, which a board drawn with narrow gaps (0.05 tiles) brings in reach
FACE_SATURATION = 0.22   # the face, and the bevel just inside the ring, are grey ...
FACE_VALUE = 170         # ... and light
MIN_RING = 0.012         # in tiles: a ring is at least this deep (one pixel of a small shot)
BADGE_BOX = (-0.06, 0.2)  # the corner square the badge fills in both looks, in tiles from the tile's corner
BADGE_SHARE = 0.12       # share of that square a badge's colour covers: 0.44-0.82 on real shots, 0 on plain tiles ...
GLOW_SHARE = 0.35        # ... but a lit neighbour's orange glow, DW's colour, covers up to a quarter: DW needs this
RIM_SATURATION, RIM_VALUE = 0.4, 190  # a badge's rim and label: white, cream over a lit tile, never orange
LIT_HUES = (20, 55, 62)  # hue range of a lit face's orange (from, to), and how far its badge's yellower orange goes
LIT_SATURATION, LIT_VALUE = 0.55, 150  # ... and how saturated and bright that orange is at least
LIT_SHARE = 0.5          # share of a tile's face that is orange when a swipe lights it
# Share of the corner square that is rim or label under which a lit tile has no badge; above it the bonus is the
# badge's label, or unknown. A sharp lit badge shows 0.15-0.3; one blurred (0.6-1 px) and JPEG-crushed at 60-100 px
# tiles 0.0035-0.03 (0.03 was the bar, and such badges were given as plain, sure); a lit plain tile 0.000 on
# generated shots and up to 0.009 on real ones (then unsure if no label is read).
NO_RIM_SHARE = 0.002
# A lit tile's label is its bonus's only witness: it must look more like its word than an unlit one must.
# Generated lit badges read wrong (DL as TW, TW as DW: blurred 0.6-1 px at 56-120 px tiles, JPEG q50) looked
# 0.56-0.62 like the word; the real lit labels 0.64 or more (a lit TL of en-revanthb3000-screen2 at JPEG q75:
# 0.637); of 956 generated ones read right, 48 look less than 0.63 and are now unknown, so marked.
LIT_LIKENESS = 0.63
# Least tile side, in px as shot, at which a badge's label is read (lab/small_tiles.py, generated boards at 36-60 px
# tiles). Below it the label is 4-6 px tall and a lit badge's rim a px or two blurred into its orange: labels were
# misread (a lit DL as TW at 58 px, DW as TW at 44-48 px) and lit badges missed (a lit DW given as plain at 47 px).
LABEL_MIN_TILE = 44      # an unlit tile's ring and badge colour then witness its bonus alone
LIT_MIN_TILE = 60        # a lit tile, whose colour tells nothing, then has its bonus unknown


class Bonus(NamedTuple):
    """A tile's bonus as read: the guess (None: plain or unknown), whether it is sure, and why not."""

    bonus: str | None
    sure: bool
    reason: str = ""


def hsv(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return HSV of ... x 3 RGB pixels: hue in degrees, saturation 0-1, value 0-255."""
    rgb = pixels.astype(np.float32)
    high, low = channel_max(rgb), channel_min(rgb)
    span = high - low
    spread = np.maximum(span, 1e-6)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    hue = np.where(high == r, ((g - b) / spread) % 6, np.where(high == g, (b - r) / spread + 2, (r - g) / spread + 4))
    return hue * 60, span / np.maximum(high, 1e-6), high


def classify_colour(pixels: np.ndarray, backdrop: np.ndarray | None = None) -> np.ndarray:
    """Return, for ... x 3 RGB pixels, the index in BONUS_HUES of the bonus each colour names, or -1.

    ``backdrop``: the board's colour beside the tile (RGB); a pixel of that colour names no bonus.
    """
    return _names(pixels, _shade(backdrop))


def _shade(backdrop: np.ndarray | None) -> np.ndarray | None:
    """Return the chromaticity of a backdrop whose colour names a bonus, whose pixels ``_names`` then discounts;
    None for a backdrop that names none (or no backdrop), which needs no such test."""
    return None if backdrop is None else _shade_of(tuple(np.asarray(backdrop).tolist()))


@lru_cache(maxsize=64)
def _shade_of(backdrop: tuple[float, ...]) -> np.ndarray | None:
    """Return ``_shade`` of an RGB colour, once for each row's backdrop rather than for each of its tiles."""
    if _names(np.asarray(backdrop, np.float32), None)[()] < 0:
        return None
    shade = _chroma(np.asarray(backdrop, np.float32))
    shade.flags.writeable = False  # shared by every call for that colour
    return shade


def _names(pixels: np.ndarray, shade: np.ndarray | None,
           hsv_of: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Return ``classify_colour`` of ``pixels`` for a backdrop of chromaticity ``shade`` (``_shade``); ``hsv_of``:
    the pixels' ``hsv``, when already known."""
    hue, saturation, value = hsv(pixels) if hsv_of is None else hsv_of
    names = np.full(hue.shape, -1, np.int8)
    for index, (_, low, high, least_saturation, least_value) in enumerate(BONUS_HUES):
        in_range = (hue >= low) & (hue < high)
        if high > 360:  # a range past 360 (TW's reds) is also tried a turn on; hue is 0-360, so no other needs it
            in_range |= (hue + 360 >= low) & (hue + 360 < high)
        names[in_range & (saturation >= least_saturation) & (value >= least_value)] = index
    # TL's navy is also much darker than the board's blue: a faded capture, its contrast restored, keeps that
    names[(names < 0) & (hue >= TL_DARK[0]) & (hue < TL_DARK[1]) & (saturation >= TL_DARK[2])
          & (value <= TL_DARK[3]) & (value >= 60)] = TL_INDEX
    if shade is not None:
        names[np.abs(_chroma(pixels) - shade).max(axis=-1) <= BACKDROP_CHROMA] = -1
    return names


def _chroma(rgb: np.ndarray) -> np.ndarray:
    """Return RGB colours' chromaticity: each channel over the brightest, so a shade keeps its colour's."""
    rgb = np.asarray(rgb, np.float32)
    return rgb / np.maximum(rgb.max(axis=-1, keepdims=True), 1.0)


def _side_profiles(wide: np.ndarray) -> list[np.ndarray]:
    """Return each side's profile, from FACE_DEPTH inside the tile outward: the median colour across SIDE_SPAN."""
    side = wide.shape[0] / (1 + 2 * PAD)
    pad = PAD * side
    lo, hi = round(pad + SIDE_SPAN[0] * side), round(pad + SIDE_SPAN[1] * side)
    near, far = round(pad), round(pad + side)
    depth, reach = round(FACE_DEPTH * side), round(PAD * side)
    strips = (wide[lo:hi, near - reach:near + depth][:, ::-1],  # left side, read right to left
              wide[lo:hi, far - depth:far + reach],              # right side
              wide[far - depth:far + reach, lo:hi].transpose(1, 0, 2),  # bottom
              wide[near - reach:near + depth, lo:hi][::-1].transpose(1, 0, 2))  # top
    if len({strip.shape for strip in strips}) == 1:  # one median for the four: numpy's is column by column
        return list(np.median(np.stack(strips), axis=1))
    return [np.median(strip, axis=0) for strip in strips]


def _ring_sides(profiles: list[np.ndarray], side: float, shade: np.ndarray | None) -> list[int | None]:
    """Return ``_ring_side`` of each side's profile (``shade``: see ``_names``), their colours named at once."""
    pixels = np.concatenate(profiles)
    hue, saturation, value = hsv_of = hsv(pixels)
    face = (saturation <= FACE_SATURATION) & (value >= FACE_VALUE)  # tile face: light and grey
    names = _names(pixels, shade, hsv_of)
    ends = np.cumsum([len(profile) for profile in profiles]).tolist()
    return [_ring_side(face[start:end], names[start:end], side) for start, end in zip([0, *ends], ends)]


def _ring_side(face: np.ndarray, names: np.ndarray, side: float) -> int | None:
    """Return the BONUS_HUES index of the ring beyond the face on one side's profile, -1 for none, None if unseen.

    ``face`` marks the profile's pixels of tile face, ``names`` the bonus each names (``classify_colour``).
    """
    if not face[0]:
        return None  # no face where one must be: a lit tile, a letter's stroke or a box far off
    edge = int(np.argmin(face)) if not face.all() else len(face)
    names = names[edge:edge + max(2, round(RING_REACH * side))]
    named = np.flatnonzero(names >= 0)
    if not named.size or named[0] > max(1, round(RING_START * side)):
        return -1
    ring = names[named[0]:]
    gap = np.flatnonzero((ring[:-1] < 0) & (ring[1:] < 0))  # the ring ends where the backdrop begins
    names = ring[:gap[0]] if gap.size else ring
    counts = np.bincount(names[names >= 0], minlength=len(BONUS_HUES))
    best = int(np.argmax(counts))
    return best if counts[best] >= max(1, MIN_RING * side) else -1


def read_ring(wide: np.ndarray, backdrop: np.ndarray | None = None) -> tuple[str | None, str]:
    """Return what the ring of a wide tile says: a bonus, "plain", or None when the sides disagree or are unseen.

    The second value tells what each side showed, for a reason; ``backdrop`` as for ``classify_colour``.
    """
    return _read_ring(wide, _shade(backdrop))


def _read_ring(wide: np.ndarray, shade: np.ndarray | None) -> tuple[str | None, str]:
    """Return ``read_ring`` for a backdrop of chromaticity ``shade`` (``_shade``)."""
    side = wide.shape[0] / (1 + 2 * PAD)
    seen = _ring_sides(_side_profiles(wide), side, shade)
    shown = ", ".join("?" if s is None else "none" if s < 0 else BONUS_HUES[s][0] for s in seen)
    bonuses = {s for s in seen if s is not None and s >= 0}
    # The older look lights the ring's top almost white and darkens its bottom: two sides are enough,
    # as long as no side names another bonus. A colour on one side alone is no ring: a lit neighbour's
    # orange glow, or red text drawn over the board.
    if len(bonuses) == 1 and seen.count(min(bonuses)) >= 2:
        return BONUS_HUES[min(bonuses)][0], shown
    if seen.count(-1) >= 2 and all(seen.count(bonus) < 2 for bonus in bonuses):
        return "plain", shown
    return None, shown


def _corner(wide: np.ndarray) -> np.ndarray:
    """Return the square at the tile's top-left corner that a badge fills."""
    side = wide.shape[0] / (1 + 2 * PAD)
    start, end = round((PAD + BADGE_BOX[0]) * side), round((PAD + BADGE_BOX[1]) * side)
    return wide[start:end, start:end]


def read_badge(wide: np.ndarray, backdrop: np.ndarray | None = None) -> str:
    """Return the bonus whose colour fills the tile's top-left corner, "plain" when none does (``backdrop``: as
    for ``classify_colour``)."""
    return _read_badge(wide, _shade(backdrop))


def _read_badge(wide: np.ndarray, shade: np.ndarray | None) -> str:
    """Return ``read_badge`` for a backdrop of chromaticity ``shade`` (``_shade``)."""
    names = _names(_corner(wide), shade).ravel()
    shares = np.bincount(names[names >= 0], minlength=len(BONUS_HUES)) / names.size
    least = np.array([GLOW_SHARE if bonus == "DW" else BADGE_SHARE for bonus, *_ in BONUS_HUES])
    shares[shares < least] = 0
    return BONUS_HUES[int(np.argmax(shares))][0] if shares.any() else "plain"


def is_lit(wide: np.ndarray) -> bool:
    """Return whether a swipe in progress lights the tile: its face is orange, not grey."""
    side = wide.shape[0] / (1 + 2 * PAD)
    lo, hi = round((PAD + 0.1) * side), round((PAD + 0.9) * side)
    face = wide[lo:hi:2, lo:hi:2]  # every other pixel: a lit face is orange throughout
    return float(_orange(face, LIT_HUES[1]).mean()) >= LIT_SHARE


def _orange(pixels: np.ndarray, most_hue: float = LIT_HUES[2]) -> np.ndarray:
    """Return which RGB pixels show a lit tile's orange (hue up to ``most_hue``)."""
    hue, saturation, value = hsv(pixels)
    return (hue >= LIT_HUES[0]) & (hue < most_hue) & (saturation >= LIT_SATURATION) & (value >= LIT_VALUE)


def _label(wide: np.ndarray, disc_of: Callable[[np.ndarray], np.ndarray], lit: bool = False) -> Label:
    """Return the label of the badge over a wide tile's corner; ``disc_of`` marks the badge's colour in pixels."""
    side = wide.shape[0] / (1 + 2 * PAD)
    corner = (PAD * side, PAD * side)
    end = extent(corner, side)
    return read_label(wide[:end, :end], disc_of(wide[:end, :end]), corner, side, lit)


def _rim_share(wide: np.ndarray) -> float:
    """Return the share of a lit tile's corner that shows a badge's light rim and label among its orange."""
    _, saturation, value = hsv(_corner(wide))
    return float(((saturation <= RIM_SATURATION) & (value >= RIM_VALUE)).mean())


def read_bonus(wide: np.ndarray, lit: bool | None = None, tile: float = math.inf,
               backdrop: np.ndarray | None = None) -> Bonus:
    """Return the bonus of a wide tile (``cells.cut_wide``) from its ring and its badge (``lit``: known lit or not).

    ``tile``: the tile's side in the shot, in px (default: large enough to read its badge's label);
    ``backdrop``: the board's colour beside the tile (``backdrop.beside_rows``), which names no bonus.
    """
    if is_lit(wide) if lit is None else lit:
        return SMALL_LIT if tile < LIT_MIN_TILE else _lit_bonus(wide)
    shade = _shade(backdrop)  # once for the tile's three readings of colour
    ring, sides = _read_ring(wide, shade)
    badge = _read_badge(wide, shade)
    label = Label(None)
    if badge != "plain" and tile >= LABEL_MIN_TILE:
        index = [bonus for bonus, *_ in BONUS_HUES].index(badge)
        label = _label(wide, lambda pixels: _names(pixels, shade) == index)
    if label.text is not None and label.text != badge:  # the badge's own two witnesses part
        guess: str | None = ring if ring in (badge, label.text) else badge
        return Bonus(guess, False, said(f"the badge's colour says {badge} but its label says {label.text}",
                                        "reason_badge_label", badge=badge, label=label.text))
    if ring == badge:
        return Bonus(None if ring == "plain" else ring, True)
    if ring is None:
        guess = None if badge == "plain" else badge
        return Bonus(guess, False, said(f"the badge says {_name(badge)} but the ring is unclear ({sides})",
                                        "reason_ring_unclear", badge=badge, sides=sides))
    guess = ring if ring != "plain" else badge
    return Bonus(guess, False, said(f"the ring says {_name(ring)} but the badge says {_name(badge)}",
                                    "reason_ring_badge", ring=ring, badge=badge))


SMALL_LIT = Bonus(None, False, said("the tile is lit by a swipe, which hides its badge's colour, and is too small "
                                    "for the badge's label to be read: bonus unknown", "reason_lit_small"))


def _lit_bonus(wide: np.ndarray) -> Bonus:
    """Return the bonus of a tile lit by a swipe: plain with no badge, else what its badge's label says.

    A faint rim (blur, a small tile) may be a badge's: only a clear label then names the bonus, else it is unknown.
    """
    if _rim_share(wide) < NO_RIM_SHARE:
        return Bonus(None, True)
    label = _label(wide, _orange, lit=True)
    if label.text is not None and label.likeness >= LIT_LIKENESS:
        return Bonus(label.text, True)
    return Bonus(None, False, said("the tile is lit by a swipe, which hides its badge's colour, "
                                   "and the badge's label could not be read: bonus unknown", "reason_lit"))


def _name(reading: str | None) -> str:
    """Return a reading as the reason names it: "plain", the bonus, or "nothing clear" when unread."""
    if reading is None:
        return "nothing clear"
    return reading if reading == "plain" else reading.upper()
