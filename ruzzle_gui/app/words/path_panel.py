"""PathPanel: the Words screen's board, lighting a word's path tile by tile, with Replay and the speed slider."""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.look.unsure import HoverReason
from ruzzle_gui.app.settings import DELAY_RANGE_MS, Settings
from ruzzle_gui.app.text.i18n import _, format_number, ngettext, underlined
from ruzzle_gui.app.words.word_summary import doubt_name, verdict_text
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution

SPEED_MIN_PX = 60  # the speed slider's shortest length (at 96 DPI): it grows with the room beside Replay
NO_BREAK_SPACE = "\u00a0"


class PathPanel(ttk.Frame):
    """The word whose path plays over a colour key, the board, Replay and the speed slider.

    One path is lit at a time, a chain of single ``after()`` calls whose id is kept, so a
    new word (or Replay) cancels the one running.
    """

    def __init__(self, master: tk.Misc, settings: Settings, on_replay: Callable[[], None],
                 doubt_of: Callable[[Solution], str | None], marks: Callable[[], dict[int, str]],
                 verdict_of: Callable[[Solution], tuple[str, str] | None] = lambda _solution: None) -> None:
        super().__init__(master)
        self.settings = settings
        self.doubt_of, self.verdict_of = doubt_of, verdict_of
        self.board: Board | None = None
        self.current: Solution | None = None
        self._step = 0
        self._after_id: str | None = None
        self._delay_ms: int | None = None  # the pace of the path being lit; None: the speed slider's
        px = theme.px
        # width=1: a long word wraps instead of widening the panel and pushing the list away.
        self.word_label = ttk.Label(self, text="", style="Title.TLabel", anchor="center", justify="center",
                                    width=1)
        self.word_label.pack(fill="x")
        self.word_label.bind("<Configure>", lambda event: self.word_label.configure(wraplength=event.width))
        # The key to the path's colours flows onto a second line when the panel is narrower than it (long
        # words: "inizio  percorso  fine"), rather than being cut at the panel's edge.
        self.key = ttk.Frame(self)
        self.key.pack(fill="x")
        self._key_items: list[ttk.Frame] = []
        self._key_rows: list[int] = []
        # TRANSLATORS: the key to the colours of a word's path on the board: its start, middle and end.
        for label, style in ((_("start"), "PathStart"), (_("path"), "PathMiddle"), (_("end"), "PathEnd")):
            item = ttk.Frame(self.key)
            ttk.Label(item, text="■", style=f"{style}.TLabel").pack(side="left")
            ttk.Label(item, text=label, style="Muted.TLabel").pack(side="left", padx=(px(self, 4), px(self, 6)))
            self._key_items.append(item)
        self.key.bind("<Configure>", lambda _event: self._flow_key())
        self._flow_key()
        controls = ttk.Frame(self)
        # Packed before the board, so a small window shrinks the board, never the controls.
        controls.pack(side="bottom", fill="x")
        ring = theme.FocusRing(self)
        ring.pack(fill="both", expand=True, pady=px(self, 6))
        self.board_view = BoardView(ring, cursor_when_unfocused=False, width=300, height=300)
        self.board_view.pack(fill="both", expand=True)
        HoverReason(self.board_view, marks=marks)
        ring.watch(self.board_view)
        self.replay_button = ttk.Button(controls, **underlined(_("⟳  Replay"), "r"), command=on_replay)
        self.replay_button.grid(row=0, column=0, sticky="w")
        # Slow [slider] Fast: the slider takes the room the two words leave, and the group goes under
        # Replay when even a short slider does not fit beside it (long words, a narrow panel).
        self.speed_row = ttk.Frame(controls)
        ttk.Label(self.speed_row, text=_("Slow"), style="Muted.TLabel").pack(side="left", padx=(0, px(self, 4)))
        ttk.Label(self.speed_row, text=_("Fast"), style="Muted.TLabel").pack(side="right", padx=(px(self, 4), 0))
        slow, fast = DELAY_RANGE_MS[1], DELAY_RANGE_MS[0]
        self.speed = ttk.Scale(self.speed_row, from_=slow, to=fast, length=px(self, SPEED_MIN_PX),
                               command=self._on_speed)
        self.speed.set(self.settings.delay_ms)
        self.speed.pack(side="left", fill="x", expand=True)
        controls.columnconfigure(1, weight=1)
        self._speed_wrapped: bool | None = None
        self._place_speed()
        controls.bind("<Configure>", lambda _event: self._place_speed())

    def _flow_key(self) -> None:
        """Lay the key's items out in centred lines as wide as the panel, moving only when the lines change."""
        if not self.winfo_exists():
            return
        room = self.key.winfo_width() if self.key.winfo_width() > 1 else self.winfo_reqwidth()
        rows, used, row = [], 0, 0
        for item in self._key_items:
            width = item.winfo_reqwidth() + theme.px(self, 6)
            if used and used + width > room:
                row, used = row + 1, 0
            rows.append(row)
            used += width
        if rows == self._key_rows:
            return
        self._key_rows = rows
        for line in self.key.winfo_children():
            if line not in self._key_items:
                line.destroy()
        lines = [ttk.Frame(self.key) for _number in range(row + 1)]
        for line in lines:
            line.pack()
        for item, item_row in zip(self._key_items, rows):
            item.pack(in_=lines[item_row], side="left", padx=(0, theme.px(self, 6)))
            item.lift(lines[item_row])  # made before its line, it would be drawn under it

    def _place_speed(self) -> None:
        """Put the speed slider beside Replay if it fits there at its shortest, else under it."""
        if not self.winfo_exists():  # called when idle, after a switch of language: the window may be gone
            return
        controls, px = self.speed_row.master, theme.px
        needed = self.replay_button.winfo_reqwidth() + px(self, 16) + self.speed_row.winfo_reqwidth()
        wrapped = controls.winfo_width() < needed
        if wrapped == self._speed_wrapped:
            return
        self._speed_wrapped = wrapped
        if wrapped:
            self.speed_row.grid(row=1, column=0, columnspan=2, sticky="ew", padx=0, pady=(px(self, 6), 0))
        else:
            self.speed_row.grid(row=0, column=1, columnspan=1, sticky="ew", padx=(px(self, 16), 0), pady=0)

    def show_heat(self, values: list[int] | None) -> None:
        """Draw the plan's heat map on the board, or remove it (None)."""
        if values is None:
            self.board_view.clear_heat()
        else:
            self.board_view.show_heat(values)

    def animate(self, solution: Solution, at_once: bool = True, delay_ms: int | None = None) -> None:
        """Light ``solution``'s path tile by tile, cancelling any animation already running.

        ``at_once=False`` leaves the first tile to the board's next idle draw, so a fresh
        solve draws its board once, after the list. ``delay_ms`` paces the tiles (default:
        the speed slider's pace).
        """
        self.stop()
        self.current, self._delay_ms = solution, delay_ms
        self._label_word(solution)
        self.board_view.clear_path()
        self._step = 0
        self._advance(at_once)

    def _advance(self, at_once: bool = True) -> None:
        """Light the next tile of the current path, draw it, and schedule the one after.

        Drawn before the next step is scheduled, so each step shows for the whole delay.
        """
        if self.current is None or self.board is None:
            return  # the board was cleared while a step waited
        path, cols = self.current.path, self.board.cols
        r, c = path[self._step]
        last = len(path) - 1
        colour = theme.PATH_START if self._step == 0 else theme.PATH_END if self._step == last else theme.PATH_MIDDLE
        came_from = None if self._step == 0 else path[self._step - 1][0] * cols + path[self._step - 1][1]
        self.board_view.light(r * cols + c, colour, came_from)
        if at_once:
            self.board_view.draw()
        self._step += 1
        delay = self.settings.delay_ms if self._delay_ms is None else self._delay_ms
        self._after_id = self.after(delay, self._advance) if self._step <= last else None

    def stop(self) -> None:
        """Cancel the pending animation step, if any."""
        if self._after_id is not None:
            self.after_cancel(self._after_id)
            self._after_id = None

    @property
    def animating(self) -> bool:
        """Return True while an animation has steps still to run."""
        return self._after_id is not None

    def _label_word(self, solution: Solution) -> None:
        """Name the word whose path plays, its points, and the game's verdict on it or why it is doubtful."""
        doubt, verdict = self.doubt_of(solution), self.verdict_of(solution)
        points = ngettext("{count} point", "{count} points", solution.score).format(count=format_number(solution.score))
        doubtful = "\n" + verdict_text(*verdict) if verdict else \
            "\n" + _("doubtful: {reason}").format(reason=doubt_name(doubt)) if doubt else ""
        # A narrow panel wraps the heading after the word, never between the number and its unit.
        self.word_label.configure(text=f"{solution.word}   {points.replace(' ', NO_BREAK_SPACE)}{doubtful}")

    def retranslate(self) -> None:
        """Say the word playing again in the interface language, and place the slider for the new Slow and Fast."""
        if self.current is not None:
            self._label_word(self.current)
        self.after_idle(self._place_speed)
        self.after_idle(self._flow_key)  # the key's words are as long as the new language says them

    def _on_speed(self, value: str) -> None:
        """Remember the animation pace the player chose; the app saves it."""
        delay = round(float(value))
        if delay != self.settings.delay_ms:
            self.settings.delay_ms = delay
            self.event_generate("<<SettingsChanged>>")

    def destroy(self) -> None:
        """Stop the animation before the widgets go."""
        self.stop()
        super().destroy()
