"""International draughts: published perft, and one small position for every rule of the spec."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from game.rules import (
    AmbiguousMoveError, Color, Game, Move, PieceKind, Termination, find_variant)
from game.rules.core import GameOverError, IllegalMoveError, RulesError
from game.rules.draughts import ENDGAME_5_MOVES, KINGS_ONLY_MOVES, DraughtsGame
from game.rules.international import ENDGAME_16_MOVES, KING_VS_KING, International

START = "W:W31-50:B1-20"

# The damforum.nl perft thread, as the spec reproduces it (distinct moves).
PERFT = {
    START: [9, 81, 658, 4265, 27117, 167140],
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46": [14, 55, 1168, 5432],
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38":
        [6, 12, 30, 73, 215, 590, 1944, 6269, 22369],
    "W:WK31-50:BK1-20": [17, 79, 352, 1399, 7062],
    "W:W6,7,8,9,10:B41,42,43,44,45": [9, 81, 795, 7578],
}


def wander(game: DraughtsGame, plies: int,
           allowed: Callable[[DraughtsGame, Move], bool] = lambda g, m: True) -> None:
    """Play ``plies`` quiet moves that never repeat a position and never allow a capture.

    A depth-first search, so a test can walk a quiet endgame for exactly as long as it needs.
    """
    def walk(left: int) -> bool:
        if left == 0:
            return True
        for move in game.perft_moves():
            if move.is_capture or not allowed(game, move):
                continue
            game.push(move)
            if game.repetitions() == 1 and not game.capture_required():
                if walk(left - 1):
                    return True
            game.pop()
        return False

    assert walk(plies), "no quiet walk of that length"


def king_moves_only(game: DraughtsGame, move: Move) -> bool:
    piece = game.piece_at(move.start)
    return piece is not None and piece.kind is PieceKind.KING


def texts(game: Game) -> list[str]:
    return sorted(game.move_text(m) for m in game.legal_moves())


# --- perft ----------------------------------------------------------------------------------

@pytest.mark.parametrize("fen,counts", PERFT.items(), ids=lambda v: str(v)[:24])
def test_perft_published(fen: str, counts: list[int]) -> None:
    game = International.from_fen(fen)
    assert [game.perft(depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("fen,depth", [(START, 4), (START, 3),
                                       ("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,"
                                        "43,44,46", 3)])
def test_perft_through_push_and_pop_agrees(fen: str, depth: int) -> None:
    """The generic perft walks Move objects with push/pop: it must agree with the fast one."""
    game = International.from_fen(fen)
    assert Game.perft(game, depth) == PERFT[fen][depth - 1]
    assert game.fen() == International.from_fen(fen).fen()


def test_registry_and_start() -> None:
    cls = find_variant("international")
    assert cls is International
    game = cls.new()
    assert game.fen() == International.from_fen(START).fen()
    assert game.turn is Color.WHITE
    assert texts(game) == ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29",
                           "34-30", "35-30"]
    assert game.geometry.coord(46) == (0, 0)
    assert game.geometry.coord(5) == (9, 9)
    assert game.geometry.coord(1) == (1, 9)


# --- captures ---------------------------------------------------------------------------------

def test_capture_is_compulsory() -> None:
    game = International.from_fen("W:W32,45:B27")
    assert game.capture_required()
    assert texts(game) == ["32x21"]


def test_men_capture_backwards() -> None:
    game = International.from_fen("W:W22:B28")
    assert texts(game) == ["22x33"]


def test_majority_rule_men() -> None:
    """One capture takes one man, the other two: only the longer is legal."""
    game = International.from_fen("W:W32:B27,28,19")
    (move,) = game.legal_moves()
    assert (move.start, move.path, move.captured) == (32, (23, 14), (28, 19))


def test_majority_rule_counts_a_king_like_a_man() -> None:
    """Taking a king (one piece) does not outweigh taking two men."""
    game = International.from_fen("W:W32:BK27,28,19")
    assert [m.captured for m in game.legal_moves()] == [(28, 19)]


def test_majority_rule_king_against_man() -> None:
    """A king's two-piece capture beats a man's one-piece capture; landings stay free."""
    game = International.from_fen("W:WK46,45:B37,19,40")
    moves = game.legal_moves()
    assert {m.end for m in moves} == {14, 10, 5}
    assert all(m.start == 46 and m.captured == (37, 19) for m in moves)


def test_equal_majorities_leave_the_choice_free() -> None:
    game = International.from_fen("W:W32,34:B27,29")
    assert texts(game) == ["32x21", "34x23"]


def test_turkish_strike_captured_piece_blocks() -> None:
    """The king takes 28, 24, 34 and would reach 17 only by jumping 28 a second time."""
    game = International.from_fen("W:WK37:B28,24,34,17")
    moves = game.legal_moves()
    assert moves and all(m.captured == (28, 24, 34) for m in moves)
    assert {m.end for m in moves} == {39, 43, 48}


def test_turkish_strike_no_jumping_back_over_a_captured_piece() -> None:
    """After taking 28 the king may not fly back over it to take 41 as well."""
    game = International.from_fen("W:WK37:B28,41")
    assert all(len(m.captured) == 1 for m in game.legal_moves())
    assert {m.captured for m in game.legal_moves()} == {(28,), (41,)}


def test_king_lands_freely_beyond_the_captured_piece() -> None:
    game = International.from_fen("W:WK46:B37")
    assert {m.end for m in game.legal_moves()} == {32, 28, 23, 19, 14, 10, 5}


def test_king_must_land_where_the_capture_continues() -> None:
    # after 37 only the landing 28 goes on (taking 33)
    game = International.from_fen("W:WK46:B37,33")
    moves = game.legal_moves()
    assert {m.path for m in moves} == {(28, 39), (28, 44), (28, 50)}


def test_king_captures_at_a_distance() -> None:
    game = International.from_fen("W:WK46:B23")
    assert {m.end for m in game.legal_moves()} == {19, 14, 10, 5}


def test_man_passing_the_far_row_mid_capture_stays_a_man() -> None:
    """11x2x13: the man touches the far row on 2 but must capture on, so it is no king."""
    game = International.from_fen("W:W11:B7,8,14")
    (move,) = game.legal_moves()
    assert move.path == (2, 13) and not move.promotes
    game.push(move)
    piece = game.piece_at(13)
    assert piece is not None and piece.kind is PieceKind.MAN


def test_man_ending_on_the_far_row_promotes() -> None:
    game = International.from_fen("W:W12:B8,45")
    (move,) = game.legal_moves()
    assert move.end == 3 and move.promotes
    game.push(move)
    assert game.piece_at(3) is not None and game.piece_at(3).kind is PieceKind.KING  # type: ignore[union-attr]


def test_quiet_move_to_the_far_row_promotes() -> None:
    game = International.from_fen("W:W7:B45")
    assert all(m.promotes for m in game.legal_moves())


def test_same_start_and_end_different_captured_pieces_are_two_moves() -> None:
    game = International.from_fen("W:WK36:B22,24,29,43")
    moves = game.legal_moves()
    assert [(m.start, m.end) for m in moves] == [(36, 48), (36, 48)]
    assert {frozenset(m.captured) for m in moves} == {frozenset({22, 29, 43}),
                                                       frozenset({22, 24, 43})}
    # PDN writes the landing squares when start and end do not tell the moves apart
    assert texts(game) == ["36x13x30x48", "36x18x34x48"]
    with pytest.raises(AmbiguousMoveError) as caught:
        game.parse_move("36x48")
    assert len(caught.value.candidates) == 2
    assert game.parse_move("36x18x34x48").captured == (22, 29, 43)


def test_same_captured_set_by_two_routes_is_one_move() -> None:
    """A man's round trip 37x28x39x48x37... either way round takes the same four men."""
    game = International.from_fen("W:W37:B32,33,42,43")
    (move,) = game.legal_moves()
    assert move.start == move.end == 37
    assert set(move.captured) == {32, 33, 42, 43}


