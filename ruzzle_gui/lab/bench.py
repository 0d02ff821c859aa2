"""Speed benchmark: the solver against a plain memoized BFS, on seeded random boards.

    python -m ruzzle_gui.lab.bench [-l it] [--boards 200] [--seed 1] [--quick]

It prints a Markdown table to paste into the README: solve times for 4x4,
5x5 and 10x10 boards (median and 90th percentile) next to the baseline
solver run in the same process on the same boards, language load time, peak
memory, the wall time of a whole ``ruzzle solve`` process and, when a display
is available, app start and Solve-to-list times. Ratios survive a noisy
machine; absolute times don't. Every board timed is also a cross-check: if
the two solvers disagree on any word or best score, the exit code is 1.
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import NoReturn, TextIO

from ruzzle_gui.board import MAX_SIDE, Board
from ruzzle_gui.dictionary import DictionaryError
from ruzzle_gui.graph import Solution
from ruzzle_gui.lab.big_boards import BIG_SCRIPT, BIG_SIZES, run_big
from ruzzle_gui.lab.processes import (
    app_rows,
    measure_heap_peak,
    measure_load,
    measure_peak_rss,
    peak_rss,
    process_rows,
    reader_rows,
)
from ruzzle_gui.lab.report import EXIT_MISMATCH, EXIT_USAGE, machine, mb, ms, other_table, percentile
from ruzzle_gui.lab.search_counts import SearchCounts, probe_rows, search_counts
from ruzzle_gui.lab.solvers import Solver, baseline_solve, optimised_solve, random_board
from ruzzle_gui.language import Language, LanguageError, load_language
from ruzzle_gui.vision.errors import ImageError

# The child scripts of the memory and big-board measures import peak_rss, random_board and
# search_counts from here; plan_bench and watch_bench take machine and percentile.
__all__ = ["main", "baseline_solve", "optimised_solve", "random_board", "peak_rss", "search_counts", "SearchCounts",
           "machine", "percentile", "BIG_SCRIPT", "run_big", "build_parser"]

SIZES = (4, 5, 10)
# Boards per size: 10x10 boards take ~100 times as long as 4x4 ones.
SHARE = {4: 1.0, 5: 0.5, 10: 0.1}


@dataclass
class SizeResult:
    """Timings (seconds) of both solvers on the boards of one size, and any disagreement."""

    size: int
    optimised: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)
    words: list[int] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)


def _timed(solver: Solver, board: Board, language: Language) -> tuple[float, list[Solution]]:
    """Return (seconds, solutions) for one solve."""
    start = time.perf_counter()
    solutions = solver(board, language)
    return time.perf_counter() - start, solutions


def _disagreement(board: Board, ours: list[Solution], theirs: list[Solution]) -> str | None:
    """Return a one-line description of how two solution lists differ, or None."""
    mine, other = {s.word: s.score for s in ours}, {s.word: s.score for s in theirs}
    if mine == other:
        return None
    missing, extra = sorted(other.keys() - mine.keys()), sorted(mine.keys() - other.keys())
    scores = sorted(w for w in mine.keys() & other.keys() if mine[w] != other[w])
    board_text = "".join(board.letters)
    return (f"board {board_text}: {len(missing)} words missing {missing[:3]}, {len(extra)} extra "
            f"{extra[:3]}, {len(scores)} best scores differ {scores[:3]}")


def measure_solves(language: Language, size: int, count: int, rng: random.Random,
                   solver: Solver = optimised_solve, repeats: int = 1) -> SizeResult:
    """Time ``solver`` and the baseline on ``count`` boards and compare their answers.

    Each board is solved ``repeats`` times by each, interleaved; its time is the fastest.
    """
    result = SizeResult(size)
    for _ in range(count):
        board = random_board(language, size, rng)
        runs: dict[Solver, list[tuple[float, list[Solution]]]] = {solver: [], baseline_solve: []}
        for turn in range(repeats):
            # Alternate who goes first, so neither solver always runs with warmer caches.
            for each in (solver, baseline_solve) if turn % 2 == 0 else (baseline_solve, solver):
                runs[each].append(_timed(each, board, language))
        result.optimised.append(min(seconds for seconds, _ in runs[solver]))
        result.baseline.append(min(seconds for seconds, _ in runs[baseline_solve]))
        theirs = runs[baseline_solve][0][1]
        result.words.append(len(theirs))
        problem = _disagreement(board, runs[solver][0][1], theirs)
        if problem:
            result.mismatches.append(problem)
    return result


def solve_table(results: list[SizeResult]) -> list[str]:
    """Return the Markdown table of solve times, one row per board size."""
    lines = ["| board | boards | words (median) | optimised median | optimised p90 "
             "| baseline median | baseline p90 | speed-up (median / median) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        ours, base = statistics.median(r.optimised), statistics.median(r.baseline)
        lines.append(f"| {r.size}x{r.size} | {len(r.optimised)} | {statistics.median(r.words):.0f} "
                     f"| {ms(ours)} | {ms(percentile(r.optimised, 0.9))} | {ms(base)} "
                     f"| {ms(percentile(r.baseline, 0.9))} | {base / ours:.2f}x |")
    return lines


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line naming the problem."""

    def error(self, message: str) -> NoReturn:
        """Print one usage-error line and exit with code 2."""
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for the benchmark's options."""
    parser = _Parser(
        prog="ruzzle bench", description="Measure solver speed against a plain memoized BFS "
        "on seeded random boards and print a Markdown table.")
    parser.add_argument("-l", "--language", default="it", help="language code (default: it)")
    parser.add_argument("--boards", type=int, metavar="N",
                        help="4x4 boards to time (5x5 get half as many, 10x10 a tenth; "
                             "default: 200, or 30 with --quick)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random boards (default: 1)")
    parser.add_argument("--repeats", type=int, default=3, metavar="R",
                        help="solves of each board by each solver; the fastest counts (default: 3)")
    parser.add_argument("--quick", action="store_true",
                        help="a quick look: fewer boards, and 5 repeats instead of 20 elsewhere")
    parser.add_argument("--skip", action="append", default=[],
                        choices=("load", "memory", "probe", "process", "reader", "app"),
                        help="leave out a section (repeatable)")
    parser.add_argument("--shot", metavar="IMAGE", help="the screenshot `ruzzle read` is timed on (default: a "
                        "generated 1080x2340 phone screenshot of a board in --language)")
    parser.add_argument("--big", nargs="?", const=",".join(map(str, BIG_SIZES)), type=_sizes,
                        metavar="SIZES", help="instead, the big-board curve: one board per size, each "
                        f"in a fresh process (default sizes: {','.join(map(str, BIG_SIZES))}; "
                        "300 takes minutes)")
    return parser


