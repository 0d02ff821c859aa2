"""SolveJob: one board solved on a worker thread that the window can stop at any time."""
from __future__ import annotations

import gc
import sys
import threading
import traceback
from collections.abc import Iterable

from ruzzle_gui.board import Board, BoardError
from ruzzle_gui.dictionary import DictionaryError
from ruzzle_gui.graph import Graph, Solution, best_solutions
from ruzzle_gui.language import Language, LanguageError

# The worker looks at its stop flag once per this many paths: often enough to stop
# within milliseconds, rarely enough to cost nothing measurable.
CHECK_EVERY = 256
# Bad input, said in the window; anything else is a bug and also gets a traceback.
EXPECTED_ERRORS = (BoardError, DictionaryError, LanguageError)


def start_worker(thread: threading.Thread) -> None:
    """Start ``thread`` once Python's garbage from Tk objects is collected here, on the Tk thread.

    A tkinter variable or image left in a reference cycle (a closed dialog's) is
    freed by the cyclic collector, in whichever thread happens to run it, and
    freeing it calls Tcl: from a worker that fails with "main thread is not in
    main loop", printed on stderr. Collected first, none is left for the worker.
    """
    gc.collect()
    thread.start()


class Cancelled(Exception):
    """The solve was stopped before it finished."""


def until(stop: threading.Event, items: Iterable) -> Iterable:
    """Yield from ``items``, raising Cancelled soon after ``stop`` is set."""
    for count, item in enumerate(items):
        if not count % CHECK_EVERY and stop.is_set():
            raise Cancelled
        yield item


class SolveJob:
    """Solves ``board`` on a daemon thread; ``cancel`` makes the thread return early.

    The worker never touches Tk: the window polls ``done`` and then reads
    ``solutions`` or ``error``.
    """

    def __init__(self, board: Board, language: Language) -> None:
        self.board, self.language = board, language
        self.solutions: list[Solution] | None = None
        self.error: Exception | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="ruzzle-solve", daemon=True)

    def start(self) -> None:
        """Start the worker."""
        start_worker(self.thread)

    @property
    def done(self) -> bool:
        """Return True once the worker has returned (finished, failed or cancelled)."""
        return not self.thread.is_alive()

    def cancel(self, wait: float = 1.0) -> bool:
        """Stop the worker and wait up to ``wait`` seconds for it; return True if it ended."""
        self.stop.set()
        self.thread.join(wait)
        return self.done

    def _run(self) -> None:
        """Solve, keeping the words or the error for the Tk thread."""
        try:
            self.solutions = best_solutions(until(self.stop, Graph(self.board, self.language).paths()))
        except Cancelled:
            pass
        except Exception as err:  # handed to the Tk thread, which shows it
            self.error = err
            if not isinstance(err, EXPECTED_ERRORS):
                # A bug: printed here, where the traceback is whole, for bug reports.
                traceback.print_exc(file=sys.stderr)
