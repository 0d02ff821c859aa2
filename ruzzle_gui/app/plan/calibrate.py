"""Calibrate: the player traces a few words over the board, and the time per word and per letter is fitted.

Each word is timed from the moment it is asked for to the release of the mouse,
so finding its first tile is part of it, as in the game. A straight line
``seconds = per_word + per_letter × letters`` is fitted to the traced words by
least squares; the time per cell of travel between words is not measured and
stays as it was.
"""
from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.text.engine_text import engine_text
from ruzzle_gui.app.text.i18n import _, format_decimal, format_number, format_short
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import PlanError, Timing

WORDS = 5  # enough to fit two numbers through the noise of a hand on a mouse, few enough not to bore
WRAP_PX = 380  # the width (at 96 DPI) the explanation and the result wrap at
SHORTEST, LONGEST = 3, 8


def fit(samples: Sequence[tuple[int, float]]) -> tuple[float, float]:
    """Return (per_word, per_letter) fitted by least squares to (letters, seconds) samples.

    Raises PlanError if the samples do not hold two different lengths. A fit that
    would make the time per word negative is refitted through 0 instead.
    """
    lengths = {n for n, _ in samples}
    if len(lengths) < 2:
        raise PlanError(_("trace words of at least two different lengths"))
    count = len(samples)
    mean_n = sum(n for n, _ in samples) / count
    mean_t = sum(t for _, t in samples) / count
    spread = sum((n - mean_n) ** 2 for n, _ in samples)
    per_letter = sum((n - mean_n) * (t - mean_t) for n, t in samples) / spread
    per_word = mean_t - per_letter * mean_n
    if per_word < 0:
        per_word, per_letter = 0.0, sum(n * t for n, t in samples) / sum(n * n for n, _ in samples)
    return per_word, max(per_letter, 0.0)


def pick_words(solutions: Sequence[Solution], count: int = WORDS) -> list[Solution]:
    """Return ``count`` words of lengths spread from SHORTEST to LONGEST letters, best score first in each."""
    by_length: dict[int, Solution] = {}
    for solution in sorted(solutions, key=lambda s: -s.score):
        by_length.setdefault(len(solution.path), solution)
    lengths = sorted(n for n in by_length if SHORTEST <= n <= LONGEST) or sorted(by_length)
    if len(lengths) <= count:
        return [by_length[n] for n in lengths]
    step = (len(lengths) - 1) / (count - 1)
    return [by_length[lengths[round(k * step)]] for k in range(count)]


