"""The rounds of the last boards: kept by board and language, the oldest forgotten first."""
from __future__ import annotations

from ruzzle_gui import Board
from ruzzle_gui.app.plan.round_state import Rounds, round_key


def test_a_round_is_found_again_by_its_board_and_language_only():
    board = Board.from_letters("ABCDEFGHIJKLMNOP")
    rounds = Rounds()
    rounds.save(round_key(board, "it"), "plan", ["A"], ["CASA"])
    assert rounds.get(round_key(Board.from_letters("ABCDEFGHIJKLMNOP"), "it")).played == ("CASA",)
    assert rounds.get(round_key(board, "en")) is None
    other = Board(4, 4, board.letters, ("DL",) + board.bonuses[1:])
    assert rounds.get(round_key(other, "it")) is None


def test_only_the_last_boards_are_kept():
    rounds = Rounds(keep=3)
    keys = [("it", n) for n in range(5)]
    for key in keys:
        rounds.save(key, None, (), ())
    rounds.save(keys[2], None, (), ("X",))  # saved again: newest
    assert [rounds.get(k) is not None for k in keys] == [False, False, True, True, True]
    rounds.save(("it", 9), None, (), ())
    assert rounds.get(keys[3]) is None and rounds.get(keys[2]).played == ("X",)
