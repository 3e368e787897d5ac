"""The two ends of a game played with a friend anywhere: the same session as on the local
network (:mod:`game.net.session`: hello, welcome with a resume token, refuse, ping, bye, and
the game's own messages), over links that a meeting through magic-wormhole made
(:mod:`game.net.wormhole_link`) instead of a port listened on.

The host asks the mailbox server for a code (``invite_code``, words to read aloud) and waits;
the guest types it; the two meet, agree a key, connect (``route``: "direct" or "relay"), and
the guest says hello over the new link exactly as it would over TCP. A wrong code fails both
meetings (the key exchange's check): the guest is refused (:attr:`Why.WRONG_CODE`), the host
is told (``problem``) and gets a new code at once. A code nobody waits under (used already,
mistyped) is refused as :attr:`Why.NO_SUCH_CODE` after :data:`FIND_WITHIN` seconds.

A link that drops pauses both sides as on the local network. They meet again by themselves:
each goes back to the mailbox under a code made from the resume token of the last welcome
(:func:`~game.net.wormhole_link.return_code`, a secret of the two) and the guest says hello
with its token. Meanwhile the host also shows a fresh code, for a guest whose game was closed
and opened again (its token lost with it): typed in, it takes the waiting seat back. After
:data:`~game.net.session.RECONNECT_WINDOW` seconds both give up.

Public API: ``WormholeHost(game, servers, *, seat="black", name="")`` with ``invite_code``,
``stage``, ``route``, ``problem`` (and all of :class:`~game.net.session.Host`);
``WormholeGuest(code, servers, *, name="")`` with ``stage``, ``route``, ``wormhole_code`` (and
all of :class:`~game.net.session.Guest`).
"""
from __future__ import annotations

import socket
from collections.abc import Mapping
from typing import Any

from game.net.reasons import Why
from game.net.session import (AWAY, CLOSED, CONNECTING, PLAYING, RECONNECT_WINDOW,
                              RECONNECTING, REFUSED, WAITING, GaveUp, Guest, Host, Refused)
from game.net.wormhole_link import (FIND_WITHIN, Servers, Stage, Tunnel, TunnelFailed,
                                    return_code, valid_code)

#: seconds before a meeting that failed (the server not reached, no way through) is tried
#: again by a host waiting for its guest, or by either side of a link that dropped
RETRY_AFTER = 3.0
#: what a refusal names as the other side's address (a wormhole has none to show)
WORMHOLE = "wormhole"
#: the failures of a guest's first meeting that are the code's: refused, not given up
_CODE_PROBLEMS = frozenset({Why.WRONG_CODE, Why.NO_SUCH_CODE, Why.CODE_IN_USE, Why.BAD_CODE})

__all__ = ["FIND_WITHIN", "WormholeGuest", "WormholeHost", "Servers", "Stage"]


