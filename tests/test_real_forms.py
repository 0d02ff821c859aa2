"""Real game screenshots in the forms a player sends beyond resizing: turned, tilted, slanted, cropped, on a desktop,
greyscale, faded, and recompressed hard.

Never a wrong letter with confidence: each read gives the true board, or marks every wrong tile unsure, or is
refused with the reason the form allows (a tilt, a slant, fading) or the manifest allows for the shot. The images
are read from the folder RUZZLE_REAL_SHOTS names (tests/real_shots/README.md); without it these tests skip.
"""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from ruzzle_gui.lab.corpus import judge, load_manifest
from ruzzle_gui.vision import ImageError, read_board
from ruzzle_gui.vision.images import load_image, to_array
from ruzzle_gui.vision.locate import locate_board

MANIFEST = Path(__file__).parent / "real_shots" / "manifest.toml"
FOLDER = os.environ.get("RUZZLE_REAL_SHOTS", "")
SHOTS = [shot for shot in load_manifest(MANIFEST) if shot.board is not None and not shot.must_refuse]
pytestmark = pytest.mark.skipif(not FOLDER, reason="RUZZLE_REAL_SHOTS is not set: no real screenshots to read")
SURROUND = (35, 40, 48)  # what lies around a phone in a photo of it


def recompressed(image: Image.Image, form: str, quality: int) -> Image.Image:
    """Return ``image`` saved as ``form`` at ``quality`` and decoded again."""
    buffer = io.BytesIO()
    image.save(buffer, form, quality=quality)
    return Image.open(io.BytesIO(buffer.getvalue()))


def exif_turned(image: Image.Image, orientation: int, stored_as: Image.Transpose) -> Image.Image:
    """Return ``image`` stored turned, as a JPEG whose EXIF orientation says how to turn it back."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    buffer = io.BytesIO()
    image.transpose(stored_as).save(buffer, "JPEG", quality=92, exif=exif.tobytes())
    return load_image(Image.open(io.BytesIO(buffer.getvalue())))


def board_crop(image: Image.Image) -> Image.Image:
    """Return the board alone, with a fifth of a tile's pitch around it."""
    grid = locate_board(to_array(image))
    span, margin = (grid.size - 1) * grid.pitch + grid.tile, 0.2 * grid.pitch
    return image.crop((round(grid.left - margin), round(grid.top - margin),
                       round(grid.left + span + margin), round(grid.top + span + margin)))


def on_desktop(image: Image.Image) -> Image.Image:
    """Return ``image`` pasted as a window on a 2560 x 1440 desktop, shrunk to fit its height if need be."""
    desktop = Image.new("RGB", (2560, 1440), (58, 110, 165))
    if image.height > 1300:
        image = image.resize((round(image.width * 1300 / image.height), 1300), Image.Resampling.LANCZOS)
    desktop.paste(image, (1480, 70))
    return desktop


def slanted(image: Image.Image, share: float) -> Image.Image:
    """Return ``image`` with its top edge ``share`` narrower than its bottom (a photo taken from below)."""
    w, h = image.size
    d = share * w / 2
    return image.transform((w, h), Image.Transform.QUAD, (-d, 0, 0, h, w, h, w + d, 0), Image.Resampling.BICUBIC,
                           fillcolor=SURROUND)


def faded(image: Image.Image) -> Image.Image:
    """Return ``image`` washed halfway towards white, as through a bright reflection."""
    return Image.blend(image, Image.new("RGB", image.size, (236, 238, 240)), 0.5)


