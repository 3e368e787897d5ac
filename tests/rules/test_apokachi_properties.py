"""Property tests for Apokachi over random positions and random games on several board sizes.

The engine is checked against a slow reference written straight from the spec's words
(coordinates and dictionaries, no tables or bit masks).
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.apokachi import Apokachi
from game.rules.core import Color, Game, Piece

SIZES = [5, 6, 7, 9, 13]
Board = dict[tuple[int, int], Color]  # (column, row) -> colour


def reference_captures(board: Board, n: int, start: tuple[int, int], end: tuple[int, int],
                       mover: Color) -> set[tuple[int, int]]:
    """The spec's capture rule, read literally, on the position after the move."""
    after = dict(board)
    del after[start]
    after[end] = mover
    captured: set[tuple[int, int]] = set()
    for dx, dy in ((1, 0), (0, 1)):  # the row, then the column through the moved piece
        run = [end]
        for sign in (1, -1):
            x, y = end[0] + sign * dx, end[1] + sign * dy
            while after.get((x, y)) is mover:
                run.append((x, y))
                x, y = x + sign * dx, y + sign * dy
        if len(run) < 2:
            continue
        for sign in (1, -1):
            # the point just past the run's end in this direction
            x, y = end
            while after.get((x, y)) is mover:
                x, y = x + sign * dx, y + sign * dy
            beyond = (x + sign * dx, y + sign * dy)
            if after.get((x, y)) is mover.other and after.get(beyond) is not mover.other:
                captured.add((x, y))
    return captured


def reference_moves(board: Board, n: int, turn: Color
                    ) -> set[tuple[tuple[int, int], tuple[int, int], frozenset[tuple[int, int]]]]:
    moves = set()
    for (x, y), color in board.items():
        if color is not turn:
            continue
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            to = (x + dx, y + dy)
            if 0 <= to[0] < n and 0 <= to[1] < n and to not in board:
                moves.add(((x, y), to, frozenset(reference_captures(board, n, (x, y), to, turn))))
    return moves


def reference_perft(board: Board, n: int, turn: Color, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for start, end, captured in reference_moves(board, n, turn):
        after = {p: c for p, c in board.items() if p not in captured and p != start}
        after[end] = turn
        total += reference_perft(after, n, turn.other, depth - 1)
    return total


def board_of(game: Apokachi) -> Board:
    n = game.size
    return {(p % n, p // n): piece.color for p, piece in game.pieces()}


def xy(point: int, n: int) -> tuple[int, int]:
    return (point % n, point // n)


@st.composite
def positions(draw: st.DrawFn, sizes: list[int] = SIZES) -> Apokachi:
    """A random position, dense enough that captures are common."""
    n = draw(st.sampled_from(sizes))
    cells = draw(st.lists(st.sampled_from(".....WWWBBB"), min_size=n * n, max_size=n * n))
    white = [Apokachi.new(size=n).geometry.name(p) for p, c in enumerate(cells) if c == "W"]
    black = [Apokachi.new(size=n).geometry.name(p) for p, c in enumerate(cells) if c == "B"]
    turn = draw(st.sampled_from("WB"))
    return Apokachi.from_fen(f"{turn}:{n}:W{','.join(white)}:B{','.join(black)}",
                             move_limit=None, time_limit=None)


@st.composite
def games(draw: st.DrawFn) -> Apokachi:
    """A start position (any size) or a random one, with a random game played from it."""
    if draw(st.booleans()):
        game = Apokachi.new(size=draw(st.sampled_from(SIZES)), move_limit=None, time_limit=None)
    else:
        game = draw(positions())
    for choice in draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=40)):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    return game


def snapshot(game: Apokachi) -> tuple[object, ...]:
    return (game.fen(), tuple(game.move_stack), game.lost(Color.WHITE), game.lost(Color.BLACK),
            game.outcome(), game.count(Color.WHITE), game.count(Color.BLACK))


@settings(max_examples=150, deadline=None)
@given(games(), st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12))
def test_push_pop_restores_position_and_history(game: Apokachi, choices: list[int]) -> None:
    before = snapshot(game)
    trail = []
    for choice in choices:
        moves = game.perft_moves()
        if not moves:
            break
        trail.append(snapshot(game))
        game.push(moves[choice % len(moves)])
    while trail:
        game.pop()
        assert snapshot(game) == trail.pop()
    assert snapshot(game) == before


@settings(max_examples=150, deadline=None)
@given(games())
def test_moves_match_the_reference_and_never_take_a_movers_piece(game: Apokachi) -> None:
    n = game.size
    board = board_of(game)
    engine = {(xy(m.start, n), xy(m.end, n), frozenset(xy(p, n) for p in m.captured))
              for m in game.perft_moves()}
    assert engine == reference_moves(board, n, game.turn)
    mover = game.turn
    for move in game.perft_moves():
        assert all(game.piece_at(p) == Piece(mover.other) for p in move.captured)
        assert len(set(move.captured)) == len(move.captured)
        own, other = game.count(mover), game.count(mover.other)
        game.push(move)
        assert game.count(mover) == own
        assert game.count(mover.other) == other - len(move.captured)
        assert game.piece_at(move.end) == Piece(mover)
        game.pop()


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_capture_always_has_the_moved_piece_in_the_attacking_run(game: Apokachi) -> None:
    n = game.size
    mover = game.turn
    for move in game.perft_moves():
        if not move.captured:
            continue
        game.push(move)
        board = board_of(game)
        ex, ey = xy(move.end, n)
        for victim in move.captured:
            vx, vy = xy(victim, n)
            assert vx == ex or vy == ey, "a victim lies on the row or column of the moved piece"
            dx = (vx > ex) - (vx < ex)
            dy = (vy > ey) - (vy < ey)
            # every point from the moved piece up to the victim is the mover's: one unbroken run
            steps = max(abs(vx - ex), abs(vy - ey))
            assert all(board.get((ex + k * dx, ey + k * dy)) is mover for k in range(steps))
            # the run is at least two long (on either side of the moved piece)
            behind = board.get((ex - dx, ey - dy))
            assert steps >= 2 or behind is mover
        game.pop()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIZES), st.integers(min_value=1, max_value=6),
       st.lists(st.integers(min_value=0, max_value=10_000), min_size=200, max_size=200))
