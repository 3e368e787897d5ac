"""Apokachi rules, one small test per rule and per case of specs/apokachi.md.

Positions are drawn as diagrams, row N at the top and column a at the left: ``P`` is a piece of
the side to move (the mover), ``v`` a piece of the other side, ``.`` an empty point; ``W`` and
``B`` name a colour outright.
"""
from __future__ import annotations

from collections.abc import Sequence
from textwrap import dedent
from typing import Any

import pytest

from game.rules import find_variant
from game.rules.apokachi import NO_CAPTURES_POSSIBLE, NO_PIECES, SMALL, STANDARD, TIMER, Apokachi
from game.rules.core import (
    Color,
    GameOverError,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Piece,
    RulesError,
    Termination,
)

W, B = Color.WHITE, Color.BLACK


def position(diagram: str, turn: Color = W, **options: Any) -> Apokachi:
    """A game from a diagram (see the module docstring); ``turn`` is the side ``P`` plays."""
    rows = [line.split() for line in dedent(diagram).strip().splitlines()]
    n = len(rows)
    assert all(len(row) == n for row in rows), "a diagram must be square"
    own = {"P": turn, "v": turn.other, "W": W, "B": B}
    points: dict[Color, list[str]] = {W: [], B: []}
    for index, row in enumerate(rows):
        rank = n - index
        for column, mark in enumerate(row):
            if mark != ".":
                points[own[mark]].append(f"{'abcdefghijklm'[column]}{rank}")
    fen = f"{turn.value}:{n}:W{','.join(points[W])}:B{','.join(points[B])}"
    return Apokachi.from_fen(fen, **options)


def play(game: Apokachi, *texts: str) -> Apokachi:
    for text in texts:
        game.play(game.parse_move(text))
    return game


def written(game: Apokachi, text: str) -> str:
    """The full text (with captures) of the legal move ``from-to``."""
    return game.move_text(game.parse_move(text))


# --- board and setup -------------------------------------------------------------------------

def test_registry_finds_apokachi() -> None:
    assert find_variant("apokachi") is Apokachi
    assert Apokachi.name == "apokachi" and Apokachi.title == "Apokachi"


def test_small_preset_start_position_is_the_spec_example() -> None:
    assert Apokachi.new(size=SMALL).fen() == "W:6:Wa1,b1,c1,d1,e1,f1:Ba6,b6,c6,d6,e6,f6"


def test_standard_start_has_nine_each_on_the_first_and_last_rows_white_to_move() -> None:
    game = Apokachi.new()
    assert game.size == 9
    assert game.turn is W
    assert game.fen() == "W:9:Wa1,b1,c1,d1,e1,f1,g1,h1,i1:Ba9,b9,c9,d9,e9,f9,g9,h9,i9"
    assert game.count(W) == game.count(B) == 9


@pytest.mark.parametrize("size", range(5, 14))
def test_any_size_from_5_to_13_has_n_pieces_each(size: int) -> None:
    game = Apokachi.new(size=size)
    assert game.count(W) == game.count(B) == size
    assert {p for p, piece in game.pieces() if piece == Piece(W)} == set(range(size))
    assert {p for p, piece in game.pieces() if piece == Piece(B)} == set(
        range(size * (size - 1), size * size))


@pytest.mark.parametrize("size", [4, 14, 0, -1, "huge", 9.0, True])
def test_a_size_outside_5_to_13_is_refused(size: object) -> None:
    with pytest.raises(ValueError):
        Apokachi.new(size=size)


def test_unknown_options_and_bad_limits_are_refused() -> None:
    with pytest.raises(ValueError, match="no option"):
        Apokachi.new(colour="red")
    for bad in (0, -3, 2.5, "30", True):
        with pytest.raises(ValueError):
            Apokachi.new(move_limit=bad)
    for bad in (0, -1.0, float("nan"), float("inf"), "5 min"):
        with pytest.raises(ValueError):
            Apokachi.new(time_limit=bad)


