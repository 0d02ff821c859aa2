"""Language packs, folding, user languages and dictionaries (good and bad)."""
from __future__ import annotations

import os

import marisa_trie
import pytest

from ruzzle_gui import Board, DictionaryError, Graph, LanguageError, known_languages, load_language
from ruzzle_gui.dictionary import (
    FoldReport,
    bundled_path,
    compile_words,
    expand_hunspell,
    fold_words,
    index_path,
    load_trie,
    read_word_list,
)

CODES = ["de", "en", "es", "fr", "it", "nl", "pt", "ru"]


def test_every_bundled_language_is_known_and_loads():
    assert set(CODES) <= set(known_languages())
    for code in CODES:
        language = load_language(code)
        assert language.code == code
        assert set(language.values) == set(language.alphabet)
        assert language.confidence in {"high", "medium", "low"}
        assert language.word_count() > 10_000


def test_unknown_language_lists_the_known_ones():
    with pytest.raises(LanguageError, match="unknown language 'xx'; known languages: de, en, es, fr, it"):
        load_language("xx")


@pytest.mark.parametrize(("code", "text", "folded"), [
    ("it", "città", "CITTA"),
    ("de", "straße", "STRASSE"),
    ("es", "niño", "NINO"),
    ("fr", "garçon", "GARCON"),
    ("fr", "cœur", "COEUR"),
    ("pt", "ação", "ACAO"),
    ("ru", "ёлка", "ЕЛКА"),
    ("ru", "йод", "ЙОД"),
])
def test_folding(code, text, folded):
    assert load_language(code).fold(text) == folded


def test_latin_languages_do_not_transliterate_other_scripts():
    italian = load_language("it")
    assert italian.fold_letter("д") is None
    assert italian.fold_letter("è") == "E"
    assert load_language("ru").fold_letter("d") is None


def test_letter_values_match_the_published_tables():
    assert load_language("en").values["Q"] == 10 and load_language("en").values["K"] == 5
    assert load_language("it").values["G"] == 8 and load_language("it").values["Z"] == 8
    russian = load_language("ru")
    assert (russian.values["О"], russian.values["Ф"], russian.values["Ы"]) == (1, 10, 4)
    assert russian.min_length == 3


def test_letter_frequencies_come_from_the_dictionary():
    freqs = load_language("it").letter_frequencies
    assert abs(sum(freqs.values()) - 1) < 1e-9
    # In Italian words vowels are common and the foreign letters nearly absent.
    assert freqs["A"] > freqs["Z"] > freqs["K"]
    assert freqs["W"] < 0.001


def test_bundled_trie_is_loaded_once_and_cached():
    load_trie.cache_clear()
    trie = load_trie(bundled_path("it"))
    assert len(trie) > 100_000
    assert load_trie(bundled_path("it")) is trie


