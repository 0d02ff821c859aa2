"""A screenshot decoded while the reader loads (``images.start_loading``): the same pixels, the same errors,
said in the same order, and nothing left changed behind it.

``ruzzle read``, ``solve --image`` and ``plan --image`` open the file first and decode it
on a thread of its own while numpy and the reader are imported (docs/performance.md).
"""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError
from ruzzle_gui.vision.images import Pending, _every, is_greyscale, load_image, start_loading, to_array
from ruzzle_gui.vision.reader import read_board

RUZZLE = str(Path(sys.executable).parent / "ruzzle")
EN = load_language("en")


@pytest.fixture(scope="module")
def shot_file(tmp_path_factory) -> Path:
    """A generated phone screenshot of a known board, saved as PNG."""
    import random

    rng = random.Random(7)
    made = synth.phone_shot(synth.random_board(EN, rng), EN, 720, rng, synth.fonts()[0])
    path = tmp_path_factory.mktemp("early") / "shot.png"
    made.image.save(path)
    return path


@pytest.mark.parametrize("kind", ["PNG", "JPEG", "WEBP", "BMP", "GIF", "TIFF"])
def test_an_image_begun_early_has_the_pixels_of_one_loaded_whole(shot_file, tmp_path, kind):
    path = tmp_path / f"shot.{kind.lower()}"
    with Image.open(shot_file) as image:
        image.convert("RGB").save(path, kind)
    early = load_image(start_loading(path))
    whole = load_image(path)
    assert early.mode == whole.mode == "RGB" and early.size == whole.size
    assert np.array_equal(to_array(early), to_array(whole))


def test_reading_begun_early_is_the_same_reading(shot_file):
    assert read_board(start_loading(shot_file), EN) == read_board(shot_file, EN)


def test_the_switch_interval_is_restored_once_the_image_is_taken(shot_file):
    before = sys.getswitchinterval()
    pending = start_loading(shot_file)
    load_image(pending)
    assert sys.getswitchinterval() == before


@pytest.mark.parametrize("content, message", [
    (None, "image file not found"),
    (b"not an image at all", "is not an image in a screenshot format"),
    (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "is damaged or truncated"),
])
def test_a_bad_file_is_said_when_the_image_is_taken_not_when_begun(tmp_path, content, message):
    path = tmp_path / "shot.png"
    if content is not None:
        path.write_bytes(content)
    pending = start_loading(path)  # nothing raised yet: a bad language is said first
    assert isinstance(pending, Pending)
    with pytest.raises(ImageError, match=message):
        load_image(pending)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files in /proc")
def test_a_file_refused_from_its_header_is_closed_at_once(tmp_path):
    path = tmp_path / "shot.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    before = len(os.listdir("/proc/self/fd"))
    pending = start_loading(path)  # its error, kept to be said later, must not keep the file open
    assert len(os.listdir("/proc/self/fd")) == before
    with pytest.raises(ImageError):
        load_image(pending)


def test_a_png_cut_short_is_damaged_from_the_thread_too(shot_file, tmp_path):
    data = shot_file.read_bytes()
    path = tmp_path / "cut.png"
    path.write_bytes(data[:len(data) // 2])
    with pytest.raises(ImageError, match=r"cut\.png is damaged or truncated"):
        read_board(start_loading(path), EN)


def test_a_bad_language_is_said_before_a_bad_image(tmp_path):
    done = subprocess.run([RUZZLE, "read", "-l", "xx", str(tmp_path / "missing.png")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("ruzzle: error: unknown language 'xx'") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("command", [["read"], ["solve", "--image"], ["plan", "--image"]])
def test_every_command_reading_a_shot_says_a_damaged_one_in_one_line(tmp_path, command):
    path = tmp_path / "shot.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    done = subprocess.run([RUZZLE, command[0], "-l", "en", *command[1:], str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert "is damaged or truncated" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("step", [1, 2, 3, 7, 8, 11])
def test_every_nth_pixel_of_an_image_is_numpys_slice(step):
    rng = np.random.default_rng(step)
    for height, width in ((1, 1), (5, 3), (97, 131), (240, 111)):
        pixels = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
        assert np.array_equal(_every(Image.fromarray(pixels), step), pixels[::step, ::step])


def test_greyscale_is_told_alike_from_an_image_and_from_its_array(shot_file):
    with Image.open(shot_file) as image:
        colour = image.convert("RGB")
    grey = colour.convert("L").convert("RGB")
    buffer = io.BytesIO()
    grey.save(buffer, "JPEG", quality=60)
    jpeg = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    for picture, expected in ((colour, False), (grey, True), (jpeg, True)):
        assert is_greyscale(picture) == is_greyscale(to_array(picture)) == expected
