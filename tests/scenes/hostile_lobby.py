"""Bogus announcements on the discovery port against a real network screen (the lobby), for
the scene tests and the benchmark (benchmarks/hostile_peers.py): datagrams sent to
127.0.0.1 only, on the port the test's ``network.LAN`` names; the window stepped frame by
frame (each frame timed); what it lists read back, its buttons drawn and the first one
clicked (the join form it opens, drawn too).

A case says which games must be listed (by their port): a valid announcement is listed,
with its names cleaned; anything else is not.
"""
from __future__ import annotations

import json
import socket
import time
import traceback
from dataclasses import dataclass, field

from game.app import App
from game.rules.text import is_clean
from game.scenes.common import network
from game.scenes.network.join import JoinScene
from game.scenes.network.lobby import SHOWN_FOUND, NetworkScene
from tests.net.fake_host import HOSTILE_TEXTS
from tests.net.helpers import LOOPBACK
from tests.scenes.helpers import click, step
from tests.scenes.network_helpers import new_app

FREEZE = 0.5


def announcement(port: object = 40000, game: object = "Russian draughts",
                 host: object = "Grandpa", **extra: object) -> bytes:
    return json.dumps({"shashki": 1, "port": port, "game": game, "host": host, **extra},
                      ensure_ascii=False).encode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class LobbyCase:
    """``datagrams`` sent (in bursts of ``burst`` a frame); ``listed``: the ports that must be
    among the games found (the rest must not); ``at_most``: games remembered at most."""

    name: str
    datagrams: tuple[bytes, ...]
    listed: frozenset[int] = frozenset()
    at_most: int = 64
    burst: int = 64
    click: bool = True  # click the first game found and draw the join form
    #: a valid announcement sent again while the screen settles (as a host's, each second):
    #: a flood may have filled the system's buffer when it first came
    announce: bytes = b""
    all_valid: bool = False  # every datagram is a valid announcement (only the count is judged)


def lobby_cases() -> list[LobbyCase]:
    good = announcement()
    cases = [
        LobbyCase("garbage", (b"\xff\xfe\x00garbage",)),
        LobbyCase("not JSON", (b"{shashki:1}",)),
        LobbyCase("a JSON list", (b"[1, 2, 3]",)),
        LobbyCase("NaN for a port", (b'{"shashki":1,"port":NaN,"game":"x","host":"y"}',)),
        LobbyCase("nested 600 deep", (b"[" * 600 + b"]" * 600,)),
        LobbyCase("a datagram of 60 KB", (announcement(host="h" * 60_000),)),
        LobbyCase("a datagram just over the limit", (announcement(host="h" * 1000),)),
        LobbyCase("a port of text", (announcement(port="40000"),)),
        LobbyCase("a port of true", (announcement(port=True),)),
        LobbyCase("port 0", (announcement(port=0),)),
        LobbyCase("port 70000", (announcement(port=70000),)),
        LobbyCase("port -1", (announcement(port=-1),)),
        LobbyCase("port 1e3", (b'{"shashki":1,"port":1e3,"game":"x","host":"y"}',)),
        LobbyCase("shashki 2", (good.replace(b'"shashki": 1', b'"shashki": 2'),)),
        LobbyCase("shashki true", (good.replace(b'"shashki": 1', b'"shashki": true'),)),
        LobbyCase("a game that is a list", (announcement(game=["x"]),)),
        LobbyCase("a host that is a number", (announcement(host=7),)),
        LobbyCase("a host of null", (announcement(host=None),)),
        LobbyCase("extra fields", (announcement(code="ABC234", evil={"a": 1}),),
                  listed=frozenset({40000})),
        LobbyCase("a lone surrogate, escaped", (
            b'{"shashki":1,"port":40000,"game":"x","host":"\\ud800x"}',),
            listed=frozenset({40000})),
        LobbyCase("a lone surrogate, raw", (announcement(host="\ud800x"),)),
        LobbyCase("a valid one (the control)", (good,), listed=frozenset({40000})),
        LobbyCase("many hosts", tuple(announcement(port=40000 + i, host=f"h{i}")
                                      for i in range(300)), at_most=64, burst=300,
                  all_valid=True),
        LobbyCase("a flood of one host", (good,) * 5000, listed=frozenset({40000}),
                  burst=1000),
        LobbyCase("a flood of garbage and one valid", (b"\x00" * 900,) * 2000,
                  listed=frozenset({40000}), burst=500, announce=good),
    ]
    for name, text in HOSTILE_TEXTS.items():
        cases.append(LobbyCase(f"a host name: {name}", (announcement(host=text),),
                               listed=frozenset({40000})))
        cases.append(LobbyCase(f"a game name: {name}", (announcement(game=text),),
                               listed=frozenset({40000})))
    return cases


