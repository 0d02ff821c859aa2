"""Helpers shared by the engine and command-line tests."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from ruzzle_gui.dictionary import compile_words, index_path

RAW = Path(__file__).resolve().parents[1] / "raw_languages"  # the build scripts and their sources
# HYPOTHESIS_PROFILE=dev (see conftest.py): property tests run a tenth of their examples.
DEV = os.environ.get("HYPOTHESIS_PROFILE") == "dev"


def examples(count: int) -> int:
    """Return a property test's example count: ``count`` in CI, a tenth (at least 10) under the dev profile."""
    return max(10, count // 10) if DEV else count


TEST_VALUES = {"A": 1, "C": 2, "E": 1, "I": 1, "L": 3, "N": 3, "O": 1, "R": 2, "S": 2, "T": 2}


def write_language(folder: Path, words, *, code: str = "tt", min_length: int = 2,
                   values: dict[str, int] | None = None, dictionary: str = "words.txt") -> Path:
    """Write a small test language (TOML plus dictionary) into ``folder``; return the TOML path.

    ``dictionary`` names the file: a plain list (.txt), or a .marisa compiled with
    its index, or ``words-unindexed.marisa`` with the index left out.
    """
    values = values or TEST_VALUES
    folder.mkdir(parents=True, exist_ok=True)
    if dictionary.endswith(".marisa"):
        compile_words(words, folder / dictionary)
        if "unindexed" in dictionary:
            Path(index_path(folder / dictionary)).unlink()
    else:
        (folder / dictionary).write_text("\n".join(words) + "\n", encoding="utf-8")
    value_lines = "\n".join(f'"{k}" = {v}' for k, v in values.items())
    toml = folder / f"{code}.toml"
    toml.write_text(
        f'code = "{code}"\nname = "Test"\nalphabet = "{"".join(values)}"\nfold = "unidecode"\n'
        f'min_length = {min_length}\ndictionary = "{dictionary}"\n\n[values]\n{value_lines}\n',
        encoding="utf-8")
    return toml


# The ruzzle command line in a child process, as the installed package runs it.
RUZZLE = [sys.executable, "-c", "import sys; from ruzzle_gui.cli import main; sys.exit(main())"]


def child_env(folder: Path) -> dict[str, str]:
    """Return the environment of a child process whose home and cache folders are inside ``folder``."""
    return {**os.environ, "HOME": str(folder), "XDG_CACHE_HOME": str(folder / "cache")}


def ruzzle(*argv: str, cwd: Path, **options) -> subprocess.CompletedProcess:
    """Run the ruzzle command line in a child process in ``cwd``, its home there too."""
    return subprocess.run([*RUZZLE, *argv], cwd=cwd, env=child_env(cwd), capture_output=True, text=True,
                          timeout=120, **options)


def one_line(err: str) -> str:
    """Return the single line of ``err``, after checking there is exactly one and no traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def leftovers(folder: Path) -> list[str]:
    """Return the temporary and staged files a write or a compile left in ``folder``."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".partial", ".pending")))


def raw_module(name: str):
    """Return raw_languages/<name>.py as a module, leaving sys.path as it was.

    Some of those scripts put the source tree on sys.path for their command line;
    the tests must keep importing the installed package.
    """
    spec = importlib.util.spec_from_file_location(f"raw_languages_{name}", RAW / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    saved = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module
