"""The engine's messages in the interface language: a malformed board file, and a screenshot's unsure tiles."""
from __future__ import annotations

import random
import tkinter as tk
from pathlib import Path

import pytest

from ruzzle_gui.app.app import App
from ruzzle_gui.app.look import unsure
from ruzzle_gui.app.text import i18n
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from test_gui_languages import start_as_a_player
from test_gui_reading import hint, wait_for_read

from gui_helpers import settle, solved


@pytest.fixture(autouse=True)
def english_afterwards():
    """Put the interface back in English for the tests that follow."""
    yield
    i18n.set_language("en")


@pytest.fixture
def italian(window: tk.Toplevel, config_home: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """Return the app started on a system in Italian."""
    return start_as_a_player(window, monkeypatch, "it_IT.UTF-8")


def test_a_malformed_board_file_says_what_is_wrong_in_italian(italian: App, tmp_path: Path):
    path = tmp_path / "bad.txt"
    path.write_text("C A S A\nI O 7 E\n", encoding="utf-8")
    assert not italian.open_board(str(path))
    settle(italian.root)
    said = hint(italian)
    assert said == "Impossibile aprire bad.txt: riga 2, casella 3: «7» non è una lettera (cifre e simboli non ammessi)"
    path.write_text("C A S A\nI O Ж E\n", encoding="utf-8")
    italian.open_board(str(path))
    assert hint(italian).endswith("riga 2, casella 3: «Ж» non è una lettera dell'alfabeto (Italiano)")


def test_a_board_file_in_another_alphabet_names_the_language_in_russian(window: tk.Toplevel, config_home: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path):
    app = start_as_a_player(window, monkeypatch, "ru_RU.UTF-8")
    path = tmp_path / "bad.txt"
    path.write_text("C A S A\nI O S E\nA R E T\nO L U N Ddw\n", encoding="utf-8")
    app.open_board(str(path))
    assert hint(app) == "Не удалось открыть bad.txt: строка 4: 5 клеток, а в первой строке 4"


def test_a_screenshots_unsure_tiles_say_why_in_italian_and_again_after_a_switch(italian: App, tmp_path: Path):
    language = load_language("it")
    rng = random.Random(3)
    shot = synth.phone_shot(synth.random_board(language, rng), language, 540, rng, synth.fonts()[0])
    path = tmp_path / "grigio.png"
    shot.image.convert("L").convert("RGB").save(path)  # no colour: the reader cannot tell any bonus
    italian.open_screenshot(str(path))
    wait_for_read(italian)
    assert italian.state.unsure, "a greyscale shot leaves its bonuses unsure"
    index = min(italian.state.unsure)
    said = unsure.describe(index, italian.state)
    assert "l'immagine non ha colori, quindi il bonus non si può stabilire" in said
    assert "colour" not in said
    italian.letters.next_unsure()
    assert "l'immagine non ha colori" in hint(italian)
    italian.set_interface_language("ru")  # the reasons are kept as codes: they are said anew
    settle(italian.root)
    assert "на снимке нет цветов, поэтому бонус не определить" in unsure.describe(index, italian.state)


def test_the_plan_tab_groups_its_numbers_and_says_its_errors_in_italian(make_app):
    app = make_app()
    i18n.set_language("it")
    results = solved(app).results
    results.plan_tab.show_plan()
    view = results.plan_tab.plan_view
    view.timing_vars["seconds"].set("3600")  # time for every word: the totals pass a thousand
    view.apply_button.invoke()
    settle(app.root)
    last = view.tree.get_children()[-1]
    assert view.plan.points >= 1000 and " 3.600 s" in view.summary_label.cget("text")
    assert view.tree.set(last, "total") == i18n.format_number(view.plan.points) and "." in view.tree.set(last, "total")
    app.set_interface_language("ru")
    settle(app.root)
    assert view.tree.set(last, "total") == i18n.format_number(view.plan.points, "ru") and "\u00a0" in view.tree.set(
        last, "total")
    app.set_interface_language("it")
    view.timing_vars["per_word"].set("12,5")
    view.apply_button.invoke()
    assert view.error_label.cget("text") == "Il tempo per parola deve essere tra 0 e 10 secondi, non 12,5"


def test_a_damaged_dictionary_says_what_is_wrong_in_italian(make_app, tmp_path: Path):
    from importlib import resources

    from test_gui_app import paste_board

    it = resources.files("ruzzle_gui.languages").joinpath("it.toml").read_text(encoding="utf-8")
    damaged = tmp_path / "rotto.marisa"
    damaged.write_bytes(b"not a marisa trie at all\n" * 40)
    broken = tmp_path / "it-rotto.toml"
    broken.write_text(f'dictionary = "{damaged}"\n' + it, encoding="utf-8")
    app = make_app(language=str(broken))
    i18n.set_language("it")
    paste_board(app)
    app.show_bonuses()
    app.solve()
    settle(app.root)
    said = str(app.bonuses.hint.cget("text"))
    assert said.startswith(f"Impossibile risolvere: {damaged} non è un dizionario .marisa valido ("), said
