"""Rebuild mt_languages/<code>.marisa from the sources in raw_languages/<code>/.

    python raw_languages/build.py            # every language
    python raw_languages/build.py it en      # some of them

Each language folder holds hunspell dictionaries (`*.dic.xz` + `*.aff.xz`),
plain word lists (`*.words.xz`, one word a line) and, for German, a list of
proper names to drop (`proper_names.txt`). Every hunspell dictionary is expanded into
all its forms by affix.py (pure Python, no unmunch needed), every form of every
source is folded with the engine's own rules (`ruzzle_gui.language`), and the
union is written with `ruzzle_gui.dictionary.compile_words`.

What is kept (see README.md for why):
- only forms spelled with letters: apostrophes, hyphens, dots, digits are out;
- a word is a proper name, and dropped, when no case-aware source lists it only
  in lower case and more sources list it only capitalised than list it both
  ways (London; Colorado, which en_US also lists as a cigar but en_GB and both
  word lists only as a name; Will/will stays). A case-blind word list votes only
  with its capitalised entries. ALL-CAPS and mixed-case forms
  (abbreviations, `iPhone`) never count;
  Outside German, a word no source lists in lower case is therefore out: the
  language's own case-aware source is the authority (es_ES's juan/S, marte and
  fr.dic's scotch, marcel stay);
- Portuguese: a word only one source lists in lower case (pt_BR's lisboa/B)
  while two others list it only capitalised is a name, unless
  pt/real_words.txt, reviewed by hand, keeps it (freixo, leninismo, reno);
- German capitalises nouns, so there a capitalised word is kept unless it is a
  known name and no source lists it as a common noun (see `german_names`,
  `german_nouns`: MAI, FAUST, KIEL stay);
- after folding: at least 2 letters, every letter in the language's alphabet;
- a key with no vowel is an abbreviation (KM, DLR, MLRD) unless it is one of
  the language's few vowel-less words (abbreviations.py);
- German: a dropped name plus the genitive S (EMMAS, BERLINS) and a
  capitalised-only place German gives a demonym (JENA: Jenaer) are names
  too (inflected_names.py; ERIKAS stays, de/real_words.txt);
- a valid Roman numeral is dropped unless <code>/roman_words.txt names it as
  a word with its meaning (numerals.py: en MIX, MI, XI, DIV stay);
- a two-letter key stays only when <code>/two_letter.md keeps it, and a
  three-letter key only one source gives stays only when
  <code>/three_letter.md keeps it, where a language has one (reviewed.py).

Beside each .marisa (and its .index) the build writes `<code>.bands`, every
key's commonness band from wordfreq's frequencies (`frequency_bands`,
`ruzzle_gui.bands`); wordfreq is needed here only, never at run time. It also
writes `<code>.doubt`, the words a game may refuse and why (doubt.py, doubt.md).
"""
from __future__ import annotations

import lzma
import math
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import inflected_names  # noqa: E402
import reviewed  # noqa: E402
from abbreviations import vowelless  # noqa: E402
from doubt import doubt_reasons  # noqa: E402
from affix import UNSPELLABLE, entries, expand  # noqa: E402
from numerals import numerals  # noqa: E402
from ruzzle_gui.bands import RARE, band_for_zipf, bands_path, write_bands  # noqa: E402
from ruzzle_gui.dictionary import compile_words  # noqa: E402
from ruzzle_gui.doubt import write_doubts  # noqa: E402
from ruzzle_gui.language import Language, load_language  # noqa: E402

OUT_DIR = HERE.parent / "mt_languages"
CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")
CAPITALISED_NOUNS = {"de"}
# Languages whose capitalised-only words tell German which words are names:
# a German capitalised word is a name when at least MIN_WITNESSES of them
# list it only capitalised (one is not enough: English has Mann, Herr, Tod
# and September as names or capitalised-only words).
NAME_WITNESSES = ("en", "fr", "it", "es", "nl", "pt")
MIN_WITNESSES = 2
# igerman98's plural flags (.aff: E -e, N -n, P -en, R -er/-ern), and the
# endings of umlaut plurals (Fäuste, Häuser, Männern): German nouns, no names.
PLURAL_FLAGS = frozenset("ENP")
UMLAUTS = {"ä": "a", "ö": "o", "ü": "u", "äu": "au"}
VOWELS = "aeiouyäöü"
LAST_VOWELS = re.compile(f"[{VOWELS}]+(?=[^{VOWELS}]*$)")