def test_user_file_overrides_letter_values(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "ruzzle_gui" / "languages"
    folder.mkdir(parents=True)
    (folder / "en.toml").write_text('[values]\nQ = 5\n', encoding="utf-8")
    load_language.cache_clear()
    try:
        english = load_language("en")
        assert english.values["Q"] == 5 and english.values["Z"] == 10
    finally:
        load_language.cache_clear()


def test_user_can_add_a_language(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "ruzzle_gui" / "languages"
    folder.mkdir(parents=True)
    (folder / "words.txt").write_text("ab\nba\nabba\n", encoding="utf-8")
    (folder / "xb.toml").write_text(
        'code = "xb"\nname = "AB"\nalphabet = "AB"\nfold = "unidecode"\nmin_length = 2\n'
        'dictionary = "words.txt"\n[values]\nA = 1\nB = 2\n', encoding="utf-8")
    load_language.cache_clear()
    try:
        assert "xb" in known_languages()
        words = {s.word for s in Graph(Board.from_letters("ABBA", rows=2), "xb").solve()}
        assert words == {"AB", "BA", "ABBA"}
    finally:
        load_language.cache_clear()


@pytest.mark.parametrize(("body", "message"), [
    ('name = "X"\nalphabet = "AB"\nfold = "upper"\nmin_length = 2\n[values]\nA = 1\nB = 1\n', "missing key 'code'"),
    ('code = "x"\nname = "X"\nalphabet = "AB"\nfold = "rot13"\nmin_length = 2\n[values]\nA = 1\nB = 1\n', "key 'fold'"),
    ('code = "x"\nname = "X"\nalphabet = "AB"\nfold = "upper"\nmin_length = 2\n[values]\nA = 1\n', "key 'values.B'"),
    ('code = "x"\nname = "X"\nalphabet = "AB"\nfold = "upper"\nmin_length = "2"\n[values]\nA = 1\nB = 1\n',
     "key 'min_length' must be a whole number"),
    ('code = "x"\nname = "X"\nalphabet = "AB"\nfold = "upper"\nmin_length = 2\n[values]\nA = 1\nB = 1\n'
     '[demo]\nboard = "A 7"\n', "key 'demo.board': line 1, cell 2: '7' is not a letter"),
    ('code = "x"\nname = "X"\nalphabet = "AB"\nfold = "upper"\nmin_length = 2\ncolour = 1\n[values]\nA = 1\nB = 1\n',
     "unknown key 'colour'"),
    ('code = "x"\nname = \n', "not valid TOML"),
])
def test_invalid_language_file_names_the_bad_key(tmp_path, body, message):
    path = tmp_path / "x.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(LanguageError, match=message):
        load_language(str(path))


@pytest.mark.parametrize(("body", "message"), [
    ("values = 3\n", "key 'values' must be a table"),
    ('[fold_replace]\n"À" = 1\n', "key 'fold_replace.À' must be a string"),
    ("[demo]\nboard = 3\n", "key 'demo.board' must be a string"),
    ("[values_source]\nconfidence = 3\n", "key 'values_source.confidence' must be a string"),
    ('min_length = true\n', "key 'min_length' must be a whole number"),
])
def test_bad_user_override_names_the_key(tmp_path, monkeypatch, body, message):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "ruzzle_gui" / "languages"
    folder.mkdir(parents=True)
    (folder / "it.toml").write_text(body, encoding="utf-8")
    load_language.cache_clear()
    try:
        with pytest.raises(LanguageError, match=message):
            load_language("it")
    finally:
        load_language.cache_clear()


def test_plain_word_list_dictionary_is_folded(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("città\nCasa\nl'abaco\nx\nδέλτα\n", encoding="utf-8")
    language = load_language("it", dictionary=str(words))
    assert sorted(language.trie.keys()) == ["CASA", "CITTA"]


def test_marisa_dictionary_can_replace_the_bundled_one(tmp_path):
    path = tmp_path / "mine.marisa"
    marisa_trie.Trie(["CASA", "ASCIA"]).save(str(path))
    language = load_language("it", dictionary=str(path))
    words = {s.word for s in Graph(Board.from_letters("CASA", rows=2), language).solve()}
    assert words == {"CASA"}


@pytest.mark.parametrize(("name", "content", "message"), [
    ("corrupt.marisa", b"not a trie at all" * 10, "is not a valid .marisa dictionary"),
    ("empty.marisa", b"", "dictionary is empty"),
    ("empty.txt", b"\n\n", "has no words spelled in the Italian alphabet"),
    ("greek.txt", "δέλτα\n".encode(), "has no words spelled in the Italian alphabet"),
    ("latin1.txt", "citt\xe0\n".encode("latin-1"), "is not UTF-8 text"),
])
def test_bad_dictionaries_raise_clear_errors(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    language = load_language("it", dictionary=str(path))
    with pytest.raises(DictionaryError, match=message):
        language.trie


def test_missing_dictionary(tmp_path):
    for name in ("nowhere.marisa", "nowhere.txt"):
        with pytest.raises(DictionaryError, match="not found"):
            load_language("it", dictionary=str(tmp_path / name)).trie


def test_marisa_file_with_no_words(tmp_path):
    path = tmp_path / "none.marisa"
    marisa_trie.Trie([]).save(str(path))
    with pytest.raises(DictionaryError, match="has no words"):
        load_language("it", dictionary=str(path)).trie


def write_hunspell(folder, set_line: str):
    """Write a two-word hunspell dictionary whose .aff declares ``set_line``; return the .dic."""
    (folder / "x.aff").write_text(f"{set_line}\nSFX S Y 1\nSFX S 0 s .\n", encoding="latin-1")
    dic = folder / "x.dic"
    dic.write_text("2\ncasa/S\nmare\n", encoding="latin-1")
    return dic


def test_hunspell_expansion_maps_hunspell_charset_names(tmp_path):
    words = sorted(expand_hunspell(write_hunspell(tmp_path, "SET microsoft-cp1252")))
    assert words == ["casa", "casas", "mare"]


@pytest.mark.parametrize("set_line", ["SET klingon-8", "SET "])
def test_hunspell_unknown_charset_is_a_clear_error(tmp_path, set_line):
    with pytest.raises(DictionaryError, match="declares an unknown character set"):
        list(expand_hunspell(write_hunspell(tmp_path, set_line)))


# ---------------------------------------------------------------- hostile dictionaries and language files

def special_paths(tmp_path):
    """Return paths that are no regular file: a device, a FIFO and a folder."""
    import os

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.marisa"
    folder.mkdir()
    return {"device": "/dev/zero", "fifo": str(fifo), "folder": str(folder)}


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_a_dictionary_that_is_no_regular_file_is_refused_without_reading_it(tmp_path, kind):
    path = special_paths(tmp_path)[kind]
    with pytest.raises(DictionaryError, match="not a regular file|is a folder"):
        load_language("it", dictionary=path).trie  # a FIFO would block, /dev/zero would grow without end
    with pytest.raises(DictionaryError, match="not a regular file|is a folder"):
        list(read_word_list(path))


def test_languages_lists_a_user_language_whose_dictionary_is_a_fifo(tmp_path):
    import os
    import subprocess
    import sys

    folder = tmp_path / "ruzzle_gui" / "languages"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "words.txt")
    (folder / "zz.toml").write_text('code = "zz"\nname = "Zeta"\nalphabet = "AB"\nfold = "upper"\n'
                                    'min_length = 2\ndictionary = "words.txt"\n[values]\nA = 1\nB = 2\n')
    result = subprocess.run([sys.executable, "-m", "ruzzle_gui", "languages"], capture_output=True, text=True,
                            timeout=60, env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path)})
    assert "Traceback" not in result.stderr
    assert any(line.startswith("zz ") for line in result.stdout.splitlines())


def test_overlong_lines_are_dropped_and_counted(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("casa\n" + "a" * 200_000 + "\n" + "b" * 65 + "\nmare\n", encoding="utf-8")
    report = FoldReport()
    kept = fold_words(read_word_list(path), str.upper, str.isalpha, report)
    assert kept == {"CASA", "MARE"}
    assert report.dropped["longer than 64 letters"] == 2


def test_a_word_list_with_a_bom_and_decomposed_accents_keeps_every_word(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("\ufeffcasa\ncitta\u0300\n".encode())
    assert list(read_word_list(path)) == ["casa", "città"]
    assert sorted(load_language("it", dictionary=str(path)).trie.keys()) == ["CASA", "CITTA"]


def test_a_dictionary_in_another_alphabet_says_how_to_fix_it():
    language = load_language("it", dictionary=str(bundled_path("ru")))
    pattern = (r"ru.marisa: none of its [\d,]+ words is spelled in the Italian alphabet \(such as '.+'\): it is a "
               r"dictionary for another language; .*ruzzle compile -l it -d WORDS")
    with pytest.raises(DictionaryError, match=pattern):
        Graph(Board.from_letters("CASAMAREBUSTIOLE"), language).solve()
    with pytest.raises(DictionaryError, match=pattern):
        language.random_letters(16)
    with pytest.raises(DictionaryError, match=pattern):
        Board.random(load_language("it", dictionary=str(bundled_path("ru"))))


@pytest.mark.parametrize("indexed", [True, False])
def test_accented_keys_compiled_without_a_language_are_counted(tmp_path, indexed):
    path = tmp_path / "mine.marisa"
    compile_words(["CASA", "CITTÀ", "MARE"], path)
    if not indexed:
        os.unlink(index_path(path))
    with pytest.raises(DictionaryError, match=r"1 of 3 words use letters outside the Italian alphabet "
                                              r"\(such as 'CITTÀ'\).*ruzzle compile -l it -d"):
        load_language("it", dictionary=str(path)).trie


def user_language(tmp_path, monkeypatch, name: str, body: bytes | str):
    """Write a user language file ``name`` and point the config folder at it."""
    folder = tmp_path / "ruzzle_gui" / "languages"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(body.encode() if isinstance(body, str) else body)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    load_language.cache_clear()
    return folder / name


@pytest.mark.parametrize(("body", "message"), [
    ("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ("[values]\nQ = " + "9" * 5000 + "\n", "holds a value out of range"),
    ("[values]\nQ = 5\n" + "#" * (2 << 20) + "\n", "larger than 1 MB"),
])
def test_pathological_toml_is_a_language_error_naming_the_file(tmp_path, monkeypatch, body, message):
    user_language(tmp_path, monkeypatch, "it.toml", body)
    with pytest.raises(LanguageError, match=f"it.toml.*{message}"):
        load_language("it")
    load_language.cache_clear()


def test_a_language_file_with_a_bom_loads(tmp_path, monkeypatch):
    user_language(tmp_path, monkeypatch, "it.toml", b"\xef\xbb\xbf[values]\nQ = 5\n")
    assert load_language("it").values["Q"] == 5
    load_language.cache_clear()


def test_a_user_file_named_x_toml_toml_is_never_read_from_the_current_folder(tmp_path, monkeypatch):
    user_language(tmp_path, monkeypatch, "x.toml.toml", 'code = "x"\n')
    decoy = tmp_path / "cwd"
    decoy.mkdir()
    (decoy / "x.toml").write_text("this = is not [valid")
    monkeypatch.chdir(decoy)
    assert "x.toml" not in known_languages()
    with pytest.raises(LanguageError, match="unknown language"):
        load_language("../x")
    load_language.cache_clear()


@pytest.mark.parametrize(("rule", "texts", "folded"), [
    ('"Q" = "K"', ["QUA", "QUÉ", "qua", "qué"], ["KUA", "KUE", "KUA", "KUE"]),
    ('"QU" = "K"', ["QUA", "QUÉ"], ["KA", "KE"]),
])
def test_fold_replace_applies_to_ascii_and_accented_text_alike(tmp_path, rule, texts, folded):
    toml = tmp_path / "tt.toml"
    toml.write_text('code = "tt"\nname = "Test"\nalphabet = "AEKQU"\nfold = "unidecode"\nmin_length = 2\n'
                    f'[fold_replace]\n{rule}\n[values]\nA = 1\nE = 1\nK = 5\nQ = 10\nU = 1\n', encoding="utf-8")
    language = load_language(str(toml))
    assert [language.fold(text) for text in texts] == folded


def test_decomposed_accents_fold_like_composed_ones():
    italian = load_language("it")
    assert italian.fold("citta\u0300") == italian.fold("città") == "CITTA"
    assert italian.fold_letter("e\u0300") == "E"
    assert load_language("ru").fold("е\u0308лка") == "ЕЛКА"  # е + combining diaeresis is Ё