def test_points_are_numbered_row_by_row_from_whites_left() -> None:
    geometry = Apokachi.new().geometry
    assert (geometry.columns, geometry.rows) == (9, 9)
    assert geometry.squares == tuple(range(81))
    assert geometry.name(0) == "a1" and geometry.name(8) == "i1" and geometry.name(9) == "a2"
    assert geometry.name(80) == "i9"
    assert geometry.coord(10) == (1, 1)
    assert geometry.square_at(4, 3) == 3 * 9 + 4


# --- moves -----------------------------------------------------------------------------------

def test_a_piece_steps_one_point_up_down_left_or_right() -> None:
    game = position("""
        v . . . .
        . . . . .
        . . P . .
        . . . . .
        . . . . P
    """)
    steps = sorted(game.move_text(m) for m in game.legal_moves() if game.move_text(m)[:2] == "c3")
    assert steps == ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]


def test_no_jumps_no_diagonals_and_edges_stop_a_step() -> None:
    game = position("""
        . . . . .
        . . . . .
        v . . . .
        P . . . .
        P v . . .
    """)
    # a1 is hemmed in by its own piece and an enemy; a2 cannot jump over a3 nor step to b1 or b3
    assert sorted(game.move_text(m) for m in game.legal_moves()) == ["a2-b2"]


def test_backward_steps_are_legal_for_both_sides() -> None:
    game = play(Apokachi.new(size=5), "a1-a2", "a5-a4")
    assert "a2-a1" in {game.move_text(m) for m in game.legal_moves()}
    play(game, "a2-a1")
    assert "a4-a5" in {game.move_text(m) for m in game.legal_moves()}


def test_the_turn_alternates_and_there_is_no_pass() -> None:
    game = Apokachi.new(size=5)
    assert game.turn is W
    play(game, "c1-c2")
    assert game.turn is B
    assert all(game.piece_at(m.start) == Piece(B) for m in game.legal_moves())


# --- capture: two against one ----------------------------------------------------------------

def test_two_against_one_captures() -> None:
    # P P v after b2-b3
    game = position("""
        . . . . .
        . . . . .
        P . v . .
        . P . . .
        . . . . v
    """)
    assert written(game, "b2-b3") == "b2-b3xc3"
    play(game, "b2-b3")
    square = game.geometry.square_at(2, 2)
    assert square is not None
    assert game.piece_at(square) is None
    assert game.lost(B) == 1 and game.lost(W) == 0


def test_two_against_two_captures_nothing() -> None:
    # P P v v after b2-b3: "an attack on two pieces does not cut"
    game = position("""
        . . . . .
        . . . . .
        P . v v .
        . P . . .
        . . . . .
    """)
    assert written(game, "b2-b3") == "b2-b3"


def test_one_against_one_on_each_side_captures_nothing() -> None:
    # c2-c3 makes P v P on row 3: one against one on each side
    game = position("""
        . . . . .
        . . . . .
        P v . . .
        . . P . .
        . . . . .
    """)
    assert written(game, "c2-c3") == "c2-c3"


def test_a_lone_piece_never_captures() -> None:
    # P v with nothing behind v: one against one
    game = position("""
        . . . . .
        . . . . .
        . . v . .
        . P . . .
        v . . . P
    """)
    assert written(game, "b2-b3") == "b2-b3"


def test_a_pair_with_a_single_victim_at_each_end_captures_both() -> None:
    # v P P v after c2-c3
    game = position("""
        . . . . .
        . . . . .
        v P . v .
        . . P . .
        . . . . .
    """)
    assert written(game, "c2-c3") == "c2-c3xa3xd3"


def test_a_pair_captures_the_single_end_but_not_the_double_end() -> None:
    # v v P P v after c2-c3 (row 3: a3 b3 are a pair of victims)
    game = position("""
        . . . . . .
        . . . . . .
        . . . . . .
        v v . P v .
        . . P . . .
        . . . . . .
    """)
    assert written(game, "c2-c3") == "c2-c3xe3"


def test_three_against_one_captures() -> None:
    # P P P v after c2-c3
    game = position("""
        . . . . .
        . . . . .
        P P . v .
        . . P . .
        . . . . .
    """)
    assert written(game, "c2-c3") == "c2-c3xd3"


