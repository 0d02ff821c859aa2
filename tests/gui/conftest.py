"""GUI test fixtures: a virtual screen when there is none, one Tk root, strict Tk callbacks.

Without a DISPLAY, the session starts its own Xvfb (on a display number the
server picks itself) and stops it at the end, so plain ``pytest`` works on a
headless machine.
"""
from __future__ import annotations

import ctypes
import os
import select
import shutil
import signal
import subprocess
import time
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ruzzle_gui.app.app import App
from ruzzle_gui.app.look.theme import POINTS_PER_INCH, REFERENCE_DPI
from ruzzle_gui.app.settings import Settings
from ruzzle_gui.app.state import AppState

from gui_helpers import settle

XVFB_START_SECONDS = 10
PR_SET_PDEATHSIG = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as a GUI test."""
    here = Path(__file__).parent
    for item in items:
        if Path(item.fspath).parent == here:
            item.add_marker(pytest.mark.gui)


def die_with_parent() -> None:
    """Ask Linux to stop this child if the test process dies, so a crash leaves no Xvfb behind."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def read_line(fd: int, timeout: float) -> str:
    """Return one line read from ``fd`` (without the newline), or what came before ``timeout``."""
    # Xvfb writes the number and the newline separately, and dies if the pipe
    # closes in between: read up to the newline.
    data, end = b"", time.monotonic() + timeout
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(end - time.monotonic(), 0))
        chunk = os.read(fd, 32) if ready else b""
        if not chunk:
            break
        data += chunk
    return data.decode().strip()


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """Return the X display to draw on, starting Xvfb for the session if DISPLAY is unset."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.fail("no DISPLAY and no Xvfb: install the xvfb package (tests/run.sh does it)")
    reader, writer = os.pipe()
    # Room for the window a 192-DPI screen gets (test_gui_look.py), so its photos show all of it.
    server = subprocess.Popen([xvfb, "-displayfd", str(writer), "-screen", "0", "2400x1600x24", "-nolisten", "tcp"],
                              pass_fds=(writer,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=die_with_parent)
    os.close(writer)
    number = read_line(reader, XVFB_START_SECONDS)
    os.close(reader)
    if not number.isdigit():
        server.kill()
        pytest.fail("Xvfb did not start")
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield os.environ["DISPLAY"]
    finally:
        del os.environ["DISPLAY"]
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def root(display: str) -> Iterator[tk.Tk]:
    """Return the session's one Tk root, withdrawn; each test opens its windows as Toplevels."""
    root = tk.Tk()
    root.withdraw()
    # Every test sees a 96-DPI screen, whatever the display says: pixel sizes are as written.
    # Tests of other screens set their own scaling (see test_gui_scaling.py).
    root.tk.call("tk", "scaling", REFERENCE_DPI / POINTS_PER_INCH)
    yield root
    root.update_idletasks()
    root.destroy()


@pytest.fixture(autouse=True)
def tk_errors(request: pytest.FixtureRequest) -> Iterator[list[BaseException]]:
    """Fail the test if any Tk callback raised, instead of letting Tk print and carry on."""
    errors: list[BaseException] = []
    if "root" not in request.fixturenames:
        yield errors
        return
    root = request.getfixturevalue("root")

    def report(_kind, value, _traceback) -> None:
        errors.append(value)

    root.report_callback_exception = report
    yield errors
    del root.report_callback_exception
    if errors:
        raise errors[0]


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point XDG_CONFIG_HOME and XDG_DATA_HOME at empty folders, so no real settings, user languages or
    verdicts leak in, nor one test's verdicts into another's."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return home


@pytest.fixture
def window(root: tk.Tk) -> Iterator[tk.Toplevel]:
    """Return a fresh mapped Toplevel for one test, destroyed afterwards."""
    top = tk.Toplevel(root)
    yield top
    top.update_idletasks()
    top.destroy()
    root.update()


@pytest.fixture
def make_app(window: tk.Toplevel, config_home: Path) -> Callable[..., App]:
    """Return a factory for an App in the test's window, language Italian unless told otherwise."""
    def make(language: str = "it") -> App:
        state = AppState(language=language, settings_file=config_home / "ruzzle_gui" / "settings.json",
                         settings=Settings(language=language, delay_ms=60))
        app = App(window, state)
        settle(window)
        app.letters.board_view.focus_force()
        settle(window)
        return app

    return make


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """Return an Italian App showing the letter window, its board focused."""
    return make_app()


@pytest.fixture
def dpi(request: pytest.FixtureRequest, root: tk.Tk) -> Iterator[int]:
    """Emulate a screen of ``request.param`` DPI through Tk's scaling, restored afterwards."""
    before = root.tk.call("tk", "scaling")
    root.tk.call("tk", "scaling", request.param / POINTS_PER_INCH)
    yield request.param
    root.tk.call("tk", "scaling", before)
