"""Board positions staged for screenshots, the frame benchmarks and tests: each game at its
start, in the middle (a piece picked up) and at its end. The scenes come through the routes
and are moved only by their public methods, as a player's clicks would."""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from game.play.board_play import BoardPlay
from game.play.clock import ClockSpec
from game.play.computer import ComputerPlayer
from game.rules.core import Color

if TYPE_CHECKING:
    from game.app import App
    from game.screen import Screen

STEP = 1.0 / 120.0

#: scripted openings shown in the "mid-game" pictures (legal in each game's notation)
DEMO_MOVES: dict[str, tuple[str, ...]] = {
    "russian": ("c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5", "g3-f4", "e5:g3",
                "h2:f4:h6", "b6-a5", "c3-b4"),
    "international": ("32-28", "18-22", "37-32", "12-18", "31-27", "22x31", "36x27", "17-22",
                      "28x17", "11x31"),
    "english": ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14", "6-10",
                "24-20", "15x24"),
    "brazilian": ("c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "h6-g5", "g3-f4", "e5xg3",
                  "h2xh6", "b6-a5", "c3-b4"),
    "russian_giveaway": ("c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5", "g3-f4",
                         "e5:g3", "h2:f4:h6", "b6-a5", "c3-b4"),
    "international_giveaway": ("32-28", "18-22", "37-32", "12-18", "31-27", "22x31", "36x27",
                               "17-22", "28x17", "11x31"),
    "apokachi": ("d1-d2", "e9-e8", "e1-e2", "e8-e7", "d2-d3", "d9-d8", "e2-e3", "f9-f8",
                 "e3-e4", "e7-e6", "d3-d4", "f8-f7", "c1-c2", "c9-c8"),
}
#: positions a move away from the end, and that last move
DEMO_ENDS: dict[str, tuple[str, dict[str, Any], tuple[str, ...]]] = {
    "russian": ("W:WKa1,c3,e3,g3,h2:Bd4,f6", {}, ("c3:e5:g7",)),
    "international": ("W:W31,32,37,K4,38,43,44,48,49,50:B16,21,26", {}, ("4-27",)),
    "english": ("B:W18:B9,14", {}, ("14x23",)),
    "brazilian": ("W:WKa1:Bc3,e5", {}, ("a1xh8",)),
    # giveaway: White offers its last man and wins when Black must take it
    "russian_giveaway": ("W:Wc3:Be5,h8", {}, ("c3-d4", "e5:c3")),
    "international_giveaway": ("W:W32:B1,23", {}, ("32-28", "23x32")),
    "apokachi": ("W:9:Wa1,b1,c1,d2,e2,f1,g1:Ba9,b9,d3,e9,h9,i9", {"move_limit": 1},
                 ("c1-d1xd3", "a9-a8")),
}


def _board(app: App, play: BoardPlay, **args: Any) -> Any:
    scene = app.routes.build("board", play=play, **args)
    assert scene is not None
    return scene


def demo_moves(variant: str) -> tuple[str, ...] | None:
    """The scripted opening of ``variant``'s mid-game picture; a game without one plays
    a dozen moves chosen by a fixed seed."""
    if variant in DEMO_MOVES:
        return DEMO_MOVES[variant]
    play = BoardPlay(variant)
    rng = random.Random(7)
    for _ in range(12):
        moves = play.game.legal_moves()
        if not moves or play.is_over:
            break
        play.play(rng.choice(moves))
    return tuple(play.notation)


def demo_board(app: App, variant: str, stage: str = "mid") -> Any:
    """A board at the start, in the middle (a piece picked up) or at the end of a game."""
    if stage == "end":
        fen, options, moves = DEMO_ENDS[variant]
        return _board(app, BoardPlay.from_moves(variant, moves, options, fen=fen))
    if stage != "mid":
        return _board(app, BoardPlay(variant))
    board = _board(app, BoardPlay.from_moves(variant, demo_moves(variant) or ()))
    starts = sorted({m.start for m in board.state.legal})
    board.input.select(starts[len(starts) // 2])
    for _ in range(30):  # the piece lifts in a fraction of a second
        board.fixed_update(STEP)
    if board.play.game.numbered_squares and not board.view.numbers:
        board.commands.toggle_numbers()  # show 1-50
    return board


#: a short game with a blunder (d6-c5 gives a piece away) that Black then resigns
REVIEW_MOVES: dict[str, tuple[str, ...]] = {
    "russian": ("e3-f4", "f6-e5", "a3-b4", "d6-c5", "b4:d6", "e7:c5", "f4:d6:b4", "c7-d6",
                "g3-f4", "b6-a5"),
}


def review_board(app: App, variant: str) -> Any:
    """A finished game in review, its analysis done, the blunder on the board."""
    play = BoardPlay.from_moves(variant, REVIEW_MOVES[variant])
    play.resign(Color.BLACK)
    board = _board(app, play, start_in="review")
    analysis = board.reviewer.analysis
    if analysis is not None:
        deadline = time.monotonic() + 60
        while not analysis.finished and time.monotonic() < deadline:
            analysis.update()
            time.sleep(0.005)
        analysis.close()
        mistakes = sorted(analysis.mistakes())
        board.reviewer.to(mistakes[0] if mistakes else play.ply)
    return board


class _StagedComputer(ComputerPlayer):
    """The computer in a staged picture: its worker starts only if it is asked to move (a
    picture of the person's turn needs none)."""

    def prepare(self) -> None:
        pass


def clock_board(app: App, variant: str = "russian") -> Any:
    """A game against the computer at 5+3 with the person's clock in its last seconds (in
    Russian draughts, played "with фук": the panel says so under the title)."""
    play = BoardPlay(variant, {"huff": True} if variant == "russian" else None,
                     seats={Color.BLACK: _StagedComputer(3)}, clock=ClockSpec(5, 3))
    rng = random.Random(3)
    moves = DEMO_MOVES[variant]
    for text in moves[:len(moves) // 2 * 2]:  # White to move after them
        play.tick(rng.uniform(4.0, 40.0))
        play.play_text(text)
    assert play.clock is not None
    play.tick(play.clock.left[Color.WHITE] - 7.3)
    return _board(app, play)


def demo_stack(app: App, variant: str, stage: str) -> list[Screen]:
    """The scenes that show ``variant`` at ``stage`` (setup, start, mid, end, review), for
    ``--screenshot`` and the benchmarks."""
    if stage == "setup":
        setup = app.routes.build("setup", variant=variant)
        assert setup is not None
        return [setup]
    if stage == "review":
        return [review_board(app, variant)]
    if stage == "clock":
        return [clock_board(app, variant)]
    return [demo_board(app, variant, stage)]  # at the end, the board opens at its result
