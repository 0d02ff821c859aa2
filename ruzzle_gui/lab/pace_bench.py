"""How many words a default plan holds: the median over seeded random boards, for one or more timings.

    python -m ruzzle_gui.lab.pace_bench [-l en it] [--boards 40] [--seed 1] [--timing 0.8,0.12,0.05 ...]

A typical player swipes 35-40 words in a two-minute round (docs/pace.md); the
default timing should give a plan of about as many words. Prints one Markdown row
per language and timing: median, lowest and highest number of planned words.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys

from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph
from ruzzle_gui.language import load_language
from ruzzle_gui.plan import DEFAULT_SECONDS, Timing, plan


def planned_words(code: str, boards: int, seed: int, timing: Timing, seconds: float = DEFAULT_SECONDS) -> list[int]:
    """Return the number of words planned on each of ``boards`` seeded random 4x4 boards of language ``code``."""
    language, rng = load_language(code), random.Random(seed)
    counts = []
    for _ in range(boards):
        board = Board.random(language, 4, 4, rng)
        counts.append(len(plan(Graph(board, language).solve(), board, seconds, timing).steps))
    return counts


def parse_timing(text: str) -> Timing:
    """Return the Timing written 'per_word,per_letter,per_cell'."""
    try:
        return Timing(*(float(part) for part in text.split(",")))
    except (TypeError, ValueError) as err:
        raise argparse.ArgumentTypeError(f"a timing is per_word,per_letter,per_cell in seconds: {err}") from None


def main(argv: list[str] | None = None) -> int:
    """Print the median planned words per language and timing."""
    parser = argparse.ArgumentParser(prog="python -m ruzzle_gui.lab.pace_bench", description=__doc__.splitlines()[0])
    parser.add_argument("-l", "--language", nargs="+", default=["en", "it"])
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timing", type=parse_timing, nargs="+", default=[Timing()],
                        help="timings to compare (default: the planner's default)")
    args = parser.parse_args(argv)
    print("| language | timing (word, letter, cell) | median words | fewest | most |")
    print("|---|---|---|---|---|")
    for code in args.language:
        for timing in args.timing:
            counts = planned_words(code, args.boards, args.seed, timing)
            print(f"| {code} | {timing.per_word:g}, {timing.per_letter:g}, {timing.per_cell:g} | "
                  f"{statistics.median(counts):g} | {min(counts)} | {max(counts)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
