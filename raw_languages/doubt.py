"""Decide, at build time, which kept words a game may well refuse: the doubt marks.

build.py calls ``doubt_reasons`` once the keys and their bands are known, and
writes the result beside the .marisa with ``ruzzle_gui.doubt.write_doubts``.
Each rule, why it holds and what it marks, per language, is in doubt.md; the
counts are printed by the build. A word is doubtful for the first rule that
marks it, in this order:

- reviewed: ``<code>/doubtful.txt`` names it, with its reason (name,
  abbreviation or reviewed), judged by a reader;
- enclitic (it, es): only an affix rule that attaches pronouns to a verb made
  it (RIARSOCELE, BORDARLO), no other source lists it, and real text does not
  use it (band below ``ATTESTED_BAND``: DIMMI, DAMMI, DECIRLE stay);
- enclitic stem (pt): a verb's first person plural without its -s, as written
  before -lo, -la (SEMEAMO of semeamo-lo, VOAREMO), that real text does not use;
- enclitic infinitive (es): an infinitive with a pronoun attached that only a
  conjugation flag makes (ARPARSE, ACAECERME), unused in real text;
- truncated (it): an infinitive without its final E (OBLIAR, SVILIR, EVADER),
  a poetic form it_IT lists, that no other source lists and real text does not use;
- unattested (pt): only one source lists it (pt_BR), and real text does not
  use it (band 0): TUDACA, UASCA, ACADIMAS.
"""
from __future__ import annotations

import lzma
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from affix import UNSPELLABLE, Affix, parse_aff, parse_dic_line, _expand

# A word real text uses at least this often (band 2: Zipf 1.5, three times in a
# billion words) is attested, whatever rule made it.
ATTESTED_BAND = 2

# Per hunspell source: the clitic pronouns its enclitic affix rules add, and the
# flags that hold those rules (found by reading the .aff; doubt.md says how).
# Italian flags mix conjugations with enclitics (B: "-iamo" and "-iamocelo"), so
# there a rule counts only if what it adds is a clitic cluster after nothing or
# after what another rule with the same strip adds ("amo" + "celo"): "-vi" of the
# imperfect (amavi) is not a clitic, "-sti" is a past tense. Spanish keeps its
# enclitics in flags of their own (À to ú), every rule of which is one.
ENCLITIC = {
    "it_IT": {"clitics": r"(?:me|te|ce|ve|se|glie)(?:lo|la|li|le|ne)|mi|ti|ci|vi|si|lo|la|li|le|ne|gli",
              "flags": "BCDEGHIKLMPZabhjmv", "strict": True},
    "es_ES": {"clitics": r"me|te|se|nos|os|le|les|lo|los|la|las",
              "flags": "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäñòóôõöøùú", "strict": False},
}
# Portuguese drops the -s of the first person plural before -lo, -la (semeamo-lo): the word lists
# keep such stems without the hyphen (SEMEAMO, TEIMAMO, VOAREMO). A key ending in -MO whose -MOS form
# is a key too, and that real text does not use, is such a stem.
CLITIC_STEMS = {"pt"}
# Spanish also writes pronouns after an infinitive through conjugation flags (es_ES's R:
# "0 se [aeií]r", arpar -> ARPARSE), which mix them with real forms ("r se ar": amase). A key that is
# an infinitive key plus a clitic is such a form.
INFINITIVE_CLITICS = {"es": ("SE", "ME", "TE", "NOS", "OS", "LE", "LES", "LO", "LOS", "LA", "LAS")}
# Per language, the hunspell source whose infinitives it also lists cut short (amar for amare).
TRUNCATED = {"it": "it_IT"}
# Per language, the one source whose lone, never-seen words are doubtful.
UNATTESTED = {"pt": "pt_BR"}
REVIEW_REASONS = ("name", "abbreviation", "reviewed")


def enclitic_rule(rule: Affix, clitics: re.Pattern, adds: dict[str, set[str]], strict: bool) -> bool:
    """Return True if ``rule`` attaches clitic pronouns (see ENCLITIC)."""
    found = clitics.search(rule.add)
    if found is None:
        return False
    rest = rule.add[:found.start()]
    return not strict or rest == "" or rest in adds.get(rule.strip, ())


def without_enclitics(aff, options: dict) -> object:
    """Return a copy of a parsed .aff with its enclitic rules taken out."""
    clitics = re.compile(f"(?:{options['clitics']})+$")
    adds: dict[str, set[str]] = {}
    for rules in aff.suffixes.values():
        for rule in rules:
            adds.setdefault(rule.strip, set()).add(rule.add)
    suffixes = {flag: [rule for rule in rules if not (flag in options["flags"] and
                                                       enclitic_rule(rule, clitics, adds, options["strict"]))]
                for flag, rules in aff.suffixes.items()}
    return replace(aff, suffixes=suffixes)


def enclitic_forms(dic: bytes, aff_raw: bytes, options: dict, skip_flags: str = "",
                   prefixes: bool = True) -> set[str]:
    """Return the forms of a hunspell dictionary that only its enclitic rules make."""
    aff = parse_aff(aff_raw)
    plain_aff = without_enclitics(aff, options)
    skip = frozenset(skip_flags)
    every, plain = set(), set()
    for line in dic.decode(aff.encoding, errors="replace").lstrip("\ufeff").splitlines()[1:]:
        entry = parse_dic_line(aff, line)
        if entry is None or UNSPELLABLE.search(entry[0]):
            continue
        root, flags = entry
        every.update(_expand(aff, root, flags - skip, prefixes))
        plain.update(_expand(plain_aff, root, flags - skip, prefixes))
    return every - plain


