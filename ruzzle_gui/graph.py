"""The Graph solver: every word that can be traced on a board, with its best path.

The board is a graph whose nodes are cells (numbered row-major) and whose
edges join the up-to-8 neighbours of each cell. ``Graph.solve`` runs a
breadth-first search over a queue of partial paths; each entry carries its
prefix (as UTF-8 bytes), the letters dictionary words go on with after it, a
bitmask of the cells it has used and its score so far. A step to a letter no
word goes on with is skipped with one bit test; every other new string is
looked up once per board in the dictionary's PrefixIndex, and the answers for a
prefix's next letters are kept in a small dict that travels with it.

Short names used throughout: ``r, c`` are a row and a column, ``i, j`` are
row-major cell indexes (``i = r * cols + c``).
"""
from __future__ import annotations

import gc
from collections import deque, namedtuple
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache

from ruzzle_gui.board import Board, Cell
from ruzzle_gui.dictionary import IS_WORD
from ruzzle_gui.language import Language, load_language

# Not imported at run time: typing costs start-up, and only the type checker reads the name.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ruzzle_gui.search_probe import SearchProbe

__all__ = ["Graph", "Solution", "SORT_ORDERS", "sort_solutions", "best_solutions", "neighbours",
           "length_bonus", "path_score", "can_trace", "TraceTooCostly", "TRACE_STEPS"]

# Keyed by a cell's bonus, None for a plain cell (which gets 1).
LETTER_MULTIPLIER: dict[str | None, int] = {"DL": 2, "TL": 3}
WORD_MULTIPLIER: dict[str | None, int] = {"DW": 2, "TW": 3}
# Start cells are searched this many at a time, each batch with a new queue and memo, so a
# solve's memory is bounded by one batch's paths whatever the board's size; a board of
# up to this many cells is one batch.
BATCH_CELLS = 2500
# Used-cell bits repeat every SPAN rows and columns, so a mask stays a one-digit int.
SPAN = 5
# Tiles ``can_trace`` may step on before it gives up on a word (about a second): whether a word can be
# traced is NP-hard in general, and its pruning leaves hostile boards (one letter everywhere) a few such.
TRACE_STEPS = 1_000_000


class Solution(namedtuple("Solution", ("word", "score", "path"))):
    """One word found on the board, its best score and the path that scores it.

    ``word: str``, ``score: int``, ``path: tuple[Cell, ...]``. A collections
    namedtuple, as typing.NamedTuple makes, without importing typing (start-up time).
    """

    __slots__ = ()


