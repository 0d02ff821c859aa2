"""Write the frozen measurement samples raw_languages/<code>/sample_common.txt and sample_names.txt.

Run once, by hand; the tests and coverage.py read only the frozen files.

    pip install wordfreq   # frequency lists, data CC-BY-SA 4.0
    apt-get install aspell aspell-it aspell-en aspell-es aspell-de aspell-fr \
        aspell-nl aspell-pt-pt aspell-pt-br aspell-ru
    python raw_languages/make_samples.py [code ...]

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
sys.path.insert(0, str(HERE.parent))
ASPELL = {"it": ["it"], "en": ["en_US", "en_GB"], "es": ["es"], "de": ["de_DE"],
          "fr": ["fr"], "nl": ["nl"], "pt": ["pt_PT", "pt_BR"], "ru": ["ru"]}
COMMON, NAMES, POOL = 5000, 300, 50_000
WITNESSES = ("en", "fr", "it", "es")


def aspell_forms(code: str) -> set[str]:
    """Return every form the aspell dictionaries of a language accept."""
    forms: set[str] = set()
    for name in ASPELL[code]:
        forms |= aspell_forms_of(name if code == "pt" else code, name)
    return forms


def aspell_forms_of(lang: str, name: str) -> set[str]:
    """Return every form one aspell dictionary accepts."""
    args = ["aspell", f"--lang={lang}", "-d", name]
    dump = subprocess.run([*args, "dump", "master"], capture_output=True, check=True)
    expanded = subprocess.run([*args, "expand"], input=dump.stdout, capture_output=True, check=True)
    return set(expanded.stdout.decode("utf-8", "replace").split())


def lower_and_capital(forms: set[str]) -> tuple[set[str], set[str]]:
    """Return (words listed in lower case, words listed only capitalised), lower-cased."""
    lower = {f for f in forms if f == f.lower()}
    capital = {f.lower() for f in forms if f[:1].isupper() and f[1:] == f[1:].lower()} - lower
    return lower, capital


def samples(code: str, witness_caps: list[set[str]]) -> tuple[list[str], list[str]]:
    """Return (common words, names) for one language, most frequent first."""
    lower, capital = lower_and_capital(aspell_forms(code))
    pool = [w for w in top_n_list(code, POOL) if w.isalpha() and len(w) >= 2]
    if code == "pt":
        return portuguese_samples(pool, lower)
    if code == "de":
        names = [w for w in pool if w in capital and sum(w in caps for caps in witness_caps) >= 2]
        nouns = {w for w in capital if w + "es" in capital or w + "en" in capital and w + "e" not in capital}
        common = [w for w in pool if w in lower or w in nouns and w not in names]
    else:
        names = [w for w in pool if w in capital]
        common = [w for w in pool if w in lower]
    return common[:COMMON], names[:NAMES]


def portuguese_samples(pool: list[str], lower: set[str]) -> tuple[list[str], list[str]]:
    """Return pt's (common words, names): pt_BR's aspell writes names in lower case.

    aspell pt_BR lists joão, lisboa, miguel in lower case, so the common sample
    would hold names and the names sample would miss them. A word whose folded
    key pt_PT's aspell lists only capitalised is a name (João, Lisboa), unless
    pt/real_words.txt (reviewed by hand: freixo, holanda, internet) keeps it;
    the names sample is those names, and holds no word of the common sample.
    """
    from ruzzle_gui.language import load_language

    fold = load_language("pt").fold
    forms = aspell_forms_of("pt_PT", "pt_PT")
    keys_lower = {fold(f) for f in forms if f == f.lower()}
    named = {fold(f) for f in forms if f[:1].isupper() and f[1:] == f[1:].lower()} - keys_lower
    real = {fold(w) for w in (HERE / "pt" / "real_words.txt").read_text(encoding="utf-8").split("\n")
            if w.strip() and not w.startswith("#")}
    names_keys = named - real
    common = [w for w in pool if w in lower and fold(w) not in names_keys][:COMMON]
    common_keys = {fold(w) for w in common}
    names = [w for w in pool if fold(w) in names_keys and fold(w) not in common_keys]
    return common, names[:NAMES]


def main(codes: list[str] | None = None) -> int:
    """Write the samples for the languages in codes (all by default); return the exit code."""
    codes = codes or list(ASPELL)
    # Only German's names need the other languages' capitalised words.
    witness_caps = [lower_and_capital(aspell_forms(code))[1] for code in WITNESSES] if "de" in codes else []
    for code in codes:
        common, names = samples(code, witness_caps)
        (HERE / code / "sample_common.txt").write_text("\n".join(common) + "\n", encoding="utf-8")
        (HERE / code / "sample_names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
        print(f"{code}: {len(common)} common words, {len(names)} names")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
