"""PlanTab: the Plan tab of the Words screen: it plans what the word list keeps, and keeps each board's round.

Where the Words screen and the Plan meet, outside both rooms: the App hands this class
to ``Results`` (``Results(plan_tab=PlanTab)``), which builds it once, with itself, and
sees it as a ``PlanPane`` (app/plan_pane.py). It builds the ``PlanView`` in the screen's
notebook, lights the planned words on the screen's board, binds the screen's keys on
the tab, offers Calibrate and keeps the pace in the settings.
"""
from __future__ import annotations

from ruzzle_gui.acceptance import chance_of
from ruzzle_gui.app.look.hint import bind_shortcut
from ruzzle_gui.app.plan.pace import first_plan_offer
from ruzzle_gui.app.plan.plan_view import PlanView
from ruzzle_gui.app.plan.round_state import Rounds, round_key
from ruzzle_gui.app.text.i18n import _, underlined
from ruzzle_gui.app.words.results import Results
from ruzzle_gui.app.words.word_summary import filters_line
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Solution
from ruzzle_gui.plan import Chance, Timing
from ruzzle_gui.verdicts import with_verdicts, without_refused
from ruzzle_gui.word_filters import apply

MIN_TILE_MS = 30  # Play plan lights a path at the planned pace per letter, but never faster than the eye follows


