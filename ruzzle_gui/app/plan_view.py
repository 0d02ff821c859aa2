"""Plan view: the words to swipe in the round, in order, with a time bar and a played-along countdown.

It knows nothing of the board view: ``show_word(solution)`` is called when the
plan reaches a word (in the results screen, ``Results.animate``). Play runs a
chain of single ``after()`` calls and keeps the id, so playing again cancels the
run in progress.
"""
from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable, Iterable
from tkinter import ttk

from ruzzle_gui.app import theme
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import DEFAULT_SECONDS, Plan, PlanError, Step, Timing, check_seconds, plan, tile_heat

TICK_MS = 100  # countdown refresh: a tenth of a second reads as smooth and costs nothing
BAR_HEIGHT = 26
PLAYED = "#9aa3ae"
SECOND_BAR = "#7986cb"  # neighbouring words alternate with the accent colour, so each one's width shows
TIP = "Space: tick a word as played · Enter: play · Esc: stop · Ctrl+R: re-plan for the time left"


def clock_text(seconds: float) -> str:
    """Return seconds as 'm:ss', rounded up so the countdown shows 0:00 only when time is out."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def plan_summary(result: Plan) -> str:
    """Return one line describing a plan, or why it is empty."""
    if not result.steps:
        return result.reason or "No plan"
    count = len(result.steps)
    return (f"{count} word{'s' if count != 1 else ''}  ·  {result.points:,} points  ·  "
            f"{result.used:.1f} of {result.seconds:g} s")


class PlanView(ttk.Frame):
    """The plan as a numbered list with a time bar, Play plan with a countdown, ticks and Re-plan."""

    def __init__(self, master: tk.Misc, show_word: Callable[[Solution], None], *, timing: Timing | None = None,
                 seconds: float = DEFAULT_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(master, padding=8)
        self.show_word = show_word
        self.timing = timing or Timing()
        self.seconds = check_seconds(seconds)
        self.clock = clock
        self.board: Board | None = None
        self.solutions: list[Solution] = []
        self.plan = Plan((), self.seconds, self.timing, "No board yet")
        self.played: list[Solution] = []  # in the order they were ticked: the last is where the finger is
        self.current: int | None = None
        self._after_id: str | None = None
        self._started = 0.0
        self._build()
        self._bind_keys()

    # ------------------------------------------------------------ layout

    def _build(self) -> None:
        """Lay out the summary, time bar, list, countdown and buttons."""
        self.summary_label = ttk.Label(self, text="", style="Summary.TLabel")
        self.summary_label.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.bar = tk.Canvas(self, height=BAR_HEIGHT, background="#ffffff", highlightthickness=0)
        self.bar.grid(row=1, column=0, columnspan=2, sticky="ew", pady=6)
        self.bar.bind("<Configure>", lambda _event: self.draw_bar())
        columns = ("done", "word", "score", "start", "total")
        self.tree = ttk.Treeview(self, columns=columns, show="tree headings", height=12, selectmode="browse")
        self.tree.heading("#0", text="#")
        self.tree.column("#0", width=44, stretch=False, anchor="e")
        for column, text, width in (("done", "✓", 34), ("word", "Word", 120), ("score", "Points", 76),
                                    ("start", "At", 60), ("total", "Total", 70)):
            self.tree.heading(column, text=text)
            self.tree.column(column, width=width, stretch=column == "word", anchor="w" if column == "word" else "e")
        self.tree.tag_configure("played", foreground=PLAYED)
        self.tree.tag_configure("current", background="#ffe0b2")
        scroll = ttk.Scrollbar(self, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scroll.set)
        self.tree.grid(row=2, column=0, sticky="nsew")
        scroll.grid(row=2, column=1, sticky="ns")
        self._build_controls().grid(row=3, column=0, columnspan=2, sticky="ew", pady=(8, 0))
        self.error_label = ttk.Label(self, text="", style="Error.TLabel")
        self.error_label.grid(row=4, column=0, columnspan=2, sticky="ew")
        ttk.Label(self, text=TIP, style="Hint.TLabel", wraplength=420).grid(row=5, column=0, columnspan=2, sticky="ew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(2, weight=1)

    def _build_controls(self) -> ttk.Frame:
        """Return Play plan, Stop and the countdown above the time left and Re-plan."""
        rows = ttk.Frame(self)
        play = ttk.Frame(rows)
        play.pack(fill="x")
        self.play_button = ttk.Button(play, text="▶  Play plan", style="Accent.TButton", command=self.play)
        self.play_button.pack(side="left")
        self.stop_button = ttk.Button(play, text="■  Stop", command=self.stop)
        self.stop_button.pack(side="left", padx=(6, 0))
        self.countdown = ttk.Label(play, text=clock_text(self.seconds), style="Title.TLabel", width=5, anchor="e")
        self.countdown.pack(side="right")
        again = ttk.Frame(rows)
        again.pack(fill="x", pady=(6, 0))
        ttk.Label(again, text="Time left (s)", style="Muted.TLabel").pack(side="left")
        self.left_var = tk.StringVar(value=f"{self.seconds:g}")
        self.left_box = ttk.Spinbox(again, from_=1, to=3600, increment=5, width=6, textvariable=self.left_var)
        self.left_box.pack(side="left", padx=6)
        self.replan_button = ttk.Button(again, text="Re-plan", command=self.replan)
        self.replan_button.pack(side="left")
        return rows

    def _bind_keys(self) -> None:
        """Bind the keys of the tip line and clicks on the ✓ column."""
        self.tree.bind("<space>", lambda _event: self._toggle_selected() or "break")
        self.tree.bind("<Return>", lambda _event: self.play() or "break")
        self.tree.bind("<Escape>", lambda _event: self.stop() or "break")
        self.tree.bind("<Button-1>", self._on_click, add=True)
        self.left_box.bind("<Return>", lambda _event: self.replan() or "break")
        for widget in (self.tree, self.left_box):
            widget.bind("<Control-r>", lambda _event: self.replan() or "break")

    # ------------------------------------------------------------ the plan

    def show(self, solutions: Iterable[Solution], board: Board, seconds: float | None = None) -> Plan:
        """Plan a fresh round of ``seconds`` (default: this view's) on ``board`` and show it."""
        self.stop()
        self.board, self.solutions, self.played = board, list(solutions), []
        if seconds is not None:
            self.seconds = check_seconds(seconds)
        self.left_var.set(f"{self.seconds:g}")
        return self._show_plan(plan(self.solutions, board, self.seconds, self.timing))

    def seconds_ok(self, text: str) -> float | None:
        """Return the time left typed in the box as seconds, or None (with the reason shown) if it is not sane."""
        try:
            return check_seconds(float(text.strip().replace(",", ".")))
        except ValueError as err:
            problem = str(err) if isinstance(err, PlanError) else f"the time must be a number of seconds, not {text!r}"
            self.error_label.configure(text=problem[0].upper() + problem[1:])
            return None

    def replan(self) -> Plan | None:
        """Plan again for the time left in the box, leaving out the ticked words; None if the time is not sane."""
        if self.board is None:
            return None
        left = self.seconds_ok(self.left_var.get())
        if left is None:
            return None
        self.stop()
        at = self.played[-1].path[-1] if self.played else None
        return self._show_plan(plan(self.solutions, self.board, left, self.timing, self.played, at))

    def _show_plan(self, result: Plan) -> Plan:
        """Fill the list, summary and bar from ``result``."""
        self.plan, self.current = result, None
        self.error_label.configure(text="")
        self.summary_label.configure(text=plan_summary(result))
        self.tree.delete(*self.tree.get_children())
        for number, step in enumerate(result.steps):
            self.tree.insert("", "end", iid=str(number), text=f"{number + 1}.",
                             values=("", step.solution.word, step.solution.score, f"{step.start:.1f}s", step.points))
        self.countdown.configure(text=clock_text(result.seconds))
        self.play_button.state(["!disabled"] if result.steps else ["disabled"])
        self.draw_bar()
        return result

    def heat(self) -> list[int]:
        """Return, per tile (row-major), the points of the planned words not yet played that pass through it."""
        if self.board is None:
            return []
        return tile_heat(self.remaining_steps(), self.board.rows, self.board.cols)

    def remaining_steps(self) -> list[Step]:
        """Return the planned steps whose words are not ticked as played."""
        done = {s.word for s in self.played}
        return [step for step in self.plan.steps if step.solution.word not in done]

    # ------------------------------------------------------------ ticks

    def is_played(self, number: int) -> bool:
        """Return True if the plan's word ``number`` is ticked as played."""
        word = self.plan.steps[number].solution.word
        return any(s.word == word for s in self.played)

    def set_played(self, number: int, played: bool) -> None:
        """Tick (or untick) the plan's word ``number`` as played."""
        solution = self.plan.steps[number].solution
        self.played = [s for s in self.played if s.word != solution.word] + ([solution] if played else [])
        self._paint_row(number)
        self.draw_bar()

    def _toggle_selected(self) -> None:
        """Tick or untick the selected word."""
        selected = self.tree.selection()
        if selected:
            number = int(selected[0])
            self.set_played(number, not self.is_played(number))

    def _on_click(self, event: tk.Event) -> None:
        """Toggle a word's tick when its ✓ cell is clicked."""
        row, column = self.tree.identify_row(event.y), self.tree.identify_column(event.x)
        if row and column == "#1":
            self.set_played(int(row), not self.is_played(int(row)))

    def _paint_row(self, number: int) -> None:
        """Show the row's tick and its played or current colour."""
        tags = (["played"] if self.is_played(number) else []) + (["current"] if number == self.current else [])
        self.tree.set(str(number), "done", "✓" if self.is_played(number) else "")
        self.tree.item(str(number), tags=tags)

    # ------------------------------------------------------------ play along

    @property
    def playing(self) -> bool:
        """Return True while Play plan is running."""
        return self._after_id is not None

    def play(self) -> None:
        """Play the plan from its first word, at the timing's pace, cancelling a run already going."""
        self.stop()
        if not self.plan.steps:
            return
        self.error_label.configure(text="")
        self._started = self.clock()
        self.current = None
        self._tick()

    def stop(self) -> None:
        """Stop playing; the ticks and the countdown stay where they are."""
        if self._after_id is not None:
            self.after_cancel(self._after_id)
            self._after_id = None

    def _tick(self) -> None:
        """Show the word due now, tick the words already swiped, update the countdown; schedule the next tick."""
        self._after_id = None
        elapsed = self.clock() - self._started
        steps = self.plan.steps
        for number, step in enumerate(steps):
            if step.end <= elapsed and not self.is_played(number):
                self.set_played(number, True)
        due = max((n for n, step in enumerate(steps) if step.start <= elapsed), default=None)
        if due is not None and due != self.current:
            self._set_current(due)
            self.show_word(steps[due].solution)
        self.countdown.configure(text=clock_text(self.plan.seconds - elapsed))
        self.draw_bar(elapsed)
        if elapsed < self.plan.used:
            self._after_id = self.after(TICK_MS, self._tick)

    def _set_current(self, number: int | None) -> None:
        """Highlight the word being swiped and keep it in view."""
        before, self.current = self.current, number
        for row in (before, number):
            if row is not None:
                self._paint_row(row)
        if number is not None:
            self.tree.see(str(number))

    # ------------------------------------------------------------ the time bar

    def draw_bar(self, elapsed: float | None = None) -> None:
        """Draw each planned word as a block as wide as its swipe, across the whole time; mark ``elapsed``."""
        bar = self.bar
        bar.delete("all")
        width, seconds = max(bar.winfo_width(), 1), self.plan.seconds
        scale = (width - 2) / seconds
        for number, step in enumerate(self.plan.steps):
            colour = (theme.PATH_START if number == self.current else PLAYED if self.is_played(number)
                      else (theme.palette(self).accent, SECOND_BAR)[number % 2])
            bar.create_rectangle(1 + step.start * scale, 3, 1 + step.end * scale, BAR_HEIGHT - 3,
                                 fill=colour, outline="")
        if elapsed is not None:
            x = 1 + min(elapsed, seconds) * scale
            bar.create_line(x, 0, x, BAR_HEIGHT, fill=theme.PATH_END, width=2)

    def destroy(self) -> None:
        """Cancel a running play before the widgets go."""
        self.stop()
        super().destroy()

