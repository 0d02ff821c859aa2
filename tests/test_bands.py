"""Commonness bands: the file format, its tie to the .marisa, and the bundled bands."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ruzzle_gui import bands, key_marks
from ruzzle_gui.bands import EVERYDAY, RARE, band_for_zipf, bands_path, load_bands, write_bands, write_bands_like
from ruzzle_gui.dictionary import DictionaryError, bundled_path, compile_words

CODES = ("it", "en", "es", "de", "fr", "nl", "pt", "ru")
WORDS = {"CASA": 7, "CANE": 5, "CASATO": 0, "ZAFFO": 1, "AB": 3}


@pytest.fixture(autouse=True)
def fresh_cache():
    """Forget bands loaded by an earlier test: each test writes its own files."""
    load_bands.cache_clear()
    yield
    load_bands.cache_clear()


def compiled(folder: Path, name: str, words) -> Path:
    """Return a freshly compiled .marisa of ``words`` in ``folder``."""
    path = folder / f"{name}.marisa"
    compile_words(sorted(words), path)
    return path


@pytest.fixture
def dictionary(tmp_path) -> Path:
    """Return a small compiled dictionary with bands written from WORDS."""
    path = compiled(tmp_path, "small", WORDS)
    write_bands(path, WORDS.__getitem__)
    return path


def test_bands_round_trip(dictionary):
    loaded = load_bands(dictionary)
    assert {word: loaded.band(word) for word in WORDS} == WORDS
    assert loaded.band("NOPE") is None and loaded.band("") is None


def test_write_bands_counts_each_band_and_packs_two_keys_a_byte(tmp_path):
    path = compiled(tmp_path, "odd", WORDS)  # 5 keys: 3 bytes, then the footer
    counts = write_bands(path, WORDS.__getitem__)
    assert counts == [1, 1, 0, 1, 0, 1, 0, 1]
    assert os.path.getsize(bands_path(path)) == 3 + key_marks._FOOTER.size


def test_a_dictionary_without_bands_has_none(tmp_path):
    assert load_bands(compiled(tmp_path, "plain", WORDS)) is None
    assert load_bands(tmp_path / "missing.marisa") is None


def test_bands_of_another_dictionary_are_ignored(tmp_path, dictionary):
    other = compiled(tmp_path, "other", ["CASB", "CANE", "CASATO", "ZAFFO", "AB"])  # same key count
    shutil.copy(bands_path(dictionary), bands_path(other))
    assert load_bands(other) is None


@pytest.mark.parametrize("damage", ["truncate", "extend", "magic", "count", "digest", "empty"])
def test_damaged_bands_are_ignored(dictionary, damage):
    path = Path(bands_path(dictionary))
    data = bytearray(path.read_bytes())
    footer = len(data) - key_marks._FOOTER.size
    if damage == "truncate":
        data = data[:-1]
    elif damage == "extend":
        data = data[:footer] + b"\0" + data[footer:]
    elif damage == "magic":
        data[footer] ^= 0xFF
    elif damage == "count":
        data[footer + 8] ^= 0x01
    elif damage == "digest":
        data[-1] ^= 0x01
    else:
        data = b""
    path.write_bytes(bytes(data))
    assert load_bands(dictionary) is None


@pytest.mark.parametrize("at, value", [(0, 0x08), (0, 0x80), (1, 0x88), (2, 0xFF)])
def test_a_band_past_7_anywhere_is_refused_in_one_line(dictionary, at, value):
    path = Path(bands_path(dictionary))
    data = bytearray(path.read_bytes())
    data[at] |= value  # a file whose footer still matches its dictionary: damaged, not stale
    path.write_bytes(bytes(data))
    with pytest.raises(DictionaryError) as raised:
        load_bands(dictionary)
    assert str(raised.value) == (f"{path} is damaged: it holds a value past 7; compile its dictionary again "
                                 f"(ruzzle compile -d WORDS -o {dictionary})")


def _damaged_user_dictionary(tmp_path, capsys) -> Path:
    """Return a user dictionary compiled with bands, then every band byte of it but the first made 0xFF."""
    from ruzzle_gui.cli import main

    source = tmp_path / "w.txt"
    source.write_text("\n".join(["casa", "cane", "mare", "ora", "tram", "cartono", "tramano", "tarma", "case"]) + "\n",
                      encoding="utf-8")
    assert main(["compile", "-l", "it", "-d", str(source), "-o", str(tmp_path / "u.marisa")]) == 0
    path = Path(bands_path(tmp_path / "u.marisa"))
    data = bytearray(path.read_bytes())
    data[1:len(data) - key_marks._FOOTER.size] = b"\xff" * (len(data) - key_marks._FOOTER.size - 1)
    path.write_bytes(bytes(data))
    capsys.readouterr()
    return tmp_path / "u.marisa"


@pytest.mark.parametrize("command", [["demo", "--json"], ["plan", "--json"], ["plan"], ["solve", "--common", "3"]])
def test_a_damaged_user_bands_file_is_one_line_for_every_command(capsys, tmp_path, command):
    from ruzzle_gui.cli import main

    user = _damaged_user_dictionary(tmp_path, capsys)
    board = tmp_path / "it.board"
    board.write_text("C A S E\nR O M I\nT E N A\nL U P O\n", encoding="utf-8")
    name, *options = command
    where = [] if name == "demo" else ["-b", str(board)]
    code = main([name, "-l", "it", *where, "-d", str(user), *options])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert err == (f"ruzzle: error: {bands_path(user)} is damaged: it holds a value past 7; compile its dictionary "
                   f"again (ruzzle compile -d WORDS -o {user})\n")


def test_write_bands_refuses_a_band_out_of_range(tmp_path):
    path = compiled(tmp_path, "bad", WORDS)
    with pytest.raises(ValueError, match="outside 0..7"):
        write_bands(path, lambda key: 8)
    assert not os.path.exists(bands_path(path))


def test_write_bands_into_a_missing_folder_is_a_dictionary_error(tmp_path, monkeypatch):
    path = compiled(tmp_path, "gone", WORDS)
    monkeypatch.setattr(bands, "bands_path", lambda _: tmp_path / "no" / "such" / "x.bands")
    with pytest.raises(DictionaryError, match="cannot write"):
        write_bands(path, WORDS.__getitem__)


@pytest.mark.parametrize("zipf, band", [(None, 0), (0.5, 0), (1.0, 1), (1.49, 1), (1.5, 2), (2.9, 4),
                                        (3.0, 5), (3.99, 6), (4.0, 7), (7.5, 7)])
def test_band_for_zipf_edges(zipf, band):
    assert band_for_zipf(zipf) == band


def test_user_dictionary_takes_the_reference_bands_by_word(tmp_path, dictionary):
    user = compiled(tmp_path, "user", ["CASA", "ZAFFO", "MIAPAROLA"])
    assert write_bands_like(user, dictionary) == [1, 1, 0, 0, 0, 0, 0, 1]
    loaded = load_bands(user)
    assert [loaded.band(w) for w in ("CASA", "ZAFFO", "MIAPAROLA", "CANE")] == [7, 1, RARE, None]


def test_user_dictionary_gets_no_bands_from_a_reference_without_them(tmp_path):
    reference = compiled(tmp_path, "bare", WORDS)
    user = compiled(tmp_path, "user", ["CASA"])
    assert write_bands_like(user, reference) is None
    assert not os.path.exists(bands_path(user))


def test_user_dictionary_takes_the_bundled_bands_of_its_language(tmp_path):
    user = compiled(tmp_path, "mine", ["CASA", "MIAPAROLA"])
    counts = bands.write_bundled_bands(user, "it")
    assert sum(counts) == 2 and counts[RARE] == 1
    assert load_bands(user).band("CASA") == load_bands(bundled_path("it")).band("CASA") >= 5
    assert bands.write_bundled_bands(compiled(tmp_path, "other", ["CASA"]), "xx") is None


@pytest.mark.parametrize("code", CODES)
def test_every_bundled_dictionary_has_valid_bands(code):
    loaded = load_bands(bundled_path(code))
    assert loaded is not None
    assert os.path.getsize(bands_path(bundled_path(code))) <= 4_000_000


EVERYDAY_WORDS = {"it": "CASA ACQUA MANGIARE", "en": "HOUSE WATER EAT", "es": "CASA AGUA COMER",
                  "de": "HAUS WASSER ESSEN", "fr": "MAISON EAU MANGER", "nl": "HUIS WATER ETEN",
                  "pt": "CASA AGUA COMER", "ru": "ДОМ ВОДА ЕСТЬ"}
RARE_WORDS = {"it": "MANGIANDOVELO PARLARGLIELO PRECIPITEVOLISSIMEVOLMENTE", "en": "CRWTH ANTIDISESTABLISHMENTARIANISM",
              "es": "LAGRIMON BISUNTO", "de": "RINDFLEISCHETIKETTIERUNGSUBERWACHUNGSAUFGABENUBERTRAGUNGSGESETZ",
              "fr": "ANTICONSTITUTIONNELLEMENT", "nl": "VOETBALWEDSTRIJDJES", "pt": "INCONSTITUCIONALISSIMAMENTE",
              "ru": "ЧЕЛОВЕКОНЕНАВИСТНИЧЕСТВО"}


@pytest.mark.parametrize("code", CODES)
def test_everyday_words_are_band_5_or_more(code):
    loaded = load_bands(bundled_path(code))
    assert {w: loaded.band(w) for w in EVERYDAY_WORDS[code].split() if loaded.band(w) < 5} == {}


@pytest.mark.parametrize("code", CODES)
def test_long_rare_forms_are_low_bands(code):
    loaded = load_bands(bundled_path(code))
    found = {w: loaded.band(w) for w in RARE_WORDS[code].split()}
    assert {w: b for w, b in found.items() if b is None or b > 2} == {}


def test_bands_module_imports_cheaply():
    code = ("import sys, ruzzle_gui.bands; "
            "print(sorted(m for m in ('wordfreq', 'tkinter', 'hashlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# The command line: `ruzzle solve --json` / `--common N`, `ruzzle compile -l`.

def _solve(capsys, *options: str) -> tuple[int, str, str]:
    """Run `ruzzle demo -l it` with options in-process; return (exit code, stdout, stderr)."""
    from ruzzle_gui.cli import main

    code = main(["demo", "-l", "it", *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_gives_each_word_its_band(capsys):
    import json

    code, out, _ = _solve(capsys, "--json")
    words = json.loads(out)["words"]
    loaded = load_bands(bundled_path("it"))
    assert code == 0 and words
    assert [w["band"] for w in words] == [loaded.band(w["word"]) for w in words]
    assert {w["band"] for w in words} - set(range(8)) == set()


def test_solve_common_keeps_band_n_or_more(capsys):
    loaded = load_bands(bundled_path("it"))
    _, every, _ = _solve(capsys, "-q")
    code, common, _ = _solve(capsys, "-q", "--common", "6")
    kept = [line.split()[0] for line in common.splitlines()]
    assert code == 0 and kept and len(kept) < len(every.splitlines())
    assert [w for w in kept if loaded.band(w) < 6] == []
    assert {line.split()[0] for line in every.splitlines() if loaded.band(line.split()[0]) >= 6} == set(kept)


@pytest.mark.parametrize("value", ["8", "-1", "x", "3.5"])
def test_solve_common_out_of_range_is_bad_usage(capsys, value):
    code, out, err = _solve(capsys, "--common", value)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "0 (rare) to 7" in err


def test_solve_common_without_bands_is_one_clear_line(capsys, tmp_path):
    from ruzzle_gui.cli import main

    path = compiled(tmp_path, "nobands", ["CASA", "CANE"])
    code = main(["demo", "-l", "it", "-d", str(path), "--common", "3"])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1 and "nobands.bands" in err


def test_solve_json_without_bands_gives_null(capsys, tmp_path):
    import json

    from ruzzle_gui.cli import main

    path = compiled(tmp_path, "nobands", ["CARTONO", "TRAMANO", "TRAMENO"])  # on the Italian demo board
    assert main(["demo", "-l", "it", "-d", str(path), "--json"]) == 0
    words = json.loads(capsys.readouterr().out)["words"]
    assert words and {w["band"] for w in words} == {None}


def test_compile_with_a_language_writes_bands(capsys, tmp_path):
    from ruzzle_gui.cli import main

    source = tmp_path / "parole.txt"
    source.write_text("casa\nperché\nmiaparolaxyz\n", encoding="utf-8")
    assert main(["compile", "-l", "it", "-d", str(source), "-o", str(tmp_path / "mine.marisa")]) == 0
    assert "mine.bands" in capsys.readouterr().out
    loaded = load_bands(tmp_path / "mine.marisa")
    assert (loaded.band("CASA"), loaded.band("PERCHE"), loaded.band("MIAPAROLAXYZ")) == (EVERYDAY, EVERYDAY, RARE)


def test_compile_without_a_language_writes_no_bands(capsys, tmp_path):
    from ruzzle_gui.cli import main

    source = tmp_path / "words.txt"
    source.write_text("casa\n", encoding="utf-8")
    assert main(["compile", "-d", str(source), "-o", str(tmp_path / "plain.marisa")]) == 0
    assert not (tmp_path / "plain.bands").exists()


def test_compile_writes_nothing_when_the_bands_cannot_be_written(capsys, tmp_path):
    from ruzzle_gui.cli import main

    source = tmp_path / "parole.txt"
    source.write_text("casa\n", encoding="utf-8")
    # A link into a missing folder: not refused up front (nothing is there to lose), but unwritable.
    (tmp_path / "mine.bands").symlink_to(tmp_path / "no" / "such.bands")
    assert main(["compile", "-l", "it", "-d", str(source), "-o", str(tmp_path / "mine.marisa")]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert f"cannot write {tmp_path / 'mine.bands'}: No such file or directory" in err
    assert not (tmp_path / "mine.marisa").exists() and not (tmp_path / "mine.index").exists()  # all or nothing
