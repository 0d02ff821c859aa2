"""Results: the third window, every word in a sortable, filterable list beside the animated board.

The board and its animation are ``path_panel.PathPanel``. The Plan tab beside the list
is the App's (``app/plan_tab.py``): ``Results`` builds it with the maker it is handed, and
sees it as a ``PlanPane`` (``app/plan_pane.py``), so the Words screen imports no Plan.
"""
from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.hint import HintBar, bind_shortcut
from ruzzle_gui.app.plan_pane import PlanPane
from ruzzle_gui.app.settings import Settings
from ruzzle_gui.app.text.i18n import N_, _, format_number, ngettext, underlined
from ruzzle_gui.app.typed_board import MOVES, step_cursor
from ruzzle_gui.app.undo import Deed, StepName
from ruzzle_gui.app.verdict_book import VerdictBook
from ruzzle_gui.app.words.judging import Judging
from ruzzle_gui.app.words.path_panel import PathPanel
from ruzzle_gui.app.words.results_list import WordList
from ruzzle_gui.app.words.word_export import clipboard_lines, write_csv
from ruzzle_gui.app.words.word_export import path_text as path_text  # importable from here, as before
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution
from ruzzle_gui.language import Language

TIP = N_("↑ ↓ or Space: next word · Enter: replay · click a tile: words starting there · "
         "Ctrl+F: find · Ctrl+P: plan · Ctrl+N: new game · Esc: bonuses")


class Results(Judging, ttk.Frame):
    """The solved board with animated paths on the left, the word list with filters and the Plan tab on the right.

    ``plan_tab`` makes the Plan tab, given this screen (the App hands it ``PlanTab``).
    """

    def __init__(self, master: tk.Misc, settings: Settings, on_back: Callable[[], None],
                 on_edit: Callable[[], None], on_new_game: Callable[[], None],
                 plan_tab: Callable[[Results], PlanPane], book: VerdictBook | None = None,
                 on_deed: Callable[[StepName, Deed], None] | None = None) -> None:
        super().__init__(master, padding=theme.pads(master, 16, 8))
        self.settings = settings
        self.book = book if book is not None else VerdictBook()
        self.on_deed = on_deed or (lambda _name, _deed: None)  # the app's Undo hears of each verdict marked
        self.on_back = on_back
        self.on_edit = on_edit
        self.on_new_game = on_new_game
        self.board: Board | None = None
        self.cursor = 0
        self.values: dict[str, int] = {}
        self.notebook = ttk.Notebook(self)
        self.notebook.enable_traversal()
        self.words = WordList(self.notebook, on_select=self._on_select, settings=settings,
                              on_filters=lambda: self.plan_tab.follow_filters())
        self.notebook.add(self.words, **underlined(_("Words"), "w"))
        self.plan_tab = plan_tab(self)  # beside the list: the Plan tab plans what it keeps
        self.unsure: dict[int, str] = {}  # tiles the reader doubted and the player solved anyway
        self.words.show_all_button.configure(command=lambda: self.set_start_filter(None))
        # The widgets tests and shortcuts reach through the results window.
        words = self.words
        self.tree, self.summary_label, self.find_entry, self.find_var = (
            words.tree, words.summary_label, words.find_entry, words.find_var)
        self.mode_box, self.min_box, self.min_var = words.mode_box, words.min_box, words.min_var
        self.path_panel = PathPanel(self, settings, on_replay=self.replay, doubt_of=words.doubt_of,
                                    marks=lambda: self.unsure, verdict_of=words.verdict_of)
        self.path_panel.grid(row=0, column=0, sticky="nsew", padx=(0, theme.px(self, 16)))
        panel = self.path_panel
        self.board_view, self.word_label, self.replay_button, self.speed = (
            panel.board_view, panel.word_label, panel.replay_button, panel.speed)
        self.notebook.grid(row=0, column=1, sticky="nsew")
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
        bind_shortcut(widgets, "<Control-p>", self.plan_tab.toggle_plan)  # the Plan tab binds its own widgets
        filter_keys = [*widgets, self.words.everyday_box, self.words.doubtful_box]
        bind_shortcut(filter_keys, "<Alt-e>", self.words.toggle_everyday)
        bind_shortcut(filter_keys, "<Alt-d>", self.words.toggle_doubtful)
        self._bind_verdict_keys()

    def show_solutions(self, board: Board, language: Language, solutions: list[Solution], note: str = "") -> None:
        """Fill the list with a fresh solve and start the best word's animation.

        The board is drawn once, when Tk is next idle, with the best word's first tile
        lit; the animation's next steps follow after the list is on screen.
        """
        self.stop_animation()
        self.plan_tab.new_round(board, language.code)
        self.path_panel.current, self.cursor, self.board, self.values = None, 0, board, dict(language.values)
        self.path_panel.board = board
        self.words.fill(solutions, language, note, self.book.verdicts(language.code))
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
        self._say_problems()  # the store read for this language's verdicts: a damaged one was started anew

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
        description = "" if cell is None or board is None else \
            _("Starting on {letter} (row {row}, column {column})").format(letter=board.letter(cell), row=cell[0] + 1,
                                                                          column=cell[1] + 1)
        self.words.set_start(cell, description)

    def toggle_start_filter(self, index: int) -> None:
        """Filter to words starting on tile ``index``; the same tile again clears the filter."""
        if self.board is None:
            return
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

    @property
    def current(self) -> Solution | None:
        """Return the word whose path plays or played last."""
        return self.path_panel.current

    @property
    def animating(self) -> bool:
        """Return True while an animation has steps still to run."""
        return self.path_panel.animating

    def animate(self, solution: Solution, at_once: bool = True, delay_ms: int | None = None) -> None:
        """Light ``solution``'s path tile by tile (``PathPanel.animate``), cancelling any animation running."""
        self.path_panel.animate(solution, at_once, delay_ms)

    def stop_animation(self) -> None:
        """Stop the path animation and Play plan: the app calls this on leaving the screen."""
        self.path_panel.stop()
        self.plan_tab.stop()

    def replay(self) -> None:
        """Run the current word's animation again from its first tile."""
        if self.current is None:
            self.focus_list()
        else:
            self.animate(self.current)

    def copy_list(self) -> None:
        """Put the words shown on the clipboard, one 'word<TAB>score<TAB>length' line each."""
        lines = clipboard_lines(self.shown)
        self.clipboard_clear()
        self.clipboard_append("\n".join(lines) + "\n" if lines else "")
        self.hint.flash(ngettext("Copied {count} word to the clipboard", "Copied {count} words to the clipboard",
                                 len(lines)).format(count=format_number(len(lines))), error=False)

    def export_csv(self, path: Path) -> int:
        """Write the words shown to a CSV file (word_export.write_csv); return how many. Raises OSError."""
        return write_csv(path, self.shown)

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

    def retranslate(self) -> None:
        """Say again in the interface language what was said with values: the word playing, the plan's filters."""
        self.path_panel.retranslate()
        self.plan_tab.retranslate()
        # The list's headings are measured in the new language: its column keeps room for them all.
        self.columnconfigure(1, minsize=self.words.min_width() + theme.px(self, 8))

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
        if self.plan_tab.playing:
            self.plan_tab.stop()
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

    def destroy(self) -> None:
        """Stop the animation before the widgets go."""
        self.stop_animation()
        super().destroy()
