"""Help → Interface language switches every text on screen at once, keeping the board and its words.

Real translations come in later; here a made-up catalogue («msgid») shows which texts were
fetched again, and any English text left on screen after the switch is a string never marked.
"""
from __future__ import annotations

import gettext
import json
import tkinter as tk
from tkinter import ttk

import pytest

from ruzzle_gui.app.look.hint import HintBar
from ruzzle_gui.app.text import i18n
from ruzzle_gui.app.text.retranslate import walk

from gui_helpers import BOARD, settle

# Texts that are the same in every language: symbols, and the app's own name for each interface language.
UNTRANSLATED = {"×", "›", "#", "✓", "■", *i18n.LANGUAGES.values()}


class Marked(gettext.NullTranslations):
    """A catalogue that wraps every message in «», so a text fetched again shows it."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


@pytest.fixture(autouse=True)
def english_afterwards():
    """Put the interface back in English for the tests that follow."""
    yield
    i18n.set_language("en")


def texts(top: tk.Misc) -> dict[str, str]:
    """Return every text on ``top``'s widgets, menus, headings, tabs and title, keyed by where it is."""
    found = {"title": top.winfo_toplevel().title()}
    for widget in walk(top):
        if isinstance(widget, tk.Menu):
            last = widget.index("end")
            for index in range(0 if last is None else last + 1):
                if widget.type(index) not in ("separator", "tearoff"):
                    found[f"{widget}#{index}"] = widget.entrycget(index, "label")
            continue
        if isinstance(widget, ttk.Combobox):
            for number, value in enumerate(widget.cget("values")):
                found[f"{widget}={number}"] = str(value)
            continue
        if isinstance(widget, (ttk.Entry, tk.Entry)):  # what the player typed
            continue
        try:
            found[str(widget)] = str(widget.cget("text"))
        except tk.TclError:
            pass
        if isinstance(widget, ttk.Treeview):
            for column in widget["columns"]:
                found[f"{widget}@{column}"] = widget.heading(column, "text")
        elif isinstance(widget, ttk.Notebook):
            for tab in widget.tabs():
                found[f"{widget}/{tab}"] = widget.tab(tab, "text")
    return found


def needs_words(text: str) -> bool:
    """Return True if ``text`` has words a translator must see (not a symbol, a number or a board word)."""
    return sum(char.isalpha() for char in text) >= 2 and text not in UNTRANSLATED


def language_item(app, name: str) -> int:
    """Return the index of ``name`` in Help → Interface language."""
    menu = app.menu.language_menu
    return next(i for i in range(menu.index("end") + 1)
                if menu.type(i) == "radiobutton" and menu.entrycget(i, "label") == name)


def test_switching_the_interface_language_fetches_every_text_again(make_app, monkeypatch, config_home):
    app = make_app()
    app.letters.type_text(BOARD)
    app.solve()
    settle(app.root)
    app.results.notebook.select(app.results.plan_tab.plan_view)  # the plan tab made, so its texts are there too
    settle(app.root)
    app.results.notebook.select(0)
    settle(app.root)
    board = (list(app.state.letters), list(app.state.bonuses))
    words = [s.word for s in app.results.shown]
    english = texts(app.root)
    assert english["title"].startswith("Ruzzle Solver · ") and "Words" in english.values()

    monkeypatch.setattr(i18n, "catalogue_for", lambda code: gettext.NullTranslations() if code == "en" else Marked())
    app.menu.language_menu.invoke(language_item(app, "Deutsch"))
    settle(app.root, 50)

    switched = texts(app.root)
    left_english = {where: text for where, text in switched.items()
                    if needs_words(text) and "«" not in text}
    assert left_english == {}, "texts not fetched again (or never marked for translation)"
    assert switched["title"].startswith("«")
    file_menu = app.menu.file_menu
    assert file_menu.entrycget(0, "label") == "«Open board…»" and int(file_menu.entrycget(0, "underline")) == 1
    assert (list(app.state.letters), list(app.state.bonuses)) == board
    assert [s.word for s in app.results.shown] == words and app.screen is app.results
    assert app.menu.interface_language.get() == "de" and i18n.current_language() == "de"
    saved = json.loads((config_home / "ruzzle_gui" / "settings.json").read_text())
    assert saved["interface_language"] == "de"

    app.menu.language_menu.invoke(language_item(app, "English"))
    settle(app.root, 50)
    back = texts(app.root)
    hints = {str(widget): widget.tip for widget in walk(app.root) if isinstance(widget, HintBar)}
    assert {where: text for where, text in back.items() if english.get(where) != text and where not in hints} == {}
    assert all(back[where] == tip for where, tip in hints.items())  # a message flashed in German went
    assert app.state.settings.interface_language == "en"


def test_system_default_follows_the_system(make_app, monkeypatch):
    app = make_app()
    monkeypatch.setenv("LANGUAGE", "it")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.setattr(i18n, "catalogue_for", lambda code: gettext.NullTranslations() if code == "en" else Marked())
    app.menu.language_menu.invoke(language_item(app, "Deutsch"))
    app.menu.language_menu.invoke(0)  # System default
    settle(app.root)
    assert app.state.settings.interface_language is None and i18n.current_language() == "it"
    assert app.menu.interface_language.get() == ""


def clashing_mnemonics(top: tk.Misc) -> dict[str, list[str]]:
    """Return, per menu, the letters more than one of its items underlines (the phase-2 tests run it per language)."""
    clashes = {}
    for menu in (widget for widget in walk(top) if isinstance(widget, tk.Menu)):
        letters: dict[str, list[str]] = {}
        last = menu.index("end")
        for index in range(0 if last is None else last + 1):
            if menu.type(index) in ("separator", "tearoff"):
                continue
            label, underline = menu.entrycget(index, "label"), int(menu.entrycget(index, "underline"))
            if 0 <= underline < len(label):
                letters.setdefault(label[underline].casefold(), []).append(label)
        clashes.update({f"{menu}:{letter}": labels for letter, labels in letters.items() if len(labels) > 1})
    return clashes


def test_no_two_items_of_a_menu_share_a_mnemonic(make_app):
    app = make_app()
    app.menu.show_recent(["/tmp/a.txt", "/tmp/b.txt"])
    assert clashing_mnemonics(app.root) == {}
