"""Practice and history benchmark: the time to judge a typed word, and ``ruzzle history`` over many rounds.

    python -m ruzzle_gui.lab.history_bench [--rounds 10000] [--repeat 15] [--words 30] [--startup 25]

Fills a store in a temporary folder with ``--rounds`` practice rounds of
``--words`` words each (one transaction), then times, in this process:
``ruzzle history`` and ``ruzzle history --json`` (opening the store, the
statistics, the recent rounds, the output), and the judging of a typed word on a
random Italian board (new, not a word, not on the board). Then what the store costs
``ruzzle solve``'s start-up: ``--startup`` pairs of child processes solving one
board, without a store file and with one holding a verdict, alternated. Medians of
``--repeat`` runs (judging: 20 times as many); nothing is asserted.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from ruzzle_gui.board import Board
from ruzzle_gui.cli import main as ruzzle
from ruzzle_gui.graph import Graph
from ruzzle_gui.lab.report import machine
from ruzzle_gui.language import load_language
from ruzzle_gui.practice import Practice
from ruzzle_gui.store import Round, RoundWord, Store


def fill(store: Store, rounds: int, words: int, rng: random.Random,
         languages: tuple[str, ...] = ("it", "en", "de")) -> None:
    """Add ``rounds`` made-up rounds of ``words`` words each, each in one of ``languages``, in one write."""
    made = []
    for n in range(rounds):
        played = tuple(RoundWord(f"W{n}X{k}", round(rng.uniform(0, 120), 2), rng.randint(2, 90)) for k in range(words))
        made.append(Round(rng.choice(languages), "A B\nC D\n", 120.0, sum(w.points for w in played), played,
                          120, 3000, f"2026-{1 + n % 12:02}-01T00:00:00Z"))
    store.add_rounds(made)


def median_ms(run, repeat: int) -> float:
    """Return the median wall time of ``run()`` over ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def history_ms(argv: list[str], repeat: int) -> float:
    """Return the median time of ``ruzzle history ARGV`` in this process, its output discarded."""
    def run() -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert ruzzle(["history", *argv]) == 0

    return median_ms(run, repeat)


def judge_ms(repeat: int, rng: random.Random) -> dict[str, float]:
    """Return the median time to judge one typed word of each kind on a random Italian board, in ms."""
    language = load_language("it")
    board = Board.random(language, 4, 4, rng)
    solutions = Graph(board, language).solve()
    words = {"new": solutions[len(solutions) // 2].word, "not on the board": "ZZZQQ",
             "not a word": "".join(board.letters[:3])}
    figures = {}
    for kind, word in words.items():
        rounds = [Practice(board, solutions, solutions, language.fold) for _ in range(repeat * 20)]  # each fresh
        times = []
        for practice in rounds:
            began = time.perf_counter()
            practice.judge(word, 1.0)
            times.append(time.perf_counter() - began)
        figures[kind] = statistics.median(times) * 1000
    return figures


def startup_ms(pairs: int, folder: str) -> dict[str, float]:
    """Return the median wall time of `ruzzle solve` in a child process, without a store and with one, in ms."""
    board = os.path.join(folder, "board.txt")
    with open(board, "w", encoding="utf-8") as handle:
        handle.write("C A S A\nI O M E\nA R E T\nO L U N\n")
    homes = {"no store": os.path.join(folder, "none"), "a store": os.path.join(folder, "some")}
    Store(os.path.join(homes["a store"], "ruzzle_gui", "history.sqlite3")).mark("it", ["CASA"], "refused")
    command = [sys.executable, "-c", "import sys; from ruzzle_gui.cli import main; sys.exit(main())",
               "solve", "-l", "it", "-b", board, "-q"]
    times: dict[str, list[float]] = {name: [] for name in homes}
    for _ in range(pairs):
        for name, home in homes.items():
            began = time.perf_counter()
            subprocess.run(command, env={**os.environ, "XDG_DATA_HOME": home}, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - began)
    return {name: statistics.median(values) * 1000 for name, values in times.items()}


def main(argv: list[str] | None = None) -> int:
    """Fill a temporary store, time history and judging, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--words", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--startup", type=int, default=25, metavar="PAIRS")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_DATA_HOME"] = folder
        store = Store()
        began = time.perf_counter()
        fill(store, args.rounds, args.words, rng)
        store.close()
        print(f"{machine()}\nfilled {args.rounds:,} rounds of {args.words} words in "
              f"{time.perf_counter() - began:.1f} s ({os.path.getsize(store.path) / 1e6:.1f} MB)")
        for options in ([], ["--json"], ["-l", "it"]):
            print(f"ruzzle {' '.join(['history', *options])}: median {history_ms(options, args.repeat):.1f} ms")
    for kind, ms in judge_ms(args.repeat, rng).items():
        print(f"judge a word ({kind}): median {ms * 1000:.0f} µs")
    if args.startup:
        with tempfile.TemporaryDirectory() as folder:
            for name, ms in startup_ms(args.startup, folder).items():
                print(f"ruzzle solve -q, {name}: median {ms:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
