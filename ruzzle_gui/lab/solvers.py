"""The two solvers the bench compares, on the same seeded random boards.

``optimised_solve`` is the solver the package ships; ``baseline_solve`` the plain
memoized BFS it is measured against (a score per path, path tuples copied).
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator

from ruzzle_gui.board import Board
from ruzzle_gui.graph import Graph, Solution, neighbours, path_score, sort_solutions
from ruzzle_gui.language import Language

Solver = Callable[[Board, Language], list[Solution]]


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


def random_board(language: Language, size: int, rng: random.Random) -> Board:
    """Return a size x size board drawn like ``ruzzle generate`` draws one."""
    return Board.random(language, size, size, rng)
