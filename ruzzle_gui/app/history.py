"""Undo and Redo for the board: snapshots of what the player typed, read or opened, each named by its step.

Tk-free, so it is tested without a screen. The app keeps one ``History`` over its
state: every change to the board (a letter, a bonus, New game, Clear, Random, a
read, an open, a drop) is one step back; a solve changes nothing here.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from ruzzle_gui.app.i18n import _

LIMIT = 200  # steps kept: a whole round of typing and reading, and then some


class Snapshot(NamedTuple):
    """The board as the player sees it: shape, letters, bonuses, the tiles still unsure and whether it was read."""

    rows: int
    cols: int
    letters: tuple[str, ...]
    bonuses: tuple[str | None, ...]
    unsure: tuple[tuple[int, str], ...] = ()
    read: bool = False


def where(index: int, cols: int) -> tuple[int, int]:
    """Return (row, column), counted from 1, of a row-major tile index."""
    r, c = divmod(index, cols)
    return r + 1, c + 1


def describe(before: Snapshot, after: Snapshot) -> str:
    """Return a short name for the change from ``before`` to ``after``, for the Edit menu."""
    if (before.rows, before.cols) != (after.rows, after.cols):
        # TRANSLATORS: the names of changes to the board, shown after "Undo" and "Redo" in the Edit menu.
        return _("board size")
    letters = [i for i, (a, b) in enumerate(zip(before.letters, after.letters)) if a != b]
    bonuses = [i for i, (a, b) in enumerate(zip(before.bonuses, after.bonuses)) if a != b]
    if len(letters) == 1 and not bonuses:
        row, column = where(letters[0], after.cols)
        return _("letter at row {row}, column {column}").format(row=row, column=column)
    if len(bonuses) == 1 and not letters:
        row, column = where(bonuses[0], after.cols)
        return _("bonus at row {row}, column {column}").format(row=row, column=column)
    if letters or bonuses:
        return _("letters") if not bonuses else _("bonuses") if not letters else _("board")
    return _("check of an unsure tile")


class History:
    """The steps that led to the board now (to undo) and those undone (to redo).

    ``snapshot()`` returns the board as it is. Call ``observe()`` after any change;
    wrap a change that has a name of its own in ``with history.step("New game"):``.
    ``listener()`` is called whenever what Undo or Redo would do changes.
    """

    def __init__(self, snapshot: Callable[[], Snapshot], limit: int = LIMIT) -> None:
        self.snapshot = snapshot
        self._undo: deque[tuple[str, Snapshot]] = deque(maxlen=limit)
        self._redo: list[tuple[str, Snapshot]] = []
        self.current = snapshot()
        self._naming: str | None = None  # inside step(): its changes become one step of this name
        self.listener: Callable[[], None] = lambda: None

    def reset(self) -> None:
        """Forget every step: the board now is where history starts."""
        self._undo.clear()
        self._redo.clear()
        self.current = self.snapshot()
        self.listener()

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Record every change made inside the block as one step called ``name`` (nothing if none)."""
        if self._naming is not None:  # nested: the outer step names it
            yield
            return
        self._naming = name
        try:
            yield
        finally:
            self._naming = None
            self._record(self.snapshot(), name)

    def observe(self) -> bool:
        """Record the board now as a step if it changed; return True if it did."""
        if self._naming is not None:
            return False  # recorded, with its name, when the step ends
        now = self.snapshot()
        return self._record(now, describe(self.current, now))

    def _record(self, now: Snapshot, name: str) -> bool:
        """Push the board before the change, unless nothing changed."""
        if now == self.current:
            return False
        self._undo.append((name, self.current))
        self._redo.clear()
        self.current = now
        self.listener()
        return True

    @property
    def undo_name(self) -> str | None:
        """Return the name of the step Undo would take back, or None."""
        return self._undo[-1][0] if self._undo else None

    @property
    def redo_name(self) -> str | None:
        """Return the name of the step Redo would make again, or None."""
        return self._redo[-1][0] if self._redo else None

    def undo(self) -> Snapshot | None:
        """Return the board before the last step (now current), or None if there is none."""
        if not self._undo:
            return None
        name, before = self._undo.pop()
        self._redo.append((name, self.current))
        self.current = before
        self.listener()
        return before

    def redo(self) -> Snapshot | None:
        """Return the board after the last step undone (now current), or None if there is none."""
        if not self._redo:
            return None
        name, after = self._redo.pop()
        self._undo.append((name, self.current))
        self.current = after
        self.listener()
        return after
