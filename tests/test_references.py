"""The reader's shipped references: what they hold, that no font is needed, and a damaged file said as such."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from ruzzle_gui.board import Board
from ruzzle_gui.cli import main
from ruzzle_gui.lab import build_references, synth
from ruzzle_gui.lab.fonts import FONT_FILES, installed_fonts
from ruzzle_gui.language import known_languages, load_language
from ruzzle_gui.vision import OcrUnavailableError, read_board, recognise, templates

BOARD = Board(4, 4, tuple("SLATEDROINGSHERB"), ("TL", None, "DW", None) + (None,) * 11 + ("TW",))


@pytest.fixture
def shot_file(tmp_path):
    """Return a clean phone shot of BOARD, saved as a PNG."""
    path = tmp_path / "shot.png"
    synth.phone_shot(BOARD, load_language("en"), 1080, random.Random(4), synth.fonts()[0]).image.save(path)
    return path


@pytest.fixture
def fresh_load():
    """Forget the references and matchers read so far, before and after the test."""
    def forget():
        templates.load.cache_clear()
        recognise.matcher.cache_clear()
        recognise._rows.cache_clear()
    forget()
    yield
    forget()


def test_the_shipped_references_are_a_fresh_drawing_bit_for_bit():
    if installed_fonts() != tuple(Path(name) for name in FONT_FILES):
        pytest.skip("the five fonts the references are drawn in are not all installed")
    assert templates.load().same(build_references.drawings(installed_fonts()))


def test_every_letter_and_value_of_every_bundled_language_has_a_reference_in_every_font():
    stored = templates.load()
    drawn = set(zip(stored.labels, stored.faces.tolist()))
    for code in known_languages():
        language = load_language(code)
        for text in {*language.alphabet, *(str(value) for value in language.values.values())}:
            assert {(text, face) for face in range(len(stored.fonts))} <= drawn, (code, text)
    assert stored.fonts == tuple(Path(name).stem for name in FONT_FILES)


def damage(path, how: str) -> None:
    """Damage the references file at ``path`` in one of the ways a broken installation might."""
    data = path.read_bytes()
    if how == "missing":
        path.unlink()
    elif how == "truncated":
        path.write_bytes(data[:len(data) // 2])
    elif how == "one byte changed":  # deep in the palettes: only the checksum can tell
        path.write_bytes(data[:len(data) // 3] + bytes([data[len(data) // 3] ^ 1]) + data[len(data) // 3 + 1:])
    elif how == "empty":
        path.write_bytes(b"")
    else:
        path.write_bytes(b"<html>404</html>" * 100)


@pytest.mark.parametrize("how", ["missing", "truncated", "one byte changed", "empty", "not ours"])
def test_damaged_references_fail_the_read_in_one_line_saying_reinstall(how, tmp_path, monkeypatch, shot_file, capsys,
                                                                      fresh_load):
    copy = tmp_path / "templates.bin"
    copy.write_bytes(Path(templates.PATH).read_bytes())
    damage(copy, how)
    monkeypatch.setattr(templates, "PATH", str(copy))
    assert main(["read", "-l", "en", str(shot_file)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "installation of ruzzle_gui is broken, reinstall it" in err, err
    assert "picture" not in err and "Traceback" not in err
    with pytest.raises(templates.DamagedError) as caught:
        read_board(shot_file, "en")
    assert caught.value.code == "references_damaged"


def test_an_undamaged_copy_reads_as_the_shipped_file(tmp_path, monkeypatch, shot_file, fresh_load):
    copy = tmp_path / "templates.bin"
    copy.write_bytes(Path(templates.PATH).read_bytes())
    monkeypatch.setattr(templates, "PATH", str(copy))
    assert read_board(shot_file, "en").board.letters == BOARD.letters


def test_a_letter_no_reference_holds_is_refused_as_the_readers_limit(tmp_path):
    with pytest.raises(OcrUnavailableError, match="no reference for Ŵ: it reads the letters and values of the bundled"):
        recognise.matcher(("A", "Ŵ"))


def test_a_read_needs_no_font_and_draws_nothing(shot_file):
    # Fonts cannot be drawn without PIL.ImageFont, and no file under a fonts folder may be opened.
    code = ("import builtins, sys\n"
            "sys.modules['PIL.ImageFont'] = None\n"
            "opened = builtins.open\n"
            "def guarded(name, *a, **k):\n"
            "    assert '/fonts/' not in str(name), name\n"
            "    return opened(name, *a, **k)\n"
            "builtins.open = guarded\n"
            "from ruzzle_gui.cli import main\n"
            f"sys.exit(main(['read', '-l', 'en', {str(shot_file)!r}]))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[:4] == ["Stl", "L", "Adw", "T"]
