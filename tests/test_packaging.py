"""The wheel carries every dictionary and works in a fresh virtual environment."""
from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CODES = ["de", "en", "es", "fr", "it", "nl", "pt", "ru"]
SOLVE = """
from ruzzle_gui import Board, Graph, load_language
from ruzzle_gui.dictionary import bundled_path, load_index
lang = load_language("it")
assert load_index(bundled_path("it")) is not None, "the installed index was not used"
print(len(Graph(Board.parse(lang.demo_board, lang), lang).solve()))
"""


def run(*args, **options) -> subprocess.CompletedProcess:
    """Run a command, failing the test with its output if it fails."""
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, **options)
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Return a wheel built from the source tree (once for this module)."""
    dist = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, ROOT)
    (built,) = dist.glob("ruzzle_gui-*.whl")
    return built


def licence_problems(names: set[str]) -> list[str]:
    """Return what is missing from a wheel's file ``names``: each bundled language's source licences."""
    prefix = "ruzzle_gui/mt_languages/"
    bundled = sorted(name[len(prefix):-len(".marisa")] for name in names
                     if name.startswith(prefix) and name.endswith(".marisa") and "/" not in name[len(prefix):])
    problems = []
    for code in bundled:
        sources = sorted(path.name for path in (ROOT / "raw_languages" / code / "licences").glob("*"))
        if not sources:
            problems.append(f"{code}: no licence files in raw_languages/{code}/licences")
        problems += [f"{code}: {name} missing" for name in sources
                     if f"{prefix}licences/{code}/{name}" not in names]
    if any(name.endswith(".bands") for name in names):  # the bands come from wordfreq's data
        problems += [f"wordfreq: {name} missing" for name in ("LICENSE.txt", "README.md")
                     if f"{prefix}licences/wordfreq/{name}" not in names]
    return problems


def test_the_shipped_licences_are_the_sources_own():
    shipped = ROOT / "mt_languages" / "licences"
    for source in sorted((ROOT / "raw_languages").glob("*/licences/*")) + sorted(
            (ROOT / "raw_languages" / "wordfreq").glob("*")):
        folder = source.parent.parent.name if source.parent.name == "licences" else source.parent.name
        copy = shipped / folder / source.name
        assert copy.is_file() and copy.read_bytes() == source.read_bytes(), (
            f"{copy} differs from {source}: run python raw_languages/build.py, or copy it")


def test_a_missing_licence_is_found():
    names = {"ruzzle_gui/mt_languages/it.marisa", "ruzzle_gui/mt_languages/it.bands",
             "ruzzle_gui/mt_languages/licences/it/hunspell-it.copyright"}
    assert licence_problems(names) == ["it: witalian.copyright missing", "wordfreq: LICENSE.txt missing",
                                       "wordfreq: README.md missing"]


def source_packages() -> set[str]:
    """Return every package of the source tree (a folder of ruzzle_gui with an ``__init__.py``), dotted."""
    return {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "ruzzle_gui").rglob("__init__.py")}


def test_every_package_of_the_source_is_declared():
    """A package missing from pyproject.toml's list (a new room of the app, say) would be left out of the wheel."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    assert {"ruzzle_gui.app.letters", "ruzzle_gui.app.look"} <= source_packages()
    assert source_packages() - set(declared) == set()


@pytest.mark.slow
def test_the_wheel_carries_every_licence(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"ruzzle_gui/mt_languages/{code}.marisa" for code in CODES} <= names
    assert licence_problems(names) == []
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


@pytest.mark.slow
def test_wheel_installs_into_a_fresh_venv_and_solves(tmp_path, wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for code in CODES:
        assert f"ruzzle_gui/mt_languages/{code}.marisa" in names
        assert f"ruzzle_gui/mt_languages/{code}.index" in names
        assert f"ruzzle_gui/mt_languages/{code}.bands" in names
        assert f"ruzzle_gui/languages/{code}.toml" in names
    assert "ruzzle_gui/app/icon.png" in names
    assert {f"{package.replace('.', '/')}/__init__.py" for package in source_packages()} <= names
    assert {f"ruzzle_gui/cli/{module}.py" for module in ("__init__", "common", "solving")} <= names

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    python = venv / "bin" / "python"
    run(python, "-m", "pip", "install", "-q", wheel)
    # Run from an unrelated folder, so nothing can be found relative to the source tree.
    words = int(run(python, "-c", SOLVE, cwd=tmp_path).stdout)
    assert words > 20
    assert (venv / "bin" / "ruzzle").exists() and (venv / "bin" / "ruzzle-gui").exists()
    demo = run(venv / "bin" / "ruzzle", "demo", "-l", "it", "--quiet", "--top", "1", cwd=tmp_path).stdout
    assert demo.split()[0].isalpha()
