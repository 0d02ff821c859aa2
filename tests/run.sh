#!/usr/bin/env bash
# Set up everything the test suite needs on a Debian machine, then run it all.
# Installs missing Debian packages (with sudo when not root), makes .venv,
# installs the package with its test extra, and runs pytest against the
# installed copy. The GUI tests start their own Xvfb when there is no DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
python3 -c 'import tkinter' 2>/dev/null || missing+=(python3-tk)
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
# Ask for the real ImageMagick: some images ship a stand-in `convert`/`import`.
import -version 2>/dev/null | grep -q ImageMagick || missing+=(imagemagick)
command -v unmunch >/dev/null || missing+=(hunspell-tools)
if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    echo "Installing Debian packages: ${missing[*]}"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q '.[test]'
# .venv/bin/pytest, not python -m pytest: the latter puts the source tree first
# on sys.path, and the tests must exercise the installed package.
exec .venv/bin/pytest "$@"
