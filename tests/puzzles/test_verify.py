"""The verification: a combination is found with its whole solution, what is not a puzzle is
refused with the reason, and a stored puzzle is re-checked."""
from __future__ import annotations

import dataclasses

from game.puzzles.model import Puzzle
from game.puzzles.verify import (RATING_HIGH, RATING_LOW, WIN_GAIN, Criteria, find_puzzle,
                                 material, quiet, verify)
from game.rules import Color, find_variant

QUICK = Criteria(depth=6)
# Black gives c5 (c5-b4 a3:c5) and takes three men back in one move (d6:b4:d2:f4)
RUSSIAN = "B:Wa1,c1,g1,b2,h2,a3,c3,e3,h4,a5,h6:Bc5,e5,b6,d6,a7,c7,e7,d8,f8,h8"
# White gives 34 (34-30 25x34) and takes two back (39x28)
INTERNATIONAL = ("W:W34,35,36,37,38,39,40,41,42,43,45,46,47,48,49,50:"
                 "B1,2,3,4,5,6,7,8,9,10,12,16,17,18,20,23,24,25")


def test_a_combination_is_found_with_its_solution_and_a_rating() -> None:
    game = find_variant("russian").from_fen(RUSSIAN)
    verdict = find_puzzle(game, QUICK, "test")
    puzzle = verdict.puzzle
    assert puzzle is not None, verdict.reason
    assert puzzle.main == ("c5-b4", "a3:c5", "d6:b4:d2:f4")
    assert puzzle.gain == 200 and puzzle.depth == 6 and puzzle.source == "test"
    assert puzzle.start().turn is Color.BLACK and puzzle.fen == game.fen()
    assert RATING_LOW <= puzzle.rating <= RATING_HIGH
    assert game.fen() == RUSSIAN and not game.move_stack  # the caller's game is untouched


def test_an_international_combination_and_its_re_check() -> None:
    verdict = find_puzzle(find_variant("international").from_fen(INTERNATIONAL), QUICK)
    assert verdict.puzzle is not None, verdict.reason
    assert verdict.puzzle.main == ("34-30", "25x34", "39x28")
    assert verify(verdict.puzzle, 6) == []


def test_a_free_piece_is_not_a_combination() -> None:
    # h6 takes three men at once (h6:f4:d6:b8): the first move wins by itself
    # (the hand-made evaluation: the fitted one scores h4's capture of two men, the second
    # best move, as 3.35 men and refuses the position earlier, as won whatever is played)
    from game.ai.options import ENGINE, set_engine
    game = find_variant("russian").from_fen("W:Wa1,c1,f2,g3,h4,h6:Be5,g5,c7,g7,f8,h8")
    saved = (ENGINE.eval, ENGINE.tables, ENGINE.book, ENGINE.search)
    try:
        set_engine("hand", *saved[1:])
        verdict = find_puzzle(game, QUICK)
    finally:
        set_engine(*saved)
    assert verdict.puzzle is None and "free piece" in verdict.reason


def test_quiet_equal_positions_and_forced_moves_are_refused() -> None:
    start = find_variant("russian").new()
    assert find_puzzle(start, QUICK).reason == "no single best move"
    one_move = find_variant("russian").from_fen("W:Wa1:Bh8")
    assert find_puzzle(one_move, QUICK).reason == "fewer than two legal moves"


def test_material_and_quiet() -> None:
    game = find_variant("russian").from_fen("W:WKc3,a1,e1:Bd4,f6")
    assert material(game, Color.WHITE) == 300 + 200 - 200
    assert material(game, Color.BLACK) == -300
    assert not quiet(game)  # the king takes d4
    calm = find_variant("russian").from_fen("W:Wa1:Bh8")
    assert quiet(calm)
    # White to move has nothing to take (e5 covers d4), but Black would take c3 from d4
    threatened = find_variant("russian").from_fen("W:Wc3,g1:Bd4,e5")
    assert not any(m.is_capture for m in threatened.every_move())
    assert not quiet(threatened)


def test_a_damaged_puzzle_is_said_to_be_wrong() -> None:
    puzzle = find_puzzle(find_variant("russian").from_fen(RUSSIAN), QUICK).puzzle
    assert puzzle is not None and verify(puzzle, 6) == []
    wrong_first = dataclasses.replace(puzzle, lines=(("e5-f4",),))
    assert any("not the best" in p for p in verify(wrong_first, 6))
    illegal = dataclasses.replace(puzzle, lines=(("c5-b4", "h2-g3", "a7-b6"),))
    assert verify(illegal, 6)
    short = dataclasses.replace(puzzle, lines=(("c5-b4",),))
    assert any("wins" in p for p in verify(short, 6))
    boasting = dataclasses.replace(puzzle, gain=WIN_GAIN)
    assert any("gain" in p for p in verify(boasting, 6))
    bad_fen = Puzzle("russian", "W:Wz9:Bh8", (("a1-b2",),))
    assert verify(bad_fen, 6)
