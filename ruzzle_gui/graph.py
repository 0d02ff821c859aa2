"""The Graph solver: every word that can be traced on a board, with its best path.

The board is a graph whose nodes are cells (numbered row-major) and whose
edges join the up-to-8 neighbours of each cell. ``Graph.solve`` runs a
breadth-first search over a queue of partial paths; each entry carries its
prefix string and a bitmask of the cells it has used, and is dropped as soon
as no dictionary word starts with its prefix.

Short names used throughout: ``r, c`` are a row and a column, ``i, j`` are
row-major cell indexes (``i = r * cols + c``).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.language import Language, load_language

__all__ = ["Graph", "Solution", "SORT_ORDERS", "sort_solutions", "neighbours",
           "length_bonus", "path_score"]

LETTER_MULTIPLIER = {"DL": 2, "TL": 3}
WORD_MULTIPLIER = {"DW": 2, "TW": 3}


class Solution(NamedTuple):
    """One word found on the board, its best score and the path that scores it."""

    word: str
    score: int
    path: tuple[Cell, ...]


def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each cell index, the indexes of its up-to-8 neighbours."""
    return tuple(
        tuple((r + dr) * cols + c + dc
              for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols)
        for r in range(rows) for c in range(cols))


def length_bonus(length: int) -> int:
    """Return the bonus for a word of ``length`` letters: 5 per letter beyond 4."""
    return 5 * (length - 4) if length > 4 else 0


def path_score(board: Board, language: Language, path: Sequence[Cell]) -> int:
    """Return the Ruzzle score of the word traced by ``path`` on ``board``."""
    letters, factor = 0, 1
    for cell in path:
        bonus = board.bonus(cell)
        letters += language.values[board.letter(cell)] * LETTER_MULTIPLIER.get(bonus, 1)
        factor *= WORD_MULTIPLIER.get(bonus, 1)
    return letters * factor + length_bonus(len(path))


SORT_KEYS: dict[str, Callable[[Solution], tuple]] = {
    "score": lambda s: (-s.score, -len(s.word), s.word),
    "length": lambda s: (-len(s.word), -s.score, s.word),
    "start": lambda s: (s.path[0], -s.score, s.word),
    "end": lambda s: (s.path[-1], -s.score, s.word),
    "alpha": lambda s: (s.word,),
}
SORT_ORDERS = tuple(SORT_KEYS)


def sort_solutions(solutions: Iterable[Solution], order: str = "score",
                   reverse: bool = False) -> list[Solution]:
    """Return ``solutions`` in one of the ``SORT_ORDERS``, optionally reversed."""
    if order not in SORT_KEYS:
        raise ValueError(f"unknown sort order '{order}'; use one of {', '.join(SORT_ORDERS)}")
    ordered = sorted(solutions, key=SORT_KEYS[order])
    return ordered[::-1] if reverse else ordered


class Graph:
    """A board seen as a graph of adjacent cells, solved against a language's dictionary."""

    def __init__(self, board: Board, language: Language | str, min_length: int | None = None) -> None:
        self.language = load_language(language) if isinstance(language, str) else language
        self.board = board.for_language(self.language)
        self.adjacency = neighbours(board.rows, board.cols)
        self.min_length = self.language.min_length if min_length is None else min_length
        if self.min_length < 1:
            raise ValueError(f"minimum word length must be at least 1, not {self.min_length}")

    def solve(self, order: str = "score", reverse: bool = False) -> list[Solution]:
        """Return one Solution per word on the board, best path each, sorted by ``order``."""
        cols = self.board.cols
        found = (Solution(word, score, tuple(divmod(i, cols) for i in path))
                 for word, (score, path) in self.best_paths().items())
        return sort_solutions(found, order, reverse)

    def best_paths(self) -> dict[str, tuple[int, tuple[int, ...]]]:
        """Return {word: (best score, best path as cell indexes)} for every word found."""
        best: dict[str, tuple[int, tuple[int, ...]]] = {}
        for word, path in self.paths():
            score = self.score(path)
            kept = best.get(word)
            # Ties go to the smallest path, so the answer never depends on search order.
            if kept is None or score > kept[0] or (score == kept[0] and path < kept[1]):
                best[word] = (score, path)
        return best

    def paths(self) -> Iterable[tuple[str, tuple[int, ...]]]:
        """Yield (word, path) for every path that spells a word of at least min_length."""
        trie, letters, adjacency = self.language.trie, self.board.letters, self.adjacency
        status = _PrefixMemo(trie)
        queue = deque((letters[i], 1 << i, (i,)) for i in range(len(letters)) if status[letters[i]])
        while queue:
            prefix, used, path = queue.popleft()
            if status[prefix] == WORD and len(prefix) >= self.min_length:
                yield prefix, path
            for j in adjacency[path[-1]]:
                if not used >> j & 1:
                    extended = prefix + letters[j]
                    if status[extended]:
                        queue.append((extended, used | 1 << j, path + (j,)))

    def score(self, path: Sequence[int]) -> int:
        """Return the score of a path given as cell indexes."""
        board = self.board
        return path_score(board, self.language, [divmod(i, board.cols) for i in path])


PREFIX, WORD = 1, 2


class _PrefixMemo(dict):
    """Per-board memo: prefix -> 0 (no word starts so), PREFIX, or WORD (a word itself)."""

    def __init__(self, trie) -> None:
        super().__init__()
        self.trie = trie

    def __missing__(self, prefix: str) -> int:
        trie = self.trie
        state = WORD if prefix in trie else PREFIX if next(trie.iterkeys(prefix), None) else 0
        self[prefix] = state
        return state
