"""The app in the real catalogues: started as a player's system asks, switched from the menu, every menu's
mnemonics distinct, and every language switched back to English giving the English texts again."""
from __future__ import annotations

import gettext
import re
import tkinter as tk

import pytest

from ruzzle_gui.app.app import App
from ruzzle_gui.app.startup import default_state
from ruzzle_gui.app.text import i18n
from ruzzle_gui.app.text.retranslate import walk
from test_gui_i18n import clashing_mnemonics, language_item, needs_words, texts

from gui_helpers import BOARD, settle

PLACEHOLDER = re.compile(r"\\{\w*\\}")
KEY_NAMES = re.compile(r"(?:(?:Ctrl|Strg|Shift|Umschalt|Alt|F\d+|Esc|Enter|Tab|Backspace|Delete|Insert|[A-Z0-9?]"
                       r"|A–Z|…)(?:[+, ]+|$))+")


@pytest.fixture(autouse=True)
def english_afterwards():
    """Put the interface back in English for the tests that follow."""
    yield
    i18n.set_language("en")


def start_as_a_player(window: tk.Toplevel, monkeypatch: pytest.MonkeyPatch, lang: str) -> App:
    """Return the app started the way ``main`` starts it, on a system whose only locale variable is LANG."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):  # the test conftest sets LANGUAGE=en: a player has none
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    app = App(window, default_state("it"))
    settle(window)
    return app


def screens(app: App) -> dict[str, dict[str, str]]:
    """Visit Letters, Bonuses, Words, Plan and the keys help; return the texts each shows (menus with Letters)."""
    shown = {}
    app.show_letters()
    settle(app.root)
    shown["letters"] = texts(app.root)
    app.show_bonuses()
    settle(app.root)
    shown["bonuses"] = texts(app.root)
    app.solve(background=False)
    settle(app.root)
    app.results.notebook.select(0)
    settle(app.root)
    shown["words"] = texts(app.root)
    app.results.notebook.select(app.results.plan_tab.plan_view)
    settle(app.root)
    shown["plan"] = texts(app.root)
    app.results.notebook.select(0)
    app.show_keys()
    settle(app.root)
    shown["keys"] = texts(app.keys_window)
    app.keys_window.destroy()
    settle(app.root)
    return shown


def translations(code: str) -> tuple[set[str], list[re.Pattern]]:
    """Return the shipped catalogue's texts of ``code`` (mnemonics removed) and patterns of those with values."""
    catalogue = i18n.catalogue_for(code)
    strings: set[str] = set()
    if isinstance(catalogue, gettext.GNUTranslations):
        for value in catalogue._catalog.values():  # type: ignore[attr-defined]
            strings.add(i18n.mnemonic(value)[0])
    patterns = [re.compile(PLACEHOLDER.sub(".+", re.escape(string))) for string in strings
                if "{" in string and sum(c.isalpha() for c in re.sub(r"{\w*}", "", string)) >= 2]
    return strings, patterns


def english_messages() -> set[str]:
    """Return every English source text of the template (mnemonics removed)."""
    catalogue = i18n.catalogue_for("it")
    found = set()
    for key in catalogue._catalog:  # type: ignore[attr-defined]
        msgid = key[0] if isinstance(key, tuple) else key
        found.add(i18n.mnemonic(msgid.partition("\x04")[2] or msgid)[0])
    return found - {""}


def not_in_language(shown: dict[str, dict[str, str]], code: str, same_as_english: set[str]) -> dict[str, str]:
    """Return the texts with words that are not ``code``'s catalogue texts, or are English ones."""
    strings, patterns = translations(code)
    english = english_messages() - strings - same_as_english
    wrong = {}
    for screen, found in shown.items():
        for where, text in found.items():
            if where == "title" or not needs_words(text) or KEY_NAMES.fullmatch(text):
                continue
            text = text.rstrip(" ▲▼;")  # a sorted heading's arrow; the pace line's "{pace};"
            text = re.sub(r" \([A-Z]\)$", "", text)  # a fixed Alt key the translation lacks, shown after it
            text = text.replace("\u00a0", " ")  # the word heading keeps a number with its unit by a no-break space
            ours = text in strings or any(pattern.fullmatch(text) for pattern in patterns)
            if not ours or text in english:
                wrong[f"{screen}: {where}"] = text
    return wrong


def title_parts(code: str) -> str:
    """Return the start of the window's title in ``code``: the app's name and the separator."""
    catalogue = i18n.catalogue_for(code)
    return catalogue.gettext("{app} · {screen}").format(app=catalogue.gettext("Ruzzle Solver"), screen="")


