"""Turkish draughts: the rules in positions a player would recognise, the move counts against a
Dama engine's published figures, and the moves against the tests' own generator
(tests/rules/turkish_reference.py) in random positions and random games."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import turkish_moves
from game.rules.core import Color, Game, IllegalMoveError, Piece, PieceKind, Refusal, Termination
from game.rules.draughts import KINGS_ONLY_MOVES
from game.rules.turkish import KING_VS_KING, KING_VS_MAN, MAN_BACK
from game.rules.turkish import Turkish
from tests.rules import turkish_reference as reference

#: perft from the start by kish 1.1.7 (a Rust Dama engine, examples/perft.rs), which counts
#: two routes to the same captures as two moves
KISH_PERFT = (8, 64, 708, 7_538, 85_090, 931_312, 10_782_382)
#: the rules' own count: one move per start, end and captured set (the project's draughts
#: convention); the first difference from kish is at depth 7, 74 leaves
RULES_PERFT = (8, 64, 708, 7_538, 85_090, 931_312, 10_782_308)


def square(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0]) + 1


def texts(game: Game) -> list[str]:
    return sorted(game.move_text(m) for m in game.legal_moves())


def test_the_start_has_sixteen_men_a_side_on_rows_two_and_three_and_six_and_seven() -> None:
    game = Turkish.new()
    white = {game.geometry.name(s) for s, p in game.pieces() if p.color is Color.WHITE}
    black = {game.geometry.name(s) for s, p in game.pieces() if p.color is Color.BLACK}
    assert white == {f"{c}{r}" for c in "abcdefgh" for r in "23"}
    assert black == {f"{c}{r}" for c in "abcdefgh" for r in "67"}
    assert game.turn is Color.WHITE
    assert texts(game) == [f"{c}3-{c}4" for c in "abcdefgh"]


@pytest.mark.parametrize("depth", range(1, 6))
def test_perft_from_the_start_matches_the_published_counts(depth: int) -> None:
    game = Turkish.new()
    assert game.perft(depth) == RULES_PERFT[depth - 1]
    white, black = game.bitboards()[0], game.bitboards()[2]
    assert turkish_moves.route_perft(white, 0, black, 0, True, depth) == KISH_PERFT[depth - 1]


def test_perft_by_the_reference_generator() -> None:
    assert reference.perft(reference.start(), "W", 4) == RULES_PERFT[3]


def test_a_man_moves_forward_and_sideways_never_back() -> None:
    game = Turkish.from_fen("W:Wd4:Ba8")
    assert texts(game) == ["d4-c4", "d4-d5", "d4-e4"]
    game = Turkish.from_fen("B:Wa1:Bd4")
    assert texts(game) == ["d4-c4", "d4-d3", "d4-e4"]
    assert game.why_not(square("d4"), (square("d5"),)) is MAN_BACK


def test_a_man_captures_forward_and_sideways_but_not_back() -> None:
    game = Turkish.from_fen("W:Wd4:Bd3,c4,d5")
    assert texts(game) == ["d4xb4", "d4xd6"]
    assert all(m.is_capture for m in game.legal_moves())


def test_capturing_is_compulsory_and_the_most_pieces_must_be_taken() -> None:
    # d4 can take one (e4); b2 can take two (b3, b5) and must
    game = Turkish.from_fen("W:Wd4,b2:Be4,b3,b5,h8")
    assert texts(game) == ["b2xb4xb6"]
    assert game.capture_required()
    assert {game.move_text(m) for m in game.outranked_captures()} == {"d4xf4"}
    assert game.why_not(square("d4")) is Refusal.MOST


def test_a_king_counts_as_one_piece_in_the_majority() -> None:
    # taking the king alone (one piece) loses to taking two men
    game = Turkish.from_fen("W:Wa1,h1:BKa2,h2,h4")
    assert texts(game) == ["h1xh3xh5"]


def test_captured_pieces_leave_at_once_so_their_squares_are_free() -> None:
    # the king takes c3, e5, c7 and b5, and then goes along row 3 again, through the square
    # c3 was taken from, to take g3: only a piece lifted at once leaves that way open
    game = Turkish.from_fen("W:WKa3:Bc3,e5,c7,b5,g3")
    assert texts(game) == ["a3xe3xe7xb7xb3xh3"]
    assert len(game.legal_moves()[0].captured) == 5


def test_a_king_may_not_turn_straight_back() -> None:
    # having taken d5 going up, the king may not come straight back down over its start to
    # take d2 as well (that would take two): each capture alone is a move
    game = Turkish.from_fen("W:WKd3:Bd5,d2,h8")
    assert texts(game) == ["d3xd1", "d3xd6", "d3xd7", "d3xd8"]


def test_two_routes_to_the_same_captures_are_one_move() -> None:
    # after c4 the king may land on d4 or e4 before it takes f4: one move, the first route
    game = Turkish.from_fen("W:WKa4:Bc4,f4,h8")
    assert texts(game) == ["a4xd4xg4", "a4xd4xh4"]
    assert game.parse_move("a4xe4xg4") == game.parse_move("a4xd4xg4")


def test_a_kings_loop_may_end_where_it_began() -> None:
    game = Turkish.from_fen("W:WKa1:Ba3,c5,e3,Kc1,h8")
    moves = game.legal_moves()
    assert all(len(m.captured) == 4 for m in moves)
    assert square("a1") in {m.end for m in moves}
    game.push(next(m for m in moves if m.end == square("a1")))
    assert game.piece_at(square("a1")) == Piece(Color.WHITE, PieceKind.KING)
    assert [game.geometry.name(s) for s, p in game.pieces() if p.color is Color.BLACK] == ["h8"]


def test_a_man_reaching_the_far_row_mid_capture_goes_on_as_a_man() -> None:
    # d6 takes d7 to reach d8, then goes on sideways over e8; it does not go on down the
    # f-file over f4 as a king would
    game = Turkish.from_fen("W:Wd6:Bd7,e8,f4,h2")
    assert texts(game) == ["d6xd8xf8"]
    move = game.legal_moves()[0]
    assert move.promotes
    game.push(move)
    assert game.piece_at(square("f8")) == Piece(Color.WHITE, PieceKind.KING)


def test_a_man_crowns_on_the_far_row() -> None:
    game = Turkish.from_fen("W:Wc7:Ba2")
    move = game.find_move(square("c7"), square("c8"))
    assert move.promotes
    game.push(move)
    assert game.piece_at(square("c8")) == Piece(Color.WHITE, PieceKind.KING)


def test_no_man_on_its_crowning_row_and_at_most_sixteen_a_side() -> None:
    with pytest.raises(Exception):
        Turkish.from_fen("W:Wa8:Ba1")
    with pytest.raises(Exception):
        Turkish.from_fen("W:W" + ",".join(f"{c}{r}" for c in "abcdefgh" for r in "234")
                         + ":Ba8")


def test_a_side_without_moves_loses() -> None:
    # Black's men move down or sideways: on a2 with White on a1, b2 and c2 it can neither
    # step nor jump (b2 has c2 behind it)
    assert Turkish.from_fen("B:Wa1,b2:Ba2").outcome() is None
    blocked = Turkish.from_fen("B:Wa1,b2,c2:Ba2")
    outcome = blocked.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert outcome.winner is Color.WHITE


def test_a_lone_king_against_a_lone_man_wins() -> None:
    game = Turkish.from_fen("B:WKa1:Bd5")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KING_VS_MAN
    assert outcome.winner is Color.WHITE
    # unless the man's side is to move and can take the king
    game = Turkish.from_fen("B:WKd4:Bd5")
    assert game.outcome() is None
    assert texts(game) == ["d5xd3"]


def test_a_lone_king_each_is_a_draw_at_once_unless_one_can_capture() -> None:
    game = Turkish.from_fen("W:WKa1:BKh8")
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KING_VS_KING
    assert outcome.is_draw
    assert Turkish.from_fen("W:WKa1:BKa5").outcome() is None
    assert Turkish.from_fen("W:WKa1:BKh8", tournament_draws=False).outcome() is None


def test_the_same_position_a_third_time_is_a_draw() -> None:
    game = Turkish.from_fen("W:WKa1,Kb1:BKh8,Kh7")
    shuffle = [("a1", "a2"), ("h8", "g8"), ("a2", "a1"), ("g8", "h8")]
    plies = 0
    while game.outcome() is None:
        start, end = shuffle[plies % 4]
        game.push(game.find_move(square(start), square(end)))
        plies += 1
    outcome = game.outcome()
    assert outcome is not None
    # the same position comes back first: a third time after eight plies
    assert outcome.termination is Termination.THREEFOLD_REPETITION


def test_twenty_five_moves_each_with_kings_only_draw() -> None:
    # White's king goes round a loop of six moves and Black's round one of five, so no
    # position comes a third time before the 50th ply; c2 and f7 stand still
    white = ["a1", "a2", "a3", "b3", "b2", "b1"]
    black = ["h8", "h6", "g6", "g7", "g8"]
    game = Turkish.from_fen("W:WKa1,Kc2:BKh8,Kf7")
    for ply in range(50):
        assert game.outcome() is None, ply
        loop = white if ply % 2 == 0 else black
        i = ply // 2
        game.push(game.find_move(square(loop[i % len(loop)]), square(loop[(i + 1) % len(loop)])))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KINGS_ONLY_MOVES
    assert outcome.is_draw and outcome.limit == 25
    # with the draw rules switched off no count runs
    assert Turkish.from_fen("W:WKa1,Kc2:BKh8,Kf7", tournament_draws=False).draw_counters() == []


def test_notation_reads_steps_captures_and_routes() -> None:
    game = Turkish.new()
    move = game.parse_move("d3-d4")
    assert (move.start, move.end) == (square("d3"), square("d4"))
    with pytest.raises(IllegalMoveError):
        game.parse_move("d3-e4")
    game = Turkish.from_fen("W:Wc4:Bc5,d6,f6")
    assert game.parse_move("c4xg6") == game.legal_moves()[0]
    assert game.parse_move("c4xc6xe6xg6") == game.legal_moves()[0]
    assert Turkish.from_fen(game.fen()).fen() == game.fen()


# --- against the reference generator ----------------------------------------------------

def random_board(rng: random.Random) -> reference.Board:
    """Up to 24 pieces anywhere, a third of them kings (a man on its far row is a king)."""
    board: reference.Board = {}
    count = rng.randint(2, 24)
    cells = rng.sample([(c, r) for c in range(8) for r in range(8)], count)
    for i, (column, row) in enumerate(cells):
        colour = "W" if i % 2 == 0 else "B"
        king = rng.random() < 0.3 or row == reference.far_row(colour)
        board[(column, row)] = (colour, king)
    return board


def fen_of(board: reference.Board, colour: str) -> str:
    def side(who: str) -> str:
        return ",".join(("K" if king else "") + "abcdefgh"[c] + str(r + 1)
                        for (c, r), (owner, king) in sorted(board.items()) if owner == who)
    return f"{colour}:W{side('W')}:B{side('B')}"


def engine_moves(game: Game) -> set[reference.Move]:
    def cell(n: int) -> reference.Square:
        return (n - 1) % 8, (n - 1) // 8
    return {(cell(m.start), cell(m.end), frozenset(cell(s) for s in m.captured), m.promotes)
            for m in game.perft_moves()}


def test_moves_equal_the_reference_in_random_positions() -> None:
    """400 positions here; ``benchmarks/turkish_reference.py`` runs 10 000 and more."""
    rng = random.Random(36)
    captures = 0
    for _ in range(400):
        board = random_board(rng)
        colour = rng.choice("WB")
        game = Turkish.from_fen(fen_of(board, colour), tournament_draws=False)
        expected = reference.moves(board, colour)
        assert engine_moves(game) == expected, fen_of(board, colour)
        captures += any(m[2] for m in expected)
    assert captures > 100  # the captures were tried, not only quiet moves


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_to_the_reference_and_push_pop_restores(seed: int) -> None:
    rng = random.Random(seed)
    game = Turkish.new()
    board = reference.start()
    colour = "W"
    fens = []
    while game.outcome() is None and len(game.move_stack) < 160:
        assert engine_moves(game) == reference.moves(board, colour)
        assert game.fen() == Turkish.from_fen(fen_of(board, colour)).fen()
        fens.append(game.fen())
        move = rng.choice(game.legal_moves())
        cell = ((move.start - 1) % 8, (move.start - 1) // 8)
        board = reference.play(board, colour, next(
            m for m in reference.moves(board, colour)
            if m[0] == cell and m[1] == ((move.end - 1) % 8, (move.end - 1) // 8)
            and m[2] == frozenset(((s - 1) % 8, (s - 1) // 8) for s in move.captured)))
        colour = "B" if colour == "W" else "W"
        game.push(move)
    while game.move_stack:
        game.pop()
        assert game.fen() == fens.pop()
    assert game.fen() == Turkish.new().fen()


# --- files -----------------------------------------------------------------------------

def test_a_game_goes_through_pdn_and_a_saved_record_unchanged() -> None:
    from game.play.board_play import BoardPlay
    from game.play.board_record import board_from_record, record_of_board
    from game.rules.pdn import read_pdn, write_pdn

    rng = random.Random(11)
    game = Turkish.new()
    while len(game.move_stack) < 60 and game.outcome() is None:
        game.push(rng.choice(game.legal_moves()))
    text = write_pdn(game)
    assert '[GameType "30"]' in text
    back = read_pdn(text)[0]
    assert back.variant == "turkish"
    assert back.game().fen() == game.fen()
    # a file without its GameType tag, read as Turkish draughts when the reader says so
    bare = "\n".join(line for line in text.splitlines() if "GameType" not in line)
    assert read_pdn(bare, "turkish")[0].game().fen() == game.fen()

    play = BoardPlay("turkish")
    for move in game.move_stack:
        play.play(move)
    restored = board_from_record(record_of_board(play))
    assert restored.game.fen() == game.fen()
    assert list(restored.game.move_stack) == list(game.move_stack)