# Languages where a key that only one source lists in lower case is a name
# when at least MIN_CAPITAL_VOTES other sources list it only capitalised
# (pt_BR's lisboa/B, miguel/CR), unless <code>/real_words.txt, reviewed by hand,
# keeps it (freixo, leninismo). Measured: pt names 24% -> 2.6% on an
# independent sample, no common word lost.
LONE_LOWER_CASE = {"pt"}
MIN_CAPITAL_VOTES = 2

# LOWER_ONLY: some case-aware source lists the word in lower case and never
# capitalised, which settles that it is no name.
LOWER, CAPITAL, CASE_BLIND, LOWER_ONLY = 1, 2, 4, 8
# A word list (not a hunspell dictionary, whose inflected forms are nearly all
# lower case) with fewer capitalised entries than this writes names in lower
# case too (wspanish, wfrench, wportuguese: "españa", "juan"), so its case says
# nothing: its words are kept unless a case-aware source lists them only capitalised.
CASE_BLIND_SHARE = 0.03
# pt_BR (VERO) derives words from every root with productive flags, which
# hunspell accepts but nobody writes: "paulificadorazinhas", "ultragrilhetador",
# clitic stems like "berçarmo" (from "berçarmo-lo"). Keep its inflections
# (plural, gender, superlative, participles, verb conjugations: flags A-I, L,
# a-i, t, u, w) and skip the derivations, named after the .aff's own headings:
# -mente (J K), -mento (M), -tório (N), diminutives (O-U, 7), augmentatives
# (V W 6), -idade (X), -ante (Y), -ismo (Z 1), -ista (2 3), -ógico (4),
# state names (5), -dor (j), enclitics (k m-s v), and every prefix.
# it_IT builds Roman numerals (MCMXCIV, XIV) with flags £ and $.
EXPANSION = {"pt_BR": {"skip_flags": "JKMNOPQRSTUVWXYZ1234567jkmnopqrsv", "prefixes": False},
             "it_IT": {"skip_flags": "£$"}}


def read_bytes(path: Path) -> bytes:
    """Return the contents of a source file, decompressed if it ends in .xz."""
    data = path.read_bytes()
    return lzma.decompress(data) if path.suffix == ".xz" else data


def sources(folder: Path) -> list[tuple[str, list[str], bool]]:
    """Return (name, forms, is_word_list) for every hunspell dictionary and word list."""
    found = []
    for dic in sorted(folder.glob("*.dic.xz")):
        aff = dic.with_name(dic.name.replace(".dic.", ".aff."))
        name = dic.name[:-7]
        options = EXPANSION.get(name, {})
        found.append((name, list(expand(read_bytes(dic), read_bytes(aff), **options)), False))
    for words in sorted(folder.glob("*.words.xz")):
        text = read_bytes(words).decode("utf-8")
        found.append((words.name[:-9], [w.strip() for w in text.splitlines() if w.strip()], True))
    return found


def casing(form: str) -> int | None:
    """Return LOWER, CAPITAL (first letter only) or None for ALL-CAPS / mixed case."""
    if form == form.lower():
        return LOWER
    if form[0].isupper() and form[1:] == form[1:].lower():
        return CAPITAL
    return None


