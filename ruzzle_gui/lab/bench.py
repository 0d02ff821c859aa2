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
import compileall
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import tracemalloc
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import NoReturn, TextIO

from ruzzle_gui.board import Board
from ruzzle_gui.dictionary import DictionaryError, load_byte_trie, load_index, load_trie
from ruzzle_gui.graph import BATCH_CELLS, Graph, Solution, neighbours, path_score, sort_solutions
from ruzzle_gui.language import Language, LanguageError, load_language

__all__ = ["main", "baseline_solve", "optimised_solve", "random_board"]

Solver = Callable[[Board, Language], list[Solution]]
SIZES = (4, 5, 10)
# Boards per size: 10x10 boards take ~100 times as long as 4x4 ones.
SHARE = {4: 1.0, 5: 0.5, 10: 0.1}
APP_BOARDS = 8  # boards solved in each app launch
APP_LAUNCHES = 3  # fresh app processes at least, so a start time is a median too
EXIT_MISMATCH, EXIT_USAGE = 1, 2


@dataclass
class SizeResult:
    """Timings (seconds) of both solvers on the boards of one size, and any disagreement."""

    size: int
    optimised: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)
    words: list[int] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- solvers

def optimised_solve(board: Board, language: Language) -> list[Solution]:
    """Return the solutions found by ``Graph.solve``, the solver this package ships."""
    return Graph(board, language).solve()


def baseline_solve(board: Board, language: Language) -> list[Solution]:
    """Return the solutions of the plain memoized BFS: score per path, path tuples copied."""
    board = board.for_language(language)
    best: dict[str, tuple[int, tuple[int, ...]]] = {}
    for word, path in _baseline_paths(board, language):
        score = path_score(board, language, [divmod(i, board.cols) for i in path])
        kept = best.get(word)
        if kept is None or score > kept[0] or (score == kept[0] and path < kept[1]):
            best[word] = (score, path)
    found = (Solution(word, score, tuple(divmod(i, board.cols) for i in path))
             for word, (score, path) in best.items())
    return sort_solutions(found)


def _baseline_paths(board: Board, language: Language) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Yield (word, path) for every path spelling a word: deque of (prefix, used, path)."""
    letters, adjacency = board.letters, neighbours(board.rows, board.cols)
    status = _PrefixMemo(language.trie)
    queue: deque[tuple[str, int, tuple[int, ...]]] = deque(
        (letters[i], 1 << i, (i,)) for i in range(len(letters)) if status[letters[i]])
    while queue:
        prefix, used, path = queue.popleft()
        if status[prefix] == _WORD and len(prefix) >= language.min_length:
            yield prefix, path
        for j in adjacency[path[-1]]:
            if not used >> j & 1:
                extended = prefix + letters[j]
                if status[extended]:
                    queue.append((extended, used | 1 << j, path + (j,)))


_PREFIX, _WORD = 1, 2


class _PrefixMemo(dict):
    """Per-board memo: prefix -> 0 (no word starts so), _PREFIX, or _WORD (a word itself)."""

    def __init__(self, trie) -> None:
        super().__init__()
        self.trie = trie

    def __missing__(self, prefix: str) -> int:
        trie = self.trie
        state = _WORD if prefix in trie else _PREFIX if next(trie.iterkeys(prefix), None) else 0
        self[prefix] = state
        return state


# ---------------------------------------------------------------- boards and timing

def random_board(language: Language, size: int, rng: random.Random) -> Board:
    """Return a size x size board drawn like ``ruzzle generate`` draws one."""
    return Board.random(language, size, size, rng)


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


def percentile(values: Sequence[float], share: float) -> float:
    """Return the ``share`` (0..1) percentile of ``values``, interpolated."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * share
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# ---------------------------------------------------------------- load, memory, processes

