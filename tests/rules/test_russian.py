"""Russian draughts: published perft, and one small position for every rule of the spec."""
from __future__ import annotations

import pytest

from game.rules import AmbiguousMoveError, Color, Game, Move, PieceKind, find_variant
from game.rules.draughts import ENDGAME_5_MOVES, KINGS_ONLY_MOVES, DraughtsGame
from game.rules.russian import BALANCE_UNCHANGED, MAIN_ROAD, THREE_KINGS_VS_KING, Russian
from tests.rules.test_international import king_moves_only, wander

START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
PERFT = [7, 49, 302, 1469, 7482, 37986, 190146]


def sq(name: str) -> int:
    return Russian.new().geometry.squares[Russian.new().geometry.names.index(name)]


def texts(game: Game) -> list[str]:
    return sorted(game.move_text(m) for m in game.legal_moves())


def on_main_road(game: DraughtsGame, square: int) -> bool:
    column, row = game.geometry.coord(square)
    return column == row


# --- perft ----------------------------------------------------------------------------------

def test_perft_from_the_start() -> None:
    game = Russian.new()
    assert [game.perft(depth) for depth in range(1, 8)] == PERFT


def test_perft_through_push_and_pop_agrees() -> None:
    game = Russian.new()
    assert Game.perft(game, 5) == PERFT[4]
    assert game.fen() == START


def test_start_position_and_names() -> None:
    game = find_variant("russian").new()
    assert isinstance(game, Russian)
    assert game.fen() == START
    assert texts(game) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    geometry = game.geometry
    assert geometry.coord(sq("a1")) == (0, 0) and geometry.coord(sq("h8")) == (7, 7)
    assert game.piece_at(sq("a1")) is not None


# --- captures ---------------------------------------------------------------------------------

def test_free_choice_of_capture_no_majority_rule() -> None:
    """The king may take one piece or four: both are legal (no majority rule)."""
    game = Russian.from_fen("W:WKf6:Bb2,e3,g3,g5")
    assert texts(game) == ["f6:a1", "f6:h4:f2:d4:a1"]


def test_capture_must_be_followed_to_its_end() -> None:
    game = Russian.from_fen("W:Wc3:Bd4,f6,a7")
    assert texts(game) == ["c3:e5:g7"]


def test_capture_is_compulsory_and_men_capture_backwards() -> None:
    game = Russian.from_fen("W:Wd4,a3:Bc3,h8")
    assert game.capture_required()
    assert texts(game) == ["d4:b2"]


def test_man_promotes_mid_capture_and_goes_on_as_a_king() -> None:
    """b6:d8 crowns the man; as a king it then takes f6 from afar (a man could not)."""
    game = Russian.from_fen("W:Wb6:Bc7,f6")
    moves = game.legal_moves()
    assert texts(game) == ["b6:d8:g5", "b6:d8:h4"]
    assert all(m.promotes and m.captured == (sq("c7"), sq("f6")) for m in moves)
    game.push(moves[0])
    piece = game.piece_at(moves[0].end)
    assert piece is not None and piece.kind is PieceKind.KING


def test_man_crowned_mid_capture_with_no_further_capture_ends_as_a_king() -> None:
    game = Russian.from_fen("W:Wb6:Bc7,h2")
    (move,) = game.legal_moves()
    assert game.move_text(move) == "b6:d8" and move.promotes


def test_quiet_move_to_the_far_row_promotes() -> None:
    game = Russian.from_fen("W:Wg7:Bc5")
    assert texts(game) == ["g7-f8", "g7-h8"]
    assert all(m.promotes for m in game.legal_moves())


def test_king_lands_freely_beyond_the_captured_piece() -> None:
    game = Russian.from_fen("W:WKa1:Bc3")
    assert texts(game) == ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]


def test_king_must_land_where_the_capture_continues() -> None:
    """Beyond c3 only e5 lets the capture go on (over f4): the king must land there."""
    game = Russian.from_fen("W:WKa1:Bc3,f4")
    assert texts(game) == ["a1:e5:g3", "a1:e5:h2"]


def test_turkish_strike_no_jumping_back_over_a_captured_piece() -> None:
    game = Russian.from_fen("W:WKc3:Be5,b2")
    assert texts(game) == ["c3:a1", "c3:f6", "c3:g7", "c3:h8"]


def test_turkish_strike_captured_piece_blocks() -> None:
    """After e3:g1 the taken f2 still stands: the king cannot fly back over it to take b6."""
    game = Russian.from_fen("W:WKe3:Bf2,g3,b6")
    assert texts(game) == ["e3:a7", "e3:g1"]


def test_same_start_and_end_different_captured_pieces_are_two_moves() -> None:
    game = Russian.from_fen("W:WKb2:Bd4,b6,d6,e7")
    assert texts(game) == ["b2:e5:c7:a5", "b2:f6:d8:a5"]
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move("b2:a5")
    assert len(caught.value.candidates) == 2
    assert game.parse_move("b2xf6xd8xa5").captured == (sq("d4"), sq("e7"), sq("b6"))


