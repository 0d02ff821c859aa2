"""Every language's letter values against the values printed on real game tiles.

tests/real_shots/values.toml holds, per real screenshot, the value read by eye
in the corner of each letter's tile. A real tile wins over any published
table, so each table must agree with every value seen, and its
[values_source] must name the shots behind each confirmed letter and say
which letters no shot shows yet. No image is needed here.
"""
from __future__ import annotations

import tomllib
from collections import defaultdict
from importlib.resources import files
from pathlib import Path

import pytest

from ruzzle_gui import known_languages, load_language

SHOTS = tomllib.loads((Path(__file__).parent / "real_shots" / "values.toml").read_text(encoding="utf-8"))["shot"]
BUNDLED = ["de", "en", "es", "fr", "it", "nl", "pt", "ru"]


def seen(code: str) -> dict[str, dict[str, int]]:
    """Return letter -> {shot name: value seen} for one language's shots."""
    letters: dict[str, dict[str, int]] = defaultdict(dict)
    for shot in SHOTS:
        if shot["language"] == code:
            for letter, value in shot["values"].items():
                letters[letter][shot_name(shot)] = value
    return letters


def shot_name(shot: dict) -> str:
    """Return the shot's name as [values_source] cites it: its file name without the extension."""
    return shot["file"].rsplit(".", 1)[0]


def values_source(code: str) -> dict[str, str]:
    """Return the [values_source] table of a bundled language file."""
    text = files("ruzzle_gui").joinpath("languages", f"{code}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)["values_source"]


def parse_confirmed(text: str) -> dict[str, set[str]]:
    """Return letter -> shot names from a 'A: shot shot; B: shot' string (empty: none)."""
    confirmed = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        letter, _, shots = part.partition(":")
        confirmed[letter.strip()] = set(shots.split())
    return confirmed


def test_every_shot_names_its_source_and_reads_whole_values():
    for shot in SHOTS:
        assert {"file", "language", "repository", "commit", "path", "values"} <= set(shot), shot["file"]
        assert len(shot["commit"]) == 40 and shot["file"].startswith(shot["language"] + "-")
        assert all(isinstance(v, int) and 1 <= v <= 10 for v in shot["values"].values()), shot["file"]


@pytest.mark.parametrize("code", sorted({shot["language"] for shot in SHOTS}))
def test_a_letter_shows_one_value_in_every_shot(code):
    for letter, by_shot in seen(code).items():
        assert len(set(by_shot.values())) == 1, f"{code} {letter}: {by_shot}"


@pytest.mark.parametrize("code", BUNDLED)
def test_table_matches_every_value_seen_on_a_real_tile(code):
    values = load_language(code).values
    wrong = {letter: (values.get(letter), set(by_shot.values())) for letter, by_shot in seen(code).items()
             if {values.get(letter)} != set(by_shot.values())}
    assert not wrong, f"{code}: table value vs. real tiles: {wrong}"


@pytest.mark.parametrize("code", BUNDLED)
def test_values_source_names_the_shots_of_each_letter_and_the_letters_unseen(code):
    source, letters = values_source(code), seen(code)
    expected = {letter: set(by_shot) for letter, by_shot in letters.items()}
    assert parse_confirmed(source.get("confirmed", "")) == expected
    alphabet = load_language(code).alphabet
    assert source.get("unconfirmed", "").split() == [c for c in alphabet if c not in letters]
    shots = {shot_name(s) for s in SHOTS if s["language"] == code and s["values"]}
    assert source.get("shots", "") == str(len(shots))


def test_shots_of_a_language_without_a_pack_are_only_evidence():
    """Swedish has shots but no pack yet: the only language allowed to."""
    without = {shot["language"] for shot in SHOTS} - set(known_languages())
    assert without == {"sv"}


def test_values_agree_with_the_reader_corpus_transcription():
    """tests/real_shots/manifest.toml (the reader's corpus) was transcribed apart: both must read the same values."""
    manifest = tomllib.loads((Path(__file__).parent / "real_shots" / "manifest.toml").read_text(encoding="utf-8"))
    theirs = {shot["file"]: {letter: int(value) for letter, _, value in
                             (pair.partition("=") for pair in shot.get("values", "").split())}
              for shot in manifest["shot"]}
    ours = {shot["file"]: shot["values"] for shot in SHOTS}
    assert set(ours) == set(theirs)
    assert {name: (ours[name], theirs[name]) for name in ours if ours[name] != theirs[name]} == {}