@cache
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each cell index, the indexes of its up-to-8 neighbours."""
    return tuple(
        tuple((r + dr) * cols + c + dc
              for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols)
        for r in range(rows) for c in range(cols))


class TraceTooCostly(ValueError):
    """Deciding whether a word can be traced would take more than TRACE_STEPS steps."""


def can_trace(board: Board, word: str, most_steps: int = TRACE_STEPS) -> bool:
    """Return True if ``word`` can be traced on ``board``: adjacent tiles, each used once (dictionary or not).

    A depth-first walk with the used cells as a bitmask, which only steps on a tile
    from which the rest of the word can still be spelled (``_spellable``), and never
    twice into the same dead end. Raises TraceTooCostly past ``most_steps`` steps.
    """
    letters, size = board.letters, len(word)
    if not word or any(word.count(ch) > sum(tile.count(ch) for tile in letters) for ch in set(word)):
        return False  # a letter the tiles do not hold often enough
    near = [sum(1 << j for j in links) for links in neighbours(board.rows, board.cols)]
    spellable = _spellable(letters, word, near)
    failed: set[tuple[int, int]] = set()  # (cell, used cells) from which the rest could not be traced
    stack = [(-1, 0, 0, spellable[0])]  # (cell, used cells, letters spelled, cells still to try next)
    steps = 0
    while stack:
        cell, used, done, untried = stack[-1]
        if not untried:
            failed.add((cell, used))
            stack.pop()
            continue
        bit = untried & -untried
        stack[-1] = (cell, used, done, untried ^ bit)
        step, now = bit.bit_length() - 1, used | bit
        if (step, now) in failed:
            continue
        steps += 1
        if steps > most_steps:
            raise TraceTooCostly(word)
        after = done + len(letters[step])
        if after == size:
            return True
        stack.append((step, now, after, spellable[after] & near[step] & ~now))
    return False


def _spellable(letters: Sequence[str], word: str, near: Sequence[int]) -> list[int]:
    """Return per offset into ``word`` the bitmask of the cells whose tile starts there and from which the rest
    can be spelled, tiles reused or not: a cheap bound that prunes most dead ends of ``can_trace``."""
    spellable = [0] * (len(word) + 1)
    for offset in range(len(word) - 1, -1, -1):
        for cell, tile in enumerate(letters):
            after = offset + len(tile)
            if tile and word.startswith(tile, offset) and (after == len(word) or spellable[after] & near[cell]):
                spellable[offset] |= 1 << cell
    return spellable


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


def best_solutions(paths: Iterable[tuple[str, int, tuple[Cell, ...]]], order: str = "score",
                   reverse: bool = False) -> list[Solution]:
    """Return one Solution per word of (word, score, path) ``paths``, its best path, sorted."""
    best: dict[str, tuple[str, int, tuple[Cell, ...]]] = {}
    kept_for = best.get
    for found in paths:
        word, score, path = found
        kept = kept_for(word)
        # Ties go to the smallest path, so the answer never depends on search order.
        if kept is None or score > kept[1] or (score == kept[1] and path < kept[2]):
            best[word] = found
    return sort_solutions(map(Solution._make, best.values()), order, reverse)


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
        # A solve allocates tens of thousands of tuples and dicts, none in a cycle, and
        # the cyclic collector would walk them again and again for nothing (~5% of a
        # 10x10 solve), so it is paused, if it runs, until the solve ends.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return best_solutions(self.paths(), order, reverse)
        finally:
            if collecting:
                gc.enable()

    def paths(self, batch_cells: int = BATCH_CELLS, probe: SearchProbe | None = None
              ) -> Iterator[tuple[str, int, tuple[Cell, ...]]]:
        """Yield (word, score, path of (row, col) cells) for every path spelling a word of min_length+.

        Start cells are searched ``batch_cells`` at a time, in row-major order. A ``probe``
        (see ``SearchProbe``) watches the search by wrapping its look-up function, its
        table of steps and each batch's queue; without one nothing in the loop changes.
        """
        index = self.language.prefix_index
        find, nexts, short = index.find, index.nexts, self.min_length - 1
        root = find(b"")
        if root is None:
            return  # a dictionary with no words
        cells = len(self.board.letters)
        steps, exact = self._steps(index.letter_bits, batch_cells)
        gains, factors = self._cell_scores()
        bonuses = [length_bonus(length) for length in range(cells + 1)]
        # Per cell, the bits of its neighbours' letters: a path whose words can go on
        # with none of them ends there, and is never queued.
        onward = [sum({step[4] for step in near}) for near in steps[:cells]]
        if probe is not None:  # outside the loop: an absent probe costs one test per call and per batch
            find, steps = probe.look_ups(find), probe.steps(steps)
        for start in range(cells, len(steps)):
            # A queue entry is a path: its string, the memo of the strings one letter on
            # (letter -> (value, string, its own memo)), which letters words go on with
            # after it, the cells used, the last cell, the path, its letter points and
            # word factor. It starts empty, at a virtual cell next to every cell of the
            # batch. Each batch starts a new memo, so neither it nor the queue outgrows
            # one batch's paths.
            queue: deque[tuple] = deque([(b"", {}, nexts[root], 0, start, (), 0, 1)])
            if probe is not None:
                queue = probe.queue(queue)
            pop, push = queue.popleft, queue.append
            while queue:
                prefix, memo, follows, used, last, path, points, factor = pop()
                for i, cell, bit, letter, letter_bit in steps[last]:
                    if not follows & letter_bit or used & bit and (len(path) < exact or cell in path):
                        continue  # no word goes on with this letter, or the cell is taken
                    node = memo.get(letter)
                    if node is None:
                        word = prefix + letter
                        found = find(word)
                        # A string the letter bits led to is a word; if it is no stem, nothing extends it.
                        value = IS_WORD if found is None else nexts[found]
                        if len(path) < short:
                            value &= ~IS_WORD
                        node = memo[letter] = (value, word, {} if value > IS_WORD else None)
                    value, word, next_memo = node
                    longer, more, times = path + (cell,), points + gains[i], factor * factors[i]
                    if value & onward[i]:
                        push((word, next_memo, value, used | bit, i, longer, more, times))
                    if value & IS_WORD:
                        yield word.decode(), more * times + bonuses[len(longer)], longer

    def _steps(self, letter_bits: dict[str, int], batch_cells: int
               ) -> tuple[list[tuple[tuple[int, Cell, int, bytes, int], ...]], int]:
        """Return the cells one step away, per cell and then per batch of start cells, and the exact length.

        Each step is (index, (row, col), used-cell bit, UTF-8 letter, the letter's bit
        in ``letter_bits``); a batch is a virtual cell next to each of its cells. Cells
        whose rows and columns are equal modulo SPAN share a used-cell bit, which keeps
        the masks small ints. Such cells are SPAN or more steps apart, so a set bit
        proves the cell taken while a path has fewer cells than the exact length
        returned; past it, the path itself is asked.
        """
        rows, cols = self.board.rows, self.board.cols
        span_rows, span_cols = min(rows, SPAN), min(cols, SPAN)
        step = [(i, (r, c), 1 << (r % span_rows * span_cols + c % span_cols), letter.encode(),
                 letter_bits.get(letter, 0))
                for i, letter in enumerate(self.board.letters) for r, c in [divmod(i, cols)]]
        batches = [tuple(step[first:first + batch_cells]) for first in range(0, len(step), batch_cells)]
        exact = SPAN if rows > SPAN or cols > SPAN else len(step) + 1
        return [tuple(step[j] for j in near) for near in self.adjacency] + batches, exact

    def _cell_scores(self) -> tuple[list[int], list[int]]:
        """Return per cell the letter's points (letter bonus applied) and the word multiplier."""
        values, board = self.language.values, self.board
        gains = [values[letter] * LETTER_MULTIPLIER.get(bonus, 1)
                 for letter, bonus in zip(board.letters, board.bonuses)]
        return gains, [WORD_MULTIPLIER.get(bonus, 1) for bonus in board.bonuses]
