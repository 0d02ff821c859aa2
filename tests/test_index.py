"""PrefixIndex: the bits it gives every string match the word list, in memory, on disk and in the fallback."""
from __future__ import annotations

import os
import random
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.dictionary import (HAS_LONGER, IS_WORD, PrefixIndex, bundled_path, compile_words, index_path,
                                   load_byte_trie, load_index)

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
word_sets = st.sets(st.text("ABCЖЯ", min_size=2, max_size=7).map(str.encode), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(words=word_sets)
def test_every_index_form_agrees_with_brute_force(tmp_path_factory, words):
    path = compiled(tmp_path_factory.mktemp("index"), words)
    forms = {"memory": PrefixIndex.from_words(words), "file": load_index(path),
             "fallback": PrefixIndex.from_trie(load_byte_trie(path))}
    for key in probes(words, random.Random(len(words))):
        want = expected_bits(key, words)
        for name, index in forms.items():
            assert index.state(key) == want, f"{name} index on {key!r}"


def test_compile_writes_an_index_that_loads(tmp_path):
    path = compiled(tmp_path, {b"CASA", b"CASE", b"CASERTA"})
    assert index_path(path).is_file()
    index = load_index(path)
    assert index.state(b"CAS") == HAS_LONGER
    assert index.state(b"CASE") == IS_WORD | HAS_LONGER
    assert index.state(b"CASA") == IS_WORD
    assert index.state(b"CAX") == 0


@pytest.mark.parametrize("damage", ["missing", "empty", "truncated", "random bytes", "other dictionary's"])
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
    elif damage == "random bytes":
        index.write_bytes(os.urandom(4000))
    else:
        compile_words([*words, "ZZ"], tmp_path / "other.marisa")
        shutil.copy(index_path(tmp_path / "other.marisa"), index)
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
    reference = PrefixIndex.from_trie(trie)
    rng = random.Random(code)
    words = [trie.restore_key(key_id) for key_id in rng.sample(range(len(trie)), 300)]
    letters = sorted({word.decode()[:1].encode() for word in words})
    for word in words:
        text = word.decode()
        for key in {text[:end].encode() for end in range(1, len(text) + 1)} | {word + rng.choice(letters)}:
            assert index.state(key) == reference.state(key), key.decode()
