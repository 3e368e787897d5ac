"""Over the network a flick goes as the hand here played it (its error drawn here, once), and
the pull it meant goes with it in optional fields: a shot without them still reads."""
from __future__ import annotations

import json
import random
from typing import Any

from game.net import wire
from game.net.remote import RemoteSeat
from game.play.chapaev_play import ChapaevPlay
from game.play.events import ShotStarted
from game.rules.core import Color
from physics import PERSON, Shot

W, B = Color.WHITE, Color.BLACK


def test_the_shot_as_played_and_the_pull_meant_cross_the_wire() -> None:
    sent: list[dict[str, Any]] = []
    play = ChapaevPlay()
    seat = RemoteSeat(lambda t, **fields: sent.append(fields), play)
    play.set_seat(B, seat)
    direction, strength = PERSON.flick(random.Random(5), (0.0, 1.0), 1.0, 1.0)
    play.shoot((W, 2), direction, strength, (0.0, 3.3, 1.0))
    (started,) = [e for e in play.events() if isinstance(e, ShotStarted)]
    seat.hear(started)
    message = json.loads(json.dumps(sent[0]))
    wire.check("shot", message)
    assert (message["dx"], message["dy"]) == started.direction != (0.0, 1.0)
    assert (message["aim_dx"], message["aim_dy"], message["aim_strength"]) == (0.0, 1.0, 1.0)
    other = ChapaevPlay()
    heard = RemoteSeat(lambda t, **fields: None, other)
    shot = heard._shot(other.position(), {**message, "t": "shot"})
    assert isinstance(shot, Shot) and shot.aim == (0.0, 1.0, 1.0)
    other.act(shot)
    play.finish_shot()
    other.finish_shot()
    assert other.shots[-1].shot == play.shots[-1].shot
    assert other.table.state() == play.table.state()
    old = {k: v for k, v in message.items() if not k.startswith("aim_")}  # an older peer's
    wire.check("shot", old)
    shot = heard._shot(ChapaevPlay().position(), {**old, "t": "shot"})
    assert isinstance(shot, Shot) and shot.aim is None
    assert shot.direction == started.direction
