"""The wheel carries every dictionary and works in a fresh virtual environment."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

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


def test_wheel_installs_into_a_fresh_venv_and_solves(tmp_path):
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "dist", ROOT)
    (wheel,) = (tmp_path / "dist").glob("ruzzle_gui-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for code in CODES:
        assert f"ruzzle_gui/mt_languages/{code}.marisa" in names
        assert f"ruzzle_gui/mt_languages/{code}.index" in names
        assert f"ruzzle_gui/mt_languages/{code}.bands" in names
        assert f"ruzzle_gui/languages/{code}.toml" in names
    assert "ruzzle_gui/app/icon.png" in names
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
