"""Board canvas: a word's path arrows leave every letter value and bonus label readable."""
from __future__ import annotations

import pytest
from gui_helpers import press, settle, wait_until

from ruzzle_gui.app import board_view
from ruzzle_gui.app.board_view import TRIM, BoardView

LETTERS = "CASEMORTINAPULIE"
# The worst case for the corner labels: a bonus on every tile and two-digit values.
EVERY_BONUS = ["DL", "TL", "DW", "TW"] * 4
WIDE_VALUES = {letter: 10 for letter in LETTERS}


def neighbours(index: int, rows: int = 4, cols: int = 4) -> list[int]:
    """Return the tiles next to tile ``index``, diagonals included."""
    r, c = divmod(index, cols)
    return [(r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def view_of(window, side: int, bonuses=EVERY_BONUS, values=WIDE_VALUES) -> BoardView:
    """Return a mapped ``side`` x ``side`` BoardView showing LETTERS with ``bonuses`` and ``values``."""
    view = BoardView(window, width=side, height=side)
    view.pack()
    settle(window)
    view.show(4, 4, list(LETTERS), bonuses, values)
    return view


def show_path(view: BoardView, path: list[int]) -> None:
    """Light ``path`` tile by tile, as the results window's animation does."""
    view.clear_path()
    for step, index in enumerate(path):
        view.light(index, "#8e24aa", path[step - 1] if step else None)


def labels(view: BoardView) -> list[int]:
    """Return the canvas items of every value and bonus label: the text that is not a tile's letter."""
    return [item for item in view.find_all() if view.type(item) == "text"
            and not any(tag.startswith("letter") for tag in view.gettags(item))]


def name(view: BoardView, label: int) -> str:
    """Return a label's text and the index of the tile it sits on, as text@index."""
    x0, y0, *_ = view.bbox(label)
    return f"{view.itemcget(label, 'text')}@{view.tile_at(x0 + 1, y0 + 1)}"


def crossed(view: BoardView) -> list[str]:
    """Return the labels some arrow overlaps."""
    arrows = set(view.find_withtag("path"))
    return [name(view, label) for label in labels(view) if arrows & set(view.find_overlapping(*view.bbox(label)))]


def unreadable(view: BoardView) -> list[str]:
    """Return the labels an arrow overlaps with no backing patch stacked between arrow and label."""
    order = {item: place for place, item in enumerate(view.find_all())}
    top_arrow = max((order[arrow] for arrow in view.find_withtag("path")), default=-1)
    found = []
    for label in labels(view):
        under = set(view.find_overlapping(*view.bbox(label)))
        if not under & set(view.find_withtag("path")):
            continue
        backed = any(top_arrow < order[patch] < order[label] and view.bbox(patch)[0] <= view.bbox(label)[0]
                     and view.bbox(patch)[2] >= view.bbox(label)[2]
                     for patch in under & set(view.find_withtag("backing")))
        if not backed:
            found.append(name(view, label))
    return found


@pytest.mark.parametrize("side", [300, 440, 900])
def test_no_arrow_crosses_a_label_and_every_arrow_still_runs_letter_to_letter(window, side):
    view = view_of(window, side)
    assert len(labels(view)) == 32
    for start in range(16):
        for end in neighbours(start):
            show_path(view, [start, end])
            (arrow,) = view.find_withtag("path")
            assert crossed(view) == [], (start, end)
            assert view.find_withtag("backing") == ()
            points = view.coords(arrow)
            for (x, y), tile in ((points[:2], start), (points[-2:], end)):
                cx, cy = view.centre(tile)
                assert abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - view._size * TRIM) < 1.5, (start, end)


def test_the_arrows_into_and_out_of_a_tile_never_touch(window):
    view = view_of(window, 440)
    paths = [[a, b, c] for a in range(16) for b in neighbours(a) for c in neighbours(b) if c != a]
    assert len(paths) == 408
    for a, b, c in paths:
        show_path(view, [a, b, c])
        first, second = view.find_withtag("path")
        x, y = view.coords(second)[:2]
        assert first not in view.find_overlapping(x - 4, y - 4, x + 4, y + 4), (a, b, c)
        assert crossed(view) == [], (a, b, c)


@pytest.mark.parametrize("side", range(190, 470, 15))
def test_labels_stay_readable_on_small_tiles_too(window, side):
    view = view_of(window, side)
    for path in ([0, 5, 10, 15, 14, 9, 4], [3, 6, 9, 12, 13, 8, 1, 2, 7, 11]):
        show_path(view, path)
        assert unreadable(view) == [], path


def test_an_arrow_with_no_clear_route_passes_under_a_tile_coloured_backing(window, monkeypatch):
    monkeypatch.setattr(board_view, "BOWS", (0,))  # no bend: every route runs through the corners
    view = view_of(window, 440)
    show_path(view, [0, 5])
    assert crossed(view)
    assert unreadable(view) == []
    patches = view.find_withtag("backing")
    assert patches and {view.itemcget(patch, "fill") for patch in patches} <= {view.tile_fill(0), view.tile_fill(5)}


def test_costernali_keeps_every_value_and_bonus_readable_on_the_results_board(app):
    app.root.clipboard_clear()
    app.root.clipboard_append("Cdl A S E\nM Odw R Ttl\nI N A P\nU Ltw I E\n")
    app.letters.board_view.event_generate("<<Paste>>")
    press(app.letters.board_view, "Return", "Return")
    results = app.results
    assert app.screen is results
    word = next(s for s in results.shown if s.word == "COSTERNALI")
    results.animate(word)
    wait_until(results, lambda: not results.animating)
    view = results.board_view
    assert len(view.find_withtag("path")) == len(word.path) - 1
    assert len(labels(view)) == 16 + 4
    assert crossed(view) == []
