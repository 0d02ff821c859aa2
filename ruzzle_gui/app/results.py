"""Results: the third window, every word in a sortable, filterable list beside the animated board."""
from __future__ import annotations

import csv
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path
from tkinter import ttk

from ruzzle_gui.app import theme
from ruzzle_gui.app.board_view import BoardView
from ruzzle_gui.app.hint import HintBar, bind_shortcut, plural
from ruzzle_gui.app.letters import MOVES, step_cursor
from ruzzle_gui.app.settings import DELAY_RANGE_MS, Settings
from ruzzle_gui.board import Board
from ruzzle_gui.dictionary import DictionaryError, _write_atomically
from ruzzle_gui.graph import Solution, sort_solutions
from ruzzle_gui.language import Language

# column id -> (heading, the engine's sort order for it; None: sorted here)
COLUMNS = {
    "word": ("Word", "alpha"),
    "score": ("Score", "score"),
    "length": ("Length", "length"),
    "per_letter": ("Per letter", None),
}
COLUMN_WIDTHS = {"word": 130, "score": 88, "length": 86, "per_letter": 106}
MODES = ("contains", "starts with")
TIP = ("↑ ↓ or Space: next word · Enter: replay · click a tile: words starting there · "
       "Ctrl+F: find · Ctrl+N: new game · Esc: bonuses")


def per_letter(solution: Solution) -> float:
    """Return the word's score divided by its length."""
    return solution.score / len(solution.word)


def sort_view(solutions: Sequence[Solution], column: str, reverse: bool = False) -> list[Solution]:
    """Return ``solutions`` sorted by a list column, in its natural order (best or A–Z first)."""
    order = COLUMNS[column][1]
    if order is not None:
        return sort_solutions(solutions, order, reverse)
    ordered = sorted(solutions, key=lambda s: (-per_letter(s), -s.score, s.word))
    return ordered[::-1] if reverse else ordered


def matches(solution: Solution, text: str, mode: str, min_length: int, start: tuple[int, int] | None) -> bool:
    """Return True if ``solution`` passes the find text, the minimum length and the start tile."""
    word = solution.word
    if len(word) < min_length or (start is not None and solution.path[0] != start):
        return False
    return word.startswith(text) if mode == "starts with" else text in word


def summary(shown: Sequence[Solution], total: int) -> str:
    """Return the line describing the words shown: count, total score and the longest word."""
    if not total:
        return "No words found on this board"
    if not shown:
        return "The only word does not match the filters" if total == 1 else \
            f"None of the {total:,} words match the filters"
    count = plural(total, "word") if len(shown) == total else f"{len(shown):,} of {plural(total, 'word')}"
    points = sum(s.score for s in shown)
    longest = max(shown, key=lambda s: (len(s.word), s.score))
    return f"{count}  ·  {plural(points, 'point')}  ·  longest {longest.word} ({len(longest.word)})"


