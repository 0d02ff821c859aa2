"""WordList: the results window's filters, sortable word list and summary line."""
from __future__ import annotations

import functools
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Sequence
from tkinter import ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.settings import Settings
from ruzzle_gui.app.text.i18n import N_, _, format_decimal, format_number, retranslate, underlined
from ruzzle_gui.app.words.row_tip import RowTip
from ruzzle_gui.app.words.word_columns import ARROWS, COLUMNS, column_widths, dots, matches, per_letter, sort_view
from ruzzle_gui.app.words.word_columns import WORD_COLUMN as WORD_COLUMN  # importable from here, as before
from ruzzle_gui.app.words.word_summary import DOUBT_REASONS, summary, verdict_text
from ruzzle_gui.app.words.word_summary import doubt_name as doubt_name  # importable from here, as before
from ruzzle_gui.app.words.word_summary import filters_line as filters_line  # importable from here, as before
from ruzzle_gui.graph import Solution
from ruzzle_gui.language import Language
from ruzzle_gui.verdicts import ACCEPTED, REFUSED, Verdicts, lifted
from ruzzle_gui.word_filters import EVERYDAY_BAND as EVERYDAY_BAND  # importable from here, as before
from ruzzle_gui.word_filters import WordFilters, WordMarks

JUDGED_MARKS = {REFUSED: "✗", ACCEPTED: "✓"}  # after a judged word; the row's tip and the board's heading say it
SUMMARY_LINES = 2  # the summary keeps room for two lines, so a longer one never moves the list
MODES = (N_("contains"), N_("starts with"))  # the find box's modes, as the filter names them
NO_BANDS = N_("(this word list has no commonness data)")
NO_START = N_("Click a tile to list only the words that start there")
# Replaces every row in one Tcl call: through ttk.Treeview.insert, each row costs a
# Python-to-Tcl round trip and option formatting, about 1 ms per hundred rows.
REPLACE_ROWS = "ruzzle::replace_rows"
REPLACE_ROWS_PROC = """namespace eval ruzzle {}
proc ruzzle::replace_rows {tree old ids rows} {
    if {[llength $old]} { $tree delete $old }
    foreach id $ids values $rows { $tree insert {} end -id $id -values $values }
}"""


