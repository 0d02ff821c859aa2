"""BonusEntry: the second window, where the player marks DL, TL, DW and TW tiles."""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.look import theme, unsure
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.look.hint import HintBar, bind_shortcut
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.text.i18n import N_, _, bonus_badge, format_number
from ruzzle_gui.app.typed_board import MOVES, step_cursor
from ruzzle_gui.board import BONUSES
from ruzzle_gui.language import load_language

CYCLE = (None, *BONUSES)
# The digit conventions of existing Ruzzle solvers: 1-4 set a bonus, 0 clears it.
KEY_BONUS = {"1": "DL", "2": "TL", "3": "DW", "4": "TW", "0": None}
SOLVE_LABEL = N_("Solve  →")
# TRANSLATORS: DL, TL, DW and TW are the bonus badges: write the ones your language's game shows.
TIP = N_("Click a tile: DL → TL → DW → TW → none (right-click goes back) · keys 1–4 set, 0 clears · "
         "Enter: solve · Esc: back")


def cycled(bonus: str | None, step: int) -> str | None:
    """Return the bonus ``step`` places after ``bonus`` in none → DL → TL → DW → TW → none."""
    return CYCLE[(CYCLE.index(bonus) + step) % len(CYCLE)]


class BonusEntry(ttk.Frame):
    """The typed board, clickable to mark bonus tiles, with Back and Solve."""

    def __init__(self, master: tk.Misc, state: AppState, on_back: Callable[[], None],
                 on_solve: Callable[[], None], on_change: Callable[[], None] = lambda: None) -> None:
        super().__init__(master, padding=theme.pads(master, 16, 8))
        self.app_state = state
        self.on_back = on_back
        self.on_solve = on_solve
        self.on_change = on_change  # called with each board shown or bonus set
        self.cursor = 0
        self.busy = False
        self.top_bar = ttk.Frame(self)
        self.top_bar.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.count_label = ttk.Label(self.top_bar, text="", style="Summary.TLabel")
        self.count_label.pack(side="left")
        self.board_view = BoardView(self)
        self.board_view.grid(row=1, column=0, sticky="nsew", pady=theme.px(self, 8))
        self.legend = self._build_legend()
        self.legend.grid(row=1, column=1, sticky="nw", padx=(theme.px(self, 16), 0), pady=theme.px(self, 16))
        self._build_buttons()
        self.hint = HintBar(self, _(TIP))
        self.hint.grid(row=3, column=0, columnspan=2, sticky="ew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(1, weight=1)
        self._bind_keys()

    def align(self, letters: ttk.Frame) -> None:
        """Lay ``letters`` (the letter window) out like this one, so the board stays put between the two.

        Both windows get the same top bar height, side column width and hint height.
        """
        # From the widgets' own requests, known as soon as they exist: laying the
        # windows out here would cost a tenth of the app's start-up.
        bars = (self.top_bar, letters.grid_slaves(row=0, column=0)[0])
        top = max(widget.winfo_reqheight() for bar in bars for widget in bar.winfo_children())
        side = max(sum(part.winfo_reqwidth() for part in row.winfo_children()) or row.winfo_reqwidth()
                   for row in self.legend.winfo_children()) + theme.px(self, 16)
        hint = 2 * tkfont.nametofont("TkDefaultFont", self).metrics("linespace") + theme.px(self, 12)
        for window in (self, letters):
            window.rowconfigure(0, minsize=top)
            window.columnconfigure(1, minsize=side)
            window.rowconfigure(3, minsize=hint)

    def _build_legend(self) -> ttk.Frame:
        """Return a panel naming each bonus colour, its key, and the bonus count so far."""
        panel, px = ttk.Frame(self), theme.px
        self._key_labels: dict[str, ttk.Label] = {}
        ttk.Label(panel, text=_("Bonus tiles"), style="Title.TLabel").pack(anchor="w", pady=(0, px(self, 10)))
        for key, bonus in (("1", "DL"), ("2", "TL"), ("3", "DW"), ("4", "TW")):
            row = ttk.Frame(panel)
            row.pack(anchor="w", pady=px(self, 3))
            ttk.Label(row, text=bonus_badge(bonus), width=3, style=f"{bonus}.TLabel").pack(side="left")
            ttk.Label(row, text=_(theme.BONUS_NAMES[bonus]), padding=(px(self, 6), 0, 0, 0)).pack(side="left")
            label = ttk.Label(row, text=_("key {key}").format(key=key), style="Muted.TLabel",
                              padding=(px(self, 8), 0, 0, 0))
            label.pack(side="left")
            self._key_labels[key] = label
        ttk.Label(panel, text=_("Key 0 clears a tile."), style="Muted.TLabel").pack(anchor="w", pady=(px(self, 8), 0))
        return panel

    def _build_buttons(self) -> None:
        """Lay out Back, the busy indicator and Solve."""
        bar = ttk.Frame(self)
        bar.grid(row=2, column=0, columnspan=2, sticky="ew")
        self.back_button = ttk.Button(bar, text=_("←  Back to letters"), command=self.on_escape)
        self.back_button.pack(side="left")
        self.solve_button = ttk.Button(bar, text=_(SOLVE_LABEL), style="Accent.TButton", command=self.on_return)
        self.solve_button.pack(side="right")
        self.progress = ttk.Progressbar(bar, mode="indeterminate", length=theme.px(self, 160))
        self.busy_label = ttk.Label(bar, text="", style="Muted.TLabel")

    def _bind_keys(self) -> None:
        """Bind bonus keys, arrows and clicks on the board."""
        view = self.board_view
        view.bind("<KeyPress>", self._on_key)
        view.bind("<Button-1>", lambda event: self._on_click(event, 1))
        view.bind("<Button-3>", lambda event: self._on_click(event, -1))
        bind_shortcut([view], "<KeyPress-question>", self.next_unsure)
        unsure.HoverReason(view, self.app_state)

    def refresh(self) -> None:
        """Show the state's board and give it the keyboard focus."""
        self.cursor = min(self.cursor, self.app_state.size - 1)
        self.redraw()
        self.board_view.focus_set()

    def redraw(self) -> None:
        """Draw the board with its bonuses and cursor, and count the bonuses."""
        state = self.app_state
        self.board_view.cursor = self.cursor
        self.board_view.show(state.rows, state.cols, state.letters, state.bonuses,
                             load_language(state.language).values, doubtful=state.unsure)
        self.solve_button.configure(text=unsure.solve_label(len(state.unsure), _(SOLVE_LABEL)))
        self._show_counts()
        self.on_change()

    def _show_counts(self) -> None:
        """Say how many tiles carry each bonus."""
        counts = [f"{format_number(self.app_state.bonuses.count(bonus))} {bonus_badge(bonus)}" for bonus in BONUSES]
        # TRANSLATORS: {counts} is how many tiles carry each bonus, e.g. "2 DL · 1 TL · 0 DW · 1 TW".
        self.count_label.configure(text=_("On this board: {counts}").format(counts=" · ".join(counts)))

    def retranslate(self) -> None:
        """Say again, in the interface language, the texts made with values: the bonus counts and keys."""
        self._show_counts()
        for key, label in self._key_labels.items():
            label.configure(text=_("key {key}").format(key=key))

    def set_bonus(self, index: int, bonus: str | None) -> None:
        """Put ``bonus`` (or none) on tile ``index`` and move the cursor there."""
        if self.busy:
            self.hint.flash(_("Solving: wait for the words, or press Esc to stop"))
            return
        self.app_state.bonuses[index] = bonus
        self.app_state.unsure.pop(index, None)  # settled: the player chose its bonus
        self.cursor = index
        self.redraw()

    def cycle(self, index: int, step: int = 1) -> None:
        """Move tile ``index``'s bonus one step forward (or back) in the cycle."""
        self.set_bonus(index, cycled(self.app_state.bonuses[index], step))

    def next_unsure(self) -> None:
        """Put the cursor on the next unsure tile and say why the reader doubted it."""
        index = unsure.next_after(self.app_state.unsure, self.cursor)
        if index is None:
            self.hint.flash(_("No tile is unsure"), error=False)
            return
        self.cursor = index
        self.board_view.set_cursor(index)
        self.hint.flash(unsure.describe(index, self.app_state), error=False)

    def move(self, dr: int, dc: int) -> None:
        """Move the cursor like the letter window does."""
        self.cursor = step_cursor(self.cursor, dr, dc, self.app_state.rows, self.app_state.cols)
        self.board_view.set_cursor(self.cursor)

    def set_busy(self, busy: bool, message: str = "") -> None:
        """Show or hide the busy indicator while a large board is solved in the background."""
        self.busy = busy
        self.board_view.hold_resizes(busy)
        if busy:
            self.busy_label.configure(text=message)
            self.busy_label.pack(side="right", padx=theme.px(self, 8))
            self.progress.pack(side="right")
            self.progress.start(60)
            self.solve_button.state(["disabled"])
            self.back_button.configure(text=_("✕  Stop and go back"))
        else:
            self.progress.stop()
            self.progress.pack_forget()
            self.busy_label.pack_forget()
            self.solve_button.state(["!disabled"])
            self.back_button.configure(text=_("←  Back to letters"))

    def on_return(self) -> None:
        """Solve the board, unless a solve is already running."""
        if not self.busy:
            self.on_solve()

    def on_escape(self) -> None:
        """Go back to the letters (stopping a running solve), keeping letters and bonuses."""
        self.on_back()

    def _on_key(self, event: tk.Event) -> str | None:
        """Handle one key on the board: set a bonus, cycle with Space, or move."""
        key = event.char if event.char in KEY_BONUS else event.keysym.removeprefix("KP_")
        if key in KEY_BONUS:
            self.set_bonus(self.cursor, KEY_BONUS[key])
        elif event.keysym == "space":
            self.cycle(self.cursor)
        elif event.keysym in ("BackSpace", "Delete"):
            self.set_bonus(self.cursor, None)
        elif event.keysym in MOVES:
            self.move(*MOVES[event.keysym])
        else:
            return None
        return "break"

    def _on_click(self, event: tk.Event, step: int) -> None:
        """Cycle the clicked tile's bonus forward (left button) or back (right button)."""
        self.board_view.focus_set()
        index = self.board_view.tile_at(event.x, event.y)
        if index is not None:
            self.cycle(index, step)
