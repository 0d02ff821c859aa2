"""Reading a board from a screenshot file, the clipboard or the screen, off the Tk thread.

The reader (ruzzle_gui.vision) takes up to a second on a big screenshot: it runs
on a worker thread that never touches Tk, and the window polls it. What it read
goes to the Letters screen to be confirmed; what went wrong is one sentence for
the hint line.
"""
from __future__ import annotations

import sys
import threading
import tkinter as tk
import traceback
from collections.abc import Callable
from pathlib import Path

from ruzzle_gui.app.solving import start_worker
from ruzzle_gui.app.text.engine_text import engine_text
from ruzzle_gui.app.text.i18n import N_, _, format_number, ngettext
from ruzzle_gui.language import Language
from ruzzle_gui.vision.errors import ImageError, OcrUnavailableError

POLL_MS = 40
# After our window is withdrawn, the windows under it need a moment to repaint
# before the screen is captured.
HIDE_MS = 300
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif", ".tif", ".tiff")
IMAGE_PATTERNS = " ".join(f"*{s} *{s.upper()}" for s in IMAGE_SUFFIXES)
# An image without a file, named by the app. Each source gets its own whole messages (``read_message``):
# "the screen" after a preposition would need the language's own contraction (Italian "dallo schermo").
SCREEN = N_("the screen")
PASTED = N_("the pasted image")
CLIPBOARD_HINT = N_("pasting an image needs xclip (X11) or wl-clipboard (Wayland): "
                    "sudo apt install xclip wl-clipboard")


def image_files() -> list[tuple[str, str]]:
    """Return the file types the Open screenshot dialog offers, named in the interface language."""
    return [(_("Screenshots"), IMAGE_PATTERNS), (_("All files"), "*")]


def is_image_file(path: str) -> bool:
    """Return True if ``path`` is named like an image file (so a drop goes to the reader)."""
    return Path(path).suffix.lower() in IMAGE_SUFFIXES


def grab_clipboard():
    """Return the image on the clipboard (a PIL image, or the first image file copied); raise ImageError if none."""
    from PIL import ImageGrab  # Pillow loads only when an image is pasted

    try:
        content = ImageGrab.grabclipboard()
    except NotImplementedError:
        raise ImageError(_(CLIPBOARD_HINT)) from None
    except Exception as err:  # noqa: BLE001 (Pillow parses what the clipboard holds: its error is the data's fault)
        raise ImageError(_("cannot read the clipboard: {problem}").format(problem=err)) from None
    if isinstance(content, list):  # files copied in a file manager
        content = next((name for name in content if is_image_file(name)), None)
    if content is None:
        raise ImageError(_("no image on the clipboard: copy a screenshot of the board first"))
    return content


def capture_screen():
    """Return a picture of the whole screen (imported here so the app starts without Pillow)."""
    from ruzzle_gui.vision import capture_screen as capture

    return capture()


def read_board(source, language: Language):
    """Return the vision Reading of ``source`` (an image file or PIL image) for ``language``."""
    from ruzzle_gui.vision import read_board as read

    return read(source, language)


def problem(error: Exception, source: str | None = None) -> str:
    """Return one sentence for the hint line saying why a read failed (``source``: the image's name, if no file)."""
    if isinstance(error, (ImageError, OcrUnavailableError)):
        text = engine_text(error, source)
        return text[:1].upper() + text[1:]
    return _("Reading failed: {error}: {problem}").format(error=type(error).__name__, problem=error)


def source_of(name: str) -> str | None:
    """Return SCREEN or PASTED if ``name`` is the app's name for that image in the interface language, else None."""
    return next((source for source in (SCREEN, PASTED) if name == _(source)), None)


def reading_message(name: str) -> str:
    """Return the status line of a read under way from ``name`` (a file, or the app's name for an image)."""
    source = source_of(name)
    if source == SCREEN:
        return _("Reading the board on the screen…")
    if source == PASTED:
        return _("Reading the board in the pasted image…")
    # TRANSLATORS: {name} is a file name (the screen and the pasted image have their own messages).
    return _("Reading the board in {name}…").format(name=name)


