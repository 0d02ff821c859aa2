"""What whole processes cost: loading a language, peak memory, ``ruzzle`` start-up, and the desktop app."""
from __future__ import annotations

import compileall
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from ruzzle_gui.board import Board
from ruzzle_gui.dictionary import load_byte_trie, load_index, load_trie
from ruzzle_gui.graph import Graph
from ruzzle_gui.lab.report import mb, ms
from ruzzle_gui.lab.solvers import random_board
from ruzzle_gui.language import Language, load_language

APP_BOARDS = 8  # boards solved in each app launch
APP_LAUNCHES = 3  # fresh app processes at least, so a start time is a median too
# The app starts with each interface language in turn, English and a translated one, in the same run.
INTERFACE_LOCALES = {"en": "en_US.UTF-8", "it": "it_IT.UTF-8"}


def measure_load(code: str, repeats: int) -> float:
    """Return the median seconds to load a language and map its dictionary, caches cleared."""
    times = []
    for _ in range(repeats):
        load_language.cache_clear()
        load_trie.cache_clear()
        load_byte_trie.cache_clear()
        load_index.cache_clear()
        start = time.perf_counter()
        load_language(code).prefix_index  # maps the BinaryTrie and the index the solver reads
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_rss() -> int:
    """Return this process's peak resident memory in bytes (VmHWM on Linux, else getrusage)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass  # not Linux
    # ru_maxrss is not used on Linux: a child started by fork + exec inherits its parent's peak.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


MEMORY_SCRIPT = """
import random, sys
from ruzzle_gui.lab.bench import peak_rss, random_board
from ruzzle_gui import Graph, load_language
language = load_language(sys.argv[1])
Graph(random_board(language, int(sys.argv[2]), random.Random(0)), language).solve()
print(peak_rss())
"""


def measure_peak_rss(code: str, size: int) -> int:
    """Return the peak resident memory (bytes) of a fresh process that loads and solves one board."""
    done = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, code, str(size)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


def measure_heap_peak(language: Language, board: Board) -> int:
    """Return the peak bytes Python allocated (tracemalloc) while solving ``board``."""
    tracemalloc.start()
    try:
        Graph(board, language).solve()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def solve_command() -> tuple[list[str], str]:
    """Return the command that runs ``ruzzle`` and how to name it in the table."""
    script = shutil.which("ruzzle")
    if script:
        return [script], "ruzzle"
    return [sys.executable, "-m", "ruzzle_gui"], "python -m ruzzle_gui"


def compile_package() -> bool:
    """Compile this package's modules to bytecode, as ``pip install`` does; return True if all compiled.

    An editable install (``pip install -e``) leaves that to the first import, and
    with PYTHONDONTWRITEBYTECODE set it never happens: every ``ruzzle`` process then
    compiles its modules from source again (measured: ``ruzzle solve`` took 2.5x
    ``import marisa_trie`` that way, 1.3x with bytecode, in the same run).
    """
    return bool(compileall.compile_dir(Path(__file__).parent, quiet=2))


def measure_processes(commands: dict[str, list[str]], repeats: int) -> dict[str, tuple[float, float]]:
    """Return each command's median (wall seconds, CPU seconds) over ``repeats`` fresh processes.

    The commands take turns, so a change in the machine's load hits every one alike
    and the ratios between them hold even when the absolute times do not. Each
    command runs once untimed first, so the file cache is warm for all of them.
    """
    for command in commands.values():
        subprocess.run(command, capture_output=True, check=True)
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, command in commands.items():
            used, start = _children_cpu(), time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(_children_cpu() - used)
    return {name: (statistics.median(wall[name]), statistics.median(cpu[name])) for name in commands}


def _children_cpu() -> float:
    """Return the user + system CPU seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


