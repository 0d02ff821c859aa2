"""Settings: remembered between runs, never fatal when damaged, saved at each change, in the platform's place."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ruzzle_gui import language_pack as language_module
from ruzzle_gui.app import settings as settings_module
from ruzzle_gui.app.settings import (
    DEFAULT_DELAY_MS,
    RECENT_LIMIT,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from ruzzle_gui.language import config_dir

from gui_helpers import wait_until


def test_settings_live_in_the_user_config_folder(config_home):
    assert settings_path() == config_home / "ruzzle_gui" / "settings.json"


def test_settings_round_trip(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    assert save_settings(Settings(language="ru", delay_ms=120), path) is None
    assert load_settings(path) == Settings(language="ru", delay_ms=120)


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[1, 2]", b'{"language": 5, "delay_ms": "fast"}', b'{"delay_ms": 99999}', b"",
    b"[" * 100_000 + b"]" * 100_000,  # deeply nested: RecursionError in json
    b'{"delay_ms": ' + b"9" * 5000 + b"}",  # past Python's int digit limit: ValueError
    b'{"delay_ms": 1e999, "language": ["it"]}',
    b'{"delay_ms": true, "language": "", "recent_boards": "x.board"}',
    b'{"language": "it\\u0000", "recent_boards": [1, null, {"a": 1}]}',
    b'{"recent_boards": ["' + b"x" * 100_000 + b'"]}',  # larger than any real settings file
])
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


def test_a_settings_file_keeps_its_good_parts(tmp_path):
    path = tmp_path / "settings.json"
    recent = [f"/boards/{n}.board" for n in range(RECENT_LIMIT + 3)]
    path.write_text(json.dumps({"language": "de", "delay_ms": "slow", "recent_boards": [*recent[:1], 7, *recent[1:]]}),
                    encoding="utf-8")
    assert load_settings(path) == Settings(language="de", recent_boards=recent[:RECENT_LIMIT])


def test_recent_boards_put_the_latest_first_once(tmp_path):
    settings = Settings()
    for name in ("a", "b", "a", *(str(n) for n in range(RECENT_LIMIT))):
        settings.remember_board(tmp_path / f"{name}.board")
    assert len(settings.recent_boards) == RECENT_LIMIT
    assert settings.recent_boards[0] == str(tmp_path / f"{RECENT_LIMIT - 1}.board")
    assert len(set(settings.recent_boards)) == RECENT_LIMIT


def test_saving_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(Settings(language="it"), path)
    before = path.read_bytes()

    def full_disk(path, data):
        with open(path, "wb") as handle:
            handle.write(data[:10])  # the disk fills half-way through
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module, "write_bytes", full_disk)
    problem = save_settings(Settings(language="ru", delay_ms=120), path)
    assert problem is not None and "No space left on device" in problem
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_config_folder_is_the_platforms_and_an_old_one_keeps_working(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    native = str(tmp_path / "native" / "ruzzle_gui")
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda name, **options: str(tmp_path / "native" / name))
    assert config_dir() == str(tmp_path / ".config" / "ruzzle_gui")  # Linux: the XDG rule, without platformdirs
    monkeypatch.setattr(language_module.sys, "platform", "win32")
    assert config_dir() == native
    (tmp_path / ".config" / "ruzzle_gui").mkdir(parents=True)
    assert config_dir() == str(tmp_path / ".config" / "ruzzle_gui")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_dir() == str(tmp_path / "xdg" / "ruzzle_gui")
    assert language_module.user_language_dir() == str(tmp_path / "xdg" / "ruzzle_gui" / "languages")


def test_config_folder_on_linux_is_xdg_config(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert config_dir() == str(Path(os.environ["HOME"]) / ".config" / "ruzzle_gui")


def test_each_change_is_saved_at_once_without_closing(app, config_home):
    saved = config_home / "ruzzle_gui" / "settings.json"
    app.results.speed.set(120)
    wait_until(app.root, saved.exists)
    assert json.loads(saved.read_text(encoding="utf-8"))["delay_ms"] == 120
    app.letters.set_language("ru")
    assert json.loads(saved.read_text(encoding="utf-8"))["language"] == "ru"


def test_closing_the_window_saves_language_and_pace(app, config_home):
    app.results.speed.set(120)
    app.root.tk.call(app.root.protocol("WM_DELETE_WINDOW"))
    saved = json.loads((config_home / "ruzzle_gui" / "settings.json").read_text(encoding="utf-8"))
    assert saved == {"language": "it", "delay_ms": 120, "recent_boards": [], "theme": None, "everyday_only": False,
                     "doubtful_too": False, "plan_seconds": 120, "practice_seconds": 120,
                     "timing": {"per_word": 2.0, "per_letter": 0.2, "per_cell": 0.05}, "pace_offered": False,
                     "acceptance": {"bands": [0.85, 0.9, 0.93, 0.96, 0.98, 1.0, 1.0, 1.0], "doubtful": 0.25},
                     "watch_region": None, "interface_language": None}
    assert not app.root.winfo_exists()


def test_the_system_mode_read_ahead_is_the_one_used(monkeypatch):
    from ruzzle_gui.app.look import theme
    monkeypatch.setattr(theme, "_read_system_mode", lambda: "dark")
    theme.read_system_mode_ahead()
    monkeypatch.setattr(theme, "_read_system_mode", lambda: pytest.fail("read twice"))
    assert theme.system_mode() == "dark"
    assert not theme._ahead  # used once: a later call asks the desktop afresh


def test_a_desktop_too_slow_to_say_its_mode_gives_light(monkeypatch):
    import threading

    from ruzzle_gui.app.look import theme
    release = threading.Event()
    monkeypatch.setattr(theme, "SYSTEM_MODE_WAIT", 0.05)
    monkeypatch.setattr(theme, "_read_system_mode", lambda: release.wait(5) and "dark")
    theme.read_system_mode_ahead()
    assert theme.system_mode() == "light"
    release.set()


def test_the_app_reads_the_system_mode_while_tk_starts_unless_one_is_chosen(config_home, monkeypatch):
    from ruzzle_gui.app import main
    from ruzzle_gui.app.look import theme
    started = []
    monkeypatch.setattr(theme, "read_system_mode_ahead", lambda: started.append(True))
    app = main.launch([])
    try:
        assert started == [True]
    finally:
        app.root.destroy()
    save_settings(Settings(theme="dark"), settings_path())
    started.clear()
    app = main.launch([])
    try:
        assert started == [] and theme.mode(app.root) == "dark"
    finally:
        app.root.destroy()