def measure_load(code: str, repeats: int) -> float:
    """Return the median seconds to load a language and map its dictionary, caches cleared."""
    times = []
    for _ in range(repeats):
        load_language.cache_clear()
        load_trie.cache_clear()
        load_byte_trie.cache_clear()
        load_index.cache_clear()
        start = time.perf_counter()
        load_language(code).prefix_index  # maps the BinaryTrie and the index the solver reads
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_rss() -> int:
    """Return this process's peak resident memory in bytes (VmHWM on Linux, else getrusage)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass  # not Linux
    # ru_maxrss is not used on Linux: a child started by fork + exec inherits its parent's peak.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


MEMORY_SCRIPT = """
import random, sys
from ruzzle_gui.lab.bench import peak_rss, random_board
from ruzzle_gui import Graph, load_language
language = load_language(sys.argv[1])
Graph(random_board(language, int(sys.argv[2]), random.Random(0)), language).solve()
print(peak_rss())
"""


def measure_peak_rss(code: str, size: int) -> int:
    """Return the peak resident memory (bytes) of a fresh process that loads and solves one board."""
    done = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, code, str(size)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


def measure_heap_peak(language: Language, board: Board) -> int:
    """Return the peak bytes Python allocated (tracemalloc) while solving ``board``."""
    tracemalloc.start()
    try:
        Graph(board, language).solve()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def solve_command() -> tuple[list[str], str]:
    """Return the command that runs ``ruzzle`` and how to name it in the table."""
    script = shutil.which("ruzzle")
    if script:
        return [script], "ruzzle"
    return [sys.executable, "-m", "ruzzle_gui"], "python -m ruzzle_gui"


def compile_package() -> bool:
    """Compile this package's modules to bytecode, as ``pip install`` does; return True if all compiled.

    An editable install (``pip install -e``) leaves that to the first import, and
    with PYTHONDONTWRITEBYTECODE set it never happens: every ``ruzzle`` process then
    compiles its modules from source again (measured: ``ruzzle solve`` took 2.5x
    ``import marisa_trie`` that way, 1.3x with bytecode, in the same run).
    """
    return bool(compileall.compile_dir(Path(__file__).parent, quiet=2))


def measure_processes(commands: dict[str, list[str]], repeats: int) -> dict[str, tuple[float, float]]:
    """Return each command's median (wall seconds, CPU seconds) over ``repeats`` fresh processes.

    The commands take turns, so a change in the machine's load hits every one alike
    and the ratios between them hold even when the absolute times do not. Each
    command runs once untimed first, so the file cache is warm for all of them.
    """
    for command in commands.values():
        subprocess.run(command, capture_output=True, check=True)
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, command in commands.items():
            used, start = _children_cpu(), time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(_children_cpu() - used)
    return {name: (statistics.median(wall[name]), statistics.median(cpu[name])) for name in commands}


def _children_cpu() -> float:
    """Return the user + system CPU seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


APP_SCRIPT = """
import random, sys, time
from ruzzle_gui.app.main import launch
from ruzzle_gui.lab.bench import peak_rss, random_board
from ruzzle_gui.language import load_language
app = launch(["-l", sys.argv[1]])
if isinstance(app, int):
    sys.exit(app)
app.root.update()
while not app.root.winfo_viewable():
    app.root.update()
print("ready", time.monotonic())
rng = random.Random(int(sys.argv[3]))
tree = app.results.tree
for _ in range(int(sys.argv[2])):
    board = random_board(load_language(sys.argv[1]), 4, rng)
    timed = {}  # searched ahead or not -> (Solve to list drawn, Solve to idle)
    # Each board twice: first searched in the Solve, then (as in play) searched while
    # the Bonuses screen was up, which the app does when Tk is idle.
    for ahead in (False, True):
        app.load_board(board)
        app.show_bonuses()
        app.root.update()
        if not ahead:
            app.ahead.forget()
        start = time.perf_counter()
        app.solve()
        # Tk lays out and draws in idle callbacks: once they have run, the list is on screen.
        app.root.update_idletasks()
        listed = time.perf_counter()
        if not (tree.winfo_ismapped() and tree.get_children("")):
            sys.exit("the word list is not on screen after Solve")
        # update() also handles what the X server sends back (expose events) and waits for it.
        app.root.update()
        timed[ahead] = (listed - start, time.perf_counter() - start)
    print("solve", timed[True][0], len(app.results.shown), timed[True][1], timed[False][0])
print("rss", peak_rss())
from ruzzle_gui.dictionary import load_trie
print("dictionaries", load_trie.cache_info().currsize)
app.root.destroy()
"""