APP_SCRIPT = """
import random, sys, time
from ruzzle_gui.app.main import launch
from ruzzle_gui.lab.bench import peak_rss, random_board
from ruzzle_gui.language import load_language
app = launch(["-l", sys.argv[1]])
if isinstance(app, int):
    sys.exit(app)
app.root.update()
while not app.root.winfo_viewable():
    app.root.update()
print("ready", time.monotonic())
rng = random.Random(int(sys.argv[3]))
tree = app.results.tree
for _ in range(int(sys.argv[2])):
    board = random_board(load_language(sys.argv[1]), 4, rng)
    timed = {}  # searched ahead or not -> (Solve to list drawn, Solve to idle)
    # Each board twice: first searched in the Solve, then (as in play) searched while
    # the Bonuses screen was up, which the app does when Tk is idle.
    for ahead in (False, True):
        app.load_board(board)
        app.show_bonuses()
        app.root.update()
        if not ahead:
            app.ahead.forget()
        start = time.perf_counter()
        app.solve()
        # Tk lays out and draws in idle callbacks: once they have run, the list is on screen.
        app.root.update_idletasks()
        listed = time.perf_counter()
        if not (tree.winfo_ismapped() and tree.get_children("")):
            sys.exit("the word list is not on screen after Solve")
        # update() also handles what the X server sends back (expose events) and waits for it.
        app.root.update()
        timed[ahead] = (listed - start, time.perf_counter() - start)
    print("solve", timed[True][0], len(app.results.shown), timed[True][1], timed[False][0])
print("rss", peak_rss())
from ruzzle_gui.dictionary import load_trie
print("dictionaries", load_trie.cache_info().currsize)
app.root.destroy()
"""


@dataclass
class AppResult:
    """Start time, Solve-to-list and Solve-to-idle times (seconds), peak memory (bytes), dictionaries mapped.

    ``solves`` and ``settled`` have the words searched ahead, as in play; ``searching``
    is Solve to list with the search in the Solve.
    """

    start: float
    solves: list[float]
    words: list[int]
    settled: list[float]
    searching: list[float]
    rss: int
    dictionaries: int


def measure_app(code: str, boards: int, seed: int, interface: str = "en") -> AppResult:
    """Run the desktop app in a fresh process, its interface in ``interface``, and time its start and
    Solve-to-list."""
    with tempfile.TemporaryDirectory() as config:
        # A private settings folder: the benchmark must not change the user's last language.
        env = {name: value for name, value in os.environ.items() if name not in ("LC_ALL", "LC_MESSAGES")}
        env.update(XDG_CONFIG_HOME=config, LANGUAGE=interface, LANG=INTERFACE_LOCALES[interface])
        spawned = time.monotonic()
        done = subprocess.run([sys.executable, "-c", APP_SCRIPT, code, str(boards), str(seed)],
                              capture_output=True, text=True, env=env, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else
                           f"the app exited with status {done.returncode}")
    lines = [line.split() for line in done.stdout.splitlines()]
    ready = next(float(parts[1]) for parts in lines if parts[0] == "ready")
    solves = [parts for parts in lines if parts[0] == "solve"]
    rss, dictionaries = (next(int(parts[1]) for parts in lines if parts[0] == key)
                         for key in ("rss", "dictionaries"))
    return AppResult(ready - spawned, [float(p[1]) for p in solves], [int(p[2]) for p in solves],
                     [float(p[3]) for p in solves], [float(p[4]) for p in solves], rss, dictionaries)


def process_rows(language: Language, repeats: int) -> list[tuple[str, str, str]]:
    """Return the rows timing whole ``ruzzle`` processes against bare Python run alongside them."""
    command, name = solve_command()
    compiled = "bytecode compiled first" if compile_package() else "some modules not compiled (read-only?)"
    with tempfile.TemporaryDirectory() as folder:
        board_file = Path(folder) / "board.txt"
        board_file.write_text(random_board(language, 4, random.Random(0)).to_text(), encoding="utf-8")
        commands = {
            "`python -c pass`": [sys.executable, "-c", "pass"],
            '`python -c "import marisa_trie"`': [sys.executable, "-c", "import marisa_trie"],
            f"`ruzzle solve -l {language.code} -b board.txt` (4x4)":
                [*command, "solve", "-l", language.code, "-b", str(board_file)],
            "`ruzzle --help`": [*command, "--help"],
            "`ruzzle languages`": [*command, "languages"],
        }
        times = measure_processes(commands, repeats)
    (bare_wall, bare_cpu), (trie_wall, trie_cpu) = times[
        "`python -c pass`"], times['`python -c "import marisa_trie"`']
    rows = []
    for what, (wall, cpu) in times.items():
        rows.append((f"whole process: {what}", ms(wall),
                     f"median of {repeats} ({name}, {compiled}), interleaved; "
                     f"x{wall / bare_wall:.2f} of `python -c pass`, x{wall / trie_wall:.2f} of `import marisa_trie` "
                     f"(CPU {ms(cpu)}: "
                     f"x{cpu / bare_cpu:.2f}, x{cpu / trie_cpu:.2f})"))
    return rows


