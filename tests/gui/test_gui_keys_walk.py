"""Every key the keys help (F1) lists does something on every screen it is listed for.

The test walks ``keys_help.KEYS``: each entry is split into the keys it names, each
key is pressed on its screen (every screen for the "Everywhere" section) with the
focus where the entry says ("in the plan", "on the board" ...), and what the player
can see or use must change: the screen, the focus, the board, a cursor, the list,
the plan, a message, the clipboard, a window or a menu. A key that changes nothing
there is dead. Dialogs that would wait for the player are replaced by recorders.
"""
from __future__ import annotations

import tkinter as tk
from types import SimpleNamespace

import pytest

from ruzzle_gui.app import reading
from ruzzle_gui.app.keys_help import KEYS
from ruzzle_gui.app.settings import DELAY_RANGE_MS
from ruzzle_gui.board import Board
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError

from gui_helpers import BOARD, settle, wait_until

SCREENS = ("letters", "bonuses", "results")
SECTION_SCREENS = {"Everywhere": SCREENS, "1  Letters": ("letters",), "2  Bonuses": ("bonuses",),
                   "3  Words": ("results",), "Practice": ("practice",), "History": ("history",)}

# What each entry of the keys help presses: (keys as event_generate takes them, where the focus goes).
# A key is a sequence such as "<Control-o>", or a bare keysym sent as a KeyPress.
PRESSES: dict[str, tuple[tuple[str, ...], str]] = {
    "F1": (("<F1>",), "screen"),
    "Ctrl+O": (("<Control-o>",), "screen"),
    "Ctrl+Shift+O": (("<Control-Shift-O>",), "screen"),
    "Ctrl+Shift+V": (("<Control-Shift-V>",), "screen"),
    "Ctrl+Shift+R": (("<Control-Shift-R>",), "screen"),
    "Ctrl+Shift+W": (("<Control-Shift-W>",), "screen"),
    "Alt+F": (("<Alt-f>",), "screen"),
    "Ctrl+Z": (("<Control-z>",), "after a change"),
    "Ctrl+Shift+Z, Ctrl+Y": (("<Control-Shift-Z>", "<Control-y>"), "after an undo"),
    "Ctrl+Q": (("<Control-q>",), "screen"),
    "Tab, Shift+Tab": (("Tab", "<Shift-Tab>"), "screen"),
    "Ctrl+A": (("<Control-a>",), "text box"),
    "Enter": (("Return",), "screen"),
    "Esc": (("Escape",), "after a message"),
    "A–Z …": (("a", "z"), "board"),
    "Backspace, Delete": (("BackSpace", "Delete"), "board"),
    "Arrows, Home, End": (("Left", "Right", "Up", "Down", "Home", "End"), "board"),
    "Ctrl+V, Shift+Insert": (("<Control-v>", "<Shift-Insert>"), "board with letters copied"),
    "Ctrl+C": (("<Control-c>",), "board"),
    "Alt+R": (("<Alt-r>",), "board"),
    "Alt+L": (("<Alt-l>",), "board"),
    "Enter after a read": (("Return",), "board after a read"),
    "?": (("question",), "board after a read"),
    "↑ ↓ in a size box": (("Up", "Down"), "size box"),
    "↓ in the language box": (("Down",), "language box"),
    "1 2 3 4": (("1", "2", "3", "4"), "board"),
    "0, Backspace, Delete": (("0", "BackSpace", "Delete"), "board with a bonus"),
    "Space": (("space",), "board"),
    "Arrows": (("Left", "Right", "Up", "Down"), "board"),
    "↑ ↓, Space": (("Down", "Up", "space"), "list"),
    "Ctrl+1 … Ctrl+5": (tuple(f"<Control-Key-{n}>" for n in range(1, 6)), "list"),
    "Alt+E": (("<Alt-e>",), "list"),
    "Alt+D": (("<Alt-d>",), "list"),
    "Ctrl+F": (("<Control-f>",), "list"),
    "Arrows, Space on the board": (("Left", "Right", "Up", "Down", "space"), "board"),
    "← → on the speed slider": (("Left", "Right"), "speed slider"),
    "Ctrl+C in the list": (("<Control-c>",), "list"),
    "Ctrl+S": (("<Control-s>",), "list"),
    "Ctrl+E": (("<Control-e>",), "list"),
    "Ctrl+N": (("<Control-n>",), "list"),
    "Ctrl+P": (("<Control-p>",), "list"),
    "Alt+W, Alt+P": (("<Alt-w>", "<Alt-p>"), "list"),
    "Enter in the plan": (("Return",), "plan"),
    "Esc in the plan": (("Escape",), "plan while playing"),
    "Space in the plan": (("space",), "plan"),
    "Ctrl+R in the plan": (("<Control-r>",), "plan with a tick"),
    "Alt+H in the plan": (("<Alt-h>",), "plan"),
    "Alt+C in the plan": (("<Alt-c>",), "plan"),
    "Ctrl+Shift+P": (("<Control-Shift-P>",), "screen"),
    "Type a word, Enter": (("Return",), "typing box with a word"),
    "Enter in a review list": (("Return",), "review list"),
    "Alt+A, Alt+N on the review": (("<Alt-a>", "<Alt-n>"), "review list"),
    "Ctrl+Shift+H": (("<Control-Shift-H>",), "screen"),
    "Alt+X": (("<Alt-x>",), "history"),
    "Alt+U": (("<Alt-u>",), "history with a pace"),
    "R, A": (("r", "a"), "list"),
    "Menu, Shift+F10, right click": (("Menu", "<Shift-F10>"), "list"),
}