@dataclass
class LobbyVerdict:
    name: str
    crash: str = ""
    longest: float = 0.0
    listed: list[int] = field(default_factory=list)
    wrongly_accepted: str = ""
    problems: list[str] = field(default_factory=list)


def run_lobby_case(case: LobbyCase, app: App | None = None) -> LobbyVerdict:
    """One case against a fresh network screen (``network.LAN`` must name loopback and a
    free discovery port)."""
    verdict = LobbyVerdict(case.name)
    app = app if app is not None else new_app()
    app.routes.push("network")
    step(app)
    lobby = app.scenes.top
    assert isinstance(lobby, NetworkScene)
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    target = (LOOPBACK, network.LAN.discovery_port)
    last = time.perf_counter()

    def frame() -> bool:
        nonlocal last
        start = time.perf_counter()
        try:
            app.frame(max(0.0, start - last))
        except Exception:  # counted: a datagram must never take the window down
            verdict.crash = traceback.format_exc(limit=8)
            return False
        last = time.perf_counter()
        verdict.longest = max(verdict.longest, last - start)
        return True

    try:
        sent = 0
        while sent < len(case.datagrams):
            for data in case.datagrams[sent:sent + case.burst]:
                try:
                    sender.sendto(data, target)
                except OSError:
                    pass  # a datagram too long for the system: not sent, not heard
            sent += case.burst
            if not frame():
                return _judged(verdict, case, lobby)
        deadline = time.monotonic() + 0.15
        while time.monotonic() < deadline:
            if case.announce:
                sender.sendto(case.announce, target)
            if not frame():
                return _judged(verdict, case, lobby)
            time.sleep(0.002)
        app.redraw()
        if not frame():
            return _judged(verdict, case, lobby)
        verdict.listed = sorted(f.port for f in lobby.found)
        if case.click and lobby.found_buttons:
            try:
                click(app, lobby.found_buttons[0].rect.center)
                form = app.scenes.top
                if isinstance(form, JoinScene):
                    app.redraw()
                    frame()
                    form.on_back()
                    step(app)
            except Exception:
                verdict.crash = traceback.format_exc(limit=8)
    finally:
        sender.close()
        if lobby in list(app.scenes):
            lobby.on_back()
            try:
                step(app)
            except Exception:
                verdict.crash = verdict.crash or traceback.format_exc(limit=8)
    return _judged(verdict, case, lobby)


def _judged(verdict: LobbyVerdict, case: LobbyCase, lobby: NetworkScene) -> LobbyVerdict:
    found = list(lobby.found)
    ports = {f.port for f in found}
    if not case.listed <= ports:
        verdict.problems.append(f"not listed: {sorted(case.listed - ports)}")
    extra = set() if case.all_valid else ports - case.listed
    if extra:
        verdict.wrongly_accepted = f"listed from a bogus datagram: {sorted(extra)[:5]}"
    elif len(found) > case.at_most:
        verdict.wrongly_accepted = f"{len(found)} games remembered"
    elif any(not is_clean(f.game) or not is_clean(f.host) for f in found):
        verdict.wrongly_accepted = "a name listed as it came, not cleaned"
    if len(lobby.found_buttons) > SHOWN_FOUND:
        verdict.problems.append(f"{len(lobby.found_buttons)} games shown")
    for what in (verdict.crash and "crashed",
                 verdict.longest > FREEZE and f"a frame of {verdict.longest:.2f} s",
                 verdict.wrongly_accepted):
        if what:
            verdict.problems.append(str(what))
    return verdict
