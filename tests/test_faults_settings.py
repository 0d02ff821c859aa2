"""Settings are never lost: two writers merge, a damaged file is kept, a special file is refused, failures are said."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading

import pytest

from ruzzle_gui.app.settings import Settings, load_settings, read_settings, save_settings


def test_two_windows_each_keep_their_own_changes(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(language="it", delay_ms=200, recent_boards=["/b/one.board"]), path)
    first, second = load_settings(path), load_settings(path)
    first.theme = "dark"
    assert save_settings(first, path) is None
    second.delay_ms = 500
    assert save_settings(second, path) is None
    assert save_settings(first, path) is None  # closing the first window again changes nothing more
    merged = load_settings(path)
    assert (merged.theme, merged.delay_ms, merged.language, merged.recent_boards) == ("dark", 500, "it",
                                                                                    ["/b/one.board"])


def test_a_key_set_back_to_what_was_loaded_is_not_written_over_another_windows_change(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(language="it"), path)
    first, second = load_settings(path), load_settings(path)
    second.language = "de"
    save_settings(second, path)
    first.delay_ms = 100
    first.delay_ms = Settings().delay_ms
    save_settings(first, path)
    assert load_settings(path).language == "de"


def test_keys_a_newer_version_wrote_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "it", "future_key": [1, 2]}))
    settings = load_settings(path)
    settings.delay_ms = 100
    save_settings(settings, path)
    assert json.loads(path.read_text())["future_key"] == [1, 2]


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b"[1, 2]", b"", b"{" * 70_000])
def test_a_damaged_file_is_kept_as_a_dated_backup_and_said_once(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, notice = read_settings(path)
    assert settings == Settings()
    backups = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-")]
    assert len(backups) == 1 and backups[0].read_bytes() == content
    assert notice == (f"Your settings file was damaged: started from the defaults; "
                      f"the old file is kept as {backups[0]}")
    save_settings(settings, path)
    assert read_settings(path)[1] is None and backups[0].read_bytes() == content


def test_a_missing_file_is_no_news(tmp_path):
    assert read_settings(tmp_path / "settings.json") == (Settings(), None)


def test_a_fifo_is_refused_without_a_hang(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    result = []
    worker = threading.Thread(target=lambda: result.append((read_settings(path),
                                                            save_settings(Settings(language="it"), path))),
                              daemon=True)
    worker.start()
    worker.join(10)
    assert result, "reading or saving the settings hung on a FIFO"
    (settings, notice), problem = result[0]
    assert settings == Settings()
    assert notice == f"Your settings file {path} is not a regular file: started from the defaults"
    assert problem == f"could not save settings to {path}: it is not a regular file"


def test_a_device_is_refused(tmp_path, monkeypatch):
    settings, notice = read_settings("/dev/zero")
    assert settings == Settings() and "not a regular file" in notice
    assert save_settings(Settings(), "/dev/full") == "could not save settings to /dev/full: it is not a regular file"


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_failed_save_is_one_line_and_keeps_the_old_file(tmp_path, monkeypatch, code):
    path = tmp_path / "settings.json"
    save_settings(Settings(language="it"), path)
    before = path.read_bytes()

    def fail(*args):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", fail)
    assert save_settings(Settings(language="de"), path) == f"could not save settings to {path}: {os.strerror(code)}"
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_two_processes_saving_at_once_lose_no_change(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(), path)
    code = ("import sys; from ruzzle_gui.app.settings import load_settings, save_settings\n"
            "s = load_settings(sys.argv[1]); setattr(s, sys.argv[2], sys.argv[3] if sys.argv[2] == 'theme' "
            "else int(sys.argv[3])); sys.exit(save_settings(s, sys.argv[1]) is not None)")
    first = subprocess.Popen([sys.executable, "-c", code, str(path), "theme", "dark"])
    second = subprocess.Popen([sys.executable, "-c", code, str(path), "delay_ms", "120"])
    assert first.wait() == 0 and second.wait() == 0
    merged = load_settings(path)
    assert (merged.theme, merged.delay_ms) == ("dark", 120)


def test_a_file_damaged_while_the_app_is_open_is_kept_and_every_value_saved(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "it", "recent_boards": ["/b/one.board"], "delay_ms": 500,
                                "plan_seconds": 90}))
    settings = load_settings(path)
    damaged = b'{"language": "it", "delay_ms": 500,}'  # a stray comma typed by hand while the app was open
    path.write_bytes(damaged)
    settings.theme = "dark"
    notice = save_settings(settings, path)
    backups = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-")]
    assert len(backups) == 1 and backups[0].read_bytes() == damaged
    assert notice == f"Your settings file was damaged: the old file is kept as {backups[0]}; your settings are saved"
    saved = load_settings(path)
    assert (saved.language, saved.recent_boards, saved.delay_ms, saved.plan_seconds, saved.theme) == (
        "it", ["/b/one.board"], 500, 90, "dark")


def test_a_damaged_file_that_cannot_be_kept_aside_is_not_written_over(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text('{"language": "it"}')
    settings = load_settings(path)
    path.write_bytes(b"{damaged")
    settings.theme = "dark"

    def refuse(*args):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "replace", refuse)
    assert save_settings(settings, path) == f"could not save settings to {path}: {os.strerror(errno.EACCES)}"
    assert path.read_bytes() == b"{damaged"


@pytest.mark.parametrize("stored", ["\ud800x", "\udcff"])
def test_a_lone_surrogate_is_saved_escaped_and_kept(tmp_path, stored):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"future_key": stored, "theme": "light"}))  # valid JSON: \\ud800 escaped
    settings = load_settings(path)
    settings.theme = "dark"
    settings.recent_boards = ["/b/caf\udce9.board"]  # a file name that is not UTF-8, as os.fsdecode gives it
    assert save_settings(settings, path) is None
    assert json.loads(path.read_text()) == {**json.loads(path.read_text()), "future_key": stored, "theme": "dark"}
    assert load_settings(path).recent_boards == ["/b/caf\udce9.board"]
