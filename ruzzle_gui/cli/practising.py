"""``ruzzle practice``: play a timed round in the terminal, judged as the game would, then review and store it.

The board is drawn as ``ruzzle generate`` draws it (letters by frequency, bonuses
at the game's odds). Typed words are read line by line until the time is up or
the input ends; each is judged at once. The review and the round go into the
local store (``ruzzle history`` shows the statistics). The judging and the
review are ``ruzzle_gui.practice``'s, which the app shares.
"""
from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Iterator

from ruzzle_gui.cli.common import CliError, add_language_options, language_of, whole_number, write

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import argparse

    from ruzzle_gui.cli.options import OptionTable
    from ruzzle_gui.practice import Judgement, Practice, Review
    from ruzzle_gui.word_filters import WordMarks

EPILOG = """examples:
  ruzzle practice -l it
  ruzzle practice -l en --seconds 60 --seed 7
  printf 'casa\\nora\\n' | ruzzle practice -l it --seed 3    # words typed ahead

Type each word you find and press Enter; Ctrl-D ends the round early. The round
is kept in the local store: 'ruzzle history' gives your statistics and pace.
"""
DEFAULT_SECONDS = 120
MAX_LINE_BYTES = 1000  # a typed line longer than this is cut: no word is anywhere near it
SHOWN_MISSED = 10  # the best words missed the review lists (and as many everyday ones)
SAYINGS = {"again": "already found", "short": "too short", "not_on_board": "not on the board",
           "not_a_word": "not a word"}


def add_practice(command: argparse.ArgumentParser | OptionTable) -> None:
    """Add the practice command's options."""
    command.epilog = EPILOG
    add_language_options(command)
    command.add_argument("--seconds", type=round_seconds, default=DEFAULT_SECONDS, metavar="S",
                         help=f"length of the round (default {DEFAULT_SECONDS})")
    command.add_argument("--seed", type=whole_number, metavar="N", help="same seed, same board")
    command.add_argument("--no-save", action="store_true", help="do not keep the round in the history")
    from ruzzle_gui.cli.solving import add_verdicts_option

    add_verdicts_option(command)
    command.set_defaults(handler=run_practice)


def round_seconds(text: str) -> int:
    """Return ``text`` as a round length of 1 to 3600 seconds, or raise a usage error."""
    from ruzzle_gui.cli.common import type_error

    if not text.isdigit() or not 1 <= int(text) <= 3600:
        raise type_error(f"must be a whole number of seconds from 1 to 3600, not '{text}'")
    return int(text)


def run_practice(args: argparse.Namespace) -> int:
    """Play a round, print the review and keep the round in the store."""
    from ruzzle_gui.board import Board
    from ruzzle_gui.cli.solving import board_lines

    if sys.stdin is None:
        raise CliError("standard input is closed: the round reads the words typed on it")
    language = language_of(args)
    board = Board.random(language, 4, 4, random.Random(args.seed))
    practice, marks = start(board, language, args)
    write("\n".join([*board_lines(board), "", f"Type the words you find, one a line: {args.seconds} s "
                     f"(Ctrl-D ends the round).", ""]))
    flush_now()
    began = time.monotonic()
    for line, at in typed_lines(began + args.seconds, time.monotonic):
        if line.strip():
            write(judgement_line(practice.judge(line, round(at - began, 2))) + "\n")
            flush_now()
    write("\n".join(["", "Time up." if time.monotonic() >= began + args.seconds else "Round over.", "",
                     *review_lines(practice.review(marks))]) + "\n")
    return 0 if args.no_save else save(practice, language.code, board, args.seconds)