class CalibrateDialog(tk.Toplevel):
    """Asks for a few words one at a time, times each traced over a copy of the board, and shows the fit."""

    def __init__(self, master: tk.Misc, board: Board, values: dict[str, int], solutions: Sequence[Solution],
                 timing: Timing, on_keep: Callable[[Timing], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(master)
        self.title(_("Calibrate · Ruzzle Solver"))
        self.transient(master.winfo_toplevel())
        self.timing, self.on_keep, self.clock = timing, on_keep, clock
        self.words = pick_words(solutions)
        self.samples: list[tuple[int, float]] = []
        self.traced: list[int] = []
        self.fitted: Timing | None = None
        self._asked = 0.0
        self._build(board, values)
        self.bind("<Escape>", lambda _event: self.destroy())
        self.bind("<Return>", lambda _event: self.keep() if self.fitted is not None else None)
        self.protocol("WM_DELETE_WINDOW", self.destroy)
        self._ask()
        self.board_view.focus_set()

    def _build(self, board: Board, values: dict[str, int]) -> None:
        """Lay out the prompt, the board to trace on, the result and the buttons."""
        px = theme.px
        body = ttk.Frame(self, padding=px(self, 16))
        body.pack(fill="both", expand=True)
        # The window is at least as wide as the texts wrap, so no wrapped line is cut at its end.
        ttk.Frame(body, width=px(self, WRAP_PX), height=0).pack()
        ttk.Label(body, text=_("Trace each word on the board with the mouse, as you would swipe it in the game: "
                               "press on its first tile, drag through its path, release."),
                  style="Muted.TLabel", wraplength=px(self, WRAP_PX)).pack(fill="x")
        self.prompt = ttk.Label(body, text="", style="Title.TLabel", anchor="center")
        self.prompt.pack(fill="x", pady=px(self, 8))
        self.board_view = BoardView(body, cursor_when_unfocused=False, width=300, height=300)
        self.board_view.pack(fill="both", expand=True)
        self.board_view.show(board.rows, board.cols, board.letters, board.bonuses, values)
        self.board_view.bind("<ButtonPress-1>", self._on_press)
        self.board_view.bind("<B1-Motion>", self._on_drag)
        self.board_view.bind("<ButtonRelease-1>", self._on_release)
        self.result = ttk.Label(body, text="", wraplength=px(self, WRAP_PX))
        self.result.pack(fill="x", pady=px(self, 8))
        buttons = ttk.Frame(body)
        buttons.pack(fill="x")
        self.keep_button = ttk.Button(buttons, text=_("Keep"), style="Accent.TButton", command=self.keep)
        self.keep_button.pack(side="right")
        self.keep_button.state(["disabled"])
        ttk.Button(buttons, text=_("Start again"), command=self.restart).pack(side="right", padx=px(self, 6))
        ttk.Button(buttons, text=_("Cancel"), command=self.destroy).pack(side="left")

    def _ask(self) -> None:
        """Ask for the next word, or fit and show the result when all are traced."""
        done = len(self.samples)
        if done < len(self.words):
            word = self.words[done].word
            # TRANSLATORS: the calibration's prompt: "2 of 5:  CASA", the word to trace next.
            self.prompt.configure(text=_("{number} of {count}:  {word}").format(
                number=format_number(done + 1), count=format_number(len(self.words)), word=word.upper()))
            self._asked = self.clock()
        else:
            self.prompt.configure(text=_("Done"))
            self._show_fit()

    def restart(self) -> None:
        """Forget the traced words and ask for the first again."""
        self.samples, self.fitted = [], None
        self.keep_button.state(["disabled"])
        self.result.configure(text="")
        self.board_view.clear_path()
        self._ask()

    def _on_press(self, event: tk.Event) -> None:
        """Start a trace on the pressed tile."""
        self.traced = []
        self.board_view.clear_path()
        self._on_drag(event)

    def _on_drag(self, event: tk.Event) -> None:
        """Light each new tile the pointer passes over."""
        index = self.board_view.tile_at(event.x, event.y)
        if index is None or index in self.traced or len(self.samples) >= len(self.words):
            return
        came_from = self.traced[-1] if self.traced else None
        self.traced.append(index)
        colour = theme.PATH_START if came_from is None else theme.PATH_MIDDLE
        self.board_view.light(index, colour, came_from)

    def _on_release(self, _event: tk.Event) -> None:
        """Time the word just traced (its letters are the tiles passed) and ask for the next."""
        if len(self.traced) < 2 or len(self.samples) >= len(self.words):
            return  # a click is not a word
        self.samples.append((len(self.traced), self.clock() - self._asked))
        self._ask()

    def _show_fit(self) -> None:
        """Fit the timing to the traced words and show it, or say why it cannot be kept."""
        try:
            per_word, per_letter = fit(self.samples)
            self.fitted = Timing(per_word, per_letter, self.timing.per_cell)
        except PlanError as err:
            self.result.configure(text=_("Cannot use these times: {problem}. Press Start again.").format(
                problem=engine_text(err)), style="Error.TLabel")
            return
        self.result.configure(style="TLabel", text=_(
            "You take {per_word} s per word and {per_letter} s per letter "
            "(until now {old_per_word} s and {old_per_letter} s). Keep these for your plans?").format(
            per_word=format_decimal(per_word, 2), per_letter=format_decimal(per_letter, 2),
            old_per_word=format_short(self.timing.per_word), old_per_letter=format_short(self.timing.per_letter)))
        self.keep_button.state(["!disabled"])
        self.keep_button.focus_set()

    def keep(self) -> None:
        """Hand the fitted timing to the app and close."""
        if self.fitted is not None:
            self.on_keep(self.fitted)
        self.destroy()