def _sizes(text: str) -> list[int]:
    """Return the board sizes of a comma-separated list such as '10,30,300'."""
    try:
        sizes = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:40]}' is not a comma-separated list of sizes") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError("board sizes must be at least 1")
    if max(sizes) > MAX_SIDE:  # as every command refuses: a larger board's letters alone take gigabytes
        raise argparse.ArgumentTypeError(f"board size {max(sizes)} is too large: the largest board is "
                                         f"{MAX_SIDE}x{MAX_SIDE}")
    return sizes


def run(args: argparse.Namespace, solver: Solver = optimised_solve, out: TextIO | None = None) -> int:
    """Run every section, print the report to ``out`` (stdout); return 1 if the solvers disagreed."""
    out = out or sys.stdout
    language = load_language(args.language)
    language.byte_trie, language.prefix_index  # map the dictionary and its index before any timing
    boards = args.boards or (30 if args.quick else 200)
    repeats = 5 if args.quick else 20
    rng = random.Random(args.seed)
    print(f"## ruzzle_gui benchmark: {language.name} ({language.code}, "
          f"{language.word_count():,} words), seed {args.seed}\n", file=out)
    print(f"Machine: {machine()}\n", file=out)
    # One untimed solve each first, so the page faults of a cold dictionary count for neither.
    for warm_up in (solver, baseline_solve):
        warm_up(random_board(language, 4, random.Random(-1)), language)
    results = [measure_solves(language, size, max(1, round(boards * SHARE[size])), rng, solver,
                              args.repeats) for size in SIZES]
    print("\n".join(solve_table(results)), file=out)
    print(f"\nBoth solvers run in this process on the same boards, interleaved, each board "
          f"{args.repeats} time(s) by each, the fastest kept (every run starts with an empty memo). "
          "The baseline is the same BFS with a per-board memo of prefix look-ups, path tuples "
          "copied and a score per path.\n", file=out)
    print("\n".join(other_table(_other_rows(args, language, repeats))), file=out)
    return _verdict(results, out)