class PlanTab:
    """Planning the round of the board shown: on first showing the tab, after a filter changes, after calibrating."""

    def __init__(self, results: Results) -> None:
        self.results = results
        settings = results.settings
        self.plan_view = view = PlanView(results.notebook, self._play_word, seconds=settings.plan_seconds,
                                         timing=settings.plan_timing(), show_heat=self._show_heat,
                                         on_timing=self._on_timing)
        view.calibrate_button.configure(command=self.ask_calibrate)
        view.pace_line.calibrate_button.configure(command=self.ask_calibrate)
        self._planned = False  # whether the tab shows a plan of the last solve
        self.rounds = Rounds()  # the plans and ticks of the last boards, for a board the player comes back to
        self._round: tuple | None = None  # the key of the board shown
        results.notebook.add(view, **underlined(_("Plan"), "p"))
        results.notebook.bind("<<NotebookTabChanged>>", lambda _event: self._on_tab_changed())
        self._bind_keys()

    def _bind_keys(self) -> None:
        """Bind the screen's keys on the tab and the notebook: Ctrl+P, Ctrl+N, Ctrl+E, Alt+C, Alt+E, Alt+D, R, A."""
        results, plan = self.results, self.plan_view
        planning = (plan.tree, plan.left_box, plan.play_button, plan.stop_button, plan.replan_button, plan.heat_box,
                    plan.timing_toggle, plan.apply_button, plan.calibrate_button, *plan.timing_boxes,
                    results.notebook)
        bind_shortcut(planning, "<Control-p>", self.toggle_plan)
        bind_shortcut(planning, "<Control-n>", results.on_new_game)
        bind_shortcut(planning, "<Control-e>", results.on_edit)
        bind_shortcut(planning, "<Alt-c>", self.ask_calibrate)
        bind_shortcut(planning, "<Alt-e>", results.words.toggle_everyday)
        bind_shortcut(planning, "<Alt-d>", results.words.toggle_doubtful)
        # Wherever the focus is on the Play plan side, but the boxes one types in.
        results.bind_verdict_keys((plan.tree, plan.play_button, plan.stop_button, plan.replan_button, plan.heat_box,
                                   plan.timing_toggle, results.notebook))

    @property
    def plan_shown(self) -> bool:
        """Return True if the Plan tab is the one showing."""
        return self.results.notebook.select() == str(self.plan_view)

    @property
    def playing(self) -> bool:
        """Return True while Play plan runs."""
        return self.plan_view.playing

    def play(self) -> None:
        """Play the plan from the first word not ticked."""
        self.plan_view.play()

    def stop(self) -> None:
        """Stop Play plan."""
        self.plan_view.stop()

    def new_round(self, board: Board, language_code: str) -> None:
        """Keep the round shown, then plan ``board``'s when the tab shows (a fresh solve).

        Showing, it is planned once the list is drawn: the words come first.
        """
        self._keep_round()
        self._round, self._planned = round_key(board, language_code), False
        if self.plan_shown:
            self.results.after_idle(self.show_plan)

    def show_plan(self) -> None:
        """Show the Plan tab, planning the last solve's round if it is not planned yet.

        A board planned before (the player went back to it) gets its plan and ticks back.
        """
        results, view = self.results, self.plan_view
        if not self.plan_shown:
            results.notebook.select(view)  # its tab-changed event comes later, and finds it planned
        if not self._planned and results.board is not None and self._round is not None:
            self._planned = True
            words, chance, filters = self.plan_words()
            kept = self.rounds.get(self._round)
            if kept is not None and kept.plan.timing == view.timing:
                view.restore(kept.plan, kept.solutions, results.board, kept.played)
                if set(kept.solutions) != set(words):  # a filter changed since: plan what the list shows now
                    view.set_words(words, chance, filters)
                else:
                    view.chance = chance
                    view.filters_label.configure(text=filters)
            else:
                view.show(words, results.board, chance=chance, filters=filters)
            self._offer_calibrate()
        view.update_heat()

    def plan_words(self) -> tuple[list[Solution], Chance, str]:
        """Return the words the list's shared filters keep, their chance of acceptance, and the filters line."""
        words, settings = self.results.words, self.results.settings
        filters = words.filters()
        kept, left_out = apply(words.solutions, filters, words.marks)  # marks with the accepted words' doubts lifted
        kept, left_out["refused"] = without_refused(kept, words.verdicts)  # a refused swipe costs time for nothing
        table = self.results.book.learned(words.language.code, words.marks, settings.acceptance_table()) \
            if words.language is not None else settings.acceptance_table()
        chance = with_verdicts(chance_of(words.marks, table), words.verdicts)
        return kept, chance, filters_line(filters, left_out, words.marks)

    def follow_filters(self) -> None:
        """The list's shared filters changed: plan the words they keep for the time left, keeping the ticks."""
        if self._planned and self.results.board is not None:
            kept, chance, filters = self.plan_words()
            self.plan_view.set_words(kept, chance, filters)

    def word_to_judge(self) -> Solution | None:
        """Return the word a verdict on the Plan tab is for: the word playing, else the one selected."""
        view = self.plan_view
        number: int | None = view.current if view.playing else None
        if number is None and view.tree.selection():
            number = int(view.tree.selection()[0])
        return None if number is None else view.plan.steps[number].solution

    def retranslate(self) -> None:
        """Say the plan's filters again in the interface language."""
        if self.results.solutions and self._planned:
            self.plan_view.filters_label.configure(text=self.plan_words()[2])

    def _keep_round(self) -> None:
        """Remember the plan and ticks of the board shown, before another solve replaces them."""
        if self._planned and self._round is not None:
            view = self.plan_view
            self.rounds.save(self._round, view.plan, view.solutions, view.played)

    def _offer_calibrate(self) -> None:
        """On the first plan ever, say what pace it assumes and offer Calibrate (once)."""
        settings = self.results.settings
        if not settings.pace_offered:
            settings.pace_offered = True
            self.results.hint.flash(first_plan_offer(self.plan_view.timing), error=False, ms=15000)
            self.results.event_generate("<<SettingsChanged>>")

    def toggle_plan(self) -> None:
        """Switch between the Words and Plan tabs, the focus in the list shown."""
        if self.plan_shown:
            self.results.notebook.select(self.results.words)
            self.results.words.focus_list()
        else:
            self.show_plan()
            tree = self.plan_view.tree
            tree.focus_set()
            children = tree.get_children()
            if children and not tree.focus():
                tree.focus(children[0])
                tree.selection_set(children[0])

    def _on_tab_changed(self) -> None:
        """Plan on first showing the Plan tab; leaving it stops Play plan and hides the heat map."""
        if self.plan_shown:
            self.show_plan()
        else:
            self.plan_view.stop()
            self.results.path_panel.board_view.clear_heat()

    def _play_word(self, solution: Solution) -> None:
        """Light a planned word's path at the planned pace per letter."""
        self.results.animate(solution, delay_ms=max(round(self.plan_view.timing.per_letter * 1000), MIN_TILE_MS))

    def _show_heat(self, values: list[int] | None) -> None:
        """Draw the plan's heat map on the board, or remove it (None)."""
        self.results.path_panel.show_heat(values)

    def _on_timing(self, seconds: float, timing: Timing) -> None:
        """Remember a new round length and timing; the app saves them."""
        settings = self.results.settings
        settings.plan_seconds = seconds
        settings.timing = {"per_word": timing.per_word, "per_letter": timing.per_letter,
                           "per_cell": timing.per_cell}
        self.results.event_generate("<<SettingsChanged>>")

    def ask_calibrate(self) -> None:
        """Open the calibration window on this board; a kept timing replans and is remembered."""
        from ruzzle_gui.app.plan.calibrate import CalibrateDialog  # loaded on demand: most sessions never calibrate

        results = self.results
        if results.board is None or not results.words.solutions:
            results.hint.flash(_("Solve a board first: calibration traces some of its words"))
            return
        self.plan_view.stop()
        self.calibrate_dialog = CalibrateDialog(results, results.board, results.values, results.words.solutions,
                                                self.plan_view.timing, self.keep_timing)

    def keep_timing(self, timing: Timing) -> None:
        """Use ``timing`` for plans from now on, and remember it."""
        self.plan_view.set_timing(self.plan_view.seconds, timing)
        self._on_timing(self.plan_view.seconds, timing)
