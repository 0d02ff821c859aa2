"""Generated screenshots in the game's look, with the board they show, for tests and the bench.

Three kinds of shot: a portrait phone screenshot (header with timer and scores,
the board filling the width in the lower half), a crop of the board alone, and a
desktop screenshot with a mirrored phone window somewhere in it. ``degrade``
adds what real captures suffer: rescaling, mild blur and JPEG loss.

Letters are drawn uniformly from the alphabet (rare letters such as Q or Ъ
must be read too), and each shot picks one of several bold sans fonts from
Debian packages, so the reader is never tuned to a single font.
"""
from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ruzzle_gui.board import Board, random_bonus
from ruzzle_gui.lab.fonts import installed_fonts
from ruzzle_gui.language import Language

__all__ = ["Shot", "fonts", "random_board", "random_swipe", "render_board", "phone_shot", "board_shot",
           "desktop_shot", "degrade", "random_shot"]

PHONE_ASPECT = 2340 / 1080        # height / width of a typical modern phone screen
# Colours and sizes measured on real shots of both looks (tests/real_shots): the board's blue is far
# less saturated than the TL navy, which is how the reader tells a TL ring from the background.
BACKGROUND_TOP = (80, 160, 212)   # the game's blue, lighter at the top ...
BACKGROUND_BOTTOM = (56, 124, 178)  # ... darker at the bottom (saturation ~0.65 throughout)
# A deeper blue than the game's (saturation 0.78 at the top to 0.87 at the bottom), the generator's first: the
# picture in docs/screenshot.jpg was drawn on it. Its lower half has TL's hue and saturation.
DEEP_BACKGROUND = ((46, 128, 206), (18, 62, 142))
SHADOW = (30, 70, 110)            # a tile's shadow: the background darkened, not a saturated navy
TILE_TOP, TILE_BOTTOM = (246, 246, 246), (232, 232, 232)  # the face: near white, a faint gradient
BEVEL_LIGHT, BEVEL_DARK = (252, 252, 252), (196, 196, 196)  # the face's lit top edge and shaded bottom edge
INK = (62, 62, 66)                # dark grey of letters and values
BONUS_COLOURS = {"DL": (16, 150, 8), "TL": (8, 95, 165), "DW": (255, 186, 0), "TW": (213, 4, 8)}
GAP = 0.16                        # space between tiles, in tiles
BORDERS = (0.04, 0.07)            # bonus ring thickness, in tiles: the older look's and the newer look's
BADGE_RADIUS = (0.16, 0.2)        # badge radius, in tiles, in each look ...
BADGE_CENTRE = (0.06, 0.12)       # ... and its centre's offset from the tile's corner, in tiles
RIM = 0.022                       # the badge's white rim, in tiles
# A tile lit by a swipe in progress, as on the real shots: an orange face with a darker edge, an orange glow,
# brown ink, and its badge (if any) orange too, with a cream rim and the white label still on it.
LIT_TOP, LIT_BOTTOM, LIT_EDGE = (255, 198, 24), (250, 172, 0), (228, 132, 0)
LIT_GLOW, LIT_INK = (255, 170, 0), (72, 46, 2)
LIT_BADGE, LIT_RIM = (255, 192, 30), (255, 246, 220)
DESKTOP_SIZES = ((1920, 1080), (2560, 1440), (1366, 768), (1680, 1050))


@dataclass(frozen=True)
class Shot:
    """A generated image, the board it shows, and the board's tile grid in image pixels."""

    image: Image.Image
    board: Board
    origin: tuple[float, float]  # top-left corner of the top-left tile
    pitch: float                 # distance between neighbouring tile corners
    tile: float                  # tile side


def fonts() -> list[Path]:
    """Return the installed fonts of ``lab.fonts.FONT_FILES`` (at least one, or a clear error)."""
    found = list(installed_fonts())
    if not found:
        raise FileNotFoundError("no bold sans font found: install the Debian package fonts-dejavu-core")
    return found


def random_board(language: Language, rng: random.Random, size: int = 4) -> Board:
    """Return a ``size`` x ``size`` board of uniformly drawn letters, bonuses at the game's odds."""
    letters = tuple(rng.choice(language.alphabet) for _ in range(size * size))
    return Board(size, size, letters, tuple(random_bonus(rng) for _ in letters))


