"""Undo and Redo for the board: snapshots of what the player typed, read or opened, each named by its step.

Tk-free, so it is tested without a screen. The app keeps one ``History`` over its
state: every change to the board (a letter, a bonus, New game, Clear, Random, a
read, an open, a drop) is one step back; a solve changes nothing here. A change that is
not the board's (a verdict marked on a word) is a ``Deed``: a step that knows how to
take itself back and make itself again, in the same line of steps.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, MutableSequence
from contextlib import contextmanager
from typing import NamedTuple

from ruzzle_gui.app.text.i18n import N_, _

LIMIT = 200  # steps kept: a whole round of typing and reading, and then some


class Snapshot(NamedTuple):
    """The board as the player sees it: shape, letters, bonuses, the tiles still unsure and whether it was read,
    and which of the unsure tiles doubt their letter and which their bonus."""

    rows: int
    cols: int
    letters: tuple[str, ...]
    bonuses: tuple[str | None, ...]
    unsure: tuple[tuple[int, str], ...] = ()
    read: bool = False
    letter_doubts: tuple[int, ...] = ()
    bonus_doubts: tuple[int, ...] = ()


class Deed(NamedTuple):
    """A step that is not a change of the board: what takes it back, and what makes it again."""

    undo: Callable[[], None]
    redo: Callable[[], None]


def where(index: int, cols: int) -> tuple[int, int]:
    """Return (row, column), counted from 1, of a row-major tile index."""
    r, c = divmod(index, cols)
    return r + 1, c + 1


class StepName(NamedTuple):
    """The name of a step as its msgid and values, translated when shown: the Edit menu names a step
    in the interface language of the moment, not in the one it was made in."""

    msgid: str
    values: tuple[tuple[str, object], ...] = ()

    def text(self) -> str:
        """Return the name in the interface language now."""
        return _(self.msgid).format(**dict(self.values)) if self.values else _(self.msgid)


def named(msgid: str, **values: object) -> StepName:
    """Return the name of a step: ``msgid`` (marked with ``N_``) and the values of its placeholders."""
    return StepName(msgid, tuple(values.items()))


def step_of(before: Snapshot, after: Snapshot) -> StepName:
    """Return a short name for the change from ``before`` to ``after``, for the Edit menu."""
    if (before.rows, before.cols) != (after.rows, after.cols):
        # TRANSLATORS: the names of changes to the board, shown after "Undo" and "Redo" in the Edit menu.
        return named(N_("board size"))
    letters = [i for i, (a, b) in enumerate(zip(before.letters, after.letters)) if a != b]
    bonuses = [i for i, (a, b) in enumerate(zip(before.bonuses, after.bonuses)) if a != b]
    if len(letters) == 1 and not bonuses:
        row, column = where(letters[0], after.cols)
        return named(N_("letter at row {row}, column {column}"), row=row, column=column)
    if len(bonuses) == 1 and not letters:
        row, column = where(bonuses[0], after.cols)
        return named(N_("bonus at row {row}, column {column}"), row=row, column=column)
    if letters or bonuses:
        return named(N_("letters") if not bonuses else N_("bonuses") if not letters else N_("board"))
    return named(N_("check of an unsure tile"))


def describe(before: Snapshot, after: Snapshot) -> str:
    """Return the name of the change from ``before`` to ``after`` in the interface language."""
    return step_of(before, after).text()


Step = tuple[StepName, Snapshot | Deed]  # a step's name, and the board before it (or the deed it was)


class History:
    """The steps that led to the board now (to undo) and those undone (to redo).

    ``snapshot()`` returns the board as it is. Call ``observe()`` after any change;
    wrap a change that has a name of its own in ``with history.step(N_("New game")):`` (a msgid, or a
    ``named()`` one with values): names are kept untranslated and translated when asked for.
    ``listener()`` is called whenever what Undo or Redo would do changes.
    """

    def __init__(self, snapshot: Callable[[], Snapshot], limit: int = LIMIT) -> None:
        self.snapshot = snapshot
        self._undo: deque[Step] = deque(maxlen=limit)
        self._redo: list[Step] = []
        self.current = snapshot()
        self._naming: StepName | None = None  # inside step(): its changes become one step of this name
        self.listener: Callable[[], None] = lambda: None

    def reset(self) -> None:
        """Forget every step: the board now is where history starts."""
        self._undo.clear()
        self._redo.clear()
        self.current = self.snapshot()
        self.listener()

    @contextmanager
    def step(self, name: str | StepName) -> Iterator[None]:
        """Record every change made inside the block as one step called ``name`` (nothing if none)."""
        if self._naming is not None:  # nested: the outer step names it
            yield
            return
        self._naming = name if isinstance(name, StepName) else named(name)
        try:
            yield
        finally:
            step, self._naming = self._naming, None
            self._record(self.snapshot(), step)

    def observe(self) -> bool:
        """Record the board now as a step if it changed; return True if it did."""
        if self._naming is not None:
            return False  # recorded, with its name, when the step ends
        now = self.snapshot()
        return self._record(now, step_of(self.current, now))

    def _record(self, now: Snapshot, name: StepName) -> bool:
        """Push the board before the change, unless nothing changed."""
        if now == self.current:
            return False
        self._undo.append((name, self.current))
        self._redo.clear()
        self.current = now
        self.listener()
        return True

    def did(self, name: StepName, deed: Deed) -> None:
        """Record ``deed``, already done, as a step called ``name`` (Undo calls ``deed.undo``)."""
        self._undo.append((name, deed))
        self._redo.clear()
        self.listener()

    @property
    def undo_name(self) -> str | None:
        """Return the name of the step Undo would take back (in the interface language now), or None."""
        return self._undo[-1][0].text() if self._undo else None

    @property
    def redo_name(self) -> str | None:
        """Return the name of the step Redo would make again (in the interface language now), or None."""
        return self._redo[-1][0].text() if self._redo else None

    def undo(self) -> Snapshot | Deed | None:
        """Return the board before the last step (now current), or the deed taken back; None if there is none."""
        return self._step_over(self._undo, self._redo, backwards=True)

    def redo(self) -> Snapshot | Deed | None:
        """Return the board after the last step undone (now current), or the deed made again; None if none."""
        return self._step_over(self._redo, self._undo, backwards=False)

    def _step_over(self, source: MutableSequence[Step], target: MutableSequence[Step],
                   backwards: bool) -> Snapshot | Deed | None:
        """Make the board of ``source``'s last step current, the board it replaces going onto ``target``;
        return it, or None if ``source`` is empty (Undo and Redo are the same move between the two stacks).
        A deed is taken back (``backwards``) or made again instead, the board left as it is."""
        if not source:
            return None
        name, board = source.pop()
        if isinstance(board, Deed):
            (board.undo if backwards else board.redo)()
            target.append((name, board))
        else:
            target.append((name, self.current))
            self.current = board
        self.listener()
        return board
