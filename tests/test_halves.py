"""Per-tile work on two threads (``vision.halves.in_two``): the loop's results, in the loop's order, and its errors."""
from __future__ import annotations

import threading

import pytest

from ruzzle_gui.vision.halves import in_two


@pytest.mark.parametrize("count", [0, 1, 2, 3, 16, 17])
def test_the_results_are_the_loops_in_its_order(count):
    assert in_two(lambda n: n * n, range(count)) == [n * n for n in range(count)]


def test_the_second_half_runs_on_another_thread():
    threads = in_two(lambda _n: threading.get_ident(), range(16))
    assert set(threads[:8]) == {threading.get_ident()} and threading.get_ident() not in threads[8:]


def test_an_error_in_either_half_is_raised_to_the_caller():
    def fails_at(bad):
        def work(n):
            if n == bad:
                raise ValueError(f"tile {n}")
            return n
        return work

    for bad in (2, 12):
        with pytest.raises(ValueError, match=f"tile {bad}"):
            in_two(fails_at(bad), range(16))


def test_the_first_halfs_error_is_raised_first_as_the_loop_would():
    def work(n):
        raise ValueError(f"tile {n}")

    with pytest.raises(ValueError, match="tile 0"):
        in_two(work, range(16))


def test_a_step_beside_gives_its_result_and_its_error_when_asked():
    from ruzzle_gui.vision.halves import beside

    ready = threading.Event()
    result = beside(lambda: (ready.wait(5), threading.get_ident())[1])
    ready.set()
    assert result() != threading.get_ident()

    def fails():
        raise ValueError("no board")

    asked = beside(fails)
    with pytest.raises(ValueError, match="no board"):
        asked()
