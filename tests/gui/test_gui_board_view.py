"""Board canvas: a word's path arrows leave every letter value and bonus label readable, and every arrowhead whole."""
from __future__ import annotations

import itertools
import math

import pytest

from ruzzle_gui.app.look import path_drawing
from ruzzle_gui.app.look.arrows import Route
from ruzzle_gui.app.look.board_view import BoardView
from ruzzle_gui.app.look.path_drawing import TRIM

from gui_helpers import press, settle, wait_until

LETTERS = "CASEMORTINAPULIE"
ITALIAN_VALUES = {"C": 2, "A": 1, "S": 2, "E": 1, "M": 3, "O": 1, "R": 2, "T": 2, "I": 1, "N": 3, "P": 5,
                  "U": 3, "L": 3}
COSTERNALI = [0, 5, 2, 7, 3, 6, 9, 10, 13, 8]
# The bonuses the results board gets in test_costernali_keeps_every_value_and_bonus_readable_on_the_results_board.
SOME_BONUSES = ["DL", None, None, None, None, "DW", None, "TL", None, None, None, None, None, "TW", None, None]
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
    view.update_idletasks()  # the board is drawn once Tk is idle
    return view


def show_path(view: BoardView, path: list[int]) -> None:
    """Light ``path`` tile by tile, as the results window's animation does."""
    view.clear_path()
    for step, index in enumerate(path):
        view.light(index, "#8e24aa", path[step - 1] if step else None)
    view.update_idletasks()


def labels(view: BoardView) -> list[int]:
    """Return the canvas items of every value and bonus label: the text that is not a tile's letter (or an outline).

    Hidden items that only hold a font open (tagged "keep") are no labels.
    """
    return [item for item in view.find_all() if view.type(item) == "text"
            and not any(tag.startswith("letter") or tag in ("halo", "keep") for tag in view.gettags(item))]


def tile_of(view: BoardView, label: int) -> int:
    """Return the index of the tile a label sits on."""
    x0, y0, *_ = view.bbox(label)
    return view.tile_at(x0 + 1, y0 + 1)


def name(view: BoardView, label: int) -> str:
    """Return a label's text and the index of the tile it sits on, as text@index."""
    return f"{view.itemcget(label, 'text')}@{tile_of(view, label)}"


def draw_path(view: BoardView, path: list[int]) -> None:
    """Show ``path`` at once: the picture its animation ends on (every redraw starts from plain state)."""
    view.lit = dict.fromkeys(path, "#8e24aa")
    view.arrows = list(zip(path, path[1:]))
    view.draw()


def head_zone(view: BoardView, arrow: int) -> list[tuple[float, float]]:
    """Return the polygon of an arrow's head, and of the stretch of shaft just before it, as Tk draws them."""
    points = view.coords(arrow)
    width = float(view.itemcget(arrow, "width"))
    _, back, side = (float(d) for d in view.itemcget(arrow, "arrowshape").split())
    (x, y), (px, py) = points[-2:], points[-4:-2]
    length = math.hypot(x - px, y - py)
    dx, dy = (x - px) / length, (y - py) / length

    def at(along: float, across: float) -> tuple[float, float]:
        return x - dx * along - dy * across, y - dy * along + dx * across

    half, neck = side + width / 2, back + width
    return [at(0, 0), at(back, half), at(neck, width / 2), at(neck, -width / 2), at(back, -half)]


