"""Languages: alphabet, letter values, folding rules and dictionary.

Each language is a TOML file, its pack: ruzzle_gui.language_pack finds, reads
and checks it; here it becomes a Language. Paths are plain strings: see
ruzzle_gui.files.
"""
from __future__ import annotations

import os
import unicodedata
from collections import Counter
from functools import cache, cached_property

# Names only the type checker reads: importing random or typing would cost start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

from ruzzle_gui.coded import Said, coded, said
from ruzzle_gui.dictionary import (
    DictionaryError,
    PrefixIndex,
    bundled_path,
    fold_words,
    load_byte_trie,
    load_index,
    load_trie,
    read_word_list,
)

# The pack's reading and checking, importable from here as before the split.
from ruzzle_gui.language_pack import (
    LanguageError,
    bundled_language_file,
    config_dir,
    is_language_code,
    known_languages,
    language_data,
    read_toml,
    user_language_dir,
    validate,
)

__all__ = ["Language", "LanguageError", "load_language", "known_languages", "config_dir", "user_language_dir",
           "bundled_language_file", "is_language_code"]

FREQUENCY_SAMPLE = 20_000
# Words checked for letters outside the alphabet when a dictionary has no index to list its letters.
ALPHABET_SAMPLE = 2_000


# The bundled languages' names in English, for the command line's messages (``name`` is the language's own).
ENGLISH_NAMES = {"en": "English", "it": "Italian", "es": "Spanish", "de": "German", "fr": "French", "nl": "Dutch",
                 "pt": "Portuguese", "ru": "Russian"}


