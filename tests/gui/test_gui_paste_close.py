"""Closing the window while a paste waits for a slow clipboard owner (issue #35, case 17) ends quietly."""
from __future__ import annotations

import tkinter as tk

import pytest

from ruzzle_gui.app.app import App


@pytest.mark.parametrize("answer", ["timed out", "letters"])
def test_closing_while_a_paste_waits_for_the_clipboard_ends_quietly(app: App, window: tk.Toplevel, answer):
    def slow_clipboard(**_options):
        window.destroy()  # Ctrl+Q, run by Tk's event loop while it waited for the clipboard's owner
        if answer == "timed out":
            raise tk.TclError("selection owner didn't respond")
        return "CASAORENTIMESOLE"

    app.letters.clipboard_get = slow_clipboard  # type: ignore[method-assign]
    app.letters.board_view.event_generate("<Control-v>")  # a traceback here fails the test (tk_errors)
    assert not window.winfo_exists()