class Collector:
    """Folds the forms of several sources and remembers how each key was written."""

    def __init__(self, language: Language) -> None:
        self.language = language
        self.case: dict[str, int] = {}
        self.origin: dict[str, int] = {}
        self.dropped: Counter[str] = Counter()
        self.source_names: list[str] = []
        self.blind: list[str] = []
        # Per key, how many case-aware sources list it only capitalised, and
        # how many list it both capitalised and in lower case.
        self.capital_votes: Counter[str] = Counter()
        self.twin_votes: Counter[str] = Counter()
        # Per key, how many sources (case-blind lists too) list it in lower case,
        # and how many case-aware sources do.
        self.lower_votes: Counter[str] = Counter()
        self.aware_lower_votes: Counter[str] = Counter()

    def add(self, name: str, forms: list[str], word_list: bool) -> int:
        """Fold one source's forms in; return how many distinct forms it had."""
        bit = 1 << len(self.source_names)
        self.source_names.append(name)
        fold, ok = self.language.fold, self.language.in_alphabet
        distinct = set(forms)
        blind = word_list and sum(casing(f) == CAPITAL for f in distinct) < CASE_BLIND_SHARE * len(distinct)
        if blind:
            self.blind.append(name)
        cases: dict[str, int] = {}
        for form in distinct:
            reason, key, case = self._classify(form, fold, ok)
            if reason:
                self.dropped[reason] += 1
                continue
            cases[key] = cases.get(key, 0) | case
        for key, case in cases.items():
            self._count(key, case, bit, blind)
        return len(distinct)

    def _count(self, key: str, case: int, bit: int, blind: bool) -> None:
        """Record how one source writes key: its casing votes and the source's bit.

        A case-blind list writes names in lower case too, so only its
        capitalised-only entries say anything (pt lists: Antônio, Brasil).
        """
        if case & LOWER:
            self.lower_votes[key] += 1
            self.aware_lower_votes[key] += not blind
        if case == CAPITAL:
            self.capital_votes[key] += 1
        elif case == LOWER | CAPITAL and not blind:
            self.twin_votes[key] += 1
        if blind:
            case = CASE_BLIND
        elif case == LOWER:
            case |= LOWER_ONLY
        self.case[key] = self.case.get(key, 0) | case
        if case != CAPITAL or self.language.code in CAPITALISED_NOUNS:
            self.origin[key] = self.origin.get(key, 0) | bit

    @staticmethod
    def _classify(form: str, fold, ok) -> tuple[str | None, str, int]:
        """Return (drop reason or None, folded key, casing) for one source form."""
        if UNSPELLABLE.search(form):
            return "apostrophe, hyphen, dot, digit or space", "", 0
        case = casing(form)
        if case is None:
            return "all capitals or mixed case (abbreviation)", "", 0
        key = fold(form)
        if len(key) < 2:
            return "one letter", "", 0
        if not ok(key):
            return "letters outside the alphabet", "", 0
        return None, key, case

    def lone_lower_case(self) -> set[str]:
        """Return the keys one case-aware source lists in lower case and at least two others only capitalised.

        pt_BR writes names in lower case (lisboa/B, miguel/CR) where pt_PT
        and the word lists capitalise them; wbrazilian, case-blind, agrees
        with pt_BR but its lower case says nothing.
        """
        return {key for key, votes in self.aware_lower_votes.items()
                if votes == 1 and self.capital_votes[key] >= MIN_CAPITAL_VOTES} - self.capitalised_only()

    def capitalised_only(self) -> set[str]:
        """Return the keys that look like names: see the module docstring.

        en_US lists Colorado and colorado (a cigar); en_GB and both word
        lists only Colorado: three votes to one, a name.
        """
        return {key for key, votes in self.capital_votes.items()
                if not self.case[key] & LOWER_ONLY and votes > self.twin_votes[key]}


def german_names(capitalised: set[str], keys: set[str], curated: set[str],
                 witnesses: set[str], nouns: set[str]) -> set[str]:
    """Return the capitalised German keys to drop as proper names.

    A name is a word other languages list only capitalised (BERLIN, PETER,
    GOETHE) or one in de/proper_names.txt (DEUTSCHLAND, MUENCHEN), unless some
    source lists it as a common noun (``nouns``: MAI, FAUST, KIEL) or German
    inflects it like a noun (BACH/BACHES, ROSE/ROSEN).
    """
    names = set()
    for key in capitalised & keys:
        if key in nouns:
            continue
        if key in curated or key in witnesses and not declines_like_noun(key, keys):
            names.add(key)
    return names