class Language:
    """One language: its alphabet, letter values, folding and dictionary."""

    def __init__(self, data: dict, dictionary: str | os.PathLike | None = None) -> None:
        self.code: str = data["code"]
        self.name: str = data["name"]
        self.alphabet: str = data["alphabet"]
        self.values: dict[str, int] = dict(data["values"])
        self.min_length: int = data["min_length"]
        self.fold_mode: str = data["fold"]
        self.fold_replace: dict[str, str] = dict(data.get("fold_replace", {}))
        # Rules apply to upper-cased text, so a rule for "ё" works as one for "Ё".
        self._rules = [(old.upper(), new) for old, new in self.fold_replace.items() if old]
        source = data.get("values_source", {})
        self.values_source: str = source.get("source", "unknown")
        self.confidence: str = source.get("confidence", "unknown")
        self.values_notes: str = source.get("notes", "")
        self.demo_board: str = data.get("demo", {}).get("board", "")
        self.dictionary_path: str = bundled_path(self.code) if dictionary is None else os.fspath(dictionary)
        self._letters = frozenset(self.alphabet)
        self._fold_cache: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"Language({self.code!r}, {self.name!r})"

    @property
    def english_name(self) -> str:
        """Return the language's name in English, as the command line says it (else its own name)."""
        return ENGLISH_NAMES.get(self.code, self.name)

    def fold(self, text: str) -> str:
        """Return ``text`` folded into this language's upper-case letters.

        Accents typed as a letter plus a combining mark (as macOS writes them)
        are composed first; fold_replace rules apply to the whole upper-cased
        text, ASCII or not, so QUA and QUÉ fold alike.
        """
        if not text.isascii():
            text = unicodedata.normalize("NFC", text)
        text = text.upper()
        for old, new in self._rules:
            text = text.replace(old, new)
        if text.isascii():
            return text
        return "".join(self._fold_char(ch) for ch in text)

    def _fold_char(self, ch: str) -> str:
        """Return one upper-case character folded, remembering the answer."""
        folded = self._fold_cache.get(ch)
        if folded is None:
            folded = ch
            # Transliterate only Latin letters: a Cyrillic letter typed into an
            # Italian board must be refused, not silently turned into Latin.
            if self.fold_mode == "unidecode" and "LATIN" in unicodedata.name(ch, ""):
                from unidecode import unidecode  # imports typing: only accents pay for it

                folded = unidecode(ch).upper()
            self._fold_cache[ch] = folded
        return folded

    def in_alphabet(self, word: str) -> bool:
        """Return True if every character of ``word`` is a letter of the alphabet."""
        return all(ch in self._letters for ch in word)

    def fold_letter(self, text: str) -> str | None:
        """Return ``text`` folded to exactly one alphabet letter, or None."""
        folded = self.fold(text)
        return folded if len(folded) == 1 and folded in self._letters else None

    @cached_property
    def trie(self):
        """Return this language's dictionary trie (loaded on first use, then cached)."""
        path = self.dictionary_path
        if not _is_compiled(path):
            return _trie_from_word_list(path, self)
        trie = load_trie(path)
        self._check_alphabet(trie)
        return trie

    @cached_property
    def byte_trie(self):
        """Return the dictionary with UTF-8 byte keys: look-ups skip an encode and a decode."""
        trie = self.trie
        if _is_compiled(self.dictionary_path):
            return load_byte_trie(self.dictionary_path)
        import marisa_trie

        return marisa_trie.BinaryTrie().frombytes(trie.tobytes())

    @cached_property
    def prefix_index(self) -> PrefixIndex:
        """Return the index the solver looks prefixes up in: the mapped .index, or one built here."""
        path, trie = self.dictionary_path, self.byte_trie  # byte_trie checks the dictionary's alphabet
        if not _is_compiled(path):
            return PrefixIndex.from_words(trie.iterkeys())
        # A .marisa from elsewhere may come without its index: answer from the trie.
        return load_index(path) or PrefixIndex.from_trie(trie, self.alphabet)

    def _check_alphabet(self, trie) -> None:
        """Raise DictionaryError if words of a compiled dictionary use letters outside the alphabet.

        Its index lists every letter its words use, so the check costs nothing;
        without one, a sample of words is checked. Only a dictionary found at
        fault is read through, to count its words out of the alphabet.
        """
        index = load_index(self.dictionary_path)
        if index is not None:
            suspect = not self._letters.issuperset(index.letters)
        else:
            step = max(len(trie) // ALPHABET_SAMPLE, 1)
            suspect = not all(self.in_alphabet(trie.restore_key(key_id)) for key_id in range(0, len(trie), step))
        problem = self._alphabet_problem if suspect else None
        if problem:
            code, values = problem.parts[0]
            raise coded(DictionaryError(problem), code, **dict(values))  # codes: said in _alphabet_problem

    @cached_property
    def _alphabet_problem(self) -> Said | None:
        """Return what is wrong with a compiled dictionary whose words use letters outside the alphabet, or None."""
        import re  # only a dictionary found at fault pays for it

        trie = load_trie(self.dictionary_path)
        # Regular expressions over all the words at once run at C speed.
        words, letters = "\n".join(trie.iterkeys()), re.escape(self.alphabet)
        inside = len(re.findall(f"^[{letters}]*$", words, re.MULTILINE))
        example = re.search(f"^.*[^{letters}\n].*$", words, re.MULTILINE)
        if example is None:
            return None
        path = self.dictionary_path
        named = {"path": path, "language": self.english_name, "language_code": self.code, "example": example.group()}
        if inside == 0:
            return said(f"{path}: none of its {len(trie):,} words is spelled in the {self.english_name} alphabet (such "
                        f"as '{example.group()}'): it is a dictionary for another language; give it with that "
                        f"language's -l, or compile a word list with: ruzzle compile -l {self.code} -d WORDS -o "
                        f"OUT.marisa", "dictionary_other_language", count=len(trie), code=self.code, **named)
        fixed = f"{os.path.splitext(path)[0]}-{self.code}.marisa"
        return said(f"{path}: {len(trie) - inside:,} of {len(trie):,} words use letters outside the "
                    f"{self.english_name} alphabet (such as '{example.group()}'), so they can never be found; "
                    f"fold them into it with: ruzzle compile -l {self.code} -d {path} -o {fixed}",
                    "dictionary_outside_alphabet", outside=len(trie) - inside, count=len(trie), code=self.code,
                    fixed=fixed, **named)

    @cached_property
    def letter_frequencies(self) -> dict[str, float]:
        """Return letter frequencies measured on a fixed sample of dictionary words."""
        import random

        trie = self.trie
        rng = random.Random(0)
        ids = range(len(trie)) if len(trie) <= FREQUENCY_SAMPLE else rng.sample(range(len(trie)), FREQUENCY_SAMPLE)
        counts = Counter(ch for key_id in ids for ch in trie.restore_key(key_id))
        total = sum(counts[ch] for ch in self.alphabet)
        if total == 0:
            raise coded(DictionaryError(f"{self.dictionary_path} has no letters of the {self.english_name} alphabet"),
                        "dictionary_no_letters", path=self.dictionary_path, language=self.english_name,
                        language_code=self.code)
        return {ch: counts[ch] / total for ch in self.alphabet}

    def random_letters(self, count: int, rng: random.Random | None = None) -> list[str]:
        """Return ``count`` letters drawn from the dictionary's letter frequencies."""
        if rng is None:
            import random

            rng = random.Random()
        freqs = self.letter_frequencies
        return rng.choices(list(freqs), weights=list(freqs.values()), k=count)

    def word_count(self) -> int:
        """Return how many words the dictionary holds."""
        return len(self.trie)


def _is_compiled(path: str) -> bool:
    """Return True for a compiled .marisa dictionary, False for a plain word list."""
    return os.path.splitext(path)[1] == ".marisa"


def _trie_from_word_list(path: str, language: Language):
    """Return an in-memory trie of a plain word list folded for ``language``."""
    import marisa_trie

    words = fold_words(read_word_list(path), language.fold, language.in_alphabet)
    if not words:
        raise coded(DictionaryError(f"{path} has no words spelled in the {language.english_name} alphabet"),
                    "dictionary_no_words_in_alphabet", path=path, language=language.english_name,
                    language_code=language.code)
    return marisa_trie.Trie(words)


def _check_demo(language: Language, label: str) -> None:
    """Raise LanguageError if the language's demo board does not parse in its own alphabet."""
    from ruzzle_gui.board import Board, BoardError

    if language.demo_board:
        try:
            Board.parse(language.demo_board, language)
        except BoardError as err:
            raise coded(LanguageError(f"language file {label}: key 'demo.board': {err}"), "language_demo",
                        file=label, problem=err) from None


@cache
def load_language(code: str, dictionary: str | os.PathLike | None = None) -> Language:
    """Return the language for a code (or a path to a .toml file), cached.

    ``dictionary`` replaces the bundled dictionary with a ``.marisa`` file or a
    plain UTF-8 word list (folded with the language's rules).
    """
    code = os.fspath(code)
    source: str | None
    if code.endswith(".toml"):
        data, label, source = read_toml(code, code), code, code
    else:
        data, source = language_data(code)
        label = source or f"{code}.toml"
    validate(data, label)
    if dictionary is None and "dictionary" in data and source is not None:
        dictionary = os.path.join(os.path.dirname(os.path.realpath(source)), data["dictionary"])
    language = Language(data, dictionary)
    _check_demo(language, label)
    return language
