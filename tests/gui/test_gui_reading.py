"""Reading a board from a screenshot in the app: Open screenshot, drop, paste, Read from screen."""
from __future__ import annotations

import io
import random
import shutil
import subprocess
import tkinter as tk
from pathlib import Path

import pytest

from ruzzle_gui.app import reading
from ruzzle_gui.app.app import App
from ruzzle_gui.app.reading import CLIPBOARD_HINT
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language

from gui_helpers import press, settle, wait_until

READ_TIMEOUT = 60  # seconds: the machine is shared, and a read takes up to a second alone


def generated_shot(code: str = "it", seed: int = 3, width: int = 540) -> synth.Shot:
    """Return a generated phone screenshot of a random board in language ``code``."""
    language = load_language(code)
    rng = random.Random(seed)
    return synth.phone_shot(synth.random_board(language, rng), language, width, rng, synth.fonts()[0])


def save_shot(shot: synth.Shot, folder: Path, name: str = "shot.png") -> Path:
    """Save ``shot`` as a PNG file in ``folder`` and return its path."""
    path = folder / name
    shot.image.save(path)
    return path


def wait_for_read(app: App) -> None:
    """Process events until the app's read has reported."""
    def read_over() -> bool:
        """the read to finish"""
        return not app.reader.busy
    wait_until(app.root, read_over, timeout=READ_TIMEOUT)
    settle(app.root)


def hint(app: App) -> str:
    """Return the text on the letter window's hint line."""
    return str(app.letters.hint.cget("text"))


def doubt_marks(app: App) -> list[int]:
    """Return the tiles drawn with the check-me mark."""
    view = app.letters.board_view
    view.draw()
    return [index for index in range(app.state.size) if view.find_withtag(f"doubt{index}")]


def test_open_screenshot_fills_the_letters_and_bonuses_to_confirm(app: App, tmp_path: Path):
    shot = generated_shot()
    assert any(shot.board.bonuses), "the generated board should hold bonuses to read"
    app.open_screenshot(str(save_shot(shot, tmp_path)))
    assert "Reading the board in shot.png" in hint(app)
    wait_for_read(app)
    assert app.screen is app.letters  # to be confirmed, never solved blindly
    assert app.state.letters == list(shot.board.letters)
    assert app.state.bonuses == list(shot.board.bonuses)
    assert "from shot.png" in hint(app) and "Enter accepts and solves" in hint(app)
    assert app.letters.next_button.cget("text").startswith("Accept and solve")


