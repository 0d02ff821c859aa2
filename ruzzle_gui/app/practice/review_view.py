"""ReviewView: a practice round's review: found against possible, against the plan, the words missed, the player's.

Double-click a word (or Enter on it) and its path plays on the board, as on the Words screen.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.look.hint import bind_shortcut
from ruzzle_gui.app.practice.round_setup import RoundSetup, measured_pace, plan_points
from ruzzle_gui.app.text.i18n import _, format_decimal, format_number, ngettext, underlined
from ruzzle_gui.graph import Solution

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ruzzle_gui.app.settings import Settings
    from ruzzle_gui.practice import Review

STEP_MS = 250  # one tile of a replayed path


def found_line(review: Review) -> str:
    """Return 'Found 12 of 85 words, 240 of 1,820 points.'"""
    words = ngettext("Found {found} of {possible} word", "Found {found} of {possible} words",
                     review.possible_words).format(found=format_number(review.found_words),
                                                   possible=format_number(review.possible_words))
    points = ngettext("{found} of {possible} point", "{found} of {possible} points",
                      review.possible_points).format(found=format_number(review.found_points),
                                                     possible=format_number(review.possible_points))
    return _("{words}, {points}").format(words=words, points=points)


def plan_line(points: int, seconds: float, pace: float | None, plan_pace: float) -> str:
    """Return what the plan would have scored in the same seconds, at the player's pace or the planned one."""
    said = ngettext("The plan would have scored {points} point in {seconds} s",
                    "The plan would have scored {points} points in {seconds} s", points).format(
        points=format_number(points), seconds=format_number(round(seconds)))
    if pace is None:
        return _("{plan} at the planned pace ({pace} s a word)").format(plan=said, pace=format_decimal(plan_pace, 1))
    return _("{plan} at your pace ({pace} s a word)").format(plan=said, pace=format_decimal(pace, 1))