def test_every_game_with_a_move_limit_ends(size: int, limit: int, choices: list[int]) -> None:
    game = Apokachi.new(size=size, move_limit=limit, time_limit=None)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    outcome = game.outcome()
    assert outcome is not None
    assert len(game.move_stack) <= 2 * limit
    white, black = game.count(Color.WHITE), game.count(Color.BLACK)
    assert outcome.counts == (white, black)
    assert outcome.winner == (None if white == black else
                              Color.WHITE if white > black else Color.BLACK)


@settings(max_examples=40, deadline=None)
@given(positions(sizes=[5, 6, 7]), st.integers(min_value=1, max_value=3))
def test_perft_matches_the_generic_count_and_the_reference(game: Apokachi, depth: int) -> None:
    generic = generic_perft(game, depth)
    assert game.perft(depth) == generic
    assert generic == reference_perft(board_of(game), game.size, game.turn, depth)


@settings(max_examples=40, deadline=None)
@given(positions(sizes=[8, 9, 13]))
def test_the_bulk_count_on_the_larger_boards_is_the_count_move_by_move(game: Apokachi) -> None:
    # the last two plies are counted from the opponent's steps, a capture made in full
    # (deeper, on the smaller boards: test_perft_matches_the_generic_count_and_the_reference)
    assert game.perft(2) == generic_perft(game, 2)


@settings(max_examples=100, deadline=None)
@given(positions())
def test_fen_round_trip(game: Apokachi) -> None:
    again = Apokachi.from_fen(game.fen())
    assert again.fen() == game.fen()
    assert dict(again.pieces()) == dict(game.pieces())


def generic_perft(game: Game, depth: int) -> int:
    """Perft through the public interface only: ``perft_moves``, ``push``, ``pop``."""
    if depth == 0:
        return 1
    total = 0
    for move in game.perft_moves():
        game.push(move)
        total += generic_perft(game, depth - 1)
        game.pop()
    return total


# perft of the start positions, cross-checked against the reference
START_PERFT = {
    5: [5, 25, 230, 2111],
    6: [6, 36, 372, 3844, 41534],
    9: [9, 81, 1098, 14884, 221918, 3308761],
}


def test_start_perft_table() -> None:
    for size, counts in START_PERFT.items():
        game = Apokachi.new(size=size)
        for depth, count in enumerate(counts, start=1):
            assert game.perft(depth) == count, (size, depth)


def test_start_perft_table_agrees_with_the_reference() -> None:
    for size, counts in START_PERFT.items():
        game = Apokachi.new(size=size)
        for depth, count in enumerate(counts[:4], start=1):
            assert reference_perft(board_of(game), size, Color.WHITE, depth) == count, (size, depth)
