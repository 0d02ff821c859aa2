"""Results: the third window, every word in a sortable, filterable list beside the animated board."""
from __future__ import annotations

import csv
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path
from tkinter import ttk

from ruzzle_gui.acceptance import chance_of
from ruzzle_gui.app import theme
from ruzzle_gui.app.board_view import BoardView
from ruzzle_gui.app.hint import HintBar, bind_shortcut
from ruzzle_gui.app.i18n import N_, _, format_number, ngettext, underlined
from ruzzle_gui.app.letters import MOVES, step_cursor
from ruzzle_gui.app.pace import first_plan_offer
from ruzzle_gui.app.plan_view import PlanView
from ruzzle_gui.app.results_list import WordList, doubt_name, filters_line
from ruzzle_gui.app.round_state import Rounds, round_key
from ruzzle_gui.app.settings import DELAY_RANGE_MS, Settings
from ruzzle_gui.app.unsure import HoverReason
from ruzzle_gui.board import Board
from ruzzle_gui.files import write_atomically
from ruzzle_gui.graph import Solution
from ruzzle_gui.language import Language
from ruzzle_gui.plan import Chance, Timing
from ruzzle_gui.word_filters import apply

TIP = N_("↑ ↓ or Space: next word · Enter: replay · click a tile: words starting there · "
         "Ctrl+F: find · Ctrl+P: plan · Ctrl+N: new game · Esc: bonuses")
MIN_TILE_MS = 30  # Play plan lights a path at the planned pace per letter, but never faster than the eye follows


