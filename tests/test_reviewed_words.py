"""The bundled dictionaries keep the reviewed promises: no Roman numerals, reviewed short words, no inflected names.

raw_languages/<code>/roman_words.txt, two_letter.md and three_letter.md are
the reviews the build enforces (raw_languages/numerals.py, reviewed.py), and
raw_languages/inflected_names.py drops German names in their genitive and
German towns. These tests hold the installed dictionaries to them.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import marisa_trie
import pytest

from ruzzle_gui.dictionary import bundled_path

RAW = Path(__file__).resolve().parents[1] / "raw_languages"
CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")
INFLECTED_NAMES = "EMMAS ANNAS MARIAS PETERS STEFANS BERLINS JENA FULDA".split()
REAL_WORDS = {"en": "MIX MI XI DIV", "de": "ERIKAS MIX XI KIEL MAI", "it": "CI DI LI MI VI", "fr": "DIX MIX CI"}


def raw_module(name: str):
    """Return raw_languages/<name>.py as a module (these three import nothing of the tree)."""
    spec = importlib.util.spec_from_file_location(f"raw_languages_{name}", RAW / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


numerals, reviewed, inflected = raw_module("numerals"), raw_module("reviewed"), raw_module("inflected_names")


@pytest.fixture(scope="module", params=CODES)
def code(request) -> str:
    """Return each language code in turn."""
    return request.param


@pytest.fixture(scope="module")
def keys(code) -> set[str]:
    """Return every key of the bundled dictionary of the language."""
    return set(marisa_trie.Trie().mmap(str(bundled_path(code))).iterkeys())


def test_no_roman_numeral_but_the_reviewed_words(code, keys):
    allowed = numerals.real_words(RAW / code)
    assert sorted(key for key in keys if numerals.is_roman(key) and key not in allowed) == []


def test_two_letter_keys_are_exactly_the_reviewed_ones(code, keys):
    review = reviewed.read_review(RAW / code / reviewed.TWO_LETTER)
    assert review, f"{code}: no two_letter.md"
    assert {key for key in keys if len(key) == 2} == reviewed.kept(review)


def test_three_letter_keys_the_review_drops_are_out(code, keys):
    review = reviewed.read_review(RAW / code / reviewed.THREE_LETTER)
    assert keys & (set(review) - reviewed.kept(review)) == set()


def test_german_names_in_inflected_forms_are_out():
    keys = set(marisa_trie.Trie().mmap(str(bundled_path("de"))).iterkeys())
    assert keys & set(INFLECTED_NAMES) == set()


@pytest.mark.parametrize("lang", sorted(REAL_WORDS))
def test_real_words_named_in_the_reviews_stay(lang):
    keys = set(marisa_trie.Trie().mmap(str(bundled_path(lang))).iterkeys())
    wanted = set(REAL_WORDS[lang].split()) | set(numerals.real_words(RAW / lang))
    assert wanted - keys == set()


@pytest.mark.parametrize("key", ["I", "IV", "IX", "XIV", "XLVIII", "LXXVIII", "XCIX", "CLXIX", "MCMXCIV",
                                 "MMMCMXCIX", "MIX", "DIV", "MM"])
def test_valid_roman_numerals(key):
    assert numerals.is_roman(key)


@pytest.mark.parametrize("key", ["", "IIII", "VV", "IC", "IL", "XM", "VX", "MMMM", "LL", "DD", "CIVIL", "MIXED", "XIVI"])
def test_invalid_roman_numerals(key):
    assert not numerals.is_roman(key)


def test_a_roman_word_without_its_meaning_is_refused(tmp_path):
    (tmp_path / numerals.REVIEWED).write_text("MIX  # to combine\nDIV\n", encoding="utf-8")
    with pytest.raises(ValueError, match="DIV"):
        numerals.real_words(tmp_path)
    (tmp_path / numerals.REVIEWED).write_text("HOUSE  # not a numeral\n", encoding="utf-8")
    with pytest.raises(ValueError, match="HOUSE"):
        numerals.real_words(tmp_path)


def test_review_tables_are_read_and_a_key_judged_twice_is_refused(tmp_path):
    path = tmp_path / reviewed.TWO_LETTER
    path.write_text("# x\n\n| key | verdict | reason |\n| --- | --- | --- |\n| AA | keep | lava |\n"
                    "| QU | drop | no word |\n", encoding="utf-8")
    assert reviewed.read_review(path) == {"AA": (True, "lava"), "QU": (False, "no word")}
    assert reviewed.two_letter_drops({"AA", "QU", "ZZ", "HOUSE"}, tmp_path) == ({"QU"}, {"ZZ"})
    path.write_text("| AA | keep | lava |\n| AA | drop | no |\n", encoding="utf-8")
    with pytest.raises(ValueError, match="AA"):
        reviewed.read_review(path)


def test_genitives_and_places_rules():
    names = {"EMMA", "BERLIN", "ERIKA"}
    keys = {"EMMAS", "BERLINS", "ERIKAS", "HAUS", "MAIS"}
    assert inflected.genitives(keys, names | {"MAI"}, protected={"ERIKAS", "MAIS"}) == {"EMMAS", "BERLINS"}
    common = inflected.common_word_test(lower={"JENAISCH", "LATEINER", "LATEINISCH"}, noun_keys={"POLITIK"})
    stems = {"JENA", "LATEIN", "SOZIALPOLITIK", "KIEL"}
    assert inflected.places({"JENA", "LATEIN", "SOZIALPOLITIK", "KIEL", "HAUS"}, stems, common, {"KIEL"}) == {"JENA"}


def test_demonym_stems_leave_out_common_nouns():
    entries = [("Jena", frozenset("Sm")), ("Physik", frozenset("ijm")), ("Glied", frozenset("RSm"))]
    spelled = {"Jena", "Jenaer", "Physik", "Physiker", "Glied", "Glieder", "Haus"}
    assert inflected.demonym_stems(entries, spelled, str.upper) == {"JENA"}
