"""Measure the screenshot reader on generated boards: accuracy, time per screenshot, peak memory.

    python -m ruzzle_gui.lab.vision_bench [--boards 200] [--held-out] [--tesseract N] [--real DIR]

Accuracy: letters and bonuses read right on ``--boards`` generated shots per
alphabet group (Latin: en and it alternately; Cyrillic: ru), of every kind
(phone 480-1440 px, board crops, desktop shots), degraded at random.
``--held-out`` compares each shot's letters only with the *other* fonts, which
shows how the reader fares on a font it has never seen. Time: median of
``read_board`` on 1080x2340 PNG phone screenshots, decoding included. Memory:
peak Python allocations (tracemalloc, numpy included) while reading one.
Lit tiles: the same number of boards again with a swipe in progress lighting 3-5 tiles, whose
bonuses only the badges' labels tell.
``--tesseract N`` reads the letters of N boards with Tesseract too (needs tesserocr).
``--real DIR`` also reads the real screenshots of ``--manifest`` (default
tests/real_shots/manifest.toml) found in DIR, in every form of ``corpus.FORMS``,
and reports them apart: all right / wrong but marked / wrong unmarked / refused.
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError
from ruzzle_gui.vision.reader import read_board

GROUPS = {"Latin": ("en", "it"), "Cyrillic": ("ru",)}


def accuracy(codes: tuple[str, ...], boards: int, seed: int, held_out: bool) -> dict:
    """Return letter, bonus and board accuracy and the uncertain cells over ``boards`` random shots."""
    rng = random.Random(seed)
    fonts = synth.fonts()
    totals: dict[str, Any] = {"cells": 0, "letters": 0, "bonuses": 0, "boards": 0, "uncertain": 0, "wrong_flagged": 0,
                              "refused": 0, "right": 0, "marked": 0, "unmarked": 0}
    for index in range(boards):
        language = load_language(codes[index % len(codes)])
        font = fonts[index % len(fonts)]
        shot = synth.random_shot(language, rng, font=font)
        truth = shot.board
        totals["cells"] += len(truth.letters)
        try:
            reading = read_board(shot.image, language, tuple(f.stem for f in fonts if f != font) if held_out else None)
        except ImageError:  # a refusal (a phone window too small on a small desktop) reads no tile right
            totals["refused"] += 1
            continue
        wrong = [i for i, (a, b) in enumerate(zip(reading.board.letters, truth.letters)) if a != b]
        totals["letters"] += len(truth.letters) - len(wrong)
        totals["bonuses"] += sum(a == b for a, b in zip(reading.board.bonuses, truth.bonuses))
        # right as before letters carried their doubt: the board's letters and bonuses, no bonus unsure
        totals["boards"] += (reading.board.letters, reading.board.bonuses, reading.board.unsure) == (
            truth.letters, truth.bonuses, ())
        totals["uncertain"] += len(reading.uncertain)
        totals["wrong_flagged"] += sum(reading.cells[i].uncertain for i in wrong)
        totals.setdefault("errors", []).extend(f"{truth.letters[i]}->{reading.board.letters[i]}" for i in wrong)
        totals[_verdict(reading, truth)] += 1
    return totals


def _verdict(reading, truth) -> str:
    """Return how a board was read, as the real corpus is judged: right (none unsure), marked (every wrong
    tile, letter or bonus, named unsure) or unmarked (a wrong tile given as sure)."""
    unsure = set(reading.uncertain)
    wrong = {divmod(i, truth.cols) for i, pair in enumerate(zip(truth.letters, truth.bonuses))
             if pair != (reading.board.letters[i], reading.board.bonuses[i])}
    return "unmarked" if wrong - unsure else "marked" if unsure else "right"


def lit_accuracy(codes: tuple[str, ...], boards: int, seed: int) -> dict[str, int]:
    """Return how the bonuses of tiles lit by a swipe in progress fare over ``boards`` random phone and board shots.

    On a lit tile ring and badge are orange whatever the bonus: only the badge's white label tells it.
    """
    rng = random.Random(seed)
    fonts = synth.fonts()
    counts = dict.fromkeys(("boards", "refused", "lit bonus", "sure right", "unsure", "sure wrong",
                            "lit plain", "plain given a bonus", "other tiles wrong unmarked"), 0)
    for index in range(boards):
        language = load_language(codes[index % len(codes)])
        board, swipe = synth.random_board(language, rng), synth.random_swipe(rng, longest=5)
        if index % 2:
            shot = synth.phone_shot(board, language, rng.randint(480, 1440), rng, fonts[index % len(fonts)], lit=swipe)
        else:
            shot = synth.board_shot(board, language, rng.randint(400, 1000), rng, fonts[index % len(fonts)], lit=swipe)
        shot = synth.degrade(shot, rng, blur=rng.uniform(0, 0.6), quality=rng.randint(50, 95))
        counts["boards"] += 1
        try:
            reading = read_board(shot.image, language)
        except ImageError:
            counts["refused"] += 1
            continue
        unsure = set(reading.uncertain)
        for cell, (got, true) in enumerate(zip(reading.board.bonuses, board.bonuses)):
            place = divmod(cell, board.cols)
            if cell not in swipe:
                wrong = got != true or reading.board.letters[cell] != board.letters[cell]
                counts["other tiles wrong unmarked"] += wrong and place not in unsure
                continue
            if true is None:
                counts["lit plain"] += 1
                counts["plain given a bonus"] += got is not None
                continue
            counts["lit bonus"] += 1
            key = "unsure" if place in reading.board.unsure else "sure right" if got == true else "sure wrong"
            counts[key] += 1
    return counts


def speed(samples: int, seed: int) -> tuple[float, float]:
    """Return the median seconds and peak MiB of reading a 1080x2340 PNG phone screenshot."""
    rng = random.Random(seed)
    language = load_language("en")
    times = []
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for index in range(samples):
            shot = synth.phone_shot(synth.random_board(language, rng), language, 1080, rng, rng.choice(synth.fonts()))
            paths.append(Path(folder, f"shot{index}.png"))
            shot.image.save(paths[-1])
        read_board(paths[0], language)  # warm the glyph templates, as a running app would have
        for path in paths:
            start = time.perf_counter()
            read_board(path, language)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        read_board(paths[0], language)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return statistics.median(times), peak / 2**20


def tesseract_letters(boards: int, seed: int) -> dict:
    """Return Tesseract's letter accuracy and ms per glyph on the letters of ``boards`` shots per group."""
    from ruzzle_gui.lab.tesseract import TesseractReader
    from ruzzle_gui.vision.cells import cut_cells
    from ruzzle_gui.vision.glyphs import split_glyphs
    from ruzzle_gui.vision.images import to_array
    from ruzzle_gui.vision.locate import locate_board

    results = {}
    for group, codes in GROUPS.items():
        rng = random.Random(seed)
        right = total = 0
        spent = 0.0
        for index in range(boards):
            language = load_language(codes[index % len(codes)])
            reader = TesseractReader(language)
            shot = synth.random_shot(language, rng)
            grid = locate_board(to_array(shot.image))
            if grid is None:  # no board found: every letter of it counts as missed
                total += len(shot.board.letters)
                continue
            for cell, truth in zip(cut_cells(shot.image, grid), shot.board.letters):
                start = time.perf_counter()
                ink = split_glyphs(cell).letter
                right += ink is not None and reader.letter(ink) == truth
                spent += time.perf_counter() - start
                total += 1
        results[group] = (right / total, 1000 * spent / total)
    return results