@pytest.mark.parametrize("lang, code, other", [("it_IT.UTF-8", "it", "ru"), ("ru_RU.UTF-8", "ru", "it")])
def test_the_app_speaks_the_systems_language_and_switches(window, monkeypatch, config_home, lang, code, other):
    app = start_as_a_player(window, monkeypatch, lang)
    assert i18n.current_language() == code
    app.letters.type_text(BOARD)
    shown = screens(app)
    wrong = not_in_language(shown, code, set())
    assert wrong == {}, wrong
    catalogue = i18n.catalogue_for(code)
    assert shown["letters"]["title"] == title_parts(code) + catalogue.gettext("Letters")
    assert shown["bonuses"]["title"] == title_parts(code) + catalogue.gettext("Bonuses")
    # the tabs, with their Alt key after the label where the translation lacks the letter ("Parole (W)")
    assert i18n.underlined(catalogue.gettext("Words"), "w")["text"] in shown["words"].values()
    assert i18n.underlined(catalogue.gettext("Plan"), "p")["text"] in shown["plan"].values()
    board = (list(app.state.letters), list(app.state.bonuses))
    words = [s.word for s in app.results.shown]
    assert words

    app.show_letters()
    app.menu.language_menu.invoke(language_item(app, i18n.LANGUAGES[other]))
    settle(app.root, 50)
    assert i18n.current_language() == other and app.state.settings.interface_language == other
    assert (list(app.state.letters), list(app.state.bonuses)) == board
    assert [s.word for s in app.results.shown] == words
    switched = screens(app)
    wrong = not_in_language(switched, other, set())
    assert wrong == {}, wrong
    old = translations(code)[0] - translations(other)[0]
    left = {f"{screen}: {where}": text for screen, found in switched.items() for where, text in found.items()
            if text in old and needs_words(text)}
    assert left == {}, "texts left in the language switched from"


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_no_menu_shares_a_mnemonic_in_any_language(make_app, code):
    i18n.set_language(code)
    app = make_app()
    app.menu.show_recent(["/tmp/a.txt", "/tmp/b.txt"])
    app.state.history.observe()
    assert clashing_mnemonics(app.root) == {}
    for menu in (widget for widget in walk(app.root) if isinstance(widget, tk.Menu)):
        if getattr(menu, "keep_texts", False) or menu is app.menu.recent_menu:
            continue
        for index in range(menu.index("end") + 1):
            if menu.type(index) in ("separator", "tearoff"):
                continue
            label, underline = menu.entrycget(index, "label"), int(menu.entrycget(index, "underline"))
            assert 0 <= underline < len(label) and label[underline].isalnum(), (code, label, underline)


def per_letter(app: App) -> list[str]:
    """Return the Per letter column of the word list, top to bottom."""
    tree = app.results.words.tree
    return [str(tree.set(item, "per_letter")) for item in tree.get_children()]


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != "en"])
def test_switching_back_to_english_gives_the_english_texts(make_app, code):
    """Texts are fetched again by what they were made from, even where two messages share a translation."""
    app = make_app()
    app.letters.type_text(BOARD)
    screens(app)
    english = screens(app)  # the second visit: solved, and the hint for typing gone
    assert {value[-2] for value in per_letter(app)} == {"."}
    app.menu.language_menu.invoke(language_item(app, i18n.LANGUAGES[code]))
    settle(app.root, 50)
    assert {value[-2] for value in per_letter(app)} == {","}  # numbers already listed follow the language
    screens(app)
    app.menu.language_menu.invoke(language_item(app, "English"))
    settle(app.root, 50)
    back = screens(app)
    keys = (english.pop("keys"), back.pop("keys"))  # a new window each time: compared by its texts
    assert sorted(keys[1].values()) == sorted(keys[0].values())
    # A flash gives way to the tip, and a solve's time is measured afresh at each visit ("solved in 3 ms")
    changed = {f"{screen}: {where}": (english[screen].get(where), text)
               for screen, found in back.items() for where, text in found.items()
               if untimed(english[screen].get(where)) != untimed(text) and not where.endswith("hintbar")}
    assert changed == {}, changed


def untimed(text: str | None) -> str | None:
    """Return ``text`` with the milliseconds a solve took left out: they differ from one solve to the next."""
    return None if text is None else re.sub(r"\d+ ms\b", "… ms", text)
