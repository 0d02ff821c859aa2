"""An independent, word-driven brute-force Ruzzle solver, used only to check Graph.

It shares no code with ruzzle_gui.graph: for every dictionary word it finds
every path on the board that spells it by depth-first search, scores each path
from first principles and keeps the best score.
"""
from __future__ import annotations

LETTER_FACTOR = {"DL": 2, "TL": 3}
WORD_FACTOR = {"DW": 2, "TW": 3}


def reference_solve(grid: list[list[str]], bonuses: list[list[str | None]],
                    values: dict[str, int], words, min_length: int) -> dict[str, int]:
    """Return {word: best score} for every word of ``words`` that the board spells."""
    present = {ch for row in grid for ch in row}
    best: dict[str, int] = {}
    for word in words:
        if len(word) < min_length or not set(word) <= present:
            continue
        scores = [score(path, grid, bonuses, values) for path in spelling_paths(word, grid)]
        if scores:
            best[word] = max(scores)
    return best


def spelling_paths(word: str, grid: list[list[str]]) -> list[list[tuple[int, int]]]:
    """Return every path of distinct, adjacent cells that spells ``word``."""
    rows, cols = len(grid), len(grid[0])
    found: list[list[tuple[int, int]]] = []

    def extend(path: list[tuple[int, int]]) -> None:
        if len(path) == len(word):
            found.append(list(path))
            return
        r0, c0 = path[-1]
        for r in range(max(r0 - 1, 0), min(r0 + 2, rows)):
            for c in range(max(c0 - 1, 0), min(c0 + 2, cols)):
                if (r, c) not in path and grid[r][c] == word[len(path)]:
                    path.append((r, c))
                    extend(path)
                    path.pop()

    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == word[0]:
                extend([(r, c)])
    return found


def score(path, grid, bonuses, values) -> int:
    """Return the Ruzzle score of ``path``, computed from the rules."""
    total, factor = 0, 1
    for r, c in path:
        total += values[grid[r][c]] * LETTER_FACTOR.get(bonuses[r][c], 1)
        factor *= WORD_FACTOR.get(bonuses[r][c], 1)
    return total * factor + (5 * (len(path) - 4) if len(path) > 4 else 0)
