"""The bundled dictionaries: alphabet, spot checks, coverage of common words, names.

The samples are frozen in raw_languages/<code>/ (see raw_languages/make_samples.py);
the dictionaries are the ones the installed package ships.
"""
from __future__ import annotations

import os
from pathlib import Path

import marisa_trie
import pytest

from ruzzle_gui.dictionary import bundled_path, load_trie
from ruzzle_gui.language import load_language

from helpers import RAW, raw_module

CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")
MIN_COMMON, MAX_NAMES = 0.99, 0.05
# Spanish and French: the language's own case-aware source (es_ES from the
# DRAE, Dicollecte's fr.dic) is the authority. A name it lists in lower case
# too stays (es juan/S, marte; fr scotch, marcel), so these two are held to
# that rule instead of the names bar: every sampled name they let in must be
# one some source lists in lower case (raw_languages/<code>/sample_names_in_lower_case.txt,
# written by `coverage.py --sources`; see raw_languages/README.md).
AUTHORITY_RULE = {"es", "fr"}

SPOT = {
    "it": ("CASA CITTA MANGIAVAMO PERCHE ANDREMMO LIBRI PARLARONO",
           "ROMA MILANO LONDRA ITALIA GIOVANNI XIV MCMXCIV KM"),
    "en": ("HOUSES HOUSE COLOUR COLOR REALISED REALIZED RUNNING WENT CHILDREN HMM CWM",
           "LONDON AMERICA MICHAEL DAVID COLORADO BERLIN HL DLR GDS KM KG DR OCT"),
    "es": ("CASA CASAS HABLAMOS COMIERON NINO ESPANOL CIUDADES ARBOL JUAN MARTE",
           "MADRID ESPANA CARLOS MEXICO BARCELONA"),
    "de": ("HAUS HAUSER HAUSES KINDERN STRASSE GROSS FAHRRAD BAHNHOF KRANKENHAUS GINGEN "
           "MAI APRIL FAUST KAMEL NORDEN KIEL LENZ RUBIN KAPLAN",
           "BERLIN DEUTSCHLAND MUENCHEN PETER HAMBURG GOETHE"),
    "fr": ("MAISON MAISONS ETAIENT MANGEONS ECOLE COEUR FRANCAIS PARLERAIENT SCOTCH MARCEL",
           "FRANCE MARSEILLE LONDON"),
    "nl": ("HUIS HUIZEN FIETS FIETSEN ZIEKENHUIS VOETBALWEDSTRIJD GELOPEN", "AMSTERDAM NEDERLAND ROTTERDAM"),
    "pt": ("CASA CASAS CORACAO FALAMOS ESTAVAMOS ACAO ONIBUS FACTO FATO FREIXO LENINISMO RENO",
           "PORTUGAL MADRID LONDON LISBOA JOAO MIGUEL PEDRO"),  # COIMBRA, LONDRES stay: coimbrã, londrês
    "ru": ("ДОМА ДОМ ГОРОДА ЖЕНЩИНАМИ ЧИТАЛИ ЕЛКА ЙОГУРТ", "МОСКВА РОССИЯ ЛОНДОН ПЕТЕРБУРГ КМ МЛРД"),
}


@pytest.fixture(scope="module", params=CODES)
def code(request) -> str:
    """Return each language code in turn."""
    return request.param


@pytest.fixture(scope="module")
def trie(code) -> marisa_trie.Trie:
    """Return the bundled dictionary of the language, memory-mapped."""
    return marisa_trie.Trie().mmap(str(bundled_path(code)))


def sample(code: str, kind: str) -> list[str]:
    """Return a frozen sample, folded with the language's rules."""
    fold = load_language(code).fold
    lines = (RAW / code / f"sample_{kind}.txt").read_text(encoding="utf-8").splitlines()
    return [fold(line.strip()) for line in lines if line.strip()]


def test_every_key_is_two_or_more_alphabet_letters(code, trie):
    letters = set(load_language(code).alphabet)
    bad = [key for key in trie.iterkeys() if len(key) < 2 or not set(key) <= letters]
    assert bad[:10] == []


def test_keys_are_already_folded(code, trie):
    fold = load_language(code).fold
    keys = trie.keys()[::97]
    assert [key for key in keys if fold(key) != key] == []


def test_everyday_words_present_and_names_absent(code, trie):
    present, absent = (words.split() for words in SPOT[code])
    assert [w for w in present if w not in trie] == []
    assert [w for w in absent if w in trie] == []


def test_common_words_covered(code, trie):
    # A word a review drops with its reason (nl TO, UP; Roman numerals) is a decision, not a miss.
    on_purpose = raw_module("coverage").dropped_on_purpose(code)
    words = [w for w in sample(code, "common") if w not in on_purpose]
    missing = [w for w in words if w not in trie]
    assert len(missing) <= (1 - MIN_COMMON) * len(words), missing[:50]


