"""Opening boards for the App: board files (asked, recent or dropped) and boards read from screenshots.

A board file goes straight to the Letters screen; a screenshot, the clipboard's
image or the screen is read on a worker thread (``reading.BoardReader``) and its
board shown on Letters to be checked.
"""
from __future__ import annotations

from pathlib import Path

from ruzzle_gui.app.history import named
from ruzzle_gui.app.look.hint import NOTICE_MS
from ruzzle_gui.app.reading import BoardReader, image_files, is_image_file, read_message
from ruzzle_gui.app.text.engine_text import engine_text
from ruzzle_gui.app.text.i18n import N_, _
from ruzzle_gui.board import Board, BoardError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ruzzle_gui.app.conductor import Conductor


class FileOpener:
    """Opens board files and reads boards from images for ``app``, saying in its Letters hint what happened."""

    def __init__(self, app: Conductor) -> None:
        self.app, self.root = app, app.root
        self.reader = BoardReader(self.root, lambda: app.language, on_busy=self._reading,
                                  on_read=self.show_reading, on_failed=self._read_failed)

    def ask_open(self) -> None:
        """Ask for a board file, then open it."""
        from tkinter import filedialog  # loaded on demand: most sessions never open a file

        recent = self.app.state.settings.recent_boards
        folder = str(Path(recent[0]).parent) if recent else None
        name = filedialog.askopenfilename(parent=self.root, title=_("Open a board file"),
                                          filetypes=[(_("Board files"), "*.txt *.board"), (_("All files"), "*")],
                                          initialdir=folder)
        if name:
            self.open_board(name)

    def open_board(self, path: str) -> bool:
        """Put the board in file ``path`` on the letter window; say in the window why not. Return True if opened."""
        self.app.show_letters()
        try:
            board = Board.from_file(path, self.app.language)
        except BoardError as err:
            if not Path(path).exists():
                self._forget_board(path)
            self.app.letters.hint.flash(_("Could not open {name}: {problem}").format(
                name=Path(path).name, problem=engine_text(err)), ms=NOTICE_MS)
            return False
        self.app.load_board(board, named(N_("open {name}"), name=Path(path).name))
        self.app.state.settings.remember_board(path)
        self.app.menu.show_recent(self.app.state.settings.recent_boards)
        self.app.save_settings()
        self.app.letters.hint.flash(_("Opened {name}: a {rows}×{cols} board · Enter: check the bonuses").format(
            name=Path(path).name, rows=board.rows, cols=board.cols), error=False)
        return True

    def open_dropped(self, path: str) -> None:
        """Open a dropped file: an image goes to the screenshot reader, anything else is a board file."""
        if is_image_file(path):
            self.open_screenshot(path)
        else:
            self.open_board(path)

    def ask_open_screenshot(self) -> None:
        """Ask for a screenshot of the game, then read the board in it."""
        from tkinter import filedialog  # loaded on demand, as for Open board

        name = filedialog.askopenfilename(parent=self.root, title=_("Open a screenshot of the board"),
                                          filetypes=image_files())
        if name:
            self.open_screenshot(name)

    def open_screenshot(self, path: str) -> None:
        """Read the board in image file ``path`` (on a worker thread) and show it to be checked."""
        self.app.show_letters()
        self.reader.read_file(path)

    def paste_image(self) -> None:
        """Read the board in the image on the clipboard."""
        self.app.show_letters()
        self.reader.read_clipboard()

    def read_screen(self) -> None:
        """Read the board shown on the screen (our window hides while the screen is captured)."""
        self.app.show_letters()
        self.reader.read_screen()

    def _reading(self, message: str) -> None:
        """Show on the letter window that a read is under way."""
        self.app.letters.hint.flash(message, error=False, ms=NOTICE_MS)

    def _read_failed(self, message: str) -> None:
        """Say on the letter window why no board was read; the board typed so far stays."""
        self.app.show_letters()
        self.app.letters.hint.flash(message, ms=NOTICE_MS)

    def show_reading(self, reading, name: str) -> None:
        """Put a board read from an image on the letter window to be checked; Enter then solves it."""
        board, reasons = reading.board, getattr(reading, "reasons", None) or {}
        doubtful = {r * board.cols + c: reasons.get((r, c), "") for r, c in reading.uncertain}
        self.app.show_letters()
        self.app.letters.show_read(board, doubtful)
        self.app.letters.hint.flash(read_message(name, board.rows, board.cols, len(doubtful)), error=bool(doubtful),
                                    ms=NOTICE_MS)

    def _forget_board(self, path: str) -> None:
        """Drop a board file that no longer exists from the recent list."""
        self.app.state.settings.forget_board(path)
        self.app.menu.show_recent(self.app.state.settings.recent_boards)
        self.app.save_settings()
