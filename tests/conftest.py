"""Fixtures shared by the engine and command-line tests."""
from __future__ import annotations

import pytest

from helpers import write_language
from ruzzle_gui import load_language


@pytest.fixture
def make_language(tmp_path):
    """Return a factory that builds a test Language from a word list."""
    counter = iter(range(10**6))

    def make(words, **options):
        return load_language(str(write_language(tmp_path / f"lang{next(counter)}", words, **options)))

    return make
