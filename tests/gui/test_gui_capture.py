"""Read from screen: show a generated screenshot in a window, capture the screen, read the board."""
from __future__ import annotations

import io
import random
import tkinter as tk

from gui_helpers import settle
from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision import capture_screen, read_board


def test_capture_screen_finds_the_board_shown_in_a_window(window: tk.Toplevel):
    language = load_language("ru")
    shot = synth.phone_shot(synth.random_board(language, random.Random(9)), language, 380, random.Random(9),
                            synth.fonts()[0])
    buffer = io.BytesIO()
    shot.image.save(buffer, "PNG")
    picture = tk.PhotoImage(master=window, data=buffer.getvalue())
    tk.Label(window, image=picture, borderwidth=0).pack()
    window.geometry("+40+10")
    window.lift()
    settle(window)
    assert read_board(capture_screen(), language).board == shot.board
