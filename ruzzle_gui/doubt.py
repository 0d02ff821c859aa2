"""Doubt marks: which words of a compiled dictionary a game may well refuse, and why.

Decided when the dictionary is built (``raw_languages/doubt.py``, whose rules
and counts are in ``raw_languages/doubt.md``) and stored beside it as
``<name>.doubt``, one mark 0..7 per key in the format of ``ruzzle_gui.key_marks``
(like the commonness bands). 0 is a playable word; any other mark is a reason
(``REASONS``). A dictionary without a matching ``.doubt`` file (an old build, a
user's own list) has no doubtful word: ``load_doubts`` returns None and every
caller treats that as "all words playable".

    doubts = load_doubts(language.dictionary_path)    # None: no marks
    doubts.reason("RIARSOCELE")                        # "enclitic"; None if playable or no such word
"""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache

from ruzzle_gui.key_marks import KeyMarks, is_marks_file, load_marks, marks_bytes, write_marks

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import marisa_trie

__all__ = ["PLAYABLE", "REASONS", "Doubts", "doubts_path", "describe", "is_doubts_file", "load_doubts",
           "write_doubts", "doubts_beside"]

PLAYABLE = 0
# mark -> short reason, as JSON gives it. The order is the file format: append only.
REASONS = {
    1: "enclitic",      # only an affix rule for enclitic pronouns made it (it, es, pt): RIARSOCELE, BORDARLO
    2: "unattested",    # one source has it, no other source and no frequency data attest it
    3: "name",          # a name or brand the name rules missed (BAHLSEN, TUILERIEN)
    4: "abbreviation",  # an abbreviation written like a word
    5: "reviewed",      # judged unplayable by a reader (raw_languages/<code>/doubtful.txt)
    6: "truncated",     # a poetic infinitive without its final vowel (it): OBLIAR for obliare
}
CODES = {reason: mark for mark, reason in REASONS.items()}
# What the app shows on hover, per reason.
DESCRIPTIONS = {
    "enclitic": "a verb with pronouns attached, made by an affix rule; no word list has it",
    "unattested": "only one source lists it, and it is not seen in real text",
    "name": "a name or brand",
    "abbreviation": "an abbreviation",
    "reviewed": "judged unplayable by a reader",
    "truncated": "a poetic shortened infinitive (obliar for obliare)",
}
_MAGIC = b"RZDOUBT1"


def doubts_path(dictionary: str | os.PathLike) -> str:
    """Return where the doubt marks of a compiled dictionary live."""
    return os.path.splitext(dictionary)[0] + ".doubt"


def describe(reason: str) -> str:
    """Return a sentence a player reads for a doubt reason."""
    return DESCRIPTIONS.get(reason, reason)


class Doubts(KeyMarks):
    """The doubt marks of one compiled dictionary, read from the memory-mapped file."""

    def reason(self, word: str) -> str | None:
        """Return why a folded word is doubtful, or None if it is playable (or no key)."""
        return REASONS.get(self.mark(word) or PLAYABLE)


@lru_cache(maxsize=None)
def load_doubts(dictionary: str | os.PathLike) -> Doubts | None:
    """Return the doubt marks beside a compiled ``dictionary``, or None if missing, stale or damaged."""
    dictionary = os.fspath(dictionary)
    return load_marks(dictionary, doubts_path(dictionary), _MAGIC, Doubts)


def write_doubts(dictionary: str | os.PathLike, reason_of: Callable[[str], str | None]) -> dict[str, int]:
    """Write ``<dictionary>.doubt`` from ``reason_of(key)`` (None: playable); return the keys per reason."""
    counts = write_marks(dictionary, doubts_path(dictionary), _MAGIC,
                         lambda key: CODES[reason] if (reason := reason_of(key)) else PLAYABLE)
    return {"playable": counts[PLAYABLE], **{reason: counts[mark] for mark, reason in REASONS.items()}}


def doubts_beside(dictionary: str | os.PathLike, reason_of: Callable[[str], str | None], counts: dict[str, int]):
    """Return what ``compile_words(words, dictionary, beside=)`` takes to write the doubt marks with the .marisa.

    ``counts`` is filled with the keys per reason, as ``write_doubts`` returns them.
    """
    def beside(trie: marisa_trie.Trie, digest: bytes) -> dict[str, bytes]:
        data, found = marks_bytes(trie, digest, _MAGIC,
                                  lambda key: CODES[reason] if (reason := reason_of(key)) else PLAYABLE)
        counts.update({"playable": found[PLAYABLE], **{reason: found[mark] for mark, reason in REASONS.items()}})
        return {doubts_path(dictionary): data}

    return beside


def is_doubts_file(path: str | os.PathLike) -> bool:
    """Return True if ``path`` ends in the footer of a doubt file of ours."""
    return is_marks_file(path, _MAGIC)
