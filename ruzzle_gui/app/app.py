"""App: one main window that moves through letter entry, bonus entry and results."""
from __future__ import annotations

import functools
import sys
import tkinter as tk
from tkinter import ttk

from ruzzle_gui.app.ahead import SearchAhead
from ruzzle_gui.app.bonuses.bonuses import BonusEntry
from ruzzle_gui.app.drop import enable_drop
from ruzzle_gui.app.edit_menu import EditMenu
from ruzzle_gui.app.file_opener import FileOpener
from ruzzle_gui.app.focus_order import follow_layout
from ruzzle_gui.app.keys_help import KeysWindow
from ruzzle_gui.app.letters.letters import LetterEntry
from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.hint import NOTICE_MS
from ruzzle_gui.app.menu import MenuBar
from ruzzle_gui.app.plan_tab import PlanTab
from ruzzle_gui.app.settings import Kept
from ruzzle_gui.app.solve_runner import INLINE_CELLS, SolveRunner
from ruzzle_gui.app.startup import default_state, language_names
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.step_bar import StepBar
from ruzzle_gui.app.text import i18n
from ruzzle_gui.app.text.i18n import N_, _, board_language_name, format_number, ngettext
from ruzzle_gui.app.text.retranslate import EVENT as LANGUAGE_CHANGED
from ruzzle_gui.app.text.retranslate import retranslate_tree
from ruzzle_gui.app.undo import Deed, StepName
from ruzzle_gui.app.watch.watching import ScreenWatch
from ruzzle_gui.app.window import SMALLEST_WINDOW as SMALLEST_WINDOW  # importable from here, as before
from ruzzle_gui.app.window import bind_select_all, on_event, place_window, set_icon
from ruzzle_gui.app.words.results import Results
from ruzzle_gui.app.words.results_list import COLUMNS
from ruzzle_gui.board import Board
from ruzzle_gui.language import Language, load_language

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ruzzle_gui.app.history.history_view import HistoryScreen
    from ruzzle_gui.app.practice.practice_round import PracticeScreen
    from ruzzle_gui.app.practice.round_setup import RoundSetup
    from ruzzle_gui.app.screen import Screen
    from ruzzle_gui.store import Store

TITLE = N_("Ruzzle Solver")
# Settings are saved this long after the last change, so dragging the speed
# slider writes the file once, not at every step.
SAVE_DELAY_MS = 300
DROP_DELAY_MS = 300



