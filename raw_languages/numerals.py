"""The Roman-numeral rule: a key that is a valid Roman numeral is dropped, unless reviewed as a word.

The sources carry Roman numerals in lower case (en_US `xiv`, `lxxviii`;
pt_BR `iv`), and nothing in them marks those entries; Ruzzle does not accept
them. Some numerals are also real words (en MIX, MI, XI; it DI, MI, VI), so
<code>/roman_words.txt lists those, each with its meaning after a `#`: a
line without a meaning is refused, so every exception says why it stays.
"""
from __future__ import annotations

import re
from pathlib import Path

# Strict standard form, 1 to 3999: thousands, hundreds, tens and units in
# that order, each either additive (up to three repeats, after an optional
# D, L or V) or one subtractive pair (CM CD XC XL IX IV). Not IIII, VV, IC,
# IL, XM or MMMM.
ROMAN = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
REVIEWED = "roman_words.txt"


def is_roman(key: str) -> bool:
    """Return True if key (folded, upper case) is a valid Roman numeral in standard form."""
    return bool(key) and ROMAN.fullmatch(key) is not None


def real_words(folder: Path) -> dict[str, str]:
    """Return key -> meaning from a language's roman_words.txt (none if it has none).

    Each line is `KEY  # meaning`; a missing meaning or a key that is no
    Roman numeral is a reviewing mistake, so it raises ValueError.
    """
    path = folder / REVIEWED
    if not path.is_file():
        return {}
    words = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        key, _, meaning = (part.strip() for part in line.partition("#"))
        if not key:
            continue
        if not meaning or not is_roman(key):
            raise ValueError(f"{path}:{number}: want 'KEY  # meaning' with KEY a Roman numeral, got {line!r}")
        words[key] = meaning
    return words


def numerals(keys: set[str], folder: Path) -> set[str]:
    """Return the keys the rule drops: valid Roman numerals not reviewed as words."""
    return {key for key in keys if is_roman(key)} - set(real_words(folder))
