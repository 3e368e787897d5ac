"""Italian draughts: the turned board and its numbering, the first moves, perft, each capture
rule in a hand-made position, why a click is refused, a line from an Italian magazine, PDN,
and random games checked against an independent reference written from the federation's
rules (tests/rules/italian_reference.py)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import (
    Color,
    IllegalMoveError,
    Piece,
    PieceKind,
    Refusal,
    Termination,
    find_variant,
)
from game.rules.draughts import DraughtsGame
from game.rules.italian import MAN_TAKES_KING, QUALITY, Italian
from game.rules.movegen import CAPTURE_SHIFT, END_SHIFT, SQUARE
from game.rules.pdn import read_pdn, write_pdn
from tests.rules import italian_reference as ref
from tests.rules.italian_positions import (
    compared_positions,
    game_moves,
    game_routes,
    random_position,
    reference_board,
    side_of,
)


def texts(game: DraughtsGame) -> list[str]:
    return [game.move_text(m) for m in game.legal_moves()]


def play_line(game: DraughtsGame, line: str) -> int:
    """Play the moves of ``line`` (start and end written, as magazines do); the number
    played before the first that is not legal."""
    for played, text in enumerate(line.split()):
        try:
            game.play(game.parse_move(text))
        except IllegalMoveError:
            return played
    return len(line.split())


# --- the board ---------------------------------------------------------------------------
def test_the_board_is_turned_and_numbered_from_blacks_left_corner() -> None:
    geometry = Italian.new().geometry
    # a8, top left as White sees it, is dark and square 1; a1, at White's left hand, light
    assert geometry.coord(1) == (0, 7) and geometry.coord(4) == (6, 7)
    assert geometry.coord(5) == (1, 6) and geometry.coord(32) == (7, 0)
    assert geometry.square_at(0, 0) is None and geometry.square_at(7, 0) == 32
    # every square where the reference, worked out from the rules text, puts it
    assert [geometry.coord(n) for n in range(1, 33)] == [ref.coord(n) for n in range(1, 33)]


def test_the_start_white_on_21_to_32_black_on_1_to_12_white_first() -> None:
    game = Italian.new()
    assert game.turn is Color.WHITE
    assert {s for s, p in game.pieces() if p.color is Color.WHITE} == set(range(21, 33))
    assert {s for s, p in game.pieces() if p.color is Color.BLACK} == set(range(1, 13))
    assert reference_board(game) == ref.start_board()


def test_the_seven_first_moves() -> None:
    assert texts(Italian.new()) == ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20",
                                    "24-20"]


def test_perft_from_the_start() -> None:
    # Our counts; all six were also counted by the outside library pydraughts 0.6.7
    # (Board(variant="italian"): benchmarks/italian_reference.py --pydraughts --depth 6,
    # about four minutes), and are counted here again by the independent reference
    counts = [7, 49, 302, 1469, 7361, 36473]
    game = Italian.new()
    assert [game.perft(d) for d in range(1, 7)] == counts
    assert ref.perft(ref.start_board(), "W", 6) == counts[-1]


# --- the rules, one position each ---------------------------------------------------------
def test_a_man_may_not_take_a_king_but_a_king_may() -> None:
    man = Italian.from_fen("W:W22:BK18,1")
    assert texts(man) == ["22-19"], "the king on 18 stands in the man's way, untaken"
    assert man.why_not(22, [13]) is MAN_TAKES_KING
    assert texts(Italian.from_fen("W:W22:B18,1")) == ["22x13"], "a man it takes"
    assert texts(Italian.from_fen("W:WK22:BK18,1")) == ["22x13"], "a king takes a king"


def test_men_capture_forward_only() -> None:
    white = Italian.from_fen("W:W22:B26,1")  # a black man behind the white one
    assert texts(white) == ["22-18", "22-19"]
    black = Italian.from_fen("B:W22,17:B18")  # Black's forward is down the board
    assert texts(black) == ["18x27"]


def test_the_most_pieces_before_anything_else() -> None:
    game = Italian.from_fen("W:W22,K24:B18,10,20")
    assert texts(game) == ["22x6"], "the man takes two, the king only one"
    assert game.why_not(24) is Refusal.MOST


def test_a_kings_capture_before_a_mans_of_as_many_pieces() -> None:
    game = Italian.from_fen("W:W22,K24:B18,20")
    assert texts(game) == ["24x15"]
    assert game.why_not(22) is QUALITY


def test_the_capture_taking_the_most_kings() -> None:
    game = Italian.from_fen("W:WK22:B18,K19")
    assert texts(game) == ["22x15"]
    assert game.why_not(22, [13]) is QUALITY


def test_the_capture_meeting_a_king_first() -> None:
    # two pieces and one king either way: over the king on 19 first, or over the man on 18
    game = Italian.from_fen("W:WK22:B18,K10,K19,12")
    (move,) = game.legal_moves()
    assert move.captured == (19, 12) and game.move_text(move) == "22x8"
    assert game.why_not(22, [13]) is QUALITY


def test_the_kings_places_compared_from_the_first_to_the_last() -> None:
    # three pieces and two kings either way, both starting with the king on 19; then the
    # king on 11 second (legal) or the man on 20 second and the king on 28 third (not)
    game = Italian.from_fen("W:WK22:BK19,K11,10,20,K28")
    (move,) = game.legal_moves()
    assert move.captured == (19, 11, 10) and move.path == (15, 6, 13)
    assert game.why_not(22, [15, 24]) is QUALITY
    board = reference_board(game)
    assert ref.legal_moves(board, "W") == game_moves(game)
    # comparing the first king's place alone would leave both
    assert len(ref.legal_moves(board, "W", first_king_only=True)) == 2


def test_a_man_crowned_by_a_capture_stops_there() -> None:
    # from 3 a king would go on over 7; the new king waits for the next move
    game = Italian.from_fen("W:W10:B6,7")
    (move,) = game.legal_moves()
    assert move.captured == (6,) and move.end == 3 and move.promotes
    game.play(move)
    assert game.piece_at(7) is not None, "the man on 7 is still there"
    assert game.piece_at(3) == Piece(Color.WHITE, PieceKind.KING)


def test_a_man_steps_onto_the_far_row_and_is_crowned() -> None:
    game = Italian.from_fen("W:W5:B12")
    assert {(game.move_text(m), m.promotes) for m in game.legal_moves()} == \
        {("5-1", True), ("5-2", True)}


def test_a_king_steps_one_square_only() -> None:
    game = Italian.from_fen("W:WK22:B1")
    assert sorted(m.end for m in game.legal_moves()) == [18, 19, 26, 27]
    with pytest.raises(IllegalMoveError):
        game.parse_move("22-15")


def test_a_piece_is_taken_once_and_removed_after_the_move() -> None:
    # the king can go round the square of four black men but takes each once
    game = Italian.from_fen("W:WK22:B18,19,10,11")
    for move in game.legal_moves():
        assert len(set(move.captured)) == len(move.captured)
    assert ref.legal_moves(reference_board(game), "W") == game_moves(game)


def test_the_side_that_cannot_move_loses() -> None:
    game = Italian.from_fen("W:W29:B25,26,22")
    assert game.legal_moves() == []
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.BLACK


def test_the_third_repetition_draws() -> None:
    game = Italian.from_fen("W:WK32:BK1")
    for _ in range(2):
        for text in ("32-28", "1-5", "28-32", "5-1"):
            assert game.outcome() is None
            game.play(game.parse_move(text))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.termination is Termination.THREEFOLD_REPETITION


def test_the_diagrams_show_what_they_say() -> None:
    for name, spec in Italian.diagrams.items():
        game = Italian.new() if spec.fen is None else Italian.from_fen(spec.fen)
        assert spec.move in texts(game), name
        assert spec.refused is not None and spec.refused not in texts(game), name


# --- a real line ------------------------------------------------------------------------
MAGAZINE_LINE = ("21-17 12-16 26-21 10-14 22-19 14-18 29-26 8-12 24-20 6-11 19-15 12x19 "
                 "23x14 16x20 28x19 2-6 32-28 6-10 28-24 4-8 24-20 8-12")


def test_the_magazine_line_as_given_skips_a_forced_capture() -> None:
    # after 14-18 White must take 21x14: 29-26, the seventh move as written, is refused
    # (by the reference too). The magazine's exchange 21x14 11x18 was left out.
    game = Italian.new()
    assert play_line(game, MAGAZINE_LINE) == 6
    assert texts(game) == ["21x14"]
    assert ref.legal_moves(reference_board(game), "W") == game_moves(game)


def test_the_magazine_line_with_its_exchange_plays_through() -> None:
    # the exchange put back, and 16x23 for 16x20 (28x19 takes the man that landed on 23)
    line = MAGAZINE_LINE.replace("14-18 ", "14-18 21x14 11x18 ").replace("16x20", "16x23")
    game = Italian.new()
    assert play_line(game, line) == 24
    # where the reference, replaying the same line, ends too: nine men each, White to move
    assert game.fen() == "W:W14,17,19,20,25,26,27,30,31:B1,3,5,7,9,10,11,12,18"


# --- PDN ----------------------------------------------------------------------------------
def test_pdn_game_type_22_reads_back_as_italian() -> None:
    game = Italian.new()
    rng = random.Random(22)
    for _ in range(40):
        if game.outcome() is not None:
            break
        game.push(rng.choice(game.legal_moves()))
    text = write_pdn(game)
    assert '[GameType "22"]' in text
    (back,) = read_pdn(text)
    assert back.variant == "italian" and back.game().fen() == game.fen()
    (written,) = read_pdn('[GameType "22"]\n1. 21-17 12-16 2. 26-21 10-14 *')
    assert written.variant == "italian" and len(written.moves) == 4
    assert find_variant("italian") is Italian and Italian.game_type == 22


# --- the search's move codes --------------------------------------------------------------
def test_the_searchs_capture_codes_are_the_captures() -> None:
    quality_decided = 0
    rng = random.Random(19)
    for _ in range(600):
        game = random_position(rng)
        gen, t = game._generator, game._tables
        wm, wk, bm, bk = game.bitboards()
        for white, sides in ((True, (wm, wk, bm, bk)), (False, (bm, bk, wm, wk))):
            caps = gen.captures(*sides, white)
            codes = gen.capture_codes(*sides, white)
            assert sorted((c & SQUARE, c >> END_SHIFT & SQUARE,
                           (c >> CAPTURE_SHIFT & t.capture_field) << t.capture_low,
                           bool(c & t.promote_flag)) for c in codes) == \
                sorted((start, path[-1], mask, promotes)
                       for start, path, _, mask, promotes in caps)
            board, side = reference_board(game), "W" if white else "B"
            quality_decided += ref.legal_moves(board, side) != ref.legal_moves(
                board, side, quality=False)
    assert quality_decided > 20, "positions where the quality rules chose were met"


# --- random positions and games against the reference --------------------------------------
def test_legal_moves_equal_the_reference_on_random_positions() -> None:
    # benchmarks/italian_reference.py runs thousands more
    for game, ours, reference in compared_positions(seed=22, count=600):
        assert ours == reference, game.fen()
        assert game_routes(game) <= set(ref.legal_captures(reference_board(game),
                                                           side_of(game))), game.fen()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    game = Italian.new()
    while game.outcome() is None and len(game.move_stack) < 200:
        moves = game.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        board = reference_board(game)
        assert game_moves(game) == ref.legal_moves(board, side_of(game)), game.fen()
        assert game_routes(game) <= set(ref.legal_captures(board, side_of(game)))
        move = rng.choice(moves)
        before = game.fen()
        game.push(move)
        game.pop()
        assert game.fen() == before
        game.push(move)
    outcome = game.outcome()
    if outcome is not None and outcome.termination is Termination.NO_MOVES:
        assert not ref.legal_moves(reference_board(game), side_of(game))
