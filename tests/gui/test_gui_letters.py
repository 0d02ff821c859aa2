"""Letter window: typing, moving, pasting, refusing, folding, languages and validation."""
from __future__ import annotations

import json
import random

import pytest

from ruzzle_gui.app.letters.letters import board_problem
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.main import launch
from ruzzle_gui.app.state import AppState
from ruzzle_gui.board import BONUS_ODDS, Board
from ruzzle_gui.language import load_language

from gui_helpers import click, press, settle


def typed(app) -> str:
    """Return the letters on the board, '.' for an empty tile."""
    return "".join(letter or "." for letter in app.state.letters)


def test_typing_fills_the_focused_tile_and_moves_on(app):
    view = app.letters.board_view
    press(view, "c", "i", "a", "o")
    assert typed(app) == "CIAO" + "." * 12
    assert app.letters.cursor == 4
    assert view.itemcget("letter0", "text") == "C"
    assert view.itemcget("letter3", "text") == "O"


def test_typing_over_the_last_tile_stays_there(app):
    press(app.letters.board_view, *"casemortinapulie")
    assert typed(app) == "CASEMORTINAPULIE"
    assert app.letters.cursor == 15
    assert "Enter" in app.letters.hint.cget("text")


def test_backspace_clears_the_tile_and_moves_back(app):
    view = app.letters.board_view
    press(view, "c", "i", "a")
    press(view, "BackSpace")
    assert typed(app).startswith("CI..")
    assert app.letters.cursor == 2
    press(view, "BackSpace", "BackSpace")
    assert typed(app) == "." * 16
    assert app.letters.cursor == 0


def test_arrows_and_clicks_move_freely(app):
    view = app.letters.board_view
    press(view, "Down", "Down", "Right")
    assert app.letters.cursor == 9
    press(view, "x")
    assert app.state.letters[9] == "X"
    press(view, "Up", "Left", "Left")
    assert app.letters.cursor == 4
    x, y = view.centre(14)
    click(view, x, y)
    assert app.letters.cursor == 14
    press(view, "z")
    assert app.state.letters[14] == "Z"


def test_pasting_a_string_fills_the_tiles_in_order(app):
    view = app.letters.board_view
    press(view, "Right", "Right")
    app.root.clipboard_clear()
    app.root.clipboard_append("ciaomarebustiole")
    view.event_generate("<<Paste>>")
    settle(view)
    # A whole board's worth of letters starts at the first tile wherever the cursor was.
    assert typed(app) == "CIAOMAREBUSTIOLE"


def test_pasting_a_board_file_keeps_its_bonuses(app):
    view = app.letters.board_view
    app.root.clipboard_clear()
    app.root.clipboard_append("Ctl A S Edl\nR Odw M I\nT E N A\nL U P Otw\n")
    view.event_generate("<<Paste>>")
    settle(view)
    assert typed(app) == "CASEROMITENALUPO"
    assert app.state.bonuses[0] == "TL" and app.state.bonuses[3] == "DL"
    assert app.state.bonuses[5] == "DW" and app.state.bonuses[15] == "TW"


def paste(app, text: str) -> None:
    """Paste ``text`` on the letter window's board."""
    app.root.clipboard_clear()
    app.root.clipboard_append(text)
    app.letters.board_view.event_generate("<<Paste>>")
    settle(app.root)


@pytest.mark.parametrize(("text", "message"), [
    ("Cxx A S E\nR O M I\nT E N A\nL U P O\n", "line 1, cell 1: unknown bonus 'xx' in 'Cxx'"),
    ("C A S E\nR O M I\nT E N\nL U P O\n", "line 3: 3 cells, but the first row has 4"),
    ("Ctl A S Exy\nR O M I\nT E N A\nL U P O\n", "line 1, cell 4: unknown bonus 'xy'"),
    ("C A S E\nR O 4 I\nT E N A\nL U P O\n", "line 2, cell 3: '4' is not a letter"),
    ("A Ca3 S E", "line 1, cell 2: 'Ca3' is not one letter"),
])
def test_pasting_a_malformed_board_file_says_why_and_fills_nothing(app, text, message):
    press(app.letters.board_view, *"ciao")
    paste(app, text)
    assert typed(app) == "CIAO" + "." * 12 and not any(app.state.bonuses)
    shown = app.letters.hint.cget("text")
    assert shown.startswith("Not pasted: ") and message in shown
    assert str(app.letters.hint.cget("style")) == "Error.TLabel"


def test_runs_of_letters_on_several_lines_still_fill_the_tiles(app):
    paste(app, "ciao\nmare\nbust\niole\n")
    assert typed(app) == "CIAOMAREBUSTIOLE"


def test_a_refused_key_leaves_the_board_and_shows_a_brief_hint(app, root):
    view = app.letters.board_view
    press(view, "c")
    windows_before = len(root.winfo_children())
    press(view, "5")
    assert typed(app) == "C" + "." * 15
    assert app.letters.cursor == 1
    hint = app.letters.hint
    assert "'5'" in hint.cget("text") and "Italian" in hint.cget("text")
    assert str(hint.cget("style")) == "Error.TLabel"
    assert len(root.winfo_children()) == windows_before  # no message box


def test_input_folds_to_the_alphabet(app):
    letters = app.letters
    assert letters.type_char("è")
    assert letters.type_char("ç")
    press(letters.board_view, "A")  # Shift+a arrives as upper case
    assert typed(app).startswith("ECA")