class WordList(ttk.Frame):
    """The filters, the word list and its summary; ``on_select`` hears of each word the player selects."""

    def __init__(self, master: tk.Misc, on_select: Callable[[Solution], None], settings: Settings | None = None,
                 on_filters: Callable[[], None] | None = None) -> None:
        super().__init__(master)
        self.on_select = on_select
        self.on_filters = on_filters or (lambda: None)  # told when the filters the plan shares change
        self.settings = settings if settings is not None else Settings()
        self._bands: list[int | None] = []  # each word's band, by row number: looked up once per solve
        self._doubts: list[str | None] = []  # each word's doubt reason (None: playable), by row number
        self.marks = WordMarks()  # the dictionary's, with the doubts of the words the game accepted lifted
        self._dictionary_marks = WordMarks()  # the dictionary's own
        self.verdicts: Verdicts = {}  # the game's verdicts on this language's words: word -> (verdict, date)
        self._judged: list[tuple[str, str] | None] = []  # each word's verdict, by row number
        self.has_bands = True  # as built: the column shown, the toggle enabled
        self._shared: WordFilters | None = None  # the shared filters when the list was last filtered
        self.language: Language | None = None
        self.solutions: list[Solution] = []
        self._row_of: dict[Solution, int] = {}
        self._ordered: list[int] = []
        self.shown: list[Solution] = []
        self.sort_column, self.sort_reverse = "score", False
        self.start_cell: tuple[int, int] | None = None
        self.selected: Solution | None = None
        self._quiet = False
        px = theme.px
        self.note_label = ttk.Label(self, text="", style="Muted.TLabel", width=1)
        self.note_label.pack(fill="x", pady=(0, px(self, 6)))
        self._build_filters().pack(fill="x", pady=(0, px(self, 6)))
        self._build_summary().pack(side="bottom", fill="x", pady=(px(self, 6), 0))
        self._build_table().pack(fill="both", expand=True)
        self.tree.bind("<<TreeviewSelect>>", self._on_select)
        self.row_tip = RowTip(self.tree, self.doubt_text)

    def _build_filters(self) -> ttk.Frame:
        """Return the find box, its mode, the minimum length and the start-tile line."""
        bar, px = ttk.Frame(self), theme.px
        ttk.Label(bar, text=_("Find")).grid(row=0, column=0, sticky="w")
        self.find_var = tk.StringVar()
        self.find_entry = ttk.Entry(bar, textvariable=self.find_var, width=10)
        self.find_entry.grid(row=0, column=1, sticky="ew", padx=px(self, 6))
        self.mode_box = ttk.Combobox(bar, state="readonly", values=[_(mode) for mode in MODES], width=10)
        self.mode_box.set(_(MODES[0]))
        self.mode_box.grid(row=0, column=2)
        ttk.Label(bar, text=_("Min length")).grid(row=0, column=3, padx=(px(self, 12), px(self, 6)))
        self.min_var = tk.StringVar(value="2")
        self.min_box = ttk.Spinbox(bar, from_=1, to=2, width=3, textvariable=self.min_var,
                                   command=self.apply_filters, justify="center")
        self.min_box.grid(row=0, column=4)
        common = ttk.Frame(bar)
        common.grid(row=1, column=0, columnspan=5, sticky="ew", pady=(px(self, 6), 0))
        self.everyday_var = tk.BooleanVar(value=self.settings.everyday_only)
        self.everyday_box = ttk.Checkbutton(common, **underlined(_("Everyday words only"), "e"),
                                            variable=self.everyday_var, command=self._on_everyday)
        self.everyday_box.pack(side="left")
        self.doubtful_var = tk.BooleanVar(value=self.settings.doubtful_too)
        self.doubtful_box = ttk.Checkbutton(common, **underlined(_("Doubtful words too"), "d"),
                                            variable=self.doubtful_var, command=self._on_doubtful)
        self.doubtful_box.pack(side="left", padx=(px(self, 12), 0))
        self.no_bands_label = ttk.Label(common, text="", style="Muted.TLabel", width=1)
        self.no_bands_label.pack(side="left", fill="x", expand=True, padx=(px(self, 8), 0))
        # Always there, so that choosing a start tile never moves the list.
        chip = ttk.Frame(bar)
        chip.grid(row=2, column=0, columnspan=5, sticky="ew", pady=(px(self, 6), 0))
        self.start_label = ttk.Label(chip, text=_(NO_START), style="Muted.TLabel", width=1)
        self.start_label.pack(side="left", fill="x", expand=True)
        self.show_all_button = ttk.Button(chip, text=_("✕ show all"), style="Small.TButton")
        # As tall without the button as with it: its size is known once Tk is idle.
        self._reserve_id: str | None = self.after_idle(self._reserve_chip_row, bar)
        bar.columnconfigure(1, weight=1)
        self.find_var.trace_add("write", lambda *_args: self.apply_filters())
        self.mode_box.bind("<<ComboboxSelected>>", lambda _event: self.apply_filters())
        self.min_var.trace_add("write", lambda *_args: self.apply_filters())
        return bar

    def _reserve_chip_row(self, bar: ttk.Frame) -> None:
        """Keep the start-tile row of ``bar`` as tall as its show-all button, shown or not."""
        self._reserve_id = None
        bar.rowconfigure(2, minsize=self.show_all_button.winfo_reqheight() + theme.px(self, 6))

    def destroy(self) -> None:
        """Cancel the row sizing if it is still queued: tkinter deletes its command, not the call."""
        if self._reserve_id is not None:
            self.after_cancel(self._reserve_id)
            self._reserve_id = None
        super().destroy()

    def _build_summary(self) -> ttk.Frame:
        """Return the summary line, in a box that keeps the same height whatever it says."""
        font = tkfont.Font(root=self, font=ttk.Style(self).lookup("Summary.TLabel", "font"))
        box = ttk.Frame(self, height=SUMMARY_LINES * font.metrics("linespace") + theme.px(self, 4))
        box.pack_propagate(False)
        self.summary_label = ttk.Label(box, text="", style="Summary.TLabel", width=1)
        self.summary_label.pack(fill="both", expand=True)
        self.summary_label.bind("<Configure>", lambda event: self.summary_label.configure(wraplength=event.width))
        return box

    def _build_table(self) -> ttk.Frame:
        """Return the word list with its scrollbar, in a ring that shows when the list has the focus."""
        ring = theme.FocusRing(self)
        self.tree = ttk.Treeview(ring, columns=tuple(COLUMNS), show="headings", selectmode="browse")
        ring.watch(self.tree)
        self._colour_rows()
        self.tree.bind("<<ThemeChanged>>", lambda _event: self._colour_rows(), add=True)
        self.tk.eval(REPLACE_ROWS_PROC)  # once per interpreter would do; defining it again is harmless
        for column, (heading, _order) in COLUMNS.items():
            self.tree.heading(column, text=_(heading), command=functools.partial(self.sort_by, column))
            wide = column == "word"
            self.tree.column(column, stretch=wide, anchor="w" if wide else "center" if column == "common" else "e")
        self._size_columns()
        scrollbar = ttk.Scrollbar(ring, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=scrollbar.set)
        self.tree.pack(side="left", fill="both", expand=True)
        scrollbar.pack(side="right", fill="y")
        return ring

    def _colour_rows(self) -> None:
        """Dim the doubtful words (shown with "Doubtful words too") in the mode's muted colour; strike the refused."""
        muted = theme.palette(self).muted
        self.tree.tag_configure("doubtful", foreground=muted)
        struck = tkfont.Font(root=self, font=ttk.Style(self).lookup("Treeview", "font"))
        struck.configure(overstrike=True)
        self._struck_font = struck  # kept: Tk forgets a named font Python no longer holds
        self.tree.tag_configure("refused", foreground=muted, font=struck)

    def _size_columns(self) -> None:
        """Give each column the room its heading needs in the interface language (measured again on a switch)."""
        widths = column_widths(self)
        for column in COLUMNS:
            self.tree.column(column, width=widths[column], minwidth=widths[column])

    def min_width(self) -> int:
        """Return the width the list needs to show every column whole, with its scrollbar, in the interface language."""
        return sum(column_widths(self).values()) + theme.px(self, 40)

    def fill(self, solutions: list[Solution], language: Language, note: str, verdicts: Verdicts | None = None) -> None:
        """List a fresh solve best score first, with the filters reset and the game's ``verdicts`` applied."""
        self.note_label.configure(text=note)
        self.selected, self.start_cell = None, None
        # Rows hidden by a filter are detached, not deleted: every row of the last solve goes by id.
        old_ids = tuple(map(str, range(len(self.solutions))))
        self.language, self.solutions = language, solutions
        self._row_of = {s: iid for iid, s in enumerate(solutions)}
        self._look_up_bands(language, solutions)
        bands = self._bands
        rows = tuple((s.word, format_number(s.score), len(s.word), format_decimal(per_letter(s), 1), dots(bands[iid]))
                     for iid, s in enumerate(solutions))
        self.tk.call(REPLACE_ROWS, self.tree, old_ids, tuple(map(str, range(len(rows)))), rows)
        self._judged = [None] * len(solutions)
        self._apply_verdicts(verdicts or {}, fresh=True)
        self._sort("score", False)
        self.mode_box.set(_(MODES[0]))
        # Up to the longest word found: big boards hold words longer than any fixed cap.
        longest = max((len(s.word) for s in solutions), default=language.min_length)
        self.min_box.configure(from_=language.min_length, to=max(longest, language.min_length))
        self._quiet = True
        self.min_var.set(str(language.min_length))
        self.find_var.set("")
        self._quiet = False
        self._show_start(None, "")
        self.apply_filters()

    def _look_up_bands(self, language: Language, solutions: Sequence[Solution]) -> None:
        """Look up each word's band and doubt once; without bands, hide the column and disable the toggle."""
        self._dictionary_marks = self.marks = marks = WordMarks.of(language.dictionary_path)
        bands = marks.bands
        self._bands = [marks.band(s.word) for s in solutions]
        # Disabled, the box shows unticked, but the setting stays for the next language that has bands.
        self.everyday_var.set(bands is not None and self.settings.everyday_only)
        if self.has_bands != (bands is not None):  # reconfigured only on a change: a solve draws once
            self.has_bands = bands is not None
            shown = tuple(COLUMNS) if bands else tuple(c for c in COLUMNS if c != "common")
            self.tree.configure(displaycolumns=shown)
            self.everyday_box.state(["!disabled"] if bands else ["disabled"])
            self.no_bands_label.configure(text="" if bands else _(NO_BANDS))

    def set_verdicts(self, verdicts: Verdicts) -> None:
        """Apply the game's verdicts anew (one was marked or undone), the filters and the selection kept."""
        self._apply_verdicts(verdicts)
        self.apply_filters()
        self._shared = None
        self.on_filters()  # the plan follows: a refused word leaves it, an accepted one is sure

    def _apply_verdicts(self, verdicts: Verdicts, fresh: bool = False) -> None:
        """Lift the doubts of the words the game accepted, and mark each row whose verdict changed (every judged
        and doubtful row if ``fresh``: rows just filled)."""
        self.verdicts = verdicts
        self.marks = marks = lifted(self._dictionary_marks, verdicts)
        self._doubts = [marks.doubt(s.word) for s in self.solutions]
        for iid, solution in enumerate(self.solutions):
            judged = verdicts.get(solution.word)
            if judged == self._judged[iid]:  # its look stands, but on a fresh fill, where a doubtful row is dimmed
                if fresh and self._doubts[iid]:
                    self.tree.item(str(iid), tags=("doubtful",))
                continue
            self._judged[iid] = judged
            word = solution.word if judged is None else f"{solution.word} {JUDGED_MARKS[judged[0]]}"
            self.tree.set(str(iid), "word", word)
            tags = ("refused",) if judged and judged[0] == REFUSED else ("doubtful",) if self._doubts[iid] else ()
            self.tree.item(str(iid), tags=tags)

    def verdict_of(self, solution: Solution) -> tuple[str, str] | None:
        """Return the game's verdict on a word of the last solve, (verdict, date), or None."""
        return self.verdicts.get(solution.word)

    def band_of(self, solution: Solution) -> int | None:
        """Return the band (0 rare .. 7 everyday) of a word of the last solve; None if the dictionary has none."""
        return self._bands[self._row_of[solution]]

    def everyday_only(self) -> bool:
        """Return True if the list keeps only everyday words (the toggle is on and there are bands)."""
        return self.has_bands and self.settings.everyday_only

    def toggle_everyday(self) -> None:
        """Flip "Everyday words only" (the Alt+E key), when the dictionary has bands."""
        if self.has_bands:
            self.everyday_var.set(not self.everyday_var.get())
            self._on_everyday()

    def _on_everyday(self) -> None:
        """Remember the toggle (the app saves it) and filter the list again."""
        self.settings.everyday_only = bool(self.everyday_var.get())
        self.event_generate("<<SettingsChanged>>")
        self.apply_filters()

    def toggle_doubtful(self) -> None:
        """Flip "Doubtful words too" (the Alt+D key)."""
        self.doubtful_var.set(not self.doubtful_var.get())
        self._on_doubtful()

    def _on_doubtful(self) -> None:
        """Remember the toggle (the app saves it) and filter the list again."""
        self.settings.doubtful_too = bool(self.doubtful_var.get())
        self.event_generate("<<SettingsChanged>>")
        self.apply_filters()

    def doubt_text(self, iid: str) -> str | None:
        """Return what the tip over row ``iid`` says: why the word is doubtful (None: playable)."""
        reason = self._doubts[int(iid)] if iid and int(iid) < len(self._doubts) else None
        judged = self._judged[int(iid)] if iid and int(iid) < len(self._judged) else None
        if judged:
            return verdict_text(*judged)
        if not reason:
            return None
        name, description = DOUBT_REASONS.get(reason, (reason, reason))
        # TRANSLATORS: the tip over a doubtful word: {reason} is its short reason, {description} says more.
        return _("Doubtful ({reason}): {description}").format(reason=_(name), description=_(description))

    def doubt_of(self, solution: Solution) -> str | None:
        """Return why a word of the last solve is doubtful, or None if it is playable (or not of the last solve)."""
        row = self._row_of.get(solution)
        return None if row is None else self._doubts[row]

    def _is_refused(self, solution: Solution) -> bool:
        """Return True if the game refused a word of the last solve."""
        return self.verdicts.get(solution.word, ("",))[0] == REFUSED

    def filters(self) -> WordFilters:
        """Return the filters the plan shares with the list: everyday words, minimum length, doubtful words."""
        shortest = self.min_length()
        floor = self.language.min_length if self.language else 1
        # The language's own minimum is no filter: every word found is that long.
        return WordFilters(EVERYDAY_BAND if self.everyday_only() else 0, shortest if shortest > floor else 0,
                           bool(self.settings.doubtful_too))

    def min_length(self) -> int:
        """Return the minimum-length filter (the language's minimum if the box holds no number)."""
        floor = self.language.min_length if self.language else 1
        try:
            return max(int(self.min_var.get()), floor)
        except ValueError:
            return floor

    def apply_filters(self) -> None:
        """Show the words passing every filter in the chosen order, the selected one (or the top) in view."""
        if self._quiet or self.language is None:
            return
        text = self.language.fold(self.find_var.get().strip())
        mode, shortest, start = self.mode(), self.min_length(), self.start_cell
        # Filtering row numbers sorted once keeps their order: a keystroke neither
        # sorts nor maps words back to rows, nor builds an object per word.
        solutions, ordered = self.solutions, self._ordered
        if self.everyday_only():
            bands = self._bands
            ordered = [iid for iid in ordered if (bands[iid] or 0) >= EVERYDAY_BAND]  # None: no bands, none shown
        doubtful = refused = 0
        if not self.settings.doubtful_too:
            judged = self._judged
            allowed = [iid for iid in ordered if not judged[iid] or judged[iid][0] != REFUSED]  # type: ignore[index]
            refused, ordered = len(ordered) - len(allowed), allowed
            doubts = self._doubts
            playable = [iid for iid in ordered if not doubts[iid]]
            doubtful, ordered = len(ordered) - len(playable), playable
        passing = [iid for iid in ordered if matches(solutions[iid], text, mode, shortest, start)]
        self.shown = [solutions[iid] for iid in passing]
        self.tree.set_children("", *map(str, passing))
        self.summary_label.configure(text=summary(self.shown, len(self.solutions), doubtful, refused))
        self._show_sort_arrows()
        # The selected word stays in view if it passes: no scan of the list needed.
        selected = self.selected
        keep = selected is not None and matches(selected, text, mode, shortest, start) and \
            (not self.everyday_only() or (self.band_of(selected) or 0) >= EVERYDAY_BAND) and \
            (self.settings.doubtful_too or not (self.doubt_of(selected) or self._is_refused(selected)))
        self._see(str(self._row_of[selected]) if keep and selected is not None else None)
        shared = self.filters()
        if shared != self._shared:
            self._shared = shared
            self.on_filters()

    def _see(self, iid: str | None) -> None:
        """Scroll row ``iid`` into view (None, or the first row: to the top of the list)."""
        rows = self.tree.get_children("")
        if iid is None or not rows or iid == rows[0]:
            # Treeview's own `see` scrolls one row too far while the list is not yet on screen.
            self.tree.yview_moveto(0)
        else:
            self.tree.see(iid)

    def sort_by(self, column: str) -> None:
        """Sort by ``column`` best-first (A–Z for words); the same heading again flips the order."""
        self._sort(column, not self.sort_reverse if column == self.sort_column else False)
        self.apply_filters()

    def _sort(self, column: str, reverse: bool) -> None:
        """Put every word's row number (shown or not) in ``column``'s order."""
        self.sort_column, self.sort_reverse = column, reverse
        row_of = self._row_of
        self._ordered = [row_of[s] for s in sort_view(self.solutions, column, reverse, self.band_of)]

    def mode(self) -> str:
        """Return the find box's mode as the filter names it ('contains' or 'starts with'), in any language."""
        shown = self.mode_box.get()
        return next((mode for mode in MODES if _(mode) == shown or mode == shown), MODES[0])

    def retranslate(self) -> None:
        """Fetch again the texts made here: the headings with their sort arrow, the find modes, the numbers."""
        mode = self.mode()
        self.mode_box.configure(values=[_(m) for m in MODES])
        self.mode_box.set(_(mode))
        self._size_columns()
        self._show_sort_arrows()
        self.no_bands_label.configure(text=retranslate(self.no_bands_label.cget("text")))
        for iid, solution in enumerate(self.solutions):  # the numbers listed, with the new decimal symbol
            self.tree.set(str(iid), "per_letter", format_decimal(per_letter(solution), 1))
            self.tree.set(str(iid), "score", format_number(solution.score))
        self.apply_filters()

    def _show_sort_arrows(self) -> None:
        """Mark the sorted column's heading with the direction of the sort."""
        for column, (heading, _order) in COLUMNS.items():
            arrow = ""
            if column == self.sort_column:
                arrow = ARROWS[0] if (column == "word") != self.sort_reverse else ARROWS[1]
            self.tree.heading(column, text=_(heading) + arrow)

    def set_start(self, cell: tuple[int, int] | None, description: str = "") -> None:
        """Show only words starting on ``cell`` (None shows them all again), described on the chip."""
        self.start_cell = cell
        self._show_start(cell, description)
        self.apply_filters()

    def _show_start(self, cell: tuple[int, int] | None, description: str) -> None:
        """Say which start tile filters the list, with a button to show all; or how to choose one."""
        if cell is None:
            self.start_label.configure(text=_(NO_START), style="Muted.TLabel")
            self.show_all_button.pack_forget()
        else:
            self.start_label.configure(text=description, style="Filter.TLabel")
            self.show_all_button.pack(side="right", padx=theme.px(self, 8))

    def solution_of(self, iid: str) -> Solution:
        """Return the solution shown in row ``iid``."""
        return self.solutions[int(iid)]

    def select(self, position: int) -> None:
        """Select and show the word at ``position`` in the list as shown."""
        rows = self.tree.get_children("")
        if rows:
            iid = rows[max(0, min(position, len(rows) - 1))]
            self.tree.selection_set(iid)
            self.tree.focus(iid)
            self._see(iid)

    def step(self, step: int = 1) -> bool:
        """Move the selection ``step`` words down the list; False if there is no word there."""
        rows = self.tree.get_children("")
        selected = self.tree.selection()
        here = rows.index(selected[0]) if selected and selected[0] in rows else -1
        if here + step >= len(rows):
            return False
        self.select(here + step)
        return True

    def focus_list(self) -> None:
        """Put the keyboard focus on the word list, selecting the first word if none is."""
        self.tree.focus_set()
        if not self.tree.selection():
            self.select(0)

    def focus_find(self) -> None:
        """Put the keyboard focus in the find box, text selected."""
        self.find_entry.focus_set()
        self.find_entry.select_range(0, "end")

    def _on_select(self, _event: tk.Event) -> None:
        """Pass a newly selected word on."""
        selection = self.tree.selection()
        if selection:
            solution = self.solution_of(selection[0])
            if solution != self.selected:
                self.selected = solution
                self.on_select(solution)
