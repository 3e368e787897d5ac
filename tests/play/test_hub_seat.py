"""A Hub engine in a seat: this program's own engine run as ``python -m game.ai hub`` plays
an International game through the seat protocol, like the computer and a friend elsewhere;
an engine that cannot start or dies is said, and the game never waits on it for ever."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from game.ai.hub import NAME, VERSION
from game.play import BoardPlay, RandomPlayer
from game.play.hub_seat import HubEngineSeat, hub_position
from game.rules.core import Color

W, B = Color.WHITE, Color.BLACK
ROOT = Path(__file__).resolve().parents[2]
ENGINE = [sys.executable, "-c",
          f"import sys; sys.path.insert(0, {str(ROOT)!r}); from game.ai.__main__ import main; "
          "sys.exit(main(['hub']))"]


def test_the_hub_position_is_the_side_to_move_and_fifty_squares() -> None:
    play = BoardPlay("international")
    assert hub_position(play.game) == "W" + "b" * 20 + "e" * 10 + "w" * 20
    play.play_text("32-28")
    assert hub_position(play.game)[0] == "B" and hub_position(play.game)[28] == "w"


def test_our_own_hub_engine_plays_moves_in_a_seat() -> None:
    engine = HubEngineSeat(ENGINE, move_time=0.05)
    play = BoardPlay("international", seats={W: engine, B: RandomPlayer(random.Random(2))})
    deadline = time.monotonic() + 60.0
    try:
        while play.ply < 8 and not play.is_over and time.monotonic() < deadline:
            play.update()
            time.sleep(0.005)
        assert play.ply >= 8, engine.notice
        assert engine.name == f"{NAME} {VERSION}"  # the engine's own id line: name and version
        assert engine.notice is None
        assert all(play.notation)  # every move was legal where it was played
    finally:
        play.close()
    assert engine._process is None  # closed with the game


def test_an_engine_that_cannot_start_is_said_and_the_game_does_not_hang() -> None:
    engine = HubEngineSeat(["/nonexistent/engine"])
    play = BoardPlay("international", seats={W: engine})
    for _ in range(5):
        assert play.update() is None
    assert engine.notice is not None and engine.notice.key == "hub.notice.cannot_start"
    assert play.notice is not None  # the window's panel says it
    play.close()


def test_an_engine_that_dies_mid_game_is_said() -> None:
    engine = HubEngineSeat([sys.executable, "-c", "print('wait'); import sys; sys.exit(0)"])
    play = BoardPlay("international", seats={W: engine})
    deadline = time.monotonic() + 10.0
    while engine.notice is None and time.monotonic() < deadline:
        play.update()
        time.sleep(0.01)
    assert engine.notice is not None and engine.notice.key == "hub.notice.stopped"
    assert play.ply == 0
    play.close()
