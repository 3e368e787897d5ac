"""English, Brazilian and the two giveaway games: perft against published counts, the rules
that set each apart as set-up positions, random games against the shared invariants, PDN.

Published perft from the start position:
- English: Aart Bik, "perft for 8x8 checkers", talkchess.com, 8 May 2009
  (http://www.talkchess.com/forum3/viewtopic.php?t=27814).
- Brazilian: Rein Halbersma, "Perft for all recognized draughts variants", damforum.nl,
  27 April 2010 (https://damforum.nl/bb3/viewtopic.php?p=79882).
Deeper counts are in benchmarks/perft_more.py.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Color, Piece, PieceKind, Termination, find_variant
from game.rules.brazilian import Brazilian
from game.rules.draughts import KINGS_ONLY_MOVES, DraughtsGame
from game.rules.english import English
from game.rules.giveaway import InternationalGiveaway, RussianGiveaway
from game.rules.pdn import read_pdn, write_pdn
from game.rules.russian import Russian
from tests.rules.test_draughts_properties import (
    MoveKey,
    _order,
    engine_moves,
    random_game,
    random_position,
    reference_moves,
)

NEW = [English, Brazilian, RussianGiveaway, InternationalGiveaway]


def moves_text(game: DraughtsGame) -> list[str]:
    return [game.move_text(m) for m in game.legal_moves()]


# --- perft ------------------------------------------------------------------------------
@pytest.mark.parametrize("cls, counts", [
    (English, [7, 49, 302, 1469, 7361, 36768, 179740]),  # Aart Bik 2009
    (Brazilian, [7, 49, 302, 1469, 7473, 37628, 187302]),  # Rein Halbersma 2010
    # the giveaway games move exactly as their ordinary games (the spec's Russian and
    # International counts): only who wins a finished game differs
    (RussianGiveaway, [7, 49, 302, 1469, 7482, 37986]),
    (InternationalGiveaway, [9, 81, 658, 4265, 27117]),
])
def test_perft_from_the_start_matches_the_published_counts(cls: type[DraughtsGame],
                                                           counts: list[int]) -> None:
    game = cls.new()
    assert [game.perft(depth) for depth in range(1, len(counts) + 1)] == counts


def test_perft_through_public_moves_agrees_with_the_bitboard_count() -> None:
    for cls in (English, Brazilian):
        game = cls.new()
        assert super(DraughtsGame, game).perft(4) == game.perft(4)


# --- English ----------------------------------------------------------------------------
def test_english_black_moves_first_from_squares_1_to_12() -> None:
    game = English.new()
    assert game.turn is Color.BLACK and English.first_color is Color.BLACK
    assert game.fen() == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    # the seven openings of every checkers book
    assert moves_text(game) == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    # square 1 is b8 seen from White, 4 the far right corner, 29 White's near left corner
    geometry = game.geometry
    assert [geometry.coord(s) for s in (1, 4, 5, 29, 32)] == [(1, 7), (7, 7), (0, 6), (0, 0),
                                                              (6, 0)]


def test_english_men_capture_forward_only() -> None:
    game = English.from_fen("W:W18:B22")  # a black man right behind the white one
    assert moves_text(game) == ["18-14", "18-15"]
    assert moves_text(English.from_fen("W:W18:B22,14")) == ["18x9"]
    # the same position in Russian draughts: the man takes backwards
    assert Russian.from_fen("W:Wd4:Bc3").legal_moves()[0].is_capture


def test_english_kings_step_and_jump_one_square() -> None:
    assert moves_text(English.from_fen("W:WK27:B1")) == ["27-23", "27-24", "27-31", "27-32"]
    # a black man two squares away along the diagonal is out of a short king's reach
    assert moves_text(English.from_fen("W:WK18:B9,22")) == ["18x25"]
    # backwards too, and on in any direction
    game = English.from_fen("W:WK18:B14,15,23,K30")
    assert moves_text(game) == ["18x9", "18x11", "18x27"]


def test_english_a_man_crowned_by_a_capture_ends_its_move() -> None:
    game = English.from_fen("W:W10:B7,8")  # from 3 a king could jump 8 to 12 next
    (move,) = game.legal_moves()
    assert game.move_text(move) == "10x3" and move.promotes and move.captured == (7,)
    game.push(move)
    assert game.piece_at(3) == Piece(Color.WHITE, PieceKind.KING)
    assert game.piece_at(8) == Piece(Color.BLACK)


def test_english_free_choice_of_capture_but_finish_it() -> None:
    game = English.from_fen("W:W25,28:B22,24,16")
    assert sorted((game.move_text(m), len(m.captured)) for m in game.legal_moves()) == [
        ("25x18", 1), ("28x12", 2)]


def test_english_forty_moves_each_without_a_man_move_or_capture_draws() -> None:
    assert English.kings_only_limit == 80
    game = English.from_fen("W:WK29,K32:BK1,K4")
    for text in ("29-25", "1-5", "25-22"):
        game.play(game.parse_move(text))
    (counter,) = game.draw_counters()
    assert counter.termination is KINGS_ONLY_MOVES and counter.limit == 40


def test_english_pdn_numbers_a_line_black_then_white() -> None:
    game = English.new()
    for text in ("11-15", "23-19", "8-11"):
        game.play(game.parse_move(text))
    text = write_pdn(game)
    assert '[GameType "21"]' in text and "1. 11-15 23-19 2. 8-11 *" in text
    assert "[FEN" not in text
    (read,) = read_pdn(text)
    assert read.variant == "english" and read.moves == tuple(game.move_stack)
    # a set-up position with White to move starts with White's half of line 1
    setup = English.from_fen("W:W18,22:B5,9")
    setup.play(setup.parse_move("18-14"))
    assert "1... 18-14 *" in write_pdn(setup)


# --- Brazilian --------------------------------------------------------------------------
def test_brazilian_must_take_the_most_where_russian_may_choose() -> None:
    fen = "W:Wc3,g1:Bd4,f2,d6"
    assert moves_text(Russian.from_fen(fen)) == ["c3:e5:c7", "g1:e3:c5:e7"]
    game = Brazilian.from_fen(fen)
    assert moves_text(game) == ["g1xe7"]  # three pieces, not c3's two
    assert [game.move_text(m) for m in game.outranked_captures()] == ["c3xc7"]


def test_brazilian_a_man_passing_the_far_row_stays_a_man() -> None:
    fen = "W:Wb6,a1:Bc7,e7,h8"
    (move,) = Brazilian.from_fen(fen).legal_moves()
    assert move.path[-1] != move.path[0] and not move.promotes and len(move.captured) == 2
    # in Russian draughts it is crowned on d8 and flies on as a king
    assert all(m.promotes for m in Russian.from_fen(fen).legal_moves())


def test_brazilian_kings_fly() -> None:
    assert len(Brazilian.from_fen("W:WKa1:Bh8").legal_moves()) == 6


# --- giveaway ---------------------------------------------------------------------------
@pytest.mark.parametrize("cls, fen, moves", [
    (RussianGiveaway, "W:Wc3:Be5", ("c3-d4", "e5:c3")),
    (InternationalGiveaway, "W:W32:B1,23", ("32-28", "23x32")),
])
def test_giveaway_losing_every_piece_wins(cls: type[DraughtsGame], fen: str,
                                          moves: tuple[str, ...]) -> None:
    game = cls.from_fen(fen)
    for text in moves:
        game.play(game.parse_move(text))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert outcome.winner is Color.WHITE and outcome.result() == "2-0"


def test_giveaway_a_blocked_side_wins() -> None:
    game = RussianGiveaway.from_fen("W:Wa1:Bb2,c3")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE
    assert Russian.from_fen("W:Wa1:Bb2,c3").outcome().winner is Color.BLACK  # type: ignore[union-attr]


def test_giveaway_moves_are_the_ordinary_games_moves() -> None:
    rnd = random.Random(7)
    for giveaway, ordinary in ((RussianGiveaway, Russian),
                               (InternationalGiveaway, find_variant("international"))):
        for _ in range(30):
            position = random_position(giveaway, rnd)
            other = ordinary.from_fen(position.fen())
            assert isinstance(other, DraughtsGame)
            assert engine_moves(position) == engine_moves(other)


def test_giveaway_has_no_material_draw_rules() -> None:
    fen = "W:WKa1:BKh8"  # a king each: Russian counts 5 moves to a draw
    assert Russian.from_fen(fen).draw_counters()
    assert RussianGiveaway.from_fen(fen).draw_counters() == []
    game = InternationalGiveaway.from_fen("W:WK46:BK5")  # International draws at once
    assert game.outcome() is None


def test_giveaway_move_limit_goes_to_the_side_with_fewer_pieces() -> None:
    game = InternationalGiveaway.from_fen("W:W31,32:B1", move_limit=1)
    game.play(game.parse_move("31-27"))
    game.play(game.parse_move("1-7"))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.MOVE_LIMIT
    assert outcome.winner is Color.BLACK and outcome.counts == (2, 1)


@pytest.mark.parametrize("cls", [RussianGiveaway, InternationalGiveaway], ids=lambda c: c.name)
def test_giveaway_pdn_keeps_the_variant(cls: type[DraughtsGame]) -> None:
    game, _ = random_game(cls, 3, max_plies=40)
    text = write_pdn(game)
    assert f'[Variant "{cls.pdn_variant}"]' in text
    (read,) = read_pdn(text)
    assert read.variant == cls.name and read.game().fen() == game.fen()


# --- random games against the shared invariants ------------------------------------------
def english_reference(game: DraughtsGame) -> list[MoveKey]:
    """English moves by brute force on (column, row): men forward, kings one square, a man
    crowned by a jump stops there, free choice of capture."""
    geometry = game.geometry
    me = game.turn
    board = {geometry.coord(s): p for s, p in game.pieces()}
    far = 7 if me is Color.WHITE else 0
    ahead = 1 if me is Color.WHITE else -1
    square = geometry.square_at
    found: set[MoveKey] = set()

    def jumps(start: tuple[int, int], at: tuple[int, int], king: bool,
              taken: tuple[tuple[int, int], ...]) -> None:
        went = False
        for dc in (1, -1):
            for dr in ((1, -1) if king else (ahead,)):
                over, land = (at[0] + dc, at[1] + dr), (at[0] + 2 * dc, at[1] + 2 * dr)
                victim = board.get(over)
                if (victim is None or victim.color is me or over in taken
                        or not (0 <= land[0] < 8 and 0 <= land[1] < 8)
                        or (land in board and land != start)):
                    continue
                went = True
                if not king and land[1] == far:
                    found.add((square(*start), square(*land),  # type: ignore[arg-type]
                               frozenset(square(*x) for x in taken + (over,)), True))  # type: ignore[misc]
                else:
                    jumps(start, land, king, taken + (over,))
        if not went and taken:
            found.add((square(*start), square(*at),  # type: ignore[arg-type]
                       frozenset(square(*x) for x in taken), False))  # type: ignore[misc]

    for coord, piece in board.items():
        if piece.color is me:
            jumps(coord, coord, piece.kind is PieceKind.KING, ())
    if not found:
        for (c, r), piece in board.items():
            if piece.color is not me:
                continue
            king = piece.kind is PieceKind.KING
            for dc in (1, -1):
                for dr in ((1, -1) if king else (ahead,)):
                    to = (c + dc, r + dr)
                    if 0 <= to[0] < 8 and 0 <= to[1] < 8 and to not in board:
                        found.add((square(c, r), square(*to), frozenset(),  # type: ignore[arg-type]
                                   not king and to[1] == far))
    return sorted(found, key=_order)


def reference(game: DraughtsGame) -> list[MoveKey]:
    return english_reference(game) if isinstance(game, English) else reference_moves(game)


SETTINGS = settings(max_examples=15, deadline=None)


@pytest.mark.parametrize("cls", NEW, ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_moves_match_a_plain_reference_in_random_positions(cls: type[DraughtsGame],
                                                           seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(12):
        game = random_position(cls, rnd)
        assert engine_moves(game) == reference(game), game.fen()


@pytest.mark.parametrize("cls", NEW, ids=lambda c: c.name)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(cls: type[DraughtsGame], seed: int) -> None:
    """Every game ends with an outcome; push/pop and FEN round-trip; pieces only fall; the
    moves agree with the reference along the way; PDN gives the game back."""
    game, fens = random_game(cls, seed, max_plies=600)
    outcome = game.outcome()
    assert outcome is not None and game.legal_moves() == []
    (read,) = read_pdn(write_pdn(game))
    assert read.variant == cls.name and read.moves == tuple(game.move_stack)
    assert read.result == outcome.result()
    counts = []
    for fen in reversed(fens):
        after = game.fen()
        assert cls.from_fen(after).fen() == after
        move = game.pop()
        assert game.fen() == fen
        counts.append(sum(1 for _ in game.pieces()))
        if len(counts) % 7 == 0:
            assert engine_moves(game) == reference(game), fen
    assert counts == sorted(counts)
    assert game.fen() == cls.new().fen()


def test_the_english_reference_is_sharp() -> None:
    """The English reference is not the flying one: they differ where a king could fly."""
    game = English.from_fen("W:WK18:B9,22")
    assert english_reference(game) == engine_moves(game)
    assert reference_moves(game) != engine_moves(game)
