"""Уголки: every rule of specs/ugolki.md as a set-up position with the exact moves expected,
the ends, the notation, and the move counts from the start (tests/rules/ugolki_perft.json)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules import (
    Color,
    Game,
    GameOverError,
    IllegalMoveError,
    NotationError,
    Refusal,
    Termination,
    find_variant,
)
from game.rules.ugolki import BACK_HOME, BOTH_FINISHED, FINISHED, NO_ROUTE, OCCUPIED, STAYED_HOME, Ugolki
from tests.rules import ugolki_reference as reference

DATA = json.loads((Path(__file__).parent / "ugolki_perft.json").read_text(encoding="utf-8"))


def sq(name: str) -> int:
    return Ugolki.new().geometry.names.index(name)


def texts(game: Game, start: str | None = None) -> list[str]:
    return sorted(game.move_text(m) for m in game.legal_moves()
                  if start is None or m.start == sq(start))


def ends(game: Game, start: str) -> list[str]:
    return sorted(game.geometry.name(m.end) for m in game.legal_moves() if m.start == sq(start))


# --- the board and the start -------------------------------------------------------------------

def test_the_usual_start_fills_each_house_with_twelve() -> None:
    game = find_variant("ugolki").new()
    assert isinstance(game, Ugolki) and game.options == {"house": 12}
    assert game.fen() == ("W:Wa1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3"
                          ":Be6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8")
    assert game.turn is Color.WHITE and len(game.geometry.squares) == 64
    assert texts(game) == ["a2-a4", "a3-a4", "b2-b4", "b3-b4", "c1-e1", "c2-c4", "c2-e2",
                           "c3-c4", "c3-e3", "d1-e1", "d2-d4", "d2-e2", "d3-d4", "d3-e3"]


@pytest.mark.parametrize("pieces, white, black", [
    (9, "a1,b1,c1,a2,b2,c2,a3,b3,c3", "f6,g6,h6,f7,g7,h7,f8,g8,h8"),
    (16, "a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3,a4,b4,c4,d4",
     "e5,f5,g5,h5,e6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8"),
])
def test_the_other_houses(pieces: int, white: str, black: str) -> None:
    game = Ugolki.new(house=pieces)
    assert game.fen() == f"W:W{white}:B{black}:P{pieces}"
    assert Ugolki.from_fen(game.fen()).options == {"house": pieces}
    assert game.in_house(Color.WHITE, Color.WHITE) == pieces == game.house


# --- moves ------------------------------------------------------------------------------------

def test_a_step_goes_up_down_left_or_right_onto_an_empty_square() -> None:
    game = Ugolki.from_fen("W:Wd4,d5:Bh8")
    assert texts(game, "d4") == ["d4-c4", "d4-d3", "d4-d6", "d4-e4"]  # d5 taken: jumped


def test_a_jump_goes_over_a_piece_of_either_colour_which_stays() -> None:
    game = Ugolki.from_fen("W:Wd4,d5:Be4,c4,h8")
    assert texts(game, "d4") == ["d4-b4", "d4-d3", "d4-d6", "d4-f4"]
    game.play(game.parse_move("d4-f4"))
    assert game.piece_at(sq("e4")) is not None  # nothing is captured
    assert sum(1 for _ in game.pieces()) == 5


def test_a_chain_turns_and_may_stop_after_any_jump() -> None:
    # a1 over a2 to a3, then right over b3 to c3, then up over c4 to c5
    game = Ugolki.from_fen("W:Wa1,a2,c4:Bb3,h8")
    assert ends(game, "a1") == ["a3", "b1", "c3", "c5"]
    assert texts(game, "a1") == ["a1-a3", "a1-a3-c3", "a1-a3-c3-c5", "a1-b1"]
    move = game.parse_move("a1-c5")  # the start and end alone
    assert move.path == (sq("a3"), sq("c3"), sq("c5")) and move.captured == ()
    assert game.parse_move("a1-a3-c3-c5") == move


def test_a_chain_never_lands_twice_on_a_square_nor_back_at_its_start() -> None:
    # from c3 the jumps go round a square, c3 -> c5 -> e5 -> e3 -> back to c3: not allowed
    game = Ugolki.from_fen("W:Wc3,c4,d5:Be4,d3,h8")
    assert ends(game, "c3") == ["b3", "c2", "c5", "e3", "e5"]
    assert all(m.end != m.start for m in game.legal_moves())
    with pytest.raises(IllegalMoveError, match="not a route"):
        game.parse_move("c3-c5-e5-c5-e5")  # lands on c5 twice
    with pytest.raises(IllegalMoveError):
        game.parse_move("c3-c5-e5-e3-c3")  # ends where it began


def test_a_step_and_a_jump_are_never_combined() -> None:
    game = Ugolki.from_fen("W:Wa1,a3:Bh8")
    assert texts(game, "a1") == ["a1-a2", "a1-b1"]
    with pytest.raises(IllegalMoveError):
        game.parse_move("a1-a2-a4")
    with pytest.raises(IllegalMoveError):
        game.parse_move("a1-a4")


def test_chains_to_one_square_are_one_move_written_by_the_shortest_route() -> None:
    # d4 reaches f6 up-then-right (d6, f6) and right-then-up (f4, f6); up is tried first
    game = Ugolki.from_fen("W:Wd4,d5,e6,e4,f5:Bh8")
    to_f6 = [m for m in game.legal_moves() if m.start == sq("d4") and m.end == sq("f6")]
    assert len(to_f6) == 1 and game.move_text(to_f6[0]) == "d4-d6-f6"
    assert game.parse_move("d4-f4-f6") == to_f6[0]  # another route read, the same move
    assert game.move_text(game.parse_move("d4-f4")) == "d4-f4"


def test_moves_are_never_compulsory_and_every_side_moves_any_piece() -> None:
    game = Ugolki.from_fen("B:Wa1:Bh8,h7")
    assert texts(game) == ["h7-g7", "h7-h6", "h8-g8", "h8-h6"]
    assert not game.capture_required()


# --- the end ------------------------------------------------------------------------------------

def test_the_extra_move_for_black() -> None:
    white = "Wf6,g6,h6,f7,g7,h7,g8,h8,e8"  # e8 steps to f8: White has finished
    black = "Ba1,b1,c1,a2,b2,c2,a3,b3,d3"  # d3 steps to c3: so has Black
    game = Ugolki.from_fen(f"W:{white}:{black}:F30:P9")
    game.play(game.parse_move("e8-f8"))
    assert game.finished(Color.WHITE) and game.outcome() is None and game.extra_move()
    draw = game.copy()
    draw.play(draw.parse_move("d3-c3"))
    outcome = draw.outcome()
    assert outcome is not None and outcome.termination is BOTH_FINISHED
    assert outcome.winner is None and outcome.counts is None  # decided by finishing
    game.play(game.parse_move("b3-b4"))  # Black does not finish: White wins
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is FINISHED
    assert outcome.winner is Color.WHITE and game.legal_moves() == []


def test_black_finishing_first_wins_at_once() -> None:
    white = "Wf6,g6,h6,f7,g7,h7,g8,h8,d5"
    black = "Ba1,b1,c1,a2,b2,c2,a3,b3,d3"
    game = Ugolki.from_fen(f"B:{white}:{black}:F30:P9")
    game.play(game.parse_move("d3-c3"))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is FINISHED
    assert outcome.winner is Color.BLACK


def test_a_piece_at_home_after_the_40th_move_loses() -> None:
    # White makes its 40th move with a1 still at home (the rule is checked after it)
    game = Ugolki.from_fen("W:Wa1,e4:Bh8,c6:F40")
    assert game.moves_made(Color.WHITE) == 39 and game.moves_to_leave_home(Color.WHITE) == 1
    stays = game.copy()
    stays.play(stays.parse_move("e4-e5"))
    outcome = stays.outcome()
    assert outcome is not None and outcome.termination is STAYED_HOME
    assert outcome.winner is Color.BLACK
    # leaving with the 40th move is in time
    game.play(game.parse_move("a1-a2"))
    assert game.piece_at(sq("a2")) is not None
    # a2 is still in the house (a1-d3): lost too
    assert game.outcome() is not None and game.outcome().winner is Color.BLACK  # type: ignore[union-attr]
    game = Ugolki.from_fen("W:Wd4,e4:Bh8,c6:F40")
    game.play(game.parse_move("e4-e5"))
    assert game.outcome() is None


def test_the_home_rule_is_checked_after_each_side_s_own_moves() -> None:
    # after White's 40th move Black (39 moves) may still be at home; after its 40th, not
    game = Ugolki.from_fen("W:We4:Bh8,c5:F40")
    game.play(game.parse_move("e4-e5"))
    assert game.outcome() is None  # Black has made 39 moves
    game.play(game.parse_move("c5-c4"))  # Black's 40th, h8 still at home
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is STAYED_HOME
    assert outcome.winner is Color.WHITE


def test_after_the_40th_move_no_move_ends_back_in_the_own_house() -> None:
    game = Ugolki.from_fen("W:Wd4,c4,e4:Bd2,a8:F41")  # White has made 40 moves
    assert "d4-d3" not in texts(game) and "d4-d5" in texts(game)
    assert game.why_not(sq("d4"), [sq("d3")]) is BACK_HOME
    # a chain may pass through the house but not end there: d4 over d3 to d2 (home), then
    # over e2 to f2
    game = Ugolki.from_fen("W:Wd4,e2:Bd3,a8:F41")
    assert ends(game, "d4") == ["c4", "d5", "e4", "f2"]
    # one move earlier the chain could stop at d2
    before = Ugolki.from_fen("W:Wd4,e2:Bd3,a8:F40")
    assert ends(before, "d4") == ["c4", "d2", "d5", "e4", "f2"]


def test_after_80_moves_each_more_pieces_in_the_other_house_win() -> None:
    game = Ugolki.from_fen("B:We6,f6,g6,a5:Ba1,b1,h5,h4:F80")
    assert game.moves_made(Color.WHITE) == 80 and game.moves_made(Color.BLACK) == 79
    more = game.copy()
    more.play(more.parse_move("h4-h3"))
    outcome = more.outcome()
    assert outcome is not None and outcome.termination is Termination.MOVE_LIMIT
    assert outcome.counts == (3, 2) and outcome.winner is Color.WHITE
    game.play(game.parse_move("b1-c1"))
    outcome = game.outcome()
    assert outcome is not None and outcome.counts == (3, 2)
    equal = Ugolki.from_fen("B:We6,f6,a5,a6:Ba1,b1,h5,h4:F80")
    equal.play(equal.parse_move("h4-h3"))
    outcome = equal.outcome()
    assert outcome is not None and outcome.winner is None and outcome.counts == (2, 2)


def test_a_side_with_no_legal_move_loses() -> None:
    game = Ugolki.from_fen("W:Wa1:Ba2,b1,a3,c1,h8")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert outcome.winner is Color.BLACK and game.legal_moves() == []
    with pytest.raises(GameOverError):
        game.parse_move("a1-a2")


def test_resignation_and_draw_are_withdrawn_by_a_takeback() -> None:
    game = Ugolki.new()
    game.play(game.legal_moves()[0])
    game.resign(Color.BLACK)
    assert game.outcome() is not None and game.outcome().winner is Color.WHITE  # type: ignore[union-attr]
    game.pop()
    assert game.outcome() is None and game.move_stack == ()


# --- notation ---------------------------------------------------------------------------------------

def test_positions_and_moves_read_back_exactly() -> None:
    game = Ugolki.new(house=16)
    for _ in range(7):
        game.play(game.legal_moves()[len(game.legal_moves()) // 2])
    again = Ugolki.from_fen(game.fen())
    assert again.fen() == game.fen() and again.options == game.options
    assert again.legal_moves() == game.legal_moves()
    assert [again.moves_made(c) for c in Color] == [game.moves_made(c) for c in Color]
    for move in game.legal_moves():
        assert game.parse_move(game.move_text(move)) == move
    assert ":F4" in game.fen() and game.fen().endswith(":P16")


@pytest.mark.parametrize("fen, words", [
    ("", "empty"), ("X:Wa1:Bh8", "W or B"), ("W:Wa1:Ba1", "twice"), ("W:Wa9:Bh8", "a1 to h8"),
    ("W:Wa1:Wb1:Bh8", "twice"), ("W:Wa1", "no pieces"), ("W:Wa1,,b1:Bh8", "empty square"),
    ("W:Wa1:Bh8:F0", "move number"), ("W:Wa1:Bh8:P10", "10 pieces"),
    ("W:Wa1,a2,a3,a4,a5,a6,a7,a8,b1,b2:Bh8:P9", "at most 9"),
])
def test_bad_positions_are_refused_clearly(fen: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        Ugolki.from_fen(fen)


def test_a_position_for_another_house_is_refused_when_the_option_says_otherwise() -> None:
    with pytest.raises(NotationError, match="9 pieces"):
        Ugolki.from_fen("W:Wa1:Bh8:P9", house=12)
    with pytest.raises(ValueError, match="house"):
        Ugolki.new(house=10)


def test_why_a_square_cannot_be_reached() -> None:
    game = Ugolki.from_fen("W:Wd4,d5:Be4,h8")
    assert game.why_not(sq("d4"), [sq("d5")]) is OCCUPIED
    assert game.why_not(sq("d4"), [sq("a1")]) is NO_ROUTE
    assert game.why_not(sq("h8")) is Refusal.NOT_YOURS
    assert game.why_not(sq("d4")) is Refusal.CANNOT_GO  # it can move: nothing to refuse


# --- move counts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("pieces", [9, 12, 16])
def test_move_counts_from_the_start(pieces: int) -> None:
    counts = DATA["counts"][str(pieces)]
    assert len(counts) == 6 and all(counts)
    game = Ugolki.new(house=pieces)
    # the engine's bulk count to depth 4 (deeper: benchmarks/perft_ugolki.py, see the data)
    assert [game.perft(depth) for depth in range(1, 5)] == counts[:4]
    # every move through the public interface, and the tests' own generator
    assert Game.perft(game, 3) == counts[2]
    white, black = reference.start(pieces)
    assert [reference.perft(white, black, True, d) for d in range(1, 4)] == counts[:3]


def test_the_rules_moves_are_the_reference_moves_in_crowded_positions() -> None:
    import random
    rng = random.Random(11)
    for _ in range(40):
        squares = rng.sample(range(64), rng.randint(6, 30))
        half = len(squares) // 2
        fen = ("W:W" + ",".join(Ugolki.new().geometry.name(s) for s in squares[:half])
               + ":B" + ",".join(Ugolki.new().geometry.name(s) for s in squares[half:]))
        game = Ugolki.from_fen(fen, house=16)
        own = frozenset(game.geometry.coord(s) for s, p in game.pieces() if p.color is Color.WHITE)
        other = frozenset(game.geometry.coord(s) for s, p in game.pieces()
                          if p.color is Color.BLACK)
        expected = reference.moves(own, other)
        got = {(game.geometry.coord(m.start), game.geometry.coord(m.end))
               for m in game.perft_moves()}
        assert got == expected, fen
