"""Report how much of each language's frozen samples the built dictionaries hold.

    python raw_languages/coverage.py [codes...] [--missing]
    python raw_languages/coverage.py --help

common: share of raw_languages/<code>/sample_common.txt (frequent words of real
text confirmed by a second dictionary) found in the dictionary; the bar is 99%,
held with the words the reviews drop on purpose left out of the sample (the
Roman numerals and the rows of two_letter.md and three_letter.md marked drop:
nl TO, UP; en IV): "raw" is the share of the whole sample.
names: share of raw_languages/<code>/sample_names.txt (frequent proper names)
found in it; the bar is at most 5%. make_samples.py says how both were drawn.
--missing also lists the common words the dictionary lacks and the names it holds.
--sources also reads the sources (as build.py does, slow) and sorts the names
the dictionary holds: listed in lower case by a case-aware source (es_ES's
juan/S), only by a case-blind word list (wspanish's londres), or by no source
(the rule says none); for es and fr it writes the first two kinds to
<code>/sample_names_in_lower_case.txt, which tests/test_dictionaries.py holds them to.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from ruzzle_gui.dictionary import load_trie  # noqa: E402
from ruzzle_gui.doubt import load_doubts  # noqa: E402
from ruzzle_gui.language import load_language  # noqa: E402

sys.path.insert(0, str(HERE))
import numerals  # noqa: E402
import reviewed  # noqa: E402

CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")
# Held to "the case-aware source is the authority" rather than the names bar (see README.md).
AUTHORITY_RULE = ("es", "fr")


def sample(code: str, kind: str) -> list[str]:
    """Return the frozen sample words of one kind ('common' or 'names')."""
    text = (HERE / code / f"sample_{kind}.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]


def split(code: str, kind: str, trie) -> tuple[list[str], list[str]]:
    """Return (sample words in the dictionary, sample words not in it)."""
    fold = load_language(code).fold
    words = sample(code, kind)
    found = [w for w in words if fold(w) in trie]
    return found, [w for w in words if fold(w) not in trie]


def dropped_on_purpose(code: str) -> set[str]:
    """Return the keys the build drops by a reviewed decision: Roman numerals and the reviews' drop rows."""
    folder = HERE / code
    fold = load_language(code).fold
    words = {fold(w) for w in sample(code, "common")}
    roman = {key for key in words if numerals.is_roman(key)} - set(numerals.real_words(folder))
    return roman | reviewed.dropped_on_purpose(folder)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Return the parsed command line (codes default to every language)."""
    first = __doc__.split("\n\n")[0]
    parser = argparse.ArgumentParser(prog="coverage.py", description=first)
    parser.add_argument("codes", nargs="*", metavar="code", help=f"language codes (default: all: {' '.join(CODES)})")
    parser.add_argument("--missing", action="store_true",
                        help="also list the common words missing and the names present")
    parser.add_argument("--sources", action="store_true",
                        help="also sort the names present by how the sources write them (slow)")
    # Bad usage is one line on stderr and exit code 2, like an unknown code.
    parser.error = lambda message: parser.exit(2, f"coverage.py: {message}\n")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Print the coverage figures of the languages in argv; return the exit code."""
    try:
        args = parse_args(argv if argv is not None else sys.argv[1:])
    except SystemExit as stop:  # --help or bad usage: argparse has printed why
        return int(stop.code or 0)
    unknown = [code for code in args.codes if code not in CODES]
    if unknown:
        print(f"unknown language {unknown[0]!r}; known: {' '.join(CODES)}", file=sys.stderr)
        return 2
    print("lang   words      common (>=99%)      names (<=5%)   common, raw   common, not doubtful   doubtful common")
    for code in args.codes or CODES:
        path = HERE.parent / "mt_languages" / f"{code}.marisa"
        trie = load_trie(path)
        found, missing = split(code, "common", trie)
        fold, on_purpose = load_language(code).fold, dropped_on_purpose(code)
        judged = [w for w in missing if fold(w) not in on_purpose]
        names, _ = split(code, "names", trie)
        total_names, total = len(sample(code, "names")), len(found) + len(judged)
        # The default lists leave doubtful words out: the common words they still show.
        doubts = load_doubts(path)
        doubtful = [w for w in found if doubts is not None and doubts.reason(fold(w))]
        print(f"{code:<6} {len(trie):>9,}  {len(found) / total:7.2%} of {total:>5}"
              f"   {len(names) / total_names:6.2%} of {total_names}   {len(found) / (len(found) + len(missing)):7.2%}"
              f"   {(len(found) - len(doubtful)) / total:7.2%}   {' '.join(doubtful[:12]) or '-'}")
        if args.missing:
            print("   missing:", " ".join(missing))
            print("   names present:", " ".join(names))
        if args.sources:
            print(names_by_source(code, names))
    return 0


def names_by_source(code: str, names: list[str]) -> str:
    """Return how the sources write each name present; for es and fr, freeze the lower-case ones."""
    sys.path.insert(0, str(HERE))
    from build import LOWER, collect

    collector = collect(code)[0]
    fold = load_language(code).fold
    kinds: dict[str, list[str]] = {"case-aware source, in lower case": [], "only a case-blind list": [],
                                   "no source in lower case": []}
    for name in names:
        key = fold(name)
        kind = (0 if collector.case[key] & LOWER else 1) if collector.lower_votes[key] else 2
        kinds[list(kinds)[kind]].append(name)
    if code in AUTHORITY_RULE:
        listed = kinds["case-aware source, in lower case"] + kinds["only a case-blind list"]
        (HERE / code / "sample_names_in_lower_case.txt").write_text("".join(f"{n}\n" for n in listed), encoding="utf-8")
    return "\n".join(f"   names present, {kind}: {len(found)} {' '.join(found)}" for kind, found in kinds.items())


if __name__ == "__main__":
    sys.exit(main())
