"""The draughts search boards on move codes (game/ai/draughts.py): what the search reads of
a move agrees whichever way it asks, and a code's public Move is the rules' own."""
from __future__ import annotations

import random

import pytest

from game.ai.draughts import DraughtsBoard, HuffBoard
from game.ai.engine import make_board
from game.rules import find_variant
from game.rules.draughts import DraughtsGame
from tests.random_games import draughts_positions


def _games(variant: str, **options: object) -> list[DraughtsGame]:
    return draughts_positions(variant, games=4, plies=60, seed=f"{variant}{options}",
                              **options)


@pytest.mark.parametrize("variant, options", [
    ("international", {}), ("russian", {}), ("english", {}), ("russian", {"huff": True})])
def test_move_facts_public_moves_and_make_unmake(variant: str, options: dict[str, object]
                                                 ) -> None:
    for game in _games(variant, **options):
        board = DraughtsBoard.for_game(game)(game)
        assert isinstance(board, HuffBoard) == bool(options)
        moves = board.moves()
        # the facts the ordering reads at once are the ones it would read move by move
        assert board.move_facts(moves) == [
            board.capture_size(m) << 32 | board.history_key(m) for m in moves]
        # every code is one of the rules' moves, and all of them are there
        public = [board.public(m) for m in moves]
        assert sorted(map(repr, public)) == sorted(map(repr, game.perft_moves()))
        # make and unmake, two plies deep, give back the very position
        def state() -> tuple[object, ...]:
            return (board.white_boards(), board.white, board.key, board.kings_only,
                    board.balance_plies, board.game_plies)

        before = state()
        for m in moves:
            board.make(m)
            after = state()
            for reply in board.moves():
                board.make(reply)
                board.unmake()
                assert state() == after
            board.unmake()
            assert state() == before


def test_a_king_whose_capture_ends_where_it_began_stays_on_the_board() -> None:
    # 35x35 over 19, 12, 22 and 40: the king comes back to its square (the board used to
    # take it off, XORing its start and end bits when they were the same)
    game = find_variant("international").from_fen("W:WK35:B12,19,22,10,40,11")
    assert isinstance(game, DraughtsGame)
    board = DraughtsBoard(game)
    loop = [m for m in board.moves() if board.public(m).path[-1] == 35]
    assert len(loop) == 1
    after = game.copy()
    assert isinstance(after, DraughtsGame)
    after.push(board.public(loop[0]))
    board.make(loop[0])
    assert board.white_boards() == after.bitboards()
    wm, wk, bm, bk = after.bitboards()
    assert board.key == board.key_of(wm, wk, bm, bk, False)


@pytest.mark.parametrize("variant, options", [("international", {}), ("russian", {"huff": True})])
def test_lines_made_and_unmade_in_any_order_give_back_every_position(
        variant: str, options: dict[str, object]) -> None:
    # the board reuses one undo record per ply: a line taken back halfway and played on
    # another way must still give back each position it passed through
    rng = random.Random(f"lines{variant}")
    for game in _games(variant, **options):
        board = DraughtsBoard.for_game(game)(game)

        def state() -> tuple[object, ...]:
            return (board.white_boards(), board.white, board.key, board.kings_only,
                    board.balance_plies, board.game_plies)

        seen = [state()]
        for _ in range(60):
            moves = board.moves()
            if moves and (len(seen) < 3 or rng.random() < 0.6):
                board.make(rng.choice(moves))
                seen.append(state())
            elif len(seen) > 1:
                board.unmake()
                seen.pop()
                assert state() == seen[-1]
        while len(seen) > 1:
            board.unmake()
            seen.pop()
            assert state() == seen[-1]


def _offers_a_man_back(game: DraughtsGame, move: object) -> bool:
    """Whether ``move`` (quiet) makes the opponent capture, no capture of theirs making a
    king, and every capture of theirs leaves one back: by the rules' own moves."""
    game.push(move)  # type: ignore[arg-type]
    try:
        replies = game.legal_moves()
        if not replies or not replies[0].is_capture:
            return False
        for reply in replies:
            if reply.promotes:
                return False
            game.push(reply)
            try:
                if not any(m.is_capture for m in game.legal_moves()):
                    return False
            finally:
                game.pop()
        return True
    finally:
        game.pop()


def test_the_exchanges_offered_are_the_men_s_moves_that_give_a_man_for_a_man() -> None:
    # International's quiescence follows these where nothing is threatened: each quiet move
    # after which the opponent must capture and can only capture into a capture back
    offered = 0
    for game in draughts_positions("international", games=6, plies=70, seed="exchanges"):
        board, _ = make_board(game)
        assert isinstance(board, DraughtsBoard)
        if board.forced(board.moves()) or board.threatened():
            continue
        said = sorted(repr(board.public(m)) for m in board.exchanges())
        if game.bitboards()[1] or game.bitboards()[3]:
            assert said == [], "no exchange while there is a king"
            continue
        assert said == sorted(repr(m) for m in game.legal_moves()
                              if _offers_a_man_back(game, m))
        offered += len(said)
    assert offered > 20
    russian = find_variant("russian").new()
    assert isinstance(russian, DraughtsGame)
    assert not make_board(russian)[0].offers_exchanges(), "not measured there"
