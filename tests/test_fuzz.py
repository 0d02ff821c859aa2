"""Fuzz every entry point with random and damaged input: only documented errors may escape, no process may die.

Boards, word lists and language files are fuzzed in-process with hypothesis.
Damaged .marisa and .index files are loaded in a child process, which runs
many mutants in a loop and reports, so a segfault fails a test instead of
killing the suite.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruzzle_gui import Board, BoardError, DictionaryError, Graph, LanguageError, load_language
from ruzzle_gui.dictionary import FoldReport, compile_words, fold_words, read_word_list

from helpers import examples

DOCUMENTED = (BoardError, LanguageError, DictionaryError)
# Fuzzing: a few hundred examples each, and damaged dictionaries opened in child processes.
pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Board-ish text: letters (accented, Cyrillic, combining marks), bonus suffixes,
# digits, and every kind of blank and line break, so the parser meets near misses.
BOARD_PIECES = st.sampled_from(["A", "e", "è", "e\u0300", "Ж", "ß", "ﬁ", "7", "#", "dl", "tw", "xx", " ", "  ",
                                "\t", "\n", "\r\n", "\f", "\v", "\u2028", "\x85", "\ufeff", "\x00", "Q"])
board_texts = st.one_of(st.text(max_size=80), st.lists(BOARD_PIECES, max_size=60).map("".join))


@FUZZ
@given(text=board_texts, code=st.sampled_from(["it", "ru", "de"]))
def test_board_text_raises_only_board_errors(text, code):
    language = load_language(code)
    try:
        board = Board.parse(text, language)
    except BoardError as err:
        assert "\n" not in str(err)
        return
    assert len(board.letters) == board.rows * board.cols
    assert Board.parse(board.to_text(), language) == board  # what parses, prints back the same


@FUZZ
@given(data=st.one_of(st.binary(max_size=120), board_texts.map(lambda text: text.encode("utf-8", "replace"))))
def test_board_bytes_raise_only_board_errors(data):
    try:
        Board.from_bytes(data, load_language("it"))
    except BoardError as err:
        assert "\n" not in str(err)


@FUZZ
@given(letters=st.one_of(st.text(max_size=20), st.lists(st.one_of(st.text(max_size=2), st.integers()), max_size=9)),
       rows=st.integers(-2, 5), cols=st.one_of(st.none(), st.integers(-2, 5)),
       bonuses=st.dictionaries(st.one_of(st.tuples(st.integers(-1, 5), st.integers(-1, 5)), st.text(max_size=2)),
                               st.one_of(st.none(), st.sampled_from(["DL", "tw", "XX", ""]), st.integers()),
                               max_size=3))
def test_from_letters_raises_only_board_errors(letters, rows, cols, bonuses):
    try:
        Board.from_letters(letters, rows, cols, bonuses=bonuses, language=load_language("it"))
    except BoardError:
        pass


WORD_PIECES = st.sampled_from(["casa", "CITTÀ", "citta\u0300", "ёлка", "\n", "\r\n", "\ufeff", " ", "\xff",
                               "\xc3", "l'abaco", "a" * 70, "\x00", "ß"])
word_list_bytes = st.one_of(st.binary(max_size=200),
                            st.lists(WORD_PIECES, max_size=40).map(lambda parts: "".join(parts).encode("utf-8")),
                            st.lists(st.sampled_from([b"casa\n", b"\xff\xfe", b"\xef\xbb\xbf", b"mare"]),
                                     max_size=10).map(b"".join))


@FUZZ
@given(data=word_list_bytes, code=st.sampled_from(["it", "ru"]))
def test_word_lists_raise_only_dictionary_errors(data, code):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"
        path.write_bytes(data)
        language = load_language(code, dictionary=str(path))
        try:
            report = FoldReport()
            kept = fold_words(read_word_list(path), language.fold, language.in_alphabet, report)
            assert all(2 <= len(word) <= 64 and language.in_alphabet(word) for word in kept)
            letters = "CASAMAREBUSTIOLE" if code == "it" else "ЁЛКАМОРЕДОМАСТОЛ"
            Graph(Board.from_letters(letters), language).solve()
        except DictionaryError as err:
            assert "\n" not in str(err)
        finally:
            load_language.cache_clear()


# Language files: near-valid TOML whose keys and values are drawn from what a
# language file holds and what it must not (wrong types, huge numbers, deep nesting).
TOML_VALUES = st.one_of(
    st.sampled_from(['"it"', '"Italiano"', '"ABC"', '"upper"', '"unidecode"', '"rot13"', '""', "2", "0", "-1",
                     "true", "1.5", "[]", "{}", '"AB"', "9" * 5000, "[" * 3000 + "]" * 3000, '"words.txt"',
                     '"/dev/zero"', '"\\u0000"', '"""\nA B\nC D\n"""']),
    st.integers().map(str), st.text(max_size=8).map(lambda text: '"' + text.encode("unicode_escape").decode()
                                                                  .replace('"', "") + '"'))
TOML_KEYS = st.sampled_from(["code", "name", "alphabet", "fold", "min_length", "dictionary", "colour"])
TOML_TABLES = st.sampled_from(["[values]\nA = 1\nB = 2\nC = 3\n", "[values]\nA = -4\n", "[fold_replace]\nÀ = 1\n",
                               "[fold_replace]\nQ = \"K\"\n", "[demo]\nboard = 3\n", "[demo]\nboard = \"A B\\nC D\"\n",
                               "[values_source]\nconfidence = \"high\"\n", "values = 3\n", "[[values]]\n", ""])
toml_texts = st.one_of(
    st.tuples(st.lists(st.tuples(TOML_KEYS, TOML_VALUES), max_size=8), st.lists(TOML_TABLES, max_size=3)).map(
        lambda parts: "".join(f"{key} = {value}\n" for key, value in parts[0]) + "".join(parts[1])),
    st.text(max_size=100))


@FUZZ
@given(text=toml_texts, bom=st.booleans(), as_user_file=st.booleans())
def test_language_files_raise_only_documented_errors(text, bom, as_user_file):
    with tempfile.TemporaryDirectory() as folder:
        languages = Path(folder) / "ruzzle_gui" / "languages"
        languages.mkdir(parents=True)
        (languages / "words.txt").write_text("abc\ncab\n", encoding="utf-8")
        path = languages / ("it.toml" if as_user_file else "x.toml")
        path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "replace"))
        old = os.environ.get("XDG_CONFIG_HOME")
        os.environ["XDG_CONFIG_HOME"] = folder
        load_language.cache_clear()
        try:
            language = load_language("it" if as_user_file else str(path))
            language.word_count()
            Graph(Board.from_letters("ABCA", rows=2), language).solve()
        except DOCUMENTED as err:
            assert "\n" not in str(err)
        finally:
            os.environ.pop("XDG_CONFIG_HOME") if old is None else os.environ.__setitem__("XDG_CONFIG_HOME", old)
            load_language.cache_clear()


# ---------------------------------------------------------------- damaged compiled files, in child processes

MUTANT_RUNNER = r"""
import random, shutil, sys
from pathlib import Path
from ruzzle_gui import Board, BoardError, DictionaryError, Graph, LanguageError, load_language
from ruzzle_gui.dictionary import index_path, load_index

