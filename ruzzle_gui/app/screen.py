"""Screen: what the App asks of each of its screens (Letters, Bonuses, Words).

The App shows one screen at a time, packs and unpacks it, and sends it the keys
every screen answers: Enter goes forward, Esc goes back. It refreshes the screen
it switches to, and says things in the screen's hint bar.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ruzzle_gui.app.look.hint import HintBar

__all__ = ["Screen"]


class Screen(Protocol):
    """A screen of the App: a Tk widget with a hint bar that answers refresh, Enter and Esc."""

    hint: HintBar

    def refresh(self) -> None:
        """Redraw from the app's state, which another screen may have changed."""

    def on_return(self) -> None:
        """Go forward, as Enter does on this screen."""

    def on_escape(self) -> None:
        """Go back (or stop what runs), as Esc does on this screen."""

    def pack_forget(self) -> None:
        """Hide the screen (a Tk widget's own)."""


if TYPE_CHECKING:  # the type checker proves each screen is a Screen (tests/test_lint.py runs it)
    from ruzzle_gui.app.bonuses.bonuses import BonusEntry
    from ruzzle_gui.app.letters.letters import LetterEntry
    from ruzzle_gui.app.words.results import Results

    def _every_screen(letters: LetterEntry, bonuses: BonusEntry, results: Results) -> list[Screen]:
        return [letters, bonuses, results]
