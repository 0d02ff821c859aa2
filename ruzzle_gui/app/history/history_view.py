"""HistoryScreen: the practice rounds kept in the store, per language: a chart over time, totals, pace, CSV.

The chart draws each round's points and words found, with their moving average
over the last ``WINDOW`` rounds, as one polyline each: 10,000 rounds are a few
Tcl calls, not 10,000 items. The pace the rounds measured is offered to the
planner, and used only when the player accepts it.
"""
from __future__ import annotations

import csv
import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import filedialog, ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.hint import NOTICE_MS, HintBar, bind_shortcut
from ruzzle_gui.app.text.i18n import _, format_decimal, format_number, language_name, ngettext, underlined

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ruzzle_gui.app.settings import Settings
    from ruzzle_gui.store import Store

WINDOW = 10  # rounds in the moving average, as `ruzzle history` counts it
MEAN_LETTERS = 5.0  # a word's letters when no round says better: the planner's per-letter part of a pace
POINTS_COLOUR, WORDS_COLOUR = "#1e88e5", "#43a047"
AVERAGE_COLOUR = "#ff6d00"


def moving_average(values: Sequence[float], window: int = WINDOW) -> list[float]:
    """Return the mean of each value with the ``window - 1`` before it (fewer at the start)."""
    averages, total = [], 0.0
    for n, value in enumerate(values):
        total += value
        if n >= window:
            total -= values[n - window]
        averages.append(total / min(n + 1, window))
    return averages


def thinned(values: Sequence[float], columns: int) -> list[tuple[int, float]]:
    """Return (index, value) points enough to draw ``values`` across ``columns`` pixels: all of them when they
    fit, else each pixel column's lowest and highest, in order, so every peak still shows."""
    if len(values) <= 2 * columns:
        return list(enumerate(values))
    kept: list[tuple[int, float]] = []
    per = len(values) / columns
    for column in range(columns):
        start, end = int(column * per), max(int((column + 1) * per), int(column * per) + 1)
        chunk = range(start, min(end, len(values)))
        low, high = min(chunk, key=values.__getitem__), max(chunk, key=values.__getitem__)
        kept.extend(sorted({(low, values[low]), (high, values[high])}))
    return kept


def timing_for(pace: float, timing: dict[str, float], letters: float = MEAN_LETTERS) -> dict[str, float]:
    """Return the settings' timing with its per-word part set so a word of ``letters`` letters takes ``pace``."""
    from ruzzle_gui.plan.model import MAX_TIMING, MIN_SWIPE

    per_word = min(max(pace - timing["per_letter"] * letters, MIN_SWIPE), MAX_TIMING)
    return {**timing, "per_word": round(per_word, 2)}


