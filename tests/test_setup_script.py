"""setup.sh, which both README commands run: root without sudo, a user with sudo, empty package lists.

Run in a scratch copy with stand-ins for id, sudo, apt-get and python3 first on PATH,
which record how they were called, so nothing is installed for real.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# python3 stand-in: the import checks fail when MISSING is set; `-m venv` makes a
# .venv whose python records the pip calls.
PYTHON = """#!/bin/sh
echo "python3 $*" >> "$LOG"
case "$1" in
  -c) [ -z "$MISSING" ] ;;
  -m) mkdir -p .venv/bin && printf '#!/bin/sh\\necho "venv-python $*" >> "$LOG"\\n' > .venv/bin/python
      chmod +x .venv/bin/python ;;
esac
"""
STAND_INS = {
    "id": '#!/bin/sh\necho "$UID_SEEN"\n',
    "apt-get": '#!/bin/sh\necho "apt-get $* (uid $UID_SEEN)" >> "$LOG"\n',
    "sudo": '#!/bin/sh\necho "sudo" >> "$LOG"\nUID_SEEN=0 exec "$@"\n',
    "python3": PYTHON,
}


def run_setup(tmp_path: Path, uid: int, missing: bool, sudo: bool = True, *args: str):
    """Run a copy of setup.sh with the stand-ins; return (exit status, stderr, logged calls)."""
    (tmp_path / "repo").mkdir()
    shutil.copy(ROOT / "setup.sh", tmp_path / "repo" / "setup.sh")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in STAND_INS.items():
        if name != "sudo" or sudo:
            (bin_dir / name).write_text(text)
            (bin_dir / name).chmod(0o755)
    for tool in ("bash", "env", "mkdir", "chmod", "dirname", "printf", "cat"):  # and nothing else
        (bin_dir / tool).symlink_to(shutil.which(tool))
    log = tmp_path / "log"
    log.touch()
    env = {"PATH": str(bin_dir), "LOG": str(log), "UID_SEEN": str(uid), "MISSING": "1" if missing else ""}
    done = subprocess.run([str(bin_dir / "bash"), "setup.sh", *args], cwd=tmp_path / "repo", env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr, log.read_text().splitlines()


def test_as_root_without_sudo_updates_lists_then_installs(tmp_path):
    code, err, calls = run_setup(tmp_path, 0, missing=True, sudo=False)
    assert code == 0, err
    apt = [call for call in calls if call.startswith("apt-get")]
    assert apt == ["apt-get update -qq (uid 0)", "apt-get install -y -qq python3-tk python3-venv (uid 0)"]
    assert "sudo" not in calls
    assert calls[-1] == "venv-python -m pip install -q ."


def test_as_a_user_it_installs_through_sudo(tmp_path):
    code, err, calls = run_setup(tmp_path, 1000, missing=True)
    assert code == 0, err
    assert [call for call in calls if call.startswith(("sudo", "apt-get"))] == [
        "sudo", "apt-get update -qq (uid 0)", "sudo", "apt-get install -y -qq python3-tk python3-venv (uid 0)"]


def test_a_user_without_sudo_gets_one_line(tmp_path):
    code, err, calls = run_setup(tmp_path, 1000, missing=True, sudo=False)
    assert code == 1 and err.strip() == "setup.sh: installing python3-tk python3-venv needs root or sudo"
    assert not any(call.startswith("apt-get") for call in calls)


@pytest.mark.parametrize("missing", [False, True])
def test_test_mode_adds_the_test_packages_and_extra(tmp_path, missing):
    code, err, calls = run_setup(tmp_path, 0, missing, True, "--test", "xvfb", "xdotool")
    assert code == 0, err
    install = [call for call in calls if call.startswith("apt-get install")]
    assert install == [f"apt-get install -y -qq xvfb xdotool{' python3-tk python3-venv' if missing else ''} (uid 0)"]
    assert calls[-1] == "venv-python -m pip install -q .[test]"


def test_nothing_missing_installs_nothing(tmp_path):
    code, err, calls = run_setup(tmp_path, 1000, missing=False, sudo=False)
    assert code == 0, err
    assert not any(call.startswith(("apt-get", "sudo")) for call in calls)


def test_run_sh_puts_the_venv_first_on_path():
    text = (ROOT / "tests" / "run.sh").read_text()
    assert 'export PATH="$PWD/.venv/bin:$PATH"' in text
    assert text.index("export PATH") < text.index("exec .venv/bin/pytest")
