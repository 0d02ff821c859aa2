"""Open an image file safely, turned as its EXIF says: one ImageError for a missing, damaged, huge or non-image file.

Every image is taken as hostile: only the formats a screenshot or a phone photo comes
in are opened (Pillow would otherwise recognise thirty formats by their content,
whatever the file's name, PostScript among them, which it hands to Ghostscript), and
anything Pillow raises while reading one is the image's fault, said as one ImageError.

A command that reads one file opens it with ``start_loading``: the header is checked at
once and the pixels decoded on a thread of their own while the reader loads (``Pending``).

Also how colourful an image is: a greyscale capture shows letters but not the
bonus colours, so its bonuses are unknown rather than plain.
"""
from __future__ import annotations

import os
import stat
import sys
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from PIL import Image, UnidentifiedImageError

from ruzzle_gui.vision.errors import ImageError, coded

TYPE_CHECKING = False  # typing.TYPE_CHECKING, spelt so that numpy stays unimported: see start_loading
if TYPE_CHECKING:
    from pathlib import Path  # a path is a str or a Path: pathlib itself costs a read 5 ms to import

    import numpy as np

__all__ = ["FORMATS", "MAX_PIXELS", "Pending", "load_image", "start_loading", "to_array", "is_greyscale"]

# Pillow's names of the formats read, the common first: what phones and desktops save
# screenshots as (PNG, JPEG, WebP; BMP, GIF and TIFF from older tools and scanners).
# Nothing else is even parsed. Pillow's JPEG reader names a phone camera's JPEG that
# carries a second picture "MPO".
FORMATS = ("PNG", "JPEG", "WEBP", "BMP", "GIF", "TIFF")
READ_AS = (*FORMATS, "MPO")
TIFF_MAGIC = (b"II*\0", b"MM\0*", b"II+\0", b"MM\0+")  # a TIFF's first four bytes, classic and big
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"  # a PNG's first eight bytes
PREFIX = 16  # bytes: as many as Pillow's readers look at to know their format
FORMAT_NAMES = "PNG, JPEG, WebP, BMP, GIF or TIFF"  # said when a file is in none of them
EARLY = ("PNG", "JPEG", "MPO", "WEBP")  # decoded on a thread of their own by ``start_loading``
EARLY_SWITCH_S = 0.0002  # s: the GIL's switch interval while they are (Python's default is 5 ms)

# A screenshot of an 8K screen has 33 million pixels. Anything from 100 million
# up (a 20000 x 20000 decompression bomb among them) is refused from its header,
# before a single pixel is decoded: decoded, it would need 300 MB or more.
MAX_PIXELS = 100_000_000
EXIF_ORIENTATION = 0x0112  # the EXIF tag saying how the camera was held
GREY_SPREAD = 24      # largest channel minus smallest that still counts as grey: JPEG chroma noise stays under it
COLOUR_SHARE = 0.003  # share of coloured pixels from which an image has colour (the game's blue is far more)
SAMPLES = 40_000      # pixels looked at to tell colour from grey, whatever the image's size


def load_image(source: str | Path | Image.Image | Pending) -> Image.Image:
    """Return the RGB image at path ``source`` (or ``source`` itself as RGB), fully decoded.

    ``source`` may be a ``Pending`` file, whose decoding began earlier (``start_loading``).
    """
    if isinstance(source, Pending):
        return source.image()
    if isinstance(source, Image.Image):  # a capture (no format), or an image Pillow opened from the clipboard
        if source.format is not None and source.format not in READ_AS:
            raise _not_image("the image")
        _check_size(source.size, "the image")
        with _quiet_stderr(source.format == "TIFF"):
            return _decoded(source, "the image")
    return Pending(source, early=False).image()


def start_loading(path: str | Path) -> Pending:
    """Return the image file at ``path`` opened, its pixels decoding on a thread of their own if its format
    allows (``Pending``); nothing is raised until ``load_image`` takes it, which also gives the GIL back its
    switch interval."""
    return Pending(path, early=True)


