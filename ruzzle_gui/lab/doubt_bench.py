"""Doubt benchmark: what the doubt marks leave out of the default top 15, and what a plan by expected points gains.

    python -m ruzzle_gui.lab.doubt_bench [-l it en ...] [--boards 30] [--first-seed 101] [--seconds 120]
                                     [--words DIR]

For each language, the boards of ``ruzzle generate -l LANG --seed N`` for N = first-seed
.. first-seed + boards - 1 are solved. It prints a Markdown table:

- the default top 15 (``ruzzle solve --top 15``) against the unfiltered one (``--all``):
  how many of its words are doubtful, and how many of the language's judged samples
  (``raw_languages/<code>/judged_doubtful.txt``, ``judged_playable.txt``) each holds;
- the plan as it was (every word, each counted as sure) against the plan by expected
  points on the default words: the expected points of each under the acceptance table
  (``ruzzle_gui.acceptance``), and the doubtful words each plan holds.

With ``--words DIR``, each language's default top-15 words, one board a line, go to
``DIR/<code>.txt``, for a reader to judge. Seeds are fixed: a rerun prints the same table.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

from ruzzle_gui.acceptance import chance_of
from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph
from ruzzle_gui.language import known_languages, load_language
from ruzzle_gui.plan import DEFAULT_SECONDS, Timing, plan
from ruzzle_gui.word_filters import WordFilters, WordMarks, apply

TOP = 15
JUDGED = Path(__file__).resolve().parents[2] / "raw_languages"  # a source checkout; installed, none are found


def judged(code: str, kind: str) -> set[str]:
    """Return the folded words of raw_languages/<code>/judged_<kind>.txt (empty if none; # starts a comment)."""
    path = JUDGED / code / f"judged_{kind}.txt"
    if not path.is_file():
        return set()
    return {line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines()} - {""}


def measure(code: str, seeds: range, seconds: float, words_dir: Path | None) -> dict:
    """Return one language's figures over the boards of ``seeds``."""
    language = load_language(code)
    marks = WordMarks.of(language.dictionary_path)
    chance = chance_of(marks)
    bad, good = judged(code, "doubtful"), judged(code, "playable")
    counts = {"doubtful_all": 0, "doubtful_default": 0, "bad_default": 0, "bad_all": 0, "good_default": 0,
              "good_all": 0, "slots": 0, "old_doubtful": 0, "new_doubtful": 0}
    series: dict[str, list[float]] = {"old_expected": [], "new_expected": [], "old_points": [], "new_points": []}
    lines = []
    for seed in seeds:
        board = Board.random(language, 4, 4, random.Random(seed))
        graph = Graph(board, language)
        found = graph.solve()
        default = apply(found, WordFilters(), marks).words
        top, top_all = default[:TOP], found[:TOP]
        counts["slots"] += len(top)
        counts["doubtful_all"] += sum(bool(marks.doubt(s.word)) for s in top_all)
        counts["doubtful_default"] += sum(bool(marks.doubt(s.word)) for s in top)
        for name, words in (("default", top), ("all", top_all)):
            counts[f"bad_{name}"] += sum(s.word in bad for s in words)
            counts[f"good_{name}"] += sum(s.word in good for s in words)
        lines.append(" ".join(s.word for s in top))
        old = plan(found, graph.board, seconds, Timing())
        new = plan(default, graph.board, seconds, Timing(), chance=chance)
        series["old_expected"].append(sum(s.solution.score * chance(s.solution) for s in old.steps))
        series["new_expected"].append(new.expected_points)
        series["old_points"].append(old.points)
        series["new_points"].append(new.points)
        counts["old_doubtful"] += sum(bool(marks.doubt(w)) for w in old.words)
        counts["new_doubtful"] += sum(bool(marks.doubt(w)) for w in new.words)
    if words_dir is not None:
        (words_dir / f"{code}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {**counts, **series}


def row(code: str, f: dict, boards: int) -> str:
    """Return one language's Markdown table row."""
    old, new = statistics.fmean(f["old_expected"]), statistics.fmean(f["new_expected"])
    gain = (new - old) / old if old else 0.0
    return (f"| {code} | {f['doubtful_all'] / boards:.1f} | {f['doubtful_default']} | {f['bad_all']} → "
            f"{f['bad_default']} | {f['good_all']} → {f['good_default']} | {old:,.0f} | {new:,.0f} | {gain:+.1%} | "
            f"{f['old_doubtful'] / boards:.1f} → {f['new_doubtful'] / boards:.1f} | "
            f"{statistics.fmean(f['old_points']):,.0f} → {statistics.fmean(f['new_points']):,.0f} |")


def main(argv: list[str] | None = None) -> int:
    """Measure the languages asked for and print the table; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m ruzzle_gui.lab.doubt_bench", description=__doc__.split("\n")[0])
    parser.add_argument("-l", "--language", nargs="+", default=list(known_languages()))
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--first-seed", type=int, default=101)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    parser.add_argument("--words", type=Path, metavar="DIR", help="write each language's default top-15 words here")
    args = parser.parse_args(argv)
    if args.words is not None:
        os.makedirs(args.words, exist_ok=True)
    seeds = range(args.first_seed, args.first_seed + args.boards)
    print(f"{args.boards} boards per language, seeds {seeds.start}-{seeds.stop - 1}, {args.seconds:g} s plans\n")
    print("| lang | doubtful in top 15 (--all), per board | doubtful in default top 15 | judged doubtful in top 15: "
          "--all → default | judged playable in top 15: --all → default | expected points, old plan | "
          "expected points, new plan | gain | doubtful words per plan: old → new | points if all accepted: "
          "old → new |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for code in args.language:
        print(row(code, measure(code, seeds, args.seconds, args.words), args.boards), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
