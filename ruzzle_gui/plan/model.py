"""What a plan is made of: the swipe timing, the steps, the plan itself, and the limits on what it is asked."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from numbers import Real
from typing import NamedTuple

from ruzzle_gui.board import Cell
from ruzzle_gui.coded import coded
from ruzzle_gui.graph import Solution

DEFAULT_SECONDS = 120  # one Ruzzle round
MAX_SECONDS = 3600  # an hour is far beyond any round; the cap also bounds the planner's work
MAX_TIMING = 10.0  # seconds: no human needs 10 s per word, letter or cell
MIN_SWIPE = 0.1  # seconds for a one-letter word: faster than 10 words a second is no human pace
SLACK = 1e-9  # seconds of float error forgiven when a plan is checked against its time
MAX_CELLS = 50 * 50  # the travel table grows with the cells squared: 390 MB at 50x50, 24 GB+ at 300x300


Chance = Callable[[Solution], float]  # a word's chance of being accepted by the game, 0..1


class PlanError(ValueError):
    """A time, speed or word list given to the planner is not sane: the message says which."""

    code = ""  # which message it is, for the app to say it in the player's language (``coded``)
    values: dict[str, object] = {}


def _number(field: str, value: object, low: float, high: float) -> float:
    """Return ``value`` as a float if it is a finite real number in [low, high], else raise PlanError.

    ``field`` is the Timing field ("per_word"), named "the time per word" in the message.
    """
    name = f"the time {field.replace('_', ' ')}"
    if isinstance(value, bool) or not isinstance(value, Real):
        raise coded(PlanError(f"{name} must be a number of seconds, not {value!r}"), "plan_not_number", which=field,
                    value=repr(value))
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise coded(PlanError(f"{name} must be between {low:g} and {high:g} seconds, not {value!r}"),
                    "plan_out_of_range", which=field, low=low, high=high, value=number)
    return number


def check_size(rows: int, cols: int) -> None:
    """Raise PlanError if a rows x cols board is past the largest the planner takes (MAX_CELLS)."""
    if rows * cols > MAX_CELLS:
        raise coded(PlanError(f"a {rows}x{cols} board is too large to plan: the largest has {MAX_CELLS:,} cells "
                              f"(50x50); solve it with 'ruzzle solve'"), "plan_too_large", rows=rows, cols=cols,
                    most=MAX_CELLS)


def check_seconds(value: object) -> float:
    """Return the time for a plan as a float, or raise PlanError for zero, negative or absurd times."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise coded(PlanError(f"the time must be a number of seconds, not {value!r}"), "plan_time_not_number",
                    value=repr(value))
    number = float(value)
    if not math.isfinite(number) or number <= 0:
        raise coded(PlanError(f"the time must be more than 0 seconds, not {value!r}"), "plan_time_not_positive",
                    value=number)
    if number > MAX_SECONDS:
        raise coded(PlanError(f"the time must be at most {MAX_SECONDS} seconds, not {value!r}"), "plan_time_too_long",
                    most=MAX_SECONDS, value=number)
    return number


@dataclass(frozen=True)
class Timing:
    """How fast the player swipes: seconds per word, per letter, and per cell of finger travel.

    The defaults are a typical player's, not an expert's (docs/pace.md): an average player finds
    35-40 words in a two-minute round, and 2.0 s per word (seeing the word, finding its first tile)
    plus 0.2 s per letter plans a median of 37-40 words on random boards. 0.05 s per cell is the
    finger's move between words, in the air and straight. Calibrate measures a player's own.
    """

    per_word: float = 2.0
    per_letter: float = 0.2
    per_cell: float = 0.05

    def __post_init__(self) -> None:
        for name in ("per_word", "per_letter", "per_cell"):
            object.__setattr__(self, name, _number(name, getattr(self, name), 0.0, MAX_TIMING))
        if self.per_word + self.per_letter < MIN_SWIPE:
            raise coded(PlanError(f"a word must take at least {MIN_SWIPE:g} s to swipe; {self.per_word:g} s per word + "
                                  f"{self.per_letter:g} s per letter is not a human pace"), "plan_too_fast",
                        least=MIN_SWIPE, per_word=self.per_word, per_letter=self.per_letter)

    def swipe(self, letters: int) -> float:
        """Return the seconds to swipe a word of ``letters`` letters."""
        return self.per_word + self.per_letter * letters

    def travel(self, here: Cell, there: Cell) -> float:
        """Return the seconds to move the finger from cell ``here`` to cell ``there``."""
        return self.per_cell * math.hypot(here[0] - there[0], here[1] - there[1])


class Step(NamedTuple):
    """One word of a plan: when its swipe starts and ends, and the points scored by its end."""

    solution: Solution
    start: float
    end: float
    points: int


@dataclass(frozen=True)
class Plan:
    """Words to swipe in order within ``seconds``; ``reason`` says why a plan is empty."""

    steps: tuple[Step, ...]
    seconds: float
    timing: Timing = field(default_factory=Timing)
    reason: str = ""
    expected: float | None = None  # the expected points, when words have a chance of being refused
    chances: tuple[float, ...] = ()  # each step's chance of being accepted, when given

    @property
    def expected_points(self) -> float:
        """Return the points expected when some words may be refused (all of them if none may)."""
        return self.points if self.expected is None else self.expected

    @property
    def points(self) -> int:
        """Return the total points of the plan."""
        return self.steps[-1].points if self.steps else 0

    @property
    def used(self) -> float:
        """Return the seconds the plan takes, from now to the end of its last swipe."""
        return self.steps[-1].end if self.steps else 0.0

    @property
    def words(self) -> list[str]:
        """Return the planned words in order."""
        return [step.solution.word for step in self.steps]

    def to_dict(self) -> dict:
        """Return the plan as plain JSON-ready data ("points": if every word is accepted)."""
        chances = self.chances or (1.0,) * len(self.steps)
        return {"seconds": self.seconds, "used": round(self.used, 3), "points": self.points,
                "expected_points": round(self.expected_points, 1),
                "timing": {"per_word": self.timing.per_word, "per_letter": self.timing.per_letter,
                           "per_cell": self.timing.per_cell},
                "reason": self.reason,
                "steps": [{"word": s.solution.word, "score": s.solution.score,
                           "path": [list(cell) for cell in s.solution.path],
                           "start": round(s.start, 3), "end": round(s.end, 3), "points": s.points,
                           "chance": round(chance, 3)}
                          for s, chance in zip(self.steps, chances)]}
