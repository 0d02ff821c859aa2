"""Write the reader's letter references: every text it compares glyphs with, drawn in five bold sans fonts.

    python -m ruzzle_gui.lab.build_references           # write vision/references/templates.bin
    python -m ruzzle_gui.lab.build_references --check   # exit 1 if the shipped file differs from a fresh drawing

Each text (every letter of every bundled alphabet, every value of every bundled
language, and the bonus badges' labels) is drawn in each font of ``FONT_FILES``,
cut to its ink, and normalised exactly as the reader normalises a glyph
(``recognise.normalise``). The reader loads these vectors as they are, so it needs
no font installed and draws nothing. Run it after adding a language whose
letters or values are new, or after changing ``recognise.GLYPH``; the fonts'
sources and licences are in ``vision/references/README.md``.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ruzzle_gui.lab.fonts import FONT_FILES, installed_fonts
from ruzzle_gui.language import known_languages, load_language
from ruzzle_gui.vision import templates as references
from ruzzle_gui.vision.label import LABELS
from ruzzle_gui.vision.recognise import normalise

__all__ = ["DRAW_SIZE", "texts", "drawn", "drawings", "main"]

DRAW_SIZE = 120  # px font size the texts are drawn at before being shrunk to recognise.GLYPH

def texts() -> tuple[str, ...]:
    """Return every text the reader can ask to compare a glyph with, sorted."""
    found = set(LABELS) | {letter for label in LABELS for letter in label}
    for code in known_languages():
        language = load_language(code)
        found |= set(language.alphabet) | {str(value) for value in language.values.values()}
    return tuple(sorted(found))


def drawn(text: str, font: Path) -> np.ndarray | None:
    """Return the ink of ``text`` drawn in ``font``, cut to it, or None if the font draws nothing."""
    face = ImageFont.truetype(str(font), DRAW_SIZE)
    canvas = Image.new("L", (DRAW_SIZE * 3, DRAW_SIZE * 2), 0)
    ImageDraw.Draw(canvas).text((DRAW_SIZE // 2, DRAW_SIZE // 2), text, font=face, fill=255)
    ink = np.asarray(canvas, dtype=np.float32) / 255
    inked = ink >= 0.5
    rows, cols = np.nonzero(inked.any(axis=1))[0], np.nonzero(inked.any(axis=0))[0]
    if not len(rows):
        return None
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def drawings(fonts: tuple[Path, ...]) -> references.References:
    """Return every text of ``texts()`` drawn in each of ``fonts`` and normalised, as the reader keeps them."""
    labels, faces, vectors = [], [], []
    for text in texts():
        for index, font in enumerate(fonts):
            ink = drawn(text, font)
            if ink is not None:
                labels.append(text)
                faces.append(index)
                vectors.append(normalise(ink))
    return references.References(tuple(font.stem for font in fonts), tuple(labels), np.array(faces, np.uint8),
                                 np.stack(vectors))


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) the shipped references; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare the shipped file with a fresh drawing")
    args = parser.parse_args(argv)
    fonts = installed_fonts()
    if fonts != tuple(Path(name) for name in FONT_FILES):
        missing = sorted(set(FONT_FILES) - {str(font) for font in fonts})
        print(f"build_references: fonts missing: {', '.join(missing)}", file=sys.stderr)
        return 1
    fresh = drawings(fonts)
    if args.check:
        same = references.load().same(fresh)
        print("the shipped references match a fresh drawing" if same else "the shipped references differ")
        return 0 if same else 1
    references.write(fresh)
    print(f"wrote {references.PATH} ({len(fresh.labels)} drawings of {len(set(fresh.labels))} texts, "
          f"{os.path.getsize(references.PATH)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
