"""Short words reviewed by hand: <code>/two_letter.md and <code>/three_letter.md decide which stay.

Two-letter words are fast to swipe, so a wrong one costs the player most.
Each language's two_letter.md judges every two-letter key the sources give
(against a named published list where there is one) in a table:

    | KEY | keep | reason |
    | KEY | drop | reason |

A two-letter key stays only when its row says keep; a key with no row at all
(a source gained a word since the review) is dropped too, and the build names
it so the review can be brought up to date. three_letter.md, where a language has one, holds
the review of the three-letter keys only one source gives, where
abbreviations and foreign words hide (en_US abl, qty; ngerman usw): such a
key stays only when its row says keep. Three-letter keys two or more sources
give are not touched, nor are any in a language without the file.
"""
from __future__ import annotations

import re
from pathlib import Path

ROW = re.compile(r"^\|\s*(\w+)\s*\|\s*(keep|drop)\s*\|(.*)\|\s*$")
TWO_LETTER, THREE_LETTER = "two_letter.md", "three_letter.md"


def read_review(path: Path) -> dict[str, tuple[bool, str]]:
    """Return key -> (kept, reason) from a review table (none if the file is absent).

    A key judged twice is a reviewing mistake and raises ValueError.
    """
    if not path.is_file():
        return {}
    review: dict[str, tuple[bool, str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        key, verdict, reason = match.group(1), match.group(2), match.group(3).strip()
        if key in review:
            raise ValueError(f"{path}: {key} is judged twice")
        review[key] = (verdict == "keep", reason)
    return review


def kept(review: dict[str, tuple[bool, str]]) -> set[str]:
    """Return the keys a review keeps."""
    return {key for key, (keep, _) in review.items() if keep}


def two_letter_drops(keys: set[str], folder: Path) -> tuple[set[str], set[str]]:
    """Return (two-letter keys the review drops, two-letter keys it has no row for: dropped too)."""
    review = read_review(folder / TWO_LETTER)
    short = {key for key in keys if len(key) == 2}
    return short & (set(review) - kept(review)), short - set(review)


def three_letter_drops(single_source: set[str], folder: Path) -> set[str]:
    """Return the single-source three-letter keys the review does not keep (none without a review file)."""
    path = folder / THREE_LETTER
    if not path.is_file():
        return set()
    return {key for key in single_source if len(key) == 3} - kept(read_review(path))


def missing_kept(keys: set[str], folder: Path) -> set[str]:
    """Return the short keys a review keeps that the build does not hold (a source lost them)."""
    review = read_review(folder / TWO_LETTER)
    return kept(review) - keys


def dropped_on_purpose(folder: Path) -> set[str]:
    """Return the keys the reviews drop by name (two_letter.md, three_letter.md).

    Coverage is measured without them too: a common-sample word a review
    dropped with its reason (nl TO, UP; pt US) is a decision, not a miss.
    """
    drops: set[str] = set()
    for name in (TWO_LETTER, THREE_LETTER):
        review = read_review(folder / name)
        drops |= set(review) - kept(review)
    return drops