def test_no_moves_loses() -> None:
    game = International.from_fen("W:W46:B41,37")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert outcome.winner is Color.BLACK
    assert game.legal_moves() == []


def test_no_pieces_loses() -> None:
    game = International.from_fen("B:W31:B")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE


# --- draw rules ---------------------------------------------------------------------------

def test_king_against_king_is_drawn_at_once() -> None:
    game = International.from_fen("W:WK46:BK5")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KING_VS_KING
    assert outcome.limit == 0  # moves the rule allowed
    assert outcome.is_draw and game.legal_moves() == []
    assert International.from_fen("W:WK46:BK5", tournament_draws=False).outcome() is None


def test_king_against_king_is_not_drawn_while_the_side_to_move_can_take_the_other() -> None:
    game = International.from_fen("W:WK46:BK37")
    assert game.outcome() is None
    assert all(m.captured == (37,) for m in game.legal_moves())
    game.push(game.legal_moves()[0])
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE
    assert outcome.termination is Termination.NO_MOVES


def test_king_against_king_after_a_capture() -> None:
    game = International.from_fen("W:WK46:BK3,37")
    game.push(game.legal_moves()[0])
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KING_VS_KING
    assert outcome.limit == 0  # moves the rule allowed


def test_25_king_moves_each_draw_exactly_at_the_50th_ply() -> None:
    game = International.from_fen("W:WK46,K50:BK1,K5")
    wander(game, 49)
    assert game.outcome() is None
    wander(game, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KINGS_ONLY_MOVES
    assert outcome.limit == 25  # moves the rule allowed
    game.pop()
    assert game.outcome() is None


def test_a_man_move_resets_the_king_move_count() -> None:
    game = International.from_fen("W:WK47,K49,45:BK2,K4,6")
    # 30 plies of kings, then a man of each side
    wander(game, 32, lambda g, m: king_moves_only(g, m) == (len(g.move_stack) < 30))
    wander(game, 48, king_moves_only)
    assert game.outcome() is None
    assert game.draw_counters()[0].termination is KINGS_ONLY_MOVES
    assert game.draw_counters()[0].count == 24


def test_16_move_rule_three_kings_against_one() -> None:
    game = International.from_fen("W:WK47,K48,K49:BK3")
    wander(game, 31)
    assert game.outcome() is None
    wander(game, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is ENDGAME_16_MOVES
    assert outcome.limit == 16  # moves the rule allowed


@pytest.mark.parametrize("fen", ["W:WK47,35:BK3", "W:WK47,K49:BK3"])
def test_5_move_rule(fen: str) -> None:
    game = International.from_fen(fen)
    wander(game, 9)
    assert game.outcome() is None
    counters = game.draw_counters()
    assert [(c.termination, c.count, c.limit) for c in counters if c.limit == 5] == [
        (ENDGAME_5_MOVES, 4, 5)]
    wander(game, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is ENDGAME_5_MOVES
    assert outcome.limit == 5  # moves the rule allowed


def test_5_move_rule_counts_from_when_the_balance_arose() -> None:
    # White takes 28 on the first move: two kings against one from then on
    game = International.from_fen("W:WK46,K50:BK1,37")
    game.push(game.find_move(46, 32))
    assert game.outcome() is None
    wander(game, 9)
    assert game.outcome() is None
    wander(game, 1)
    assert game.outcome() is not None


def test_draw_rules_switched_off() -> None:
    game = International.from_fen("W:WK47,K49:BK3", tournament_draws=False)
    wander(game, 12)
    assert game.outcome() is None
    assert game.draw_counters() == []


def test_threefold_repetition() -> None:
    game = International.from_fen("W:WK46,K50:BK1,K5")
    for start, end in [(50, 45), (1, 6), (45, 50), (6, 1), (50, 45), (1, 6), (45, 50)]:
        game.push(game.find_move(start, end))
    assert game.outcome() is None
    game.push(game.find_move(6, 1))  # the start position for the third time
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.THREEFOLD_REPETITION
    assert game.repetitions() == 3


# --- options, resignation, agreement --------------------------------------------------------

def test_unknown_option_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        International.new(colour="red")
    with pytest.raises(ValueError):
        International.new(move_limit=0)


def test_move_limit_adjudicates_by_pieces_then_kings() -> None:
    game = International.from_fen("W:WK47,K49:BK3", move_limit=2, tournament_draws=False)
    wander(game, 3)
    assert game.outcome() is None
    wander(game, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.MOVE_LIMIT
    assert outcome.winner is Color.WHITE and outcome.counts == (2, 1)
    even = International.from_fen("W:WK49,40:BK3,11", move_limit=1, tournament_draws=False)
    wander(even, 2, king_moves_only)
    outcome = even.outcome()
    assert outcome is not None and outcome.termination is Termination.MOVE_LIMIT
    assert outcome.winner is None and outcome.counts == (2, 2)


def test_resignation_and_pop() -> None:
    game = International.new()
    game.push(game.legal_moves()[0])
    game.resign(Color.BLACK)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert outcome.winner is Color.WHITE and outcome.result() == "2-0"
    assert game.legal_moves() == []
    with pytest.raises(GameOverError):
        game.play(Move(19, (23,)))
    game.pop()
    assert game.outcome() is None and len(game.legal_moves()) == 9


def test_draw_offers_only_after_40_moves_when_asked() -> None:
    game = International.from_fen("W:WK46,K50:BK1,K5", draw_offer_after=40,
                                  tournament_draws=False)
    assert not game.can_offer_draw()
    with pytest.raises(RulesError):
        game.agree_draw()
    free = International.new()
    assert free.can_offer_draw()
    free.agree_draw()
    outcome = free.outcome()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT
    free.withdraw_end()
    assert free.outcome() is None


def test_play_checks_legality() -> None:
    game = International.new()
    with pytest.raises(IllegalMoveError):
        game.play(Move(32, (27, 21)))
    game.play(game.parse_move("32-28"))
    assert game.move_stack == (Move(32, (28,)),)
    assert game.turn is Color.BLACK


def test_copy_is_independent() -> None:
    game = International.new()
    game.push(game.parse_move("32-28"))
    twin = game.copy()
    twin.push(twin.parse_move("19-23"))
    assert len(game.move_stack) == 1 and len(twin.move_stack) == 2
    assert twin.fen() != game.fen()
