"""Open an image file safely: one ImageError for a missing, damaged, huge or non-image file."""
from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from ruzzle_gui.vision.errors import ImageError

__all__ = ["MAX_PIXELS", "load_image", "to_array"]

# A screenshot of an 8K screen has 33 million pixels. Anything from 100 million
# up (a 20000 x 20000 decompression bomb among them) is refused from its header,
# before a single pixel is decoded: decoded, it would need 300 MB or more.
MAX_PIXELS = 100_000_000


def load_image(source: str | Path | Image.Image) -> Image.Image:
    """Return the RGB image at path ``source`` (or ``source`` itself as RGB), fully decoded."""
    if isinstance(source, Image.Image):
        _check_size(source.size, "the image")
        return source.convert("RGB")
    path = Path(source)
    if not path.exists():
        raise ImageError(f"image file not found: {path}")
    if path.is_dir():
        raise ImageError(f"{path} is a folder, not an image file")
    with warnings.catch_warnings():
        # Pillow warns, then errors, on huge images; our own limit is stricter and speaks plainly.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        image = _open(path)
        with image:
            _check_size(image.size, str(path))
            try:
                image.load()
                return image.convert("RGB")
            except (OSError, SyntaxError, ValueError) as err:
                raise ImageError(f"{path} is damaged or truncated: {err}") from None


def _open(path: Path) -> Image.Image:
    """Return the lazily opened image at ``path``: its header read, no pixel decoded yet."""
    try:
        return Image.open(path)
    except UnidentifiedImageError:
        raise ImageError(f"{path} is not an image (PNG, JPEG and other common formats are read)") from None
    except Image.DecompressionBombError:
        raise ImageError(f"{path} is too large to be a screenshot") from None
    except OSError as err:
        raise ImageError(f"cannot read {path}: {err.strerror or err}") from None


def _check_size(size: tuple[int, int], name: str) -> None:
    """Raise ImageError if an image of ``size`` is empty or too large to decode."""
    width, height = size
    if width * height >= MAX_PIXELS:
        raise ImageError(f"{name} is too large to be a screenshot ({width}x{height} pixels; "
                         f"the limit is {MAX_PIXELS // 1_000_000} million)")
    if width < 1 or height < 1:
        raise ImageError(f"{name} is empty ({width}x{height} pixels)")


def to_array(image: Image.Image) -> np.ndarray:
    """Return an RGB image as a height x width x 3 uint8 array."""
    return np.asarray(image.convert("RGB"), dtype=np.uint8)
