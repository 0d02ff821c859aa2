"""German names the names rule misses: a name's genitive (EMMAS, BERLINS) and places with a demonym (JENA, FULDA).

igerman98 lists names with the genitive flag S (`Emma/S`, `Berlin/Sm`), so
every name the build drops comes back as name + S, a key the other
languages never list. And a German town other languages do not know
(`Jena/Sm`, `Fulda/Sm`) has no witness against it, but German gives it away:
its people and adjective are listed beside it (`Jenaer/FNS`, `Fuldaer/FNS`).
Neither rule touches a word some German source lists in lower case (essen,
Essener; and for places, a word another language lists so: ranch, Rancher), a common noun (`german_nouns`: KIEL, Kieler), a word German
declines like a noun, or a word of de/real_words.txt, reviewed real words
that are also name + S (ERIKAS, plural of Erika, the heather).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from pathlib import Path

REVIEWED = "real_words.txt"
# Flags of igerman98's .aff that common nouns carry: a plural (E -e, N -n,
# P -en, R -er) or a place in compounds (i, j: Physik/ijm, Geld/ERTSmij).
# R also makes Stuttgart's Stuttgarter, but a word flagged R has its -er
# form for that reason, so it says nothing of a place (Parteimitglied/R).
NOUN_FLAGS = frozenset("ENPRij")


def genitives(keys: set[str], names: set[str], protected: set[str]) -> set[str]:
    """Return the keys that are a dropped name plus the genitive S (EMMAS, PETERS, BERLINS)."""
    return {key for key in keys if key.endswith("S") and key[:-1] in names} - protected


def places(candidates: set[str], stems: set[str], common: Callable[[str], bool], protected: set[str]) -> set[str]:
    """Return the candidate keys that are places: demonym stems that do not look like common words."""
    return {key for key in candidates & stems - protected if not common(key)}


def common_word_test(lower: set[str], noun_keys: set[str]) -> Callable[[str], bool]:
    """Return a test telling a common word from a place, both with a demonym in -er.

    - a lower-case word begins with it, other than its -isch adjective (Latein:
      lateinisch is not enough, Treck: trecken, Ems: emsig; Jena: jenaisch is);
    - it ends in -ik, whose -iker are people of a trade (Romantik, Dialektik);
    - it is a compound ending in a word with a common noun's flags
      (Sozialpolitik, Ausschussmitglied, Opiumanbau). Towns in -burg or -berg
      stay for this reason: Burg and Berg are nouns.
    """
    ordered = sorted(lower)

    def common(key: str) -> bool:
        at = bisect_right(ordered, key)
        while at < len(ordered) and ordered[at].startswith(key):
            if not ordered[at][len(key):].startswith("ISCH"):
                return True
            at += 1
        return key.endswith("IK") or any(key[i:] in noun_keys for i in range(2, len(key) - 2))
    return common


def demonym_stems(entries: Iterable[tuple[str, frozenset[str]]], spelled: set[str],
                  fold: Callable[[str], str]) -> set[str]:
    """Return the folded words the sources give a demonym in -er as an entry of its own (Jena: Jenaer).

    `entries` are the hunspell dictionaries' capitalised (word, flags) and
    `spelled` every capitalised form of every source. A word whose entry
    carries a common noun's flag (Physik/ijm beside Physiker, Glied/R
    beside its plural Glieder) is left out.
    """
    nouns = noun_entries(entries)
    return {fold(word[:-2]) for word in spelled
            if word.endswith("er") and word[:-2] in spelled and word[:-2] not in nouns}


def noun_entries(entries: Iterable[tuple[str, frozenset[str]]]) -> set[str]:
    """Return the words whose hunspell entry carries a common noun's flag (NOUN_FLAGS)."""
    return {word for word, flags in entries if flags & NOUN_FLAGS}


def real_words(path: Path, fold: Callable[[str], str]) -> set[str]:
    """Return the folded keys of de/real_words.txt (`Word  # why`; comments start with #)."""
    if not path.is_file():
        return set()
    lines = (line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {fold(line) for line in lines if line}