def random_swipe(rng: random.Random, size: int = 4, longest: int = 7) -> frozenset[int]:
    """Return the tiles a swipe in progress lights: a path of 3 to ``longest`` neighbouring tiles."""
    path = [rng.randrange(size * size)]
    for _ in range(rng.randint(2, longest - 1)):
        row, col = divmod(path[-1], size)
        steps = [(row + dr) * size + col + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if 0 <= row + dr < size and 0 <= col + dc < size and (row + dr) * size + col + dc not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return frozenset(path)


def _gradient(size: tuple[int, int], top: tuple, bottom: tuple) -> Image.Image:
    """Return an RGB image shading vertically from ``top`` to ``bottom``."""
    column = Image.new("RGB", (1, 256))
    column.putdata([tuple(round(a + (b - a) * y / 255) for a, b in zip(top, bottom)) for y in range(256)])
    return column.resize(size, Image.Resampling.BILINEAR)


def _font(path: Path, pixels: float) -> ImageFont.FreeTypeFont:
    """Return ``path`` at ``pixels`` size (at least 6)."""
    return ImageFont.truetype(str(path), max(6, round(pixels)))


def _draw_tile(canvas: Image.Image, x: int, y: int, side: int, letter: str, value: int,
               bonus: str | None, font: Path, look: int = 0, lit: bool = False, label: str | None = None) -> None:
    """Draw one tile as the game does: shadow, bevelled face, letter, value, and a bonus's ring and badge.

    ``look`` 0 is the older look (thin ring, small badge), 1 the newer one (thick ring, big badge).
    ``lit``: the tile is lit by a swipe in progress. ``label``: the badge's text, if not the bonus's own.
    """
    radius = round(side * 0.1)
    shadow = Image.new("L", canvas.size, 0)
    offset = max(1, round(side * 0.035))
    ImageDraw.Draw(shadow).rounded_rectangle((x, y + offset, x + side, y + side + offset), radius, fill=140)
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1, side * 0.025)))
    canvas.paste(SHADOW, (0, 0), shadow)
    if lit:
        _draw_lit_tile(canvas, x, y, side, letter, value, bonus, font, look, label)
        return
    draw = ImageDraw.Draw(canvas)
    edge = max(1, round(side * 0.02))
    draw.rounded_rectangle((x, y, x + side - 1, y + side - 1), radius, fill=BEVEL_DARK)
    draw.rounded_rectangle((x, y, x + side - 1, y + side - 1 - edge), radius, fill=BEVEL_LIGHT)
    ring = max(2, round(side * BORDERS[look])) if bonus else 0
    if bonus:
        colour = BONUS_COLOURS[bonus]
        draw.rounded_rectangle((x, y, x + side - 1, y + side - 1), radius, fill=_shade(colour, 0.65))
        draw.rounded_rectangle((x, y, x + side - 1, y + side - 1 - edge), radius, fill=colour)
    inner = ring + edge
    face = _gradient((side - 2 * inner, side - 2 * inner - edge), TILE_TOP, TILE_BOTTOM)
    mask = Image.new("L", face.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, face.width - 1, face.height - 1), max(1, radius - inner), fill=255)
    canvas.paste(face, (x + inner, y + inner), mask)
    big = _font(font, side * 0.58)
    draw.text((x + side * 0.5, y + side * 0.56), letter, font=big, fill=INK, anchor="mm")
    small = _font(font, side * 0.2)
    draw.text((x + side * 0.88, y + side * 0.1), str(value), font=small, fill=INK, anchor="ra")
    if bonus:
        r = side * BADGE_RADIUS[look]
        cx, cy = x + side * BADGE_CENTRE[look], y + side * BADGE_CENTRE[look]
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255))
        r -= max(1, side * RIM)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BONUS_COLOURS[bonus])
        draw.text((cx, cy), bonus if label is None else label, font=_font(font, r * 0.8), fill=(255, 255, 255),
                  anchor="mm")


