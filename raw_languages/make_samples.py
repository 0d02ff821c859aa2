"""Write the frozen measurement samples raw_languages/<code>/sample_common.txt and sample_names.txt.

Run once, by hand; the tests and coverage.py read only the frozen files.

    pip install wordfreq   # frequency lists, data CC-BY-SA 4.0
    apt-get install aspell aspell-it aspell-en aspell-es aspell-de aspell-fr \
        aspell-nl aspell-pt-pt aspell-pt-br aspell-ru
    python raw_languages/make_samples.py

sample_common.txt: the most frequent words of real text (wordfreq's top list for the
language) that the language's aspell dictionary, a source the build does not
read, also lists in lower case. For German, where nouns are capitalised, a
capitalised word counts when aspell-de also lists its genitive -es or its
plural -en (Haus/Hauses, Frau/Frauen): a declined noun, not a name.

sample_names.txt: frequent words that aspell lists only with a capital letter and
never in lower case: the proper names a solver must not offer. For German,
frequent words listed capitalised in aspell-de that at least two of the
English, French, Italian and Spanish aspell dictionaries list only capitalised.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from wordfreq import top_n_list

HERE = Path(__file__).resolve().parent
ASPELL = {"it": ["it"], "en": ["en_US", "en_GB"], "es": ["es"], "de": ["de_DE"],
          "fr": ["fr"], "nl": ["nl"], "pt": ["pt_PT", "pt_BR"], "ru": ["ru"]}
COMMON, NAMES, POOL = 5000, 300, 50_000
WITNESSES = ("en", "fr", "it", "es")


def aspell_forms(code: str) -> set[str]:
    """Return every form the aspell dictionaries of a language accept."""
    forms: set[str] = set()
    for name in ASPELL[code]:
        lang = name if code == "pt" else code
        args = ["aspell", f"--lang={lang}", "-d", name]
        dump = subprocess.run([*args, "dump", "master"], capture_output=True, check=True)
        expanded = subprocess.run([*args, "expand"], input=dump.stdout,
                                  capture_output=True, check=True)
        forms |= set(expanded.stdout.decode("utf-8", "replace").split())
    return forms


def lower_and_capital(forms: set[str]) -> tuple[set[str], set[str]]:
    """Return (words listed in lower case, words listed only capitalised), lower-cased."""
    lower = {f for f in forms if f == f.lower()}
    capital = {f.lower() for f in forms if f[:1].isupper() and f[1:] == f[1:].lower()} - lower
    return lower, capital


def samples(code: str, witness_caps: list[set[str]]) -> tuple[list[str], list[str]]:
    """Return (common words, names) for one language, most frequent first."""
    lower, capital = lower_and_capital(aspell_forms(code))
    pool = [w for w in top_n_list(code, POOL) if w.isalpha() and len(w) >= 2]
    if code == "de":
        names = [w for w in pool if w in capital and sum(w in caps for caps in witness_caps) >= 2]
        nouns = {w for w in capital if w + "es" in capital or w + "en" in capital and w + "e" not in capital}
        common = [w for w in pool if w in lower or w in nouns and w not in names]
    else:
        names = [w for w in pool if w in capital]
        common = [w for w in pool if w in lower]
    return common[:COMMON], names[:NAMES]


def main() -> int:
    """Write the samples for every language; return the exit code."""
    witness_caps = [lower_and_capital(aspell_forms(code))[1] for code in WITNESSES]
    for code in ASPELL:
        common, names = samples(code, witness_caps)
        (HERE / code / "sample_common.txt").write_text("\n".join(common) + "\n", encoding="utf-8")
        (HERE / code / "sample_names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
        print(f"{code}: {len(common)} common words, {len(names)} names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
