"""Watch mode's watcher with a fake screen: change detection, boards already read, no-board frames,
the mask, capture errors and stopping."""
from __future__ import annotations

import random
import threading

import pytest
from PIL import Image

from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError, coded
from ruzzle_gui.vision.reader import read_board
from ruzzle_gui.vision.watch import (
    ACTIVE_S,
    CHANGED_CELLS,
    IDLE_S,
    MAX_FAILURES,
    UNSETTLED_READ_S,
    Watcher,
    WatchError,
    changed,
    fingerprint,
    same_board,
)

EN = load_language("en")
SCREEN = (900, 700)
DESKTOP = (58, 64, 72)
PHONE_AT = (480, 40)


def board(seed: int):
    """Return a random English board."""
    return synth.random_board(EN, random.Random(seed))


def screen(shown=None, at=PHONE_AT, language=EN) -> Image.Image:
    """Return a fake desktop showing board ``shown`` in a phone window at ``at`` (or no board)."""
    picture = Image.new("RGB", SCREEN, DESKTOP)
    if shown is not None:
        phone = synth.phone_shot(shown, language, 300, random.Random(1), synth.fonts()[0])
        picture.paste(phone.image, at)
    return picture


class FakeScreen:
    """A screen whose picture the test sets; counts grabs, and fails when told to."""

    def __init__(self, picture: Image.Image) -> None:
        self.picture, self.failures, self.regions = picture, 0, []

    def grab(self, region):
        self.regions.append(region)
        if self.failures:
            self.failures -= 1
            raise coded(ImageError("cannot capture the screen: X connection failed"), "capture",
                        problem="X connection failed")  # as vision.capture raises it
        picture = self.picture
        if region is not None:
            left, top, width, height = region
            picture = picture.crop((left, top, left + width, top + height))
        return picture.copy()


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def watch():
    """Return a factory of (watcher, fake screen, boards reported, problems reported, reads made)."""
    def make(picture: Image.Image, region=None, language=EN):
        fake, clock = FakeScreen(picture), Clock()
        boards, problems, reads = [], [], []

        def read(image, lang):
            reads.append(image)
            return read_board(image, lang)

        watcher = Watcher(language, boards.append, problems.append, region=region, grab=fake.grab,
                          clock=clock, read=read)
        return watcher, fake, clock, boards, problems, reads

    return make


def polls(watcher, clock, count: int) -> list[float]:
    """Poll ``count`` times, moving the clock on by each wait; return the waits."""
    waits = []
    for _ in range(count):
        waits.append(watcher.poll())
        clock.now += waits[-1]
    return waits


def test_a_board_is_read_once_it_holds_still_then_the_still_screen_costs_no_read(watch):
    first = board(1)
    watcher, _, clock, boards, problems, reads = watch(screen(first))
    assert polls(watcher, clock, 1) == [ACTIVE_S] and reads == []  # new, not yet still
    polls(watcher, clock, 1)
    assert [r.board for r in boards] == [first] and len(reads) == 1
    waits = polls(watcher, clock, 8)
    assert len(reads) == 1 and len(boards) == 1 and problems == []
    assert waits[-1] == IDLE_S and waits == sorted(waits)  # polling backs off on a still screen


def test_a_second_board_replaces_the_first(watch):
    first, second = board(1), board(2)
    watcher, fake, clock, boards, _, _ = watch(screen(first))
    polls(watcher, clock, 3)
    fake.picture = screen(second)
    assert polls(watcher, clock, 1) == [ACTIVE_S]
    polls(watcher, clock, 2)
    assert [r.board for r in boards] == [first, second]


def test_the_same_board_shown_again_elsewhere_is_not_reported_twice(watch):
    first = board(1)
    watcher, fake, clock, boards, _, reads = watch(screen(first))
    polls(watcher, clock, 3)
    fake.picture = screen(first, at=(60, 40))  # the phone window moved: read, same board
    polls(watcher, clock, 3)
    assert len(reads) == 2 and [r.board for r in boards] == [first]


