"""The judged samples (raw_languages/<code>/judged_*.txt) against the built doubt marks.

judged_doubtful.txt: words read in real top-15 lists that a fluent player would not swipe: they must be
marked doubtful, so the default lists and plans leave them out. judged_playable.txt: rare words from the
same lists that a fluent player would swipe: they must be in the dictionary and not marked.
docs/precision.md says how they were judged.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from ruzzle_gui import load_language
from ruzzle_gui.doubt import load_doubts

RAW = Path(__file__).resolve().parents[1] / "raw_languages"
SAMPLES = sorted(RAW.glob("*/judged_*.txt"))


def words_of(path: Path) -> list[str]:
    """Return the words of a judged file (# starts a comment)."""
    return [w for line in path.read_text(encoding="utf-8").splitlines() if (w := line.split("#")[0].strip())]


def test_there_are_judged_samples():
    assert {path.parent.name for path in SAMPLES} >= {"it", "es", "pt"}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: f"{path.parent.name}-{path.stem}")
def test_judged_words_are_marked_as_judged(path):
    language = load_language(path.parent.name)
    doubts = load_doubts(language.dictionary_path)
    if doubts is None:
        pytest.skip(f"no doubt marks built for {language.code}: python raw_languages/build.py {language.code}")
    words = [language.fold(word) for word in words_of(path)]
    assert words
    if path.stem == "judged_doubtful":
        # A judged word the build has since dropped (KEMALS, a name plus -s) is left out of the list as well.
        assert [w for w in words if doubts.mark(w) is not None and not doubts.reason(w)] == [], \
            "judged doubtful but listed unmarked"
    else:
        assert [w for w in words if doubts.mark(w) is None] == [], "judged playable but not in the dictionary"
        assert [w for w in words if doubts.reason(w)] == [], "judged playable but marked doubtful"
