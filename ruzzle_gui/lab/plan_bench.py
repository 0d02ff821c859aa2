"""Planner benchmark: how close plans come to the knapsack bound, how long they take, what they gain.

    python -m ruzzle_gui.lab.plan_bench [-l it en ...] [--boards 200] [--seed 1] [--seconds 120]

For each language, seeded random 4x4 boards (bonuses as in the game) are solved,
then planned. It prints a Markdown table for the README: the plan's points over
the upper bound (mean and worst), the time per plan (median, 90th percentile,
worst; solving is not counted), and the plan against "best score first": walk
the list by score and play every word that still fits. Boards where both play
every word are counted apart: nothing can beat playing everything. Exit
code 1 if any plan breaks its bound or its time, which would be a bug.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import NamedTuple, NoReturn, TextIO

from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph
from ruzzle_gui.lab.report import machine, percentile
from ruzzle_gui.language import LanguageError, known_languages, load_language
from ruzzle_gui.plan import DEFAULT_SECONDS, PlanError, Timing, check_seconds, plan, score_first, upper_bound

__all__ = ["BoardFigures", "LanguageResult", "main", "measure_language"]

EXIT_BROKEN, EXIT_USAGE = 1, 2


class BoardFigures(NamedTuple):
    """One board: plan over bound, seconds to plan, points gained over score-first, and whether
    both play every word (then neither can beat the other)."""

    ratio: float
    seconds: float
    gain: int
    share: float
    everything: bool


@dataclass
class LanguageResult:
    """The figures of one language's boards, and any plan that broke its bound or its time."""

    code: str
    boards: list[BoardFigures] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)

    def row(self) -> str:
        """Return this language's Markdown table row."""
        ratios = [b.ratio for b in self.boards]
        times = [b.seconds * 1000 for b in self.boards]
        open_boards = [b for b in self.boards if not b.everything]
        wins = sum(b.gain > 0 for b in open_boards)
        ties = sum(b.gain == 0 for b in open_boards)
        losses = sum(b.gain < 0 for b in open_boards)
        gain = statistics.mean(b.gain for b in open_boards) if open_boards else 0.0
        share = statistics.mean(b.share for b in open_boards) * 100 if open_boards else 0.0
        beaten = f"{wins / len(open_boards):.1%}" if open_boards else "-"
        return (f"| {self.code} | {len(self.boards)} | {statistics.mean(ratios):.4f} | {min(ratios):.4f} | "
                f"{statistics.median(times):.1f} | {percentile(times, 0.9):.1f} | {max(times):.1f} | "
                f"{len(self.boards) - len(open_boards)} | {beaten} ({wins}/{ties}/{losses}) | "
                f"+{gain:.1f} (+{share:.1f}%) |")


HEADER = ("| lang | boards | plan/bound mean | worst | plan ms median | p90 | max | every word played | "
          "beats score-first on the rest (win/tie/loss) | mean gain there |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def measure_language(code: str, boards: int, seed: int, seconds: float, timing: Timing) -> LanguageResult:
    """Return the planner's figures on ``boards`` seeded random 4x4 boards of language ``code``."""
    language, rng = load_language(code), random.Random(seed)
    result = LanguageResult(code)
    for number in range(boards):
        board = Board.random(language, 4, rng=rng)
        solutions = Graph(board, language).solve()
        start = time.perf_counter()
        planned = plan(solutions, board, seconds, timing)
        elapsed = time.perf_counter() - start
        bound = upper_bound(solutions, board, seconds, timing)
        naive = score_first(solutions, board, seconds, timing)
        if planned.points > bound or planned.used > seconds + 1e-9:
            result.broken.append(f"{code} board {number}: {planned.points} points in {planned.used:.2f} s, "
                                 f"bound {bound}\n{board.to_text()}")
        gain = planned.points - naive.points
        result.boards.append(BoardFigures(planned.points / bound if bound else 1.0, elapsed, gain,
                                          gain / naive.points if naive.points else 0.0,
                                          len(naive.steps) == len(planned.steps) == len(solutions)))
    return result


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"plan_bench: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """Return the command-line parser of the planner benchmark."""
    parser = _Parser(prog="python -m ruzzle_gui.lab.plan_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("-l", "--language", nargs="+", default=None, help="language codes (default: all)")
    parser.add_argument("--boards", type=int, default=200, help="random 4x4 boards per language (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="time of the round (default 120)")
    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Run the planner benchmark and print its table; return 1 if any plan broke its bound."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        seconds, codes = check_seconds(args.seconds), args.language or known_languages()
        if args.boards < 1:
            raise PlanError(f"--boards must be at least 1, not {args.boards}")
        results = [measure_language(code, args.boards, args.seed, seconds, Timing()) for code in codes]
    except (PlanError, LanguageError) as err:
        parser.error(str(err))
    print(f"Machine: {machine()}", file=out)
    print(f"Seed {args.seed}, {seconds:g} s rounds, timing {Timing()}\n", file=out)
    print(HEADER, file=out)
    for result in results:
        print(result.row(), file=out)
    broken = [problem for result in results for problem in result.broken]
    for problem in broken:
        print(f"BROKEN: {problem}", file=out)
    return EXIT_BROKEN if broken else 0


if __name__ == "__main__":
    sys.exit(main())
