"""Two ends of a link in memory, for testing the game layer without sockets: what one end
sends the other receives (through JSON, as the wire would carry it), and the test cuts and
mends the link."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.net.reasons import State


@dataclass(frozen=True)
class Msg:
    t: str
    fields: Mapping[str, Any]


class End:
    def __init__(self) -> None:
        self.peer: End | None = None
        self.inbox: list[Msg] = []
        self.up = True
        self.sent: list[Msg] = []

    @property
    def state(self) -> State:
        return State.PLAYING if self.up else State.RECONNECTING

    def poll(self, now: float | None = None) -> list[Msg]:
        if not self.up:
            return []
        out, self.inbox = self.inbox, []
        return out

    def send(self, t: str, **fields: Any) -> None:
        if not self.up or self.peer is None:
            return
        message = Msg(t, json.loads(json.dumps(fields)))
        self.sent.append(message)
        self.peer.inbox.append(message)

    def close(self) -> None:
        self.up = False


def pair() -> tuple[End, End]:
    a, b = End(), End()
    a.peer, b.peer = b, a
    return a, b


def cut(a: End, b: End) -> None:
    a.up = b.up = False
    a.inbox.clear()
    b.inbox.clear()


def mend(a: End, b: End) -> None:
    a.up = b.up = True