def _draw_lit_tile(canvas: Image.Image, x: int, y: int, side: int, letter: str, value: int,
                   bonus: str | None, font: Path, look: int, label: str | None) -> None:
    """Draw a tile lit by a swipe: orange glow, face and badge, brown ink, the badge's label still white."""
    radius = round(side * 0.1)
    glow = Image.new("L", canvas.size, 0)
    reach = round(side * 0.05)
    ImageDraw.Draw(glow).rounded_rectangle((x - reach, y - reach, x + side + reach, y + side + reach), radius,
                                           fill=200)
    canvas.paste(LIT_GLOW, (0, 0), glow.filter(ImageFilter.GaussianBlur(max(1, side * 0.04))))
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle((x, y, x + side - 1, y + side - 1), radius, fill=LIT_EDGE)
    inner = max(1, round(side * 0.03))
    face = _gradient((side - 2 * inner, side - 2 * inner), LIT_TOP, LIT_BOTTOM)
    mask = Image.new("L", face.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, face.width - 1, face.height - 1), max(1, radius - inner), fill=255)
    canvas.paste(face, (x + inner, y + inner), mask)
    draw.text((x + side * 0.5, y + side * 0.56), letter, font=_font(font, side * 0.58), fill=LIT_INK, anchor="mm")
    draw.text((x + side * 0.88, y + side * 0.1), str(value), font=_font(font, side * 0.2), fill=LIT_INK, anchor="ra")
    if bonus:
        r = side * BADGE_RADIUS[look]
        cx, cy = x + side * BADGE_CENTRE[look], y + side * BADGE_CENTRE[look]
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=LIT_RIM)
        r -= max(1, side * RIM)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=LIT_BADGE)
        draw.text((cx, cy), bonus if label is None else label, font=_font(font, r * 0.8), fill=(255, 255, 255),
                  anchor="mm")


def _shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    """Return ``colour`` darkened to ``factor`` of its brightness: a ring's shaded bottom edge."""
    red, green, blue = colour
    return round(red * factor), round(green * factor), round(blue * factor)


def render_board(canvas: Image.Image, board: Board, language: Language, left: float, top: float,
                 width: float, font: Path, look: int = 0, lit: frozenset[int] = frozenset(),
                 labels: dict[int, str] | None = None,
                 values: dict[int, int] | None = None) -> tuple[tuple[float, float], float, float]:
    """Draw ``board`` on ``canvas`` in a square ``width`` wide at (left, top); return origin, pitch, tile.

    ``lit`` holds the indices of tiles lit by a swipe; ``labels`` gives a badge another label than its bonus's,
    ``values`` a tile another value than its letter's (a letter the reader must then doubt).
    """
    n = board.cols
    tile = width / (n + (n + 1) * GAP)
    pitch = tile * (1 + GAP)
    x0, y0 = left + tile * GAP, top + tile * GAP
    for index, letter in enumerate(board.letters):
        row, col = divmod(index, n)
        _draw_tile(canvas, round(x0 + col * pitch), round(y0 + row * pitch), round(tile), letter,
                   (values or {}).get(index, language.values[letter]), board.bonuses[index], font, look,
                   index in lit,
                   (labels or {}).get(index))
    return (x0, y0), pitch, tile


def _header(canvas: Image.Image, rng: random.Random, font: Path) -> None:
    """Draw a phone header: a timer, two score boxes and a round avatar (light shapes that are no tiles)."""
    w, h = canvas.size
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, w, h * 0.03), fill=(12, 40, 100))
    draw.text((w * 0.04, h * 0.005), "12:34", font=_font(font, h * 0.018), fill=(255, 255, 255))
    draw.text((w * 0.5, h * 0.1), f"{rng.randint(0, 1)}:{rng.randint(0, 59):02d}", font=_font(font, h * 0.05),
              fill=(255, 255, 255), anchor="mm")
    for side in (0, 1):
        left = w * (0.04 + side * 0.56)
        draw.rounded_rectangle((left, h * 0.16, left + w * 0.4, h * 0.23), radius=w * 0.03, fill=(244, 244, 240))
        draw.text((left + w * 0.2, h * 0.195), f"{rng.randint(0, 400)} pts", font=_font(font, h * 0.022),
                  fill=INK, anchor="mm")
    draw.ellipse((w * 0.44, h * 0.24, w * 0.56, h * 0.24 + w * 0.12), fill=(240, 240, 240))
    draw.text((w * 0.5, h * 0.33), "Round 2", font=_font(font, h * 0.025), fill=(255, 255, 255), anchor="mm")


def phone_shot(board: Board, language: Language, width: int, rng: random.Random, font: Path,
               look: int | None = None, lit: frozenset[int] = frozenset(),
               labels: dict[int, str] | None = None,
               background: tuple[tuple, tuple] = (BACKGROUND_TOP, BACKGROUND_BOTTOM)) -> Shot:
    """Return a portrait phone screenshot ``width`` px wide: header on top, board in the lower half.

    ``look`` 0 or 1 draws the game's older or newer tiles (default: either, at random); ``lit`` and
    ``labels`` as for ``render_board``; ``background`` the backdrop's colours at the top and the bottom.
    """
    look = rng.randrange(2) if look is None else look
    height = round(width * PHONE_ASPECT)
    canvas = _gradient((width, height), *background)
    _header(canvas, rng, font)
    margin = width * rng.uniform(0.02, 0.05)
    top = height * rng.uniform(0.4, 0.5)
    origin, pitch, tile = render_board(canvas, board, language, margin, top, width - 2 * margin, font, look,
                                       lit, labels)
    return Shot(canvas, board, origin, pitch, tile)


