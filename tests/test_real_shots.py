"""Real game screenshots (tests/real_shots/manifest.toml), read as sent, resized and recompressed.

Never a wrong board with confidence: every read gives the true letters and bonuses, or marks every wrong
tile unsure, or is a refusal the manifest allows. A board read right names no tile unsure, except tiles
whose printed value the language pack disputes. The images are not in the repository: they are read
from the folder RUZZLE_REAL_SHOTS names (tests/real_shots/README.md).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ruzzle_gui.lab.corpus import FORMS, disputed, load_manifest, read_form
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.bonus import LIT_MIN_TILE

MANIFEST = Path(__file__).parent / "real_shots" / "manifest.toml"
FOLDER = os.environ.get("RUZZLE_REAL_SHOTS", "")
SHOTS = load_manifest(MANIFEST)
pytestmark = pytest.mark.skipif(not FOLDER, reason="RUZZLE_REAL_SHOTS is not set: no real screenshots to read")


def test_the_manifest_names_every_shot_with_its_source_and_licence():
    for shot in SHOTS:
        assert {"repo", "path", "commit", "licence"} <= shot.info.keys(), shot.file
        assert shot.board is not None or shot.must_refuse, shot.file
        assert (Path(FOLDER) / shot.file).is_file(), f"{shot.file} is missing from {FOLDER}"


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("shot", SHOTS, ids=[shot.file for shot in SHOTS])
def test_a_real_shot_is_read_right_or_its_wrong_tiles_marked_or_refused_as_allowed(shot, form):
    verdict, reading = read_form(shot, FOLDER, form)
    assert verdict.kind != "unmarked", f"wrong and unmarked: {verdict.unmarked} {verdict.message}"
    assert verdict.allowed, f"{verdict.kind}: {verdict.message}"
    if verdict.kind == "refused":
        return
    if not verdict.wrong:
        extra = set(verdict.extra) - disputed(shot, load_language(shot.language))
        assert not extra, f"a board read right names tiles unsure: { {cell: reading.reasons[cell] for cell in extra} }"
    for cell in reading.uncertain:
        assert reading.reasons[cell], f"{cell} is unsure with no reason"


@pytest.mark.parametrize("shot", [s for s in SHOTS if s.kind == "phone" and not s.lit], ids=lambda s: s.file)
def test_a_clean_phone_shot_as_sent_is_read_right(shot):
    verdict, _ = read_form(shot, FOLDER, "as sent")
    assert verdict.kind == "right" or (verdict.kind == "marked" and not verdict.wrong), verdict


LIT_BONUSES = [s for s in SHOTS if s.board is not None and any(s.board.bonus(cell) for cell in s.lit)]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("shot", LIT_BONUSES, ids=[shot.file for shot in LIT_BONUSES])
def test_a_lit_tile_gets_its_bonus_from_its_badges_label(shot, form):
    # A swipe turns ring and badge orange whatever the bonus: only the badge's white label still tells it.
    verdict, reading = read_form(shot, FOLDER, form)
    if verdict.kind == "refused":
        assert verdict.allowed, verdict.message
        return
    if reading.grid.tile < LIT_MIN_TILE:  # too small for a label: every lit tile's bonus unknown, never guessed
        assert all(reading.board.bonus(cell) is None and cell in reading.board.unsure for cell in shot.lit)
        return
    for cell in shot.lit:
        assert reading.board.bonus(cell) == shot.board.bonus(cell), (cell, reading.reasons.get(cell))
        # A lit plain tile may stay unsure when an overlay ("WELL DONE!!") lies light over its corner
        assert cell not in reading.board.unsure or not shot.board.bonus(cell), (cell, reading.reasons.get(cell))


def test_a_swipe_in_progress_keeps_the_letters_of_its_lit_tiles():
    for shot in (s for s in SHOTS if s.lit and s.kind != "summary"):
        verdict, reading = read_form(shot, FOLDER, "as sent")
        assert reading is not None, verdict.message
        for row, col in shot.lit:
            assert reading.board.letter((row, col)) == shot.board.letter((row, col)), (shot.file, row, col)


def test_the_same_shot_reads_the_same_under_any_hash_seed():
    code = ("import sys; from ruzzle_gui.lab.corpus import load_manifest, read_form; "
            "shots = load_manifest(sys.argv[1]); "
            "print([(s.file, read_form(s, sys.argv[2], 'JPEG q75')[1].board.to_text()) "
            "for s in shots if s.lit or s.file.startswith('en-d')])")
    outputs = {subprocess.run([sys.executable, "-c", code, str(MANIFEST), FOLDER], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
               for seed in ("1", "2", "3")}
    assert len(outputs) == 1


SHRUNK_DESKTOPS = [(shot, form) for shot in SHOTS if shot.kind == "desktop" for form in ("width 480", "width 720")
                   if not (shot.refuse_in and form in shot.refuse_in)]


@pytest.mark.parametrize(("shot", "form"), SHRUNK_DESKTOPS, ids=lambda x: getattr(x, "file", x))
def test_a_desktop_shrunk_to_a_phones_width_is_read_right(shot, form):
    # Its phone window's tiles are 32-47 px: every letter is read right but one an overlay covers (marked
    # unsure), every bonus right but those of lit tiles, whose labels are too small to read (marked unknown).
    verdict, reading = read_form(shot, FOLDER, form)
    assert reading is not None, verdict.message
    assert verdict.kind != "unmarked", verdict
    covered = {tuple(int(n) for n in cell.split(",")) for cell in shot.info.get("covered", ())}
    wrong_letters = {cell for cell in verdict.wrong if reading.board.letter(cell) != shot.board.letter(cell)}
    assert wrong_letters <= covered, {cell: reading.reasons.get(cell) for cell in wrong_letters}
    wrong_bonuses = {cell for cell in verdict.wrong if reading.board.bonus(cell) != shot.board.bonus(cell)}
    assert all(cell in shot.lit and reading.board.bonus(cell) is None for cell in wrong_bonuses), wrong_bonuses
