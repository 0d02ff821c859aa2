"""Settings: remembered between runs, never fatal when damaged, saved when the window closes."""
from __future__ import annotations

import json

import pytest

from ruzzle_gui.app.settings import DEFAULT_DELAY_MS, Settings, load_settings, save_settings, settings_path


def test_settings_live_in_the_user_config_folder(config_home):
    assert settings_path() == config_home / "ruzzle_gui" / "settings.json"


def test_settings_round_trip(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    assert save_settings(Settings(language="ru", delay_ms=120), path) is None
    assert load_settings(path) == Settings(language="ru", delay_ms=120)


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b"[1, 2]", b'{"language": 5, "delay_ms": "fast"}',
                                     b'{"delay_ms": 99999}', b""])
def test_a_damaged_settings_file_gives_the_defaults(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    assert load_settings(path) == Settings(language=None, delay_ms=DEFAULT_DELAY_MS)


def test_a_missing_settings_file_gives_the_defaults(tmp_path):
    assert load_settings(tmp_path / "none.json") == Settings()


def test_an_unwritable_settings_folder_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    problem = save_settings(Settings(language="it"), blocker / "settings.json")
    assert problem is not None and problem.startswith("could not save settings to")


def test_closing_the_window_saves_language_and_pace(app, config_home):
    app.results.speed.set(120)
    app.root.tk.call(app.root.protocol("WM_DELETE_WINDOW"))
    saved = json.loads((config_home / "ruzzle_gui" / "settings.json").read_text(encoding="utf-8"))
    assert saved == {"language": "it", "delay_ms": 120, "theme": None}
    assert not app.root.winfo_exists()
