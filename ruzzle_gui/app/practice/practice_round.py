"""PracticeScreen: a timed round on a board, words swiped with the mouse or typed, each judged at once; then its review.

The board is drawn by the shared BoardView. A press on a tile starts a swipe, each
neighbour the pointer reaches adds a step (the tile before takes the last step back),
and the release submits the word, as in the game. The round's judging and review are
``ruzzle_gui.practice``'s, shared with ``ruzzle practice``; the round is kept in the store.
"""
from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable
from tkinter import messagebox, ttk

from ruzzle_gui.app.look import theme
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.look.hint import NOTICE_MS, HintBar, bind_shortcut
from ruzzle_gui.app.practice.review_view import ReviewView
from ruzzle_gui.app.practice.round_setup import RoundSetup, set_up, swiped, word_of
from ruzzle_gui.app.text.i18n import _, format_number, ngettext, underlined
from ruzzle_gui.board import Board
from ruzzle_gui.language import Language
from ruzzle_gui.verdicts import Verdicts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ruzzle_gui.app.settings import Settings
    from ruzzle_gui.practice import Judgement

TICK_MS = 200  # the countdown's refresh: a tenth of its smallest step would be wasted redraws
SAID_MS = 1500  # how long a judgement stays above the board
# A swipe's path stays lit this long after the release: the judgement is drawn first (a board redraw
# takes about 4 ms), and the player sees what was swiped.
LINGER_MS = 150


def clock_text(seconds: float) -> str:
    """Return the time left as m:ss."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def judgement_text(judgement: Judgement) -> str:
    """Return what the round says of a word: '+14 CASA', 'already found: CASA', 'not a word: CASX'."""
    if judgement.kind == "new":
        return _("+{points}  {word}").format(points=format_number(judgement.points), word=judgement.word)
    sayings = {"again": _("already found: {word}"), "short": _("too short: {word}"),
               "not_on_board": _("not on the board: {word}"), "not_a_word": _("not a word: {word}")}
    return sayings[judgement.kind].format(word=judgement.word)


def counting_text(settings: Settings) -> str:
    """Return which words the round counts: those the Words screen lists with the player's filters."""
    if settings.everyday_only:
        return _("Counted against the words the Words screen lists: everyday words only")
    if settings.doubtful_too:
        return _("Counted against the words the Words screen lists: doubtful words too")
    return _("Counted against the words the Words screen lists: playable words, no doubtful ones")


def round_tip() -> str:
    """Return the hint bar's tip during a round."""
    return _("Swipe across the tiles with the mouse, or type a word and press Enter · Esc ends the round")


def review_tip() -> str:
    """Return the hint bar's tip on the review."""
    return _("Double-click a word to play its path · Alt+A plays this board again, Alt+N a new board · "
             "Esc goes back")