@dataclass
class AppResult:
    """Start time, Solve-to-list and Solve-to-idle times (seconds), peak memory (bytes), dictionaries mapped.

    ``solves`` and ``settled`` have the words searched ahead, as in play; ``searching``
    is Solve to list with the search in the Solve.
    """

    start: float
    solves: list[float]
    words: list[int]
    settled: list[float]
    searching: list[float]
    rss: int
    dictionaries: int


def measure_app(code: str, boards: int, seed: int) -> AppResult:
    """Run the desktop app in a fresh process and time its start and Solve-to-list."""
    with tempfile.TemporaryDirectory() as config:
        # A private settings folder: the benchmark must not change the user's last language.
        env = {**os.environ, "XDG_CONFIG_HOME": config}
        spawned = time.monotonic()
        done = subprocess.run([sys.executable, "-c", APP_SCRIPT, code, str(boards), str(seed)],
                              capture_output=True, text=True, env=env, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else
                           f"the app exited with status {done.returncode}")
    lines = [line.split() for line in done.stdout.splitlines()]
    ready = next(float(parts[1]) for parts in lines if parts[0] == "ready")
    solves = [parts for parts in lines if parts[0] == "solve"]
    rss, dictionaries = (next(int(parts[1]) for parts in lines if parts[0] == key)
                         for key in ("rss", "dictionaries"))
    return AppResult(ready - spawned, [float(p[1]) for p in solves], [int(p[2]) for p in solves],
                     [float(p[3]) for p in solves], [float(p[4]) for p in solves], rss, dictionaries)


# ---------------------------------------------------------------- big boards

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


class _CountingSteps(list):
    """The search's steps table, counting the steps looked at each time a cell's steps are read."""

    def __init__(self, steps: list, counts: dict[str, int]) -> None:
        super().__init__(steps)
        self.counts = counts

    def __getitem__(self, cell):
        near = super().__getitem__(cell)
        self.counts["steps"] += len(near)
        return near


class _CountingQueue(deque):
    """One batch's queue of paths, counting paths queued and the most queued at once."""

    def __init__(self, queue: deque, counts: dict[str, int]) -> None:
        super().__init__(queue)
        self.counts = counts

    def append(self, entry) -> None:
        self.counts["queued"] += 1
        super().append(entry)

    def popleft(self):
        self.counts["peak queue"] = max(self.counts["peak queue"], len(self))
        return super().popleft()


class SearchCounts:
    """A probe for ``Graph.paths`` (``ruzzle_gui.search_probe.SearchProbe``) that counts what the search does.

    steps: neighbour cells looked at; queued: paths queued; look-ups: strings asked of the
    index; peak queue: the most paths queued at once.
    """

    def __init__(self) -> None:
        self.counts = dict.fromkeys(("steps", "queued", "look-ups", "peak queue"), 0)

    def look_ups(self, find: Callable[[bytes], int | None]) -> Callable[[bytes], int | None]:
        def counted(word: bytes) -> int | None:
            self.counts["look-ups"] += 1
            return find(word)
        return counted

    def steps(self, steps: list) -> _CountingSteps:
        return _CountingSteps(steps, self.counts)

    def queue(self, queue: deque) -> _CountingQueue:
        return _CountingQueue(queue, self.counts)


def search_counts(graph: Graph) -> dict[str, int]:
    """Return what ``graph``'s search does, counted by a SearchCounts probe on ``Graph.paths``.

    Besides the probe's counts: word paths, the paths spelling a word; distinct words.
    """
    probe = SearchCounts()
    words: set[str] = set()
    word_paths = 0
    for word, _, _ in graph.paths(probe=probe):
        word_paths += 1
        words.add(word)
    return {**probe.counts, "word paths": word_paths, "distinct words": len(words)}


PROBE_BOARDS = 50  # 4x4 boards the probe's cost is measured on


