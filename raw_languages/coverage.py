"""Report how much of each language's frozen samples the built dictionaries hold.

    python raw_languages/coverage.py [codes...] [--missing]

common: share of raw_languages/<code>/sample_common.txt (frequent words of real
text confirmed by a second dictionary) found in the dictionary; the bar is 99%.
names: share of raw_languages/<code>/sample_names.txt (frequent proper names)
found in it; the bar is at most 5%. make_samples.py says how both were drawn.
--missing also lists the common words the dictionary lacks and the names it holds.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from ruzzle_gui.dictionary import load_trie  # noqa: E402
from ruzzle_gui.language import load_language  # noqa: E402

CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")


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


def main(argv: list[str] | None = None) -> int:
    """Print the coverage figures of the languages in argv; return the exit code."""
    args = argv if argv is not None else sys.argv[1:]
    show = "--missing" in args
    codes = [a for a in args if a != "--missing"] or list(CODES)
    print("lang   words      common (>=99%)      names (<=5%)")
    for code in codes:
        trie = load_trie(HERE.parent / "mt_languages" / f"{code}.marisa")
        found, missing = split(code, "common", trie)
        names, _ = split(code, "names", trie)
        total_names = len(sample(code, "names"))
        print(f"{code:<6} {len(trie):>9,}  {len(found) / (len(found) + len(missing)):7.2%} of {len(found) + len(missing):>5}"
              f"   {len(names) / total_names:6.2%} of {total_names}")
        if show:
            print("   missing:", " ".join(missing))
            print("   names present:", " ".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
