"""The bold sans fonts the lab draws in: the reader's references (``build_references``) and fake shots (``synth``).

The product needs none of them: it ships their drawings (``vision/references/``).
"""
from __future__ import annotations

from pathlib import Path

__all__ = ["FONT_FILES", "installed_fonts"]

# Bold sans fonts with Latin and Cyrillic capitals, by Debian package:
# fonts-dejavu-core, fonts-freefont-ttf, fonts-liberation2, fonts-open-sans, fonts-urw-base35.
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
)


def installed_fonts() -> tuple[Path, ...]:
    """Return the fonts of FONT_FILES that are installed, in that order (possibly none)."""
    return tuple(Path(name) for name in FONT_FILES if Path(name).is_file())
