"""LetterEntry: the first window, where the player types the board's letters."""
from __future__ import annotations

import random
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ruzzle_gui.app.letters.paste import is_board_text, paste_report, pasted_letters
from ruzzle_gui.app.letters.shape_bar import ShapeBar
from ruzzle_gui.app.look import theme, unsure
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.look.hint import HintBar, bind_shortcut
from ruzzle_gui.app.state import AppState
from ruzzle_gui.app.text.engine_text import engine_text
from ruzzle_gui.app.text.i18n import N_, _, board_language_name, format_number, ngettext, retranslate, underlined
from ruzzle_gui.app.typed_board import MIN_SIZE as MIN_SIZE  # importable from here, as before
from ruzzle_gui.app.typed_board import MOVES, board_problem, size_range, step_cursor
from ruzzle_gui.app.typed_board import where as where
from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.dictionary import DictionaryError
from ruzzle_gui.language import Language, LanguageError, load_language

NEXT_LABEL = N_("Next: bonuses  →")
ACCEPT_LABEL = N_("Accept and solve  →")
# Control, and Alt as Mod1 or as Tk's own Alt bit (where Alt is on no Mod key, as under Xvfb):
# such chords are shortcuts (Alt+F opens the File menu), never letters. AltGr (Mod5) still types.
MODIFIERS = 0x4 | 0x8 | 0x20000
TIP = N_("Type the letters row by row · Backspace deletes · arrows or clicks move · Ctrl+V pastes · "
         "Enter: next · F1: all keys")


