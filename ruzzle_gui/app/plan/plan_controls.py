"""The Plan tab's controls under its list: Play plan with its countdown, the time left, and the timing boxes.

Widgets only: what the buttons do is the plan view's, handed in as callbacks. The time
boxes read and write seconds with the interface language's decimal symbol. On a short
window the controls draw closer together and a toggle beside Stop folds the timing
boxes away (``PlanView.set_compact``).
"""
from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.hint import bind_shortcut
from ruzzle_gui.app.text.i18n import N_, _, format_short, underlined
from ruzzle_gui.plan import Timing, check_seconds

# TRANSLATORS: the plan's timing boxes, in seconds: the round's length, and the time a swipe takes per word,
# per letter and per cell of travel between words.
TIMING_FIELDS = ((N_("Round"), "seconds"), (N_("Per word"), "per_word"), (N_("Per letter"), "per_letter"),
                 (N_("Per cell"), "per_cell"))
ROW_GAP, COMPACT_GAP = 6, 2  # between the two rows of play controls, as on a 96-DPI screen


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


def bind_steps(box: ttk.Spinbox) -> None:
    """Make the box's arrows step through ``step_box``, which writes the interface language's decimal symbol."""
    for sequence, sign in (("<<Increment>>", 1), ("<<Decrement>>", -1)):
        box.bind(sequence, functools.partial(step_box, box, sign))


class PlayControls(ttk.Frame):
    """Play plan, Stop and the countdown, above the time left with Re-plan and the Heat map box.

    In the compact layout a toggle between Stop and the countdown shows or hides the timing boxes.
    """

    def __init__(self, master: tk.Misc, seconds: float, *, play: Callable[[], None], stop: Callable[[], None],
                 replan: Callable[[], object], on_heat: Callable[[], None],
                 on_timing_shown: Callable[[], None]) -> None:
        super().__init__(master)
        px = functools.partial(theme.px, self)
        row = ttk.Frame(self)
        row.pack(fill="x")
        self.play_button = ttk.Button(row, text=_("▶  Play plan"), style="Accent.TButton", command=play)
        self.play_button.pack(side="left")
        self.stop_button = ttk.Button(row, text=_("■  Stop"), command=stop)
        self.stop_button.pack(side="left", padx=(px(6), 0))
        self.countdown = ttk.Label(row, text=clock_text(seconds), style="Title.TLabel", width=5, anchor="e")
        self.countdown.pack(side="right")
        # A toggle button, pressed while the boxes show: the disclosure a short window gets in their place.
        self.timing_shown = tk.BooleanVar(value=False)
        self.timing_toggle = ttk.Checkbutton(row, text=_("Timing in seconds"), style="Toggle.TButton",
                                             variable=self.timing_shown, command=on_timing_shown)
        self.again = again = ttk.Frame(self)
        again.pack(fill="x", pady=(px(ROW_GAP), 0))
        ttk.Label(again, text=_("Time left (s)"), style="Muted.TLabel").pack(side="left")
        self.left_var = tk.StringVar(value=seconds_text(seconds))
        self.left_box = ttk.Spinbox(again, from_=1, to=3600, increment=5, width=6, textvariable=self.left_var)
        self.left_box.pack(side="left", padx=px(6))
        bind_steps(self.left_box)
        self.replan_button = ttk.Button(again, text=_("Re-plan"), command=replan)
        self.replan_button.pack(side="left")
        self.heat_var = tk.BooleanVar(value=False)
        self.heat_box = ttk.Checkbutton(again, **underlined(_("Heat map"), "h"), variable=self.heat_var,
                                        command=on_heat)
        self.heat_box.pack(side="right")

    def set_compact(self, compact: bool) -> None:
        """Draw the two rows closer, with the timing toggle beside Stop (``compact``), or as roomy as before."""
        px = functools.partial(theme.px, self)
        self.again.pack_configure(pady=(px(COMPACT_GAP if compact else ROW_GAP), 0))
        if compact:
            self.timing_toggle.pack(side="left", padx=(px(12), 0), after=self.stop_button)
        else:
            self.timing_toggle.pack_forget()


class TimingBoxes(ttk.Frame):
    """The round length and the swipe timing, in seconds, with Apply and Calibrate (its command is the app's)."""

    def __init__(self, master: tk.Misc, apply: Callable[[], None]) -> None:
        super().__init__(master)
        px = functools.partial(theme.px, self)
        self.title = ttk.Label(self, text=_("Timing in seconds"), style="Muted.TLabel")
        self.title.grid(row=0, column=0, columnspan=4, sticky="w")
        self.timing_vars: dict[str, tk.StringVar] = {}
        self.timing_boxes: list[ttk.Spinbox] = []
        for number, (text, name) in enumerate(TIMING_FIELDS):
            row, column = 1 + number // 2, 2 * (number % 2)
            ttk.Label(self, text=_(text)).grid(row=row, column=column, sticky="w", padx=(0, px(6)), pady=px(2))
            self.timing_vars[name] = var = tk.StringVar()
            step = 5 if name == "seconds" else 0.01
            spin = ttk.Spinbox(self, from_=0, to=3600 if name == "seconds" else 10, increment=step, width=6,
                               textvariable=var, command=apply)
            spin.grid(row=row, column=column + 1, sticky="w", padx=(0, px(12)), pady=px(2))
            bind_shortcut([spin], "<Return>", apply)
            bind_steps(spin)
            self.timing_boxes.append(spin)
        buttons = ttk.Frame(self)
        buttons.grid(row=3, column=0, columnspan=4, sticky="w", pady=(px(4), 0))
        self.apply_button = ttk.Button(buttons, text=_("Apply"), command=apply)
        self.apply_button.pack(side="left")
        self.calibrate_button = ttk.Button(buttons, text=_("Calibrate…"))
        self.calibrate_button.pack(side="left", padx=px(6))

    def show(self, seconds: float, timing: Timing) -> None:
        """Put the round length and the timing in their boxes."""
        self.timing_vars["seconds"].set(seconds_text(seconds))
        for name in ("per_word", "per_letter", "per_cell"):
            self.timing_vars[name].set(seconds_text(getattr(timing, name)))

    def typed(self) -> tuple[float, Timing]:
        """Return the round length and timing typed in the boxes; raise ValueError (PlanError: a bad time)."""
        numbers = {name: float(var.get().strip().replace(",", ".")) for name, var in self.timing_vars.items()}
        seconds = check_seconds(numbers.pop("seconds"))
        return seconds, Timing(**numbers)