class PracticeScreen(ttk.Frame):
    """The practice round and, when its time is up, its review; ``start`` plays a board."""

    def __init__(self, master: tk.Misc, settings: Settings, on_leave: Callable[[], None],
                 keep: Callable[[RoundSetup, float], str | None],
                 verdicts_of: Callable[[str], Verdicts] = lambda _code: {}) -> None:
        super().__init__(master, padding=theme.px(master, 12))
        self.settings, self.on_leave, self.keep = settings, on_leave, keep
        self.verdicts_of = verdicts_of  # the game's verdicts on a language's words, by its code
        self.setup: RoundSetup | None = None
        self.began = 0.0
        self.seconds = 0.0
        self.path: list[int] = []
        self.playing = False
        self._tick_id: str | None = None
        self._said_id: str | None = None
        self._clear_id: str | None = None
        self.round_frame = ttk.Frame(self)
        self._build_round(self.round_frame)
        self.review = ReviewView(self, settings, on_again=self.play_again, on_new=self.new_board)
        self.hint = HintBar(self, round_tip())
        self.hint.pack(side="bottom", fill="x")
        self.round_frame.pack(fill="both", expand=True)

    def _build_round(self, frame: ttk.Frame) -> None:
        """Lay out the countdown, score and word count, the word being formed, the board and the typing box."""
        top = ttk.Frame(frame)
        top.pack(fill="x")
        self.clock_label = ttk.Label(top, text="", style="Title.TLabel")
        self.clock_label.pack(side="left")
        self.count_label = ttk.Label(top, text="", style="Summary.TLabel")
        self.count_label.pack(side="right")
        self.score_label = ttk.Label(top, text="", style="Summary.TLabel")
        self.score_label.pack(side="right", padx=theme.px(self, 16))
        self.counting_label = ttk.Label(frame, text="", style="Muted.TLabel")
        self.counting_label.pack(fill="x")
        self.word_label = ttk.Label(frame, text="", style="Title.TLabel", anchor="center")
        self.word_label.pack(fill="x", pady=theme.px(self, 4))
        self.board_view = BoardView(frame, cursor_when_unfocused=False)
        self.board_view.pack(fill="both", expand=True)
        self.board_view.bind("<ButtonPress-1>", self._on_press)
        self.board_view.bind("<B1-Motion>", self._on_drag)
        self.board_view.bind("<ButtonRelease-1>", self._on_release)
        row = ttk.Frame(frame)
        row.pack(fill="x", pady=(theme.px(self, 6), 0))
        self.typed = tk.StringVar(self)
        self.entry = ttk.Entry(row, textvariable=self.typed)
        self.entry.pack(side="left", fill="x", expand=True)
        self.end_button = ttk.Button(row, **underlined(_("End round"), "e"), command=self.on_escape)
        self.end_button.pack(side="left", padx=(theme.px(self, 6), 0))
        bind_shortcut([self.board_view, self.entry, self.end_button], "<Alt-e>", self.on_escape)

    # ------------------------------------------------------------ the round

    def start(self, board: Board, language: Language) -> None:
        """Play a new round on ``board``: solve it, show it and start the countdown."""
        self.stop()
        self.setup = set_up(board, language, self.settings.everyday_only, self.settings.doubtful_too,
                            self.verdicts_of(language.code))
        self.seconds = float(self.settings.practice_seconds)
        self.review.pack_forget()
        self.round_frame.pack(fill="both", expand=True)
        self.board_view.lit.clear()
        self.board_view.arrows.clear()
        self.board_view.show(board.rows, board.cols, board.letters, board.bonuses, language.values)
        self.path, self.playing = [], True
        self.typed.set("")
        self.word_label.configure(text="")
        self.counting_label.configure(text=counting_text(self.settings))
        self.hint.tip = round_tip()
        self.hint.show_tip()
        self.began = time.monotonic()
        self._show_counts()
        self._tick()
        self.entry.focus_set()

    def refresh(self) -> None:
        """Say again what is made of values (the counts, what the round counts, the review's figures): the
        interface language may have changed. The round holds its own board."""
        self.counting_label.configure(text=counting_text(self.settings) if self.setup else "")
        self._show_counts()
        self.review.relabel()

    def elapsed(self) -> float:
        """Return the seconds since the round began."""
        return time.monotonic() - self.began

    def _tick(self) -> None:
        """Show the time left; end the round when it is up."""
        left = self.seconds - self.elapsed()
        self.clock_label.configure(text=clock_text(left))
        if left <= 0:
            self._tick_id = None
            self.finish()
            return
        self._tick_id = self.after(TICK_MS, self._tick)

    def _show_counts(self) -> None:
        """Show the running score and the words found."""
        practice = self.setup.practice if self.setup else None
        score, words = (practice.score, len(practice.played)) if practice else (0, 0)
        self.score_label.configure(text=ngettext("{count} point", "{count} points", score).format(
            count=format_number(score)))
        self.count_label.configure(text=ngettext("{count} word", "{count} words", words).format(
            count=format_number(words)))

    def submit(self, word: str) -> Judgement | None:
        """Judge ``word`` now, say the judgement and count it; None when no round is playing."""
        if not self.playing or self.setup is None or not word.strip():
            return None
        judgement = self.setup.practice.judge(word, round(self.elapsed(), 2))
        self.say(judgement_text(judgement), judgement.kind == "new")
        self._show_counts()
        return judgement

    def say(self, text: str, good: bool) -> None:
        """Show ``text`` above the board for a moment, in the accent colour if ``good``, else the error's."""
        colours = theme.palette(self)
        self.word_label.configure(text=text, foreground=colours.accent if good else colours.error)
        if self._said_id is not None:
            self.after_cancel(self._said_id)
        self._said_id = self.after(SAID_MS, self._unsay)

    def _unsay(self) -> None:
        """Clear the judgement shown, unless a swipe is forming a word there."""
        self._said_id = None
        if not self.path:
            self.word_label.configure(text="")

    def on_return(self) -> None:
        """Judge the word typed in the box (Enter)."""
        if self.playing:
            self.submit(self.typed.get())
            self.typed.set("")

    # ------------------------------------------------------------ swiping

    def _on_press(self, event: tk.Event) -> None:
        """Start a swipe on the tile pressed."""
        tile = self.board_view.tile_at(event.x, event.y)
        self.path = [tile] if self.playing and tile is not None else []
        self._show_path()

    def _on_drag(self, event: tk.Event) -> None:
        """Step on to a neighbour the pointer reaches, or back off the last tile."""
        if self.path and self.setup is not None:
            board = self.setup.board
            grown = swiped(self.path, self.board_view.tile_at(event.x, event.y), board.rows, board.cols)
            if grown != self.path:
                self.path = grown
                self._show_path()

    def _on_release(self, _event: tk.Event) -> None:
        """Submit the word swiped; its path stays lit a moment, so the judgement is drawn first."""
        if self.path and self.setup is not None:
            word = word_of(self.setup.board, self.path)
            self.path = []
            self.submit(word)
            if self._clear_id is not None:
                self.after_cancel(self._clear_id)
            self._clear_id = self.after(LINGER_MS, self._clear_swipe)

    def _clear_swipe(self) -> None:
        """Put out the last swipe's path, unless a new swipe has begun."""
        self._clear_id = None
        if not self.path:
            self._show_path(clear_word=False)

    def _show_path(self, clear_word: bool = True) -> None:
        """Light the swipe's tiles and arrows, and show the word it forms."""
        view = self.board_view
        view.lit = {tile: theme.PATH_START if n == 0 else theme.PATH_MIDDLE for n, tile in enumerate(self.path)}
        view.arrows = list(zip(self.path, self.path[1:]))
        view.redraw()
        if self.path and self.setup is not None:
            self.word_label.configure(text=word_of(self.setup.board, self.path), foreground=theme.palette(self).text)
        elif clear_word:
            self.word_label.configure(text="")

    # ------------------------------------------------------------ the end

    def finish(self) -> None:
        """End the round: keep it in the store and show the review."""
        if not self.playing or self.setup is None:
            return
        self.stop()
        problem = self.keep(self.setup, min(self.elapsed(), self.seconds))
        self.round_frame.pack_forget()
        self.review.show(self.setup, self.seconds)
        self.review.pack(fill="both", expand=True)
        self.hint.tip = review_tip()
        self.hint.show_tip()
        if problem:
            self.hint.flash(problem, ms=NOTICE_MS)

    def stop(self) -> None:
        """Stop the countdown (the round, if any, is over)."""
        self.playing = False
        self.path = []
        for after_id in (self._tick_id, self._said_id, self._clear_id):
            if after_id is not None:
                self.after_cancel(after_id)
        self._tick_id = self._said_id = self._clear_id = None
        self.review.stop()

    def on_escape(self) -> None:
        """End the round (asked first if words were found) and show its review; on the review, leave."""
        if self.playing and self.setup is not None and self.setup.practice.played:
            if self._end_asked():
                self.finish()
            return
        self.stop()
        self.on_leave()

    def may_leave(self) -> bool:
        """Return True once the round, if one is playing, is over: asked first, and kept, if words were found."""
        if self.playing and self.setup is not None and self.setup.practice.played:
            if not self._end_asked():
                return False
            problem = self.keep(self.setup, min(self.elapsed(), self.seconds))
            if problem:
                self.hint.flash(problem, ms=NOTICE_MS)
        self.stop()
        return True

    def _end_asked(self) -> bool:
        """Ask whether to end the round now; return True if the player says yes."""
        count = len(self.setup.practice.played) if self.setup else 0
        return bool(messagebox.askyesno(_("End the round?"), ngettext(
            "End this round now? Its {count} word is kept in your history.",
            "End this round now? Its {count} words are kept in your history.", count).format(
            count=format_number(count)), parent=self))

    def play_again(self) -> None:
        """Play the same board again."""
        if self.setup is not None:
            self.start(self.setup.board, self.setup.language)

    def new_board(self) -> None:
        """Play a new random board in the same language, bonuses as the game places them."""
        if self.setup is not None:
            self.start(Board.random(self.setup.language, self.setup.board.rows, self.setup.board.cols),
                       self.setup.language)

    def destroy(self) -> None:
        """Stop the countdown before the widgets go."""
        self.stop()
        super().destroy()