def _other_rows(args: argparse.Namespace, language: Language, repeats: int) -> list[tuple[str, str, str]]:
    """Return the rows of the load, memory, process and app measures not skipped."""
    rows = []
    if "load" not in args.skip:
        rows.append(("language load", ms(measure_load(language.code, repeats)),
                     f"median of {repeats}: load_language, memory-map the dictionary, caches cleared"))
    if "memory" not in args.skip:
        rows.append(("peak memory, 4x4 solve", mb(measure_peak_rss(language.code, 4)),
                     "peak RSS (VmHWM) of a fresh process: import, load, solve one 4x4"))
        rows.append(("peak memory, 10x10 solve", mb(measure_peak_rss(language.code, 10)),
                     "the same for one 10x10 board"))
        board = random_board(language, 10, random.Random(args.seed))
        rows.append(("Python heap peak, 10x10 solve", mb(measure_heap_peak(language, board)),
                     "tracemalloc peak during one 10x10 solve (excludes the mapped trie)"))
    if "probe" not in args.skip:
        rows += probe_rows(language, args.seed)
    if "process" not in args.skip:
        rows += process_rows(language, repeats)
    if "reader" not in args.skip:
        rows += reader_rows(language, repeats, args.shot)
    if "app" not in args.skip:
        rows += app_rows(language, repeats, args.seed)
    return rows


def _verdict(results: list[SizeResult], out: TextIO) -> int:
    """Print whether both solvers agreed on every board; return the exit status."""
    timed = sum(len(r.optimised) for r in results)
    problems = [problem for r in results for problem in r.mismatches]
    if not problems:
        print(f"\nCross-check: both solvers found the same words and best scores on all "
              f"{timed} boards.", file=out)
        return 0
    print(f"\nCross-check FAILED: the solvers disagree on {len(problems)} of {timed} boards.", file=out)
    for problem in problems[:5]:
        print(f"  {problem}", file=out)
    return EXIT_MISMATCH


def _check_shot(path: str) -> None:
    """Raise ImageError if ``--shot`` is no screenshot the reader takes: said before minutes of measuring."""
    from ruzzle_gui.vision.images import load_image  # Pillow and numpy, only for a shot given

    load_image(path)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark from the command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:
        return int(done.code or 0)
    for name in ("boards", "repeats"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            print(f"{parser.prog}: error: --{name} must be at least 1", file=sys.stderr)
            return EXIT_USAGE
    try:
        if args.shot:
            _check_shot(args.shot)
        return run_big(args) if args.big else run(args)
    except (LanguageError, DictionaryError, ImageError) as err:
        print(f"ruzzle bench: error: {err}", file=sys.stderr)
        return EXIT_MISMATCH
    except subprocess.CalledProcessError as err:
        print(f"ruzzle bench: error: {' '.join(err.cmd[:3])} failed: {err.stderr.strip()[-200:]}",
              file=sys.stderr)
        return EXIT_MISMATCH


if __name__ == "__main__":
    sys.exit(main())
