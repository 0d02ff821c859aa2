"""PrefixIndex: what it says of every string matches the word list, in memory, on disk and in the fallback."""
from __future__ import annotations

import os
import random
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.dictionary import (HAS_LONGER, IS_WORD, DictionaryError, PrefixIndex, bundled_path, compile_words,
                                   index_path, load_byte_trie, load_index)

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


@settings(max_examples=60, deadline=None)
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
    assert index_path(path).is_file()
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
    index = index_path(path)
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