class App:
    """The Ruzzle solver's main window; build it, then call ``mainloop``.

    A benchmark or test can drive it without the event loop: ``App(root, state)``,
    then ``letters.type_text(...)``, ``show_bonuses()``, ``solve()`` and read
    ``results.shown``.
    """

    def __init__(self, root: tk.Tk | tk.Toplevel | None = None, state: AppState | None = None) -> None:
        self.root = root if root is not None else tk.Tk(className="ruzzle-gui")
        self.state = state if state is not None else default_state()
        theme.apply_theme(self.root, self.state.settings.theme)
        self._icon = set_icon(self.root)
        self.runner = SolveRunner(self)
        self.languages = language_names(self.state.language)
        self.step_bar = StepBar(self.root, (self.show_letters, self.show_bonuses, self.solve), self.toggle_theme)
        self.step_bar.pack(fill="x")
        self.step_labels, self.theme_button = self.step_bar.step_labels, self.step_bar.theme_button
        self.root.bind("<Control-D>", lambda _event: self.toggle_theme())
        self.body = body = ttk.Frame(self.root)
        body.pack(fill="both", expand=True)
        # Whenever the board on screen changes and is complete, its words are searched once Tk is idle.
        self.ahead = SearchAhead(self.root, INLINE_CELLS)
        self.letters: LetterEntry  # built below, once the search ahead it calls on each change exists
        ahead = functools.partial(self.ahead.schedule, lambda: self.letters.entry_ok(), lambda: self.language)

        def board_shown() -> None:  # each board drawn on Letters or Bonuses: a step for Undo if it changed
            self.state.history.observe()
            ahead()
        self.letters = LetterEntry(body, self.state, self.languages, on_next=self.show_bonuses, on_solve=self.solve,
                                   on_paste_image=self.paste_image, on_change=board_shown)
        self.bonuses = BonusEntry(body, self.state, on_back=self.show_letters, on_solve=self.solve,
                                  on_change=board_shown)
        self.results = Results(body, self.state.settings, on_back=self.show_bonuses,
                               on_edit=self.show_letters, on_new_game=self.new_game, plan_tab=PlanTab,
                               book=self.state.verdicts, on_deed=self.state.history.did)
        self.bonuses.align(self.letters)
        self.screen: Screen = self.letters  # the first shown (show_letters, below)
        self.opener = FileOpener(self)
        self.reader = self.opener.reader  # the screenshot reader, which watch mode and the tests look at
        self.menu = MenuBar(self.root, on_open=self.opener.ask_open, on_open_recent=self.open_board,
                            on_keys=self.show_keys, on_quit=self.close,
                            on_open_screenshot=self.opener.ask_open_screenshot, on_paste_image=self.paste_image,
                            on_read_screen=self.opener.read_screen, on_interface_language=self.set_interface_language,
                            on_practice=self.practise_new_board, on_practice_board=self.practise_board_shown,
                            on_history=self.show_history,
                            interface_language=self.state.settings.interface_language)
        self.watch = ScreenWatch(self)
        self.menu.show_recent(self.state.settings.recent_boards)
        self.edit_menu = EditMenu(self.root, self.menu, on_undo=self.undo, on_redo=self.redo,
                                  on_acceptance=self.show_acceptance)
        self.state.history.listener = lambda: self.edit_menu.show(self.state.history.undo_name,
                                                                  self.state.history.redo_name)
        self.keys_window: KeysWindow | None = None
        # Practice and History are built (and their modules imported) when first asked for: start-up pays nothing.
        self._practice: PracticeScreen | None = None
        self._history: HistoryScreen | None = None
        self._save_id: str | None = None
        self._store: Store | None = None  # one for the session: a round it could not save, it holds in memory
        self._close_unsaved = False  # set when a close could not save: the next close quits anyway
        self._bind_keys()
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        place_window(self.root)
        self.show_letters()
        self.state.history.reset()  # the board the app opened with is where Undo stops
        self._show_notices()
        # tkdnd takes about 15 ms to load: after the window is up, not before it.
        self._drop_id: str | None = self.root.after(DROP_DELAY_MS, self._enable_drop)

    def _bind_keys(self) -> None:
        """Bind the keys that work on every screen, and Ctrl+A in every text box."""
        root = self.root
        root.bind("<Return>", self._on_return)
        root.bind("<KP_Enter>", self._on_return)
        root.bind("<Escape>", lambda _event: self.screen.on_escape())
        # Before Tk's own Tab binding (on "all") moves the focus, order it as laid out now.
        for sequence in ("<Tab>", "<<PrevWindow>>"):
            root.bind(sequence, lambda _event: follow_layout(self.body))  # the screen shown is the one laid out
        root.bind("<F1>", lambda _event: self.show_keys())
        for key in "oO":
            root.bind(f"<Control-{key}>", lambda _event: self.opener.ask_open())
        for key, action in (("O", self.opener.ask_open_screenshot), ("V", self.paste_image),
                            ("R", self.opener.read_screen)):
            for sequence in (f"<Control-Shift-{key}>", f"<Control-Shift-{key.lower()}>"):
                root.bind(sequence, on_event(action))
        for key, action in (("P", self.practise_new_board), ("H", self.show_history)):
            for sequence in (f"<Control-Shift-{key}>", f"<Control-Shift-{key.lower()}>"):
                root.bind(sequence, on_event(action))
        for key in "qQ":
            root.bind(f"<Control-{key}>", lambda _event: self.close())
        for number, column in enumerate(COLUMNS, 1):
            root.bind(f"<Control-Key-{number}>", on_event(functools.partial(self._sort_by, column)))
        root.bind("<<SettingsChanged>>", lambda _event: self.save_soon())
        root.bind(LANGUAGE_CHANGED, lambda event: self.retranslate() if event.widget is root else None)
        bind_select_all(root)

    def toggle_theme(self) -> None:
        """Switch between light and dark mode, and remember the choice."""
        self.state.settings.theme = theme.apply_theme(
            self.root, "light" if theme.mode(self.root) == "dark" else "dark")
        self.step_bar.label_theme_button()
        self.save_settings()  # a save that fails is said in the window, not only on stderr

    def set_interface_language(self, code: str | None) -> None:
        """Speak ``code`` (None: the system's language) from now on, the board kept, and remember the choice."""
        self.state.settings.interface_language = code
        i18n.set_language(i18n.choose_language(code))
        self.menu.interface_language.set(code or "")
        self.root.event_generate(LANGUAGE_CHANGED)
        self.save_settings()

    def retranslate(self) -> None:
        """Fetch every text on screen again in the interface language (on ``<<LanguageChanged>>``)."""
        retranslate_tree(self.root)
        self.edit_menu.show(self.state.history.undo_name, self.state.history.redo_name)
        self.step_bar.label_theme_button()
        self._show_title()
        self.results.words.note_label.configure(text=self.runner.note())
        if self.screen is not self.results:
            self.screen.refresh()

    def switch_to(self, screen: LetterEntry | BonusEntry | Results | PracticeScreen | HistoryScreen, step: int,
                  title: str) -> None:
        """Show ``screen`` in place of the current one and mark its step (-1: none); ``title`` names it (its msgid).

        A practice round playing is ended first (the player asked if words were found); a No stays.
        """
        if self.screen is self._practice and screen is not self._practice and not self._practice.may_leave():
            return
        if self.screen is not screen:
            self.screen.pack_forget()
        screen.pack(fill="both", expand=True)
        self.screen = screen
        self.step_bar.mark(step)
        self._title = title
        self._show_title()
        screen.refresh()

    # ------------------------------------------------------------ practice and history

    @property
    def practice(self) -> PracticeScreen:
        """Return the practice screen, built on first use."""
        if self._practice is None:
            from ruzzle_gui.app.practice.practice_round import PracticeScreen

            self._practice = PracticeScreen(self.body, self.state.settings, on_leave=self.show_letters,
                                            keep=self.keep_round,
                                            verdicts_of=lambda code: self.state.verdicts.verdicts(code))
        return self._practice

    @property
    def history_screen(self) -> HistoryScreen:
        """Return the History screen, built on first use."""
        if self._history is None:
            from ruzzle_gui.app.history.history_view import HistoryScreen
            self._history = HistoryScreen(self.body, self.state.settings, open_store=lambda: self.store,
                                          on_leave=self.show_letters)
        return self._history

    @property
    def store(self) -> Store:
        """Return the session's store of rounds (opened, with sqlite3 imported, on first use)."""
        if self._store is None:
            from ruzzle_gui.store import Store

            self._store = Store()
        return self._store

    def practise_new_board(self) -> None:
        """Play a practice round on a new random board in the chosen language."""
        self.practise(Board.random(self.language, 4, 4))

    def practise_board_shown(self) -> None:
        """Play a practice round on the board typed, or say what keeps it from being played."""
        board = self.letters.check_entry()
        if board is None:
            self.show_letters()
            self.letters.check_entry()
            return
        self.practise(board)

    def practise(self, board: Board) -> None:
        """Show the practice screen and start a round on ``board``."""
        self.cancel_solve()
        self.results.stop_animation()
        self.switch_to(self.practice, -1, N_("Practice"))
        if self.screen is self._practice:
            self.practice.start(board, self.language)

    def show_history(self) -> None:
        """Show the History screen, its rounds read afresh from the store."""
        self.cancel_solve()
        self.results.stop_animation()
        history = self.history_screen
        history.language = history.language or self.language.code
        self.switch_to(history, -1, N_("History"))

    def keep_round(self, setup: RoundSetup, seconds: float) -> str | None:
        """Keep a practice round in the store; return what the player should hear (not saved, a damaged file)."""
        from ruzzle_gui.store import Round, RoundWord, StoreError, utc_now

        practice = setup.practice
        review = practice.review()
        store = self.store
        store.notices.clear()
        problem = None
        try:
            store.add_round(Round(setup.language.code, setup.board.to_text(), round(seconds, 2), practice.score,
                                  tuple(RoundWord(*p) for p in practice.played), review.possible_words,
                                  review.possible_points, utc_now()))
        except StoreError as err:
            # The store keeps the round in memory: History shows it until the app closes, and the next save saves it.
            problem = _("This round was not saved ({problem}): it is kept until the app closes").format(
                problem=str(err).removeprefix("not saved: "))
        finally:
            store.close()
        said = [*store.notices, *([problem] if problem else [])]
        return " · ".join(said) or None

    def _show_title(self) -> None:
        """Name the app and the screen shown in the window's title."""
        if self._title == "words":
            words = len(self.results.solutions)
            title = ngettext("{count} word ({language})", "{count} words ({language})", words).format(
                count=format_number(words), language=board_language_name(self.language))
        else:
            title = _(self._title)
        # TRANSLATORS: the window's title: the app's name, then the screen's ("Letters", "17 words (Italian)").
        self.root.title(_("{app} · {screen}").format(app=_(TITLE), screen=title))

    def show_letters(self) -> None:
        """Show the letter window, keeping whatever was typed."""
        self.cancel_solve()
        self.results.stop_animation()
        self.switch_to(self.letters, 0, N_("Letters"))

    def show_bonuses(self) -> None:
        """Show the bonus window, or the letter window with a hint if the letters are incomplete."""
        self.cancel_solve()
        self.results.stop_animation()
        if self.letters.check_entry() is None:
            self.switch_to(self.letters, 0, N_("Letters"))
        else:
            self.switch_to(self.bonuses, 1, N_("Bonuses"))

    def show_results(self) -> None:
        """Show the results window as it stands."""
        self.switch_to(self.results, 2, "words")

    @property
    def language(self) -> Language:
        """Return the language chosen in the state."""
        return load_language(self.state.language)

    def load_board(self, board: Board, step: str | StepName = N_("board")) -> None:
        """Put ``board``'s shape, letters and bonuses into the state and show them; Undo calls it ``step``."""
        with self.state.history.step(step):
            self.letters.forget_read()
            self.state.load_board(board)
        self.letters.cursor = 0
        self.screen.refresh()


    # ------------------------------------------------------------ solving (SolveRunner)

    def solve(self, background: bool | None = None) -> None:
        """Solve the typed board and show the words; boards above 5x5 (or with ``background``) on a worker thread."""
        self.runner.solve(background)

    @property
    def solving(self) -> bool:
        """Return True while a background solve is running."""
        return self.runner.solving

    def cancel_solve(self) -> None:
        """Stop a running background solve: its thread ends and its words are never shown."""
        self.runner.cancel()

    def _sort_by(self, column: str) -> None:
        """Sort the word list by ``column`` (again: reverse it), when the words are shown."""
        if self.screen is self.results and self.results.solutions:
            self.results.sort_by(column)

    def _show_notices(self) -> None:
        """Show on the letter window what went wrong before it opened (a language, a board file)."""
        if self.state.notices:
            self.letters.hint.flash(" · ".join(self.state.notices), ms=NOTICE_MS)
            self.state.notices.clear()

    def _enable_drop(self) -> None:
        """Accept board files dropped on the window, where tkdnd loads."""
        self._drop_id = None
        self.drop_problem = enable_drop(self.body, self.open_dropped)

    def show_keys(self) -> None:
        """Open the Help → Keys window, or bring it forward if it is open."""
        if self.keys_window is not None and self.keys_window.winfo_exists():
            self.keys_window.lift()
            self.keys_window.close_button.focus_set()
            return
        self.keys_window = KeysWindow(self.root)


    def show_acceptance(self) -> None:
        """Open Edit → Word acceptance: the planner's table learned from the game's verdicts, with Reset."""
        from ruzzle_gui.app.word_acceptance import AcceptanceWindow  # loaded on demand: a rare window

        self.acceptance_window = AcceptanceWindow(self.root, self.state.verdicts, self.language,
                                                  self.state.settings.acceptance_table())

    # ------------------------------------------------------------ opening boards (FileOpener)

    def open_board(self, path: str) -> bool:
        """Put the board in file ``path`` on the letter window; say in the window why not. Return True if opened."""
        return self.opener.open_board(path)

    def open_dropped(self, path: str) -> None:
        """Open a dropped file: an image goes to the screenshot reader, anything else is a board file."""
        self.opener.open_dropped(path)

    def open_screenshot(self, path: str) -> None:
        """Read the board in image file ``path`` (on a worker thread) and show it to be checked."""
        self.opener.open_screenshot(path)

    def paste_image(self) -> None:
        """Read the board in the image on the clipboard."""
        self.opener.paste_image()

    def show_reading(self, reading, name: str) -> None:
        """Put a board read from an image on the letter window to be checked; Enter then solves it."""
        self.opener.show_reading(reading, name)

    def save_soon(self) -> None:
        """Save the settings shortly, once a burst of changes (a slider drag) is over."""
        if self._save_id is not None:
            self.root.after_cancel(self._save_id)
        self._save_id = self.root.after(SAVE_DELAY_MS, self.save_settings)

    def save_settings(self) -> None:
        """Save the settings now; say on the current window if they could not be saved."""
        if self._save_id is not None:
            self.root.after_cancel(self._save_id)
            self._save_id = None
        problem = self.state.save()
        if problem:
            print(f"ruzzle-gui: {problem}", file=sys.stderr)
            self.screen.hint.flash(problem[:1].upper() + problem[1:], error=not isinstance(problem, Kept))

    def new_game(self) -> None:
        """Clear the board and start again at the letter window."""
        with self.state.history.step(N_("New game")):
            self.letters.forget_read()
            self.state.clear()
        self.letters.cursor = 0
        self.show_letters()
        self.letters.hint.flash(_("New game: type the letters of the next board · Ctrl+Z brings the last board back")
                                if self.state.history.undo_name == _("New game") else
                                _("New game: type the letters of the next board"), error=False)

    def undo(self) -> None:
        """Put the board back as it was before the last change."""
        name = self.state.history.undo_name
        self._show_step(self.state.history.undo(), _("Undone: {step}").format(step=name), _("Nothing to undo"))

    def redo(self) -> None:
        """Make the last change undone again."""
        name = self.state.history.redo_name
        self._show_step(self.state.history.redo(), _("Redone: {step}").format(step=name), _("Nothing to redo"))

    def _show_step(self, snapshot, done: str, nothing: str) -> None:
        """Show the board ``snapshot`` holds and say ``done`` (None: say ``nothing``), on Bonuses if it is up,
        else on Letters: a board changed under the word list is no longer the one solved."""
        screen = self.bonuses if self.screen is self.bonuses else self.letters
        if snapshot is None or isinstance(snapshot, Deed):  # a deed (a verdict) undid or redid itself
            self.screen.hint.flash(nothing if snapshot is None else done, error=False)
            return
        self.cancel_solve()
        self.results.stop_animation()
        self.state.restore(snapshot)
        for entry in (self.letters, self.bonuses):
            entry.cursor = min(entry.cursor, self.state.size - 1)
        self.switch_to(screen, 0 if screen is self.letters else 1,
                     N_("Letters") if screen is self.letters else N_("Bonuses"))
        screen.hint.flash(_("{done} · Ctrl+Z undo, Ctrl+Shift+Z redo").format(done=done), error=False)

    def _on_return(self, event: tk.Event) -> str:
        """Enter presses a focused button, otherwise it is the current window's main action."""
        if isinstance(event.widget, ttk.Button):
            event.widget.invoke()
        else:
            self.screen.on_return()
        return "break"

    def close(self) -> None:
        """Save the settings and close the window."""
        self.watch.stop(message=None)
        self.cancel_solve()
        self.results.stop_animation()
        if self._drop_id is not None:
            self.root.after_cancel(self._drop_id)
        if self._save_id is not None:
            self.root.after_cancel(self._save_id)
        problem = None if self._close_unsaved else self.state.save()
        if isinstance(problem, Kept):  # saved: the damaged file kept aside is said where the player looks next
            print(f"ruzzle-gui: {problem}", file=sys.stderr)
        elif problem:
            # The window stays, so the player reads why; closing again quits without saving.
            print(f"ruzzle-gui: {problem}", file=sys.stderr)
            self._close_unsaved = True
            self.screen.hint.flash(_("{problem} · close again to quit without saving").format(
                problem=problem[:1].upper() + problem[1:]), ms=NOTICE_MS)
            return
        self.root.destroy()

    def mainloop(self) -> None:
        """Run the Tk event loop until the window closes."""
        self.root.mainloop()