def probe_rows(language: Language, seed: int) -> list[tuple[str, str, str]]:
    """Return the rows showing what the search probe hook costs: absent (the solver's case) and counting."""
    rng = random.Random(seed)
    graphs = [Graph(random_board(language, 4, rng), language) for _ in range(PROBE_BOARDS)]
    plain: list[float] = []
    counted: list[float] = []
    for graph in graphs:  # interleaved, so a busy moment slows both alike
        for times, run in ((plain, lambda: sum(1 for _ in graph.paths())),
                           (counted, lambda: search_counts(graph))):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
    # Without a probe, the hook is one `probe is not None` test per call and one per batch of
    # start cells (a 4x4 board is one batch); the inner loop is the same code either way.
    tests = 1 + -(-len(graphs[0].board.letters) // BATCH_CELLS)
    per_test = min(timeit.repeat("probe is not None", globals={"probe": None}, number=100_000, repeat=5)) / 100_000
    share = tests * per_test / statistics.median(plain)
    return [("search probe, unused", f"{share:.4%}",
             f"of the median 4x4 search ({ms(statistics.median(plain))}, {PROBE_BOARDS} boards): "
             f"{tests} `probe is not None` tests at {per_test * 1e9:.0f} ns, outside the inner loop"),
            ("search probe, counting", f"x{statistics.median(counted) / statistics.median(plain):.2f}",
             "median 4x4 search watched by `SearchCounts` (for `--big`), over the unwatched one, same boards")]


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


# ---------------------------------------------------------------- report

def machine() -> str:
    """Return a one-line description of the CPU, core count, OS and Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass  # not Linux: keep platform's guess
    try:
        marisa = metadata.version("marisa-trie")
    except metadata.PackageNotFoundError:
        marisa = "?"
    return (f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, marisa-trie {marisa}")


def ms(seconds: float) -> str:
    """Return seconds as milliseconds with sensible precision."""
    value = seconds * 1000
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def mb(count: float) -> str:
    """Return a byte count in megabytes."""
    return f"{count / 1e6:.1f} MB"


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


def other_table(rows: list[tuple[str, str, str]]) -> list[str]:
    """Return the Markdown table of the other measures: (what, value, how measured)."""
    lines = ["| measure | value | how |", "|---|---:|---|"]
    lines += [f"| {what} | {value} | {how} |" for what, value, how in rows]
    return lines


# ---------------------------------------------------------------- main

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
        rows += _process_rows(language, repeats)
    if "reader" not in args.skip:
        rows += reader_rows(language, repeats, args.shot)
    if "app" not in args.skip:
        rows += app_rows(language, repeats, args.seed)
    return rows


def _process_rows(language: Language, repeats: int) -> list[tuple[str, str, str]]:
    """Return the rows timing whole ``ruzzle`` processes against bare Python run alongside them."""
    command, name = solve_command()
    compiled = "bytecode compiled first" if compile_package() else "some modules not compiled (read-only?)"
    with tempfile.TemporaryDirectory() as folder:
        board_file = Path(folder) / "board.txt"
        board_file.write_text(random_board(language, 4, random.Random(0)).to_text(), encoding="utf-8")
        commands = {
            "`python -c pass`": [sys.executable, "-c", "pass"],
            '`python -c "import marisa_trie"`': [sys.executable, "-c", "import marisa_trie"],
            f"`ruzzle solve -l {language.code} -b board.txt` (4x4)":
                [*command, "solve", "-l", language.code, "-b", str(board_file)],
            "`ruzzle --help`": [*command, "--help"],
            "`ruzzle languages`": [*command, "languages"],
        }
        times = measure_processes(commands, repeats)
    (bare_wall, bare_cpu), (trie_wall, trie_cpu) = times[
        "`python -c pass`"], times['`python -c "import marisa_trie"`']
    rows = []
    for what, (wall, cpu) in times.items():
        rows.append((f"whole process: {what}", ms(wall),
                     f"median of {repeats} ({name}, {compiled}), interleaved; "
                     f"x{wall / bare_wall:.2f} of `python -c pass`, x{wall / trie_wall:.2f} of `import marisa_trie` "
                     f"(CPU {ms(cpu)}: "
                     f"x{cpu / bare_cpu:.2f}, x{cpu / trie_cpu:.2f})"))
    return rows


def reader_rows(language: Language, repeats: int, shot: str | None = None) -> list[tuple[str, str, str]]:
    """Return the rows timing a whole ``ruzzle read`` process on a phone screenshot against the imports it
    cannot do without, run alongside it."""
    command, name = solve_command()
    compile_package()
    with tempfile.TemporaryDirectory() as folder:
        if shot is None:
            from ruzzle_gui.lab import synth

            rng = random.Random(0)
            made = synth.phone_shot(synth.random_board(language, rng), language, 1080, rng, synth.fonts()[0])
            shot = str(Path(folder) / "phone.png")
            made.image.save(shot)
        size = "x".join(map(str, _image_size(shot)))
        commands = {
            "`python -c pass`": [sys.executable, "-c", "pass"],
            '`python -c "import numpy, PIL.Image"`': [sys.executable, "-c", "import numpy, PIL.Image"],
            f"`ruzzle read -l {language.code}` ({size} {Path(shot).suffix[1:].upper()})":
                [*command, "read", "-l", language.code, shot],
        }
        try:
            times = measure_processes(commands, repeats)
        except subprocess.CalledProcessError as err:
            return [("whole process: `ruzzle read`", "not measured", f"it failed (exit {err.returncode})")]
    (bare_wall, bare_cpu), (imports_wall, imports_cpu) = list(times.values())[:2]
    return [(f"whole process: {what}", ms(wall),
             f"median of {repeats} ({name}), interleaved; x{wall / bare_wall:.2f} of `python -c pass`, "
             f"x{wall / imports_wall:.2f} of the imports alone (CPU {ms(cpu)}: x{cpu / bare_cpu:.2f}, "
             f"x{cpu / imports_cpu:.2f})" + ("; target 0.5 s" if what.startswith("`ruzzle read") else ""))
            for what, (wall, cpu) in times.items()]


def _image_size(path: str) -> tuple[int, int]:
    """Return an image file's width and height."""
    from PIL import Image

    with Image.open(path) as image:
        return image.size


def app_rows(language: Language, repeats: int, seed: int) -> list[tuple[str, str, str]]:
    """Return the rows timing the desktop app, or one row saying why it was not measured."""
    if not os.environ.get("DISPLAY"):
        return [("app start, Solve to list", "not measured", "no display: run under `xvfb-run`")]
    compile_package()
    try:
        runs = [measure_app(language.code, APP_BOARDS, seed + n) for n in range(max(APP_LAUNCHES, repeats // 4))]
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as err:
        return [("app start, Solve to list", "not measured", f"the app failed: {err}")]
    solves = [seconds for run in runs for seconds in run.solves]
    settled = [seconds for run in runs for seconds in run.settled]
    searching = [seconds for run in runs for seconds in run.searching]
    if not solves or min(words for run in runs for words in run.words) == 0:
        return [("app start, Solve to list", "not measured", "the app listed no words after Solve")]
    return [("app start to window ready", ms(statistics.median(run.start for run in runs)),
             f"median of {len(runs)} fresh app process(es): spawn until the window is mapped and drawn"),
            ("Solve to list drawn, 4x4", ms(statistics.median(solves)),
             f"median of {len(solves)} boards over those runs: `App.solve()` + `update_idletasks()` "
             "(layout and drawing done, the list mapped with its rows); the words searched while "
             "the Bonuses screen was up, as in play"),
            ("Solve to list drawn, 4x4, searching in the Solve", ms(statistics.median(searching)),
             "the same boards with nothing searched ahead: the search is part of the Solve"),
            ("Solve to app idle, 4x4", ms(statistics.median(settled)),
             "the same boards, searched ahead: `App.solve()` + `update()` (also the X server's "
             "expose events and the redraws they cause)"),
            ("app peak memory, one language", mb(max(run.rss for run in runs)),
             f"peak RSS (VmHWM) of those app processes; dictionaries mapped: "
             f"{max(run.dictionaries for run in runs)}")]


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
        return run_big(args) if args.big else run(args)
    except (LanguageError, DictionaryError) as err:
        print(f"ruzzle bench: error: {err}", file=sys.stderr)
        return EXIT_MISMATCH
    except subprocess.CalledProcessError as err:
        print(f"ruzzle bench: error: {' '.join(err.cmd[:3])} failed: {err.stderr.strip()[-200:]}",
              file=sys.stderr)
        return EXIT_MISMATCH


if __name__ == "__main__":
    sys.exit(main())