def test_adding_a_third_piece_at_the_far_end_forms_the_shape_anew() -> None:
    # v P P . -> v P P P after d2-d3: the moved piece is in the run, so v falls
    game = position("""
        . . . . .
        . . . . .
        v P P . .
        . . . P .
        . . . . .
    """)
    assert written(game, "d2-d3") == "d2-d3xa3"


def test_the_point_beyond_the_victim_may_hold_a_mover_piece_or_the_edge() -> None:
    # P P v P after b2-b3, and P P v | (the board's edge) after c2-c1: both capture
    game = position("""
        . . . . .
        . . . . .
        P . v P .
        . P . . .
        . . . . .
    """)
    assert written(game, "b2-b3") == "b2-b3xc3"
    edge = position("""
        . . . . .
        . . . . .
        . . . . .
        . . P . .
        . . . P v
    """)
    assert written(edge, "c2-c1") == "c2-c1xe1"


def test_the_victims_own_pieces_on_the_other_line_do_not_protect_it() -> None:
    # v has friends above and below it, but on row 3 it stands alone against P P
    game = position("""
        . . . . .
        . . v . .
        P . v . .
        . P v . .
        . . . . .
    """)
    assert written(game, "b2-b3") == "b2-b3xc3"


def test_a_row_and_a_column_at_once() -> None:
    # c2-c3: row 3 becomes P [P] v, column c becomes [P] P v upward: both victims fall
    game = position("""
        . . v . .
        . . P . .
        . P . v .
        . . P . .
        . . . . .
    """)
    assert written(game, "c2-c3") == "c2-c3xd3xc5"
    play(game, "c2-c3")
    assert game.count(B) == 0 and game.lost(B) == 2


def test_three_captures_in_one_move_in_the_order_row_then_column() -> None:
    # d3-d4: row 4 is v P [P] P v, column d is [P] P v upward
    game = position("""
        . . . . . . .
        . . . v . . .
        . . . P . . .
        . v P . P v .
        . . . P . . .
        . . . . . . .
        . . . . . . .
    """)
    assert written(game, "d3-d4") == "d3-d4xb4xf4xd6"
    play(game, "d3-d4")
    assert game.count(B) == 0
    assert game.lost(B) == 3


def test_stepping_into_a_shape_is_safe() -> None:
    # Black (to move, here 'P') steps into W W B on row 3: it is not captured
    game = position("""
        . . . . .
        . . . . .
        v v . . .
        . . P . .
        . . . . P
    """, turn=B)
    assert written(game, "c2-c3") == "c2-c3"
    play(game, "c2-c3")
    assert game.count(B) == 2


def test_a_shape_that_already_stood_captures_nothing_later() -> None:
    # W W B already on row 3; White moves another piece: the black piece stays
    game = position("""
        . . . . .
        . . . . .
        P P v . .
        . . . . .
        . . . . P
    """)
    assert written(game, "e1-d1") == "e1-d1"
    play(game, "e1-d1")
    assert game.count(B) == 1


def test_closing_the_shape_from_the_victims_far_side_captures_nothing() -> None:
    # P P v . -> P P v P: the moved piece is not in the attacking run
    game = position("""
        . . . . .
        . . . . .
        P P v . .
        . . . P .
        . . . . .
    """)
    assert written(game, "d2-d3") == "d2-d3"


def test_a_run_does_not_include_the_point_its_piece_just_left() -> None:
    # P P v becomes . P v when the far piece steps along the row: nothing is captured
    game = position("""
        . . . . .
        . . . . .
        . P P v .
        . . . . .
        . . . . .
    """)
    assert written(game, "b3-a3") == "b3-a3"


def test_only_the_mover_captures() -> None:
    # White steps into B B W on row 3 and forms W W against nothing: White is not taken,
    # and the B B pair does not "answer" - Black must form its own shape with a move
    game = position("""
        . . . . .
        . . . . .
        v v . . .
        . . P . .
        . . . P .
    """)
    play(game, "c2-c3")
    assert game.count(W) == 2 and game.count(B) == 2
    play(game, "a3-a4")  # a black move elsewhere (breaks its own pair)
    assert game.count(W) == 2