def clitic_stem(key: str, keys: set[str]) -> bool:
    """Return True if ``key`` (ending in -MO) is a verb's first person plural whose verb is a key too.

    SEMEAMO (semear), NASCEMO (nascer), VOAREMO (voar, future), BERCARMO (bercar, personal
    infinitive). Not the nouns and adjectives in -ISMO, -ISSIMO, -ESIMO, whose plural is -MOS too.
    """
    if key.endswith(("ISMO", "ISSIMO", "ESIMO")):
        return False
    if key.endswith("REMO") and key[:-4] + "R" in keys:
        return True
    if key.endswith("RMO") and key[:-2] in keys:
        return True
    return key[-3:] in ("AMO", "EMO", "IMO") and any(key[:-3] + ending in keys for ending in ("AR", "ER", "IR"))


def read_reviewed(path: Path, fold: Callable[[str], str]) -> dict[str, str]:
    """Return {key: reason} from a doubtful.txt: 'word reason  # why' a line."""
    if not path.is_file():
        return {}
    found = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("#")[0].split()
        if not fields:
            continue
        if len(fields) != 2 or fields[1] not in REVIEW_REASONS:
            raise ValueError(f"{path}:{number}: expected 'word reason' with a reason among {REVIEW_REASONS}")
        found[fold(fields[0])] = fields[1]
    return found


def doubt_reasons(code: str, folder: Path, collector, keys: set[str], band_of: Callable[[str], int],
                  expansion: dict[str, dict]) -> tuple[dict[str, str], list[str]]:
    """Return {key: reason} for the doubtful kept keys, and the build's lines saying how many each rule marked."""
    fold = collector.language.fold
    reasons = {key: why for key, why in read_reviewed(folder / "doubtful.txt", fold).items() if key in keys}
    lines = [f"  doubtful, reviewed: {len(reasons):,}"] if reasons else []
    bit_of = {name: 1 << i for i, name in enumerate(collector.source_names)}
    for dic_path in sorted(folder.glob("*.dic.xz")):
        name = dic_path.name[:-7]
        if name not in ENCLITIC:
            continue
        aff_raw = lzma.decompress(dic_path.with_name(dic_path.name.replace(".dic.", ".aff.")).read_bytes())
        forms = enclitic_forms(lzma.decompress(dic_path.read_bytes()), aff_raw, ENCLITIC[name],
                               **expansion.get(name, {}))
        marked = _lone(keys, map(fold, forms), collector.origin, bit_of[name], band_of, ATTESTED_BAND) - set(reasons)
        lines.append(f"  doubtful, enclitic from {name}: {len(marked):,} ({len(forms):,} enclitic-only forms)")
        reasons.update(dict.fromkeys(marked, "enclitic"))
    if code in CLITIC_STEMS:
        stems = {key for key in keys if key.endswith("MO") and key + "S" in keys and band_of(key) < ATTESTED_BAND
                 and clitic_stem(key, keys)}
        marked = stems - set(reasons)
        lines.append(f"  doubtful, enclitic stem (-MO of -MOS): {len(marked):,}")
        reasons.update(dict.fromkeys(marked, "enclitic"))
    if code in INFINITIVE_CLITICS:
        name = next(iter(ENCLITIC.keys() & set(collector.source_names)))
        found = {key for key in keys for clitic in INFINITIVE_CLITICS[code]
                 if key.endswith(clitic) and key[:-len(clitic)].endswith("R") and key[:-len(clitic)] in keys}
        marked = _lone(keys, found, collector.origin, bit_of[name], band_of, ATTESTED_BAND) - set(reasons)
        lines.append(f"  doubtful, infinitive + pronoun (only {name}): {len(marked):,}")
        reasons.update(dict.fromkeys(marked, "enclitic"))
    if code in TRUNCATED:
        name = TRUNCATED[code]
        cut = {key for key in keys if key.endswith("R") and key + "E" in keys}
        marked = _lone(keys, cut, collector.origin, bit_of[name], band_of, ATTESTED_BAND) - set(reasons)
        lines.append(f"  doubtful, truncated infinitive (only {name}): {len(marked):,}")
        reasons.update(dict.fromkeys(marked, "truncated"))
    if code in UNATTESTED:
        name = UNATTESTED[code]
        marked = _lone(keys, keys, collector.origin, bit_of[name], band_of, 1) - set(reasons)
        lines.append(f"  doubtful, unattested (only {name}, never seen in text): {len(marked):,}")
        reasons.update(dict.fromkeys(marked, "unattested"))
    return reasons, lines


def _lone(keys: set[str], candidates: Iterable[str], origin: dict[str, int], bit: int,
          band_of: Callable[[str], int], attested: int) -> set[str]:
    """Return the candidate keys that only the source ``bit`` gives and that real text uses less than ``attested``."""
    return {key for key in candidates if key in keys and origin.get(key, 0) == bit and band_of(key) < attested}
