"""Fixtures shared by the engine and command-line tests."""
from __future__ import annotations

import os

# Tests read the app's texts in English, whatever this machine's locale: LANGUAGE comes first in
# gettext's order (and a C locale means English anyway). Set before the app's i18n is imported.
os.environ["LANGUAGE"] = "en"
# The player's store (verdicts, practice rounds) in a folder of the test run's own, never the
# real one: a developer's verdicts must not change what `ruzzle solve` lists in a test.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="ruzzle-data-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)

import pytest
from hypothesis import settings

from ruzzle_gui import load_language

from helpers import write_language

# `HYPOTHESIS_PROFILE=dev pytest ...` while working: few examples and no deadline for
# tests that set no count, and helpers.examples() cuts the counts the others set.
# Without it, CI's counts.
settings.register_profile("dev", max_examples=10, deadline=None)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])


@pytest.fixture
def make_language(tmp_path):
    """Return a factory that builds a test Language from a word list."""
    counter = iter(range(10**6))

    def make(words, **options):
        return load_language(str(write_language(tmp_path / f"lang{next(counter)}", words, **options)))

    return make