def test_captures_are_not_compulsory_and_the_turn_passes_after_one() -> None:
    game = position("""
        . . . . .
        . . . . .
        P . v . .
        . P . . .
        . . . . v
    """)
    texts = {game.move_text(m) for m in game.legal_moves()}
    assert "b2-b3xc3" in texts and "b2-b1" in texts and "a3-a4" in texts
    play(game, "b2-b3")
    assert game.turn is B


def test_black_captures_the_same_way() -> None:
    # Black (P) plays b4-b3: row 3 becomes [P] P v
    game = position("""
        . . . . .
        . P . . .
        . . P v .
        . . . . .
        . . . . v
    """, turn=B)
    assert written(game, "b4-b3") == "b4-b3xd3"
    play(game, "b4-b3")
    assert game.lost(W) == 1 and game.turn is W


# --- the game state --------------------------------------------------------------------------

def test_push_and_pop_restore_the_position_history_and_losses() -> None:
    game = position("""
        . . . . .
        . . . . .
        P . v . .
        . P . . .
        . . . . v
    """)
    before = game.fen()
    move = game.parse_move("b2-b3")
    game.push(move)
    assert game.move_stack == (move,) and game.lost(B) == 1
    assert game.pop() == move
    stack: Sequence[Move] = game.move_stack  # read again after the pop
    assert game.fen() == before and stack == () and game.lost(B) == 0


def test_pop_with_no_move_raises() -> None:
    with pytest.raises(IndexError):
        Apokachi.new().pop()


def test_copy_is_independent() -> None:
    game = play(Apokachi.new(size=5), "a1-a2")
    twin = game.copy()
    play(twin, "a5-a4")
    assert len(game.move_stack) == 1 and len(twin.move_stack) == 2
    assert game.fen() != twin.fen()


def test_play_refuses_a_move_that_is_not_legal() -> None:
    game = Apokachi.new(size=5)
    with pytest.raises(IllegalMoveError):
        game.play(Move(0, (10,)))  # a1 to a3: a jump
    with pytest.raises(IllegalMoveError):
        game.play(Move(0, (5,), captured=(20,)))  # a1-a2 claiming a capture


# --- end of the game -------------------------------------------------------------------------

def test_end_1_no_pieces_fires_when_the_last_piece_falls() -> None:
    game = position("""
        . . . . .
        . . . . .
        P . v . .
        . P . . .
        . . . . .
    """)
    assert game.outcome() is None
    play(game, "b2-b3")
    assert game.outcome() == Outcome(NO_PIECES, W, (2, 0))
    assert game.legal_moves() == []


def test_end_2_no_captures_possible_when_both_have_at_most_one_piece() -> None:
    game = position("""
        . . . . .
        . . . . .
        . . P . .
        . . . . .
        . . . . v
    """)
    assert game.outcome() == Outcome(NO_CAPTURES_POSSIBLE, None, (1, 1))
    assert game.legal_moves() == []
    # one piece against two is not the end: the pair can still capture
    assert position("""
        . . . . .
        . . . . .
        . . P . .
        . . . . .
        . . . v v
    """).outcome() is None


