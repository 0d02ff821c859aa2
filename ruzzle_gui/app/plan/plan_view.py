"""Plan view: the words to swipe in the round, in order, with a time bar and a played-along countdown.

It knows nothing of the board view: ``show_word(solution)`` is called when the
plan reaches a word (in the results screen, ``Results.animate``). Playing the
plan along, with its countdown, is the frame it is built on
(ruzzle_gui.app.plan.play_along).

A short window (a 1600x1000 laptop at 192 DPI, 1366x768 at 96) gets a compact
layout, so the list keeps room for the word being swiped and the next ones: the
timing boxes fold behind a toggle, the bar thins, the spacing tightens and the
message line takes room only while it says something.
"""
from __future__ import annotations

import functools
import time
import tkinter as tk
from collections.abc import Callable, Iterable
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.hint import bind_shortcut
from ruzzle_gui.app.plan.pace import PaceLine
from ruzzle_gui.app.plan.plan_controls import TIMING_FIELDS as TIMING_FIELDS  # importable from here, as before
from ruzzle_gui.app.plan.plan_controls import PlayControls, TimingBoxes, clock_text, seconds_text
from ruzzle_gui.app.plan.plan_controls import step_box as step_box
from ruzzle_gui.app.plan.plan_list import COLUMNS as COLUMNS  # importable from here, as before
from ruzzle_gui.app.plan.plan_list import PlanList
from ruzzle_gui.app.plan.play_along import TICK_MS as TICK_MS  # importable from here, as before
from ruzzle_gui.app.plan.play_along import PlayAlong
from ruzzle_gui.app.plan.time_bar import TimeBar
from ruzzle_gui.app.text.engine_text import engine_text, said_text
from ruzzle_gui.app.text.i18n import N_, _, format_decimal, format_number, format_short, ngettext
from ruzzle_gui.board import Board
from ruzzle_gui.coded import said
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import DEFAULT_SECONDS, Chance, Plan, PlanError, Step, Timing, check_seconds, plan, tile_heat

# Spacing as on a 96-DPI screen, (roomy, compact): round the view, above and below the bar, above the controls.
PAD, BAR_GAP, CONTROLS_GAP = (8, 4), (6, 3), (8, 4)
# The view's height (96-DPI pixels) below which it goes compact. Roomy, everything but the list takes about
# 430: from here up the list still shows seven words or more (German, the tallest), compact fourteen here.
COMPACT_BELOW = 640
TIP = N_("Enter: play · Space: tick a word as played (while playing: the word shown, and go on) · Esc: stop · "
         "Ctrl+R: re-plan for the time left")


def start_text(step: Step) -> str:
    """Return when a planned word starts, as the plan's list shows it: '3,4s' in Italian."""
    return _("{seconds}s").format(seconds=format_decimal(step.start, 1))


def plan_summary(result: Plan) -> str:
    """Return one line describing a plan (its points if all are accepted, and expected), or why it is empty."""
    if not result.steps:
        return said_text(result.reason) if result.reason else _("No plan")
    count = len(result.steps)
    points = ngettext("{count} point", "{count} points", result.points).format(count=format_number(result.points))
    if result.expected is not None:
        points += " " + _("({points} expected)").format(points=format_number(round(result.expected_points)))
    # TRANSLATORS: {points} is "240 points" (maybe with "(180 expected)"); {used} and {seconds} are seconds.
    return ngettext("{count} word  ·  {points}  ·  {used} of {seconds} s",
                    "{count} words  ·  {points}  ·  {used} of {seconds} s", count).format(
        count=format_number(count), points=points, used=format_decimal(result.used, 1),
        seconds=format_short(result.seconds))


def compact_wanted(height: int, scale: float) -> bool:
    """Return True if a view ``height`` screen pixels tall, drawn at ``scale``, should take the compact layout."""
    return height < COMPACT_BELOW * scale


