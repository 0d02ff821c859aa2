"""Low limits and missing parts: one line and the right exit code, never a traceback.

Out of memory (``ulimit -v``) on a large board, few file descriptors
(``ulimit -n``), a Python without Tk, Ctrl-C while ``ruzzle read`` loads numpy.
"""
from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import one_line

RUZZLE = "import sys; from ruzzle_gui.cli import main; sys.exit(main())"
# An import hook that refuses Tk, as a Python without python3-tk does.
NO_TK = """
import sys
class NoTk:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("tkinter", "_tkinter"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, NoTk())
entry = sys.argv.pop(1)
module = __import__(entry, fromlist=["main"])
sys.exit(module.main(sys.argv[1:]))
"""


def run(code: str, *argv: str, cwd: Path, limit=None, **options) -> subprocess.CompletedProcess:
    """Run Python ``code`` with ``argv`` in a child, its limits set by ``limit()``."""
    env = {**os.environ, "HOME": str(cwd), "XDG_CACHE_HOME": str(cwd / "cache"), "XDG_CONFIG_HOME": str(cwd / "cfg")}
    return subprocess.run([sys.executable, "-c", code, *argv], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, preexec_fn=limit, **options)


@pytest.fixture(scope="module")
def big_board(tmp_path_factory) -> Path:
    """Return a folder with big.txt, a 60x60 Italian board."""
    folder = tmp_path_factory.mktemp("big")
    done = run(RUZZLE, "generate", "-l", "it", "--rows", "60", "--cols", "60", "--seed", "1", "-o", "big.txt",
               cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder


@pytest.mark.parametrize("megabytes", [40, 60, 75, 90, 110, 130])
def test_out_of_memory_on_a_big_board_is_one_line(big_board, megabytes):
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))

    done = run(RUZZLE, "solve", "-l", "it", "-b", "big.txt", cwd=big_board, limit=limit)
    if done.returncode == 0:
        return  # it fitted
    assert done.returncode == 1
    assert one_line(done.stderr).startswith("ruzzle: error: out of memory")


@pytest.mark.parametrize("files", [32, 16, 10])
def test_languages_lists_every_language_with_few_file_descriptors(tmp_path, files):
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    done = run(RUZZLE, "languages", cwd=tmp_path, limit=limit)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and len(done.stdout.splitlines()) == 9  # the heading and eight languages


@pytest.mark.parametrize("entry, argv", [("ruzzle_gui.app.main", []), ("ruzzle_gui.app.main", ["-l", "it"]),
                                         ("ruzzle_gui.cli", []), ("ruzzle_gui.cli", ["-l", "it"])])
def test_without_tk_the_app_names_the_package_to_install(tmp_path, entry, argv):
    done = run(NO_TK, entry, *argv, cwd=tmp_path)
    assert done.returncode == 1
    line = one_line(done.stderr)
    assert line.startswith("ruzzle-gui: error: the desktop app needs Tk")
    assert "python3-tk" in line and "the command line works without it" in line


def test_without_tk_the_command_line_works(tmp_path):
    done = run(NO_TK, "ruzzle_gui.cli", "demo", "-l", "en", "--quiet", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "" and done.stdout


# Ctrl-C can fall where Python cannot raise it (a destructor, a weakref callback, the
# clean-up of an import lock): Python then prints "Exception ignored in ..." and a traceback.
# A destructor that sends SIGINT to its own process puts it there every time.
CTRL_C_IN_A_DESTRUCTOR = """
import os, signal, sys
import ruzzle_gui.cli as cli

class Bomb:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)

real = cli.quick_parse
def quick_parse(argv):
    Bomb()
    return real(argv)

cli.quick_parse = quick_parse
sys.exit(cli.main(["languages"]))
"""


def test_ctrl_c_that_lands_in_a_destructor_is_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-c", CTRL_C_IN_A_DESTRUCTOR], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert "Exception ignored" not in done.stderr
    assert one_line(done.stderr) == "ruzzle: interrupted"
    assert done.returncode == 130


def test_ctrl_c_while_read_loads_its_modules_is_one_line(tmp_path):
    shots = os.environ.get("RUZZLE_REAL_SHOTS")
    image = tmp_path / "shot.png"
    if shots and Path(shots, "en-dchen327-1.png").is_file():
        image = Path(shots, "en-dchen327-1.png")
    else:
        from PIL import Image

        Image.new("RGB", (720, 1280), "white").save(image)
    # The child says when main() is about to run; the signal falls at a random moment after.
    code = "import os, sys; from ruzzle_gui.cli import main; os.write(2, b'GO\\n'); sys.exit(main())"
    rng = random.Random(29)
    for _ in range(20):
        child = subprocess.Popen([sys.executable, "-c", code, "read", "-l", "en", str(image)], cwd=tmp_path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert child.stderr.readline() == "GO\n"
        time.sleep(rng.uniform(0, 0.15))
        child.send_signal(signal.SIGINT)
        err = child.stderr.read()
        child.wait(timeout=60)
        if child.returncode == 130:
            assert one_line(err) == "ruzzle: interrupted"
        elif child.returncode == -signal.SIGINT:
            # The Ctrl-C fell after main() returned, once Python's shutdown had given SIGINT back to the
            # system: the process ends as a Ctrl-C ends it, having said its one line, and nothing more.
            assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
        else:  # it had finished reading
            assert "Traceback" not in err and child.returncode in (0, 1), err