# Each form, and the words a refusal of it may hold besides those the manifest allows for the shot.
FORMS = {
    "width 2880": (lambda im: im.resize((2880, round(im.height * 2880 / im.width)), Image.Resampling.LANCZOS), ()),
    "JPEG q50": (lambda im: recompressed(im, "JPEG", 50), ()),
    "WebP q50": (lambda im: recompressed(im, "WEBP", 50), ()),
    "WebP q95": (lambda im: recompressed(im, "WEBP", 95), ()),
    "board alone": (board_crop, ()),
    "on a desktop": (on_desktop, ()),
    "turned 90": (lambda im: im.rotate(-90, expand=True), ()),
    "turned 180": (lambda im: im.rotate(180), ()),
    "EXIF 6": (lambda im: exif_turned(im, 6, Image.Transpose.ROTATE_90), ()),
    "tilted -3": (lambda im: im.rotate(-3, Image.Resampling.BICUBIC, expand=True, fillcolor=SURROUND), ("tilted",)),
    "tilted 5": (lambda im: im.rotate(5, Image.Resampling.BICUBIC, expand=True, fillcolor=SURROUND), ("tilted",)),
    "slanted": (lambda im: slanted(im, 0.08), ("slant",)),
    "greyscale": (lambda im: im.convert("L"), ()),
    "faded": (faded, ("faded",)),
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("shot", SHOTS, ids=[shot.file for shot in SHOTS])
def test_a_real_shot_in_any_form_is_read_right_or_marked_or_refused_for_its_form(shot, form):
    change, may_refuse_for = FORMS[form]
    if form == "on a desktop" and shot.kind == "desktop":
        pytest.skip("the shot is a desktop already")
    if form == "greyscale" and "faded" in shot.refuse:
        may_refuse_for = ("no Ruzzle board",)  # neither colour nor contrast: the tiles merge with the background
    image = change(load_image(Path(FOLDER) / shot.file))
    try:
        reading, error = read_board(image, shot.language), None
    except ImageError as err:
        reading, error = None, str(err)
    verdict = judge(shot, reading, error)
    assert verdict.kind != "unmarked", f"wrong and unmarked: {verdict.unmarked} {verdict.message}"
    if verdict.kind == "refused":
        assert verdict.allowed or any(word in error for word in may_refuse_for), error
        assert "alphabet" not in error  # a turned board is never taken for another alphabet
    if form == "greyscale" and reading is not None:
        assert all(cell.bonus is None and not cell.bonus_sure for cell in reading.cells)


@pytest.mark.parametrize("shot", [s for s in SHOTS if s.kind == "phone"], ids=lambda s: s.file)
def test_a_real_phone_shot_turned_or_tilted_reads_its_letters(shot):
    # Letters are the part a form must never lose: each turned or tilted read gives them all or marks the doubt.
    image = load_image(Path(FOLDER) / shot.file)
    for changed in (image.rotate(90, expand=True), image.rotate(-4, Image.Resampling.BICUBIC, expand=True)):
        reading = read_board(changed, shot.language)
        for index, (got, true) in enumerate(zip(reading.board.letters, shot.board.letters)):
            assert got == true or not reading.cells[index].letter_sure, (shot.file, index, got, true)


LIT_BONUSES = [s for s in SHOTS if any(s.board.bonus(cell) for cell in s.lit)]


@pytest.mark.parametrize("form", [form for form in FORMS if form != "greyscale"])  # greyscale: every bonus unknown
@pytest.mark.parametrize("shot", LIT_BONUSES, ids=[shot.file for shot in LIT_BONUSES])
def test_a_lit_tile_in_any_form_gets_its_bonus_from_its_badges_label(shot, form):
    change, may_refuse_for = FORMS[form]
    if form == "on a desktop" and shot.kind == "desktop":
        pytest.skip("the shot is a desktop already")
    try:
        reading = read_board(change(load_image(Path(FOLDER) / shot.file)), shot.language)
    except ImageError as err:
        assert any(word in str(err) for word in (*shot.refuse, *may_refuse_for)), err
        return
    assert_lit_tiles_read(shot, reading)


def assert_lit_tiles_read(shot, reading) -> None:
    """Assert that every lit bonus tile of ``shot`` has its bonus, sure, and no lit plain tile has one."""
    for cell in shot.lit:
        assert reading.board.bonus(cell) == shot.board.bonus(cell), (cell, reading.reasons.get(cell))
        # A lit plain tile may stay unsure when an overlay ("WELL DONE!!") lies light over its corner
        assert cell not in reading.board.unsure or not shot.board.bonus(cell), (cell, reading.reasons.get(cell))