@pytest.mark.parametrize("code", [code for code in CODES if code not in AUTHORITY_RULE])
def test_names_mostly_absent(code):
    trie = marisa_trie.Trie().mmap(str(bundled_path(code)))
    names = sample(code, "names")
    present = [w for w in names if w in trie]
    assert len(present) <= MAX_NAMES * len(names), present


@pytest.mark.parametrize("code", sorted(AUTHORITY_RULE))
def test_names_present_are_listed_in_lower_case(code):
    trie = marisa_trie.Trie().mmap(str(bundled_path(code)))
    listed = set(sample(code, "names_in_lower_case"))
    assert [w for w in sample(code, "names") if w in trie and w not in listed] == []
    assert len(listed) < len(sample(code, "names")) / 2  # a list of exceptions, not the whole sample


def test_case_aware_source_is_the_authority():
    build = raw_module("build")
    collector = build.Collector(load_language("es"))
    collector.add("es_ES", ["Juan", "juan", "juanes", "marte", "Madrid", "Perú", "perú", "Troya", "casa"], False)
    filler = [f"palabra{c}{d}" for c in "abcdefghij" for d in "abcde"]  # a case-blind list: < 3% capitals
    collector.add("spanish", ["juan", "londres", "madrid", "casa", "Troya", *filler], True)
    kept = set(collector.case) - set().union(*build.proper_names("es", collector, set()).values())
    assert collector.blind == ["spanish"]
    assert kept - {f.upper() for f in filler} == {"JUAN", "JUANES", "MARTE", "PERU", "LONDRES", "CASA"}
    assert build.unlisted_in_lower_case(collector, kept) == set()
    assert build.unlisted_in_lower_case(collector, kept | {"TROYA"}) == {"TROYA"}


def test_portuguese_lone_lower_case_names_out_reviewed_words_in():
    build = raw_module("build")
    collector = build.Collector(load_language("pt"))
    collector.add("pt_BR", ["lisboa", "freixo", "casa", "miguel"], False)
    collector.add("pt_PT", ["Lisboa", "Freixo", "casa", "Miguel"], False)
    collector.add("portuguese", ["Lisboa", "Freixo", "casa", "miguel"] + [f"palavra{c}" for c in "abcdefghij"], True)
    names = set().union(*build.proper_names("pt", collector, set()).values())
    assert {"LISBOA", "FREIXO", "CASA", "MIGUEL"} & names == {"LISBOA"}  # miguel: two lower-case sources


def test_german_nouns_beat_names():
    build = raw_module("build")
    nouns = build.german_nouns(RAW / "de", load_language("de"))
    assert {"MAI", "KAMEL", "KIEL", "FAUST", "KAPLAN", "APRIL", "NORDEN"} <= nouns
    assert {"BERLIN", "PETER", "HAMBURG", "RHEIN", "MUNCHEN", "GOETHE"} & nouns == set()
    keys = {"MAI", "BERLIN", "KIEL", "BACH", "BACHES"}
    assert build.german_names(keys, keys, {"KIEL"}, {"MAI", "BERLIN", "BACH"}, nouns) == {"BERLIN"}


@pytest.mark.parametrize("plural, singular", [("Fäuste", "Faust"), ("Kapläne", "Kaplan"), ("Bäume", "Baum"),
                                              ("Europäer", None), ("Holländer", None), ("Kante", None),
                                              ("Rose", None)])
def test_umlaut_singular(plural, singular):
    assert raw_module("build").umlaut_singular(plural) == singular


def test_no_vowelless_keys_but_the_listed_words(code, trie):
    rule = raw_module("abbreviations")
    assert [key for key in trie.iterkeys() if rule.is_abbreviation(code, key)] == []


def test_abbreviation_rule_keeps_listed_words_only():
    rule = raw_module("abbreviations")
    words = ("KM", "DLR", "HMM", "CWM", "GYM")
    assert [rule.is_abbreviation("en", w) for w in words] == [True, True, False, False, False]
    assert [rule.is_abbreviation("ru", w) for w in ("КМ", "МЛРД", "ГМ", "ДОМ")] == [True, True, False, False]


def test_coverage_help_prints_usage(capsys):
    assert raw_module("coverage").main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: coverage.py")


@pytest.mark.parametrize("argv", [["xx"], ["--bogus"]])
def test_coverage_bad_usage_is_one_line_and_exit_2(capsys, argv):
    assert raw_module("coverage").main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1


@pytest.mark.skipif(not Path("/proc/self/maps").is_file(), reason="needs Linux /proc/self/maps")
def test_engine_memory_maps_the_bundled_file(code):
    # Speed is measured by `python -m ruzzle_gui.lab.bench`; here: the engine maps
    # the file instead of reading it into Python objects.
    path = Path(bundled_path(code))
    trie = load_trie(path)
    assert len(trie) == len(marisa_trie.Trie().mmap(str(path))) > 100_000
    assert str(path.resolve()) in Path("/proc/self/maps").read_text()


def test_bundled_dictionaries_stay_small():
    total = sum(os.path.getsize(bundled_path(code)) for code in CODES)
    assert total < 40_000_000
