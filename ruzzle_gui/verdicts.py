"""The game's verdicts on words, applied to a board's words and to the planner's chances: pure, no I/O.

A verdict is what the player saw the game do with a word: ``accepted`` or
``refused``, with its date (ISO 8601 UTC). Verdicts are keyed by the word as the
game spells it (upper case, the board's letters), per language, so they apply
to any dictionary of that language (a user's own too). The store
(``ruzzle_gui.store``) keeps them; this module only reads a mapping
``word -> (verdict, date)``, so the command line and the app share it.

- a refused word leaves the list (``without_refused``) unless doubtful words are shown,
  and never enters a plan; its chance is 0;
- an accepted word is sure (chance 1.0) and its doubt mark is lifted (``lifted``);
- ``learned_table`` re-estimates the planner's acceptance table from the verdicts, with
  the documented defaults as a prior (docs/planning.md, *Verdicts*).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ruzzle_gui.acceptance import DEFAULT, Acceptance
from ruzzle_gui.graph import Solution
from ruzzle_gui.word_filters import WordMarks

__all__ = ["ACCEPTED", "REFUSED", "VERDICTS", "PRIOR_STRENGTH", "Verdicts", "lifted", "without_refused",
           "with_verdicts", "learned_table", "counted"]

ACCEPTED, REFUSED = "accepted", "refused"
VERDICTS = (ACCEPTED, REFUSED)
# How many verdicts the defaults weigh as, per band (and for doubtful words): 20 refusals of
# everyday words take band 7 from 1.0 to 0.5; a handful of verdicts moves a band only a little.
PRIOR_STRENGTH = 20.0

Verdicts = Mapping[str, tuple[str, str]]  # word -> (verdict, date)


class _LiftedDoubts:
    """A dictionary's doubt marks with the words the game accepted lifted."""

    def __init__(self, doubts, accepted: frozenset[str]) -> None:
        self.doubts, self.accepted = doubts, accepted

    def reason(self, word: str) -> str | None:
        """Return why a word is doubtful, or None if it is playable or the game accepted it."""
        return None if word in self.accepted else self.doubts.reason(word)


def lifted(marks: WordMarks, verdicts: Verdicts) -> WordMarks:
    """Return ``marks`` with the doubt of every word the game accepted lifted."""
    accepted = frozenset(word for word, (verdict, _) in verdicts.items() if verdict == ACCEPTED)
    if marks.doubts is None or not accepted:
        return marks
    return WordMarks(marks.bands, _LiftedDoubts(marks.doubts, accepted))


def without_refused(solutions: Iterable[Solution], verdicts: Verdicts) -> tuple[list[Solution], int]:
    """Return the solutions the game did not refuse, and how many it refused."""
    solutions = list(solutions)
    if not verdicts:
        return solutions, 0
    kept = [s for s in solutions if verdicts.get(s.word, ("",))[0] != REFUSED]
    return kept, len(solutions) - len(kept)


def with_verdicts(chance: Callable[[Solution], float], verdicts: Verdicts) -> Callable[[Solution], float]:
    """Return ``chance`` overruled by the verdicts: 1.0 for a word the game accepted, 0.0 for one it refused."""
    if not verdicts:
        return chance

    def judged(solution: Solution) -> float:
        verdict = verdicts.get(solution.word)
        return chance(solution) if verdict is None else 1.0 if verdict[0] == ACCEPTED else 0.0

    return judged


def counted(verdicts: Verdicts, marks: WordMarks, since: str = "") -> dict[str, list]:
    """Return the verdicts dated after ``since`` (a reset's date) as [accepted, refused], per band and doubtful.

    A word the dictionary marks doubtful counts for the doubtful factor only; a word of no
    band (not in the dictionary, or no bands) counts for nothing.
    """
    bands = [[0, 0] for _ in DEFAULT.bands]
    doubtful = [0, 0]
    for word, (verdict, date) in verdicts.items():
        if date <= since:  # given before the reset, or in its second
            continue
        refused = int(verdict == REFUSED)
        if marks.doubt(word):
            doubtful[refused] += 1
        elif (band := marks.band(word)) is not None:
            bands[band][refused] += 1
    return {"bands": bands, "doubtful": doubtful}


def learned_table(verdicts: Verdicts, marks: WordMarks, since: str = "", prior: Acceptance = DEFAULT,
                  strength: float = PRIOR_STRENGTH) -> Acceptance:
    """Return the acceptance table re-estimated from the verdicts dated after ``since``.

    Each chance is the mean of a Beta prior centred on ``prior``'s figure and worth
    ``strength`` verdicts, updated with the verdicts counted for it (``counted``):
    (strength × prior + accepted) / (strength + accepted + refused).
    """
    counts = counted(verdicts, marks, since)
    bands = tuple(_posterior(p, n, strength) for p, n in zip(prior.bands, counts["bands"]))
    return Acceptance(bands, _posterior(prior.doubtful, counts["doubtful"], strength))


def _posterior(prior: float, count: list[int], strength: float) -> float:
    """Return the Beta posterior mean of a chance with mean ``prior`` worth ``strength`` observations,
    after ``count`` = [accepted, refused]."""
    accepted, refused = count
    if not accepted + refused:
        return prior  # exactly: no verdict, no change (not a rounding of it)
    return (strength * prior + accepted) / (strength + accepted + refused)

