"""PrefixIndex: what it says of every string matches the word list, in memory, on disk and in the fallback."""
from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.dictionary import (
    HAS_LONGER,
    IS_WORD,
    DictionaryError,
    PrefixIndex,
    bundled_path,
    compile_words,
    content_digest,
    index_path,
    load_byte_trie,
    load_index,
    load_trie,
)

from helpers import examples

CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")


def expected_bits(key: bytes, words: set[bytes]) -> int:
    """Return what the index must say of ``key``, worked out from the word set by brute force."""
    longer = any(word.startswith(key) and word != key for word in words)
    return (IS_WORD if key in words else 0) | (HAS_LONGER if longer else 0)


def probes(words: set[bytes], rng: random.Random) -> set[bytes]:
    """Return every prefix of every word (whole letters), the words, and strings one letter off them."""
    texts = [word.decode() for word in words]
    keys = {text[:end] for text in texts for end in range(1, len(text) + 1)}
    return {key.encode() for key in keys | {key + rng.choice("ABCZЖ") for key in keys} | {"Q", "ZZZZ", "Я"}}


def compiled(tmp_path, words: set[bytes]):
    """Compile ``words`` into tmp_path and return the path of the .marisa."""
    path = tmp_path / "words.marisa"
    compile_words(sorted(word.decode() for word in words), path)
    return path


# Two-byte letters too (Cyrillic), so the index is checked on UTF-8 letter boundaries.
LETTERS = "ABCЖЯ"
word_sets = st.sets(st.text(LETTERS, min_size=2, max_size=7).map(str.encode), min_size=1, max_size=40)


def next_letters(index: PrefixIndex, key: bytes) -> set[str]:
    """Return the letters ``index`` says words go on with after the stem ``key``."""
    found = index.find(key)
    value = 0 if found is None else index.nexts[found]
    return {letter for letter, bit in index.letter_bits.items() if value & bit}


@settings(max_examples=examples(60), deadline=None)
@given(words=word_sets)
def test_every_index_form_agrees_with_brute_force(tmp_path_factory, words):
    path = compiled(tmp_path_factory.mktemp("index"), words)
    forms = {"memory": PrefixIndex.from_words(words), "file": load_index(path),
             "fallback": PrefixIndex.from_trie(load_byte_trie(path), LETTERS)}
    texts = [word.decode() for word in words]
    for key in probes(words, random.Random(len(words))):
        want = expected_bits(key, words)
        text = key.decode()
        follow = {word[len(text)] for word in texts if len(word) > len(text) and word.startswith(text)}
        for name, index in forms.items():
            assert index.state(key) == want, f"{name} index on {key!r}"
            assert next_letters(index, key) == follow, f"{name} index, letters after {key!r}"
    for name in ("memory", "file"):
        assert set(forms[name].letters) == {letter for text in texts for letter in text}, name
        assert forms[name].longest == max(map(len, texts)), name


def test_compile_writes_an_index_that_loads(tmp_path):
    path = compiled(tmp_path, {b"CASA", b"CASE", b"CASERTA"})
    assert os.path.isfile(index_path(path))
    index = load_index(path)
    assert index.state(b"CAS") == HAS_LONGER
    assert index.state(b"CASE") == IS_WORD | HAS_LONGER
    assert index.state(b"CASA") == IS_WORD
    assert index.state(b"CAX") == 0


@pytest.mark.parametrize("damage", ["missing", "empty", "truncated", "cut in the middle", "random bytes",
                                    "a flipped byte", "older format"])
