"""The big-board curve (``ruzzle bench --big``): solve time, memory and search counts per board size."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import TextIO

from ruzzle_gui.graph import BATCH_CELLS
from ruzzle_gui.lab.report import EXIT_MISMATCH, machine, mb
from ruzzle_gui.language import load_language

BIG_SIZES = (10, 30, 50, 100, 300)


BIG_SCRIPT = """
import json, random, statistics, sys, time
from ruzzle_gui.lab.bench import peak_rss, random_board, search_counts
from ruzzle_gui import Graph, load_language
language = load_language(sys.argv[1])
size, rng, boards = int(sys.argv[2]), random.Random(int(sys.argv[3])), int(sys.argv[4])
Graph(random_board(language, 4, random.Random(-1)), language).solve()  # map the dictionary first
before = peak_rss()
times, words, counts, mismatch = [], [], {}, 0
for _ in range(boards):
    graph = Graph(random_board(language, size, rng), language)
    start = time.perf_counter()
    words.append(len(graph.solve()))
    times.append(time.perf_counter() - start)
    rss = peak_rss()
    found = search_counts(graph)
    counts = {key: max(counts.get(key, 0), value) if key == "peak queue" else
              counts.get(key, 0) + value for key, value in found.items()}
    mismatch += found["distinct words"] != words[-1]
print(json.dumps({"seconds": statistics.median(times), "rss": rss, "rss_before": before,
                  "words": statistics.median(words), "cells": boards * size * size,
                  "mismatch": mismatch, **counts}))
"""


# Boards per size: enough for about this many cells, as steps per cell vary from board to board.
BIG_CELLS = 2500


def measure_big(code: str, size: int, seed: int) -> dict[str, float]:
    """Return solve time, peak memory and search counts for size x size boards, in a fresh process.

    Seconds and words are medians over the boards, counts their sums, with the cells they cover.
    """
    boards = min(10, -(-BIG_CELLS // (size * size)))
    done = subprocess.run([sys.executable, "-c", BIG_SCRIPT, code, str(size), str(seed), str(boards)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def big_table(rows: list[tuple[int, dict[str, float]]]) -> list[str]:
    """Return the Markdown table of the big-board curve, one row per board size."""
    lines = ["| board | boards | words | solve | per cell | peak RSS (solve's own) | steps / cell "
             "| queued / cell | look-ups / cell | peak queue |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for size, r in rows:
        cells, seconds = r["cells"], r["seconds"]
        lines.append(f"| {size}x{size} | {cells // (size * size)} | {r['words']:,.0f} "
                     f"| {seconds:.2f} s | {seconds / (size * size) * 1e6:.0f} µs | {mb(r['rss'])} "
                     f"({mb(r['rss'] - r['rss_before'])}) | {r['steps'] / cells:,.0f} "
                     f"| {r['queued'] / cells:,.0f} | {r['look-ups'] / cells:,.0f} | {r['peak queue']:,} |")
    return lines


def run_big(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Print the big-board curve: one fresh process per size; return 1 if its counts disagree."""
    out = out or sys.stdout
    language = load_language(args.language)
    print(f"## ruzzle_gui big boards: {language.name} ({language.code}), seed {args.seed}\n", file=out)
    print(f"Machine: {machine()}\n", file=out)
    rows = []
    for size in args.big:  # a row as each size ends: the last ones take minutes
        rows.append((size, measure_big(language.code, size, args.seed)))
        print("\n".join(big_table(rows)[-1 if len(rows) > 1 else 0:]), file=out, flush=True)
    print(f"\nOne fresh process per size solves enough seeded boards to cover {BIG_CELLS:,} cells "
          f"(at most 10), each once with `Graph.solve`: words and solve are medians, per cell is "
          f"solve over one board's cells, peak RSS the process's VmHWM (in brackets, its rise "
          f"after loading the language). The counts per cell come from the same search watched by a "
          f"counting probe (`Graph.paths(probe=...)`, start cells in batches of {BATCH_CELLS:,}), "
          f"summed over the boards; it must find the same words as the unwatched solver.", file=out)
    wrong = [size for size, r in rows if r.get("mismatch")]
    if wrong:
        print(f"\nCross-check FAILED: the watched search found other words on "
              f"{', '.join(f'{s}x{s}' for s in wrong)}.", file=out)
        return EXIT_MISMATCH
    return 0