class ReviewView(ttk.Frame):
    """The review of the round just played; ``show`` fills it."""

    def __init__(self, master: tk.Misc, settings: Settings, on_again: Callable[[], None],
                 on_new: Callable[[], None]) -> None:
        super().__init__(master)
        self.settings = settings
        self.setup: RoundSetup | None = None
        self.result: Review | None = None
        self.plan_result: tuple[int, float] = (0, 0.0)
        self._seconds = 0.0
        self._pace: float | None = None
        self._step_id: str | None = None
        self.found_label = ttk.Label(self, text="", style="Title.TLabel")
        self.found_label.pack(fill="x")
        self.plan_label = ttk.Label(self, text="", style="Summary.TLabel")
        self.plan_label.pack(fill="x", pady=(0, theme.px(self, 6)))
        middle = ttk.Frame(self)
        middle.pack(fill="both", expand=True)
        self.board_view = BoardView(middle, cursor_when_unfocused=False, width=260, height=260)
        self.board_view.pack(side="left", fill="y")
        self.missed = self._list(middle, _("Best words missed"), ("word", "points"))
        self.everyday = self._list(middle, _("Everyday words missed"), ("word", "points"))
        self.played = self._list(middle, _("Your words"), ("time", "word", "points"))
        buttons = ttk.Frame(self)
        buttons.pack(fill="x", pady=(theme.px(self, 6), 0))
        self.again_button = ttk.Button(buttons, **underlined(_("Play this board again"), "a"), command=on_again,
                                       style="Accent.TButton")
        self.again_button.pack(side="left")
        self.new_button = ttk.Button(buttons, **underlined(_("New board"), "n"), command=on_new)
        self.new_button.pack(side="left", padx=theme.px(self, 6))
        self.seconds_var = tk.StringVar(self, value=str(settings.practice_seconds))
        self.seconds_box = ttk.Spinbox(buttons, from_=10, to=3600, increment=10, width=5,
                                       textvariable=self.seconds_var, command=self._set_seconds)
        self.seconds_box.pack(side="right")
        self.seconds_box.bind("<FocusOut>", lambda _event: self._set_seconds())
        self.seconds_box.bind("<Return>", lambda _event: self._set_seconds())
        ttk.Label(buttons, text=_("Next rounds last (s):")).pack(side="right", padx=theme.px(self, 6))
        widgets = [self, self.board_view, self.missed, self.everyday, self.played, self.again_button, self.new_button]
        bind_shortcut(widgets, "<Alt-a>", on_again)
        bind_shortcut(widgets, "<Alt-n>", on_new)

    def _list(self, master: tk.Misc, title: str, columns: Sequence[str]) -> ttk.Treeview:
        """Add a titled word list; double-click or Enter plays the word's path."""
        frame = ttk.Frame(master)
        frame.pack(side="left", fill="both", expand=True, padx=(theme.px(self, 8), 0))
        ttk.Label(frame, text=title, style="Summary.TLabel").pack(anchor="w")
        tree = ttk.Treeview(frame, columns=tuple(columns), show="headings", selectmode="browse", height=12)
        headings = {"word": _("Word"), "points": _("Points"), "time": _("Time")}
        for column in columns:
            tree.heading(column, text=headings[column])
            tree.column(column, width=theme.px(self, 110 if column == "word" else 56), anchor="w")
        tree.pack(fill="both", expand=True)
        tree.bind("<Double-Button-1>", lambda _event: self._play_selected(tree))
        tree.bind("<Return>", lambda _event: self._play_selected(tree))
        return tree

    def show(self, setup: RoundSetup, seconds: float) -> None:
        """Fill the review of ``setup``'s round of ``seconds``."""
        self.setup = setup
        review = self.result = setup.practice.review(setup.marks)
        pace = measured_pace(review)
        self.plan_result = plan_points(setup.practice.possible, setup.board, seconds, pace, self.settings.timing)
        self._seconds, self._pace = seconds, pace
        self.relabel()
        board = setup.board
        self.board_view.lit.clear()
        self.board_view.arrows.clear()
        self.board_view.show(board.rows, board.cols, board.letters, board.bonuses, setup.language.values)
        self._fill(self.missed, [(s.word, format_number(s.score)) for s in review.missed])
        self._fill(self.everyday, [(s.word, format_number(s.score)) for s in review.everyday_missed])
        self._fill(self.played, [(format_decimal(p.at, 1), p.word, format_number(p.points)) for p in review.played])
        self.again_button.focus_set()

    def relabel(self) -> None:
        """Say the found and plan lines (again, in the interface language)."""
        if self.result is not None:
            self.found_label.configure(text=found_line(self.result))
            self.plan_label.configure(text=plan_line(self.plan_result[0], self._seconds, self._pace,
                                                     self.plan_result[1]))

    def _set_seconds(self) -> None:
        """Make the next rounds last the seconds in the box (10 to 3600), and remember it; else show the setting."""
        text = self.seconds_var.get().strip()
        if text.isdigit() and 10 <= int(text) <= 3600:
            if int(text) != self.settings.practice_seconds:
                self.settings.practice_seconds = int(text)
                self.event_generate("<<SettingsChanged>>")
        else:
            self.seconds_var.set(str(self.settings.practice_seconds))

    @staticmethod
    def _fill(tree: ttk.Treeview, rows: Sequence[tuple[str, ...]]) -> None:
        """Replace ``tree``'s rows."""
        tree.delete(*tree.get_children())
        for row in rows:
            tree.insert("", "end", values=row)

    def _play_selected(self, tree: ttk.Treeview) -> None:
        """Play the path of the word selected in ``tree``."""
        selected = tree.selection()
        if not selected or self.setup is None:
            return
        values = tree.item(selected[0], "values")
        word = values[1] if tree is self.played else values[0]
        solution = self.setup.practice.words.get(word)
        if solution is not None:
            self.animate(solution)

    def animate(self, solution: Solution) -> None:
        """Light ``solution``'s path tile by tile."""
        self.stop()
        self.board_view.lit.clear()
        self.board_view.arrows.clear()
        self._advance(solution, 0)

    def _advance(self, solution: Solution, step: int) -> None:
        """Light step ``step`` of the path, and schedule the next."""
        cols = self.board_view.cols
        r, c = solution.path[step]
        last = len(solution.path) - 1
        colour = theme.PATH_START if step == 0 else theme.PATH_END if step == last else theme.PATH_MIDDLE
        before = None if step == 0 else solution.path[step - 1][0] * cols + solution.path[step - 1][1]
        self.board_view.light(r * cols + c, colour, before)
        self._step_id = self.after(STEP_MS, self._advance, solution, step + 1) if step < last else None

    def stop(self) -> None:
        """Cancel a path playing."""
        if self._step_id is not None:
            self.after_cancel(self._step_id)
            self._step_id = None
