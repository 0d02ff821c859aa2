"""Measure the screenshot reader on generated boards whose tiles are small: 30-48 px, as on a whole desktop
or a round's emulator window shrunk to a phone's width.

    python -m ruzzle_gui.lab.small_tiles [--boards 200] [--tiles 31 34 37 40 44 48] [--seed 7]

Each board is drawn as a phone screenshot (either look, a swipe lighting a few tiles on every other board),
shrunk so that its tiles are the asked width, then blurred a little and saved as JPEG at quality 50-95.
Per tile width and alphabet group it prints how the reads came out: boards read right, tiles wrong but
marked unsure, tiles wrong and not marked (a wrong board given with confidence: must stay 0), tiles named
unsure though right, and refusals.
"""
from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError
from ruzzle_gui.vision.reader import read_board

__all__ = ["Tally", "small_shot", "tally", "main"]

GROUPS = {"Latin": ("en", "it", "de", "fr"), "Cyrillic": ("ru",)}
TILES = (31, 34, 37, 40, 44, 48)  # 31: a board drawn at the least width, 30, is measured a little under it
DRAWN_WIDTH = 480  # px: boards are drawn at a small phone's width (tiles ~100 px), then shrunk, as a player's shot is


@dataclass
class Tally:
    """How the reads of one tile width came out."""

    boards: int = 0
    right: int = 0          # boards read right, no tile named unsure
    letters: int = 0        # letters read right, on the boards read
    refused: int = 0
    marked: int = 0         # wrong tiles named unsure
    unmarked: int = 0       # wrong tiles not named unsure: must stay 0
    doubted: int = 0        # right tiles named unsure
    errors: list[str] = field(default_factory=list)


def small_shot(code: str, tile: float, rng: random.Random, font, lit: bool) -> tuple[synth.Shot, frozenset[int]]:
    """Return a phone shot in ``code``'s alphabet shrunk so its tiles are ``tile`` px, blurred and JPEG'd,
    and the tiles a swipe lights on it (``lit``: whether one does)."""
    language = load_language(code)
    board = synth.random_board(language, rng)
    swipe = synth.random_swipe(rng, longest=5) if lit else frozenset()
    shot = synth.phone_shot(board, language, DRAWN_WIDTH, rng, font, lit=swipe)
    return synth.degrade(shot, rng, scale=tile / shot.tile, blur=rng.uniform(0, 0.4),
                         quality=rng.randint(50, 95)), swipe


def tally(codes: tuple[str, ...], tile: float, boards: int, seed: int) -> Tally:
    """Return how ``boards`` shots with ``tile`` px tiles, in the alphabets of ``codes`` in turn, were read."""
    rng, fonts, counts = random.Random(seed), synth.fonts(), Tally()
    for index in range(boards):
        code = codes[index % len(codes)]
        shot, swipe = small_shot(code, tile, rng, fonts[index % len(fonts)], lit=index % 2 == 1)
        counts.boards += 1
        try:
            reading = read_board(shot.image, code)
        except ImageError:
            counts.refused += 1
            continue
        truth, unsure = shot.board, set(reading.uncertain)
        for cell, pair in enumerate(zip(truth.letters, truth.bonuses)):
            place = divmod(cell, truth.cols)
            got = reading.board.letters[cell], reading.board.bonuses[cell]
            counts.letters += got[0] == pair[0]
            if got == pair:
                counts.doubted += place in unsure
            elif place in unsure:
                counts.marked += 1
            else:
                counts.unmarked += 1
                counts.errors.append(f"{code} {'lit ' if cell in swipe else ''}{pair}->{got}")
        counts.right += reading.board == truth and not unsure
    return counts


def main(argv: list[str] | None = None) -> int:
    """Print the small-tile tallies per tile width and alphabet group."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200, help="boards per tile width and group")
    parser.add_argument("--tiles", type=float, nargs="+", default=TILES, help="tile widths (px) to draw")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    print("tile  group     boards right refused letters marked unmarked doubted")
    for tile in args.tiles:
        for group, codes in GROUPS.items():
            c = tally(codes, tile, args.boards, args.seed)
            print(f"{tile:4.0f}  {group:9} {c.boards:6} {c.right:5} {c.refused:7} {c.letters:7} {c.marked:6} "
                  f"{c.unmarked:8} {c.doubted:7}  {' '.join(c.errors[:6])}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
