"""Conductor: what the App's helpers ask of the App, declared so that none of them imports it.

The App (``app.py``) conducts: it owns the window, the screens and the state. The
solve runner, the file opener and watch mode each work for it and call back into
it; they see it through this protocol. The App hands itself to each, so the type
checker proves there that it fits.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ruzzle_gui.app.ahead import SearchAhead
    from ruzzle_gui.app.bonuses.bonuses import BonusEntry
    from ruzzle_gui.app.letters.letters import LetterEntry
    from ruzzle_gui.app.menu import MenuBar
    from ruzzle_gui.app.screen import Screen
    from ruzzle_gui.app.state import AppState
    from ruzzle_gui.app.undo import StepName
    from ruzzle_gui.app.words.results import Results
    from ruzzle_gui.board import Board
    from ruzzle_gui.language import Language

__all__ = ["Conductor"]


class Conductor(Protocol):
    """The App as its helpers see it: its window, screens and state, and the moves between screens."""

    root: tk.Tk | tk.Toplevel
    state: AppState
    letters: LetterEntry
    bonuses: BonusEntry
    results: Results
    screen: Screen
    ahead: SearchAhead
    menu: MenuBar
    theme_button: ttk.Button

    @property
    def language(self) -> Language:
        """Return the board language chosen."""

    def switch_to(self, screen: LetterEntry | BonusEntry | Results, step: int, title: str) -> None:
        """Show ``screen`` in place of the current one and mark its step."""

    def show_letters(self) -> None:
        """Show the Letters screen."""

    def show_results(self) -> None:
        """Show the Words screen as it stands."""

    def load_board(self, board: Board, step: str | StepName = ...) -> None:
        """Put ``board`` on the screens; Undo calls it ``step``."""

    def save_settings(self) -> None:
        """Save the settings now."""

    def solve(self, background: bool | None = None) -> None:
        """Solve the typed board and show its words."""

    def show_reading(self, reading: object, name: str) -> None:
        """Put a board read from an image on Letters to be checked."""
