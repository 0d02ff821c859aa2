"""PlanTab: the Words screen's Plan tab: it plans what the word list keeps, and keeps each board's round.

The half of ``Results`` that ties the Plan tab to the list beside it: ``Results`` is a
``PlanTab``, and the attributes declared below are the ones ``Results`` builds.
"""
from __future__ import annotations

from tkinter import ttk

from ruzzle_gui.acceptance import chance_of
from ruzzle_gui.app.look.hint import HintBar
from ruzzle_gui.app.plan.pace import first_plan_offer
from ruzzle_gui.app.plan.plan_view import PlanView
from ruzzle_gui.app.settings import Settings
from ruzzle_gui.app.text.i18n import _
from ruzzle_gui.app.verdict_book import VerdictBook
from ruzzle_gui.app.words.path_panel import PathPanel
from ruzzle_gui.app.words.results_list import WordList
from ruzzle_gui.app.words.round_state import Rounds
from ruzzle_gui.app.words.word_summary import filters_line
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import Chance, Timing
from ruzzle_gui.verdicts import with_verdicts, without_refused
from ruzzle_gui.word_filters import apply


class PlanTab(ttk.Frame):
    """Planning the round of the board shown: on first showing the tab, after a filter changes, after calibrating."""

    settings: Settings
    notebook: ttk.Notebook
    words: WordList
    plan_view: PlanView
    path_panel: PathPanel
    hint: HintBar
    board: Board | None
    values: dict[str, int]
    book: VerdictBook  # the game's verdicts, shared with the app
    rounds: Rounds  # the plans and ticks of the last boards, for a board the player comes back to
    _round: tuple | None  # the key of the board shown
    _planned: bool  # whether the Plan tab shows a plan of the last solve

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
        if not self._planned and self.board is not None and self._round is not None:
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
        kept, left_out = apply(words.solutions, filters, words.marks)  # marks with the accepted words' doubts lifted
        kept, left_out["refused"] = without_refused(kept, words.verdicts)  # a refused swipe costs time for nothing
        table = self.book.learned(words.language.code, words.marks, self.settings.acceptance_table()) \
            if words.language is not None else self.settings.acceptance_table()
        chance = with_verdicts(chance_of(words.marks, table), words.verdicts)
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

    def toggle_plan(self) -> None:
        """Switch between the Words and Plan tabs, the focus in the list shown."""
        if self.plan_shown:
            self.notebook.select(self.words)
            self.words.focus_list()
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
            self.path_panel.board_view.clear_heat()

    def _on_timing(self, seconds: float, timing: Timing) -> None:
        """Remember a new round length and timing; the app saves them."""
        self.settings.plan_seconds = seconds
        self.settings.timing = {"per_word": timing.per_word, "per_letter": timing.per_letter,
                                "per_cell": timing.per_cell}
        self.event_generate("<<SettingsChanged>>")

    def ask_calibrate(self) -> None:
        """Open the calibration window on this board; a kept timing replans and is remembered."""
        from ruzzle_gui.app.plan.calibrate import CalibrateDialog  # loaded on demand: most sessions never calibrate

        if self.board is None or not self.words.solutions:
            self.hint.flash(_("Solve a board first: calibration traces some of its words"))
            return
        self.plan_view.stop()
        self.calibrate_dialog = CalibrateDialog(self, self.board, self.values, self.words.solutions,
                                                self.plan_view.timing, self.keep_timing)

    def keep_timing(self, timing: Timing) -> None:
        """Use ``timing`` for plans from now on, and remember it."""
        self.plan_view.set_timing(self.plan_view.seconds, timing)
        self._on_timing(self.plan_view.seconds, timing)