class LetterEntry(ttk.Frame):
    """A grid of large tiles the player types into, with language and size choosers."""

    def __init__(self, master: tk.Misc, state: AppState, languages: dict[str, str],
                 on_next: Callable[[], None], on_solve: Callable[[], None] | None = None,
                 on_paste_image: Callable[[], None] | None = None,
                 on_change: Callable[[], None] = lambda: None) -> None:
        super().__init__(master, padding=theme.pads(master, 16, 8))
        self.app_state = state
        self.languages = languages
        self.on_next = on_next
        self.on_solve = on_solve or on_next
        self.on_paste_image = on_paste_image
        self.on_change = on_change  # called with each board drawn: a letter typed, a size or language changed
        self.cursor = 0
        self.rng = random.Random()
        bar = ShapeBar(self, list(self.languages.values()), on_language=self._on_language_chosen,
                       on_size=self.apply_size)
        bar.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.language_box, self.rows_var, self.cols_var = bar.language_box, bar.rows_var, bar.cols_var
        self.rows_box, self.cols_box = bar.rows_box, bar.cols_box
        self.board_view = BoardView(self)
        # Row 1, column 0, as on the bonus window (see BonusEntry.align): the board stays put.
        self.board_view.grid(row=1, column=0, sticky="nsew", pady=theme.px(self, 8))
        self._build_buttons()
        self.hint = HintBar(self, _(TIP))
        self.hint.grid(row=3, column=0, columnspan=2, sticky="ew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(1, weight=1)
        self._bind_keys()

    def _build_buttons(self) -> None:
        """Lay out Random board, Clear and Next."""
        bar = ttk.Frame(self)
        bar.grid(row=2, column=0, columnspan=2, sticky="ew")
        self.random_button = ttk.Button(bar, **underlined(_("Random board"), "r"), command=self.random_board)
        self.random_button.pack(side="left")
        self.clear_button = ttk.Button(bar, **underlined(_("Clear"), "l"), command=self.clear)
        self.clear_button.pack(side="left", padx=theme.px(self, 8))
        self.next_button = ttk.Button(bar, text=_(NEXT_LABEL), style="Accent.TButton",
                                      command=self.on_return)
        self.next_button.pack(side="right")

    def _bind_keys(self) -> None:
        """Bind typing, moving and pasting on the board, and Alt shortcuts on the screen."""
        view = self.board_view
        view.bind("<KeyPress>", self._on_key)
        for sequence in ("<<Paste>>", "<Control-v>", "<Control-V>", "<Shift-Insert>"):
            view.bind(sequence, self._on_paste)
        # Tk on X11 also pastes with Ctrl+Y (<<Paste>>): here Ctrl+Y is Redo, handled by the window.
        view.bind("<Control-y>", lambda _event: None)
        # Ctrl+Shift+V pastes an image; more specific than Ctrl+V (Caps Lock's <Control-V>), so it wins here.
        for sequence in ("<Control-Shift-V>", "<Control-Shift-v>"):
            view.bind(sequence, self._on_paste_image)
        view.bind("<Button-1>", self._on_click)
        bind_shortcut([view], "<KeyPress-question>", self.next_unsure)
        for sequence in ("<Control-c>", "<Control-C>"):  # Caps Lock sends the upper case
            bind_shortcut([view], sequence, self.copy_board)
        unsure.HoverReason(view, self.app_state)
        view.bind("<Button-2>", self._on_paste_selection)
        widgets = (view, self.language_box, self.rows_box, self.cols_box, self.random_button,
                   self.clear_button, self.next_button)
        bind_shortcut(widgets, "<Alt-r>", self.random_board)
        bind_shortcut(widgets, "<Alt-l>", self.clear)

    @property
    def language(self) -> Language:
        """Return the chosen language."""
        return load_language(self.app_state.language)

    @property
    def doubtful(self) -> set[int]:
        """Return the tiles the reader doubted that the player has not settled yet."""
        return set(self.app_state.unsure)

    @property
    def from_image(self) -> bool:
        """Return True if the board (bonuses too) was read from an image, so Enter solves at once."""
        return self.app_state.read

    def refresh(self) -> None:
        """Show the state's board, language and size, and give the board the keyboard focus."""
        self.language_box.set(self.languages.get(self.app_state.language, self.app_state.language))
        self.rows_var.set(str(self.app_state.rows))
        self.cols_var.set(str(self.app_state.cols))
        low, top = self.size_range()
        self.rows_box.configure(from_=low, to=top)
        self.cols_box.configure(from_=low, to=top)
        self.cursor = min(self.cursor, self.app_state.size - 1)
        self.redraw()
        self.board_view.focus_set()

    def redraw(self) -> None:
        """Draw the tiles, the cursor and any letter the language does not have."""
        state, language = self.app_state, self.language
        invalid = [i for i, letter in enumerate(state.letters) if letter and language.fold_letter(letter) is None]
        self.board_view.cursor = self.cursor
        self.board_view.show(state.rows, state.cols, state.letters, state.bonuses, language.values, invalid,
                             state.unsure)
        self.next_button.configure(text=unsure.solve_label(len(state.unsure), _(ACCEPT_LABEL) if state.read
                                                           else _(NEXT_LABEL)))
        self.on_change()

    def show_read(self, board: Board, doubtful: dict[int, str] | list[int]) -> None:
        """Show a board read from an image, its ``doubtful`` tiles marked (index -> reason), the cursor on the
        first; Enter solves."""
        with self.app_state.history.step(N_("screenshot read")):
            self.app_state.load_board(board)
            # Over the bonuses the board itself marks as guesses: the reader's reasons say more.
            self.app_state.unsure.update(doubtful if isinstance(doubtful, dict) else dict.fromkeys(doubtful, ""))
            self.app_state.read = True
        self.cursor = min(self.app_state.unsure, default=0)
        self.refresh()

    def forget_read(self) -> None:
        """Drop the marks of a read board and the Enter-solves shortcut: the board is no longer the one read."""
        self.app_state.unsure.clear()
        self.app_state.read = False
        self.next_button.configure(text=_(NEXT_LABEL))

    def retranslate(self) -> None:
        """Name the board languages in the new interface language (the shared dict is updated in place)."""
        self.languages.update({code: retranslate(name) for code, name in self.languages.items()})
        self.language_box.configure(values=list(self.languages.values()))
        self.language_box.set(self.languages.get(self.app_state.language, self.app_state.language))

    def next_unsure(self) -> None:
        """Put the cursor on the next unsure tile and say why the reader doubted it."""
        index = unsure.next_after(self.app_state.unsure, self.cursor)
        if index is None:
            self.hint.flash(_("No tile is unsure"), error=False)
            return
        self.move_to(index)
        self.hint.flash(unsure.describe(index, self.app_state), error=False)

    def type_char(self, char: str) -> bool:
        """Put ``char``, folded to the alphabet, on the cursor tile and move on; False if refused."""
        language = self.language
        letter = language.fold_letter(char)
        if letter is None:
            self.hint.flash(_("'{letter}' is not a letter of the {language} alphabet").format(
                letter=char, language=board_language_name(language)))
            return False
        self.app_state.letters[self.cursor] = letter
        self.app_state.unsure.pop(self.cursor, None)  # settled: the player typed it
        if self.cursor < self.app_state.size - 1:
            self.cursor += 1
        elif all(self.app_state.letters):
            self.hint.flash(_("Every tile is filled: press Enter to mark the bonuses"), error=False)
        self.redraw()
        return True

    def type_text(self, text: str) -> int:
        """Fill tiles from ``text`` (plain letters or a board file); return how many were placed."""
        if is_board_text(text):
            return self._paste_board(text)
        language = self.language
        letters, refused = pasted_letters(text, language.fold_letter)
        if len(letters) == self.app_state.size:
            self.cursor = 0
        room = self.app_state.size - self.cursor
        for offset, letter in enumerate(letters[:room]):
            self.app_state.letters[self.cursor + offset] = letter
        placed = min(len(letters), room)
        self.cursor = min(self.cursor + placed, self.app_state.size - 1)
        self.redraw()
        self._report_paste(placed, len(letters) - placed, refused, language)
        return placed

    def _paste_board(self, text: str) -> int:
        """Load ``text``, laid out as a board file; if it is malformed say why and fill nothing.

        Return how many tiles were filled.
        """
        try:
            board = Board.parse(text, self.language)
        except BoardError as err:
            # TRANSLATORS: {problem} is the board parser's reason (e.g. "line 1, cell 1: ...").
            self.hint.flash(_("Not pasted: {problem}").format(problem=engine_text(err)))
            return 0
        with self.app_state.history.step(N_("paste")):
            self.forget_read()
            self.app_state.load_board(board)
        self.cursor = 0
        self.refresh()
        self.hint.flash(_("Pasted a {rows}×{cols} board with its bonuses").format(rows=board.rows, cols=board.cols),
                        error=False)
        return board.rows * board.cols

    def copy_board(self) -> None:
        """Put the board on the clipboard as a board file, each tile still unsure marked with its ?."""
        problem = board_problem(self.app_state, self.language)
        if problem is not None:
            self.hint.flash(problem[1])
            return
        self.clipboard_clear()
        self.clipboard_append(self.app_state.marked_board().to_text())
        left = len(self.app_state.unsure)
        self.hint.flash(ngettext("Copied the board as text; its {count} unsure tile is marked ?",
                                 "Copied the board as text; its {count} unsure tiles are marked ?", left).format(
            count=format_number(left)) if left else _("Copied the board as text"), error=False)

    def _report_paste(self, placed: int, extra: int, refused: list[str], language: Language) -> None:
        """Say what a paste did: letters placed, extra letters dropped, characters refused."""
        self.hint.flash(paste_report(placed, extra, refused, board_language_name(language)),
                        error=bool(refused or extra or not placed))

    def backspace(self) -> None:
        """Clear the cursor tile and move back (clear the previous tile if this one is empty)."""
        letters = self.app_state.letters
        if not letters[self.cursor] and self.cursor > 0:
            self.cursor -= 1
            letters[self.cursor] = ""
        else:
            letters[self.cursor] = ""
            self.cursor = max(self.cursor - 1, 0)
        self.redraw()

    def delete(self) -> None:
        """Clear the cursor tile without moving."""
        self.app_state.letters[self.cursor] = ""
        self.redraw()

    def move(self, dr: int, dc: int) -> None:
        """Move the cursor by (dr, dc); Left and Right run on across row ends, Up and Down stop at edges."""
        self.move_to(step_cursor(self.cursor, dr, dc, self.app_state.rows, self.app_state.cols))

    def move_to(self, index: int) -> None:
        """Put the cursor on tile ``index``."""
        self.cursor = index
        self.board_view.set_cursor(index)

    def clear(self) -> None:
        """Empty every tile and bonus, keeping language and size."""
        with self.app_state.history.step(N_("Clear")):
            self.forget_read()
            self.app_state.clear()
        self.cursor = 0
        self.redraw()
        self.board_view.focus_set()
        self.hint.flash(_("Board cleared · Ctrl+Z brings it back"), error=False)

    def random_board(self) -> None:
        """Fill the board with letters drawn from the language's frequencies and bonuses at the game's odds."""
        try:
            board = Board.random(self.language, self.app_state.rows, self.app_state.cols, self.rng)
        except (DictionaryError, LanguageError, BoardError) as err:
            self.hint.flash(_("No random board: {problem}").format(problem=engine_text(err)))
            return
        with self.app_state.history.step(N_("Random board")):
            self.forget_read()
            self.app_state.load_board(board)
        self.cursor = 0
        self.redraw()
        self.board_view.focus_set()
        self.hint.flash(_("Random {language} board with bonuses: press Enter to check them").format(
            language=board_language_name(self.language)), error=False)

    def set_language(self, code: str) -> None:
        """Switch to language ``code``, refolding the letters typed so far."""
        note = self.app_state.choose_language(code)
        language = self.language
        self.app_state.letters = [language.fold_letter(letter) or letter if letter else ""
                              for letter in self.app_state.letters]
        self.language_box.set(self.languages.get(code, code))
        self.redraw()
        bad = sum(1 for letter in self.app_state.letters if letter and language.fold_letter(letter) is None)
        if bad:
            self.hint.flash(ngettext("{count} letter is not in the {language} alphabet (shown in red): retype it",
                                     "{count} letters are not in the {language} alphabet (shown in red): retype them",
                                     bad).format(count=format_number(bad), language=board_language_name(language)))
        elif note:
            self.hint.flash(note)

    def size_range(self) -> tuple[int, int]:
        """Return the fewest and most rows or columns the size boxes accept (``typed_board.size_range``)."""
        return size_range(self.app_state.rows, self.app_state.cols)

    def apply_size(self) -> None:
        """Resize the board to the spinboxes' rows x columns, or say why not."""
        low, top = self.size_range()
        try:
            rows, cols = int(self.rows_var.get()), int(self.cols_var.get())
        except ValueError:
            rows = cols = 0
        if not (low <= rows <= top and low <= cols <= top):
            self.hint.flash(_("A board has {low} to {top} rows and columns").format(low=low, top=top))
            self.rows_var.set(str(self.app_state.rows))
            self.cols_var.set(str(self.app_state.cols))
            return
        if (rows, cols) != (self.app_state.rows, self.app_state.cols):
            with self.app_state.history.step(N_("board size")):
                self.forget_read()
                self.app_state.resize(rows, cols)
            self.cursor = min(self.cursor, self.app_state.size - 1)
            self.redraw()

    def entry_ok(self) -> Board | None:
        """Return the typed board if every tile holds a letter of the alphabet, else None."""
        return None if board_problem(self.app_state, self.language) else self.app_state.board()

    def check_entry(self) -> Board | None:
        """Return the typed board; if it is not ready, point at the first problem and return None."""
        problem = board_problem(self.app_state, self.language)
        if problem is not None:
            self._point_at(*problem)
            return None
        return self.app_state.board()

    def _point_at(self, index: int, message: str) -> None:
        """Show ``message`` and put the cursor, and the focus, on tile ``index``."""
        self.hint.flash(message)
        self.cursor = index
        self.redraw()
        self.board_view.focus_set()

    def on_return(self) -> None:
        """Apply a size being typed, or go on if the board is complete: to the bonuses, or to the words
        when the board (bonuses included) was read from an image."""
        if self.focus_get() in (self.rows_box, self.cols_box):
            self.apply_size()
            self.board_view.focus_set()
        elif self.check_entry() is not None:
            (self.on_solve if self.from_image else self.on_next)()

    def on_escape(self) -> None:
        """Dismiss any message and put the focus back on the board."""
        self.hint.show_tip()
        self.board_view.focus_set()

    def _on_key(self, event: tk.Event) -> str | None:
        """Handle one key on the board: move, delete, or type a letter."""
        if event.keysym in MOVES:
            self.move(*MOVES[event.keysym])
        elif event.keysym == "BackSpace":
            self.backspace()
        elif event.keysym == "Delete":
            self.delete()
        elif event.keysym == "Home":
            self.move_to(0)
        elif event.keysym == "End":
            self.move_to(self.app_state.size - 1)
        elif event.char and event.char.isprintable() and not event.char.isspace() \
                and not (isinstance(event.state, int) and event.state & MODIFIERS):
            self.type_char(event.char)
        else:
            return None
        return "break"

    def _on_paste(self, _event: tk.Event) -> str:
        """Fill tiles from the clipboard."""
        self._paste_from("CLIPBOARD")
        return "break"

    def _on_paste_image(self, _event: tk.Event) -> str:
        """Read a board from the image on the clipboard, when the app can."""
        if self.on_paste_image is not None:
            self.on_paste_image()
        return "break"

    def _on_paste_selection(self, _event: tk.Event) -> str:
        """Fill tiles from the X primary selection, as a middle click does on Linux."""
        self._paste_from("PRIMARY")
        return "break"

    def _paste_from(self, selection: str) -> None:
        """Type the text held in an X selection, or say it is empty."""
        try:
            text = self.clipboard_get() if selection == "CLIPBOARD" else self.selection_get(selection=selection)
        except tk.TclError:
            text = None
        if not self._alive():
            return  # closed while Tk waited for a slow clipboard owner (Ctrl+Q during a 10 MB paste)
        if text is None:
            self.hint.flash(_("Nothing to paste: copy some letters first"))
            return
        self.type_text(text)

    def _alive(self) -> bool:
        """Return whether this window still exists (Tk runs events, a close among them, while it waits)."""
        try:
            return bool(self.winfo_exists())
        except tk.TclError:  # the whole application is gone
            return False

    def _on_click(self, event: tk.Event) -> None:
        """Move the cursor to the clicked tile and take the focus."""
        self.board_view.focus_set()
        index = self.board_view.tile_at(event.x, event.y)
        if index is not None:
            self.move_to(index)

    def _on_language_chosen(self, _event: tk.Event) -> None:
        """Switch to the language picked in the chooser."""
        names = {name: code for code, name in self.languages.items()}
        self.set_language(names[self.language_box.get()])
        self.language_box.selection_clear()
        self.board_view.focus_set()
