"""Read the real shots as a user's installation does, with every system font hidden, and judge each board.

Run with the python of the installation under test (a venv made by setup.sh, or one the wheel was
installed into): each shot of tests/real_shots/manifest.toml is read by that installation's
``ruzzle read --json`` in a private mount namespace where an empty tmpfs covers the font and
Tesseract folders, so nothing installed only for the tests can help it. Each reading must pass as
the real-shot tests judge one (ruzzle_gui.lab.corpus: right, or every wrong tile marked, or a refusal
the manifest allows) and give the very board this installation reads in-process with the machine's
fonts in view, as on a full test machine. The last line says PASS or FAIL; the exit status is 0 or 1.

    python .ci/user_path.py LABEL RUZZLE SHOTS [FILE ...]    (FILE: only these shots of the manifest)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from ruzzle_gui import Board, load_language
from ruzzle_gui.lab.corpus import Shot, disputed, judge, load_manifest
from ruzzle_gui.vision import ImageError, read_board

MANIFEST = Path(__file__).resolve().parents[1] / "tests" / "real_shots" / "manifest.toml"
# What a user's machine need not have: the fonts (system and local) and Tesseract's data, which only the tests install.
HIDDEN = ("/usr/share/fonts", "/usr/local/share/fonts", "/usr/share/tesseract-ocr")
# Mount an empty tmpfs over each hidden folder, check it is empty, then run the command given after it.
HIDE = 'for d in {folders}; do [ -d "$d" ] && mount -t tmpfs -o size=1m,mode=755 hidden "$d"; done; ' \
       'for d in {folders}; do [ ! -d "$d" ] || [ -z "$(ls -A "$d")" ] || exit 99; done; exec "$@"'


def hidden(command: list[str]) -> list[str]:
    """Return ``command`` wrapped to run in its own mount namespace with the HIDDEN folders empty."""
    namespace = ["unshare", "--mount", "--propagation", "private"]
    if os.geteuid() != 0:  # an ordinary user may mount in a user namespace of their own
        namespace.append("--map-root-user")
    return [*namespace, "sh", "-c", HIDE.format(folders=" ".join(HIDDEN)), "hide", *command]


def read_hidden(ruzzle: str, shot: Shot, folder: Path) -> tuple[dict | None, str]:
    """Return the JSON reading of ``shot`` by the command ``ruzzle`` with the fonts hidden, or None and its error."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/nonexistent")}
    done = subprocess.run(hidden([ruzzle, "read", "-l", shot.language, "--json", str(folder / shot.file)]),
                          capture_output=True, text=True, env=env, timeout=300)
    if done.returncode == 0:
        return json.loads(done.stdout), ""
    return None, done.stderr.strip() or f"exit status {done.returncode}"


def read_here(shot: Shot, folder: Path) -> str:
    """Return the board this installation reads in-process, fonts in view, as text (or the refusal's message)."""
    try:
        return read_board(str(folder / shot.file), load_language(shot.language)).board.to_text()
    except ImageError as err:
        return f"refused: {err}"


def check(ruzzle: str, shot: Shot, folder: Path) -> tuple[str, str]:
    """Return the verdict on one shot read the user's way ('right', 'marked', 'refused') and a fault, if any."""
    data, error = read_hidden(ruzzle, shot, folder)
    if data is None:
        if not error.startswith("ruzzle: error: "):
            return "failed", f"not a one-line refusal: {error[-600:]}"
        verdict = judge(shot, error=error.removeprefix("ruzzle: error: "), form="as sent")
        got = f"refused: {verdict.message}"
    else:
        unsure = [tuple(cell) for cell in data["uncertain"]]
        reading = SimpleNamespace(board=Board.parse(data["text"]), uncertain=unsure)
        verdict = judge(shot, reading)
        got = data["text"]
    if not verdict.allowed:
        return verdict.kind, f"{verdict.kind}, not allowed: {verdict.unmarked or verdict.message}"
    if verdict.kind == "marked" and not verdict.wrong:
        extra = set(verdict.extra) - disputed(shot, load_language(shot.language))
        if extra:
            return verdict.kind, f"read right but names tiles unsure: {sorted(extra)}"
    expected = read_here(shot, folder)
    if got != expected:
        return verdict.kind, f"differs from the reading with the fonts in view:\n{got}\n  against\n{expected}"
    return verdict.kind, ""


def main(label: str, ruzzle: str, folder: str, *files: str) -> int:
    """Check every shot (or the named ones), print a line for each and the PASS or FAIL summary; return the status."""
    probe = subprocess.run(hidden(["true"]), capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:  # no mount namespace here (a container without CAP_SYS_ADMIN?), or a font in view
        print(f"{label}: FAIL, cannot hide the fonts: {probe.stderr.strip() or 'a font folder stayed in view'}")
        return 1
    shots = [shot for shot in load_manifest(MANIFEST) if not files or shot.file in files]
    counts: dict[str, int] = {}
    faults = []
    for shot in shots:
        kind, fault = check(ruzzle, shot, Path(folder))
        counts[kind] = counts.get(kind, 0) + 1
        print(f"  {shot.file}: {kind}" + (f": {fault}" if fault else ""), flush=True)
        faults += [shot.file] if fault else []
    tally = ", ".join(f"{count} {kind}" for kind, count in sorted(counts.items()))
    if faults or not shots:
        print(f"{label}: FAIL, {len(faults)} of {len(shots)} shots not read as allowed with the fonts hidden "
              f"({tally}): {' '.join(faults) or 'no shots'}")
        return 1
    read = f"{len(shots)} shot{'s' * (len(shots) != 1)}"
    print(f"{label}: PASS, {read} read with the fonts hidden as with them ({tally})")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    sys.exit(main(*sys.argv[1:]))
