"""The reader's median equals the standard one to the bit (it exists to spare a read an import)."""
from __future__ import annotations

import random
import statistics

import pytest

from ruzzle_gui.vision.middle import median


@pytest.mark.parametrize("count", [1, 2, 3, 4, 7, 16, 33, 100])
def test_the_median_is_the_standard_one(count):
    rng = random.Random(count)
    for _ in range(200):
        floats = [rng.uniform(-45, 45) for _ in range(count)]
        whole = [rng.randint(0, 300) for _ in range(count)]
        assert median(floats) == statistics.median(floats) and median(whole) == statistics.median(whole)
