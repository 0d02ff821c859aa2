"""The board's colours as a whole: when they cannot be the game's, colour tells no bonus.

Two witnesses, each of a whole picture rather than of a tile:

- the board's background, between the tiles, bluer than the game draws it (``colour_cast``);
- no colour on the board darker than its letters' ink (``clipped_darks``).

The game draws its board on a mid blue (hue ~205, saturation ~0.63) that no
bonus colour matches: TL's navy is more saturated and darker. A camera can
change that. A photo of a phone's screen with a colour cast or a clipped blue
channel shows the background at full saturation, the very colour ``bonus``
takes for TL, and then every plain tile's edge and corner "show" TL to both
witnesses at once, who agree on a wrong bonus; the same cast bleaches DW's
orange badge until both witnesses call a DW tile plain. Neither witness can be
trusted in such a picture, so the reader says each bonus is unknown, as it does
for a greyscale one. The background is read in the middle of the gaps between
neighbouring tiles, found from the pitch rather than from the tiles' edges, so
a tile size the locator overestimates still leaves the gaps where they are.

The game draws every bonus colour, and the tiles' shadows, with a channel far
darker than its grey ink: TL's navy and DL's green have almost no red, TW's red
and DW's orange almost no blue. A camera that clips its blacks (a webcam's photo
of a phone: ink, navy and the background's red all 0) loses that range, and a
picture of it faded and stretched back to the game's levels lifts it again to
the ink's grey: the navy then comes back a pale blue and the orange a cream that
neither witness can name, while both agree on plain. So a faded board with no
colour darker than its ink has lost its bonus colours, whatever its background
reads. (Only a faded one: unstretched, the clipped navy is still dark and
saturated; and a board with no bonus tile at all shows no such dark colour.)
"""
from __future__ import annotations

import numpy as np
from PIL import Image

from ruzzle_gui.vision.bonus import hsv
from ruzzle_gui.vision.locate import Grid

__all__ = ["backdrop_colour", "beside_rows", "clipped_darks", "colour_cast"]

STRIP = 0.03        # in tiles: width of the strip read down the middle of each gap
SPAN = (0.3, 0.7)   # stretch of a tile's side along which its gap is read: clear of the corners and badges
BESIDE = (0.14, 0.26)  # in tiles from the board's left and right edges: where the backdrop beside a row is read,
                       # clear of the outer tiles' badges (0.1 out), glow and shadow
GAME_SATURATION = 0.92  # the game's background reads at most 0.65 saturated in every real screenshot in every
                        # form the tests send it in, and up to 0.72 in a generated one washed nearly white and
                        # restored; the photos' cast or clipped blue shows it at 0.99-1.0 as taken. A deeper blue
                        # than the game's (0.78-0.87, docs/screenshot.jpg's) is no cast: the witnesses leave the
                        # backdrop's own colour out (bonus.BACKDROP_CHROMA), and its bonus colours are the game's
BELOW_INK = 15      # a channel this far under the ink's luminance is darker than the ink
DARK_SHARE = 0.008  # share of the board's pixels with such a channel under which the board's darks are gone:
                    # 0.028-0.29 on every real shot in every form and on generated ones (faded, small, blurred),
                    # 0.012-0.014 on a generated faded board with a single bonus tile, 0.0000-0.0016 on the
                    # webcam photos washed halfway to white and stretched back


def backdrop_colour(rgb: np.ndarray, grid: Grid) -> np.ndarray | None:
    """Return the median colour (RGB) down the middle of the gaps between neighbouring tiles, or None if none shows.

    The middle of a gap is halfway between two tiles' centres: a tile side the locator overestimates (a faded
    photo's tiles merge with their shadows) leaves it where it is.
    """
    half = max(0.5, STRIP * grid.tile / 2)
    strips = []
    for a in range(grid.size):
        for b in range(grid.size - 1):
            middle = grid.pitch * (b + 0.5) + grid.tile / 2  # halfway between two tile centres, from the first edge
            along = (grid.pitch * a + SPAN[0] * grid.tile, grid.pitch * a + SPAN[1] * grid.tile)
            for x0, x1, y0, y1 in ((middle - half, middle + half, *along), (*along, middle - half, middle + half)):
                x0, x1, y0, y1 = (grid.left + x0, grid.left + x1, grid.top + y0, grid.top + y1)
                patch = rgb[max(0, int(y0)):max(0, int(np.ceil(y1))), max(0, int(x0)):max(0, int(np.ceil(x1)))]
                if patch.size:
                    strips.append(patch.reshape(-1, 3))
    if not strips:
        return None
    return np.median(np.concatenate(strips), axis=0)


def beside_rows(image: Image.Image, grid: Grid) -> list[np.ndarray | None]:
    """Return, for each row of tiles, the backdrop's median colour (RGB) beside the board at that row's height.

    A backdrop shades from top to bottom, so each row has its own. Where nothing lies beside the board (a crop
    of the board alone), a row's colour is the middle of the gaps between its tiles.
    """
    width = (grid.size - 1) * grid.pitch + grid.tile
    xs = ((grid.left - BESIDE[1] * grid.tile, grid.left - BESIDE[0] * grid.tile),
          (grid.left + width + BESIDE[0] * grid.tile, grid.left + width + BESIDE[1] * grid.tile))
    half = max(0.5, STRIP * grid.tile / 2)
    colours: list[np.ndarray | None] = []
    for row in range(grid.size):
        y0, y1 = (grid.top + row * grid.pitch + share * grid.tile for share in SPAN)
        beside = [_patch(image, x0, x1, y0, y1) for x0, x1 in xs]
        if sum(len(p) for p in beside) < 4:
            beside = [_patch(image, grid.left + middle - half, grid.left + middle + half, y0, y1)
                      for middle in (grid.pitch * (col + 0.5) + grid.tile / 2 for col in range(grid.size - 1))]
        pixels = np.concatenate(beside)
        colours.append(np.median(pixels, axis=0) if len(pixels) else None)
    return colours


def _patch(image: Image.Image, x0: float, x1: float, y0: float, y1: float) -> np.ndarray:
    """Return the N x 3 pixels of an RGB image in the box, clipped to the picture (none if it lies outside).

    Only the box is copied: the whole of a phone's screenshot as an array costs 15 ms.
    """
    width, height = image.size
    left, right = max(0, int(x0)), min(width, int(np.ceil(x1)))
    top, bottom = max(0, int(y0)), min(height, int(np.ceil(y1)))
    if right <= left or bottom <= top:
        return np.empty((0, 3), np.uint8)
    piece = image.crop((left, top, right, bottom))
    return np.asarray(piece if piece.mode == "RGB" else piece.convert("RGB")).reshape(-1, 3)


def colour_cast(rgb: np.ndarray, grid: Grid) -> bool:
    """Return whether the board's background in ``rgb`` is more saturated than the game ever draws it."""
    colour = backdrop_colour(rgb, grid)
    if colour is None:
        return False
    _, saturation, _ = hsv(colour.astype(np.float32))
    return bool(saturation > GAME_SATURATION)


def clipped_darks(board: np.ndarray, ink: float) -> bool:
    """Return whether no colour of ``board`` (the board's RGB, tiles and gaps) is darker than its ``ink`` luminance."""
    darkest = board.min(axis=2).astype(np.float32)
    return float(np.mean(darkest < ink - BELOW_INK)) < DARK_SHARE
