"""PlanPane: what the Words screen asks of the Plan tab it hosts, declared so that Words imports no Plan.

The App hands the Words screen a maker of its Plan tab (``Results(plan_tab=PlanTab)``,
``app/plan_tab.py``), which builds the tab in the screen's notebook beside the word
list. The screen sees the tab through this protocol only: it tells it of a fresh
solve and of the list's filters changed, asks it which word a verdict is for, and
plays, stops and shows it. The type checker proves at the App that the Plan tab fits.
"""
from __future__ import annotations

from typing import Protocol

TYPE_CHECKING = False  # typing.TYPE_CHECKING, spelled out so a checker sees the names below
if TYPE_CHECKING:
    from ruzzle_gui.board import Board
    from ruzzle_gui.graph import Solution

__all__ = ["PlanPane"]


class PlanPane(Protocol):
    """The Plan tab as the Words screen hosting it sees it."""

    @property
    def plan_shown(self) -> bool:
        """Return True if the Plan tab is the one showing."""

    @property
    def playing(self) -> bool:
        """Return True while Play plan runs."""

    def new_round(self, board: Board, language_code: str) -> None:
        """Keep the round shown, then plan ``board``'s when the tab shows (a fresh solve)."""

    def follow_filters(self) -> None:
        """Plan the words the list's filters keep now, for the time left, keeping the ticks."""

    def word_to_judge(self) -> Solution | None:
        """Return the word a verdict on the Plan tab is for: the word playing, else the one selected."""

    def toggle_plan(self) -> None:
        """Switch between the Words and Plan tabs, the focus in the list shown."""

    def play(self) -> None:
        """Play the plan from the first word not ticked."""

    def stop(self) -> None:
        """Stop Play plan."""

    def retranslate(self) -> None:
        """Say the plan's filters again in the interface language."""