def test_a_change_beside_the_board_is_not_read(watch):
    first = board(1)
    picture = screen(first)
    watcher, fake, clock, boards, _, reads = watch(picture)
    polls(watcher, clock, 3)
    fake.picture = picture.copy()
    fake.picture.paste((250, 250, 250), (20, 300, 300, 500))  # another window opened beside the phone
    polls(watcher, clock, 3)
    assert len(reads) == 1 and len(boards) == 1


def test_frames_with_no_board_are_passed_over_quietly(watch):
    watcher, fake, clock, boards, problems, reads = watch(screen())
    polls(watcher, clock, 4)
    assert len(reads) == 1 and boards == [] and problems == []
    fake.picture = screen(board(3))
    polls(watcher, clock, 3)
    assert [r.board for r in boards] == [board(3)]


def test_a_tiny_change_such_as_a_blinking_cursor_is_not_a_new_picture():
    before = screen(board(1))
    after = before.copy()
    after.paste((255, 255, 255), (100, 100, 102, 132))  # a text cursor, 32 px tall
    assert not changed(fingerprint(before), fingerprint(after))
    after.paste((255, 255, 255), (100, 100, 100 + 8 * (CHANGED_CELLS + 1), 116))
    assert changed(fingerprint(before), fingerprint(after))


def test_the_masked_window_is_never_read_nor_watched(watch):
    picture = screen(board(1))
    watcher, fake, clock, boards, _, reads = watch(picture)
    watcher.mask = (PHONE_AT[0] - 10, 0, 400, SCREEN[1])  # our own window over the phone
    polls(watcher, clock, 4)
    assert boards == []
    made = len(reads)
    fake.picture = screen(board(2))  # what changes under the mask is not seen
    polls(watcher, clock, 4)
    assert boards == [] and len(reads) == made
    watcher.mask = (0, 0, 300, 300)  # the window moved away from the phone
    polls(watcher, clock, 3)
    assert [r.board for r in boards] == [board(2)]


def test_a_region_is_grabbed_and_the_mask_is_placed_in_it(watch):
    region = (PHONE_AT[0] - 20, 0, 360, SCREEN[1])
    watcher, fake, clock, boards, _, _ = watch(screen(board(1)), region=region)
    watcher.mask = (0, 0, PHONE_AT[0] - 30, SCREEN[1])  # wholly outside the region: nothing hidden
    polls(watcher, clock, 2)
    assert fake.regions == [region, region] and [r.board for r in boards] == [board(1)]
    watcher.mask = (PHONE_AT[0] - 30, 0, 400, 700)
    fake.picture = screen(board(2))
    polls(watcher, clock, 3)
    assert len(boards) == 1


def test_a_screen_that_never_holds_still_is_still_read_now_and_then(watch):
    first = board(1)
    watcher, fake, clock, boards, _, reads = watch(screen(first))
    for step in range(12):  # a video plays beside the phone: every frame differs
        fake.picture = screen(first)
        fake.picture.paste((40 * (step % 2), 200, 90), (0, 0, 300, 300))
        clock.now += watcher.poll()
    assert 1 <= len(reads) <= 12 * ACTIVE_S / UNSETTLED_READ_S + 1
    assert [r.board for r in boards] == [first]


def test_a_board_in_another_alphabet_is_said_once(watch):
    watcher, _, clock, boards, problems, _ = watch(screen(synth.random_board(load_language("ru"),
                                                                               random.Random(4)),
                                                          language=load_language("ru")))
    polls(watcher, clock, 2)
    watcher._handled = None  # read the same picture again: the problem is not said twice
    polls(watcher, clock, 2)
    assert boards == [] and len(problems) == 1 and "alphabet" in problems[0]
    assert problems[0].parts[0][0] == "alphabet"  # its code: the app says it in the interface language