def test_unusable_index_is_ignored_and_solving_stays_right(tmp_path, damage):
    words = ["CASA", "CASE", "ASCE", "SEAC", "ACE"]
    folder = tmp_path / "lang"
    folder.mkdir()
    path = folder / "words.marisa"
    compile_words(words, path)
    index = Path(index_path(path))
    if damage == "missing":
        index.unlink()
    elif damage == "empty":
        index.write_bytes(b"")
    elif damage == "truncated":
        index.write_bytes(index.read_bytes()[:-7])
    elif damage == "cut in the middle":
        data = index.read_bytes()
        index.write_bytes(data[:len(data) // 2] + data[len(data) // 2 + 3:])
    elif damage == "older format":
        data = bytearray(index.read_bytes())
        data[-88:-80] = b"RZINDEX2"  # the magic that opens the 88-byte footer, as the last format had it
        index.write_bytes(bytes(data))
    elif damage == "a flipped byte":
        data = bytearray(index.read_bytes())
        data[len(data) // 3] ^= 0x40  # the index's own checksum no longer matches: it vouches for nothing
        index.write_bytes(bytes(data))
    elif damage == "random bytes":
        index.write_bytes(os.urandom(4000))
    else:
        index.write_bytes(os.urandom(4000))
    assert load_index(path) is None
    toml = folder / "tt.toml"
    toml.write_text('code = "tt"\nname = "Test"\nalphabet = "ACES"\nfold = "unidecode"\nmin_length = 2\n'
                    'dictionary = "words.marisa"\n\n[values]\nA = 1\nC = 2\nE = 1\nS = 1\n', encoding="utf-8")
    language = load_language(str(toml))
    solutions = Graph(Board.from_letters("CASE", 2, 2), language).solve()
    assert {s.word for s in solutions} == {"CASE", "ASCE", "SEAC", "ACE"}  # CASA needs two As


@pytest.mark.parametrize("code", CODES)
def test_bundled_index_is_fresh_and_agrees_with_the_dictionary(code):
    # A compile earlier in the session drops the loaded indexes (dictionary._forget_loaded),
    # not the cached languages holding the old ones: start from a fresh language.
    load_language.cache_clear()
    index = load_index(bundled_path(code))
    assert index is not None, f"mt_languages/{code}.index is missing or stale: rebuild it with compile_words"
    assert load_language(code).prefix_index is index
    trie = load_byte_trie(bundled_path(code))
    alphabet = load_language(code).alphabet
    assert set(index.letters) <= set(alphabet)
    reference = PrefixIndex.from_trie(trie, alphabet)
    rng = random.Random(code)
    words = [trie.restore_key(key_id) for key_id in rng.sample(range(len(trie)), 300)]
    for word in words:
        text = word.decode()
        assert len(text) <= index.longest
        for key in {text[:end].encode() for end in range(len(text) + 1)} | {word + rng.choice(alphabet).encode()}:
            assert index.state(key) == reference.state(key), key.decode()
            assert next_letters(index, key) == next_letters(reference, key), key.decode()


def test_too_many_letters_for_an_index_still_compiles_the_dictionary(tmp_path):
    words = [chr(0x4E00 + k) * 2 for k in range(64)]  # 64 different letters: one more than an index holds
    path = tmp_path / "words.marisa"
    with pytest.raises(DictionaryError, match="64 different letters; an index holds 63"):
        compile_words(words, path)
    assert load_byte_trie(path).get(words[0].encode()) is not None
    assert load_index(path) is None


# ---------------------------------------------------------------- checksums: damaged, stale and swapped files

def footer_of(index) -> dict:
    """Return the fields of an index file's footer by name (read straight from the bytes)."""
    import struct

    data = Path(index).read_bytes()
    fields = struct.unpack("<8sQQQQQII16s16s", data[-88:])
    names = ("magic", "word_count", "word_bytes", "keys", "start", "width", "letters_size", "longest",
             "marisa_digest", "index_digest")
    return {**dict(zip(names, fields)), "body": data[:-16]}


@pytest.mark.parametrize("code", CODES)
def test_bundled_dictionary_matches_the_checksum_in_its_index(code):
    import hashlib

    footer = footer_of(index_path(bundled_path(code)))
    assert footer["magic"] == b"RZINDEX3", f"rebuild mt_languages/{code}.index with write_index"
    assert footer["marisa_digest"] == content_digest(bundled_path(code)), f"mt_languages/{code}.index is stale"
    assert footer["index_digest"] == hashlib.sha256(footer["body"]).digest()[:16], f"{code}.index is damaged"


def same_size_pair(tmp_path):
    """Compile two word lists one word apart whose .marisa files have the same word count and size."""
    base = ["CASA", "CASE", "ASCE", "SEAC", "ACE"]
    first = tmp_path / "a" / "words.marisa"
    first.parent.mkdir()
    compile_words(base, first)
    for swap in ("ACES", "CESA", "SACE", "ECAS"):
        second = tmp_path / swap / "words.marisa"
        second.parent.mkdir()
        compile_words([*base[:-1], swap], second)
        if second.stat().st_size == first.stat().st_size:
            return first, second
    raise AssertionError("no one-word edit kept the size")


def test_a_one_word_edit_under_a_stale_index_is_refused(tmp_path):
    first, second = same_size_pair(tmp_path)
    shutil.copy(second, first)  # edited with another tool: count and size kept, the index left as it was
    language = load_language(str(write_test_toml(first.parent, first.name)))
    with pytest.raises(DictionaryError, match=r"words.marisa does not match the checksum in words.index: it was "
                                              r"damaged or changed after compiling; compile it again"):
        Graph(Board.from_letters("CASE", 2, 2), language).solve()


def test_an_index_swapped_in_from_another_dictionary_is_refused(tmp_path):
    path = tmp_path / "words.marisa"
    compile_words(["CASA", "CASE"], path)
    compile_words(["CASA", "CASE", "ZZ"], tmp_path / "other.marisa")
    shutil.copy(index_path(tmp_path / "other.marisa"), index_path(path))
    with pytest.raises(DictionaryError, match="does not match the checksum"):
        load_trie(path)


def test_a_failed_index_write_removes_the_old_index_and_says_so(tmp_path):
    path = tmp_path / "words.marisa"
    compile_words(["CASA", "CASE"], path)
    words = [chr(0x4E00 + k) * 2 for k in range(64)]  # too many letters: this time no index can be written
    with pytest.raises(DictionaryError, match=r"but not its index .*removed the old words.index; it still works"):
        compile_words(words, path)
    assert not os.path.exists(index_path(path))
    assert len(load_trie(path)) == 64


def test_a_foreign_file_named_like_the_index_is_left_alone_on_failure(tmp_path):
    path = tmp_path / "words.marisa"
    Path(index_path(path)).write_text("my notes\n")
    with pytest.raises(DictionaryError, match="it still works"):
        compile_words([chr(0x4E00 + k) * 2 for k in range(64)], path)
    assert Path(index_path(path)).read_text() == "my notes\n"


def write_test_toml(folder, dictionary: str):
    """Write a test language over ``dictionary`` (in ``folder``) and return the TOML path."""
    toml = folder / "tt.toml"
    toml.write_text('code = "tt"\nname = "Test"\nalphabet = "ACESZ"\nfold = "unidecode"\nmin_length = 2\n'
                    f'dictionary = "{dictionary}"\n\n[values]\nA = 1\nC = 2\nE = 1\nS = 1\nZ = 8\n',
                    encoding="utf-8")
    return toml


# One child process loads many damaged dictionaries through the public API and
# reports; a signal kills only it, and fails the test instead of the suite.
MUTANT_RUNNER = r"""
import random, shutil, sys
from pathlib import Path
from ruzzle_gui import Board, DictionaryError, Graph, load_language
from ruzzle_gui.dictionary import index_path

source, work, count, keep_index = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
data, rng = source.read_bytes(), random.Random(7)
refused = 0
for trial in range(count):
    damaged = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 8))):
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
    path = work / f"m{trial}.marisa"
    path.write_bytes(damaged)
    if keep_index:
        shutil.copy(index_path(source), index_path(path))
    try:
        language = load_language("it", dictionary=str(path))
        Graph(Board.from_letters("CASAMAREBUSTIOLE"), language).solve()
        language.random_letters(16)
    except DictionaryError as err:
        assert "\n" not in str(err), err
        refused += 1
print(refused)
"""


def random_words(count: int) -> list[str]:
    """Return ``count`` pseudo-random Italian-alphabet words (the same every run)."""
    rng = random.Random(1)
    return sorted({"".join(rng.choice("ABCDEFGHILMNOPRSTUVZ") for _ in range(rng.randint(2, 9)))
                   for _ in range(count)})


@pytest.mark.slow  # dictionary fuzzing: damaged copies opened in child processes
@pytest.mark.parametrize("keep_index", [True, False], ids=["with its index", "no index"])
def test_damaged_user_dictionaries_never_crash_the_process(tmp_path, keep_index):
    import subprocess
    import sys

    source = tmp_path / "base.marisa"
    compile_words(random_words(2000), source)
    result = subprocess.run([sys.executable, "-c", MUTANT_RUNNER, str(source), str(tmp_path), "30",
                             "1" if keep_index else "0"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    if keep_index:
        assert int(result.stdout) == 30  # every flip is caught by the checksum
