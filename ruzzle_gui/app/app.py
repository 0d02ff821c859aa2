"""App: one main window that moves through letter entry, bonus entry and results."""
from __future__ import annotations

import functools
import sys
import time
import tkinter as tk
import traceback
from pathlib import Path
from tkinter import ttk

from ruzzle_gui.app import i18n, theme
from ruzzle_gui.app.ahead import SearchAhead
from ruzzle_gui.app.bonuses import BonusEntry
from ruzzle_gui.app.drop import enable_drop
from ruzzle_gui.app.edit_menu import EditMenu
from ruzzle_gui.app.focus_order import follow_layout
from ruzzle_gui.app.i18n import N_, _, board_language_name, format_number, ngettext
from ruzzle_gui.app.keys_help import KeysWindow
from ruzzle_gui.app.letters import LetterEntry
from ruzzle_gui.app.menu import MenuBar
from ruzzle_gui.app.reading import BoardReader, image_files, is_image_file
from ruzzle_gui.app.results import Results
from ruzzle_gui.app.results_list import COLUMNS
from ruzzle_gui.app.retranslate import EVENT as LANGUAGE_CHANGED
from ruzzle_gui.app.retranslate import retranslate_tree
from ruzzle_gui.app.solving import EXPECTED_ERRORS, SolveJob
from ruzzle_gui.app.startup import default_state, language_names
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.watching import ScreenWatch
from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.graph import Graph
from ruzzle_gui.language import Language, load_language

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ruzzle_gui.app.screen import Screen

