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


@pytest.mark.parametrize("count", [1, 2, 3, 4, 7, 16, 33, 100])
def test_the_median_is_numpys_for_floats_and_whole_numbers(count):
    import numpy as np

    rng = np.random.default_rng(count)
    for _ in range(100):
        angles, sides = rng.uniform(-45, 45, count), rng.integers(10, 300, count).tolist()
        assert float(median(angles.tolist())) == float(np.median(angles))
        assert float(median(sides)) == float(np.median(sides))


@pytest.mark.parametrize("dtype", ["uint8", "float32", "float64"])
@pytest.mark.parametrize("q", [0, 1, 50, 75, 98, 99, 100, 37.5, (1, 99), (50, 98), (0, 100), (25.0, 75.0, 90)])
def test_the_percentile_is_numpys_to_the_bit(dtype, q):
    import numpy as np

    from ruzzle_gui.vision.middle import percentile

    rng = np.random.default_rng(len(str(q)) + len(dtype))
    for count in (1, 2, 3, 10, 99, 1000):
        for shape in ((count,), (count, 1), (1, count)):
            values = (rng.integers(0, 256, shape) if dtype == "uint8" else rng.normal(128, 60, shape)).astype(dtype)
            kept = values.copy()
            mine, theirs = percentile(values, q), np.percentile(values, q)
            assert type(mine) is type(theirs) and np.shape(mine) == np.shape(theirs)
            assert np.asarray(mine).dtype == np.asarray(theirs).dtype
            assert np.asarray(mine).tobytes() == np.asarray(theirs).tobytes()
            assert (values == kept).all()  # the values are left as they were


def test_a_percentile_with_nans_or_no_values_is_numpys():
    import numpy as np

    from ruzzle_gui.vision.middle import percentile

    values = np.array([3.0, np.nan, 1.0], np.float32)
    assert np.asarray(percentile(values, (1, 99))).tobytes() == np.asarray(np.percentile(values, (1, 99))).tobytes()
    with pytest.raises(IndexError):
        np.percentile(np.array([], np.float32), 50)
    with pytest.raises(IndexError):
        percentile(np.array([], np.float32), 50)


def test_the_percentile_costs_no_numpy_ma():
    import subprocess
    import sys

    code = ("import sys, numpy as np; from ruzzle_gui.vision.middle import percentile; "
            "percentile(np.arange(10, dtype=np.float32), (50, 98)); percentile(np.arange(5), 75); "
            "print('numpy.ma' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"
