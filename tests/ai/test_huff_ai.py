"""The computer in Russian draughts "with фук": its search knows the huff, it huffs when that
pays and not when a capture pays more, and its low levels overlook captures as people do."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import Limit, choose_move, search
from game.ai.draughts import HuffBoard
from game.ai.match import play_game, player
from game.ai.worker import _pack, _unpack
from game.rules.core import Color, Game, Move
from game.rules.russian import Russian


def skipped(fen: str, move: str) -> Russian:
    game = Russian.from_fen(fen, huff=True)
    assert isinstance(game, Russian)
    game.play(game.parse_move(move))
    return game


def material_after(game: Game, depth: int, me: Color) -> int:
    """Pieces (a king three) of ``me`` less the other side's after ``depth`` plies of best
    play by both, by brute force over every turn (the reference for the engine's choice)."""
    if game.outcome() is not None or depth == 0:
        outcome = game.outcome()
        if outcome is not None and outcome.winner is not None:
            return 100 if outcome.winner is me else -100
        return sum((3 if p.kind.value == "king" else 1) * (1 if p.color is me else -1)
                   for _, p in game.pieces())
    values = []
    for move in game.every_move():
        game.push(move)
        values.append(material_after(game, depth - 1, me))
        game.pop()
    return max(values) if game.turn is me else min(values)


def test_the_search_takes_a_free_piece_for_fuk() -> None:
    game = skipped("W:Wa1,c3:Bd4,h8", "a1-b2")
    result = search(game, Limit(depth=4))
    assert result.move.huff == game.huff_choices()[0]
    assert game.is_legal(result.move)


def test_the_search_prefers_a_capture_that_pays_more_than_the_huff() -> None:
    # White skipped b6:d8 and left c5 and c7 on Black's double capture to the crowning row;
    # a huff of c5 would spoil it (by brute force: +2 pieces without the huff, 0 with it)
    game = skipped("W:We1,f2,c5,b6:Ba3,d4,f4,h6", "b6-c7")
    me = game.turn
    plain = max(_value(game, m, me) for m in game.legal_moves())
    huffed = max(_value(game, m, me) for s in game.huff_choices()
                 for m in game.moves_after_huff(s))
    assert plain >= huffed + 2
    result = search(game, Limit(depth=6))
    assert result.move.huff is None and game.move_text(result.move) == "d4:b6:d8"


def _value(game: Game, move: Move, me: Color) -> int:
    game.push(move)
    try:
        return material_after(game, 3, me)
    finally:
        game.pop()


def test_low_levels_now_and_then_overlook_a_capture_and_level_8_never() -> None:
    game = Russian.from_fen("W:Wa1,c3,g3:Bd4,h8", huff=True)  # c3:e5 wins a piece
    takes = [choose_move(game, 1, random.Random(seed), time=0.05).is_capture
             for seed in range(40)]
    assert 0 < takes.count(False) < 30
    assert all(choose_move(game, 8, random.Random(seed), time=0.2).is_capture
               for seed in range(3))
    # where capturing is compulsory there is nothing to overlook
    plain = Russian.from_fen("W:Wa1,c3,g3:Bd4,h8")
    assert all(choose_move(plain, 1, random.Random(seed), time=0.05).is_capture
               for seed in range(20))


def test_a_game_between_low_levels_has_skipped_captures_and_huffs() -> None:
    huffs = 0
    for seed in range(2):
        rng = random.Random(seed)
        game_moves: list[Move] = []

        def watch(level: str) -> object:
            inner = player(level, 0.02)

            def play(game: Game, rng: random.Random) -> Move:
                move = inner(game, rng)
                game_moves.append(move)
                return move
            return play
        play_game("russian", watch("1"), watch("2"), rng,  # type: ignore[arg-type]
                  {"huff": True})
        huffs += sum(m.huff is not None for m in game_moves)
    assert huffs > 0


def test_a_move_after_a_huff_crosses_to_the_worker_and_back() -> None:
    move = Move(15, (19,), (), False, 18)
    assert _unpack(_pack(move)) == move
    assert _unpack(_pack(Move(1, (5,)))) == Move(1, (5,))


@st.composite
def huff_games(draw: st.DrawFn) -> Russian:
    game = Russian.new(huff=True)
    assert isinstance(game, Russian)
    for choice in draw(st.lists(st.integers(0, 10_000), max_size=50)):
        moves = game.every_move()
        if not moves:
            break
        # now and then a quiet move where a capture stood: something to huff
        game.push(moves[choice % len(moves)])
    return game


def _state(board: HuffBoard) -> tuple[object, ...]:
    return (board.om, board.ok, board.pm, board.pk, board.white, board.huffable, board.key)


@settings(max_examples=40, deadline=None)
@given(huff_games())
def test_the_search_board_plays_the_rules_moves(game: Russian) -> None:
    board = HuffBoard(game)
    raw = board.moves()
    if game.outcome() is None:
        assert sorted(map(board.public, raw), key=repr) == sorted(game.every_move(), key=repr)
    before = _state(board)
    for move in raw[:25]:
        board.make(move)
        public = board.public(move) if False else None
        board.unmake()
        assert _state(board) == before
    for move in raw[:25]:
        game.push(board.public(move))
        board.make(move)
        fresh = HuffBoard(game)
        assert _state(board) == _state(fresh)
        board.unmake()
        game.pop()


def test_the_worker_process_answers_with_a_huff() -> None:
    import time

    from game.ai.worker import Thinker

    with Thinker() as thinker:
        thinker.start("russian", {"huff": True}, "W:Wa1,c3:Bd4,h8", ["a1-b2"], depth=4)
        end = time.monotonic() + 60
        result = None
        while result is None and time.monotonic() < end:
            result = thinker.poll()
            time.sleep(0.02)
    assert result is not None and result.error is None
    assert result.move is not None and result.move.huff is not None
    assert result.text.startswith("(huff c3)")