def near(polygon: list[tuple[float, float]], x: float, y: float, margin: float) -> bool:
    """Return True if (x, y) lies in the convex ``polygon`` or within ``margin`` of it."""
    sides = list(zip(polygon, polygon[1:] + polygon[:1]))
    turns = [(bx - ax) * (y - ay) - (by - ay) * (x - ax) for (ax, ay), (bx, by) in sides]
    if all(turn >= 0 for turn in turns) or all(turn <= 0 for turn in turns):
        return True
    for (ax, ay), (bx, by) in sides:
        share = min(max(((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2), 0), 1)
        if math.hypot(ax + share * (bx - ax) - x, ay + share * (by - ay) - y) <= margin:
            return True
    return False


def touched_heads(view: BoardView, margin: float = 1.5) -> list[tuple[int | str, int]]:
    """Return (covering, covered) pairs: an arrow, or a label's backing or outline, on or at another arrow's head.

    Tk is asked about every pixel of each head, of the stretch of shaft before it, and
    of a ``margin`` round them (find_overlapping uses the items' real shapes: the
    curve, its width and its arrowhead, not just their boxes). What shows at a pixel
    is the topmost item: on the head only the arrow itself (or its head drawn again)
    may show. All arrows are white, so another one that shows next to a head, even
    from under it, blurs its outline: in the margin, only the rim of tile colour the
    head was drawn again on may part them.
    """
    arrows = sorted(view.find_withtag("path"))  # in the order of the path's steps: Tk numbers items as made
    order = {item: place for place, item in enumerate(view.find_all())}
    shown = {*arrows, *view.find_withtag("lifted"), *view.find_withtag("backing"), *view.find_withtag("halo")}
    found = set()
    for step, arrow in enumerate(arrows):
        zone, own = head_zone(view, arrow), {arrow, *view.find_withtag(f"lifted{step}")}
        x0, y0 = (math.floor(min(axis) - margin) for axis in zip(*zone))
        x1, y1 = (math.ceil(max(axis) + margin) for axis in zip(*zone))
        if not shown - own & set(view.find_overlapping(x0, y0, x1, y1)):
            continue
        for x, y in itertools.product(range(x0, x1 + 1), range(y0, y1 + 1)):
            here = shown & set(view.find_overlapping(x - 0.5, y - 0.5, x + 0.5, y + 0.5))
            top = max(here, key=order.get, default=arrow)
            if top not in own and (near(zone, x, y, 0) or top in arrows and near(zone, x, y, margin)):
                found.add((arrows.index(top) if top in arrows else view.gettags(top)[0], step))
    return sorted(found, key=str)


def crossed(view: BoardView) -> list[str]:
    """Return the labels some arrow overlaps."""
    arrows = set(view.find_withtag("path"))
    return [name(view, label) for label in labels(view) if arrows & set(view.find_overlapping(*view.bbox(label)))]


def unreadable(view: BoardView) -> list[str]:
    """Return the labels an arrow overlaps with neither a backing patch nor an outline between arrow and label."""
    order = {item: place for place, item in enumerate(view.find_all())}
    top_arrow = max((order[arrow] for arrow in view.find_withtag("path")), default=-1)
    found = []
    for label in labels(view):
        under = set(view.find_overlapping(*view.bbox(label)))
        if not under & set(view.find_withtag("path")):
            continue
        between = [item for item in under if top_arrow < order[item] < order[label]]
        backed = any(view.bbox(patch)[0] <= view.bbox(label)[0] and view.bbox(patch)[2] >= view.bbox(label)[2]
                     for patch in set(between) & set(view.find_withtag("backing")))
        outline = {tuple(a - b for a, b in zip(view.coords(halo), view.coords(label)))
                   for halo in set(between) & set(view.find_withtag("halo"))
                   if view.itemcget(halo, "text") == view.itemcget(label, "text")
                   and view.itemcget(halo, "fill") == view.tile_fill(tile_of(view, label))}
        if not backed and len(outline) < 8:
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


def test_an_arrow_with_no_clear_route_passes_under_a_backing_that_leaves_its_head_whole(window, monkeypatch):
    # No bend and no cutting short: every route runs through the corner labels.
    monkeypatch.setattr(path_drawing, "BOWS", (0,))
    monkeypatch.setattr(path_drawing, "CORNER", TRIM)
    view = view_of(window, 440)
    show_path(view, [0, 5])
    assert crossed(view)
    assert unreadable(view) == []
    patches = view.find_withtag("backing")
    assert patches and {view.itemcget(patch, "fill") for patch in patches} <= {view.tile_fill(0), view.tile_fill(5)}
    # The head lands on the bonus label of tile 5: a patch there would hide it; the label gets an outline of
    # its letters instead, so only the letters sit on the head.
    assert {view.itemcget(halo, "text") for halo in view.find_withtag("halo")} == {EVERY_BONUS[5]}
    assert [cover for cover, _ in touched_heads(view)] == ["halo"]


def test_a_head_another_arrow_still_touches_is_drawn_again_on_a_rim(window):
    # Routing leaves this only in tight corners on small tiles; here two arrows are simply drawn so.
    view = view_of(window, 440)
    (x, y), size = view.centre(5), view._size
    width = max(size * 0.06, path_drawing.ARROW_MIN_WIDTH)
    across = Route([x - size * 0.45, y, x + size * 0.45, y], width)
    down = Route([x + size * 0.1, y - size, x + size * 0.1, y + width], width)  # its head lies on the other arrow
    for route in (across, down):
        view.path_drawing._line(route.points, route.width)
    assert touched_heads(view) == [(0, 1)]
    view.path_drawing._lift_touched_heads([across, down])
    assert view.find_withtag("lifted1") and not view.find_withtag("lifted0")
    assert touched_heads(view) == []


def test_costernali_keeps_every_value_and_bonus_readable_on_the_results_board(app):
    app.root.clipboard_clear()
    app.root.clipboard_append("Cdl A S E\nM Odw R Ttl\nI N A P\nU Ltw I E\n")
    app.letters.board_view.event_generate("<<Paste>>")
    press(app.letters.board_view, "Return", "Return")
    results = app.results
    assert app.screen is results
    word = next(s for s in results.solutions if s.word == "COSTERNALI")  # doubtful (enclitic), yet on the board
    results.animate(word)
    wait_until(results, lambda: not results.animating)
    view = results.board_view
    assert len(view.find_withtag("path")) == len(word.path) - 1
    assert len(labels(view)) == 16 + 4
    assert crossed(view) == []
    assert touched_heads(view) == []


@pytest.mark.parametrize("side, bonuses, values", [(300, EVERY_BONUS, WIDE_VALUES), (900, EVERY_BONUS, WIDE_VALUES),
                                                   (440, [None] * 16, ITALIAN_VALUES)],
                         ids=["every-label-300", "every-label-900", "italian-440"])
def test_no_arrow_touches_another_arrows_head_on_any_path_of_up_to_three_steps(window, side, bonuses, values):
    # Every animation step of every such path is one of these pictures: each redraw routes from plain state.
    view = view_of(window, side, bonuses, values)
    paths = [[a, b] for a in range(16) for b in neighbours(a)]
    paths += [[*path, c] for path in paths for c in neighbours(path[-1]) if c not in path]
    paths += [[*path, d] for path in paths if len(path) == 3 for d in neighbours(path[-1]) if d not in path]
    assert len(paths) == 84 + 408 + 1764
    for path in paths:
        draw_path(view, path)
        assert touched_heads(view) == [], path
        assert unreadable(view) == [], path


@pytest.mark.parametrize("side", [190, 250, 300, 440, 900])
@pytest.mark.parametrize("bonuses", [[None] * 16, SOME_BONUSES], ids=["no-bonus", "some-bonuses"])
def test_costernali_shows_every_arrowhead_at_every_step(window, side, bonuses):
    view = view_of(window, side, bonuses, ITALIAN_VALUES)
    view.clear_path()
    for step, index in enumerate(COSTERNALI):
        view.light(index, "#8e24aa", COSTERNALI[step - 1] if step else None)
        assert touched_heads(view) == [], (side, COSTERNALI[:step + 1])
        assert unreadable(view) == [], (side, COSTERNALI[:step + 1])


@pytest.mark.parametrize("side", [250, 300, 440])
def test_arrows_already_drawn_keep_their_route_while_the_path_grows(window, side):
    view = view_of(window, side)
    paths = [COSTERNALI, [0, 5, 10, 15, 14, 9, 4, 1, 6, 11], [3, 6, 9, 12, 13, 8, 1, 2, 7, 11]]
    for path in paths:
        view.clear_path()
        drawn: list[list[float]] = []
        for step, index in enumerate(path):
            view.light(index, "#8e24aa", path[step - 1] if step else None)
            view.update_idletasks()
            arrows = [view.coords(item) for item in view.find_withtag("path")]
            assert arrows[:len(drawn)] == drawn, (path, step)
            drawn = arrows
        # Each lit tile shows its step number where its value was.
        assert [view.itemcget(view.find_withtag(f"step{index}")[0], "text") for index in path] == \
            [str(n) for n in range(1, len(path) + 1)]


@pytest.mark.parametrize("width, height", [(808, 545), (769, 505), (983, 582), (611, 433)])
def test_the_boards_rim_has_clean_straight_edges(window, width, height):
    import io
    import subprocess

    from PIL import Image
    view = BoardView(window, width=width, height=height)
    view.configure(width=width, height=height)  # these sizes are the window's pixels, whatever the DPI
    view.pack()
    view.show(4, 4, list("CASEROMITENALUPO"), [None] * 16)
    settle(window, 150)
    shot = subprocess.run(["import", "-window", hex(view.winfo_id()), "png:-"], capture_output=True, check=True,
                          timeout=30).stdout
    picture = Image.open(io.BytesIO(shot)).convert("RGB")
    background = picture.getpixel((1, 1))
    middle = picture.height // 2
    left = next(x for x in range(picture.width) if picture.getpixel((x, middle)) != background)
    # Along the straight part of the left edge, nothing of the rim shows left of it: no stray dots.
    stray = [y for y in range(picture.height // 4, picture.height * 3 // 4)
             if any(picture.getpixel((x, y)) != background for x in range(max(left - 4, 0), left))]
    assert stray == [], (left, stray)
    view.destroy()


def test_an_option_given_as_none_is_left_out_as_tkinter_leaves_it(window):
    view = BoardView(window, width=100, height=100)
    item = view.create_text(10, 10, text="A", fill=None, font=None, tags=("probe",))
    assert view.itemcget(item, "text") == "A" and view.find_withtag("probe") == (item,)
    view.destroy()