def german_nouns(folder: Path, language: Language) -> set[str]:
    """Return the folded keys some German source lists as a common noun.

    A noun is a capitalised entry that every hunspell dictionary lists with
    a plural flag (Kamel/EPS, Mai/SN: plural -e, -en, -n; not Rhein/Sm in
    de_DE, Rhein/SmijnET in frami; not frami's own Alan/EFPS), a word whose
    umlaut plural a source lists (Fäuste, Kapläne: FAUST, KAPLAN), or a word
    of de/common_nouns.txt, reviewed nouns without a plural (April, Norden). Names carry no
    plural flag (Berlin/Sm, Peter/SM, Goethe/S).
    """
    flagged: list[set[str]] = []
    spelled: set[str] = set()
    for dic in sorted(folder.glob("*.dic.xz")):
        aff = read_bytes(dic.with_name(dic.name.replace(".dic.", ".aff.")))
        listed = [(word, flags) for word, flags in entries(read_bytes(dic), aff)
                  if casing(word) == CAPITAL and not UNSPELLABLE.search(word)]
        flagged.append({word for word, flags in listed if flags & PLURAL_FLAGS})
        spelled |= {word for word, _ in listed}
    for words in sorted(folder.glob("*.words.xz")):
        spelled |= {w.strip() for w in read_bytes(words).decode("utf-8").splitlines() if casing(w.strip()) == CAPITAL}
    nouns = set.intersection(*flagged) if flagged else set()
    nouns |= {singular for word in spelled if (singular := umlaut_singular(word)) in spelled}
    return {language.fold(word) for word in nouns} | read_names(folder / "common_nouns.txt", language)


def umlaut_singular(word: str) -> str | None:
    """Return the singular an umlaut plural in -e comes from (Fäuste: Faust, Kapläne: Kaplan), or None.

    The plural adds -e to a singular that ends in a consonant and umlauts its
    last vowel. Not -er: Holländer, Pfälzer, Römer are people of a place.
    """
    stem = word[:-1]
    if not word.endswith("e") or len(stem) < 2 or stem[-1] in VOWELS:
        return None
    match = LAST_VOWELS.search(stem)
    if match is None or match.group() not in UMLAUTS:
        return None
    return stem[:match.start()] + UMLAUTS[match.group()] + stem[match.end():]


def declines_like_noun(key: str, keys: set[str]) -> bool:
    """Return True if German has the genitive -ES, plural -EN or dative -N of key.

    -EN counts only when key+E is no word: FREUDEN and KANTEN are plurals of
    FREUDE and KANTE, not forms of the names Freud and Kant. -N counts after
    -ER and -EL, the dative plural of HAEUSER (folded HAUSER), not a name.
    """
    if key + "ES" in keys or (key + "EN" in keys and key + "E" not in keys):
        return True
    return key.endswith(("ER", "EL")) and key + "N" in keys


@cache
def collect(code: str) -> tuple[Collector, list[str]]:
    """Return the filled Collector for a language and its per-source lines."""
    collector = Collector(load_language(code))
    lines = []
    for name, forms, word_list in sources(HERE / code):
        count = collector.add(name, forms, word_list)
        lines.append(f"  read {name}: {count:,} distinct forms")
    lines += [f"  {name}: case-blind word list" for name in collector.blind]
    return collector, lines


