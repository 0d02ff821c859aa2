#!/usr/bin/env bash
# Set up ruzzle_gui on Debian: install the Debian packages it needs that are
# missing, make .venv and install the package into it.
#
#   bash setup.sh                    the app and the command line
#   bash setup.sh --test [PKG...]    also the test extra, and the Debian packages named
#                                    (tests/run.sh passes the ones the tests need)
#
# Works as root (no sudo needed) and as a user with sudo, and runs
# `apt-get update` first, so a fresh image with empty package lists works too.
set -euo pipefail
cd "$(dirname "$0")"

extra=""
if [ "${1-}" = --test ]; then
    extra="[test]"
    shift
fi
missing=("$@")
python3 -c 'import tkinter' 2>/dev/null || missing+=(python3-tk)
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
# Pasting a screenshot in the app reads the X clipboard through xclip (Pillow's ImageGrab).
[ -x /usr/bin/xclip ] || missing+=(xclip)
# Dropping a board file on the window: the tkdnd library tkinterdnd2 ships links against libXcursor,
# which nothing else here pulls in (without it the app silently takes no drops).
compgen -G '/usr/lib/*/libXcursor.so.1' >/dev/null || missing+=(libxcursor1)

if ((${#missing[@]})); then
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "setup.sh: installing ${missing[*]} needs root or sudo" >&2; exit 1; }
        as_root=(sudo)
    fi
    echo "Installing Debian packages: ${missing[*]}"
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q ".$extra"
