"""Play plan: the plan's words shown one by one as the player swipes them, with a countdown.

The plan view (ruzzle_gui.app.plan.plan_view) is built on this frame. Play runs a
chain of single ``after()`` calls and keeps the id, so playing again cancels
the run in progress.
"""
from __future__ import annotations

from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.plan.plan_controls import clock_text
from ruzzle_gui.app.plan.plan_list import PlanList
from ruzzle_gui.app.text.i18n import _
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import Plan

TICK_MS = 100  # countdown refresh: a tenth of a second reads as smooth and costs nothing
LOOKAHEAD = 3  # planned words kept in view after the one being swiped, so the player sees what comes next


class PlayAlong(ttk.Frame):
    """A frame that plays a plan along: the word to swipe highlighted, the countdown running."""

    # What the view gives: its plan, list, labels and clock, and how it shows a word, a tick and the bar.
    plan: Plan
    current: int | None
    clock: Callable[[], float]
    tree: PlanList
    countdown: ttk.Label
    show_word: Callable[[Solution], None]
    is_played: Callable[[int], bool]
    _paint_row: Callable[[int], None]
    draw_bar: Callable[..., None]
    tell: Callable[[str], None]  # says a message under the controls ("" clears it)
    # The run: the pending after() id, whether it runs, and when it started (by ``clock``).
    _after_id: str | None = None
    _running = False
    _started = 0.0

    @property
    def playing(self) -> bool:
        """Return True while Play plan is running."""
        return self._running

    def play(self) -> None:
        """Play the plan from its first word not yet ticked, cancelling a run already going.

        Each word stays shown until the player ticks it (Space, or a click on its ✓):
        the plan waits for the player, while the countdown runs with the clock.
        """
        self.stop()
        if not self.plan.steps:
            return
        self.tell("")
        self._started = self.clock()
        self.current = None
        self._running = True
        self._go_on()
        if self._running:
            self._tick()

    def stop(self) -> None:
        """Stop playing; the ticks and the countdown stay where they are."""
        self._running = False
        if self._after_id is not None:
            self.after_cancel(self._after_id)
            self._after_id = None

    def _go_on(self) -> None:
        """Show the first planned word not ticked yet, or stop when every one is."""
        due = next((n for n in range(len(self.plan.steps)) if not self.is_played(n)), None)
        self._set_current(due)
        if due is None:
            self.stop()
            self.tell(_("Every planned word is ticked: Ctrl+R plans more for the time left"))
            return
        self.tree.selection_set(str(due))
        self.show_word(self.plan.steps[due].solution)

    def _tick(self) -> None:
        """Update the countdown and the bar's time mark; schedule the next tick until time is out."""
        self._after_id = None
        elapsed = self.clock() - self._started
        self.countdown.configure(text=clock_text(self.plan.seconds - elapsed))
        self.draw_bar(elapsed)
        if elapsed < self.plan.seconds:
            self._after_id = self.after(TICK_MS, self._tick)
        else:
            self.stop()
            self.tell(_("Time is up"))

    def _set_current(self, number: int | None) -> None:
        """Highlight the word being swiped and keep it in view, with the next few words when the list has room."""
        before, self.current = self.current, number
        for row in (before, number):
            if row is not None:
                self._paint_row(row)
        if number is not None:
            # Bring the later word in first: the list scrolls as little as it can, and the current word wins.
            self.tree.see(str(min(number + LOOKAHEAD, len(self.plan.steps) - 1)))
            self.tree.see(str(number))