def app_rows(language: Language, repeats: int, seed: int) -> list[tuple[str, str, str]]:
    """Return the rows timing the desktop app, or one row saying why it was not measured."""
    if not os.environ.get("DISPLAY"):
        return [("app start, Solve to list", "not measured", "no display: run under `xvfb-run`")]
    compile_package()
    launches = max(APP_LAUNCHES, repeats // 4)
    try:
        runs, italian = [], []
        for n in range(launches):  # interleaved, so both meet the same load on a shared machine
            runs.append(measure_app(language.code, APP_BOARDS, seed + n))
            italian.append(measure_app(language.code, 1, seed + n, interface="it"))
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as err:
        return [("app start, Solve to list", "not measured", f"the app failed: {err}")]
    solves = [seconds for run in runs for seconds in run.solves]
    settled = [seconds for run in runs for seconds in run.settled]
    searching = [seconds for run in runs for seconds in run.searching]
    if not solves or min(words for run in runs for words in run.words) == 0:
        return [("app start, Solve to list", "not measured", "the app listed no words after Solve")]
    return [("app start to window ready", ms(statistics.median(run.start for run in runs)),
             f"median of {len(runs)} fresh app process(es), English interface: spawn until the window is "
             "mapped and drawn"),
            ("app start to window ready, Italian interface", ms(statistics.median(run.start for run in italian)),
             f"median of {len(italian)} fresh app process(es) with LANGUAGE=it, each started right after an "
             "English one"),
            ("Solve to list drawn, 4x4", ms(statistics.median(solves)),
             f"median of {len(solves)} boards over those runs: `App.solve()` + `update_idletasks()` "
             "(layout and drawing done, the list mapped with its rows); the words searched while "
             "the Bonuses screen was up, as in play"),
            ("Solve to list drawn, 4x4, searching in the Solve", ms(statistics.median(searching)),
             "the same boards with nothing searched ahead: the search is part of the Solve"),
            ("Solve to app idle, 4x4", ms(statistics.median(settled)),
             "the same boards, searched ahead: `App.solve()` + `update()` (also the X server's "
             "expose events and the redraws they cause)"),
            ("app peak memory, one language", mb(max(run.rss for run in runs)),
             f"peak RSS (VmHWM) of those app processes; dictionaries mapped: "
             f"{max(run.dictionaries for run in runs)}")]
def reader_rows(language: Language, repeats: int, shot: str | None = None) -> list[tuple[str, str, str]]:
    """Return the rows timing a whole ``ruzzle read`` process on a phone screenshot against the imports it
    cannot do without, run alongside it."""
    command, name = solve_command()
    compile_package()
    with tempfile.TemporaryDirectory() as folder:
        if shot is None:
            from ruzzle_gui.lab import synth

            rng = random.Random(0)
            made = synth.phone_shot(synth.random_board(language, rng), language, 1080, rng, synth.fonts()[0])
            shot = str(Path(folder) / "phone.png")
            made.image.save(shot)
        size = "x".join(map(str, _image_size(shot)))
        commands = {
            "`python -c pass`": [sys.executable, "-c", "pass"],
            '`python -c "import numpy, PIL.Image"`': [sys.executable, "-c", "import numpy, PIL.Image"],
            f"`ruzzle read -l {language.code}` ({size} {Path(shot).suffix[1:].upper()})":
                [*command, "read", "-l", language.code, shot],
        }
        try:
            times = measure_processes(commands, repeats)
        except subprocess.CalledProcessError as err:
            return [("whole process: `ruzzle read`", "not measured", f"it failed (exit {err.returncode})")]
    (bare_wall, bare_cpu), (imports_wall, imports_cpu) = list(times.values())[:2]
    return [(f"whole process: {what}", ms(wall),
             f"median of {repeats} ({name}), interleaved; x{wall / bare_wall:.2f} of `python -c pass`, "
             f"x{wall / imports_wall:.2f} of the imports alone (CPU {ms(cpu)}: x{cpu / bare_cpu:.2f}, "
             f"x{cpu / imports_cpu:.2f})" + ("; target 0.5 s" if what.startswith("`ruzzle read") else ""))
            for what, (wall, cpu) in times.items()]


def _image_size(path: str) -> tuple[int, int]:
    """Return an image file's width and height."""
    from ruzzle_gui.vision.images import load_image  # the product's checks: any image may be hostile

    return load_image(path).size