class WormholeHost(Host):
    """A host whose guest finds it through the wormhole by a code; polled once a frame."""

    def __init__(self, game: Mapping[str, Any], servers: Servers, *, seat: str = "black",
                 name: str = "") -> None:
        self.servers = servers
        self._invite: Tunnel | None = None  # the code shown: a guest's first way in
        self._return: Tunnel | None = None  # the guest's way back, by the token's code
        self._retry_at = 0.0
        #: why the last meeting failed (a wrong code typed, the server not reached), if one did
        self.problem: TunnelFailed | None = None
        #: how the guest is connected now: "direct" or "relay" ("" before it came)
        self.route = ""
        # (the key exchange proves the guest knew the code: its hello says none)
        super().__init__(game, code="", seat=seat, name=name)
        self._invite = Tunnel(servers, host=True, find_within=None)

    def _listen(self, bind: str, port: int) -> list[socket.socket]:
        return []  # no port: the guest comes through the wormhole

    def address(self) -> tuple[str, int]:
        return WORMHOLE, 0

    @property
    def invite_code(self) -> str | None:
        """The code a friend types to come in (None while the server makes it)."""
        invite = self._invite
        if invite is None or invite.stage in (Stage.STARTING, Stage.FAILED):
            return None
        return invite.code

    @property
    def stage(self) -> Stage:
        """Where the friend's way in is: getting the code, waiting for the friend, the friend
        found and connecting, connected (or failed, waiting to try again)."""
        if self.state == PLAYING:
            return Stage.CONNECTED
        stages = [t.stage for t in (self._invite, self._return) if t is not None]
        for stage in (Stage.CONNECTING, Stage.CONNECTED, Stage.WAITING, Stage.FINDING,
                      Stage.STARTING):
            if stage in stages:
                return stage
        return Stage.FAILED if self.problem is not None else Stage.STARTING

    def close(self) -> None:
        self._cancel_tunnels()
        super().close()

    # --- inside

    def _accept(self, now: float) -> None:
        for tunnel in (self._invite, self._return):
            if tunnel is None:
                continue
            sock = tunnel.take_socket()
            if sock is not None:
                self.route = tunnel.route
                self._admit(sock, WORMHOLE, now)
                self._forget(tunnel)
            elif tunnel.stage is Stage.FAILED:
                invited = tunnel is self._invite
                self._forget(tunnel)
                assert tunnel.failure is not None
                self.problem = tunnel.failure
                if tunnel.failure.why is Why.WRONG_CODE and invited:
                    self._report(Refused(WORMHOLE, Why.WRONG_CODE))  # a new code at once
                # (so too for a friend who left once found: the code is spent, and the friend
                # may try again at once)
                elif tunnel.failure.why is not Why.GUEST_CLOSED:
                    self._retry_at = now + RETRY_AFTER
        if self.state == PLAYING and not self._pending:
            self._cancel_tunnels()
        elif self.state in (WAITING, AWAY) and now >= self._retry_at:
            if self._invite is None:
                self._invite = Tunnel(self.servers, host=True, find_within=None)
            if self.state == AWAY and self._return is None and self._token is not None:
                self._return = Tunnel(self.servers, host=True, code=return_code(self._token),
                                      find_within=None)

    def _report(self, refusal: Refused) -> None:
        super()._report(refusal)
        if refusal.reason in (Why.LEFT, Why.DROPPED, Why.GUEST_CLOSED) and self.state == WAITING:
            # the friend came through the wormhole and went before its hello: the code is
            # spent, and the panel says why the new one is there (as when the tunnel failed)
            self.problem = TunnelFailed(Why.GUEST_CLOSED)

    def _forget(self, tunnel: Tunnel) -> None:
        if tunnel is self._invite:
            self._invite = None
        if tunnel is self._return:
            self._return = None

    def _cancel_tunnels(self) -> None:
        for tunnel in (self._invite, self._return):
            if tunnel is not None:
                tunnel.cancel()
        self._invite = self._return = None


class WormholeGuest(Guest):
    """The friend who joins with the host's code; polled once a frame."""

    def __init__(self, code: str, servers: Servers, *, name: str = "",
                 find_within: float = FIND_WITHIN) -> None:
        super().__init__(WORMHOLE, 0, "", name=name)
        self.wormhole_code = code
        self.servers = servers
        #: how the link to the host goes: "direct" or "relay" ("" before it is made)
        self.route = ""
        self._tunnel: Tunnel | None = None
        if valid_code(code):
            self._tunnel = Tunnel(servers, host=False, code=code, find_within=find_within)
        else:
            self._end(Refused(WORMHOLE, Why.BAD_CODE, code))

    @property
    def stage(self) -> Stage:
        """Where the way to the host is: looking for it under the code, connecting,
        connected (or failed)."""
        if self._link is not None:
            return Stage.CONNECTED if self.state == PLAYING else Stage.CONNECTING
        if self._tunnel is not None:
            return self._tunnel.stage
        return Stage.FAILED if self.state in (CLOSED, REFUSED) else Stage.FINDING

    # --- inside

    def _connect(self, now: float) -> None:
        if self.state == RECONNECTING and now - self._lost_at >= RECONNECT_WINDOW:
            self._end(GaveUp(Why.GAVE_UP))
            return
        tunnel = self._tunnel
        if tunnel is None:
            if now < self._next_try or self._token is None:
                return
            # back by the code the two made of the last welcome's token: the host waits too
            tunnel = self._tunnel = Tunnel(self.servers, host=False,
                                           code=return_code(self._token), find_within=None)
        sock = tunnel.take_socket()
        if sock is not None:
            self._tunnel = None
            self.route = tunnel.route
            self._try_began = now
            self._say_hello(sock, now)
        elif tunnel.stage is Stage.FAILED:
            self._tunnel = None
            problem = tunnel.failure or TunnelFailed(Why.NO_CONNECTION)
            if self.state == CONNECTING:
                self._end(Refused(WORMHOLE, problem.why, problem.detail)
                          if problem.why in _CODE_PROBLEMS else GaveUp(problem.why,
                                                                       problem.detail))
            else:
                self._next_try = now + RETRY_AFTER

    def _failed(self, now: float, reason: Why, detail: str = "") -> None:
        """The link through the tunnel closed before the host's welcome: a first join gives
        up, a return meets again a little later."""
        if self._link is not None:
            self._link.close(reason, detail)
            self._link = None
        if self.state == CONNECTING:
            self._end(GaveUp(reason, detail))
        else:
            self._next_try = now + RETRY_AFTER

    def _drop_socket(self) -> None:
        super()._drop_socket()
        if self._tunnel is not None:
            self._tunnel.cancel()
            self._tunnel = None
