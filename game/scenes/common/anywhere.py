"""Play a friend anywhere (issue 52), the screens' part: the choice made on the network
screen to host with a code (this run), the servers from the settings, the host's session, and
the words of a meeting's progress and of the host's panel (its code, finding the friend,
connecting, through the relay or directly, a wrong code typed, the fresh code while the
friend is away).

The game over the network is the same as on the local network (:mod:`game.scenes.common.
network`); only the way the two meet differs (:mod:`game.net.wormhole_session`).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.net.reasons import Why
from game.net.wire import WireError
from game.net.wormhole_link import Stage, TunnelFailed, available
from game.net.wormhole_meeting import Servers, servers
from game.net.wormhole_session import WormholeHost
from game.notices import Kind
from game.rules.text import clean
from game.ui.clipboard import copy_text

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.settings import Settings


@dataclass(frozen=True, slots=True)
class Anywhere:
    """Where a direct connection is listened for ("" every address; the tests: loopback)."""

    bind: str = ""


#: this run's places (tests replace it)
ANYWHERE = Anywhere()
#: the network screen's choice: a game hosted from it gets a code (True) or waits on this
#: network (False), for this run
_chosen: list[bool] = [False]


def choose(anywhere: bool) -> None:
    """Host the next games with a code for a friend anywhere (True) or on this network."""
    _chosen[0] = anywhere


def chosen() -> bool:
    return _chosen[0]


def servers_for(settings: Settings) -> Servers:
    """The mailbox server and relay the settings name (the public ones by default)."""
    return servers(settings.wormhole_mailbox, settings.wormhole_relay, bind=ANYWHERE.bind)


def host_session(app: AppLike, record: Mapping[str, Any], seat: str,
                 name: str) -> WormholeHost | None:
    """The host's session of a game with a code; None, said in a message, where it cannot
    be (magic-wormhole not installed, the game too big to send)."""
    if not available():
        app.notify(tr("net.anywhere.missing"), Kind.ERROR)
        return None
    try:
        return WormholeHost(record, servers_for(app.settings), seat=seat, name=name)
    except WireError as error:
        app.notify(tr("net.cannot_host", reason=str(error)[:200]), Kind.ERROR)
        return None


def reason_words(problem: TunnelFailed) -> str:
    return tr(f"net.why.{Why.read(problem.why).value}", detail=clean(problem.detail, 200)
              or "…")


def stage_text(stage: Stage, route: str = "", problem: TunnelFailed | None = None) -> str:
    """A meeting's progress in a line: getting the code, waiting for the friend, finding
    them, connecting, connected directly or through the relay, or what failed."""
    if stage is Stage.CONNECTED:
        return tr("net.connected.route", route=route_text(route)) if route \
            else tr("net.stage.connected")
    if stage is Stage.FAILED and problem is not None:
        return tr("net.stage.failed", reason=reason_words(problem))
    return tr(f"net.stage.{stage.value}")


def route_text(route: str) -> str:
    return tr("net.route.relay") if route == "relay" else tr("net.route.direct")


#: why the host's code was replaced, as its panel says it under the new code
_NEW_CODE_BECAUSE = {Why.WRONG_CODE: "net.anywhere.wrong", Why.GUEST_CLOSED: "net.anywhere.left"}


def panel_lines(host: WormholeHost, state: str, waited: str) -> list[tuple[str, int, bool]]:
    """The host's panel while it waits for its friend (the code to read aloud, the
    progress) or while the friend is away (the time, the fresh code)."""
    code = host.invite_code
    if state == "away":
        lines = [(tr("net.away.title"), 40, True), (tr("net.away.body"), 24, False),
                 (tr("net.away.time", time=waited), 30, False)]
        if code is not None:
            lines.append((tr("net.anywhere.away_code", code=code), 24, False))
        return lines
    lines = [(tr("net.waiting.title"), 44, True)]
    if code is not None:
        lines.append((tr("net.waiting.code", code=code), 56, True))
    why = host.problem.why if host.problem is not None else None
    if why in _NEW_CODE_BECAUSE and code is not None:
        lines.append((tr(_NEW_CODE_BECAUSE[why]), 24, False))
    lines.append((stage_text(host.stage, host.route, host.problem), 26, False))
    if code is not None:
        lines.append((tr("net.anywhere.how"), 22, False))
    return lines


def progress(session: object) -> tuple[object, ...] | None:
    """What the host's panel shows of its meeting (a change of it redraws the panel)."""
    if not isinstance(session, WormholeHost):
        return None
    problem = session.problem.why if session.problem is not None else None
    return session.stage, session.invite_code, problem


def copy_code(app: AppLike, host: WormholeHost) -> bool:
    """Ctrl+C on the host's panel: the code to the clipboard (False: no code yet)."""
    code = host.invite_code
    if code is None:
        return False
    copy_text(app, tr("net.anywhere.copy_text", code=code), "net.anywhere.copied")
    return True
