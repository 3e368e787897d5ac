"""The game in play, apart from the window: a game, its record and a player in each seat.

Pure: rules and physics only, never pygame. A scene is input, animation and layout over one
of these objects; a test, the command line or a worker process can play a whole game with no
window at all. What happens is reported as events (:mod:`game.play.events`) that a scene turns
into glides, sounds and banners.
"""
from __future__ import annotations

from game.play.board_play import BoardPlay
from game.play.chapaev_play import ChapaevPlay, ShotRecord, ShotReplay, SideStats
from game.play.events import (
    DrawDeclined,
    DrawOffered,
    EndWithdrawn,
    GameOver,
    HuffChosen,
    HuffWithdrawn,
    MovePlayed,
    MovesTakenBack,
    PlayEvent,
    RoundStarted,
    ShotDone,
    ShotStarted,
)
from game.play.seats import Person, RandomPlayer, ScriptedPlayer, Seat
from physics import Press, Shot

__all__ = [
    "BoardPlay", "ChapaevPlay", "DrawDeclined", "DrawOffered", "EndWithdrawn", "GameOver",
    "HuffChosen", "HuffWithdrawn", "MovePlayed", "MovesTakenBack", "Person", "PlayEvent",
    "RandomPlayer", "RoundStarted", "ScriptedPlayer", "Seat", "Shot", "ShotDone", "ShotRecord",
    "ShotStarted", "Press", "ShotReplay", "SideStats",
]