def board_shot(board: Board, language: Language, width: int, rng: random.Random, font: Path,
               look: int | None = None, lit: frozenset[int] = frozenset(),
               values: dict[int, int] | None = None) -> Shot:
    """Return a crop of the board alone, ``width`` px wide, with a thin blue margin (``lit``, ``values``:
    as for ``render_board``)."""
    look = rng.randrange(2) if look is None else look
    margin = width * rng.uniform(0.0, 0.06)
    canvas = _gradient((width, width), BACKGROUND_TOP, BACKGROUND_BOTTOM)
    origin, pitch, tile = render_board(canvas, board, language, margin, margin, width - 2 * margin, font, look,
                                       lit, values=values)
    return Shot(canvas, board, origin, pitch, tile)


def _window(canvas: Image.Image, box: tuple[float, float, float, float], rng: random.Random, font: Path) -> None:
    """Draw a plain desktop window (title bar, white page, lines of text) inside ``box``."""
    draw = ImageDraw.Draw(canvas)
    left, top, right, bottom = box
    draw.rectangle(box, fill=(252, 252, 252), outline=(120, 120, 120))
    draw.rectangle((left, top, right, top + 28), fill=(220, 222, 226))
    small = _font(font, 14)
    for line in range(int((bottom - top - 40) // 22)):
        words = " ".join(rng.choice(["File", "Edit", "board", "words", "12", "score", "OK"]) for _ in range(6))
        draw.text((left + 12, top + 36 + 22 * line), words, font=small, fill=(40, 40, 40))


def desktop_shot(board: Board, language: Language, rng: random.Random, font: Path) -> Shot:
    """Return a desktop screenshot with a mirrored phone window at a random place among other windows."""
    width, height = rng.choice(DESKTOP_SIZES)
    canvas = _gradient((width, height), (70, 80, 90), (30, 34, 40))
    _window(canvas, (width * 0.05, height * 0.08, width * 0.45, height * 0.7), rng, font)
    phone_height = round(height * rng.uniform(0.7, 0.9))
    phone_width = round(phone_height / PHONE_ASPECT)
    phone = phone_shot(board, language, phone_width, rng, font)
    x = rng.randint(width // 3, width - phone_width - 20)
    y = rng.randint(30, height - phone_height - 10)
    ImageDraw.Draw(canvas).rectangle((x - 6, y - 30, x + phone_width + 5, y + phone_height + 5), fill=(22, 22, 24))
    canvas.paste(phone.image, (x, y))
    origin = (phone.origin[0] + x, phone.origin[1] + y)
    return Shot(canvas, board, origin, phone.pitch, phone.tile)


def degrade(shot: Shot, rng: random.Random, scale: float = 1.0, blur: float = 0.0,
            quality: int | None = None) -> Shot:
    """Return ``shot`` rescaled by ``scale``, blurred by ``blur`` px, then JPEG-compressed at ``quality``."""
    image = shot.image
    if scale != 1.0:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.Resampling.BICUBIC)
    if blur:
        image = image.filter(ImageFilter.GaussianBlur(blur))
    if quality is not None:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=quality)
        image = Image.open(io.BytesIO(buffer.getvalue()))
        image.load()
    origin = (shot.origin[0] * scale, shot.origin[1] * scale)
    return Shot(image, shot.board, origin, shot.pitch * scale, shot.tile * scale)


def random_shot(language: Language, rng: random.Random, kind: str | None = None, size: int = 4,
                width: int | None = None, font: Path | None = None) -> Shot:
    """Return a random shot of ``kind`` (phone, board or desktop), degraded at random within mild bounds."""
    kind = kind or rng.choice(("phone", "phone", "board", "desktop"))
    font = font or rng.choice(fonts())
    board = random_board(language, rng, size)
    if kind == "phone":
        shot = phone_shot(board, language, width or rng.randint(480, 1440), rng, font)
    elif kind == "board":
        shot = board_shot(board, language, width or rng.randint(300, 1000), rng, font)
    else:
        shot = desktop_shot(board, language, rng, font)
    scale = rng.choice((1.0, rng.uniform(0.85, 1.15))) if kind != "desktop" else 1.0
    return degrade(shot, rng, scale=scale, blur=rng.uniform(0, 0.8), quality=rng.randint(50, 95))
