"""Open an image file safely, turned as its EXIF says: one ImageError for a missing, damaged, huge or non-image file.

Also how colourful an image is: a greyscale capture shows letters but not the
bonus colours, so its bonuses are unknown rather than plain.
"""
from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from ruzzle_gui.vision.errors import ImageError, coded
from ruzzle_gui.vision.pixels import channel_spread

__all__ = ["MAX_PIXELS", "load_image", "to_array", "is_greyscale"]

# A screenshot of an 8K screen has 33 million pixels. Anything from 100 million
# up (a 20000 x 20000 decompression bomb among them) is refused from its header,
# before a single pixel is decoded: decoded, it would need 300 MB or more.
MAX_PIXELS = 100_000_000
EXIF_ORIENTATION = 0x0112  # the EXIF tag saying how the camera was held
GREY_SPREAD = 24      # largest channel minus smallest that still counts as grey: JPEG chroma noise stays under it
COLOUR_SHARE = 0.003  # share of coloured pixels from which an image has colour (the game's blue is far more)
SAMPLES = 40_000      # pixels looked at to tell colour from grey, whatever the image's size


def load_image(source: str | Path | Image.Image) -> Image.Image:
    """Return the RGB image at path ``source`` (or ``source`` itself as RGB), fully decoded."""
    if isinstance(source, Image.Image):
        _check_size(source.size, "the image")
        return _upright(source).convert("RGB")
    path = Path(source)
    if not path.exists():
        raise coded(ImageError(f"image file not found: {path}"), "not_found", path=str(path))
    if path.is_dir():
        raise coded(ImageError(f"{path} is a folder, not an image file"), "folder", path=str(path))
    with warnings.catch_warnings():
        # Pillow warns, then errors, on huge images; our own limit is stricter and speaks plainly.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        image = _open(path)
        with image:
            _check_size(image.size, str(path))
            try:
                image.load()
                return _upright(image).convert("RGB")
            except (OSError, SyntaxError, ValueError) as err:
                raise coded(ImageError(f"{path} is damaged or truncated: {err}"), "damaged", path=str(path),
                            problem=str(err)) from None


def _upright(image: Image.Image) -> Image.Image:
    """Return ``image`` turned as its EXIF orientation says (a phone photo held sideways), else itself."""
    try:
        if image.getexif().get(EXIF_ORIENTATION, 1) == 1:
            return image  # exif_transpose would copy every pixel to change nothing
        from PIL import ImageOps  # only for a turned photo: it and its palette modules cost 2-4 ms to import

        return ImageOps.exif_transpose(image)
    except (OSError, SyntaxError, ValueError, TypeError, KeyError):
        return image  # a damaged EXIF block: the pixels are still worth reading as they are


def _open(path: Path) -> Image.Image:
    """Return the lazily opened image at ``path``: its header read, no pixel decoded yet."""
    try:
        return Image.open(path)
    except UnidentifiedImageError:
        raise coded(ImageError(f"{path} is not an image (PNG, JPEG and other common formats are read)"),
                    "not_image", path=str(path)) from None
    except Image.DecompressionBombError:
        raise coded(ImageError(f"{path} is too large to be a screenshot"), "too_large_file", path=str(path)) from None
    except OSError as err:
        raise coded(ImageError(f"cannot read {path}: {err.strerror or err}"), "unreadable", path=str(path),
                    problem=str(err.strerror or err)) from None


def _check_size(size: tuple[int, int], name: str) -> None:
    """Raise ImageError if an image of ``size`` is empty or too large to decode."""
    width, height = size
    if width * height >= MAX_PIXELS:
        raise coded(ImageError(f"{name} is too large to be a screenshot ({width}x{height} pixels; "
                               f"the limit is {MAX_PIXELS // 1_000_000} million)"), "too_large", name=name,
                    width=width, height=height, limit=MAX_PIXELS // 1_000_000)
    if width < 1 or height < 1:
        raise coded(ImageError(f"{name} is empty ({width}x{height} pixels)"), "empty", name=name, width=width,
                    height=height)


def to_array(image: Image.Image) -> np.ndarray:
    """Return an RGB image as a height x width x 3 uint8 array."""
    return np.asarray(image if image.mode == "RGB" else image.convert("RGB"), dtype=np.uint8)


def is_greyscale(rgb: np.ndarray) -> bool:
    """Return whether an RGB array has no colour to speak of (a greyscale capture, or a grey-only picture)."""
    step = max(1, round((rgb.shape[0] * rgb.shape[1] / SAMPLES) ** 0.5))
    sample = rgb[::step, ::step].astype(np.int16)
    spread = channel_spread(sample)
    return int(np.count_nonzero(spread > GREY_SPREAD)) < COLOUR_SHARE * spread.size