# Listed "Everywhere" but about a widget a screen lacks: the Bonuses screen has no text box.
NOT_APPLICABLE = {("Ctrl+A", "bonuses")}


def listed() -> list[tuple[str, str, str]]:
    """Return (screen, key entry, key) for every key of the keys help on every screen it is listed for."""
    cases = []
    for section, keys in KEYS:
        for entry, _action in keys:
            for screen in SECTION_SCREENS[section]:
                if (entry, screen) in NOT_APPLICABLE:
                    continue
                for one in PRESSES.get(entry, (("?unknown",), ""))[0]:
                    cases.append((screen, entry, one))
    return cases


def test_every_entry_of_the_keys_help_is_walked():
    entries = {entry for _section, keys in KEYS for entry, _action in keys}
    assert entries <= set(PRESSES), f"add these keys to PRESSES: {sorted(entries - set(PRESSES))}"


class Recorder:
    """Stands in for a dialog or for quitting: remembers each call, answers as a cancel would."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, *_args, **_options) -> str:
        self.calls.append("called")
        return ""


@pytest.fixture
def walked(make_app, monkeypatch):
    """Return an app whose file dialogs, clipboard image and screen capture are recorders, and Quit recorded."""
    from tkinter import filedialog

    recorder = Recorder()
    monkeypatch.setattr(filedialog, "askopenfilename", recorder)
    monkeypatch.setattr(filedialog, "asksaveasfilename", recorder)

    def no_image(*_args):
        raise ImageError("no image on the clipboard (test)")

    monkeypatch.setattr(reading, "grab_clipboard", no_image)
    monkeypatch.setattr(reading, "capture_screen", no_image)
    app = make_app()
    monkeypatch.setattr(app, "close", recorder)
    app.recorder = recorder
    return app


def show(app, screen: str) -> None:
    """Put ``app`` on ``screen`` with the board typed (and solved for the results)."""
    if not all(app.state.letters):
        app.letters.type_text(BOARD)
    {"letters": app.show_letters, "bonuses": app.show_bonuses, "results": app.solve,
     "practice": lambda: app.practise(Board.parse(BOARD, load_language("it"))), "history": app.show_history}[screen]()
    settle(app.root)
    assert app.screen is getattr(app, {"history": "history_screen"}.get(screen, screen))


def read_a_board(app) -> None:
    """Hand the app a screenshot reading with two unsure tiles, as the reader does."""
    board = Board.parse(BOARD, load_language("it"))
    app.show_reading(SimpleNamespace(board=board, uncertain=((0, 1), (2, 3)), reasons={}), "shot.png")
    settle(app.root)


def focus_for(app, where: str) -> tk.Misc | None:
    """Prepare the screen as ``where`` says and return the widget to hold the focus (None: not on this screen)."""
    screen = app.screen
    results = app.results
    if where == "after a change":
        app.letters.type_text("Q")
    elif where == "after an undo":
        app.letters.type_text("Q")
        app.undo()
        if app.screen is not screen:
            show(app, "results")
    elif where == "after a message":
        screen.hint.flash("a message")
    elif where == "board with letters copied":
        app.root.clipboard_clear()
        app.root.clipboard_append("CASA")
    elif where == "board after a read":
        read_a_board(app)
        app.letters.cursor = 0
    elif where == "board with a bonus":
        app.state.bonuses[app.bonuses.cursor] = "DW"
        app.bonuses.redraw()
    elif where == "typing box with a word":
        app.practice.typed.set("casa")
        return app.practice.entry
    elif where == "review list":
        app.practice.finish()
        settle(app.root)
        tree = app.practice.review.missed
        first = tree.get_children()[0]
        tree.selection_set(first)
        tree.focus(first)
        return tree
    elif where == "history with a pace":
        from ruzzle_gui.store import Round, RoundWord

        app.store.add_round(Round("it", BOARD, 120.0, 30, (RoundWord("CASA", 9.0, 30),), 50, 900,
                                  "2026-12-01T10:00:00Z"))
        app.show_history()
        settle(app.root)
    elif where.startswith("plan"):
        results.plan_tab.show_plan()
        tree = results.plan_tab.plan_view.tree
        tree.selection_set("1")
        tree.focus("1")
        if where == "plan with a tick":
            results.plan_tab.plan_view.set_played(0, True)
        if where == "plan while playing":
            results.plan_tab.plan_view.play()
        return tree
    widgets = {
        "screen": getattr(screen, "board_view", None) if screen is not results else results.tree,
        "board": getattr(screen, "board_view", None),
        "board with letters copied": app.letters.board_view,
        "board after a read": app.letters.board_view,
        "board with a bonus": app.bonuses.board_view,
        "after a change": getattr(app.screen, "board_view", None),
        "after an undo": getattr(app.screen, "board_view", None) if app.screen is not results else results.tree,
        "after a message": getattr(screen, "board_view", None) if screen is not results else results.tree,
        "text box": {app.letters: app.letters.rows_box, results: results.find_entry}.get(screen),
        "size box": app.letters.rows_box,
        "language box": app.letters.language_box,
        "list": results.tree,
        "speed slider": results.speed,
        "history": getattr(screen, "export_button", None),
        "history with a pace": getattr(screen, "export_button", None),
    }
    if where == "text box" and screen is results:
        results.find_var.set("casa")
    return widgets[where]


def seen(app) -> tuple:
    """Return what the player can see or use: a key that changes none of it is dead."""
    results, plan = app.results, app.results.plan_tab.plan_view
    # Asked of Tk: the focus may be in a menu or a list Tk made itself, which tkinter does not know.
    focus = str(app.root.tk.call("focus"))
    entries = {str(box): box for box in (app.letters.rows_box, app.letters.cols_box, app.results.find_entry,
                                         app.results.min_box)}
    selection = entries[focus].selection_present() if focus in entries else None
    try:
        clipboard = app.root.clipboard_get()
    except tk.TclError:
        clipboard = None
    popdown = app.root.tk.call("ttk::combobox::PopdownWindow", app.letters.language_box)
    menus = [menu.winfo_ismapped() for menu in (app.menu.file_menu,)]
    return (app.screen, focus, selection, app.state.snapshot(), app.state.language, app.letters.cursor,
            app.bonuses.cursor, results.cursor, results.board_view.cursor, results.board_view.marked,
            results.tree.selection(), tuple(s.word for s in results.shown[:8]),
            results.words.sort_column, results.words.sort_reverse, results.words.everyday_var.get(),
            results.words.doubtful_var.get(), results.find_var.get(), results.speed.get(), results.plan_tab.plan_shown,
            plan.playing,
            tuple(s.word for s in plan.played), tuple(s.solution.word for s in plan.plan.steps),
            plan.heat_var.get(), results.animating, results.board_view.lit.copy(),
            app.letters.rows_var.get(), app.letters.hint.cget("text"), app.bonuses.hint.cget("text"),
            results.hint.cget("text"), app.watch.watching, clipboard, len(app.recorder.calls), app.reader.busy,
            app.keys_window is not None and app.keys_window.winfo_exists(),
            len(app.root.winfo_children()), app.root.tk.call("winfo", "ismapped", popdown), *menus,
            app.root.state(), *practice_seen(app))


def practice_seen(app) -> tuple:
    """Return what the player can see of a practice round, its review and History (nothing before they exist)."""
    practice, history = app._practice, app._history
    round_seen = () if practice is None else (
        practice.playing, practice.setup.board if practice.setup else None, practice.word_label.cget("text"),
        practice.review.winfo_ismapped(), practice.review.board_view.lit.copy())
    return (*round_seen, None if history is None else history.hint.cget("text"), dict(app.state.settings.timing))


def press(widget: tk.Misc, key: str) -> None:
    """Press ``key`` with the focus on ``widget``."""
    if key.startswith("<"):
        widget.event_generate(key)
    else:
        widget.event_generate("<KeyPress>", keysym=key)


def tidy(app) -> None:
    """Close what a key opened (a menu, a list, a window) and let running work finish."""
    wait_until(app.root, lambda: not app.reader.busy, timeout=10)
    app.results.plan_tab.plan_view.stop()
    app.watch.stop(message=None)
    app.root.tk.call("ttk::combobox::Unpost", app.letters.language_box)
    app.menu.file_menu.unpost()
    app.root.tk.eval("catch {tk::MenuUnpost {}}")
    for child in app.root.winfo_children():
        if isinstance(child, tk.Toplevel):
            child.destroy()
    if app.root.state() == "withdrawn":
        app.root.deiconify()
    settle(app.root)


@pytest.mark.parametrize(("screen", "entry", "key"), listed())
def test_each_listed_key_does_something(walked, screen, entry, key):
    app = walked
    show(app, screen)
    if screen == "letters" and entry == "Arrows, Home, End":
        app.letters.move_to(5)
    if screen == "results" and entry == "Arrows, Space on the board":
        app.results.cursor = app.results.board_view.cursor = 5
    if screen == "bonuses":
        app.bonuses.cursor = 6  # a plain tile inside the board: every bonus key and arrow changes it
    if screen == "results":
        app.results.select(2)  # a word in the middle of the list: up and down both move
        app.results.speed.set(sum(DELAY_RANGE_MS) / 2)  # the slider mid-way: both ways move it
    widget = focus_for(app, PRESSES[entry][1])
    assert widget is not None, f"{entry}: no widget for it on the {screen} screen"
    widget.focus_force()
    settle(app.root)
    wait_until(app.root, lambda: not app.results.animating)
    before = seen(app)
    press(widget, key)
    settle(app.root, 60)
    if key in ("<Control-Shift-V>", "<Control-Shift-R>"):
        wait_until(app.root, lambda: not app.reader.busy and app.root.state() != "withdrawn", timeout=10)
        settle(app.root)
    after = seen(app)
    menu_focused = "menubar" in str(app.root.tk.call("focus"))
    tidy(app)
    assert after != before, f"{key} ({entry}) does nothing on the {screen} screen"
    if entry == "Alt+F":  # the File menu, not a letter typed or a bonus set
        assert menu_focused and after[3] == before[3]