def start(board, language, args: argparse.Namespace) -> tuple[Practice, WordMarks]:
    """Return the round on ``board``: every word judged against the dictionary, the review against the default list."""
    from ruzzle_gui.cli.solving import verdicts_of
    from ruzzle_gui.graph import Graph
    from ruzzle_gui.practice import Practice
    from ruzzle_gui.verdicts import lifted, without_refused
    from ruzzle_gui.word_filters import WordFilters, WordMarks, apply

    graph = Graph(board, language)
    solutions = graph.solve()
    marks = WordMarks.of(language.dictionary_path)
    verdicts = verdicts_of(language, args)
    possible = without_refused(apply(solutions, WordFilters(), lifted(marks, verdicts)).words, verdicts)[0]
    return Practice(board, solutions, possible, language.fold, graph.min_length), marks


def typed_lines(deadline: float, clock: Callable[[], float]) -> Iterator[tuple[str, float]]:
    """Yield each line typed on standard input with the clock's time, until ``deadline`` or the input's end."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's StringIO)
        fd = None
    if fd is None or os.name != "posix":
        for line in sys.stdin:  # no waiting with a timeout here: a word typed after time is not counted
            if clock() >= deadline:
                return
            yield line[:MAX_LINE_BYTES], clock()
        return
    yield from _lines_of(fd, deadline, clock)


def _lines_of(fd: int, deadline: float, clock: Callable[[], float]) -> Iterator[tuple[str, float]]:
    """Yield the lines read from ``fd`` with their time, waiting at most until ``deadline`` (POSIX select)."""
    import select

    pending, skipping = b"", False  # skipping: the rest of a line too long to be a word, up to its end
    while True:
        left = deadline - clock()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return  # time up
        chunk = os.read(fd, 4096)
        if not chunk:  # the input ended
            if pending and not skipping:
                yield pending.decode("utf-8", "replace"), clock()
            return
        pending += chunk
        while b"\n" in pending:
            line, _, pending = pending.partition(b"\n")
            if not skipping:
                yield line[:MAX_LINE_BYTES].decode("utf-8", "replace"), clock()
            skipping = False
        if len(pending) > MAX_LINE_BYTES:  # judged once, cut; the rest of it is dropped as it comes
            if not skipping:
                yield pending[:MAX_LINE_BYTES].decode("utf-8", "replace"), clock()
            pending, skipping = b"", True


def judgement_line(judgement: Judgement) -> str:
    """Return what the round says of a typed word ('+14  CASA', 'not a word: CASX')."""
    if judgement.kind == "new":
        return f"+{judgement.points:<4} {judgement.word}"
    return f"      {SAYINGS[judgement.kind]}: {judgement.word}"


def review_lines(review: Review) -> list[str]:
    """Return the review: found against possible, the best and the everyday words missed, the player's words."""
    lines = [f"Found {review.found_words} of {review.possible_words} words, "
             f"{review.found_points:,} of {review.possible_points:,} points."]
    for title, words in (("Best words missed", review.missed), ("Everyday words missed", review.everyday_missed)):
        if words:
            lines.append(f"{title}: " + ", ".join(f"{s.word} {s.score}" for s in words[:SHOWN_MISSED])
                         + (f" (and {len(words) - SHOWN_MISSED} more)" if len(words) > SHOWN_MISSED else ""))
    if review.played:
        lines += ["Your words:", *(f"  {p.at:6.1f}s  {p.word:<16} +{p.points}" for p in review.played)]
    return lines


def save(practice: Practice, language: str, board, seconds: int) -> int:
    """Keep the round in the store; return 0, or 1 after one line saying it was not saved."""
    from ruzzle_gui.cli.common import fail
    from ruzzle_gui.cli.verdicts import say_notices
    from ruzzle_gui.store import Round, RoundWord, Store, StoreError, utc_now

    review = practice.review()
    store = Store()
    try:
        store.add_round(Round(language, board.to_text(), float(seconds), practice.score,
                              tuple(RoundWord(*p) for p in practice.played), review.possible_words,
                              review.possible_points, utc_now()))
    except StoreError as err:
        say_notices(store)
        return fail(f"the round was {err}")
    finally:
        store.close()
    say_notices(store)
    return 0


def flush_now() -> None:
    """Show what was written at once (a pipe or a file buffers it)."""
    from ruzzle_gui.cli.common import flush

    flush()
