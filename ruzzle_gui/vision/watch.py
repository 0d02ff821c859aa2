"""Watch the screen for Ruzzle boards: each new board that appears is read and reported once.

A poll grabs the screen (or a region of it), blanks the masked rectangle (the
app's own window), and shrinks the picture to a small fingerprint. Only a
picture whose fingerprint changed, then held still for one poll, is read: a
still screen costs a grab and a shrink per poll, and a board is not read
halfway through the game's animation. Frames with no board are passed over;
a board that is the one last reported (or differs only on tiles the reader is
unsure of, as when a swipe lights them) is not reported again.

Nothing here knows Tk: the app runs a Watcher on a thread of its own, the
command line runs it in the foreground.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PIL import Image

from ruzzle_gui.coded import coded, said
from ruzzle_gui.language import Language
from ruzzle_gui.vision.capture import Rect, capture_screen
from ruzzle_gui.vision.errors import ImageError, NoBoardError
from ruzzle_gui.vision.pixels import channel_max
from ruzzle_gui.vision.reader import Reading, read_board

__all__ = ["Rect", "WatchError", "Watcher", "fingerprint", "changed", "same_board"]

# Polling: fast while the picture moves, backing off to IDLE_S on a still screen. A grab of a
# 1600x1000 screen costs about 10 ms of CPU, so IDLE_S keeps a still screen near 3% of a core,
# and a board that appears waits IDLE_S / 2 on average before it is seen.
ACTIVE_S = 0.1
IDLE_S = 0.4
BACKOFF = 1.5
# A screen that never holds still (a video beside the phone) is still read, at most this often.
UNSETTLED_READ_S = 1.0
STEP = 8            # the fingerprint is the picture shrunk STEP times each way (box average)
CHANGED_LEVEL = 24  # a fingerprint cell changed if a channel moved by more than this (0..255) ...
CHANGED_CELLS = 6   # ... and a picture changed if this many cells did: a blinking text cursor up to 32 px tall moves 5
# A reading that differs from the last board only on unsure tiles is that board, lit by a swipe,
# if at least this share of its tiles is sure; a swipe lights a word's tiles, seldom more than 12 of 16.
SURE_SHARE = 0.25
# X servers now and then refuse a connection under load: only this many failed grabs in a row stop the watch.
MAX_FAILURES = 3
RETRY_S = 0.05


class WatchError(Exception):
    """The screen cannot be captured (no display, Wayland without a screenshot tool): the watch stops."""

    code = ""  # which message it is, for the app to say it in the player's language (``coded``)
    values: dict[str, object] = {}


@dataclass
class _BoardSeen:
    """The board last reported, and its box in fingerprint cells with the fingerprint it was read from."""

    reading: Reading
    box: tuple[int, int, int, int]  # left, top, right, bottom
    fingerprint: np.ndarray


def fingerprint(image: Image.Image) -> np.ndarray:
    """Return ``image`` shrunk STEP times each way, as a signed array to subtract."""
    return np.asarray(image.reduce(STEP), dtype=np.int16)


def changed(before: np.ndarray | None, after: np.ndarray,
            box: tuple[int, int, int, int] | None = None) -> bool:
    """Return whether fingerprint ``after`` differs from ``before`` (within ``box`` of cells, if given)."""
    if before is None or before.shape != after.shape:
        return True
    if box is not None:
        left, top, right, bottom = box
        before, after = before[top:bottom, left:right], after[top:bottom, left:right]
    moved = channel_max(np.abs(after - before)) > CHANGED_LEVEL
    return int(moved.sum()) >= CHANGED_CELLS


def same_board(before: Reading | None, after: Reading) -> bool:
    """Return whether ``after`` shows the board ``before`` did, but for tiles ``after`` is unsure of."""
    if before is None or (before.board.rows, before.board.cols) != (after.board.rows, after.board.cols):
        return False
    old, new = before.board, after.board
    if sum(not cell.uncertain for cell in after.cells) < SURE_SHARE * len(after.cells):
        return False  # too little read to tell: a board of question marks is a new board to check
    return all(cell.uncertain or (old.letters[i], old.bonuses[i]) == (new.letters[i], new.bonuses[i])
               for i, cell in enumerate(after.cells))


def _cells_box(reading: Reading, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Return the fingerprint cells that cover the board of ``reading`` (one cell of margin)."""
    grid = reading.grid
    left, top, _, _ = grid.box(0, 0)
    _, _, right, bottom = grid.box(grid.size - 1, grid.size - 1)
    return (max(0, int(left // STEP) - 1), max(0, int(top // STEP) - 1),
            min(shape[1], int(right // STEP) + 2), min(shape[0], int(bottom // STEP) + 2))


class Watcher:
    """Polls the screen and calls ``on_board(reading)`` for each new board, ``on_problem(message)`` for a
    board that could not be read (once per message).

    ``region`` is the part of the screen watched (None: all of it); ``mask`` a rectangle of the
    screen to ignore, in screen pixels, which another thread may change at any time.
    ``grab(region)`` and ``clock()`` are the screen and the time (tests give fakes).
    """

    def __init__(self, language: Language, on_board: Callable[[Reading], None],
                 on_problem: Callable[[str], None] = lambda _message: None, region: Rect | None = None,
                 grab: Callable[[Rect | None], Image.Image] = capture_screen,
                 clock: Callable[[], float] = time.monotonic,
                 read: Callable[[Image.Image, Language], Reading] = read_board) -> None:
        self.language, self.on_board, self.on_problem = language, on_board, on_problem
        self.region, self.grab, self.clock, self.read = region, grab, clock, read
        self.mask: Rect | None = None
        self.stopped = threading.Event()
        self.interval = ACTIVE_S
        self._previous: np.ndarray | None = None  # the last poll's fingerprint
        self._handled: np.ndarray | None = None   # the fingerprint of the last picture read (or found empty)
        self._moving_since: float | None = None
        self._failures = 0
        self._seen: _BoardSeen | None = None
        self._problem: str | None = None

    def run(self) -> None:
        """Poll until ``stop()``; raise WatchError if the screen cannot be captured."""
        while not self.stopped.is_set():
            wait = self.poll()
            self.stopped.wait(wait)

    def stop(self) -> None:
        """Stop watching: ``run`` returns within a poll, and what is being read is never reported."""
        self.stopped.set()

    def poll(self) -> float:
        """Look at the screen once, read it if it changed and held still; return the seconds to the next poll."""
        picture = self._grab()
        if picture is None:
            return RETRY_S
        current = fingerprint(picture)
        now, previous, self._previous = self.clock(), self._previous, current
        if not changed(self._handled, current):
            self._moving_since = None
            self.interval = min(IDLE_S, self.interval * BACKOFF)
            return self.interval
        self.interval = ACTIVE_S
        if changed(previous, current):  # still moving: wait for it to hold still, up to a point
            self._moving_since = self._moving_since if self._moving_since is not None else now
            if now - self._moving_since < UNSETTLED_READ_S:
                return ACTIVE_S
        self._moving_since = None
        self._handled = current
        if self._seen is not None and not changed(self._seen.fingerprint, current, self._seen.box):
            return ACTIVE_S  # the change is beside the board last read: the timer, the scores
        self._read(picture, current)
        return ACTIVE_S

    def _grab(self) -> Image.Image | None:
        """Return the watched picture with the mask blanked, or None after a failed grab; raise WatchError
        after MAX_FAILURES in a row."""
        try:
            picture = self.grab(self.region)
        except ImageError as err:
            self._failures += 1
            if self._failures >= MAX_FAILURES:
                raise coded(WatchError(str(err)), err.code, **err.values) from None  # the app says it in its language
            return None
        self._failures = 0
        mask = self.mask
        if mask is not None:
            x0, y0 = (max(self.region[0], 0), max(self.region[1], 0)) if self.region else (0, 0)  # as clipped
            left, top, width, height = mask
            picture.paste((0, 0, 0), (left - x0, top - y0, left - x0 + width, top - y0 + height))
        return picture

    def _read(self, picture: Image.Image, current: np.ndarray) -> None:
        """Read the board in ``picture`` and report it if it is new."""
        try:
            reading = self.read(picture, self.language)
        except NoBoardError:
            return
        except ImageError as err:
            if str(err) != self._problem and not self.stopped.is_set():
                self._problem = said(str(err), err.code, **err.values)  # English, with the code the app says
                self.on_problem(self._problem)
            return
        self._problem = None
        seen = self._seen
        new = seen is None or not same_board(seen.reading, reading)
        if seen is None or new:
            self._seen = _BoardSeen(reading, _cells_box(reading, current.shape), current)
        else:  # the same board, perhaps lit by a swipe: watch its box as it looks now
            seen.fingerprint = current
        if new and not self.stopped.is_set():
            self.on_board(reading)
