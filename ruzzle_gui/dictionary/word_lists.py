"""Word lists: reading a plain list or a hunspell dictionary, and folding its words into an alphabet."""
from __future__ import annotations

import codecs
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from ruzzle_gui.coded import coded
from ruzzle_gui.dictionary.errors import DictionaryError, check_regular_file

# The longest word kept, in letters. Longer lines are dropped (and counted):
# indexing a word costs memory quadratic in its length.
MAX_WORD_LETTERS = 64


# A line is read at most this far (4 bytes a letter, room for combining accents); the rest is skipped.
_MAX_LINE_BYTES = 16 * MAX_WORD_LETTERS


def read_word_list(path: str | os.PathLike) -> Iterator[str]:
    """Yield the non-blank lines of a UTF-8 word list, stripped and NFC-normalised.

    A line too long to be a word is cut short (its rest skipped unread into
    memory), so ``fold_words`` drops it as longer than MAX_WORD_LETTERS.
    """
    import unicodedata

    path = os.fspath(path)
    check_regular_file(path, "word list", may_be_empty=True)  # an empty list has no words: said later
    try:
        with open(path, "rb") as handle:
            # Decoding line by line lets the error name the exact line.
            for number, raw in enumerate(_capped_lines(handle), 1):
                if number == 1:
                    raw = raw.removeprefix(codecs.BOM_UTF8)  # Windows Notepad starts files so
                try:
                    word = raw.decode("utf-8").strip()
                except UnicodeDecodeError:
                    if len(raw) < _MAX_LINE_BYTES:
                        raise coded(DictionaryError(f"{path} is not UTF-8 text (line {number})"),
                                    "word_list_not_utf8", path=path, line=number) from None
                    word = raw.decode("utf-8", errors="ignore")  # cut mid-letter: too long anyway
                if word:
                    yield unicodedata.normalize("NFC", word)
    except OSError as err:
        raise coded(DictionaryError(f"cannot read {path}: {err.strerror}"), "dictionary_unreadable", path=path,
                    problem=err.strerror) from None


def _capped_lines(handle) -> Iterator[bytes]:
    """Yield the lines of a binary file, each cut to _MAX_LINE_BYTES (the rest of a longer line skipped)."""
    while line := handle.readline(_MAX_LINE_BYTES):
        if len(line) == _MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := handle.readline(_MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
        yield line


class FoldReport:
    """Counts of words kept and dropped (by reason) while folding a word list."""

    def __init__(self) -> None:
        self.read = 0
        self.dropped: Counter[str] = Counter()

    @property
    def dropped_total(self) -> int:
        """Return how many words were dropped for any reason."""
        return sum(self.dropped.values())


def fold_words(words: Iterable[str], fold: Callable[[str], str],
               in_alphabet: Callable[[str], bool],
               report: FoldReport | None = None) -> set[str]:
    """Return the distinct folded words of length >= 2 spelled in the alphabet."""
    report = report if report is not None else FoldReport()
    kept: set[str] = set()
    for word in words:
        report.read += 1
        folded = fold(word)
        if len(folded) < 2:
            report.dropped["shorter than 2 letters"] += 1
        elif len(folded) > MAX_WORD_LETTERS:
            report.dropped[f"longer than {MAX_WORD_LETTERS} letters"] += 1
        elif not in_alphabet(folded):
            report.dropped["not in the alphabet"] += 1
        elif folded in kept:
            report.dropped["duplicate after folding"] += 1
        else:
            kept.add(folded)
    return kept


def expand_hunspell(dic_path: str | os.PathLike) -> Iterator[str]:
    """Yield every word form of a hunspell .dic (with its .aff beside it), expanded by ``ruzzle_gui.hunspell``."""
    dic_path = os.fspath(dic_path)
    aff_path = os.path.splitext(dic_path)[0] + ".aff"
    for needed in (dic_path, aff_path):
        if not os.path.isfile(needed):
            raise coded(DictionaryError(f"hunspell file not found: {needed}"), "hunspell_not_found", path=needed)
    from ruzzle_gui import hunspell  # re and dataclasses: only for hunspell, too slow for every command

    with open(dic_path, "rb") as dic, open(aff_path, "rb") as aff:
        dic_raw, aff_raw = dic.read(), aff.read()
    try:
        yield from hunspell.expand(dic_raw, aff_raw)
    except hunspell.HunspellError as err:
        if "charset" in err.values:
            where = "" if err.line is None else f" (line {err.line})"
            raise coded(DictionaryError(f"{aff_path} {err}{where}"), "hunspell_charset", path=aff_path,
                        **err.values) from None
        # The app compiles no hunspell dictionary: only the command line, in English, says this.
        raise DictionaryError(f"{dic_path if err.in_dic else aff_path}, line {err.line}: {err}") from None
