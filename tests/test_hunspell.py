"""The package's hunspell expander: its rules, and that `ruzzle compile` and the bundled build agree.

The build of the bundled dictionaries (raw_languages/build.py) and `ruzzle compile` both
expand with ruzzle_gui.hunspell; fed the same small .dic/.aff they must give the same words.
"""
from __future__ import annotations

import lzma

import pytest

from ruzzle_gui import cli, hunspell
from ruzzle_gui.dictionary import DictionaryError, expand_hunspell

from helpers import raw_module

# One rule of each kind the expander follows.
AFF = """SET UTF-8
NEEDAFFIX X
ONLYINCOMPOUND C
FORBIDDENWORD F
CIRCUMFIX Z
PFX R Y 1
PFX R 0 ri .
SFX S Y 1
SFX S 0 s .
SFX P Y 1
SFX P 0 a/S .
PFX G Y 1
PFX G 0 ge/Z .
SFX T Y 1
SFX T 0 t/Z .
SFX D Y 1
SFX D 0 l'a .
"""
DIC = "7\ncasa/SR\nmare/P\ngatt/XS\ncomp/C\nmale/F\nlieb/GT\nnotte/D\n"
FORMS = {
    "casa", "casas", "ricasa", "ricasas",  # a suffix, a prefix, and both (cross products allowed)
    "mare", "marea", "mareas",             # a second suffix from the first one's continuation flags
    "gatts",                               # NEEDAFFIX: the root alone is no word
    "lieb", "geliebt",                     # CIRCUMFIX: prefix and suffix only together
    "notte",                               # an affix adding an apostrophe is skipped
}                                          # comp (ONLYINCOMPOUND) and male (FORBIDDENWORD): nothing


def test_the_expander_follows_each_rule():
    assert set(hunspell.expand(DIC.encode(), AFF.encode())) == FORMS