class PlanView(PlayAlong):
    """The plan as a numbered list with a time bar, Play plan with a countdown, ticks and Re-plan."""

    def __init__(self, master: tk.Misc, show_word: Callable[[Solution], None], *, timing: Timing | None = None,
                 seconds: float = DEFAULT_SECONDS, clock: Callable[[], float] = time.monotonic,
                 show_heat: Callable[[list[int] | None], None] | None = None,
                 on_timing: Callable[[float, Timing], None] | None = None) -> None:
        super().__init__(master, padding=theme.px(master, PAD[0]))
        self.show_word = show_word
        self.show_heat = show_heat or (lambda _values: None)
        self.on_timing = on_timing or (lambda _seconds, _timing: None)
        self.timing = timing or Timing()
        self.seconds = check_seconds(seconds)
        self.clock = clock
        self.board: Board | None = None
        self.solutions: list[Solution] = []
        self.chance: Chance | None = None  # each word's chance of being accepted (None: every word is)
        self.plan = Plan((), self.seconds, self.timing, _("No board yet"))
        self.played: list[Solution] = []  # in the order they were ticked: the last is where the finger is
        self.current = None
        self.compact = False  # the layout of a short window (set_compact)
        self._build()
        self._bind_keys()
        self.bind("<Configure>", lambda event: self.fit(event.height), add=True)

    # ------------------------------------------------------------ layout

    def _build(self) -> None:
        """Lay out the summary, time bar, list, countdown and buttons."""
        px = functools.partial(theme.px, self)
        header = ttk.Frame(self)
        header.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.summary_label = ttk.Label(header, text="", style="Summary.TLabel")
        self.summary_label.pack(side="top", anchor="w")
        self.pace_line = PaceLine(header)
        self.pace_line.pack(side="top", anchor="w")
        # The word filters the plan shares with the list, and how many words they leave out.
        self.filters_label = ttk.Label(header, text="", style="Muted.TLabel")
        self.filters_label.pack(side="top", anchor="w")
        self.bar = TimeBar(self)
        self.bar.grid(row=1, column=0, columnspan=2, sticky="ew", pady=px(BAR_GAP[0]))
        self.bar.bind("<Configure>", lambda _event: self.draw_bar())
        self.tree = PlanList(self)
        self.tree.bind("<<ThemeChanged>>", self._on_theme_changed, add=True)
        scroll = ttk.Scrollbar(self, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scroll.set)
        self.tree.grid(row=2, column=0, sticky="nsew")
        scroll.grid(row=2, column=1, sticky="ns")
        self.controls = controls = PlayControls(self, self.seconds, play=self.play, stop=self.stop,
                                                replan=self.replan, on_heat=self.update_heat,
                                                on_timing_shown=self._place_timing)
        controls.grid(row=3, column=0, columnspan=2, sticky="ew", pady=(px(CONTROLS_GAP[0]), 0))
        self.play_button, self.stop_button, self.countdown, self.replan_button = (
            controls.play_button, controls.stop_button, controls.countdown, controls.replan_button)
        self.left_var, self.left_box, self.heat_var, self.heat_box, self.timing_toggle = (
            controls.left_var, controls.left_box, controls.heat_var, controls.heat_box, controls.timing_toggle)
        self.timing_controls = timing = TimingBoxes(self, apply=self.apply_timing)
        timing.grid(row=4, column=0, columnspan=2, sticky="ew", pady=(px(CONTROLS_GAP[0]), 0))
        self.timing_vars, self.timing_boxes = timing.timing_vars, timing.timing_boxes
        self.apply_button, self.calibrate_button = timing.apply_button, timing.calibrate_button
        self._show_timing()
        self.error_label = ttk.Label(self, text="", style="Error.TLabel")
        self.error_label.grid(row=5, column=0, columnspan=2, sticky="ew")
        # width=1: the tip wraps to the width it is given and never asks for more, or a language switch
        # could set width and wrap chasing each other (the tab's width follows the list's headings).
        tip = ttk.Label(self, text=_(TIP), style="Hint.TLabel", wraplength=px(420), width=1)
        tip.grid(row=6, column=0, columnspan=2, sticky="ew")
        tip.bind("<Configure>", lambda event: tip.configure(wraplength=max(event.width - px(8), px(100))))
        self.columnconfigure(0, weight=1)
        self.rowconfigure(2, weight=1)

    def fit(self, height: int) -> None:
        """Take the compact layout if the view is ``height`` pixels tall on a short window, else the roomy one."""
        compact = compact_wanted(height, theme.scale(self))
        if compact != self.compact:
            self.set_compact(compact)

    def set_compact(self, compact: bool) -> None:
        """Lay the view out for a short window (``compact``) or a tall one; the plan and the boxes' values stay."""
        self.compact = compact
        px = functools.partial(theme.px, self)
        way = int(compact)
        self.configure(padding=px(PAD[way]))
        self.bar.set_thin(compact)
        self.bar.grid_configure(pady=px(BAR_GAP[way]))
        self.controls.grid_configure(pady=(px(CONTROLS_GAP[way]), 0))
        self.timing_controls.grid_configure(pady=(px(CONTROLS_GAP[way]), 0))
        self.controls.set_compact(compact)
        self.controls.timing_shown.set(False)  # folded on going compact; unfolded the toggle is not shown
        self._place_timing()
        self.tell(self.error_label.cget("text"))

    def _place_timing(self) -> None:
        """Show the timing boxes, unless the compact layout has them folded; their title is the toggle's then."""
        timing = self.timing_controls
        if self.compact and not self.controls.timing_shown.get():
            timing.grid_remove()
        else:
            timing.grid()
        if self.compact:
            timing.title.grid_remove()
        else:
            timing.title.grid()

    def tell(self, text: str) -> None:
        """Show ``text`` on the message line (empty: nothing to say); compact, the line takes room only then."""
        self.error_label.configure(text=text)
        if self.compact and not text:
            self.error_label.grid_remove()
        else:
            self.error_label.grid()

    def play(self) -> None:
        """Play the plan; a compact layout folds the timing boxes first, so the words to swipe get their room."""
        if self.compact and self.controls.timing_shown.get():
            self.controls.timing_shown.set(False)
            self._place_timing()
        super().play()

    def _on_theme_changed(self, _event: tk.Event) -> None:
        """Recolour the rows and the bar in the new theme's colours."""
        self.tree.colour_rows()
        self.draw_bar()

    def _show_timing(self) -> None:
        """Put the round length and the timing in their boxes."""
        self.timing_controls.show(self.seconds, self.timing)

    def timing_ok(self) -> tuple[float, Timing] | None:
        """Return the round length and timing typed in the boxes, or None (with the reason shown)."""
        try:
            return self.timing_controls.typed()
        except ValueError as err:
            problem = engine_text(err) if isinstance(err, PlanError) else _("every time must be a number of seconds")
            self.tell(problem[0].upper() + problem[1:])
            return None

    def apply_timing(self) -> None:
        """Take the round length and timing from the boxes, tell the app, and plan the round afresh."""
        typed = self.timing_ok()
        if typed is None:
            return
        self.set_timing(*typed)
        self.on_timing(self.seconds, self.timing)

    def set_timing(self, seconds: float, timing: Timing) -> None:
        """Use ``seconds`` and ``timing`` from now on, and plan a fresh round with them if a board is shown."""
        self.seconds, self.timing = check_seconds(seconds), timing
        self._show_timing()
        if self.board is not None:
            self.show(self.solutions, self.board, chance=self.chance, filters=self.filters_label.cget("text"))

    def _bind_keys(self) -> None:
        """Bind the keys of the tip line and clicks on the ✓ column."""
        bind_shortcut([self.tree], "<space>", self._on_space)
        bind_shortcut([self.tree], "<Return>", self.play)
        self.tree.bind("<Escape>", self._on_escape)
        self.tree.bind("<Button-1>", self._on_click, add=True)
        self.tree.bind("<<TreeviewSelect>>", lambda _event: self._on_select())
        bind_shortcut([self.left_box], "<Return>", self.replan)
        widgets = (self.tree, self.left_box, self.play_button, self.replan_button, self.heat_box, self.timing_toggle)
        bind_shortcut(widgets, "<Control-r>", self.replan)
        bind_shortcut(widgets, "<Alt-h>", self.toggle_heat)

    def _on_escape(self, _event: tk.Event) -> str | None:
        """Esc stops playing; when nothing plays it goes back a step, as everywhere."""
        if not self.playing:
            return None
        self.stop()
        return "break"

    # ------------------------------------------------------------ the plan

    def show(self, solutions: Iterable[Solution], board: Board, seconds: float | None = None,
             chance: Chance | None = None, filters: str = "") -> Plan:
        """Plan a fresh round of ``seconds`` (default: this view's) on ``board`` and show it.

        ``chance`` prices each word (see ruzzle_gui.plan); ``filters`` says which word filters chose
        ``solutions`` and how many words they left out.
        """
        self.stop()
        self.board, self.solutions, self.played, self.chance = board, list(solutions), [], chance
        self.filters_label.configure(text=filters)
        if seconds is not None:
            self.seconds = check_seconds(seconds)
        self.left_var.set(seconds_text(self.seconds))
        return self._show_plan(self._plan(board, self.seconds))

    def set_words(self, solutions: Iterable[Solution], chance: Chance | None = None, filters: str = "") -> Plan | None:
        """Plan other words of the same board for the time left, keeping the ticks (a filter changed).

        The time left is the countdown's while Play plan runs, else the Time left box's.
        """
        if self.board is None:
            return None
        left = self.time_left()
        self.solutions, self.chance = list(solutions), chance
        self.filters_label.configure(text=filters)
        if left is None:
            return None
        self.stop()
        self.left_var.set(seconds_text(left))
        return self._show_plan(self._plan(self.board, left))

    def time_left(self) -> float | None:
        """Return the seconds left: the countdown's while playing, else the box's (None: the box is not sane)."""
        if self.playing:
            left = self.plan.seconds - (self.clock() - self._started)
            return check_seconds(max(round(left, 1), 0.1))
        return self.seconds_ok(self.left_var.get())

    def restore(self, result: Plan, solutions: Iterable[Solution], board: Board, played: Iterable[Solution]) -> None:
        """Show ``result`` again as it stood, with the words in ``played`` ticked (a board the player came back to)."""
        self.stop()
        self.board, self.solutions, self.played = board, list(solutions), list(played)
        self._show_plan(result)
        for number in range(len(result.steps)):
            self._paint_row(number)
        self.draw_bar()
        self.update_heat()

    def seconds_ok(self, text: str) -> float | None:
        """Return the time left typed in the box as seconds, or None (with the reason shown) if it is not sane."""
        try:
            return check_seconds(float(text.strip().replace(",", ".")))
        except ValueError as err:
            problem = engine_text(err) if isinstance(err, PlanError) else _(
                "the time must be a number of seconds, not {text}").format(text=repr(text))
            self.tell(problem[0].upper() + problem[1:])
            return None

    def replan(self) -> Plan | None:
        """Plan again for the time left in the box, leaving out the ticked words; None if the time is not sane."""
        if self.board is None:
            return None
        left = self.seconds_ok(self.left_var.get())
        if left is None:
            return None
        self.stop()
        return self._show_plan(self._plan(self.board, left))

    def retranslate(self) -> None:
        """Say the plan's summary and pace again in the interface language (the plan itself stays)."""
        self.summary_label.configure(text=plan_summary(self.plan))
        self.pace_line.show(self.plan)
        self.tree.size_columns()
        self._show_timing()  # with the new language's decimal symbol
        for number, step in enumerate(self.plan.steps):
            self.tree.set(str(number), "start", start_text(step))
            self.tree.set(str(number), "total", format_number(step.points))  # grouped as the language groups
        left = self.seconds_ok(self.left_var.get())
        if left is not None:
            self.left_var.set(seconds_text(left))

    def _plan(self, board: Board, seconds: float) -> Plan:
        """Return the plan for ``seconds`` from the last word's end; if none can be made, an empty one saying why."""
        at = self.played[-1].path[-1] if self.played else None
        try:
            return plan(self.solutions, board, seconds, self.timing, self.played, at, self.chance)
        except PlanError as err:  # a board too large to plan, say: the reason shows in place of the plan
            return Plan((), seconds, self.timing, said(str(err), err.code, **err.values))

    def _show_plan(self, result: Plan) -> Plan:
        """Fill the list, summary and bar from ``result``."""
        self.plan, self.current = result, None
        self.tell("")
        self.summary_label.configure(text=plan_summary(result))
        self.pace_line.show(result)
        self.tree.delete(*self.tree.get_children())
        self.tree.size_number_column(len(result.steps))
        for number, step in enumerate(result.steps):
            self.tree.insert("", "end", iid=str(number), text=f"{number + 1}.",
                             values=("", step.solution.word, format_number(step.solution.score), start_text(step),
                                     format_number(step.points)))
        self.countdown.configure(text=clock_text(result.seconds))
        self.play_button.state(["!disabled"] if result.steps else ["disabled"])
        self.draw_bar()
        self.update_heat()
        return result

    def toggle_heat(self) -> None:
        """Turn the heat map on or off."""
        self.heat_box.invoke()

    def update_heat(self) -> None:
        """Hand the heat of the words still to play to the board, or None while the Heat map box is off."""
        self.show_heat(self.heat() if self.heat_var.get() and self.board is not None else None)

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
        if played and self.playing and number == self.current:
            self._go_on()  # the player swiped it: the plan follows the player, not the clock
        self.draw_bar()
        self.update_heat()

    def _on_space(self) -> None:
        """While playing, tick the word being swiped (and go on); otherwise tick or untick the selected word."""
        if self.playing and self.current is not None:
            self.set_played(self.current, True)
        else:
            self._toggle_selected()

    def _toggle_selected(self) -> None:
        """Tick or untick the selected word."""
        selected = self.tree.selection()
        if selected:
            number = int(selected[0])
            self.set_played(number, not self.is_played(number))

    def _on_select(self) -> None:
        """Show the word the player selected, unless Play plan is choosing the words."""
        selected = self.tree.selection()
        if selected and not self.playing:
            self.show_word(self.plan.steps[int(selected[0])].solution)

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

    # ------------------------------------------------------------ the time bar

    def draw_bar(self, elapsed: float | None = None) -> None:
        """Draw the plan on the time bar, the word being swiped marked, and the time ``elapsed`` if playing."""
        self.bar.draw(self.plan, self.current, self.is_played, elapsed)

    def destroy(self) -> None:
        """Cancel a running play before the widgets go."""
        self.stop()
        super().destroy()

