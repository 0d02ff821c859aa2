"""Solving the board the App shows: at once for a board up to 5x5, else on a worker thread the Tk thread polls.

The App is the conductor: it asks ``solve()`` when the player solves, and the
runner switches to the Bonuses screen while a large board solves, then shows the
words (or why not) on the App's screens.
"""
from __future__ import annotations

import sys
import time
import traceback

from ruzzle_gui.app.solving import EXPECTED_ERRORS, SolveJob
from ruzzle_gui.app.text.engine_text import engine_text
from ruzzle_gui.app.text.i18n import N_, _, board_language_name, format_number
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph
from ruzzle_gui.language import Language

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from ruzzle_gui.app.conductor import Conductor

# Up to 5x5 the solve takes a few tens of milliseconds: run it inline so the
# words appear at once. Larger boards go to a worker thread.
INLINE_CELLS = 25
POLL_MS = 40
CANCEL_WAIT_S = 1.0
BUSY_SWITCH_INTERVAL = 0.001  # seconds; Python's default is 0.005


class SolveRunner:
    """Solves the App's board inline or on a worker thread, and shows the words or why there are none."""

    def __init__(self, app: Conductor) -> None:
        self.app, self.root = app, app.root
        self.job: SolveJob | None = None
        self._poll_id: str | None = None
        self._switch_interval = sys.getswitchinterval()
        self._note_of: tuple[Language, Board, float] | None = None  # the last solve: what, and how fast (ms)

    def solve(self, background: bool | None = None) -> None:
        """Solve the typed board and show the words; large boards solve on a worker thread.

        ``background`` forces the choice; by default boards above 5x5 go to the thread.
        """
        self.cancel()
        board = self.app.letters.check_entry()
        if board is None:
            self.app.switch_to(self.app.letters, 0, N_("Letters"))
            return
        if self.app.screen is not self.app.bonuses:
            self.app.switch_to(self.app.bonuses, 1, N_("Bonuses"))
        if background is None:
            background = board.rows * board.cols > INLINE_CELLS
        started = time.perf_counter()
        self.app.ahead.cancel()
        if background:
            self._in_background(board, self.app.language, started)
            return
        ahead = self.app.ahead.take(board, self.app.language)
        if ahead is not None:  # searched while the Bonuses screen was up: its time counts as solving
            solutions, searched = ahead
            self._solved(board, self.app.language, solutions, started - searched)
            return
        try:
            solutions = Graph(board, self.app.language).solve()
        except EXPECTED_ERRORS as err:
            self._failed(err)
            return
        except Exception as err:  # a bug: say so in the window rather than lose the board
            traceback.print_exc(file=sys.stderr)
            self._failed(err)
            return
        self._solved(board, self.app.language, solutions, started)

    def _solved(self, board: Board, language: Language, solutions: list, started: float) -> None:
        """Fill the results window and show it."""
        elapsed = (time.perf_counter() - started) * 1000
        self._note_of = (language, board, elapsed)
        self.app.results.show_solutions(board, language, solutions, self.note())
        self.app.results.mark_unsure(self.app.state.unsure)
        self.app.show_results()

    def note(self) -> str:
        """Return the line over the word list saying what was solved and how fast ('' before any solve)."""
        if self._note_of is None:
            return ""
        language, board, elapsed = self._note_of
        return _("{language} · {rows}×{cols} board · solved in {ms} ms").format(
            language=board_language_name(language), rows=board.rows, cols=board.cols, ms=format_number(round(elapsed)))

    def _in_background(self, board: Board, language: Language, started: float) -> None:
        """Start a worker thread for the solve and poll it from the Tk thread."""
        self.job = SolveJob(board, language)
        self.app.bonuses.set_busy(True, _("Solving the {rows}×{cols} board…").format(rows=board.rows, cols=board.cols))
        # Draw what is pending (a big board's thousands of tiles) before the worker starts:
        # drawn while it runs, every canvas call would wait for the GIL, and a 100x100
        # board's drawing outlasted the whole solve, so Esc could not stop it.
        self.root.update_idletasks()
        # While the worker runs, the Tk thread waits for the GIL after each Tcl call;
        # a 1 ms switch interval answers events within a few ms (13 ms at the default
        # 5 ms). Shorter slows the Tk thread's own drawing down by ping-ponging the GIL.
        sys.setswitchinterval(min(self._switch_interval, BUSY_SWITCH_INTERVAL))
        self.job.start()
        self._poll_id = self.root.after(POLL_MS, self._poll, self.job, started)

    def _poll(self, job: SolveJob, started: float) -> None:
        """Show the worker's words once it is done; keep polling until then."""
        if job is not self.job:
            return
        if not job.done:
            self._poll_id = self.root.after(POLL_MS, self._poll, job, started)
            return
        self._end()
        if job.error is not None:
            self._failed(job.error)
        elif job.solutions is not None:  # None: cancelled, with nothing to show
            self._solved(job.board, job.language, job.solutions, started)

    def _failed(self, error: Exception) -> None:
        """Say on the bonus window's hint line why the solve failed; the board stays as typed."""
        if isinstance(error, EXPECTED_ERRORS):
            self.app.bonuses.hint.flash(_("Cannot solve: {problem}").format(problem=engine_text(error)))
        else:
            self.app.bonuses.hint.flash(_("Solve failed: {error}: {problem}").format(error=type(error).__name__,
                                                                                     problem=error))

    @property
    def solving(self) -> bool:
        """Return True while a background solve is running."""
        return self.job is not None

    def cancel(self) -> None:
        """Stop a running background solve: its thread ends and its words are never shown."""
        job = self.job
        if job is None:
            return
        if self._poll_id is not None:
            self.root.after_cancel(self._poll_id)
        # Waiting here is brief (the worker checks its stop flag every few hundred
        # paths) and spares the redraw that follows from sharing the GIL.
        job.cancel(CANCEL_WAIT_S)
        self._end()

    def _end(self) -> None:
        """Forget the background solve, hide the busy indicator and restore the GIL interval."""
        self.job = self._poll_id = None
        sys.setswitchinterval(self._switch_interval)
        self.app.bonuses.set_busy(False)