def test_end_3_a_blocked_side_to_move_ends_the_game_by_count() -> None:
    # c4-c5 walls in Black's corner pair (W to move is 'P')
    game = position("""
        v v . . .
        P P P . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert game.outcome() is None
    play(game, "c4-c5")
    assert game.turn is B and game.legal_moves() == []
    assert game.outcome() == Outcome(Termination.NO_MOVES, W, (3, 2))


def test_end_3_the_blocked_side_wins_when_it_has_more_pieces() -> None:
    # nine black pieces packed in a corner, walled in by six white ones: Black to move
    game = position("""
        P P P v .
        P P P v .
        P P P v .
        v v v . .
        . . . . .
    """, turn=B)
    assert game.outcome() == Outcome(Termination.NO_MOVES, B, (6, 9))


def test_end_4_move_limit_fires_after_the_last_full_move_not_before() -> None:
    game = Apokachi.new(move_limit=10, time_limit=None)
    white = [f"{c}{r}-{c}{r + 1}" for r in (1, 2) for c in "abcdefghi"]
    black = [f"{c}{r}-{c}{r - 1}" for r in (9, 8) for c in "abcdefghi"]
    for ply in range(19):
        play(game, (white if ply % 2 == 0 else black)[ply // 2])
        assert game.outcome() is None, ply
    assert game.moves_played() == 9 and game.moves_left() == 1
    play(game, black[9])
    assert game.moves_played() == 10 and game.moves_left() == 0
    assert game.outcome() == Outcome(Termination.MOVE_LIMIT, None, (9, 9))
    with pytest.raises(GameOverError):
        game.play(game.perft_moves()[0])


def test_end_4_move_limit_result_goes_by_count() -> None:
    game = position("""
        . . . . .
        . . . . v
        P . v . .
        . P . . .
        P . . . v
    """, move_limit=1)
    play(game, "b2-b3")
    assert game.outcome() is None  # half of the one full move
    play(game, "e4-d4")
    assert game.outcome() == Outcome(Termination.MOVE_LIMIT, W, (3, 2))


def test_end_5_timer_fires_once_the_playing_time_reaches_the_limit() -> None:
    game = play(Apokachi.new(size=6, time_limit=300.0), "a1-a2")
    game.set_elapsed(299.999)
    assert game.outcome() is None and game.remaining_time() == pytest.approx(0.001)
    game.add_elapsed(0.001)
    assert game.outcome() == Outcome(TIMER, None, (6, 6))
    assert game.remaining_time() == 0.0 and game.legal_moves() == []


def test_end_5_no_timer_means_time_never_ends_the_game() -> None:
    game = Apokachi.new(time_limit=None)
    game.set_elapsed(10_000.0)
    assert game.outcome() is None and game.remaining_time() is None


def test_the_engine_refuses_a_nonsense_elapsed_time() -> None:
    game = Apokachi.new()
    for bad in (-1.0, float("nan"), "1"):
        with pytest.raises(ValueError):
            game.set_elapsed(bad)  # type: ignore[arg-type]


def test_end_6_threefold_repetition_fires_on_the_third_occurrence() -> None:
    game = Apokachi.new(size=5)
    shuffle = ["a1-a2", "a5-a4", "a2-a1", "a4-a5"]
    play(game, *shuffle, *shuffle[:3])
    assert game.outcome() is None  # the start position has occurred twice
    play(game, shuffle[3])
    assert game.outcome() == Outcome(Termination.THREEFOLD_REPETITION, None, (5, 5))
    game.pop()
    assert game.outcome() is None


def test_end_6_a_repetition_is_won_by_the_side_with_more_pieces() -> None:
    game = position("""
        . . P . .
        . . . . v
        P . . . .
        P . . . .
        . . . . v
    """)
    shuffle = ["c5-d5", "e4-e3", "d5-c5", "e3-e4"]
    play(game, *shuffle, *shuffle[:3])
    assert game.outcome() is None
    play(game, shuffle[3])
    assert game.outcome() == Outcome(Termination.THREEFOLD_REPETITION, W, (3, 2))


def test_resignation_and_agreement() -> None:
    game = play(Apokachi.new(), "e1-e2")
    game.resign(B)
    assert game.outcome() == Outcome(Termination.RESIGNATION, W)
    assert game.legal_moves() == []
    with pytest.raises(GameOverError):
        game.agree_draw()
    game.pop()  # takes back e1-e2 and the resignation
    assert game.outcome() is None and game.move_stack == ()
    game.agree_draw()
    assert game.outcome() == Outcome(Termination.AGREEMENT, None)


def test_side_panel_figures() -> None:
    game = Apokachi.new(size=STANDARD, move_limit=20, time_limit=180)
    assert (game.move_limit, game.time_limit, game.elapsed) == (20, 180.0, 0.0)
    assert game.moves_played() == 0 and game.moves_left() == 20
    assert game.remaining_time() == 180.0
    assert Apokachi.new(move_limit=None).moves_left() is None


# --- notation --------------------------------------------------------------------------------

def test_move_text_and_parse_are_a_pair() -> None:
    game = position("""
        . . v . .
        . . P . .
        . P . v .
        . . P . .
        . . . . .
    """)
    for move in game.legal_moves():
        text = game.move_text(move)
        assert game.parse_move(text) == move
        assert game.hub_text(move) == text
    capture = game.parse_move("c2-c3")
    assert game.move_text(capture) == "c2-c3xd3xc5"
    assert game.parse_move("c2-c3xc5xd3") == capture  # any order
    assert game.parse_move(" C2-C3 ") == capture


@pytest.mark.parametrize("text", ["c2-c3xd3", "c2-c3xd3xc5xb3", "c2-c3xd3xd3", "c2-c1xd3"])
def test_a_wrong_capture_list_is_an_illegal_move(text: str) -> None:
    game = position("""
        . . v . .
        . . P . .
        . P . v .
        . . P . .
        . . . . .
    """)
    with pytest.raises(IllegalMoveError):
        game.parse_move(text)


@pytest.mark.parametrize("text", ["a1-a3", "a1-b2", "a5-a4", "b1-a1"])
def test_a_well_written_move_that_is_not_legal(text: str) -> None:
    with pytest.raises(IllegalMoveError):
        Apokachi.new(size=5).parse_move(text)


@pytest.mark.parametrize("text", ["", "e1", "e1e2", "e1-", "e1--e2", "e1xe2", "e1-e2x",
                                  "e1-e2 x e3", "z1-z2", "a0-a1", "a6-a7", "1e-2e", "e1-e2xq9"])
def test_a_malformed_move_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Apokachi.new(size=5).parse_move(text)


def test_parse_move_after_the_end_is_game_over() -> None:
    game = Apokachi.new()
    game.agree_draw()
    with pytest.raises(GameOverError):
        game.parse_move("e1-e2")


def test_fen_round_trip_and_accepted_variations() -> None:
    fen = "B:7:Wa1,c3,g7:Bb2,d4,e5"
    assert Apokachi.from_fen(fen).fen() == fen
    assert Apokachi.from_fen(" b:7:Bd4,b2,e5:Wg7,a1,C3 ").fen() == fen
    assert Apokachi.from_fen("W:13:Wm13:B").fen() == "W:13:Wm13:B"
    game = Apokachi.from_fen(fen, size=7, move_limit=None)
    assert game.turn is B and game.move_limit is None and game.move_stack == ()


@pytest.mark.parametrize("fen", [
    "", "W", "W:6", "W:6:Wa1:Ba6:Wb1", "X:6:Wa1:Ba6", "W:six:Wa1:Ba6",
    "W:4:Wa1:Ba4", "W:14:Wa1:Ba6", "W:6:Wa1:Wb1", "W:6:Xa1:Ba6", "W:6:Wa1,,b1:Ba6",
    "W:6:Wa1,a1:Ba6", "W:6:Wa1:Ba1", "W:6:Wg1:Ba6", "W:6:Wa7:Ba6", "W:6:Wa1:Ba6,",
    "W:6:W a 1:Ba6", "W:-6:Wa1:Ba6", "W:6:Wa1;Ba6",
])
def test_a_malformed_position_is_a_notation_error(fen: str) -> None:
    with pytest.raises(NotationError):
        Apokachi.from_fen(fen)


def test_a_size_option_that_contradicts_the_position_is_refused() -> None:
    with pytest.raises(NotationError):
        Apokachi.from_fen("W:6:Wa1,b1:Ba6,b6", size=9)
    with pytest.raises(ValueError):
        Apokachi.from_fen("W:6:Wa1,b1:Ba6,b6", speed=3)


def test_every_error_is_a_rules_error_and_a_value_error() -> None:
    with pytest.raises(RulesError):
        Apokachi.from_fen("nonsense")
    assert issubclass(NotationError, ValueError)


def test_piece_at_off_the_board_is_refused() -> None:
    with pytest.raises(ValueError):
        Apokachi.new(size=5).piece_at(25)