def test_a_capture_that_keeps_failing_stops_the_watch_but_a_passing_failure_does_not(watch):
    watcher, fake, clock, boards, _, _ = watch(screen(board(1)))
    fake.failures = MAX_FAILURES - 1
    polls(watcher, clock, MAX_FAILURES + 1)
    assert len(boards) == 1
    fake.failures = MAX_FAILURES
    with pytest.raises(WatchError, match="cannot capture the screen") as stopped:
        polls(watcher, clock, MAX_FAILURES)
    assert stopped.value.code == "capture" and "problem" in stopped.value.values


def test_stopping_ends_the_run_and_a_board_being_read_then_is_never_reported():
    reading, release, boards = threading.Event(), threading.Event(), []

    def slow_read(image, language):
        reading.set()
        release.wait(5)
        return read_board(image, language)

    watcher = Watcher(EN, boards.append, grab=FakeScreen(screen(board(1))).grab, read=slow_read)
    thread = threading.Thread(target=watcher.run)
    thread.start()
    assert reading.wait(5)
    watcher.stop()
    release.set()
    thread.join(timeout=5)
    assert not thread.is_alive() and boards == []


def test_same_board_allows_differences_only_on_unsure_tiles():
    first = read_board(screen(board(1)), EN)
    assert same_board(first, first) and not same_board(None, first)
    second = read_board(screen(board(2)), EN)
    assert not same_board(first, second)
    unsure = second._replace(cells=tuple(cell._replace(uncertain=True) for cell in second.cells))
    half = second._replace(cells=tuple(cell._replace(uncertain=index % 2 == 0)
                                       for index, cell in enumerate(second.cells)))
    assert not same_board(first, half)  # a sure tile differs
    assert not same_board(first, unsure)  # nothing sure: a board to check, not the last one lit by a swipe
    lit = first._replace(cells=tuple(cell._replace(uncertain=index < 12) for index, cell in enumerate(first.cells)))
    assert same_board(first, lit)


def test_ruzzle_watch_without_a_display_says_so_in_one_line(monkeypatch, capsys):
    from ruzzle_gui.cli import main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")  # no gnome-screenshot, grim or spectacle to fall back on
    assert main(["watch", "-l", "en"]) == 1
    captured = capsys.readouterr()
    assert captured.err == "ruzzle: error: cannot capture the screen: no display to capture (DISPLAY is not set)\n"
    assert captured.out == ""


def test_ruzzle_watch_stops_with_one_line_when_the_screen_is_lost(monkeypatch, capsys):
    from ruzzle_gui.cli import main
    from ruzzle_gui.vision import capture

    grabs = []

    def grab(region=None):
        grabs.append(region)
        if len(grabs) > 1:  # the display went away after the watch started
            raise ImageError("cannot capture the screen: the X display :7 cannot be reached (X connection failed)")
        return screen()

    monkeypatch.setattr(capture, "capture_screen", grab)
    assert main(["watch", "-l", "en"]) == 1
    captured = capsys.readouterr()
    assert captured.err.endswith("ruzzle: error: cannot capture the screen: the X display :7 cannot be reached "
                                 "(X connection failed)\n")
    assert captured.err.count("\n") == 2 and "Traceback" not in captured.err  # "watching ..." and the error
    assert len(grabs) == 1 + MAX_FAILURES and captured.out == ""


@pytest.mark.parametrize("text", ["1,2,3", "a,b,c,d", "0,0,0,5", "0,0,5,-1", ""])
def test_ruzzle_watch_refuses_a_region_that_is_not_one(text, capsys):
    from ruzzle_gui.cli import main

    assert main(["watch", "-l", "en", "--region", text]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("stored, loaded", [
    ([10, 20, 400, 800], [10, 20, 400, 800]), ([-1920, 0, 400, 800], [-1920, 0, 400, 800]),
    ([10, 20, 0, 800], None), ([10, 20, 400], None), ("0,0,400,800", None), ([True, 0, 400, 800], None),
    ([0, 0, 10**9, 800], None), ([0, 0, 100000, 100000], None), ([0, 0, 32768, 800], None),
    ([-32767, 0, 32767, 800], [-32767, 0, 32767, 800]), (None, None),
])
def test_the_watched_region_is_remembered_and_a_damaged_one_forgotten(tmp_path, stored, loaded):
    import json

    from ruzzle_gui.app.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"watch_region": stored}))
    assert load_settings(path).watch_region == loaded