def test_the_bundled_build_and_compile_give_the_same_words(tmp_path, capsys):
    sources = tmp_path / "xx"
    sources.mkdir()
    (sources / "xx_XX.dic.xz").write_bytes(lzma.compress(DIC.encode()))
    (sources / "xx_XX.aff.xz").write_bytes(lzma.compress(AFF.encode()))
    ((name, built, is_word_list),) = raw_module("build").sources(sources)
    assert (name, is_word_list) == ("xx_XX", False)

    (tmp_path / "xx.dic").write_text(DIC, encoding="utf-8")
    (tmp_path / "xx.aff").write_text(AFF, encoding="utf-8")
    out = tmp_path / "xx.marisa"
    assert cli.main(["compile", "-d", str(tmp_path / "xx.dic"), "-o", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["cat", "-d", str(out)]) == 0
    compiled = capsys.readouterr().out.split()
    assert compiled == sorted({form.upper() for form in built}) == sorted(form.upper() for form in FORMS)


def test_compile_needs_no_hunspell_tools(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no unmunch, no anything
    (tmp_path / "xx.dic").write_text(DIC, encoding="utf-8")
    (tmp_path / "xx.aff").write_text(AFF, encoding="utf-8")
    assert cli.main(["compile", "-d", str(tmp_path / "xx.dic"), "-o", str(tmp_path / "xx.marisa")]) == 0


def test_an_aff_without_a_set_line_is_read_as_hunspell_reads_it(tmp_path):
    (tmp_path / "x.aff").write_bytes("SFX S Y 1\nSFX S 0 s .\n".encode("latin-1"))
    (tmp_path / "x.dic").write_bytes("1\nniño/S\n".encode("latin-1"))
    assert sorted(expand_hunspell(tmp_path / "x.dic")) == ["niño", "niños"]


@pytest.mark.parametrize("set_line", ["SET klingon-8", "SET"])
def test_an_unknown_character_set_is_one_clear_error(tmp_path, set_line):
    (tmp_path / "x.aff").write_text(f"{set_line}\nSFX S Y 1\nSFX S 0 s .\n")
    (tmp_path / "x.dic").write_text("1\ncasa/S\n")
    with pytest.raises(DictionaryError, match=r"x\.aff declares an unknown character set"):
        list(expand_hunspell(tmp_path / "x.dic"))


def compile_hunspell(tmp_path, capsys, aff: str, dic: str = "1\ncasa/A\n") -> tuple[int, str]:
    """Return the exit code and stderr of `ruzzle compile` on x.dic and x.aff holding ``dic`` and ``aff``."""
    (tmp_path / "x.aff").write_text(aff, encoding="utf-8")
    (tmp_path / "x.dic").write_text(dic, encoding="utf-8")
    code = cli.main(["compile", "-l", "it", "-d", str(tmp_path / "x.dic"), "-o", str(tmp_path / "x.marisa")])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("condition", ["[ab", "(", "(a|aa)*c", "a+", "[]", "a]", "\\d", "a{2}", "a$"])
def test_a_condition_hunspell_would_not_read_is_one_line_naming_the_line(tmp_path, capsys, condition):
    code, err = compile_hunspell(tmp_path, capsys, f"SET UTF-8\nSFX A Y 1\nSFX A 0 re {condition}\n")
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"ruzzle: error: {tmp_path / 'x.aff'}, line 3: the condition '{condition}' ")


def test_a_condition_that_backtracked_as_a_regex_is_refused_at_once(tmp_path, capsys):
    code, err = compile_hunspell(tmp_path, capsys, "SFX A Y 1\nSFX A 0 re (a|aa)*c\n", "1\n" + "a" * 45 + "b/A\n")
    assert code == 1 and "line 2: the condition '(a|aa)*c' is not one hunspell reads" in err


@pytest.mark.parametrize("condition, roots, forms", [
    ("[^aeiou]o", ["gatto", "aereo", "o"], ["gattore"]), (".a", ["casa", "a"], ["casare"]),
    ("[bc]a", ["casa", "cuba", "ca"], ["cubare", "care"]), ("sa", ["casa", "sa"], ["casare", "sare"]),
])
def test_conditions_are_matched_at_the_end_character_by_character(tmp_path, condition, roots, forms):
    aff = hunspell.parse_aff(f"SFX A Y 1\nSFX A 0 re {condition}\n".encode())
    assert [aff.suffixes["A"][0].apply(root) for root in roots if aff.suffixes["A"][0].apply(root)] == forms


def test_a_prefix_condition_is_matched_at_the_start():
    rule = hunspell.parse_aff(b"PFX B Y 1\nPFX B 0 ri [^aeiou]a\n").prefixes["B"][0]
    assert [rule.apply(root) for root in ("casa", "oca", "c")] == ["ricasa", None, None]


@pytest.mark.parametrize("codec", ["rot13", "base64", "zlib"])
def test_a_set_line_naming_a_codec_of_bytes_is_one_line_naming_the_line(tmp_path, capsys, codec):
    code, err = compile_hunspell(tmp_path, capsys, f"# a comment\nSET {codec}\nSFX A Y 1\nSFX A 0 re .\n")
    assert code == 1 and err == (f"ruzzle: error: {tmp_path / 'x.aff'} declares an unknown character set "
                                 f"'{codec}' (line 2)\n")


@pytest.mark.parametrize("aff", ["AF 1\nAF A\n", "AF A\n"])
@pytest.mark.parametrize("flags", ["9", "0", "2"])
def test_a_flag_alias_the_aff_does_not_define_is_one_line_naming_the_dic_line(tmp_path, capsys, aff, flags):
    code, err = compile_hunspell(tmp_path, capsys, aff + "SFX A Y 1\nSFX A 0 re .\n", f"2\ncasa/1\nmare/{flags}\n")
    assert code == 1 and err == (f"ruzzle: error: {tmp_path / 'x.dic'}, line 3: names flag alias {flags}, but the "
                                 f".aff defines 1\n")
