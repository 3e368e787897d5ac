"""Property tests for both draughts variants: random games and random positions.

The move generator is checked against a slow, plain reference written here from the spec on
(column, row) coordinates, independent of the engine's bitboards.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Color, Piece, PieceKind
from game.rules.draughts import DraughtsGame
from game.rules.international import International
from game.rules.pdn import read_pdn, write_pdn
from game.rules.russian import Russian

VARIANTS = [International, Russian]
DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))

MoveKey = tuple[int, int, frozenset[int], bool]


def _order(key: MoveKey) -> tuple[int, int, list[int], bool]:
    return key[0], key[1], sorted(key[2]), key[3]


def reference_moves(game: DraughtsGame, *, turkish: bool = True) -> list[MoveKey]:
    """The legal moves by brute force: (start, end, captured set, promotes).

    ``turkish=False`` removes each captured piece at once (the wrong rule), to show that
    the tests can tell the difference.
    """
    geometry = game.geometry
    size = geometry.columns
    cls = type(game)
    me = game.turn
    board: dict[tuple[int, int], Piece] = {geometry.coord(s): p for s, p in game.pieces()}
    far = size - 1 if me is Color.WHITE else 0
    ahead = 1 if me is Color.WHITE else -1

    def inside(c: int, r: int) -> bool:
        return 0 <= c < size and 0 <= r < size

    found: list[tuple[tuple[int, int], tuple[int, int], tuple[tuple[int, int], ...], bool]] = []

    def search(start: tuple[int, int], at: tuple[int, int], king: bool,
               taken: tuple[tuple[int, int], ...], crowned: bool) -> bool:
        def free(c: int, r: int) -> bool:
            if (c, r) == start:
                return True
            if not turkish and (c, r) in taken:
                return True
            return (c, r) not in board

        any_capture = False
        for dc, dr in DIRECTIONS:
            c, r = at[0] + dc, at[1] + dr
            if king:
                while inside(c, r) and free(c, r):
                    c, r = c + dc, r + dr
            if not inside(c, r) or (c, r) in taken or (c, r) == start:
                continue
            victim_at = (c, r)
            victim = board.get(victim_at)
            if victim is None or victim.color is me:
                continue
            landings = []
            c, r = c + dc, r + dr
            while inside(c, r) and free(c, r):
                landings.append((c, r))
                if not king:
                    break
                c, r = c + dc, r + dr
            going_on, ends = False, []
            for land in landings:
                any_capture = True
                now_king = king or (cls.promote_mid_capture and land[1] == far)
                now_crowned = crowned or (now_king and not king)
                if search(start, land, now_king, taken + (victim_at,), now_crowned):
                    going_on = True
                else:
                    ends.append((land, now_crowned))
            if not going_on:
                for land, now_crowned in ends:
                    promotes = now_crowned or (not king and land[1] == far)
                    found.append((start, land, taken + (victim_at,), promotes))
        return any_capture

    for coord, piece in board.items():
        if piece.color is me:
            search(coord, coord, piece.kind is PieceKind.KING, (), False)
    square = geometry.square_at
    if found:
        if cls.majority_capture:
            most = max(len(t) for _, _, t, _ in found)
            found = [f for f in found if len(f[2]) == most]
        return sorted({(square(*s), square(*e), frozenset(square(*x) for x in t), p)  # type: ignore[misc]
                       for s, e, t, p in found}, key=_order)
    quiet: set[MoveKey] = set()
    for (c, r), piece in board.items():
        if piece.color is not me:
            continue
        for dc, dr in DIRECTIONS:
            if piece.kind is PieceKind.MAN and dr != ahead:
                continue
            cc, rr = c + dc, r + dr
            while inside(cc, rr) and (cc, rr) not in board:
                promotes = piece.kind is PieceKind.MAN and rr == far
                quiet.add((square(c, r), square(cc, rr), frozenset(), promotes))  # type: ignore[arg-type]
                if piece.kind is PieceKind.MAN:
                    break
                cc, rr = cc + dc, rr + dr
    return sorted(quiet, key=_order)


def engine_moves(game: DraughtsGame) -> list[MoveKey]:
    moves = game.perft_moves()
    keys = [(m.start, m.end, frozenset(m.captured), m.promotes) for m in moves]
    assert len(set(keys)) == len(keys), "the same move twice"
    for m in moves:
        assert len(m.path) >= 1 and len(set(m.captured)) == len(m.captured)
        assert len(m.captured) == (len(m.path) if m.captured else 0)
    return sorted(keys, key=_order)


def random_position(cls: type[DraughtsGame], rnd: random.Random) -> DraughtsGame:
    squares = list(cls.new().geometry.squares)
    rnd.shuffle(squares)
    pieces: dict[int, Piece] = {}
    size = cls.size
    count = {Color.WHITE: 0, Color.BLACK: 0}
    for square in squares[:rnd.randint(2, 14)]:
        color = rnd.choice([Color.WHITE, Color.BLACK])
        if count[color] == len(cls.start_white):  # no side has more than it starts with
            color = color.other
        count[color] += 1
        kind = PieceKind.KING if rnd.random() < 0.35 else PieceKind.MAN
        row = cls.new().geometry.coord(square)[1]
        if kind is PieceKind.MAN and row == (size - 1 if color is Color.WHITE else 0):
            kind = PieceKind.KING
        pieces[square] = Piece(color, kind)
    return cls.from_squares(rnd.choice([Color.WHITE, Color.BLACK]), pieces)


def random_game(cls: type[DraughtsGame], seed: int, max_plies: int = 400
                ) -> tuple[DraughtsGame, list[str]]:
    """A random legal game from the start, and the FEN before every move."""
    rnd = random.Random(seed)
    game = cls.new()
    fens = []
    while game.outcome() is None and len(game.move_stack) < max_plies:
        fens.append(game.fen())
        game.push(rnd.choice(game.legal_moves()))
    return game, fens


SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_moves_match_the_reference_in_random_positions(cls: type[DraughtsGame],
                                                       seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(20):
        game = random_position(cls, rnd)
        assert engine_moves(game) == reference_moves(game), game.fen()


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games(cls: type[DraughtsGame], seed: int) -> None:
    """Push/pop restores the exact position; FEN round-trips; pieces only fall; every game
    ends with an outcome; moves agree with the reference along the way."""
    game, fens = random_game(cls, seed, max_plies=2000)
    outcome = game.outcome()
    assert outcome is not None
    assert game.legal_moves() == []
    counts = []
    for fen in reversed(fens):
        before_pop = game.fen()
        assert cls.from_fen(before_pop).fen() == before_pop
        move = game.pop()
        assert game.fen() == fen
        counts.append(sum(1 for _ in game.pieces()))
        if len(counts) % 5 == 0:
            assert engine_moves(game) == reference_moves(game), fen
        game.push(move)
        assert game.fen() == before_pop
        game.pop()
    assert counts == sorted(counts)  # read backwards: piece counts only fall in play
    assert game.fen() == cls.new().fen() and game.outcome() is None


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_push_pop_restores_state_exactly(cls: type[DraughtsGame], seed: int) -> None:
    rnd = random.Random(seed)
    game = cls.new()
    for _ in range(rnd.randint(0, 120)):
        moves = game.legal_moves()
        if not moves:
            break
        state = (game.bitboards(), game.turn, game.draw_counters(), game.repetitions(),
                 game.outcome(), game.fen())
        move = rnd.choice(moves)
        game.push(move)
        if rnd.random() < 0.3:
            assert game.pop() == move
            assert (game.bitboards(), game.turn, game.draw_counters(), game.repetitions(),
                    game.outcome(), game.fen()) == state
            game.push(move)
        if rnd.random() < 0.1 and game.legal_moves():
            assert engine_moves(game) == reference_moves(game)


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.name)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_pdn_round_trip(cls: type[DraughtsGame], seed: int) -> None:
    game, _ = random_game(cls, seed, max_plies=150)
    text = write_pdn(game, {"White": "Ann", "Black": "Bob"})
    (read,) = read_pdn(text)
    assert read.variant == cls.name
    assert read.moves == tuple(game.move_stack)
    assert read.tags["White"] == "Ann"
    assert read.game().fen() == game.fen()
    outcome = game.outcome()
    assert read.result == (outcome.result() if outcome else "*")


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_fen_round_trip_of_random_positions(cls: type[DraughtsGame], seed: int) -> None:
    game = random_position(cls, random.Random(seed))
    again = cls.from_fen(game.fen())
    assert again.fen() == game.fen()
    assert dict(again.pieces()) == dict(game.pieces())


def test_reference_tells_the_turkish_strike_apart() -> None:
    """The reference itself is sharp: without the Turkish strike it finds a longer capture."""
    game = International.from_fen("W:WK37:B28,24,34,17")
    assert engine_moves(game) == reference_moves(game)
    assert engine_moves(game) != reference_moves(game, turkish=False)