def path_text(path: Sequence[tuple[int, int]]) -> str:
    """Return a path as 'r1c1 r1c2 ...', rows and columns counted from 1."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in path)


class Results(ttk.Frame):
    """The solved board with animated paths on the left, the word list with filters on the right."""

    def __init__(self, master: tk.Misc, settings: Settings, on_back: Callable[[], None],
                 on_edit: Callable[[], None], on_new_game: Callable[[], None]) -> None:
        super().__init__(master, padding=theme.pads(master, 16, 8, 16, 8))
        self.settings = settings
        self.on_back = on_back
        self.on_edit = on_edit
        self.on_new_game = on_new_game
        self.board: Board | None = None
        self.current: Solution | None = None
        self._step = 0
        self._after_id: str | None = None
        self._delay_ms: int | None = None  # the pace of the path being lit; None: the speed slider's
        self.cursor = 0
        self.values: dict[str, int] = {}
        self.notebook = ttk.Notebook(self)
        self.notebook.enable_traversal()
        self.words = WordList(self.notebook, on_select=self._on_select, settings=settings,
                              on_filters=self._on_filters)
        self.plan_view = PlanView(self.notebook, self._play_word, seconds=settings.plan_seconds,
                                  timing=settings.plan_timing(), show_heat=self._show_heat,
                                  on_timing=self._on_timing)
        self.plan_view.calibrate_button.configure(command=self.ask_calibrate)
        self.plan_view.pace_line.calibrate_button.configure(command=self.ask_calibrate)
        self._planned = False  # whether the Plan tab shows a plan of the last solve
        self.rounds = Rounds()  # the plans and ticks of the last boards, for a board the player comes back to
        self._round: tuple | None = None  # the key of the board shown
        self.unsure: dict[int, str] = {}  # tiles the reader doubted and the player solved anyway
        self.words.show_all_button.configure(command=lambda: self.set_start_filter(None))
        # The widgets tests and shortcuts reach through the results window.
        words = self.words
        self.tree, self.summary_label, self.find_entry, self.find_var = (
            words.tree, words.summary_label, words.find_entry, words.find_var)
        self.mode_box, self.min_box, self.min_var = words.mode_box, words.min_box, words.min_var
        self._build_board_panel().grid(row=0, column=0, sticky="nsew", padx=(0, theme.px(self, 16)))
        self.notebook.add(words, **underlined(_("Words"), "w"))
        self.notebook.add(self.plan_view, **underlined(_("Plan"), "p"))
        self.notebook.grid(row=0, column=1, sticky="nsew")
        self.notebook.bind("<<NotebookTabChanged>>", lambda _event: self._on_tab_changed())
        self._build_buttons().grid(row=1, column=0, columnspan=2, sticky="ew", pady=(theme.px(self, 8), 0))
        self.hint = HintBar(self, _(TIP))
        self.hint.grid(row=2, column=0, columnspan=2, sticky="ew")
        # The list keeps its width, room for all four columns whole; the board takes what is left.
        self.columnconfigure(0, weight=1, minsize=theme.px(self, 200))
        self.columnconfigure(1, weight=0, minsize=words.min_width() + theme.px(self, 8))
        self.rowconfigure(0, weight=1)
        self._bind_keys()

    @property
    def solutions(self) -> list[Solution]:
        """Return every word of the last solve."""
        return self.words.solutions

    @property
    def shown(self) -> list[Solution]:
        """Return the words the list shows, in its order."""
        return self.words.shown

    def _build_board_panel(self) -> ttk.Frame:
        """Return the board canvas with the word being shown, Replay, speed and a colour key."""
        panel, px = ttk.Frame(self), theme.px
        # width=1: a long word wraps instead of widening the panel and pushing the list away.
        self.word_label = ttk.Label(panel, text="", style="Title.TLabel", anchor="center", justify="center",
                                    width=1)
        self.word_label.pack(fill="x")
        self.word_label.bind("<Configure>", lambda event: self.word_label.configure(wraplength=event.width))
        key = ttk.Frame(panel)
        key.pack()
        # TRANSLATORS: the key to the colours of a word's path on the board: its start, middle and end.
        for label, style in ((_("start"), "PathStart"), (_("path"), "PathMiddle"), (_("end"), "PathEnd")):
            ttk.Label(key, text="■", style=f"{style}.TLabel").pack(side="left")
            ttk.Label(key, text=label, style="Muted.TLabel").pack(side="left", padx=(px(self, 4), px(self, 12)))
        controls = ttk.Frame(panel)
        # Packed before the board, so a small window shrinks the board, never the controls.
        controls.pack(side="bottom", fill="x")
        ring = theme.FocusRing(panel)
        ring.pack(fill="both", expand=True, pady=px(self, 6))
        self.board_view = BoardView(ring, cursor_when_unfocused=False, width=300, height=300)
        self.board_view.pack(fill="both", expand=True)
        HoverReason(self.board_view, marks=lambda: self.unsure)
        ring.watch(self.board_view)
        self.replay_button = ttk.Button(controls, **underlined(_("⟳  Replay"), "r"), command=self.replay)
        self.replay_button.pack(side="left")
        ttk.Label(controls, text=_("Slow"), style="Muted.TLabel").pack(side="left", padx=(px(self, 16), px(self, 4)))
        slow, fast = DELAY_RANGE_MS[1], DELAY_RANGE_MS[0]
        self.speed = ttk.Scale(controls, from_=slow, to=fast, length=px(self, 110), command=self._on_speed)
        self.speed.set(self.settings.delay_ms)
        self.speed.pack(side="left")
        ttk.Label(controls, text=_("Fast"), style="Muted.TLabel").pack(side="left", padx=px(self, 4))
        return panel

    def _build_buttons(self) -> ttk.Frame:
        """Return Copy, Export, Edit board and New game."""
        bar, gap = ttk.Frame(self), theme.px(self, 6)
        self.copy_button = ttk.Button(bar, text=_("Copy"), command=self.copy_list)
        self.copy_button.pack(side="left")
        self.export_button = ttk.Button(bar, text=_("Export CSV…"), command=self.ask_export)
        self.export_button.pack(side="left", padx=gap)
        self.new_button = ttk.Button(bar, text=_("New game"), style="Accent.TButton", command=self.on_new_game)
        self.new_button.pack(side="right")
        self.edit_button = ttk.Button(bar, text=_("Edit board"), command=self.on_edit)
        self.edit_button.pack(side="right", padx=gap)
        return bar

    def _bind_keys(self) -> None:
        """Bind list, board and screen-wide keys."""
        tree, view = self.tree, self.board_view
        tree.bind("<Double-1>", self._on_double_click)
        bind_shortcut([tree], "<space>", self.next_word)
        bind_shortcut([tree], "<Control-c>", self.copy_list)
        bind_shortcut([self.find_entry], "<Down>", self.focus_list)
        view.bind("<Button-1>", self._on_tile_click)
        view.bind("<KeyPress>", self._on_board_key)
        widgets = (tree, view, self.find_entry, self.mode_box, self.min_box, self.speed, self.replay_button,
                   self.copy_button, self.export_button, self.edit_button, self.new_button)
        bind_shortcut(widgets, "<Control-f>", self.focus_find)
        bind_shortcut(widgets, "<Control-s>", self.ask_export)
        bind_shortcut(widgets, "<Control-n>", self.on_new_game)
        bind_shortcut(widgets, "<Control-e>", self.on_edit)
        bind_shortcut([w for w in widgets if w is not self.find_entry], "<Alt-r>", self.replay)
        plan = self.plan_view
        planning = (plan.tree, plan.left_box, plan.play_button, plan.stop_button, plan.replan_button, plan.heat_box,
                    plan.apply_button, plan.calibrate_button, *plan.timing_boxes, self.notebook)
        bind_shortcut([*widgets, *planning], "<Control-p>", self.toggle_plan)
        bind_shortcut(planning, "<Control-n>", self.on_new_game)
        bind_shortcut(planning, "<Control-e>", self.on_edit)
        bind_shortcut(planning, "<Alt-c>", self.ask_calibrate)
        filter_keys = [*widgets, *planning, self.words.everyday_box, self.words.doubtful_box]
        bind_shortcut(filter_keys, "<Alt-e>", self.words.toggle_everyday)
        bind_shortcut(filter_keys, "<Alt-d>", self.words.toggle_doubtful)

    def show_solutions(self, board: Board, language: Language, solutions: list[Solution], note: str = "") -> None:
        """Fill the list with a fresh solve and start the best word's animation.

        The board is drawn once, when Tk is next idle, with the best word's first tile
        lit; the animation's next steps follow after the list is on screen.
        """
        self.stop_animation()
        self._keep_round()
        self._round = round_key(board, language.code)
        self.current, self.cursor, self.board, self.values = None, 0, board, dict(language.values)
        self.words.fill(solutions, language, note)
        view = self.board_view
        view.lit.clear()
        view.arrows.clear()
        view.heat = []
        view.marked = None
        view.show(board.rows, board.cols, board.letters, board.bonuses, language.values)
        self.word_label.configure(text="" if solutions else _("No words"))
        if self.shown:
            # Selected here, so the selection event that follows does not start it again.
            self.words.selected = self.shown[0]
            self.words.select(0)
            self.animate(self.shown[0], at_once=False)
        self._planned = False
        if self.plan_shown:
            # Planned once the list is drawn: the words come first.
            self.after_idle(self.show_plan)

    # ------------------------------------------------------------ the Plan tab

    @property
    def plan_shown(self) -> bool:
        """Return True if the Plan tab is the one showing."""
        return self.notebook.select() == str(self.plan_view)

    def show_plan(self) -> None:
        """Show the Plan tab, planning the last solve's round if it is not planned yet.

        A board planned before (the player went back to it) gets its plan and ticks back.
        """
        if not self.plan_shown:
            self.notebook.select(self.plan_view)  # its tab-changed event comes later, and finds it planned
        if not self._planned and self.board is not None:
            self._planned = True
            words, chance, filters = self.plan_words()
            kept = self.rounds.get(self._round)
            if kept is not None and kept.plan.timing == self.plan_view.timing:
                self.plan_view.restore(kept.plan, kept.solutions, self.board, kept.played)
                if set(kept.solutions) != set(words):  # a filter changed since: plan what the list shows now
                    self.plan_view.set_words(words, chance, filters)
                else:
                    self.plan_view.chance = chance
                    self.plan_view.filters_label.configure(text=filters)
            else:
                self.plan_view.show(words, self.board, chance=chance, filters=filters)
            self._offer_calibrate()
        self.plan_view.update_heat()

    def plan_words(self) -> tuple[list[Solution], Chance, str]:
        """Return the words the list's shared filters keep, their chance of acceptance, and the filters line."""
        words = self.words
        filters = words.filters()
        kept, left_out = apply(self.solutions, filters, words.marks)
        chance = chance_of(words.marks, self.settings.acceptance_table())
        return kept, chance, filters_line(filters, left_out, words.marks)

    def _on_filters(self) -> None:
        """The list's shared filters changed: plan the words they keep for the time left, keeping the ticks."""
        if self._planned and self.board is not None:
            kept, chance, filters = self.plan_words()
            self.plan_view.set_words(kept, chance, filters)

    def _keep_round(self) -> None:
        """Remember the plan and ticks of the board shown, before another solve replaces them."""
        if self._planned and self._round is not None:
            view = self.plan_view
            self.rounds.save(self._round, view.plan, view.solutions, view.played)

    def _offer_calibrate(self) -> None:
        """On the first plan ever, say what pace it assumes and offer Calibrate (once)."""
        if not self.settings.pace_offered:
            self.settings.pace_offered = True
            self.hint.flash(first_plan_offer(self.plan_view.timing), error=False, ms=15000)
            self.event_generate("<<SettingsChanged>>")

    def mark_unsure(self, marks: dict[int, str]) -> None:
        """Mark on the board the tiles the reader doubted that the player solved anyway (reason on hover)."""
        self.unsure = dict(marks)
        self.board_view.doubtful = frozenset(self.unsure)
        self.board_view.redraw()
        if self.unsure:
            self.hint.flash(ngettext("Solved with {count} tile unsure, marked ? on the board "
                                     "(point at one for why) · Ctrl+E: check it",
                                     "Solved with {count} tiles unsure, marked ? on the board "
                                     "(point at one for why) · Ctrl+E: check them",
                                     len(self.unsure)).format(count=format_number(len(self.unsure))),
                            error=False, ms=15000)

    def toggle_plan(self) -> None:
        """Switch between the Words and Plan tabs, the focus in the list shown."""
        if self.plan_shown:
            self.notebook.select(self.words)
            self.focus_list()
        else:
            self.show_plan()
            self.plan_view.tree.focus_set()
            children = self.plan_view.tree.get_children()
            if children and not self.plan_view.tree.focus():
                self.plan_view.tree.focus(children[0])
                self.plan_view.tree.selection_set(children[0])

    def _on_tab_changed(self) -> None:
        """Plan on first showing the Plan tab; leaving it stops Play plan and hides the heat map."""
        if self.plan_shown:
            self.show_plan()
        else:
            self.plan_view.stop()
            self.board_view.clear_heat()

    def _play_word(self, solution: Solution) -> None:
        """Light a planned word's path at the planned pace per letter."""
        self.animate(solution, delay_ms=max(round(self.plan_view.timing.per_letter * 1000), MIN_TILE_MS))

    def _show_heat(self, values: list[int] | None) -> None:
        """Draw the plan's heat map on the board, or remove it (None)."""
        if values is None:
            self.board_view.clear_heat()
        else:
            self.board_view.show_heat(values)

    def _on_timing(self, seconds: float, timing: Timing) -> None:
        """Remember a new round length and timing; the app saves them."""
        self.settings.plan_seconds = seconds
        self.settings.timing = {"per_word": timing.per_word, "per_letter": timing.per_letter,
                                "per_cell": timing.per_cell}
        self.event_generate("<<SettingsChanged>>")

    def ask_calibrate(self) -> None:
        """Open the calibration window on this board; a kept timing replans and is remembered."""
        from ruzzle_gui.app.calibrate import CalibrateDialog  # loaded on demand: most sessions never calibrate

        if self.board is None or not self.solutions:
            self.hint.flash(_("Solve a board first: calibration traces some of its words"))
            return
        self.plan_view.stop()
        self.calibrate_dialog = CalibrateDialog(self, self.board, self.values, self.solutions,
                                                self.plan_view.timing, self.keep_timing)

    def keep_timing(self, timing: Timing) -> None:
        """Use ``timing`` for plans from now on, and remember it."""
        self.plan_view.set_timing(self.plan_view.seconds, timing)
        self._on_timing(self.plan_view.seconds, timing)

    def apply_filters(self) -> None:
        """Show the words passing every filter, in the chosen order, and update the summary."""
        self.words.apply_filters()

    def sort_by(self, column: str) -> None:
        """Sort the list by ``column``; the same heading again flips the order."""
        self.words.sort_by(column)

    def set_start_filter(self, cell: tuple[int, int] | None) -> None:
        """Show only words starting on ``cell`` (None shows them all again)."""
        board = self.board
        marked = None if cell is None or board is None else cell[0] * board.cols + cell[1]
        self.board_view.set_marked(marked)
        description = "" if cell is None else \
            _("Starting on {letter} (row {row}, column {column})").format(letter=board.letter(cell), row=cell[0] + 1,
                                                                          column=cell[1] + 1)
        self.words.set_start(cell, description)

    def toggle_start_filter(self, index: int) -> None:
        """Filter to words starting on tile ``index``; the same tile again clears the filter."""
        cell = divmod(index, self.board.cols)
        self.set_start_filter(None if cell == self.words.start_cell else cell)

    def solution_of(self, iid: str) -> Solution:
        """Return the solution shown in row ``iid``."""
        return self.words.solution_of(iid)

    def select(self, position: int) -> None:
        """Select, show and animate the word at ``position`` in the list as shown."""
        self.words.select(position)

    def next_word(self, step: int = 1) -> None:
        """Move the selection ``step`` words down the list (animating the new word)."""
        if not self.words.step(step):
            self.hint.flash(_("That was the last word in the list"), error=False, ms=1500)

    def focus_list(self) -> None:
        """Put the keyboard focus on the word list, selecting the first word if none is."""
        self.words.focus_list()

    def focus_find(self) -> None:
        """Put the keyboard focus in the find box, text selected."""
        self.words.focus_find()

    def animate(self, solution: Solution, at_once: bool = True, delay_ms: int | None = None) -> None:
        """Light ``solution``'s path tile by tile, cancelling any animation already running.

        ``at_once=False`` leaves the first tile to the board's next idle draw, so a fresh
        solve draws its board once, after the list. ``delay_ms`` paces the tiles (default:
        the speed slider's pace).
        """
        self._cancel_step()
        self.current, self._delay_ms = solution, delay_ms
        self._label_word(solution)
        self.board_view.clear_path()
        self._step = 0
        self._advance(at_once)

    def _advance(self, at_once: bool = True) -> None:
        """Light the next tile of the current path, draw it, and schedule the one after.

        Drawn before the next step is scheduled, so each step shows for the whole delay.
        """
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

    def stop_animation(self) -> None:
        """Stop the path animation and Play plan: the app calls this on leaving the screen."""
        self._cancel_step()
        self.plan_view.stop()

    def _cancel_step(self) -> None:
        """Cancel the pending animation step, if any."""
        if self._after_id is not None:
            self.after_cancel(self._after_id)
            self._after_id = None

    @property
    def animating(self) -> bool:
        """Return True while an animation has steps still to run."""
        return self._after_id is not None

    def replay(self) -> None:
        """Run the current word's animation again from its first tile."""
        if self.current is None:
            self.focus_list()
        else:
            self.animate(self.current)

    def copy_list(self) -> None:
        """Put the words shown on the clipboard, one 'word<TAB>score<TAB>length' line each."""
        lines = [f"{s.word}\t{s.score}\t{len(s.word)}" for s in self.shown]
        self.clipboard_clear()
        self.clipboard_append("\n".join(lines) + "\n" if lines else "")
        self.hint.flash(ngettext("Copied {count} word to the clipboard", "Copied {count} words to the clipboard",
                                 len(lines)).format(count=format_number(len(lines))), error=False)

    def export_csv(self, path: Path) -> int:
        """Write the words shown to a CSV file (word, score, length, path); return how many.

        The file is written beside ``path`` and renamed over it, so a full disk
        leaves the old file whole. Raises OSError naming the file.
        """
        def write(partial: str) -> None:
            with open(partial, "w", encoding="utf-8", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(("word", "score", "length", "path"))
                for s in self.shown:
                    writer.writerow((s.word, s.score, len(s.word), path_text(s.path)))

        write_atomically(path, write)
        return len(self.shown)

    def ask_export(self) -> None:
        """Ask where to save the CSV, then write it and say how it went."""
        from tkinter import filedialog  # loaded on demand: most sessions never export

        name = filedialog.asksaveasfilename(parent=self, title=_("Export words as CSV"),
                                            defaultextension=".csv", initialfile="ruzzle-words.csv",
                                            filetypes=[(_("CSV files"), "*.csv")])
        if not name:
            return
        try:
            count = self.export_csv(Path(name))
        except OSError as err:
            self.hint.flash(_("Could not export to {name}: {problem}").format(name=name, problem=err.strerror))
            return
        self.hint.flash(ngettext("Exported {count} word to {name}", "Exported {count} words to {name}", count).format(
            count=format_number(count), name=name), error=False)

    def _label_word(self, solution: Solution) -> None:
        """Name the word whose path plays, its points and why it is doubtful, if it is."""
        doubt = self.words.doubt_of(solution)
        points = ngettext("{count} point", "{count} points", solution.score).format(count=format_number(solution.score))
        doubtful = "\n" + _("doubtful: {reason}").format(reason=doubt_name(doubt)) if doubt else ""
        self.word_label.configure(text=f"{solution.word}   {points}{doubtful}")

    def retranslate(self) -> None:
        """Say again in the interface language what was said with values: the word playing, the plan's filters."""
        if self.current is not None:
            self._label_word(self.current)
        if self.solutions and self._planned:
            self.plan_view.filters_label.configure(text=self.plan_words()[2])

    def refresh(self) -> None:
        """Give the word list the keyboard focus."""
        self.focus_list()

    def on_return(self) -> None:
        """Enter acts where the focus is: find box → list, board → tile filter, list → replay."""
        focus = self.focus_get()
        if focus is self.find_entry:
            self.focus_list()
        elif focus is self.board_view:
            self.toggle_start_filter(self.cursor)
        elif self.tree.selection():
            self.animate(self.solution_of(self.tree.selection()[0]))
        else:
            self.focus_list()

    def on_escape(self) -> None:
        """Esc stops Play plan wherever the focus is; else it clears the find box if it has text, otherwise goes
        back to the bonuses (the round is kept: the same board solved again comes back with its ticks)."""
        if self.plan_view.playing:
            self.plan_view.stop()
            self.hint.flash(_("Play plan stopped: Enter plays on from the first word not ticked"), error=False)
        elif self.focus_get() is self.find_entry and self.find_var.get():
            self.find_var.set("")
        else:
            self.stop_animation()
            self.on_back()

    def _on_select(self, solution: Solution) -> None:
        """Animate a word the player selected in the list."""
        if solution != self.current:
            self.animate(solution)

    def _on_double_click(self, event: tk.Event) -> str | None:
        """Animate the double-clicked word from its first tile."""
        iid = self.tree.identify_row(event.y)
        if not iid:
            return None
        self.tree.selection_set(iid)
        self.animate(self.solution_of(iid))
        return "break"

    def _on_tile_click(self, event: tk.Event) -> None:
        """Toggle the start-tile filter on the clicked tile."""
        index = self.board_view.tile_at(event.x, event.y)
        if index is not None:
            self.cursor = index
            self.board_view.cursor = index
            self.toggle_start_filter(index)

    def _on_board_key(self, event: tk.Event) -> str | None:
        """Move the board cursor with the arrows; Space toggles the start-tile filter."""
        if event.keysym in MOVES and self.board is not None:
            self.cursor = step_cursor(self.cursor, *MOVES[event.keysym], self.board.rows, self.board.cols)
            self.board_view.set_cursor(self.cursor)
        elif event.keysym == "space" and self.board is not None:
            self.toggle_start_filter(self.cursor)
        else:
            return None
        return "break"

    def _on_speed(self, value: str) -> None:
        """Remember the animation pace the player chose; the app saves it."""
        delay = round(float(value))
        if delay != self.settings.delay_ms:
            self.settings.delay_ms = delay
            self.event_generate("<<SettingsChanged>>")

    def destroy(self) -> None:
        """Stop the animation before the widgets go."""
        self.stop_animation()
        super().destroy()