def test_same_captured_set_by_two_routes_is_one_move() -> None:
    game = Russian.from_fen("W:Wc3:Bd4,f4,d2,f2")
    (move,) = game.legal_moves()
    assert move.start == move.end == sq("c3") and len(move.captured) == 4


def test_move_text_and_parse() -> None:
    game = Russian.new()
    move = game.parse_move("c3-d4")
    assert move == Move(sq("c3"), (sq("d4"),))
    assert game.move_text(move) == "c3-d4"
    game.push(move)
    game.push(game.parse_move("f6-e5"))
    capture = game.parse_move("d4xf6")
    assert game.move_text(capture) == "d4:f6"
    assert game.parse_move("d4:f6") == capture


# --- draw rules ---------------------------------------------------------------------------

def test_15_king_moves_each_draw_at_the_30th_ply() -> None:
    game = Russian.from_fen("W:WKa1,Kc1,a3,c3:BKh8,Kf8,h6,f6")
    wander(game, 29, king_moves_only)
    assert game.outcome() is None
    wander(game, 1, king_moves_only)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KINGS_ONLY_MOVES
    assert outcome.limit == 15  # moves the rule allowed


def test_three_kings_against_one_drawn_after_the_stronger_sides_15th_move() -> None:
    game = Russian.from_fen("W:WKa1,Kc1,Ke1:BKb8")
    off_road = (lambda g, m: g.turn is Color.WHITE or not on_main_road(g, m.end))
    wander(game, 28, off_road)  # White has made 14 moves
    assert game.outcome() is None
    wander(game, 1, off_road)  # White's 15th
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is THREE_KINGS_VS_KING
    assert outcome.limit == 15  # moves the rule allowed


def test_three_kings_counted_in_the_stronger_sides_moves_when_black_starts() -> None:
    game = Russian.from_fen("B:WKa1,Kc1,Ke1:BKb8")
    off_road = (lambda g, m: g.turn is Color.WHITE or not on_main_road(g, m.end))
    wander(game, 29, off_road)
    assert game.outcome() is None
    wander(game, 1, off_road)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is THREE_KINGS_VS_KING
    assert outcome.limit == 15  # moves the rule allowed


def test_lone_king_on_the_main_road_drawn_after_5_moves() -> None:
    game = Russian.from_fen("W:WKc1,Ke1,h2:BKd4")
    stay = (lambda g, m: g.turn is Color.WHITE or on_main_road(g, m.end))
    wander(game, 9, stay)
    assert game.outcome() is None
    wander(game, 1, stay)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is MAIN_ROAD
    assert outcome.limit == 5  # moves the rule allowed


def test_main_road_count_restarts_when_the_king_leaves_it() -> None:
    game = Russian.from_fen("W:WKc1,Ke1,h2:BKd4")
    leave = (lambda g, m: g.turn is Color.WHITE or on_main_road(g, m.end) == (
        len(g.move_stack) != 5))
    wander(game, 10, leave)
    assert game.outcome() is None


@pytest.mark.parametrize("fen", ["W:WKc1,Ke1:BKf8", "W:WKc1,a3:BKf8", "W:WKc1:BKf8"])
def test_5_move_endgames(fen: str) -> None:
    game = Russian.from_fen(fen)
    assert game.outcome() is None  # unlike International, a king each is not drawn at once
    wander(game, 9, king_moves_only)
    assert game.outcome() is None
    wander(game, 1, king_moves_only)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is ENDGAME_5_MOVES
    assert outcome.limit == 5  # moves the rule allowed


def test_balance_unchanged_with_four_pieces_drawn_after_30_moves() -> None:
    game = Russian.from_fen("W:WKc1,a3:BKf8,h6")
    # kings only, except one man move each at plies 20-21 and 40-41 (no 15 king-only moves)
    men_at = {20, 21, 40, 41}
    schedule = (lambda g, m: king_moves_only(g, m) != (len(g.move_stack) in men_at))
    wander(game, 60, schedule)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is BALANCE_UNCHANGED
    assert outcome.limit == 30  # moves the rule allowed
    game.pop()
    assert game.outcome() is None
    assert [(c.termination, c.count, c.limit) for c in game.draw_counters()] == [
        (KINGS_ONLY_MOVES, 8, 15), (BALANCE_UNCHANGED, 29, 30)]


def test_options() -> None:
    with pytest.raises(ValueError):
        Russian.new(move_limit=50)  # International only
    game = Russian.new(draw_offer_after=20)
    assert not game.can_offer_draw()
    off = Russian.from_fen("W:WKc1:BKf8", tournament_draws=False)
    wander(off, 12)
    assert off.outcome() is None
