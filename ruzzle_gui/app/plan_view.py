"""Plan view: the words to swipe in the round, in order, with a time bar and a played-along countdown.

It knows nothing of the board view: ``show_word(solution)`` is called when the
plan reaches a word (in the results screen, ``Results.animate``). Play runs a
chain of single ``after()`` calls and keeps the id, so playing again cancels the
run in progress.
"""
from __future__ import annotations

import functools
import time
import tkinter as tk
from collections.abc import Callable, Iterable
from tkinter import ttk

from ruzzle_gui.app import theme
from ruzzle_gui.app.engine_text import engine_text, said_text
from ruzzle_gui.app.hint import bind_shortcut
from ruzzle_gui.app.i18n import N_, _, format_decimal, format_number, format_short, ngettext, shown, underlined
from ruzzle_gui.app.pace import PaceLine
from ruzzle_gui.board import Board
from ruzzle_gui.coded import said
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import DEFAULT_SECONDS, Chance, Plan, PlanError, Step, Timing, check_seconds, plan, tile_heat

TICK_MS = 100  # countdown refresh: a tenth of a second reads as smooth and costs nothing
# Pixel sizes as on a 96-DPI screen; each goes through theme.px.
BAR_HEIGHT = 26
BAR_INSET = 3  # the blocks stop this far short of the bar's top and bottom
PAD = 8
# TRANSLATORS: the plan's column headings: "At" is the second the word starts at; "Total" the running points.
COLUMNS = (("done", "✓", 34), ("word", N_("Word"), 120), ("score", N_("Points"), 76), ("start", N_("At"), 60),
           ("total", N_("Total"), 70))
NUMBER_WIDTH = 44
# Colours per mode: a played word greys out, neighbouring words alternate with the accent, so each one's
# width shows, and the word being swiped is marked in the path's start colour in both modes.
PLAYED = {"light": "#9aa3ae", "dark": "#6b7480"}
SECOND_BAR = {"light": "#7986cb", "dark": "#9fa8da"}
BAR_BACKGROUND = {"light": "#ffffff", "dark": "#2b2b2b"}
CURRENT_ROW = {"light": ("#ffe0b2", "#1c1c1c"), "dark": ("#8a4b00", "#ffffff")}
# TRANSLATORS: the plan's timing boxes, in seconds: the round's length, and the time a swipe takes per word,
# per letter and per cell of travel between words.
TIMING_FIELDS = ((N_("Round"), "seconds"), (N_("Per word"), "per_word"), (N_("Per letter"), "per_letter"),
                 (N_("Per cell"), "per_cell"))
TIP = N_("Enter: play · Space: tick a word as played (while playing: the word shown, and go on) · Esc: stop · "
         "Ctrl+R: re-plan for the time left")


def clock_text(seconds: float) -> str:
    """Return seconds as 'm:ss', rounded up so the countdown shows 0:00 only when time is out."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def seconds_text(number: float) -> str:
    """Return seconds as a time box shows them: short, exact (the box is read back), with the interface
    language's decimal symbol (0,05 in Italian)."""
    text = f"{number:g}"
    if float(text) != number:
        text = repr(float(number))
    return text.replace(".", format_short(0.5)[1])


def step_box(box: ttk.Spinbox, way: int, _event: object = None) -> str:
    """Step a time box's number up (``way`` 1) or down (-1) by its increment, within its range, written as
    ``seconds_text`` writes it: Tk's own stepping reads only a decimal point. Return "break": Tk's is not run."""
    try:
        number = float(box.get().strip().replace(",", "."))
    except ValueError:
        number = float(box.cget("from"))
    increment = float(box.cget("increment"))
    stepped = min(max(number + way * increment, float(box.cget("from"))), float(box.cget("to")))
    box.set(seconds_text(round(stepped, 6)))  # 0.2 + 0.01 is 0.21000000000000002 in floating point
    if str(box.cget("command")):
        box.tk.call(box.cget("command"))
    return "break"


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