def test_switching_language_refuses_other_scripts_and_remembers_the_choice(app, config_home):
    letters = app.letters
    press(letters.board_view, "c", "a")
    letters.language_box.set("Russian")
    letters.language_box.event_generate("<<ComboboxSelected>>")
    settle(letters)
    assert app.state.language == "ru"
    saved = json.loads((config_home / "ruzzle_gui" / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "ru"
    # The Latin letters stay, drawn in red, and Next names the first one.
    assert letters.board_view.itemcget("letter0", "fill") == theme.BAD_LETTER
    press(letters.board_view, "o")
    assert "Russian" in letters.hint.cget("text")
    letters.type_text("котмирдомсоньлесё")
    assert typed(app)[2:16] == "КОТМИРДОМСОНЬЛ"
    press(letters.board_view, "Return")
    assert app.screen is letters
    assert "'C'" in letters.hint.cget("text") and letters.cursor == 0
    letters.language_box.set("Italian")
    letters.language_box.event_generate("<<ComboboxSelected>>")
    settle(letters)
    assert app.state.language == "it"
    assert letters.board_view.itemcget("letter0", "fill") != theme.BAD_LETTER


def test_next_with_empty_tiles_says_so_and_focuses_the_first_empty_one(app):
    view = app.letters.board_view
    press(view, *"casemort")
    press(view, "Right", "Right", *"apulie")
    press(view, "Return")
    assert app.screen is app.letters
    assert app.letters.cursor == 8
    assert "2 tiles are still empty" in app.letters.hint.cget("text")
    assert "row 3, column 1" in app.letters.hint.cget("text")
    assert str(app.root.focus_get()) == str(view)
    press(view, "i", "n", "Return")
    assert app.screen is app.bonuses


def test_board_problem_is_a_plain_function_of_the_state(tmp_path):
    state = AppState(language="it", settings_file=tmp_path / "settings.json", rows=2, cols=2)
    it = load_language("it")
    assert board_problem(state, it) == (0, "4 tiles are still empty: type a letter at row 1, column 1")
    state.letters = ["C", "A", "", "A"]
    assert board_problem(state, it) == (2, "1 tile is still empty: type a letter at row 2, column 1")
    state.letters = ["C", "A", "Ж", "A"]
    assert board_problem(state, it) == (2, "'Ж' at row 2, column 1 is not a letter of the Italian alphabet")
    state.letters = ["C", "A", "S", "A"]
    assert board_problem(state, it) is None


def test_entry_ok_only_answers_and_check_entry_points_at_the_problem(app):
    letters = app.letters
    press(letters.board_view, *"casemort")
    letters.move_to(0)
    hint = letters.hint.cget("text")
    assert letters.entry_ok() is None
    assert letters.hint.cget("text") == hint and letters.cursor == 0
    assert letters.check_entry() is None
    assert "8 tiles are still empty" in letters.hint.cget("text") and letters.cursor == 8
    press(letters.board_view, *"inapulie")
    assert letters.entry_ok() == letters.check_entry() == app.state.board()


def test_random_board_uses_the_alphabet_and_clear_empties_it(app):
    app.letters.random_button.invoke()
    settle(app.letters)
    assert all(letter in app.letters.language.alphabet for letter in app.state.letters)
    assert len(set(app.state.letters)) > 3
    app.letters.clear_button.invoke()
    assert typed(app) == "." * 16


def test_board_size_can_change_and_keeps_letters_in_place(app):
    letters = app.letters
    press(letters.board_view, *"casemortinapulie")
    letters.rows_var.set("5")
    letters.cols_var.set("6")
    letters.apply_size()
    settle(letters)
    assert (app.state.rows, app.state.cols) == (5, 6)
    assert app.state.letters[:6] == ["C", "A", "S", "E", "", ""]
    assert len(letters.board_view._boxes) == 30
    letters.rows_var.set("9")
    letters.apply_size()
    assert (app.state.rows, app.state.cols) == (5, 6)
    assert "2 to 8" in letters.hint.cget("text")


def test_a_loaded_board_outside_the_typed_sizes_keeps_its_size_without_an_error(window, config_home, tmp_path):
    path = tmp_path / "row.board"
    path.write_text("C A S A M E N T O\n", encoding="utf-8")
    app = launch(["-l", "it", "-b", str(path)], root=window)
    settle(window)
    letters = app.letters
    assert (letters.rows_var.get(), letters.cols_var.get()) == ("1", "9")
    letters.rows_box.focus_force()
    press(letters.rows_box, "Return")
    letters.cols_box.focus_force()
    letters.board_view.focus_force()  # leaving a size box applies it
    settle(window)
    assert letters.hint.cget("text") == letters.hint.tip
    assert (app.state.rows, app.state.cols) == (1, 9) and "".join(app.state.letters) == "CASAMENTO"
    letters.rows_var.set("3")
    letters.apply_size()
    assert (app.state.rows, app.state.cols) == (3, 9)
    letters.rows_var.set("0")
    letters.apply_size()
    assert (app.state.rows, app.state.cols) == (3, 9) and "2 to 9" in letters.hint.cget("text")


def test_random_board_draws_bonuses_at_the_games_odds(app):
    letters = app.letters
    letters.rng = random.Random(7)
    expected = Board.random(letters.language, 4, 4, random.Random(7))
    letters.random_button.invoke()
    assert app.state.board() == expected
    # Over many boards each bonus turns up about as often as in the game.
    counts = dict.fromkeys([bonus for bonus, _odds in BONUS_ODDS], 0)
    boards = 150
    for _ in range(boards):
        letters.random_board()
        for bonus in app.state.bonuses:
            if bonus:
                counts[bonus] += 1
    for bonus, odds in BONUS_ODDS:
        assert abs(counts[bonus] / (16 * boards) - odds) < 0.03, (bonus, counts)
