"""A user language file that fails to load never stops the app: it falls back and says why in the window."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from ruzzle_gui.app.main import launch
from ruzzle_gui.app.startup import default_state, start_language
from ruzzle_gui.language import load_language

from gui_helpers import settle

BROKEN = {
    "not TOML": "name = [unclosed\n",
    "wrong type": "min_length = 'two'\n",
    "deeply nested": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "huge number": "min_length = " + "9" * 5000 + "\n",
}


@pytest.fixture
def user_languages(config_home):
    """Return the user language folder, with the language cache cleared before and after."""
    folder = config_home / "ruzzle_gui" / "languages"
    folder.mkdir(parents=True)
    load_language.cache_clear()
    yield folder
    load_language.cache_clear()


def remember(config_home, language: str) -> None:
    """Write a settings file whose saved language is ``language``."""
    (config_home / "ruzzle_gui" / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_saved_language_falls_back_to_english_and_says_why(user_languages, config_home, kind, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    (user_languages / "it.toml").write_text(BROKEN[kind], encoding="utf-8")
    remember(config_home, "it")
    state = default_state()
    assert state.language == "en"
    assert len(state.notices) == 1
    assert state.notices[0].startswith("Could not load language 'it': ") and state.notices[0].endswith("using English")


def test_when_english_is_broken_too_another_bundled_language_is_used(user_languages, config_home, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    for code in ("it", "en"):
        (user_languages / f"{code}.toml").write_text(BROKEN["not TOML"], encoding="utf-8")
    language, problem = start_language("it")
    assert language not in ("it", "en") and load_language(language).code != "it"
    assert problem.startswith("Could not load language 'it': ") and "it.toml" in problem


def test_when_every_language_is_overridden_badly_the_shipped_file_is_used(user_languages, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    for entry in resources.files("ruzzle_gui.languages").iterdir():
        if entry.name.endswith(".toml"):
            (user_languages / entry.name).write_text(BROKEN["wrong type"], encoding="utf-8")
    language, problem = start_language("en")
    assert language.endswith("en.toml") and load_language(language).name == "English"
    assert problem is not None


def test_the_window_opens_and_shows_the_reason(user_languages, config_home, window, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    (user_languages / "it.toml").write_text(BROKEN["deeply nested"], encoding="utf-8")
    remember(config_home, "it")
    app = launch([], root=window)
    settle(window)
    assert app.state.language == "en" and app.letters.language_box.get() == "English"
    shown = app.letters.hint.cget("text")
    assert shown.startswith("Could not load language 'it'") and shown.endswith("using English")
    # The fallback is not saved over the player's choice: fixing the file brings Italian back.
    app.letters.type_text("A")
    app.close()
    assert json.loads((config_home / "ruzzle_gui" / "settings.json").read_text(encoding="utf-8"))["language"] == "it"
