"""Watch mode for real: boards shown on the (virtual) screen by another process appear as words with no key
pressed; a second board replaces the first; stopping stops; ``ruzzle watch`` prints them and stops on Ctrl-C."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ruzzle_gui.app.watch.region_pick import RegionPicker
from ruzzle_gui.lab import synth
from ruzzle_gui.lab.watch_bench import Viewer
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.reader import read_board

from gui_helpers import press, settle, wait_until

SEEN_TIMEOUT = 60  # seconds: the machine is shared; a board is seen in about one
IDLE_SECONDS = 4
# Of one core, while nothing changes: a bound for a watch gone wrong (polling flat out, reading a still
# screen again), far above the bench's few per cent, so a busy shared machine does not fail it.
IDLE_CPU_BOUND = 0.3
VIEWER_AT = "+1800+0"  # right of the app's window, which the test screen (2400 px wide) centres
EN = load_language("en")


def phone(folder: Path, seed: int, width: int = 420) -> tuple[Path, object]:
    """Save a generated English phone screenshot in ``folder``; return its path and board."""
    rng = random.Random(seed)
    shot = synth.phone_shot(synth.random_board(EN, rng), EN, width, rng, synth.fonts()[0])
    path = folder / f"phone{seed}.png"
    shot.image.save(path)
    return path, shot.board


@pytest.fixture
def viewer(display):
    """Return an image viewer running in a process of its own, closed afterwards."""
    shown = Viewer(VIEWER_AT)
    yield shown
    shown.close()


def words_of(app, board) -> bool:
    """Return True once the Words screen shows ``board``."""
    return app.screen is app.results and app.results.board == board and bool(app.results.solutions)


def test_boards_on_the_screen_become_words_with_no_key_pressed(make_app, viewer, tmp_path):
    app = make_app("en")
    first, second = phone(tmp_path, 1), phone(tmp_path, 2)
    press(app.letters.board_view, "W")  # a typed letter, to see it replaced
    app.root.event_generate("<Control-Shift-W>")
    assert app.watch.watching and app.watch.on.get()
    viewer.show(first[0])
    wait_until(app.root, lambda: words_of(app, first[1]), SEEN_TIMEOUT)
    viewer.show(second[0])
    wait_until(app.root, lambda: words_of(app, second[1]), SEEN_TIMEOUT)
    assert "watching" in app.results.hint.cget("text")


def test_a_still_screen_is_not_read_again_and_stopping_stops(make_app, viewer, tmp_path):
    app = make_app("en")
    first, second = phone(tmp_path, 3), phone(tmp_path, 4)
    viewer.show(first[0])
    app.watch.start()
    wait_until(app.root, lambda: words_of(app, first[1]), SEEN_TIMEOUT)
    watcher, reads = app.watch.watcher, []
    read = watcher.read
    watcher.read = lambda *args: reads.append(1) or read(*args)
    settle(app.root, 2000)  # nothing changes: the app's own redraws are masked
    assert reads == []
    app.watch.toggle_button.invoke()  # the toolbar toggle
    assert not app.watch.watching and not app.watch.on.get() and watcher.stopped.is_set()
    viewer.show(second[0])
    settle(app.root, 2000)
    assert app.results.board == first[1] and reads == []
    assert "Stopped watching" in app.results.hint.cget("text")


def run_for(root, seconds: float) -> None:
    """Run the Tk event loop for ``seconds``, as the app runs when nobody touches it."""
    root.after(round(seconds * 1000), root.quit)
    root.mainloop()


def test_a_still_screen_costs_little_cpu_and_stopping_ends_the_watch_at_once(make_app, viewer, tmp_path):
    app = make_app("en")
    path, board = phone(tmp_path, 9)
    viewer.show(path)
    others = set(threading.enumerate())
    app.watch.start()
    [thread] = [thread for thread in threading.enumerate() if thread.name == "ruzzle-watch" and thread not in others]
    wait_until(app.root, lambda: words_of(app, board), SEEN_TIMEOUT)
    run_for(app.root, 1.0)  # the polls back off to their idle pace
    used, start = time.process_time(), time.monotonic()  # this process's CPU: the app and its watch thread
    run_for(app.root, IDLE_SECONDS)
    share = (time.process_time() - used) / (time.monotonic() - start)
    assert share < IDLE_CPU_BOUND, f"{share:.0%} of a core while nothing changed on the screen"
    app.watch.stop()
    thread.join(timeout=5)
    assert not thread.is_alive() and not app.watch.watching


def test_a_board_with_an_unsure_tile_waits_on_the_letters_screen(make_app, tmp_path):
    app = make_app("en")
    path, board = phone(tmp_path, 5)
    reading = read_board(path, EN)
    unsure = reading._replace(cells=tuple(cell._replace(uncertain=index == 6)
                                          for index, cell in enumerate(reading.cells)))
    app.watch.start()
    app.watch.events.put(("board", unsure))
    wait_until(app.root, lambda: app.letters.doubtful == {6}, SEEN_TIMEOUT)
    assert app.screen is app.letters and app.state.letters == list(board.letters)
    app.watch.stop()


def test_a_capture_that_fails_stops_the_watch_with_one_line(make_app, monkeypatch):
    app = make_app("en")
    monkeypatch.setenv("DISPLAY", ":9999")  # Tk keeps its own connection; the grabs cannot connect
    app.watch.start()
    wait_until(app.root, lambda: not app.watch.watching, SEEN_TIMEOUT)
    text = app.letters.hint.cget("text")
    assert text.startswith("Watch stopped: cannot capture the screen") and "\n" not in text
    assert not app.watch.on.get()


def test_the_region_picker_frames_the_board_and_the_watch_keeps_to_it(make_app, viewer, tmp_path):
    app = make_app("en")
    path, board = phone(tmp_path, 6)
    viewer.show(path)
    app.watch.pick_region()
    wait_until(app.root, lambda: isinstance(app.watch.picker, RegionPicker), SEEN_TIMEOUT)
    picker = app.watch.picker
    left, top, width, height = picker.rect
    assert 1700 <= left <= 1830 and width < 600 and height < 900  # around the phone's board, not the whole screen
    press(picker, "Right")
    picker.event_generate("<Shift-Down>")
    assert picker.rect == (left + 10, top, width, height + 10)
    press(picker, "Return")
    assert app.state.settings.watch_region == list(picker.rect) and app.watch.watcher.region == picker.rect
    wait_until(app.root, lambda: words_of(app, board), SEEN_TIMEOUT)
    app.watch.stop()


@pytest.mark.skipif(not os.environ.get("RUZZLE_REAL_SHOTS"), reason="RUZZLE_REAL_SHOTS is not set")
def test_a_real_screenshot_on_the_screen_is_read(make_app, viewer, tmp_path):
    from PIL import Image

    with Image.open(Path(os.environ["RUZZLE_REAL_SHOTS"]) / "en-dchen327-ruzzletest.png") as image:
        image = image.convert("RGB")
        image.thumbnail((560, 1200))
        image.save(tmp_path / "real.png")
    app = make_app("en")
    app.watch.start()
    viewer.show(tmp_path / "real.png")
    wait_until(app.root, lambda: app.results.board is not None or bool(app.letters.from_image), SEEN_TIMEOUT)
    app.watch.stop()


def printed_letters(rows: list[str]) -> list[str]:
    """Return the letters of a board as ``ruzzle watch`` draws it (row number, then letters and bonuses)."""
    return [word for row in rows for word in row.split()[1:] if word not in ("DL", "TL", "DW", "TW")]


def test_ruzzle_watch_prints_each_new_board_and_stops_on_ctrl_c(viewer, tmp_path):
    first, second = phone(tmp_path, 7), phone(tmp_path, 8)
    process = subprocess.Popen([sys.executable, "-c", "import sys; from ruzzle_gui.cli import main; sys.exit(main())",
                                "watch", "-l", "en", "--top", "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        assert "watching the screen" in process.stderr.readline()
        seen = []
        for path, board in (first, second):
            viewer.show(path)
            lines = [process.stdout.readline()]
            while lines[-1] == "\n":  # the blank line that ends the board before
                lines = [process.stdout.readline()]
            while "total score" not in lines[-1]:
                lines.append(process.stdout.readline())
                assert lines[-1], "ruzzle watch ended early"
            seen.append("".join(lines))
            assert lines[0].startswith("board seen at") and printed_letters(lines[2:6]) == list(board.letters)
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=SEEN_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130 and "Traceback" not in errors and errors.strip() == "ruzzle: interrupted"
    assert len(seen) == 2 and seen[0] != seen[1]


def test_the_file_menu_and_the_keys_list_name_watch_mode(make_app):
    from ruzzle_gui.app.keys_help import KEYS

    app = make_app("en")
    menu = app.menu.file_menu
    labels = {menu.entrycget(index, "label"): index for index in range(menu.index("end") + 1)
              if menu.type(index) != "separator"}
    watch = labels["Watch the screen"]
    assert menu.entrycget(watch, "accelerator") == "Ctrl+Shift+W" and labels["Watched region…"] == watch + 1
    assert menu.entrycget(watch - 1, "label") == "Read from screen"
    menu.invoke(watch)
    assert app.watch.watching and app.watch.on.get()
    menu.invoke(watch)
    assert not app.watch.watching and not app.watch.on.get()
    assert ("Ctrl+Shift+W", "watch the screen: each new board is read and solved") in KEYS[0][1]
