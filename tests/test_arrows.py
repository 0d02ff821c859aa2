"""The arrow geometry PathDrawing routes with: distances, head shapes and the choice of route (no Tk)."""
from __future__ import annotations

import pytest

from ruzzle_gui.app.look.arrows import HEAD_ON_LABEL, SHAFT_ON_LABEL, Route, pick, polygons_gap, segment_gap


def test_segment_gap_is_zero_when_they_cross_and_the_distance_otherwise():
    assert segment_gap((0, 0), (10, 10), (0, 10), (10, 0)) == 0
    assert segment_gap((0, 0), (10, 0), (0, 3), (10, 3)) == pytest.approx(3)
    assert segment_gap((0, 0), (10, 0), (13, 4), (20, 4)) == pytest.approx(5)  # end to end: a 3-4-5 triangle


def test_polygons_gap_is_zero_when_one_holds_the_other():
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert polygons_gap(square, [(4, 4), (6, 4), (6, 6)]) == 0
    assert polygons_gap(square, [(12, 0), (14, 0), (14, 2)]) == pytest.approx(2)


def test_a_head_is_touched_by_a_line_through_it_and_not_by_one_far_off():
    arrow = Route([0, 0, 100, 0], width=4)  # head at x = 100, pointing right
    across = Route([95, -50, 95, 50], width=4)
    far = Route([0, 60, 100, 60], width=4)
    assert across.touches_head_of(arrow)
    assert not far.touches_head_of(arrow)
    assert not arrow.touches_head_of(far)


def test_pick_takes_the_first_flawless_route_else_the_least_bad():
    straight, other = Route([0, 0, 100, 0], width=4), Route([0, 0, 100, 10], width=4)
    neighbour = Route([95, -50, 95, 50], width=4)  # crosses both heads
    assert pick([straight, other], [], lambda route: 0) is straight
    assert pick([straight, other], [], lambda route: SHAFT_ON_LABEL if route is straight else 0) is other
    # A head on a label is worse than a shaft across one.
    crossings = {straight: HEAD_ON_LABEL, other: SHAFT_ON_LABEL}
    assert pick([straight, other], [], crossings.get) is other
    # Touching the head of the step just before or after is worse than a shaft across a label.
    clear = Route([0, 0, 40, 40], width=4)
    assert pick([straight, clear], [(neighbour, True)], lambda route: SHAFT_ON_LABEL * (route is clear)) is clear