class Pending:
    """An image file opened and checked, its pixels decoded now or on the way: ``load_image`` takes it.

    ``ruzzle read`` starts one before it imports numpy and the reader, about 0.1 s of
    imports that the decoding of a phone's PNG (50-90 ms) then overlaps on a second
    core. Any problem with the file is kept and raised by ``image()``, so that a bad
    language is still reported first. Only PNG, JPEG and WebP, what phones save, are
    decoded early: their decoders warn of nothing while they decode (warning filters
    are process-wide, and the main thread's imports set their own meanwhile), and
    TIFF's would need descriptor 2 pointed away from the main thread's messages.
    """

    def __init__(self, path: str | Path, early: bool = False) -> None:
        self.name = str(path)
        self._image: Image.Image | None = None
        self._handle: BinaryIO | None = None
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None
        self._switch = 0.0
        try:
            self._open(os.fspath(path))
        except ImageError as err:
            self._error = err
            return
        if early and self._image is not None and self._image.format in EARLY:
            # Between its 8 kB chunks the decoder takes the GIL, which the imports hold for the whole
            # switch interval (5 ms) whenever it asks: shortened, the decoding keeps pace with them.
            self._switch = sys.getswitchinterval()
            sys.setswitchinterval(EARLY_SWITCH_S)
            self._thread = threading.Thread(target=self._decode, name="decode-image", daemon=True)
            self._thread.start()

    def _open(self, path: str) -> None:
        """Open the file at ``path`` and read its header; raise ImageError for a file that is no image to read."""
        try:
            folder = stat.S_ISDIR(os.stat(path).st_mode)
        except (FileNotFoundError, NotADirectoryError):
            raise coded(ImageError(f"image file not found: {path}"), "not_found", path=path) from None
        except OSError as err:  # a name too long, a folder we may not enter, a loop of links
            raise _unreadable(path, err) from None
        if folder:
            raise coded(ImageError(f"{path} is a folder, not an image file"), "folder", path=path)
        handle = _opened(path)
        try:
            with warnings.catch_warnings():
                # Pillow warns on huge images (our own limit is stricter and speaks plainly) and on odd
                # metadata: a warning is two lines on stderr, and the pixels are what counts.
                warnings.simplefilter("ignore")
                prefix = _prefix(handle, path)
                with _quiet_stderr(prefix[:4] in TIFF_MAGIC):
                    image = _open(handle, path, prefix)
            _check_size(image.size, path)
        except BaseException:
            handle.close()
            raise
        self._handle, self._image = handle, image

    def _decode(self) -> None:
        """Decode the pixels (on the early thread): an error is kept for ``image()`` to say."""
        try:
            self._image.load()  # type: ignore[union-attr]
        except Exception as err:  # noqa: BLE001 (said by image(), on the main thread)
            self._error = err

    def image(self) -> Image.Image:
        """Return the image decoded, upright and RGB; raise ImageError for a missing, damaged or huge file."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
            sys.setswitchinterval(self._switch)
        try:
            if isinstance(self._error, ImageError):
                raise self._error
            if self._error is not None:
                raise _damaged(self.name, self._error)
            image = self._image
            assert image is not None
            with _quiet_stderr(image.format == "TIFF"):
                return _decoded(image, self.name)
        finally:
            self._close()

    def _close(self) -> None:
        """Close the file; the image keeps the pixels decoded from it."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _decoded(image: Image.Image, name: str) -> Image.Image:
    """Return ``image`` decoded, upright and RGB; raise ImageError naming ``name`` if its data is damaged."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            image.load()
            upright = _upright(image)
            return upright if upright.mode == "RGB" else upright.convert("RGB")  # converted, RGB is copied
    except Exception as err:  # noqa: BLE001 (Pillow raises a dozen kinds on hostile data: each is the image's fault)
        raise _damaged(name, err) from None


def _upright(image: Image.Image) -> Image.Image:
    """Return ``image`` turned as its EXIF orientation says (a phone photo held sideways), else itself."""
    try:
        if image.getexif().get(EXIF_ORIENTATION, 1) == 1:
            return image  # exif_transpose would copy every pixel to change nothing
        from PIL import ImageOps  # only for a turned photo: it and its palette modules cost 2-4 ms to import

        return ImageOps.exif_transpose(image)
    except Exception:  # noqa: BLE001 (any error in a damaged EXIF block)
        return image  # a damaged EXIF block: the pixels are still worth reading as they are


def _opened(path: str) -> BinaryIO:
    """Return the file at ``path`` opened for reading (once: a pipe, as in ``read <(cat shot.png)``, reads once)."""
    try:
        return open(path, "rb")  # noqa: SIM115 (the caller closes it)
    except OSError as err:
        raise _unreadable(path, err) from None


def _prefix(handle: BinaryIO, path: str) -> bytes:
    """Return the first bytes of the file in ``handle``, left unread: how Pillow's readers know their format."""
    try:
        return handle.peek(PREFIX)[:PREFIX]  # type: ignore[attr-defined]  # a buffered reader peeks
    except OSError as err:
        raise _unreadable(path, err) from None


def _open(handle: BinaryIO, path: str, prefix: bytes) -> Image.Image:
    """Return the image in ``handle`` (the file at ``path``, starting with ``prefix``) lazily opened: its header
    read, no pixel decoded."""
    try:
        return _open_png(handle) if prefix.startswith(PNG_MAGIC) else Image.open(handle, formats=FORMATS)
    except UnidentifiedImageError:
        if _claimed(prefix):  # a PNG or TIFF whose header its reader refused: damaged, not foreign
            raise _damaged(path, ValueError("its header cannot be read")) from None
        raise _not_image(path) from None
    except Image.DecompressionBombError:
        raise coded(ImageError(f"{path} is too large to be a screenshot"), "too_large_file", path=path) from None
    except OSError as err:
        if err.errno is None:  # Pillow's own complaint about the content ("Truncated File Read")
            raise _damaged(path, err) from None
        raise _unreadable(path, err) from None
    except Exception as err:  # noqa: BLE001 (a header Pillow cannot parse: ValueError, struct.error, EOFError...)
        raise _damaged(path, err) from None


