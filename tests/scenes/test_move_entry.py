"""Every legal move can be entered with the mouse in the real board scene.

The way a player enters any move: click the piece, click where it ends; where several
captures end there, click the move's landing squares in order until one route is left, and
the end square again to mean exactly the landings clicked so far.
"""
from __future__ import annotations

import random

import pytest

from game.play.board_play import BoardPlay
from game.app import App
from game.rules import find_variant
from game.rules.core import Game, Move
from game.scenes.board.scene import BoardScene
from tests.scenes.board_helpers import settle, start_board
from tests.scenes.helpers import click

#: the defect found by a new player: the short king route b8:f4:c1 lies inside b8:d6:f8:h6:f4:c1
TWO_ROUTES = "W:Wa1,g1,h2,d4,Kb8:BKe1,d2,g5,c7,e7,g7,d8"
#: International: a king with several long routes and ends shared between them
KING_ROUTES = "W:WK26,K30:B8,21,17,9,11,22,45,12,40,34"


def _click_square(app: App, board: BoardScene, square: int) -> None:
    x, y = board.view.centre(square)
    click(app, (round(x), round(y)))


def enter_by_clicks(app: App, board: BoardScene, move: Move) -> Move | None:
    """Enter ``move`` as described above; the move the scene played, or None."""
    before = board.play.ply
    clicks = [move.start, move.end, *move.path[:-1], move.end]
    for square in clicks:
        _click_square(app, board, square)
        if board.play.ply > before:
            return board.play.moves[-1]
    return None


def check_every_move(app: App, board: BoardScene, quiet_sample: int | None = None) -> int:
    """Enter each legal move (every capture; ``quiet_sample`` quiet moves at most)."""
    moves = board.play.game.legal_moves()
    if quiet_sample is not None:
        quiet = [m for m in moves if not m.captured]
        moves = [m for m in moves if m.captured] + quiet[:quiet_sample]
    for move in moves:
        played = enter_by_clicks(app, board, move)
        assert played == move, (f"{board.play.game.move_text(move)} entered as "
                                f"{None if played is None else board.play.notation[-1]}")
        board.commands.undo()
        settle(app, 0.05)
        board.state.hand.put_down()
    return len(moves)


def random_positions(variant: str, rng: random.Random, plies: int) -> list[Game]:
    """Where random play got after ``plies`` moves, and the last position on the way with
    the most captures to choose from."""
    game = find_variant(variant).new()
    best = game.copy()
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
        captures = sum(1 for m in game.legal_moves() if m.captured)
        if captures and captures >= sum(1 for m in best.legal_moves() if m.captured):
            best = game.copy()
    return [g for g in (game, best) if g.legal_moves()]


def test_the_short_route_inside_a_long_one_can_be_entered() -> None:
    app, board = start_board("russian", TWO_ROUTES)
    short = board.play.game.parse_move("b8:f4:c1")
    long = board.play.game.parse_move("b8:d6:f8:h6:f4:c1")
    assert short != long
    assert enter_by_clicks(app, board, short) == short
    board.commands.undo()
    settle(app, 0.05)
    assert enter_by_clicks(app, board, long) == long
    board.commands.undo()
    assert check_every_move(app, board) == len(board.play.game.legal_moves())


def test_every_move_of_an_international_king_with_many_routes() -> None:
    app, board = start_board("international", KING_ROUTES)
    assert check_every_move(app, board) == 14


@pytest.mark.parametrize("variant", ["international", "russian", "apokachi"])
def test_every_legal_move_of_random_positions_can_be_entered_by_clicks(variant: str) -> None:
    rng = random.Random(f"clicks-{variant}")
    app, board = start_board(variant)
    total = 0
    for plies in (0, 12, 25, 40, 60):
        for game in random_positions(variant, rng, plies):
            board = BoardScene(app, BoardPlay(variant, game.options, game=game))
            app.scenes.replace(board)
            settle(app, 0.02)
            total += check_every_move(app, board, quiet_sample=6)
    assert total >= 30


def test_every_move_of_an_apokachi_position_with_captures() -> None:
    app, board = start_board("apokachi", "W:6:Wb3,c2,e1,f2:Bd3,a5,e5,c6", size=6)
    captures = [m for m in board.play.game.legal_moves() if m.captured]
    assert captures, "two against one: c2-c3 takes d3"
    assert check_every_move(app, board) == len(board.play.game.legal_moves())
