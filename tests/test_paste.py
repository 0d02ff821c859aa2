"""Pasted text on the Letters screen, decided without Tk: a board file, or letters to type."""
from __future__ import annotations

import subprocess
import sys

import pytest

from ruzzle_gui import load_language
from ruzzle_gui.app.letters.paste import is_board_text, paste_report, pasted_letters


@pytest.mark.parametrize(("text", "board"), [
    ("ciaomarebustiole", False), ("ciao\nmare\nbust\niole\n", False), ("c i a o m a r e b u s t i o l e", False),
    ("ciao mare bust iole", False), ("CIAO MARE\nBUST IOLE", False), ("", False),
    ("C A S E\nR O M I", True), ("Cxx A S E\nR O M I", True), ("Ctl A S Edl", True), ("Cxx A S E", True),
])
def test_board_file_text_is_told_from_runs_of_letters(text, board):
    assert is_board_text(text) is board


def test_letters_are_folded_and_what_no_letter_folds_to_is_refused_once():
    letters, refused = pasted_letters("città  7x\n9ÀŽ7", load_language("it").fold_letter)
    assert letters == list("CITTAXAZ")
    assert refused == ["7", "9"]


def test_cyrillic_on_an_italian_board_is_refused_not_guessed():
    assert pasted_letters("ciaoДА", load_language("it").fold_letter) == (list("CIAO"), ["А", "Д"])


def test_the_report_says_what_was_placed_dropped_and_refused_in_english_by_default():
    assert paste_report(16, 0, [], "Italian") == "Pasted 16 letters"
    assert paste_report(1, 3, ["7", "9"], "Italian") == (
        "Pasted 1 letter; 3 more did not fit; skipped '7' '9' (not in the Italian alphabet)")


def test_the_paste_rules_load_no_tk():
    code = "import sys, ruzzle_gui.app.letters.paste; print('tkinter' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"