def read_message(name: str, rows: int, cols: int, doubtful: int) -> str:
    """Return the hint after a read from ``name``: the board's size, the tiles to check, and what Enter does."""
    source, values = source_of(name), {"rows": rows, "cols": cols, "name": name, "count": format_number(doubtful)}
    if source == SCREEN:
        message = ngettext("Read a {rows}×{cols} board with its bonuses from the screen: check the {count} tile "
                           "marked ? (? goes from one to the next), then Enter accepts and solves",
                           "Read a {rows}×{cols} board with its bonuses from the screen: check the {count} tiles "
                           "marked ? (? goes from one to the next), then Enter accepts and solves", doubtful) \
            if doubtful else _("Read a {rows}×{cols} board with its bonuses from the screen: check the letters, "
                               "then Enter accepts and solves")
    elif source == PASTED:
        message = ngettext("Read a {rows}×{cols} board with its bonuses from the pasted image: check the {count} "
                           "tile marked ? (? goes from one to the next), then Enter accepts and solves",
                           "Read a {rows}×{cols} board with its bonuses from the pasted image: check the {count} "
                           "tiles marked ? (? goes from one to the next), then Enter accepts and solves", doubtful) \
            if doubtful else _("Read a {rows}×{cols} board with its bonuses from the pasted image: check the "
                               "letters, then Enter accepts and solves")
    else:
        # TRANSLATORS: {name} is a file name (the screen and the pasted image have their own messages).
        message = ngettext("Read a {rows}×{cols} board with its bonuses from {name}: check the {count} tile marked ? "
                           "(? goes from one to the next), then Enter accepts and solves",
                           "Read a {rows}×{cols} board with its bonuses from {name}: check the {count} tiles marked ? "
                           "(? goes from one to the next), then Enter accepts and solves", doubtful) \
            if doubtful else _("Read a {rows}×{cols} board with its bonuses from {name}: check the letters, then "
                               "Enter accepts and solves")
    return message.format(**values)


class ReadJob:
    """Runs ``task`` (returning a vision Reading) on a daemon thread; the Tk thread polls ``done``."""

    def __init__(self, task: Callable[[], object], name: str) -> None:
        self.task, self.name = task, name
        self.reading: object = None  # the vision Reading, once read
        self.error: Exception | None = None
        self.thread = threading.Thread(target=self._run, name="ruzzle-read", daemon=True)

    @property
    def done(self) -> bool:
        """Return True once the worker has returned."""
        return not self.thread.is_alive()

    def _run(self) -> None:
        """Read, keeping the reading or the error for the Tk thread."""
        try:
            self.reading = self.task()
        except Exception as err:  # handed to the Tk thread, which says it in the window
            self.error = err
            if not isinstance(err, (ImageError, OcrUnavailableError)):
                traceback.print_exc(file=sys.stderr)  # a bug: keep the whole traceback for reports


class BoardReader:
    """Starts reads from a file, the clipboard or the screen, and reports each on the Tk thread.

    ``on_busy(message)`` shows that a read is under way; then exactly one of
    ``on_read(reading, name)`` or ``on_failed(message)`` is called. A new read
    replaces one still running: the old one's result is dropped.
    """

    def __init__(self, window: tk.Tk | tk.Toplevel, language: Callable[[], Language],
                 on_busy: Callable[[str], None], on_read: Callable[[object, str], None],
                 on_failed: Callable[[str], None]) -> None:
        self.window, self.language = window, language
        self.on_busy, self.on_read, self.on_failed = on_busy, on_read, on_failed
        self.job: ReadJob | None = None
        self.capturing = False  # the window is hidden, waiting for the screen capture

    @property
    def busy(self) -> bool:
        """Return True while a read (or the capture before it) is under way."""
        return self.job is not None or self.capturing

    def read_file(self, path: str) -> None:
        """Read the board in image file ``path``."""
        language = self.language()
        self._start(lambda: read_board(path, language), Path(path).name)

    def read_clipboard(self) -> None:
        """Read the board in the image on the clipboard."""
        language = self.language()
        self._start(lambda: read_board(grab_clipboard(), language), _(PASTED))

    def read_screen(self) -> None:
        """Hide the window, capture the screen, show the window again, and read the board in the capture."""
        if self.capturing:
            return
        self.on_busy(_("Reading the board from the screen…"))
        self.job, self.capturing = None, True
        self.window.withdraw()
        self.window.after(HIDE_MS, self._capture)

    def _capture(self) -> None:
        """Capture the screen while the window is hidden, then read the capture on the worker."""
        try:
            shot = capture_screen()
        except (ImageError, OcrUnavailableError) as err:
            self._show_window()
            self.on_failed(problem(err))
            return
        self._show_window()
        language = self.language()
        self._start(lambda: read_board(shot, language), _(SCREEN))

    def _show_window(self) -> None:
        """Bring the window back after a capture."""
        self.capturing = False
        self.window.deiconify()

    def _start(self, task: Callable[[], object], name: str) -> None:
        """Run ``task`` on a worker thread and poll it."""
        self.on_busy(reading_message(name))
        self.job = job = ReadJob(task, name)
        start_worker(job.thread)
        self.window.after(POLL_MS, self._poll, job)

    def _poll(self, job: ReadJob) -> None:
        """Report the job once it is done; keep polling until then."""
        if job is not self.job:
            return
        if not job.done:
            self.window.after(POLL_MS, self._poll, job)
            return
        self.job = None
        if job.error is not None:
            self.on_failed(problem(job.error, job.name))
        else:
            self.on_read(job.reading, job.name)

