"""Counting what a search does, through the solver's own probe hook, and what the hook costs."""
from __future__ import annotations

import random
import statistics
import time
import timeit
from collections import deque
from collections.abc import Callable

from ruzzle_gui.graph import BATCH_CELLS, Graph
from ruzzle_gui.lab.report import ms
from ruzzle_gui.lab.solvers import random_board
from ruzzle_gui.language import Language


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
