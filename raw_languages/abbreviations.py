"""The abbreviation rule: a key without a vowel is an abbreviation, unless listed here.

Hunspell dictionaries and word lists carry units and abbreviations in lower
case (en km, hl, dlr, gds; ru км, млрд; it_IT Roman numerals), and nothing in
them marks those entries. A key with no vowel cannot be a word of these
languages, except for a few interjections and loans that VOWELLESS_WORDS
lists (each checked in the language's sources and a standard dictionary).
Y counts as a vowel in the Latin-script languages (GYM, DRY).
"""
from __future__ import annotations

VOWELS = {"ru": frozenset("АЕЁИОУЫЭЮЯ")}
LATIN_VOWELS = frozenset("AEIOUY")
VOWELLESS_WORDS = {
    "en": frozenset("BRR BRRR CRWTH CRWTHS CWM CWMS HM HMM MM NTH PFFT PHT PSST PSSTS SH SHH TSK TSKS ZZZ".split()),
    "fr": frozenset("BRRR CRWTH CRWTHS GRRR HMM PFF PFFT PST ZZZZ".split()),
    "it": frozenset({"PST"}),
    "nl": frozenset("BRR HM MMM PST SST ST ZZZ".split()),
    "ru": frozenset("ГМ ЛЬ ТСС ХМ".split()),
}


def is_abbreviation(code: str, key: str) -> bool:
    """Return True if a folded key has no vowel and is not a listed vowel-less word."""
    vowels = VOWELS.get(code, LATIN_VOWELS)
    return vowels.isdisjoint(key) and key not in VOWELLESS_WORDS.get(code, frozenset())


def vowelless(code: str, keys: set[str]) -> set[str]:
    """Return the keys of a language that the abbreviation rule drops."""
    return {key for key in keys if is_abbreviation(code, key)}