def build(code: str, witnesses: set[str]) -> str:
    """Build one language's .marisa and return its summary."""
    start = time.monotonic()
    collector, lines = collect(code)
    keys = set(collector.case)
    for why, names in proper_names(code, collector, witnesses).items():
        collector.dropped[why] += len(names & keys)
        keys -= names
    abbreviations = vowelless(code, keys)
    collector.dropped["no vowel (abbreviation)"] += len(abbreviations)
    keys -= abbreviations
    for why, dropped in review_drops(code, collector, keys).items():
        collector.dropped[why] += len(dropped)
        keys -= dropped
        lines.append(f"  {why}: {' '.join(sorted(dropped)) or 'none'}")
    lines += [f"  two_letter.md keeps {key} but no source gives it" for key in sorted(reviewed.missing_kept(keys, HERE / code))]
    out = OUT_DIR / f"{code}.marisa"
    count = compile_words(sorted(keys), out)
    band_of = frequency_bands(collector.language, keys)
    counts = write_bands(out, band_of)
    reasons, doubt_lines = doubt_reasons(code, HERE / code, collector, keys, band_of, EXPANSION)
    doubts = write_doubts(out, reasons.get)
    lines += unique_contributions(collector, keys)
    lines.append(f"  kept {count:,} words")
    if code not in CAPITALISED_NOUNS:
        lines.append(f"  kept {len(unlisted_in_lower_case(collector, keys)):,} words no source lists in lower case")
    lines.append(f"  bands 0-7: {' '.join(f'{n:,}' for n in counts)} ({os.path.getsize(bands_path(out)) / 1e6:.2f} MB)")
    lines += [f"  dropped {n:,}: {why}" for why, n in collector.dropped.most_common()]
    lines += doubt_lines + ["  doubt marks: " + ", ".join(f"{why} {n:,}" for why, n in doubts.items() if n)]
    size = (OUT_DIR / f"{code}.marisa").stat().st_size
    head = f"{code}: {count:,} words, {size / 1e6:.1f} MB, {time.monotonic() - start:.0f} s"
    return "\n".join([head, *lines])


def proper_names(code: str, collector: Collector, witnesses: set[str]) -> dict[str, set[str]]:
    """Return the keys to drop as proper names, by reason (see the module docstring)."""
    capitalised = collector.capitalised_only()
    language, folder = collector.language, HERE / code
    if code in CAPITALISED_NOUNS:
        curated = read_names(folder / "proper_names.txt", language)
        nouns = german_nouns(folder, language)
        names = german_names(capitalised, set(collector.case), curated, witnesses, nouns)
        return {"proper name (other languages' names or proper_names.txt)": names,
                **german_inflected_names(collector, names, nouns)}
    names = {"capitalised only (proper name)": capitalised,
             "only in a case-blind list, a name elsewhere":
                 {key for key, case in collector.case.items() if case == CASE_BLIND and key in witnesses}}
    if code in LONE_LOWER_CASE:
        names["one source in lower case, two only capitalised (proper name)"] = \
            collector.lone_lower_case() - read_names(folder / "real_words.txt", language)
    return names


def review_drops(code: str, collector: Collector, keys: set[str]) -> dict[str, set[str]]:
    """Return the keys dropped by the reviewed lists, by reason: Roman numerals, two- and three-letter reviews."""
    folder = HERE / code
    drops = {"Roman numeral (numerals.py, roman_words.txt)": numerals(keys, folder)}
    rest = keys - drops["Roman numeral (numerals.py, roman_words.txt)"]
    judged, unjudged = reviewed.two_letter_drops(rest, folder)
    drops["two letters, dropped by two_letter.md"] = judged
    drops["two letters, not in two_letter.md yet"] = unjudged
    single = {key for key in rest if len(key) == 3 and collector.origin.get(key, 0).bit_count() == 1}
    drops["three letters from one source, not kept by three_letter.md"] = reviewed.three_letter_drops(single, folder)
    return drops


def german_inflected_names(collector: Collector, names: set[str], nouns: set[str]) -> dict[str, set[str]]:
    """Return the German names the names rule misses, by reason: genitives (EMMAS) and places (JENA).

    Neither touches a word a German source lists in lower case, a common
    noun or a word of de/real_words.txt; a place is also no word German
    declines like a noun or another language lists in lower case.
    """
    folder, fold = HERE / "de", collector.language.fold
    keys = set(collector.case)
    lower = {key for key, case in collector.case.items() if case & LOWER}
    entries_, spelled = capitalised_entries(folder)
    stems = inflected_names.demonym_stems(entries_, spelled, fold)
    noun_keys = {fold(word) for word in inflected_names.noun_entries(entries_)}
    reviewed_words = inflected_names.real_words(folder / inflected_names.REVIEWED, fold)
    protected = nouns | lower | reviewed_words
    genitives = inflected_names.genitives(keys - names, names, protected)
    # Loans have -er forms too (Rancher, Keyboarder): a word another language
    # lists in lower case is no place. pt_BR writes names in lower case (fulda).
    elsewhere = {key for code in NAME_WITNESSES if code not in LONE_LOWER_CASE
                 for key, case in collect(code)[0].case.items() if case & LOWER}
    candidates = {key for key in collector.capitalised_only() - names if not declines_like_noun(key, keys)}
    common = inflected_names.common_word_test(lower, noun_keys)
    return {"name + genitive S (inflected_names.py)": genitives,
            "place with a German demonym (inflected_names.py)":
                inflected_names.places(candidates, stems, common, protected | elsewhere)}