class PlanView(ttk.Frame):
    """The plan as a numbered list with a time bar, Play plan with a countdown, ticks and Re-plan."""

    def __init__(self, master: tk.Misc, show_word: Callable[[Solution], None], *, timing: Timing | None = None,
                 seconds: float = DEFAULT_SECONDS, clock: Callable[[], float] = time.monotonic,
                 show_heat: Callable[[list[int] | None], None] | None = None,
                 on_timing: Callable[[float, Timing], None] | None = None) -> None:
        super().__init__(master, padding=theme.px(master, PAD))
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
        self.current: int | None = None
        self._after_id: str | None = None
        self._running = False
        self._started = 0.0
        self._build()
        self._bind_keys()

    # ------------------------------------------------------------ layout

    def _build(self) -> None:
        """Lay out the summary, time bar, list, countdown and buttons."""
        px, mode = functools.partial(theme.px, self), theme.mode(self)
        header = ttk.Frame(self)
        header.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.summary_label = ttk.Label(header, text="", style="Summary.TLabel")
        self.summary_label.pack(side="top", anchor="w")
        self.pace_line = PaceLine(header)
        self.pace_line.pack(side="top", anchor="w")
        # The word filters the plan shares with the list, and how many words they leave out.
        self.filters_label = ttk.Label(header, text="", style="Muted.TLabel")
        self.filters_label.pack(side="top", anchor="w")
        self.bar = tk.Canvas(self, height=px(BAR_HEIGHT), background=BAR_BACKGROUND[mode], highlightthickness=0)
        self.bar.grid(row=1, column=0, columnspan=2, sticky="ew", pady=px(6))
        self.bar.bind("<Configure>", lambda _event: self.draw_bar())
        self.tree = ttk.Treeview(self, columns=[c for c, _text, _width in COLUMNS], show="tree headings", height=8,
                                 selectmode="browse")
        self.tree.heading("#0", text="#")
        self.tree.column("#0", width=px(NUMBER_WIDTH), stretch=False, anchor="e")
        for column, text, _width in COLUMNS:
            # by its place: its translation may be another column's too (French "Points" for Score)
            self.tree.heading(column, text=shown((str(self.tree), f"heading {column}"), text))
            self.tree.column(column, stretch=column == "word", anchor="w" if column == "word" else "e")
        self._size_columns()
        self._colour_rows()
        self.tree.bind("<<ThemeChanged>>", self._on_theme_changed, add=True)
        scroll = ttk.Scrollbar(self, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scroll.set)
        self.tree.grid(row=2, column=0, sticky="nsew")
        scroll.grid(row=2, column=1, sticky="ns")
        self._build_controls().grid(row=3, column=0, columnspan=2, sticky="ew", pady=(px(8), 0))
        self._build_timing().grid(row=4, column=0, columnspan=2, sticky="ew", pady=(px(8), 0))
        self.error_label = ttk.Label(self, text="", style="Error.TLabel")
        self.error_label.grid(row=5, column=0, columnspan=2, sticky="ew")
        # width=1: the tip wraps to the width it is given and never asks for more, or a language switch
        # could set width and wrap chasing each other (the tab's width follows the list's headings).
        tip = ttk.Label(self, text=_(TIP), style="Hint.TLabel", wraplength=px(420), width=1)
        tip.grid(row=6, column=0, columnspan=2, sticky="ew")
        tip.bind("<Configure>", lambda event: tip.configure(wraplength=max(event.width - px(8), px(100))))
        self.columnconfigure(0, weight=1)
        self.rowconfigure(2, weight=1)

    def _size_columns(self) -> None:
        """Give each column the room its heading needs in the interface language (measured again on a switch)."""
        for column, text, width in COLUMNS:
            self.tree.column(column, width=max(theme.px(self, width), theme.heading_width(self, _(text))))

    def _on_theme_changed(self, _event: tk.Event) -> None:
        """Recolour the rows and the bar in the new theme's colours."""
        self._colour_rows()
        self.draw_bar()

    def _colour_rows(self) -> None:
        """Give played and current rows the colours of the mode the app is drawn in."""
        mode = theme.mode(self)
        self.tree.tag_configure("played", foreground=PLAYED[mode])
        background, foreground = CURRENT_ROW[mode]
        self.tree.tag_configure("current", background=background, foreground=foreground)

    def _build_controls(self) -> ttk.Frame:
        """Return Play plan, Stop and the countdown above the time left and Re-plan."""
        rows, px = ttk.Frame(self), functools.partial(theme.px, self)
        play = ttk.Frame(rows)
        play.pack(fill="x")
        self.play_button = ttk.Button(play, text=_("▶  Play plan"), style="Accent.TButton", command=self.play)
        self.play_button.pack(side="left")
        self.stop_button = ttk.Button(play, text=_("■  Stop"), command=self.stop)
        self.stop_button.pack(side="left", padx=(px(6), 0))
        self.countdown = ttk.Label(play, text=clock_text(self.seconds), style="Title.TLabel", width=5, anchor="e")
        self.countdown.pack(side="right")
        again = ttk.Frame(rows)
        again.pack(fill="x", pady=(px(6), 0))
        ttk.Label(again, text=_("Time left (s)"), style="Muted.TLabel").pack(side="left")
        self.left_var = tk.StringVar(value=seconds_text(self.seconds))
        self.left_box = ttk.Spinbox(again, from_=1, to=3600, increment=5, width=6, textvariable=self.left_var)
        self.left_box.pack(side="left", padx=px(6))
        for sequence, sign in (("<<Increment>>", 1), ("<<Decrement>>", -1)):
            self.left_box.bind(sequence, functools.partial(step_box, self.left_box, sign))
        self.replan_button = ttk.Button(again, text=_("Re-plan"), command=self.replan)
        self.replan_button.pack(side="left")
        self.heat_var = tk.BooleanVar(value=False)
        self.heat_box = ttk.Checkbutton(again, **underlined(_("Heat map"), "h"), variable=self.heat_var,
                                        command=self.update_heat)
        self.heat_box.pack(side="right")
        return rows

    def _build_timing(self) -> ttk.Frame:
        """Return the round length and the swipe timing, in seconds, with Apply and Calibrate."""
        box, px = ttk.Frame(self), functools.partial(theme.px, self)
        ttk.Label(box, text=_("Timing in seconds"), style="Muted.TLabel").grid(row=0, column=0, columnspan=4,
                                                                             sticky="w")
        self.timing_vars: dict[str, tk.StringVar] = {}
        self.timing_boxes: list[ttk.Spinbox] = []
        for number, (text, name) in enumerate(TIMING_FIELDS):
            row, column = 1 + number // 2, 2 * (number % 2)
            ttk.Label(box, text=_(text)).grid(row=row, column=column, sticky="w", padx=(0, px(6)), pady=px(2))
            self.timing_vars[name] = var = tk.StringVar()
            step = 5 if name == "seconds" else 0.01
            spin = ttk.Spinbox(box, from_=0, to=3600 if name == "seconds" else 10, increment=step, width=6,
                               textvariable=var, command=self.apply_timing)
            spin.grid(row=row, column=column + 1, sticky="w", padx=(0, px(12)), pady=px(2))
            bind_shortcut([spin], "<Return>", self.apply_timing)
            for sequence, sign in (("<<Increment>>", 1), ("<<Decrement>>", -1)):
                spin.bind(sequence, functools.partial(step_box, spin, sign))
            self.timing_boxes.append(spin)
        buttons = ttk.Frame(box)
        buttons.grid(row=3, column=0, columnspan=4, sticky="w", pady=(px(4), 0))
        self.apply_button = ttk.Button(buttons, text=_("Apply"), command=self.apply_timing)
        self.apply_button.pack(side="left")
        self.calibrate_button = ttk.Button(buttons, text=_("Calibrate…"))
        self.calibrate_button.pack(side="left", padx=px(6))
        self._show_timing()
        return box

    def _show_timing(self) -> None:
        """Put the round length and the timing in their boxes."""
        self.timing_vars["seconds"].set(seconds_text(self.seconds))
        for name in ("per_word", "per_letter", "per_cell"):
            self.timing_vars[name].set(seconds_text(getattr(self.timing, name)))

    def timing_ok(self) -> tuple[float, Timing] | None:
        """Return the round length and timing typed in the boxes, or None (with the reason shown)."""
        try:
            numbers = {name: float(var.get().strip().replace(",", ".")) for name, var in self.timing_vars.items()}
            seconds = check_seconds(numbers.pop("seconds"))
            return seconds, Timing(**numbers)
        except ValueError as err:
            problem = engine_text(err) if isinstance(err, PlanError) else _("every time must be a number of seconds")
            self.error_label.configure(text=problem[0].upper() + problem[1:])
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
        widgets = (self.tree, self.left_box, self.play_button, self.replan_button, self.heat_box)
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
        return self._show_plan(self._plan(self.board, left))

    def retranslate(self) -> None:
        """Say the plan's summary and pace again in the interface language (the plan itself stays)."""
        self.summary_label.configure(text=plan_summary(self.plan))
        self.pace_line.show(self.plan)
        self._size_columns()
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
        self.error_label.configure(text="")
        self.summary_label.configure(text=plan_summary(result))
        self.pace_line.show(result)
        self.tree.delete(*self.tree.get_children())
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

    # ------------------------------------------------------------ play along

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
        self.error_label.configure(text="")
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
            self.error_label.configure(text=_("Every planned word is ticked: Ctrl+R plans more for the time left"))
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
            self.error_label.configure(text=_("Time is up"))

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
        bar, mode = self.bar, theme.mode(self)
        bar.delete("all")
        bar.configure(background=BAR_BACKGROUND[mode])
        width, seconds = max(bar.winfo_width(), 1), self.plan.seconds
        height, inset = theme.px(self, BAR_HEIGHT), theme.px(self, BAR_INSET)
        scale = (width - 2) / seconds
        for number, step in enumerate(self.plan.steps):
            colour = (theme.PATH_START if number == self.current else PLAYED[mode] if self.is_played(number)
                      else (theme.palette(self).accent, SECOND_BAR[mode])[number % 2])
            bar.create_rectangle(1 + step.start * scale, inset, 1 + step.end * scale, height - inset,
                                 fill=colour, outline="")
        if elapsed is not None:
            x = 1 + min(elapsed, seconds) * scale
            bar.create_line(x, 0, x, height, fill=theme.palette(self).text, width=theme.px(self, 2))

    def destroy(self) -> None:
        """Cancel a running play before the widgets go."""
        self.stop()
        super().destroy()