work, count, seed, kind = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sources = [Path(name) for name in sys.argv[5:]]
rng = random.Random(seed)


def damage(data):
    data = bytearray(data)
    how = rng.choice(["flip", "flips", "cut", "zero run", "grow"])
    if how == "flip":
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif how == "flips":
        for _ in range(rng.randint(2, 30)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif how == "cut":
        del data[rng.randrange(len(data)):]
    elif how == "zero run":
        start = rng.randrange(len(data))
        data[start:start + rng.randint(1, 64)] = bytes(min(64, len(data) - start))
    else:
        data += bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return bytes(data)


outcomes = {}
for trial in range(count):
    source = rng.choice(sources)
    folder = work / f"m{trial}"
    folder.mkdir()
    path = folder / "words.marisa"
    marisa, index = source.read_bytes(), Path(index_path(source)).read_bytes()
    if kind == "marisa":
        marisa = damage(marisa)
    elif kind == "index":
        index = damage(index)
    elif kind == "both":
        marisa, index = damage(marisa), damage(index)
    elif kind == "swapped":
        index = Path(index_path(rng.choice([s for s in sources if s != source]))).read_bytes()
    path.write_bytes(marisa)
    if kind != "no index":
        Path(index_path(path)).write_bytes(index)
    else:
        path.write_bytes(damage(marisa))
    try:
        language = load_language("it", dictionary=str(path))
        Graph(Board.from_letters("CASAMAREBUSTIOLE"), language).solve()
        language.random_letters(16)
        outcome = "loaded"
    except (BoardError, LanguageError, DictionaryError) as err:
        assert "\n" not in str(err), err
        outcome = type(err).__name__
    outcomes[outcome] = outcomes.get(outcome, 0) + 1
print(outcomes)
"""


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> list[Path]:
    """Return three small compiled dictionaries (with indexes) to damage and swap."""
    import random

    folder, rng = tmp_path_factory.mktemp("sources"), random.Random(3)
    paths = []
    for number, size in enumerate((300, 1500, 4000)):
        words = {"".join(rng.choice("ABCDEFGHILMNOPRSTUVZ") for _ in range(rng.randint(2, 10))) for _ in range(size)}
        path = folder / f"d{number}.marisa"
        compile_words(sorted(words), path)
        paths.append(path)
    return paths


@pytest.mark.parametrize(("kind", "count"), [("marisa", 60), ("index", 25), ("both", 25), ("swapped", 10),
                                             ("no index", 25)])
def test_damaged_compiled_dictionaries_never_kill_the_process(tmp_path, sources, kind, count):
    result = subprocess.run([sys.executable, "-c", MUTANT_RUNNER, str(tmp_path), str(count), str(len(kind)), kind,
                             *map(str, sources)], capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, f"child died (status {result.returncode}): {result.stderr[-3000:]}"
    outcomes = eval(result.stdout)  # the child's own dict literal
    assert sum(outcomes.values()) == count
    if kind in ("marisa", "swapped"):
        assert set(outcomes) == {"StaleIndexError"}, outcomes  # the checksum catches every change (a DictionaryError)
