"""Faults the window must say: a damaged settings file, a failed save on close, a damaged dictionary.

Also Ctrl+A in Tk's own dialog.
"""
from __future__ import annotations

import errno
import json
import os
import tkinter as tk

from ruzzle_gui.app.main import launch

from gui_helpers import settle


def test_a_damaged_settings_file_is_kept_and_the_window_says_so_once(root, config_home):
    saved = config_home / "ruzzle_gui" / "settings.json"
    saved.parent.mkdir(parents=True)
    saved.write_text('{"language": "ru", "recent_bo', encoding="utf-8")  # cut short
    top = tk.Toplevel(root)
    try:
        app = launch(["-l", "it"], root=top)
        settle(top)
        backups = list(saved.parent.glob("settings.json.damaged-*"))
        assert len(backups) == 1 and backups[0].read_text() == '{"language": "ru", "recent_bo'
        shown = app.letters.hint.cget("text")
        assert "damaged: started from the defaults" in shown and str(backups[0]) in shown
        app.close()
    finally:
        if top.winfo_exists():
            top.destroy()
    top = tk.Toplevel(root)
    try:
        app = launch([], root=top)
        settle(top)
        assert "damaged" not in app.letters.hint.cget("text") and app.state.language == "it"
        app.close()
    finally:
        if top.winfo_exists():
            top.destroy()


def test_a_fifo_for_settings_opens_the_window_with_a_notice(root, config_home):
    saved = config_home / "ruzzle_gui" / "settings.json"
    saved.parent.mkdir(parents=True)
    os.mkfifo(saved)
    top = tk.Toplevel(root)
    try:
        app = launch(["-l", "it"], root=top)
        settle(top)
        assert "is not a regular file" in app.letters.hint.cget("text")
    finally:
        top.destroy()


def test_a_save_that_fails_on_close_is_shown_and_a_second_close_quits(root, config_home, monkeypatch):
    top = tk.Toplevel(root)
    try:
        app = launch(["-l", "it"], root=top)
        settle(top)

        def full(_fd):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(os, "fsync", full)
        app.close()
        settle(top)
        assert top.winfo_exists()
        shown = app.screen.hint.cget("text")
        assert "No space left on device" in shown and "close again to quit without saving" in shown
        app.close()
        assert not top.winfo_exists()
    finally:
        if top.winfo_exists():
            top.destroy()


def test_ctrl_a_in_a_text_box_tk_made_itself_selects_all(app, tk_errors):
    # Tk's own file dialog is written in Tcl: its entry reaches a binding by path name only.
    name = app.root.tk.call("entry", f"{app.root}.tcl_only")
    app.root.tk.call("pack", name)
    app.root.tk.call(name, "insert", 0, "words.csv")
    app.root.tk.call("focus", "-force", name)
    settle(app.root)
    app.root.tk.call("event", "generate", name, "<Control-a>")
    settle(app.root)
    assert not tk_errors
    assert app.root.tk.call(name, "selection", "present")


def test_a_damaged_installed_dictionary_is_one_line_in_the_window(make_app, monkeypatch):
    from ruzzle_gui import dictionary
    from ruzzle_gui.dictionary import bundled, sha256sums
    from ruzzle_gui.language import load_language

    def forget() -> None:
        load_language.cache_clear()
        dictionary.forget_loaded()
        bundled._check_installed.cache_clear()

    forget()
    monkeypatch.setattr(sha256sums, "problem", lambda path: f"{path} is damaged (its checksum differs)"
                        if path.endswith("nl.marisa") else None)
    try:
        app = make_app("nl")
        app.letters.type_text("CASA IOME ARET OLUN")
        app.show_bonuses()
        app.solve()
        settle(app.root)
        shown = app.screen.hint.cget("text")
        assert "nl.marisa is damaged" in shown and "reinstall" in shown and "\n" not in shown
    finally:
        monkeypatch.undo()
        forget()


def _launch_with_settings(root, config_home, data: dict):
    """Write ``data`` as the settings file and start the app on a fresh window; return (app, window, path)."""
    saved = config_home / "ruzzle_gui" / "settings.json"
    saved.parent.mkdir(parents=True)
    saved.write_text(json.dumps(data), encoding="utf-8")
    top = tk.Toplevel(root)
    app = launch(["-l", "it"], root=top)
    settle(top)
    return app, top, saved


def test_a_settings_file_damaged_while_open_is_kept_aside_and_the_settings_saved(root, config_home, tk_errors):
    app, top, saved = _launch_with_settings(root, config_home, {
        "language": "it", "recent_boards": ["/b/one.board"], "delay_ms": 500, "plan_seconds": 90})
    try:
        saved.write_text('{"language": "it", "delay_ms": 500,}', encoding="utf-8")  # edited by hand, a stray comma
        app.toggle_theme()  # Ctrl+Shift+D: saved at once
        settle(top)
        backups = list(saved.parent.glob("settings.json.damaged-*"))
        assert len(backups) == 1 and backups[0].read_text() == '{"language": "it", "delay_ms": 500,}'
        assert f"the old file is kept as {backups[0]}" in app.screen.hint.cget("text")
        app.close()
        assert not top.winfo_exists() and not tk_errors
        kept = json.loads(saved.read_text(encoding="utf-8"))
        assert (kept["recent_boards"], kept["delay_ms"], kept["plan_seconds"]) == (["/b/one.board"], 500, 90)
    finally:
        if top.winfo_exists():
            top.destroy()


def test_a_lone_surrogate_in_the_settings_neither_stops_a_save_nor_the_window_closing(root, config_home, tk_errors):
    app, top, saved = _launch_with_settings(root, config_home, {"future_key": "\ud800x", "theme": "light"})
    try:
        app.toggle_theme()
        settle(top)
        app.close()
        assert not top.winfo_exists() and not tk_errors
        assert json.loads(saved.read_text(encoding="utf-8"))["future_key"] == "\ud800x"
    finally:
        if top.winfo_exists():
            top.destroy()


def test_a_save_that_raises_anything_is_said_and_a_second_close_quits(root, config_home, tk_errors, monkeypatch):
    app, top, saved = _launch_with_settings(root, config_home, {"theme": "light"})
    try:
        monkeypatch.setattr(json, "dumps", lambda *args, **kwargs: {}.__getitem__("unforeseen"))
        app.close()
        settle(top)
        assert top.winfo_exists() and "close again to quit without saving" in app.screen.hint.cget("text")
        app.close()
        assert not top.winfo_exists() and not tk_errors
    finally:
        if top.winfo_exists():
            top.destroy()


def test_a_damaged_catalogue_opens_the_window_in_english(root, config_home, tk_errors, monkeypatch, tmp_path, capsys):
    import gettext
    import shutil

    from ruzzle_gui.app.text import i18n

    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    (copy / "it" / "LC_MESSAGES" / "ruzzle_gui.mo").write_bytes(b"garbage")
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(copy))
    monkeypatch.setattr(gettext, "_translations", {})
    saved = config_home / "ruzzle_gui" / "settings.json"
    saved.parent.mkdir(parents=True)
    saved.write_text('{"interface_language": "it"}', encoding="utf-8")
    top = tk.Toplevel(root)
    try:
        app = launch(["-l", "it"], root=top)
        settle(top)
        assert i18n.current_language() == "it" and app.letters.hint.cget("text").startswith("Type the letters")
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is damaged" in err and not tk_errors
    finally:
        top.destroy()
        i18n.set_language("en")