TITLE = N_("Ruzzle Solver")
STEPS = (N_("1  Letters"), N_("2  Bonuses"), N_("3  Words"))
# Up to 5x5 the solve takes a few tens of milliseconds: run it inline so the
# words appear at once. Larger boards go to a worker thread.
INLINE_CELLS = 25
POLL_MS = 40
CANCEL_WAIT_S = 1.0
BUSY_SWITCH_INTERVAL = 0.001  # seconds; Python's default is 0.005
# Settings are saved this long after the last change, so dragging the speed
# slider writes the file once, not at every step.
SAVE_DELAY_MS = 300
NOTICE_MS = 15000
DROP_DELAY_MS = 300
# Window sizes in 96-DPI pixels: the first size, and the smallest that shows every
# screen whole (the Words screen's list columns and board controls set the width).
WINDOW_SIZE = (1060, 740)
SMALLEST_WINDOW = (1020, 560)
TEXT_FIELDS = ("TEntry", "TSpinbox", "TCombobox", "Entry", "Spinbox")



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
        self._icon = self._set_icon()
        self._solve_job: SolveJob | None = None
        self._poll_id: str | None = None
        self._switch_interval = sys.getswitchinterval()
        self.languages = language_names(self.state.language)
        self._build_steps()
        self.body = body = ttk.Frame(self.root)
        body.pack(fill="both", expand=True)
        # Whenever the board on screen changes and is complete, its words are searched once Tk is idle.
        self.ahead = SearchAhead(self.root, INLINE_CELLS)
        ahead = functools.partial(self.ahead.schedule, lambda: self.letters.entry_ok(), lambda: self.language)

        def board_shown() -> None:  # each board drawn on Letters or Bonuses: a step for Undo if it changed
            self.state.history.observe()
            ahead()
        self.letters = LetterEntry(body, self.state, self.languages, on_next=self.show_bonuses, on_solve=self.solve,
                                   on_paste_image=self.paste_image, on_change=board_shown)
        self.bonuses = BonusEntry(body, self.state, on_back=self.show_letters, on_solve=self.solve,
                                  on_change=board_shown)
        self.results = Results(body, self.state.settings, on_back=self.show_bonuses,
                               on_edit=self.show_letters, on_new_game=self.new_game)
        self.bonuses.align(self.letters)
        self.screen: Screen | None = None
        self.menu = MenuBar(self.root, on_open=self.ask_open, on_open_recent=self.open_board,
                            on_keys=self.show_keys, on_quit=self.close,
                            on_open_screenshot=self.ask_open_screenshot, on_paste_image=self.paste_image,
                            on_read_screen=self.read_screen, on_interface_language=self.set_interface_language,
                            interface_language=self.state.settings.interface_language)
        self.reader = BoardReader(self.root, lambda: self.language, on_busy=self._reading,
                                  on_read=self.show_reading, on_failed=self._read_failed)
        self.watch = ScreenWatch(self)
        self.menu.show_recent(self.state.settings.recent_boards)
        self.edit_menu = EditMenu(self.root, self.menu, on_undo=self.undo, on_redo=self.redo)
        self.state.history.listener = lambda: self.edit_menu.show(self.state.history.undo_name,
                                                                  self.state.history.redo_name)
        self.keys_window: KeysWindow | None = None
        self._save_id: str | None = None
        self._close_unsaved = False  # set when a close could not save: the next close quits anyway
        self._bind_keys()
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self._place_window()
        self.show_letters()
        self.state.history.reset()  # the board the app opened with is where Undo stops
        self._show_notices()
        # tkdnd takes about 15 ms to load: after the window is up, not before it.
        self._drop_id = self.root.after(DROP_DELAY_MS, self._enable_drop)

    def _bind_keys(self) -> None:
        """Bind the keys that work on every screen, and Ctrl+A in every text box."""
        root = self.root
        root.bind("<Return>", self._on_return)
        root.bind("<KP_Enter>", self._on_return)
        root.bind("<Escape>", lambda _event: self.screen.on_escape())
        # Before Tk's own Tab binding (on "all") moves the focus, order it as laid out now.
        for sequence in ("<Tab>", "<<PrevWindow>>"):
            root.bind(sequence, lambda _event: follow_layout(self.screen))
        root.bind("<F1>", lambda _event: self.show_keys())
        for key in "oO":
            root.bind(f"<Control-{key}>", lambda _event: self.ask_open())
        for key, action in (("O", self.ask_open_screenshot), ("V", self.paste_image), ("R", self.read_screen)):
            for sequence in (f"<Control-Shift-{key}>", f"<Control-Shift-{key.lower()}>"):
                root.bind(sequence, lambda _event, act=action: act())
        for key in "qQ":
            root.bind(f"<Control-{key}>", lambda _event: self.close())
        for number, column in enumerate(COLUMNS, 1):
            root.bind(f"<Control-Key-{number}>", lambda _event, c=column: self._sort_by(c))
        root.bind("<<SettingsChanged>>", lambda _event: self.save_soon())
        root.bind(LANGUAGE_CHANGED, lambda event: self.retranslate() if event.widget is root else None)
        for field in TEXT_FIELDS:
            for key in "aA":
                root.bind_class(field, f"<Control-{key}>", functools.partial(select_all, root))

    def _set_icon(self) -> tk.PhotoImage | None:
        """Set the packaged PNG as the window icon; return the image so it stays alive."""
        try:
            # Beside this module; not importlib.resources, whose import costs 9 ms of start-up.
            data = (Path(__file__).resolve().parent / "icon.png").read_bytes()
            icon = tk.PhotoImage(master=self.root, data=data, format="png")
        except (OSError, tk.TclError):
            return None  # a missing icon is cosmetic: the app still works
        self.root.iconphoto(True, icon)
        return icon

    def _build_steps(self) -> None:
        """Lay out the step bar that tells the player where they are; each step is clickable."""
        bar = ttk.Frame(self.root, padding=[theme.px(self.root, p) for p in (16, 12, 16, 0)])
        bar.pack(fill="x")
        self.step_labels = []
        actions = (self.show_letters, self.show_bonuses, self.solve)
        for number, (text, action) in enumerate(zip(STEPS, actions)):
            if number:
                ttk.Label(bar, text="›", style="Muted.TLabel").pack(side="left", padx=4)
            label = ttk.Label(bar, text=_(text), style="Step.TLabel", cursor="hand2")
            label.pack(side="left")
            label.bind("<Button-1>", lambda _event, act=action: act())
            self.step_labels.append(label)
        self.theme_button = ttk.Button(bar, command=self.toggle_theme, takefocus=False)
        self.theme_button.pack(side="right")
        self._label_theme_button()
        self.root.bind("<Control-D>", lambda _event: self.toggle_theme())

    def _label_theme_button(self) -> None:
        """Name the mode the theme button switches to."""
        dark = theme.mode(self.root) == "dark"
        self.theme_button.configure(text=_("☀  Light mode") if dark else _("☾  Dark mode"))

    def toggle_theme(self) -> None:
        """Switch between light and dark mode, and remember the choice."""
        self.state.settings.theme = theme.apply_theme(
            self.root, "light" if theme.mode(self.root) == "dark" else "dark")
        self._label_theme_button()
        problem = self.state.save()
        if problem:
            print(f"ruzzle-gui: {problem}", file=sys.stderr)

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
        self._label_theme_button()
        self._show_title()
        self.results.words.note_label.configure(text=self._note())
        if self.screen is not self.results:
            self.screen.refresh()

    def _place_window(self) -> None:
        """Size the window to fit the screen and centre it."""
        screen_w, screen_h = self.root.winfo_screenwidth(), self.root.winfo_screenheight()
        px = functools.partial(theme.px, self.root)
        width, height = (min(px(size), int(screen * share)) for size, screen, share in
                         zip(WINDOW_SIZE, (screen_w, screen_h), theme.SCREEN_SHARE))
        self.root.geometry(f"{width}x{height}+{(screen_w - width) // 2}+{(screen_h - height) // 3}")
        self.root.minsize(min(px(SMALLEST_WINDOW[0]), width), min(px(SMALLEST_WINDOW[1]), height))

    def _switch(self, screen: LetterEntry | BonusEntry | Results, step: int, title: str) -> None:
        """Show ``screen`` in place of the current one and mark its step; ``title`` names it (its msgid)."""
        if self.screen is not None and self.screen is not screen:
            self.screen.pack_forget()
        screen.pack(fill="both", expand=True)
        self.screen = screen
        for number, label in enumerate(self.step_labels):
            style = "StepActive.TLabel" if number == step else "Step.TLabel"
            if label.cget("style") != style:  # a new style lays the label out afresh: only on a change
                label.configure(style=style)
        self._title = title
        self._show_title()
        screen.refresh()

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
        self._switch(self.letters, 0, N_("Letters"))

    def show_bonuses(self) -> None:
        """Show the bonus window, or the letter window with a hint if the letters are incomplete."""
        self.cancel_solve()
        self.results.stop_animation()
        if self.letters.check_entry() is None:
            self._switch(self.letters, 0, N_("Letters"))
        else:
            self._switch(self.bonuses, 1, N_("Bonuses"))

    def show_results(self) -> None:
        """Show the results window as it stands."""
        self._switch(self.results, 2, "words")

    @property
    def language(self) -> Language:
        """Return the language chosen in the state."""
        return load_language(self.state.language)

    def load_board(self, board: Board, step: str = "open") -> None:
        """Put ``board``'s shape, letters and bonuses into the state and show them; Undo calls it ``step``."""
        with self.state.history.step(step):
            self.letters.forget_read()
            self.state.load_board(board)
        self.letters.cursor = 0
        self.screen.refresh()

    def solve(self, background: bool | None = None) -> None:
        """Solve the typed board and show the words; large boards solve on a worker thread.

        ``background`` forces the choice; by default boards above 5x5 go to the thread.
        """
        self.cancel_solve()
        board = self.letters.check_entry()
        if board is None:
            self._switch(self.letters, 0, N_("Letters"))
            return
        if self.screen is not self.bonuses:
            self._switch(self.bonuses, 1, N_("Bonuses"))
        if background is None:
            background = board.rows * board.cols > INLINE_CELLS
        started = time.perf_counter()
        self.ahead.cancel()
        if background:
            self._solve_in_background(board, self.language, started)
            return
        ahead = self.ahead.take(board, self.language)
        if ahead is not None:  # searched while the Bonuses screen was up: its time counts as solving
            solutions, searched = ahead
            self._solved(board, self.language, solutions, started - searched)
            return
        try:
            solutions = Graph(board, self.language).solve()
        except EXPECTED_ERRORS as err:
            self._solve_failed(err)
            return
        except Exception as err:  # a bug: say so in the window rather than lose the board
            traceback.print_exc(file=sys.stderr)
            self._solve_failed(err)
            return
        self._solved(board, self.language, solutions, started)

    def _solved(self, board: Board, language: Language, solutions: list, started: float) -> None:
        """Fill the results window and show it."""
        elapsed = (time.perf_counter() - started) * 1000
        self._solve_note = (language, board, elapsed)
        self.results.show_solutions(board, language, solutions, self._note())
        self.results.mark_unsure(self.state.unsure)
        self.show_results()

    def _note(self) -> str:
        """Return the line over the word list saying what was solved and how fast ('' before any solve)."""
        if getattr(self, "_solve_note", None) is None:
            return ""
        language, board, elapsed = self._solve_note
        return _("{language} · {rows}×{cols} board · solved in {ms} ms").format(
            language=board_language_name(language), rows=board.rows, cols=board.cols, ms=format_number(round(elapsed)))

    def _solve_in_background(self, board: Board, language: Language, started: float) -> None:
        """Start a worker thread for the solve and poll it from the Tk thread."""
        self._solve_job = SolveJob(board, language)
        self.bonuses.set_busy(True, _("Solving the {rows}×{cols} board…").format(rows=board.rows, cols=board.cols))
        # Draw what is pending (a big board's thousands of tiles) before the worker starts:
        # drawn while it runs, every canvas call would wait for the GIL, and a 100x100
        # board's drawing outlasted the whole solve, so Esc could not stop it.
        self.root.update_idletasks()
        # While the worker runs, the Tk thread waits for the GIL after each Tcl call;
        # a 1 ms switch interval answers events within a few ms (13 ms at the default
        # 5 ms). Shorter slows the Tk thread's own drawing down by ping-ponging the GIL.
        sys.setswitchinterval(min(self._switch_interval, BUSY_SWITCH_INTERVAL))
        self._solve_job.start()
        self._poll_id = self.root.after(POLL_MS, self._poll, self._solve_job, started)

    def _poll(self, job: SolveJob, started: float) -> None:
        """Show the worker's words once it is done; keep polling until then."""
        if job is not self._solve_job:
            return
        if not job.done:
            self._poll_id = self.root.after(POLL_MS, self._poll, job, started)
            return
        self._end_solve()
        if job.error is not None:
            self._solve_failed(job.error)
        else:
            self._solved(job.board, job.language, job.solutions, started)

    def _solve_failed(self, error: Exception) -> None:
        """Say on the bonus window's hint line why the solve failed; the board stays as typed."""
        if isinstance(error, EXPECTED_ERRORS):
            self.bonuses.hint.flash(_("Cannot solve: {problem}").format(problem=error))
        else:
            self.bonuses.hint.flash(_("Solve failed: {error}: {problem}").format(error=type(error).__name__,
                                                                                problem=error))

    @property
    def solving(self) -> bool:
        """Return True while a background solve is running."""
        return self._solve_job is not None

    def cancel_solve(self) -> None:
        """Stop a running background solve: its thread ends and its words are never shown."""
        job = self._solve_job
        if job is None:
            return
        self.root.after_cancel(self._poll_id)
        # Waiting here is brief (the worker checks its stop flag every few hundred
        # paths) and spares the redraw that follows from sharing the GIL.
        job.cancel(CANCEL_WAIT_S)
        self._end_solve()

    def _end_solve(self) -> None:
        """Forget the background solve, hide the busy indicator and restore the GIL interval."""
        self._solve_job = self._poll_id = None
        sys.setswitchinterval(self._switch_interval)
        self.bonuses.set_busy(False)

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

    def ask_open(self) -> None:
        """Ask for a board file, then open it."""
        from tkinter import filedialog  # loaded on demand: most sessions never open a file

        recent = self.state.settings.recent_boards
        folder = str(Path(recent[0]).parent) if recent else None
        name = filedialog.askopenfilename(parent=self.root, title=_("Open a board file"),
                                          filetypes=[(_("Board files"), "*.txt *.board"), (_("All files"), "*")],
                                          initialdir=folder)
        if name:
            self.open_board(name)

    def open_board(self, path: str) -> bool:
        """Put the board in file ``path`` on the letter window; say in the window why not. Return True if opened."""
        self.show_letters()
        try:
            board = Board.from_file(path, self.language)
        except BoardError as err:
            if not Path(path).exists():
                self._forget_board(path)
            self.letters.hint.flash(_("Could not open {name}: {problem}").format(name=Path(path).name, problem=err),
                                    ms=NOTICE_MS)
            return False
        self.load_board(board, _("open {name}").format(name=Path(path).name))
        self.state.settings.remember_board(path)
        self.menu.show_recent(self.state.settings.recent_boards)
        self.save_settings()
        self.letters.hint.flash(_("Opened {name}: a {rows}×{cols} board · Enter: check the bonuses").format(
            name=Path(path).name, rows=board.rows, cols=board.cols), error=False)
        return True

    def open_dropped(self, path: str) -> None:
        """Open a dropped file: an image goes to the screenshot reader, anything else is a board file."""
        if is_image_file(path):
            self.open_screenshot(path)
        else:
            self.open_board(path)

    def ask_open_screenshot(self) -> None:
        """Ask for a screenshot of the game, then read the board in it."""
        from tkinter import filedialog  # loaded on demand, as for Open board

        name = filedialog.askopenfilename(parent=self.root, title=_("Open a screenshot of the board"),
                                          filetypes=image_files())
        if name:
            self.open_screenshot(name)

    def open_screenshot(self, path: str) -> None:
        """Read the board in image file ``path`` (on a worker thread) and show it to be checked."""
        self.show_letters()
        self.reader.read_file(path)

    def paste_image(self) -> None:
        """Read the board in the image on the clipboard."""
        self.show_letters()
        self.reader.read_clipboard()

    def read_screen(self) -> None:
        """Read the board shown on the screen (our window hides while the screen is captured)."""
        self.show_letters()
        self.reader.read_screen()

    def _reading(self, message: str) -> None:
        """Show on the letter window that a read is under way."""
        self.letters.hint.flash(message, error=False, ms=NOTICE_MS)

    def _read_failed(self, message: str) -> None:
        """Say on the letter window why no board was read; the board typed so far stays."""
        self.show_letters()
        self.letters.hint.flash(message, ms=NOTICE_MS)

    def show_reading(self, reading, name: str) -> None:
        """Put a board read from an image on the letter window to be checked; Enter then solves it."""
        board, reasons = reading.board, getattr(reading, "reasons", None) or {}
        doubtful = {r * board.cols + c: reasons.get((r, c), "") for r, c in reading.uncertain}
        self.show_letters()
        self.letters.show_read(board, doubtful)
        # TRANSLATORS: {name} is a file name, "the pasted image" or "the screen".
        message = ngettext("Read a {rows}×{cols} board with its bonuses from {name}: check the {count} tile marked ? "
                           "(? goes from one to the next), then Enter accepts and solves",
                           "Read a {rows}×{cols} board with its bonuses from {name}: check the {count} tiles marked ? "
                           "(? goes from one to the next), then Enter accepts and solves", len(doubtful)) \
            if doubtful else _("Read a {rows}×{cols} board with its bonuses from {name}: check the letters, then "
                               "Enter accepts and solves")
        self.letters.hint.flash(message.format(rows=board.rows, cols=board.cols, name=name,
                                               count=format_number(len(doubtful))),
                                error=bool(doubtful), ms=NOTICE_MS)

    def _forget_board(self, path: str) -> None:
        """Drop a board file that no longer exists from the recent list."""
        self.state.settings.forget_board(path)
        self.menu.show_recent(self.state.settings.recent_boards)
        self.save_settings()

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
            self.screen.hint.flash(problem[:1].upper() + problem[1:])

    def new_game(self) -> None:
        """Clear the board and start again at the letter window."""
        with self.state.history.step(_("New game")):
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
        if snapshot is None:
            self.screen.hint.flash(nothing, error=False)
            return
        self.cancel_solve()
        self.results.stop_animation()
        self.state.restore(snapshot)
        for entry in (self.letters, self.bonuses):
            entry.cursor = min(entry.cursor, self.state.size - 1)
        self._switch(screen, 0 if screen is self.letters else 1,
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
        if problem:
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


def select_all(root: tk.Misc, event: tk.Event) -> str:
    """Select all the text in the text box that has the focus, as Ctrl+A does in most apps."""
    # A text box Tk made itself (the file dialog's) reaches us by its path name, not as a widget.
    name = str(event.widget)
    root.tk.call(name, "selection", "range", 0, "end")
    root.tk.call(name, "icursor", "end")
    return "break"