def _open_png(handle: BinaryIO) -> Image.Image:
    """Return the PNG in ``handle`` opened by Pillow's PNG reader alone, raising what ``Image.open`` would.

    ``Image.open`` first imports the readers of five formats (about 10 ms, a twentieth of a whole
    ``ruzzle read``), whatever the file; a phone's screenshot is almost always a PNG.
    """
    from PIL import PngImagePlugin

    try:
        image = PngImagePlugin.PngImageFile(handle)
    except SyntaxError as err:  # how Pillow's readers refuse a header, which Image.open says as
        raise UnidentifiedImageError(str(err)) from None
    width, height = image.size
    if Image.MAX_IMAGE_PIXELS and width * height > 2 * Image.MAX_IMAGE_PIXELS:  # as Image.open checks it
        raise Image.DecompressionBombError(f"{width * height} pixels")
    return image


def _unreadable(name: str, err: OSError) -> ImageError:
    """Return the error for a file the system would not let us read (``err`` says why)."""
    problem = str(err.strerror or err)
    return coded(ImageError(f"cannot read {name}: {problem}"), "unreadable", path=name, problem=problem)


def _claimed(prefix: bytes) -> bool:
    """Return whether a reader of FORMATS takes a file starting with ``prefix`` as one of its own."""
    readers = [Image.OPEN[name][1] for name in FORMATS if name in Image.OPEN]
    return any(accept is not None and accept(prefix) is True for accept in readers)


def _not_image(name: str) -> ImageError:
    """Return the error for a file (or pasted image) in no format read."""
    return coded(ImageError(f"{name} is not an image in a screenshot format ({FORMAT_NAMES})"),
                 "not_image", path=name)


def _damaged(name: str, err: Exception) -> ImageError:
    """Return the error for an image whose data Pillow could not read (``err`` says why)."""
    problem = str(err) or type(err).__name__
    return coded(ImageError(f"{name} is damaged or truncated: {problem}"), "damaged", path=name, problem=problem)


# libtiff prints its complaints about a file itself, on file descriptor 2, not through Python.
STDERR_LOCK = threading.Lock()


@contextmanager
def _quiet_stderr(quiet: bool) -> Iterator[None]:
    """Point file descriptor 2 at the null device meanwhile, if ``quiet``: the error that follows says it."""
    if not quiet:
        yield
        return
    with STDERR_LOCK:
        saved = _stderr_to_null()
        try:
            yield
        finally:
            if saved is not None:
                os.dup2(saved, 2)
                os.close(saved)


def _stderr_to_null() -> int | None:
    """Point descriptor 2 at the null device; return a copy of what it was, or None if that cannot be done."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()  # what Python holds for stderr goes where it was meant to
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 (closed), none left, or a closed stream
        return None
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        os.close(saved)
        return None
    os.dup2(null, 2)
    os.close(null)
    return saved


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
    import numpy as np  # here, not above: ``start_loading`` runs before numpy is imported

    return np.asarray(image if image.mode == "RGB" else image.convert("RGB"), dtype=np.uint8)


def is_greyscale(picture: np.ndarray | Image.Image) -> bool:
    """Return whether an RGB array or image has no colour to speak of (a greyscale capture, or a grey-only
    picture), from about SAMPLES of its pixels."""
    import numpy as np

    from ruzzle_gui.vision.pixels import channel_spread

    width, height = (picture.shape[1], picture.shape[0]) if isinstance(picture, np.ndarray) else picture.size
    step = max(1, round((height * width / SAMPLES) ** 0.5))
    sample = picture[::step, ::step] if isinstance(picture, np.ndarray) else _every(picture, step)
    spread = channel_spread(sample.astype(np.int16))
    return int(np.count_nonzero(spread > GREY_SPREAD)) < COLOUR_SHARE * spread.size


def _every(image: Image.Image, step: int) -> np.ndarray:
    """Return every ``step``-th pixel of every ``step``-th row of an image, as ``to_array(image)[::step, ::step]``
    does, without copying the whole image into an array first (10 ms for a phone's screenshot).

    The nearest pixel to output pixel x's centre, step x + 0.25 here, is pixel step x
    exactly; tests/test_forms.py checks it against numpy's slicing.
    """
    width, height = image.size
    shift = 0.25 - step / 2
    return to_array(image.transform((-(-width // step), -(-height // step)), Image.Transform.AFFINE,
                                    (step, 0, shift, 0, step, shift), Image.Resampling.NEAREST))
