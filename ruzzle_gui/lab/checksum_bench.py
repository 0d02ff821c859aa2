"""What checking the installed dictionaries costs: the first check (hashing) and a remembered one.

    python -m ruzzle_gui.lab.checksum_bench [-l it] [--runs 7]

Each run starts fresh processes with an empty cache folder of its own: the
first check hashes the language's .marisa, .index and .bands; the second finds
the verdict remembered. It also times a whole ``ruzzle solve -q`` both ways.
Prints the medians in milliseconds (docs/reliability.md quotes them).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

# Times the checks alone, after the imports, in a fresh process.
CHECK = """
import sys, time
from ruzzle_gui.bands import bands_path
from ruzzle_gui.dictionary import bundled_path, index_path
from ruzzle_gui.dictionary.sha256sums import problem
path = bundled_path(sys.argv[1])
start = time.perf_counter()
assert all(problem(f) is None for f in (path, index_path(path), bands_path(path)))
print((time.perf_counter() - start) * 1000)
"""
SOLVE = "import sys; from ruzzle_gui.cli import main; sys.exit(main())"
BOARD = "C A S A\nI O M E\nA R E T\nO L U N\n"


def child(code: str, cache: str, *argv: str) -> tuple[str, float]:
    """Run Python ``code`` with its own cache folder; return its output and the wall time in ms."""
    env = {**os.environ, "XDG_CACHE_HOME": cache}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True, check=True)
    return done.stdout, (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    """Print the median costs of a first and a remembered check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-l", "--language", default="it")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp()
    board = os.path.join(folder, "board.txt")
    with open(board, "w", encoding="utf-8") as handle:
        handle.write(BOARD)
    times: dict[str, list[float]] = {}
    for run in range(args.runs):
        for what, code, argv_ in (("check", CHECK, [args.language]),
                                  ("ruzzle solve", SOLVE, ["solve", "-l", args.language, "-b", board, "-q"])):
            cache = os.path.join(folder, f"{what}-{run}")
            for when in ("first", "remembered"):
                out, wall = child(code, cache, *argv_)
                times.setdefault(f"{what}, {when}", []).append(float(out) if what == "check" else wall)
    for name, values in times.items():
        print(f"{name}: median {statistics.median(values):.2f} ms ({args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