def test_the_region_picker_frames_a_board_it_sees_and_keeps_a_region_on_the_screen():
    from ruzzle_gui.app.watch.region_pick import around_board, clamp

    picture = screen(board(1))
    left, top, width, height = around_board(picture, *SCREEN)
    assert PHONE_AT[0] - 50 <= left <= PHONE_AT[0] + 30 and width <= 400 and top + height <= SCREEN[1]
    assert around_board(screen(), *SCREEN) is None
    assert clamp((-50, 10, 200, 100), *SCREEN) == (0, 10, 200, 100)
    assert clamp((850, 650, 200, 100), *SCREEN) == (700, 600, 200, 100)
    assert clamp((0, 0, 5000, 0), *SCREEN) == (0, 0, 900, 1)


def test_ruzzle_watch_prints_a_board_it_cannot_solve_and_watches_on(capsys):
    from ruzzle_gui.cli.watching import print_board

    reading = read_board(screen(board(1)), EN)
    from ruzzle_gui.board import Board

    blank = reading._replace(board=Board(4, 4, ("?",) * 16, reading.board.bonuses),
                             cells=tuple(cell._replace(letter="?", uncertain=True) for cell in reading.cells))
    print_board(blank, EN, 5)
    assert "not solved until they are checked" in capsys.readouterr().out
    print_board(blank, EN, 5, unsure_as_plain=True)
    out = capsys.readouterr().out
    assert "cannot solve this board: row 1, cell 1: '?' is not a letter" in out and "check these tiles" in out
    print_board(reading, EN, 5)
    assert "total score" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["0,0,100000,100000", "-100000000000,0,10,10", "0,99999999999999999999,5,5"])
def test_ruzzle_watch_refuses_a_region_beyond_any_screen_in_one_line(text, capsys):
    from ruzzle_gui.cli import main

    assert main(["watch", "-l", "en", f"--region={text}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"'{text}' lies beyond any screen" in err


@pytest.fixture
def screen_1400x1000(monkeypatch):
    """Make the screen a 1400x1000 picture; return the bounding boxes Pillow was asked for."""
    from PIL import ImageGrab

    asked = []

    def grab(bbox=None, **_options):
        asked.append(bbox)
        return Image.new("RGB", (1400, 1000), (9, 9, 9)).crop(bbox) if bbox else Image.new("RGB", (1400, 1000))

    monkeypatch.setattr(ImageGrab, "grab", grab)
    return asked


@pytest.mark.parametrize("region, size", [((0, 0, 13000, 13000), (1400, 1000)), ((1300, 900, 500, 500), (100, 100)),
                                          ((-50, -60, 100, 100), (50, 40)), ((10, 20, 30, 40), (30, 40))])
def test_a_region_is_clipped_to_the_screen(screen_1400x1000, region, size):
    from ruzzle_gui.vision.capture import capture_screen

    assert capture_screen(region).size == size and screen_1400x1000 == [None]


@pytest.mark.parametrize("region", [(1400, 0, 10, 10), (0, 1000, 10, 10), (-20, 0, 20, 5)])
def test_a_region_wholly_off_the_screen_is_said(screen_1400x1000, region):
    from ruzzle_gui.vision.capture import capture_screen

    with pytest.raises(ImageError) as raised:
        capture_screen(region)
    assert str(raised.value) == ("the region {},{},{},{} lies outside the screen (1400x1000 pixels)".format(*region))