def test_uncertain_tiles_are_marked_and_counted(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    real = reading.read_board

    def one_doubt(source, language):
        """Read for real, then say tile 5 is uncertain."""
        result = real(source, language)
        cells = list(result.cells)
        cells[5] = cells[5]._replace(uncertain=True)
        return result._replace(cells=tuple(cells))

    monkeypatch.setattr(reading, "read_board", one_doubt)
    app.open_screenshot(str(save_shot(generated_shot(), tmp_path)))
    wait_for_read(app)
    assert doubt_marks(app) == [5]
    assert "check the 1 tile marked ?" in hint(app)
    assert app.letters.cursor == 5  # the cursor waits on the tile to check
    press(app.letters.board_view, "z")  # the player corrects it: the mark goes
    assert doubt_marks(app) == []
    assert app.state.letters[5] == "Z"


def test_enter_after_a_read_solves_at_once(app: App, tmp_path: Path):
    shot = generated_shot(seed=5)
    app.open_screenshot(str(save_shot(shot, tmp_path)))
    wait_for_read(app)
    press(app.letters.board_view, "Return")
    settle(app.root)
    assert app.screen is app.results
    assert app.results.solutions
    assert app.results.board == shot.board


def test_enter_after_typing_still_goes_to_the_bonuses(app: App):
    app.letters.type_text("abcdefghilmnopqr")
    press(app.letters.board_view, "Return")
    assert app.screen is app.bonuses


@pytest.mark.parametrize("content, expected", [
    (b"not a picture at all", "is not an image"),
    (None, "No Ruzzle board found in"),
])
def test_a_bad_image_says_why_in_one_line_and_keeps_the_typed_board(app: App, tmp_path: Path, content, expected):
    path = tmp_path / "shot.png"
    if content is None:
        from PIL import Image
        Image.new("RGB", (400, 700), (40, 110, 200)).save(path)  # the game's blue, no board on it
    else:
        path.write_bytes(content)
    app.letters.type_text("abcdefghilmnopqr")
    typed = list(app.state.letters)
    app.open_screenshot(str(path))
    wait_for_read(app)
    assert expected in hint(app) and "\n" not in hint(app)
    assert str(app.letters.hint.cget("style")) == "Error.TLabel"
    assert app.state.letters == typed
    assert not app.letters.from_image


def test_a_dropped_image_is_read_and_a_dropped_board_file_opened(app: App, tmp_path: Path):
    shot = generated_shot(seed=7)
    app.open_dropped(str(save_shot(shot, tmp_path, "shot.PNG")))
    wait_for_read(app)
    assert app.state.letters == list(shot.board.letters)
    board_file = tmp_path / "board.txt"
    board_file.write_text("A B C D\nE F G H\nI L M N\nO P Q R\n")
    app.open_dropped(str(board_file))
    assert app.state.letters == list("ABCDEFGHILMNOPQR")
    assert not app.letters.from_image and doubt_marks(app) == []


def test_paste_reads_the_clipboard_image(app: App, monkeypatch: pytest.MonkeyPatch):
    shot = generated_shot(seed=11)
    from PIL import ImageGrab
    monkeypatch.setattr(ImageGrab, "grabclipboard", lambda: shot.image)
    app.letters.board_view.focus_force()
    settle(app.root)
    app.letters.board_view.event_generate("<Control-Shift-V>")
    wait_for_read(app)
    assert app.state.letters == list(shot.board.letters)
    assert app.state.bonuses == list(shot.board.bonuses)


@pytest.mark.parametrize("grab, expected", [
    (lambda: None, "No image on the clipboard"),
    ("missing tool", CLIPBOARD_HINT[1:]),
])
def test_paste_without_an_image_says_what_to_do(app: App, monkeypatch: pytest.MonkeyPatch, grab, expected):
    from PIL import ImageGrab

    def no_tool():
        raise NotImplementedError("wl-paste or xclip is required")

    monkeypatch.setattr(ImageGrab, "grabclipboard", no_tool if grab == "missing tool" else grab)
    app.paste_image()
    wait_for_read(app)
    assert expected in hint(app)


@pytest.mark.skipif(shutil.which("xclip") is None, reason="needs xclip, which setup.sh installs")
def test_paste_through_the_real_x_clipboard(app: App, tmp_path: Path):
    shot = generated_shot(seed=13)
    path = save_shot(shot, tmp_path)
    # xclip owns the clipboard until it has served one request (-l 1), then exits.
    owner = subprocess.Popen(["xclip", "-selection", "clipboard", "-t", "image/png", "-l", "1", "-i", str(path)])
    try:
        settle(app.root, 200)
        app.paste_image()
        wait_for_read(app)
        assert app.state.letters == list(shot.board.letters)
    finally:
        owner.kill()
        owner.wait()


def test_read_from_screen_finds_the_board_shown_in_another_window(app: App, root: tk.Tk):
    shot = generated_shot("ru", seed=9, width=380)
    app.letters.set_language("ru")
    shown = tk.Toplevel(root)
    buffer = io.BytesIO()
    shot.image.save(buffer, "PNG")
    picture = tk.PhotoImage(master=shown, data=buffer.getvalue())
    tk.Label(shown, image=picture, borderwidth=0).pack()
    shown.geometry("+40+10")
    settle(shown, 100)
    # Our own window sits over the shot: it must hide for the capture.
    app.root.geometry("+20+20")
    app.root.lift()
    settle(app.root, 100)
    app.menu.file_menu.invoke(app.menu.file_menu.index("Read from screen"))
    wait_for_read(app)
    assert app.root.state() == "normal"  # shown again after the capture
    assert app.screen is app.letters
    assert app.state.letters == list(shot.board.letters)
    assert app.state.bonuses == list(shot.board.bonuses)
    shown.destroy()


def test_ctrl_shift_o_asks_for_a_screenshot_and_reads_it(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from tkinter import filedialog
    shot = generated_shot(seed=17)
    path = save_shot(shot, tmp_path)
    asked = {}

    def ask(**options):
        asked.update(options)
        return str(path)

    monkeypatch.setattr(filedialog, "askopenfilename", ask)
    app.letters.board_view.event_generate("<KeyPress>", keysym="O", state=0x5)  # Control and Shift
    wait_for_read(app)
    assert "*.png" in asked["filetypes"][0][1]
    assert app.state.letters == list(shot.board.letters)


def test_the_keys_window_lists_the_screenshot_keys():
    from ruzzle_gui.app.keys_help import KEYS
    keys = {key for _screen, rows in KEYS for key, _action in rows}
    assert {"Ctrl+Shift+O", "Ctrl+Shift+V", "Ctrl+Shift+R"} <= keys


def test_tk_garbage_is_freed_on_the_tk_thread_never_on_a_reading_worker(window, monkeypatch):
    import gc
    import sys
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)

    class Dialog:
        """A closed dialog's leftovers: a Tk variable in a reference cycle, freed only by the cyclic collector."""

    dialog = Dialog()
    dialog.me, dialog.choice = dialog, tk.StringVar(window)
    del dialog
    # The worker runs a collection, as any thread that allocates may.
    monkeypatch.setattr(reading, "read_board", lambda *_args: gc.collect())
    results = []
    reader = reading.BoardReader(window, lambda: load_language("it"), on_busy=lambda _message: None,
                                 on_read=lambda *_args: results.append("read"), on_failed=results.append)
    reader.read_file("board.png")
    wait_until(window, lambda: results)
    assert results == ["read"]
    assert unraisable == []  # without the collection before the worker starts: "main thread is not in main loop"
