"""SearchAhead: the board being typed or given its bonuses, solved while the player works on it."""
from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable

from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph, Solution
from ruzzle_gui.language import Language


class SearchAhead:
    """Solves the board being edited when Tk is next idle, so that Solve finds its words ready.

    The app schedules a search whenever the Letters or Bonuses screen draws its
    board; one that is not complete is skipped. A 4x4 board solves in about 2 ms:
    done between the player's keys and clicks, that is 2 ms less between Solve and
    the list. Only boards of up to ``largest_cells`` cells (those the app solves
    without a worker thread) are searched ahead, and only the last board's words
    are kept. A board that fails to solve keeps
    nothing: Solve then solves it again and shows the problem.
    """

    def __init__(self, widget: tk.Misc, largest_cells: int) -> None:
        self.widget = widget
        self.largest_cells = largest_cells
        self._after_id: str | None = None
        self._kept: tuple[Board, Language, list[Solution], float] | None = None

    def schedule(self, board: Callable[[], Board | None], language: Callable[[], Language]) -> None:
        """Solve ``board()`` in ``language()`` once Tk is idle, unless something is scheduled again first."""
        self.cancel()
        self._after_id = self.widget.after_idle(self._run, board, language)

    def cancel(self) -> None:
        """Drop a search that has not run yet."""
        if self._after_id is not None:
            self.widget.after_cancel(self._after_id)
            self._after_id = None

    def forget(self) -> None:
        """Drop a search not yet run and the words kept."""
        self.cancel()
        self._kept = None

    def take(self, board: Board, language: Language) -> tuple[list[Solution], float] | None:
        """Return the words of ``board`` in ``language`` and the seconds their search took, if already found."""
        kept = self._kept
        if kept is not None and kept[0] == board and kept[1] is language:
            return kept[2], kept[3]
        return None

    def _run(self, board_of: Callable[[], Board | None], language_of: Callable[[], Language]) -> None:
        """Solve the board as it is now, keeping the words for ``take``."""
        self._after_id = None
        try:
            board = board_of()
            if board is None or board.rows * board.cols > self.largest_cells:
                return
            language = language_of()
            if self.take(board, language) is not None:
                return
            started = time.perf_counter()
            solutions = Graph(board, language).solve()
        except Exception:  # noqa: BLE001 - Solve meets the same problem again and shows it
            self._kept = None
            return
        self._kept = (board, language, solutions, time.perf_counter() - started)