class HistoryScreen(ttk.Frame):
    """The History screen; ``show`` reads the store and draws the rounds of one language."""

    def __init__(self, master: tk.Misc, settings: Settings, open_store: Callable[[], Store],
                 on_leave: Callable[[], None]) -> None:
        super().__init__(master, padding=theme.px(master, 12))
        self.settings, self.open_store, self.on_leave = settings, open_store, on_leave
        self.language: str | None = None
        self.rows: list[tuple[str, str, int, int]] = []
        self.stats: dict = {}
        top = ttk.Frame(self)
        top.pack(fill="x")
        ttk.Label(top, text=_("History"), style="Title.TLabel").pack(side="left")
        self.language_var = tk.StringVar(self)
        self.codes: list[str] = []  # the languages with rounds, in the box's order (it shows their names)
        self.language_box = ttk.Combobox(top, textvariable=self.language_var, state="readonly", width=14)
        self.language_box.pack(side="left", padx=theme.px(self, 12))
        self.language_box.bind("<<ComboboxSelected>>", lambda _event: self._on_language_chosen())
        self.export_button = ttk.Button(top, **underlined(_("Export CSV…"), "x"), command=self.ask_export)
        self.export_button.pack(side="right")
        self.totals_label = ttk.Label(self, text="", style="Summary.TLabel")
        self.totals_label.pack(fill="x", pady=(theme.px(self, 6), 0))
        pace_row = ttk.Frame(self)
        pace_row.pack(fill="x")
        self.pace_label = ttk.Label(pace_row, text="", style="Muted.TLabel")
        self.pace_label.pack(side="left")
        self.pace_button = ttk.Button(pace_row, **underlined(_("Use it for plans"), "u"), style="Toolbutton",
                                      command=self.use_pace)
        self.chart = tk.Canvas(self, height=theme.px(self, 300), highlightthickness=0,
                               background=theme.palette(self).background)
        self.chart.pack(fill="both", expand=True, pady=theme.px(self, 6))
        self.chart.bind("<Configure>", lambda _event: self.draw())
        self.hint = HintBar(self, _("Points (blue) and words (green) per round, the orange lines their average "
                                    "over 10 rounds · Esc goes back"))
        self.hint.pack(side="bottom", fill="x")
        widgets = [self, self.language_box, self.export_button, self.pace_button, self.chart]
        bind_shortcut(widgets, "<Alt-x>", self.ask_export)
        bind_shortcut(widgets, "<Alt-u>", self.use_pace)

    def show(self, language: str | None) -> None:
        """Read the rounds of ``language`` (None: the one with most rounds) from the store and draw them."""
        store = self.open_store()
        try:
            languages = store.round_languages()
            self.language = language if language in languages else (languages[0] if languages else language)
            self.rows = store.scores(self.language) if self.language else []
            self.stats = store.history(self.language, WINDOW) if self.language else {}
        finally:
            store.close()
        if store.notices:
            self.hint.flash(" · ".join(store.notices), ms=NOTICE_MS)
            store.notices.clear()
        self.codes = list(languages)
        self.language_box.configure(values=[language_name(code, code) for code in self.codes])
        self.language_var.set(language_name(self.language, self.language) if self.language else "")
        self._say_totals()
        self.draw()

    def _on_language_chosen(self) -> None:
        """Show the rounds of the language chosen in the box (by its name, in the interface language)."""
        index = self.language_box.current()
        if 0 <= index < len(self.codes):
            self.show(self.codes[index])

    def _say_totals(self) -> None:
        """Say the rounds, totals, best round and the measured pace."""
        stats = self.stats
        if not stats.get("rounds"):
            self.totals_label.configure(text=_("No practice rounds yet: play one from the Practice menu"))
            self.pace_label.configure(text="")
            self.pace_button.pack_forget()
            return
        rounds = ngettext("{count} round", "{count} rounds", stats["rounds"]).format(
            count=format_number(stats["rounds"]))
        points = ngettext("{count} point", "{count} points", stats["total_points"]).format(
            count=format_number(stats["total_points"]))
        words = ngettext("{count} word", "{count} words", stats["total_words"]).format(
            count=format_number(stats["total_words"]))
        best = stats["best"]
        self.totals_label.configure(text=_("{rounds}, {points}, {words} · best round: {best} on {date}").format(
            rounds=rounds, points=points, words=words, best=format_number(best["score"]), date=best["date"][:10]))
        pace = stats.get("pace")
        if pace:
            self.pace_label.configure(text=_("Your measured pace: {seconds} s a word").format(
                seconds=format_decimal(pace, 1)))
            self.pace_button.pack(side="left", padx=theme.px(self, 6))
        else:
            self.pace_label.configure(text="")
            self.pace_button.pack_forget()

    def draw(self) -> None:
        """Draw the points and the words per round, each with its moving average, in two bands."""
        chart = self.chart
        chart.delete("all")
        width, height = chart.winfo_width(), chart.winfo_height()
        if not self.rows or width < 20 or height < 20:
            return
        colours, pad = theme.palette(self), theme.px(self, 24)
        band = (height - 3 * pad) / 2
        for top, values, colour, name in ((pad, [r[2] for r in self.rows], POINTS_COLOUR, _("points")),
                                          (2 * pad + band, [r[3] for r in self.rows], WORDS_COLOUR, _("words"))):
            self._draw_band(values, top, band, width, pad, colour)
            chart.create_text(pad, top - 2, text=f"{name} (≤ {format_number(max(values))})", anchor="sw",
                              fill=colours.muted)
        rounds = ngettext("{count} round", "{count} rounds", len(self.rows)).format(count=format_number(len(self.rows)))
        chart.create_text(pad, height - 2, text=self.rows[0][0][:10], anchor="sw", fill=colours.muted)
        chart.create_text(width - pad, height - 2, text=f"{rounds} · {self.rows[-1][0][:10]}", anchor="se",
                          fill=colours.muted)

    def _draw_band(self, values: Sequence[int], top: float, band: float, width: int, pad: int, colour: str) -> None:
        """Draw ``values`` and their moving average as lines in the band from ``top``, ``band`` high."""
        highest = max(max(values), 1)
        step = (width - 2 * pad) / max(len(values) - 1, 1)

        def points(series: Sequence[tuple[int, float]]) -> list[float]:
            return [c for n, v in series for c in (pad + n * step, top + band - v / highest * band)]

        self.chart.create_line(pad, top + band, width - pad, top + band, fill=theme.palette(self).muted)
        if len(values) == 1:
            x, y = points([(0, values[0])])
            self.chart.create_oval(x - 3, y - 3, x + 3, y + 3, fill=colour, outline=colour)
            return
        columns = max(width - 2 * pad, 1)
        self.chart.create_line(*points(thinned(values, columns)), fill=colour, width=1)
        self.chart.create_line(*points(thinned(moving_average(values), columns)), fill=AVERAGE_COLOUR,
                               width=theme.px(self, 2))

    def use_pace(self) -> None:
        """Plan from now on at the measured pace (the player accepted it)."""
        pace = self.stats.get("pace")
        if pace:
            self.settings.timing = timing_for(pace, self.settings.timing)
            self.event_generate("<<SettingsChanged>>")
            self.hint.flash(_("Plans now assume your pace: {seconds} s a word").format(
                seconds=format_decimal(pace, 1)), error=False)

    def ask_export(self) -> None:
        """Ask where, then export the rounds shown as CSV."""
        path = filedialog.asksaveasfilename(parent=self, defaultextension=".csv", initialfile="ruzzle-history.csv",
                                            filetypes=[(_("CSV files"), "*.csv")])
        if path:
            self.export(path)

    def export(self, path: str) -> None:
        """Write the rounds shown to ``path`` as CSV (replaced whole, never half-written); say how it went."""
        from ruzzle_gui.files import write_atomically

        rows = list(self.rows)

        def write(partial: str) -> None:
            with open(partial, "w", encoding="utf-8", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(("date", "language", "score", "words"))
                writer.writerows(rows)

        try:
            write_atomically(path, write)
        except OSError as err:
            self.hint.flash(_("Could not export to {path}: {problem}").format(path=path, problem=err.strerror or err))
            return
        self.hint.flash(ngettext("Exported {count} round to {path}", "Exported {count} rounds to {path}",
                                 len(rows)).format(count=format_number(len(rows)), path=path), error=False)

    def refresh(self) -> None:
        """Read the store again: a round may have been played since."""
        self.show(self.language)

    def on_return(self) -> None:
        """Enter does nothing here."""

    def on_escape(self) -> None:
        """Go back."""
        self.on_leave()
