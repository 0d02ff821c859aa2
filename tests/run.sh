#!/usr/bin/env bash
# Set up everything the test suite needs on a Debian machine, then run it all.
# setup.sh installs the missing Debian packages (those below and the app's),
# makes .venv and installs the package with its test extra; pytest then runs
# against that installed copy. The GUI tests start their own Xvfb when there
# is no DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
# Ask for the real ImageMagick: some images ship a stand-in `convert`/`import`.
import -version 2>/dev/null | grep -q ImageMagick || missing+=(imagemagick)
# The lab's fake screenshots are drawn in these bold sans fonts (the reader itself needs none: its
# references ship in the package, drawn from them by python -m ruzzle_gui.lab.build_references);
# Tesseract with English and Russian data for the bench's comparison (python -m ruzzle_gui.lab.vision_bench --tesseract).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=(fonts-dejavu-core)
[ -f /usr/share/fonts/truetype/freefont/FreeSansBold.ttf ] || missing+=(fonts-freefont-ttf)
[ -f /usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf ] || missing+=(fonts-liberation2)
[ -f /usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf ] || missing+=(fonts-open-sans)
[ -f /usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf ] || missing+=(fonts-urw-base35)
# GNU msgfmt checks the message catalogues as translators' editors do (tests/test_i18n.py, .ci/run).
command -v msgfmt >/dev/null || missing+=(gettext)
command -v tesseract >/dev/null || missing+=(tesseract-ocr)
for model in eng rus; do
    ls /usr/share/tesseract-ocr/*/tessdata/$model.traineddata >/dev/null 2>&1 || missing+=(tesseract-ocr-$model)
done
bash setup.sh --test "${missing[@]}"

# Real game screenshots (tests/real_shots/README.md) are never committed: unless RUZZLE_REAL_SHOTS names
# them, look for shared/real_shots beside this checkout, or beside the repository it was cloned from.
if [ -z "${RUZZLE_REAL_SHOTS:-}" ]; then
    origin="$(git config --get remote.origin.url 2>/dev/null || true)"
    for beside in "$PWD/.." "${origin:+$origin/..}"; do
        if [ -n "$beside" ] && [ -d "$beside/shared/real_shots" ]; then
            export RUZZLE_REAL_SHOTS="$(cd "$beside/shared/real_shots" && pwd)"
            break
        fi
    done
fi

# The venv's commands first on PATH, so the suite tests the installed `ruzzle`
# and `ruzzle-gui` and nothing else.
export PATH="$PWD/.venv/bin:$PATH"
# .venv/bin/pytest, not python -m pytest: the latter puts the source tree first
# on sys.path, and the tests must exercise the installed package.
exec .venv/bin/pytest "$@"