def main(argv: list[str] | None = None) -> int:
    """Print the reader's accuracy per alphabet group, its speed and its peak memory."""
    parser = argparse.ArgumentParser(prog="python -m ruzzle_gui.lab.vision_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=200, help="generated boards per alphabet group")
    parser.add_argument("--speed", type=int, default=15, help="1080x2340 screenshots timed")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--held-out", action="store_true", help="compare each shot only with the other fonts")
    parser.add_argument("--tesseract", type=int, default=0, metavar="N", help="also read N boards with Tesseract")
    parser.add_argument("--real", metavar="DIR", help="also read the real screenshots in DIR")
    parser.add_argument("--manifest", default="tests/real_shots/manifest.toml", help="the real shots' manifest")
    args = parser.parse_args(argv)
    if args.real:
        from ruzzle_gui.lab.corpus import FORMS, tally

        counts = tally(args.real, args.manifest)
        reads = sum(counts[k] for k in ("right", "marked", "unmarked", "refused"))
        print(f"Real shots {reads} reads ({reads // len(FORMS)} shots x {len(FORMS)} forms): "
              f"all right {counts['right']}, "
              f"wrong but marked {counts['marked']}, wrong unmarked {counts['unmarked']}, refused {counts['refused']} "
              f"(not allowed by the manifest: {counts['not allowed']})")
    for group, codes in GROUPS.items():
        t = accuracy(codes, args.boards, args.seed, args.held_out)
        print(f"{group:9} {args.boards} boards ({'/'.join(codes)}): letters {t['letters']}/{t['cells']} "
              f"({100 * t['letters'] / t['cells']:.2f}%), bonuses {t['bonuses']}/{t['cells']}, "
              f"boards all right {t['boards']}/{args.boards}, uncertain cells {t['uncertain']}, "
              f"wrong letters flagged {t['wrong_flagged']}/{t['cells'] - t['letters'] - 16 * t['refused']}, "
              f"refused {t['refused']}; boards: all right, none unsure {t['right']}, wrong or unsure but every "
              f"wrong tile marked {t['marked']}, a wrong tile unmarked {t['unmarked']} "
              f"{' '.join(t.get('errors', []))}")
    for group, codes in GROUPS.items():
        c = lit_accuracy(codes, args.boards, args.seed)
        print(f"{group:9} {c['boards']} boards with a swipe in progress: lit bonus tiles {c['lit bonus']}: "
              f"sure and right {c['sure right']}, unsure {c['unsure']}, sure and wrong {c['sure wrong']}; "
              f"lit plain tiles {c['lit plain']}, given a bonus {c['plain given a bonus']}; other tiles wrong "
              f"unmarked {c['other tiles wrong unmarked']}; refused {c['refused']}")
    seconds, peak = speed(args.speed, args.seed)
    print(f"1080x2340 PNG screenshot: median {1000 * seconds:.0f} ms per read ({args.speed} shots), "
          f"peak Python memory {peak:.1f} MiB")
    if args.tesseract:
        for group, (share, ms) in tesseract_letters(args.tesseract, args.seed).items():
            print(f"Tesseract {group}: letters right {100 * share:.1f}%, {ms:.1f} ms per glyph")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