def path_text(path: Sequence[tuple[int, int]]) -> str:
    """Return a path as 'r1c1 r1c2 ...', rows and columns counted from 1."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in path)


class Results(ttk.Frame):
    """The solved board with animated paths on the left, the word list with filters on the right."""

    def __init__(self, master: tk.Misc, settings: Settings, on_back: Callable[[], None],
                 on_edit: Callable[[], None], on_new_game: Callable[[], None]) -> None:
        super().__init__(master, padding=(16, 8, 16, 8))
        self.settings = settings
        self.on_back = on_back
        self.on_edit = on_edit
        self.on_new_game = on_new_game
        self.board: Board | None = None
        self.language: Language | None = None
        self.solutions: list[Solution] = []
        self._row_of: dict[Solution, int] = {}
        self._ordered: list[int] = []
        self.shown: list[Solution] = []
        self.sort_column, self.sort_reverse = "score", False
        self.start_cell: tuple[int, int] | None = None
        self.current: Solution | None = None
        self._step = 0
        self._after_id: str | None = None
        self._quiet = False
        self.cursor = 0
        left = self._build_board_panel()
        left.grid(row=0, column=0, sticky="nsew", padx=(0, 16))
        self._build_list_panel().grid(row=0, column=1, sticky="nsew")
        self._build_buttons().grid(row=1, column=0, columnspan=2, sticky="ew", pady=(8, 0))
        self.hint = HintBar(self, TIP)
        self.hint.grid(row=2, column=0, columnspan=2, sticky="ew")
        self.columnconfigure(0, weight=1)
        # The list keeps room for whole words and all four columns; the board gives way.
        self.columnconfigure(1, weight=1, minsize=sum(COLUMN_WIDTHS.values()) + 24)
        self.rowconfigure(0, weight=1)
        self._bind_keys()

    def _build_board_panel(self) -> ttk.Frame:
        """Return the board canvas with the word being shown, Replay, speed and a colour key."""
        panel = ttk.Frame(self)
        self.word_label = ttk.Label(panel, text="", style="Title.TLabel", anchor="center")
        self.word_label.pack(fill="x")
        key = ttk.Frame(panel)
        key.pack()
        for label, colour in (("start", theme.PATH_START), ("path", theme.PATH_MIDDLE), ("end", theme.PATH_END)):
            tk.Label(key, text="■", foreground=colour, background=theme.BACKGROUND,
                     font=("DejaVu Sans", 14)).pack(side="left")
            ttk.Label(key, text=label, style="Muted.TLabel").pack(side="left", padx=(2, 12))
        controls = ttk.Frame(panel)
        # Packed before the board, so a small window shrinks the board, never the controls.
        controls.pack(side="bottom", fill="x")
        self.board_view = BoardView(panel, cursor_when_unfocused=False, width=300, height=300)
        self.board_view.pack(fill="both", expand=True, pady=6)
        self.replay_button = ttk.Button(controls, text="⟳  Replay", underline=3, command=self.replay)
        self.replay_button.pack(side="left")
        ttk.Label(controls, text="Slow", style="Muted.TLabel").pack(side="left", padx=(16, 4))
        slow, fast = DELAY_RANGE_MS[1], DELAY_RANGE_MS[0]
        self.speed = ttk.Scale(controls, from_=slow, to=fast, length=110, command=self._on_speed)
        self.speed.set(self.settings.delay_ms)
        self.speed.pack(side="left")
        ttk.Label(controls, text="Fast", style="Muted.TLabel").pack(side="left", padx=4)
        return panel

    def _build_list_panel(self) -> ttk.Frame:
        """Return the filters, the word list, the summary line and the action buttons."""
        panel = ttk.Frame(self)
        self.note_label = ttk.Label(panel, text="", style="Muted.TLabel")
        self.note_label.pack(fill="x", pady=(0, 6))
        self._build_filters(panel).pack(fill="x", pady=(0, 6))
        self.summary_label = ttk.Label(panel, text="", style="Summary.TLabel")
        self.summary_label.pack(side="bottom", fill="x", pady=6)
        self.summary_label.bind("<Configure>", lambda event: self.summary_label.configure(wraplength=event.width))
        table = ttk.Frame(panel)
        table.pack(fill="both", expand=True)
        self.tree = ttk.Treeview(table, columns=tuple(COLUMNS), show="headings", selectmode="browse")
        for column, (heading, _order) in COLUMNS.items():
            self.tree.heading(column, text=heading, command=lambda c=column: self.sort_by(c))
            wide = column == "word"
            self.tree.column(column, width=COLUMN_WIDTHS[column], minwidth=60, stretch=wide,
                             anchor="w" if wide else "e")
        scrollbar = ttk.Scrollbar(table, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scrollbar.set)
        self.tree.pack(side="left", fill="both", expand=True)
        scrollbar.pack(side="right", fill="y")
        return panel

    def _build_filters(self, panel: ttk.Frame) -> ttk.Frame:
        """Return the find box, its mode, the minimum length and the start-tile chip."""
        bar = ttk.Frame(panel)
        ttk.Label(bar, text="Find").grid(row=0, column=0, sticky="w")
        self.find_var = tk.StringVar()
        self.find_entry = ttk.Entry(bar, textvariable=self.find_var, width=12)
        self.find_entry.grid(row=0, column=1, sticky="ew", padx=6)
        self.mode_box = ttk.Combobox(bar, state="readonly", values=MODES, width=10)
        self.mode_box.set(MODES[0])
        self.mode_box.grid(row=0, column=2)
        ttk.Label(bar, text="Min length").grid(row=0, column=3, padx=(12, 6))
        self.min_var = tk.StringVar(value="2")
        self.min_box = ttk.Spinbox(bar, from_=1, to=2, width=3, textvariable=self.min_var,
                                   command=self.apply_filters, justify="center")
        self.min_box.grid(row=0, column=4)
        self.start_chip = ttk.Frame(bar)
        self.start_label = ttk.Label(self.start_chip, text="", foreground="#00838f")
        self.start_label.pack(side="left")
        ttk.Button(self.start_chip, text="✕ show all", style="Small.TButton",
                   command=lambda: self.set_start_filter(None)).pack(side="left", padx=8)
        bar.columnconfigure(1, weight=1)
        self.find_var.trace_add("write", lambda *_args: self.apply_filters())
        self.mode_box.bind("<<ComboboxSelected>>", lambda _event: self.apply_filters())
        self.min_var.trace_add("write", lambda *_args: self.apply_filters())
        return bar

    def _build_buttons(self) -> ttk.Frame:
        """Return Copy, Export, Edit board and New game."""
        bar = ttk.Frame(self)
        self.copy_button = ttk.Button(bar, text="Copy", command=self.copy_list)
        self.copy_button.pack(side="left")
        self.export_button = ttk.Button(bar, text="Export CSV…", command=self.ask_export)
        self.export_button.pack(side="left", padx=6)
        self.new_button = ttk.Button(bar, text="New game", style="Accent.TButton", command=self.on_new_game)
        self.new_button.pack(side="right")
        self.edit_button = ttk.Button(bar, text="Edit board", command=self.on_edit)
        self.edit_button.pack(side="right", padx=6)
        return bar

    def _bind_keys(self) -> None:
        """Bind list, board and screen-wide keys."""
        tree, view = self.tree, self.board_view
        tree.bind("<<TreeviewSelect>>", self._on_select)
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

    def show_solutions(self, board: Board, language: Language, solutions: list[Solution], note: str = "") -> None:
        """Fill the list with a fresh solve, reset the filters and animate the best word."""
        self.stop_animation()
        self.note_label.configure(text=note)
        self.current, self.start_cell, self.cursor = None, None, 0
        if self.solutions:
            # Rows hidden by a filter are detached, not deleted: delete every row by id.
            self.tree.delete(*(str(i) for i in range(len(self.solutions))))
        self.board, self.language, self.solutions = board, language, solutions
        self._row_of = {s: iid for iid, s in enumerate(solutions)}
        for iid, s in enumerate(solutions):
            self.tree.insert("", "end", iid=str(iid),
                             values=(s.word, s.score, len(s.word), f"{per_letter(s):.1f}"))
        self.board_view.clear_path()
        self.board_view.marked = None
        self.board_view.show(board.rows, board.cols, board.letters, board.bonuses, language.values)
        self._sort("score", False)
        self.mode_box.set(MODES[0])
        # Up to the longest word found: big boards hold words longer than any fixed cap.
        longest = max((len(s.word) for s in solutions), default=language.min_length)
        self.min_box.configure(from_=language.min_length, to=max(longest, language.min_length))
        self._set_quietly(min_length=language.min_length, text="")
        self.apply_filters()
        self.word_label.configure(text="" if solutions else "No words")
        if self.shown:
            self.select(0)

    def _set_quietly(self, min_length: int, text: str) -> None:
        """Set the filter fields without re-filtering once per field."""
        self._quiet = True
        self.min_var.set(str(min_length))
        self.find_var.set(text)
        self._quiet = False

    def min_length(self) -> int:
        """Return the minimum-length filter (the language's minimum if the box holds no number)."""
        floor = self.language.min_length if self.language else 1
        try:
            return max(int(self.min_var.get()), floor)
        except ValueError:
            return floor

    def apply_filters(self) -> None:
        """Show the words passing every filter, in the chosen order, and update the summary."""
        if self._quiet or self.language is None:
            return
        text = self.language.fold(self.find_var.get().strip())
        mode, shortest, start = self.mode_box.get(), self.min_length(), self.start_cell
        # Filtering row numbers sorted once keeps their order: a keystroke neither
        # sorts nor maps words back to rows, nor builds an object per word.
        solutions = self.solutions
        passing = [iid for iid in self._ordered if matches(solutions[iid], text, mode, shortest, start)]
        self.shown = [solutions[iid] for iid in passing]
        self.tree.set_children("", *map(str, passing))
        self.summary_label.configure(text=summary(self.shown, len(self.solutions)))
        self._show_sort_arrows()
        # The current word is shown if it passes the filters: no scan of the list needed.
        if self.current is not None and matches(self.current, text, mode, shortest, start):
            self.tree.see(str(self._row_of[self.current]))

    def sort_by(self, column: str) -> None:
        """Sort by ``column`` best-first (A–Z for words); the same heading again flips the order."""
        self._sort(column, not self.sort_reverse if column == self.sort_column else False)
        self.apply_filters()

    def _sort(self, column: str, reverse: bool) -> None:
        """Put every word's row number (shown or not) in ``column``'s order."""
        self.sort_column, self.sort_reverse = column, reverse
        row_of = self._row_of
        self._ordered = [row_of[s] for s in sort_view(self.solutions, column, reverse)]

    def _show_sort_arrows(self) -> None:
        """Mark the sorted column's heading with the direction of the sort."""
        for column, (heading, _order) in COLUMNS.items():
            arrow = ""
            if column == self.sort_column:
                arrow = "  ▲" if (column == "word") != self.sort_reverse else "  ▼"
            self.tree.heading(column, text=heading + arrow)

    def set_start_filter(self, cell: tuple[int, int] | None) -> None:
        """Show only words starting on ``cell`` (None shows them all again)."""
        self.start_cell = cell
        board = self.board
        marked = None if cell is None or board is None else cell[0] * board.cols + cell[1]
        self.board_view.set_marked(marked)
        if cell is None:
            self.start_chip.grid_forget()
        else:
            self.start_label.configure(text=f"Starting on {board.letter(cell)} (row {cell[0] + 1}, "
                                            f"column {cell[1] + 1})")
            self.start_chip.grid(row=1, column=0, columnspan=5, sticky="w", pady=(6, 0))
        self.apply_filters()

    def toggle_start_filter(self, index: int) -> None:
        """Filter to words starting on tile ``index``; the same tile again clears the filter."""
        cell = divmod(index, self.board.cols)
        self.set_start_filter(None if cell == self.start_cell else cell)

    def solution_of(self, iid: str) -> Solution:
        """Return the solution shown in row ``iid``."""
        return self.solutions[int(iid)]

    def select(self, position: int) -> None:
        """Select, show and animate the word at ``position`` in the list as shown."""
        rows = self.tree.get_children("")
        if rows:
            iid = rows[max(0, min(position, len(rows) - 1))]
            self.tree.selection_set(iid)
            self.tree.focus(iid)
            self.tree.see(iid)

    def next_word(self, step: int = 1) -> None:
        """Move the selection ``step`` words down the list (animating the new word)."""
        rows = self.tree.get_children("")
        selected = self.tree.selection()
        here = rows.index(selected[0]) if selected and selected[0] in rows else -1
        if here + step >= len(rows):
            self.hint.flash("That was the last word in the list", error=False, ms=1500)
            return
        self.select(here + step)

    def focus_list(self) -> None:
        """Put the keyboard focus on the word list, selecting the first word if none is."""
        self.tree.focus_set()
        if not self.tree.selection():
            self.select(0)

    def focus_find(self) -> None:
        """Put the keyboard focus in the find box, text selected."""
        self.find_entry.focus_set()
        self.find_entry.select_range(0, "end")

    def animate(self, solution: Solution) -> None:
        """Light ``solution``'s path tile by tile, cancelling any animation already running."""
        self.stop_animation()
        self.current = solution
        self.word_label.configure(text=f"{solution.word}   {plural(solution.score, 'point')}")
        self.board_view.clear_path()
        self._step = 0
        self._advance()

    def _advance(self) -> None:
        """Light the next tile of the current path and schedule the one after."""
        path, cols = self.current.path, self.board.cols
        r, c = path[self._step]
        last = len(path) - 1
        colour = theme.PATH_START if self._step == 0 else theme.PATH_END if self._step == last else theme.PATH_MIDDLE
        came_from = None if self._step == 0 else path[self._step - 1][0] * cols + path[self._step - 1][1]
        self.board_view.light(r * cols + c, colour, came_from)
        self._step += 1
        self._after_id = self.after(self.settings.delay_ms, self._advance) if self._step <= last else None

    def stop_animation(self) -> None:
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
        self.hint.flash(f"Copied {plural(len(lines), 'word')} to the clipboard", error=False)

    def export_csv(self, path: Path) -> int:
        """Write the words shown to a CSV file (word, score, length, path); return how many.

        The file is written beside ``path`` and renamed over it, so a full disk
        leaves the old file whole. Raises DictionaryError naming the problem.
        """
        def write(partial: Path) -> None:
            with partial.open("w", encoding="utf-8", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(("word", "score", "length", "path"))
                for s in self.shown:
                    writer.writerow((s.word, s.score, len(s.word), path_text(s.path)))

        _write_atomically(Path(path), write)
        return len(self.shown)

    def ask_export(self) -> None:
        """Ask where to save the CSV, then write it and say how it went."""
        from tkinter import filedialog  # loaded on demand: most sessions never export

        name = filedialog.asksaveasfilename(parent=self, title="Export words as CSV", defaultextension=".csv",
                                            initialfile="ruzzle-words.csv", filetypes=[("CSV files", "*.csv")])
        if not name:
            return
        try:
            count = self.export_csv(Path(name))
        except DictionaryError as err:
            self.hint.flash(f"Could not export: {err}")
            return
        self.hint.flash(f"Exported {plural(count, 'word')} to {name}", error=False)

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
        """Esc clears the find box if it has text, otherwise goes back to the bonuses."""
        if self.focus_get() is self.find_entry and self.find_var.get():
            self.find_var.set("")
        else:
            self.stop_animation()
            self.on_back()

    def _on_select(self, _event: tk.Event) -> None:
        """Animate a newly selected word."""
        selected = self.tree.selection()
        if selected:
            solution = self.solution_of(selected[0])
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
