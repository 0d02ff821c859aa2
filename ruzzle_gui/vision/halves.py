"""A read's work on two cores, where the work lets go of the GIL: the second half of the tiles cut on a
thread of its own (``in_two``), or one step beside another that does not need it (``beside``).

Cutting a tile is Pillow resampling, which lets go of the GIL: a phone screenshot's 16
tiles took 8.4-9.5 ms this way against 15-17 ms one after another (2-core AMD EPYC,
quiet). Splitting a tile's marks and reading them is Python over small arrays, which
holds it: in two halves that was slower, not faster, so it runs in one thread (in one
process, 80 reads each way, twice: 108.2 and 112.8 ms with every step in two halves,
91.4 and 92.3 ms with only the cutting). Each result is the one the function gives
alone, so the order and the results are as before.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["beside", "in_two"]

Item = TypeVar("Item")
Result = TypeVar("Result")


def in_two(function: Callable[[Item], Result], items: Sequence[Item]) -> list[Result]:
    """Return ``[function(item) for item in items]``, the second half computed on another thread (``beside``).

    What ``function`` raises is raised here, the first half's first (as the loop would).
    """
    if len(items) < 2:
        return [function(item) for item in items]
    middle = (len(items) + 1) // 2
    second = beside(lambda: [function(item) for item in items[middle:]])
    first = [function(item) for item in items[:middle]]
    return first + second()


def beside(function: Callable[[], Result]) -> Callable[[], Result]:
    """Start ``function()`` on a thread of its own; return what waits for its result (and raises its error).

    For a step whose answer is likely to be wanted, begun while the caller does another:
    the board located while its lie is measured, which a straight board (most) does not change.
    """
    done: list[Result] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(function())
        except BaseException as err:  # noqa: BLE001 (raised on the caller's thread when it asks)
            failed.append(err)

    helper = threading.Thread(target=run, name="beside", daemon=True)
    helper.start()

    def result() -> Result:
        helper.join()
        if failed:
            raise failed[0]
        return done[0]

    return result
