"""benchmarks/vs_scan.py without Scan: the board as Scan 2.0 reads it, Scan's moves as ours, and
what it does with a move it cannot read or our rules do not allow (the match stops, naming
it; a wrong move is never played)."""
from __future__ import annotations

from types import ModuleType

import pytest

from game.rules import find_variant

from tests.scripts import load_script


def _script() -> ModuleType:
    return load_script("benchmarks/vs_scan.py")


def test_the_board_reads_as_scan_writes_its_start_and_a_king_is_a_capital() -> None:
    vs = _script()
    game = find_variant("international").new()
    # Scan 2.0's own start (its fen.h): white to move, twenty black men, ten empty, twenty white
    assert vs.hub_board(game) == "w" + "b" * 20 + "e" * 10 + "w" * 20
    kings = find_variant("international").from_fen("B:WK1,46:BK50,5")
    board = vs.hub_board(kings)
    assert board[0] == "b" and (board[1], board[46], board[50], board[5]) == ("W", "w", "B", "b")
    assert board.count("e") == 46


def test_scans_moves_are_our_moves_with_the_same_start_end_and_captures() -> None:
    vs = _script()
    game = find_variant("international").new()
    move = vs.from_scan(game, "33-29")
    assert (move.start, move.end, move.captured) == (33, 29, ())
    capture = find_variant("international").from_fen("W:W28:B23,13")
    move = vs.from_scan(capture, "28x8x13x23")  # start, end, then the captured squares
    assert (move.start, move.end, set(move.captured)) == (28, 8, {23, 13})
    with pytest.raises(vs.ScanError, match="bad move") as caught:
        vs.from_scan(game, "move\x00\x1b[2J")
    assert "\x00" not in str(caught.value) and "\x1b" not in str(caught.value), \
        "a stranger's bytes are not echoed"
    with pytest.raises(vs.ScanError, match="illegal move"):
        vs.from_scan(game, "33x28x22")  # a capture of nothing that is there
    with pytest.raises(vs.ScanError, match="illegal move"):
        vs.from_scan(capture, "28-22")  # a quiet move where a capture is required
    with pytest.raises(vs.ScanError, match="illegal move"):
        vs.from_scan(capture, "28x19x23")  # half the capture: the majority rule takes both