def capitalised_entries(folder: Path) -> tuple[list[tuple[str, frozenset[str]]], set[str]]:
    """Return the hunspell dictionaries' capitalised (word, flags) and every source's capitalised forms."""
    listed, spelled = [], set()
    for dic in sorted(folder.glob("*.dic.xz")):
        aff = read_bytes(dic.with_name(dic.name.replace(".dic.", ".aff.")))
        for word, flags in entries(read_bytes(dic), aff):
            if casing(word) == CAPITAL and not UNSPELLABLE.search(word):
                listed.append((word, frozenset(flags)))
                spelled.add(word)
    for words in sorted(folder.glob("*.words.xz")):
        spelled |= {w.strip() for w in read_bytes(words).decode("utf-8").splitlines() if casing(w.strip()) == CAPITAL}
    return listed, spelled


def unlisted_in_lower_case(collector: Collector, keys: set[str]) -> set[str]:
    """Return the kept keys no source lists in lower case (German nouns aside, the goal is none)."""
    return {key for key in keys if not collector.lower_votes[key]}


def frequency_bands(language: Language, keys: set[str]) -> Callable[[str], int]:
    """Return each key's commonness band: its highest wordfreq frequency among the words folding onto it.

    wordfreq (build time only) gives the frequency of each word in real text;
    words with apostrophes, hyphens or digits are skipped, as the dictionary
    skips them. ruzzle_gui.bands.band_for_zipf turns Zipf values into bands.
    """
    from wordfreq import get_frequency_dict

    best: dict[str, float] = {}
    for word, frequency in get_frequency_dict(language.code, wordlist="best").items():
        if not word.isalpha():
            continue
        key = language.fold(word)
        if key in keys and frequency > best.get(key, 0.0):
            best[key] = frequency
    bands = {key: band_for_zipf(math.log10(frequency) + 9) for key, frequency in best.items()}
    return lambda key: bands.get(key, RARE)


def unique_contributions(collector: Collector, keys: set[str]) -> list[str]:
    """Return one line per source: how many kept words no other source gave."""
    only = Counter(collector.origin.get(key, 0) for key in keys)
    return [f"  only in {name}: {only[1 << i]:,} words"
            for i, name in enumerate(collector.source_names)]


def read_names(path: Path, language: Language) -> set[str]:
    """Return the folded names listed in a names.txt (comments start with #)."""
    if not path.is_file():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {language.fold(line.split("#")[0].strip()) for line in lines if line.split("#")[0].strip()}


def witness_votes() -> Counter[str]:
    """Return, per key, how many Latin-script languages list it only capitalised."""
    votes: Counter[str] = Counter()
    for code in NAME_WITNESSES:
        votes.update(collect(code)[0].capitalised_only())
    return votes


def main(argv: list[str] | None = None) -> int:
    """Build the languages named in argv (all by default); return the exit code."""
    codes = (argv if argv is not None else sys.argv[1:]) or list(CODES)
    if {"-h", "--help"} & set(codes):
        print(f"usage: python raw_languages/build.py [code ...]   (codes: {' '.join(CODES)}; default: all)")
        return 0
    unknown = [code for code in codes if code not in CODES]
    if unknown:
        print(f"unknown language {unknown[0]!r}; known: {' '.join(CODES)}", file=sys.stderr)
        return 2
    votes = witness_votes() if set(codes) - {"ru"} else Counter()
    for code in codes:
        # German needs MIN_WITNESSES votes (see NAME_WITNESSES); a word that only
        # a case-blind list gives is dropped on one vote (wspanish's "juan").
        needed = MIN_WITNESSES if code in CAPITALISED_NOUNS else 1
        print(build(code, {key for key, n in votes.items() if n >= needed}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
