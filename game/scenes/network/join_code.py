"""The form that joins a friend anywhere (route "join-code", issue 52): the code the friend
reads out (a number and words); Join meets the friend's game through magic-wormhole's servers
without holding the window, the line under the field saying how far it is (finding the
friend, connecting, through the relay or directly), Cancel at every step; a wrong or used
code is said plainly and the form stays filled; the host's welcome opens the game's screen
with the game over the network, as the local network's join form does."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.netplay import NetGame, WelcomeReader
from game.net.session import GaveUp, Refused
from game.net.wire import Message
from game.net.wormhole_link import FIND_WITHIN, Stage, available, normal_code, valid_code
from game.net.wormhole_session import WormholeGuest
from game.scenes.common import anywhere, network
from game.scenes.network.fields import TextField
from game.scenes.network.form import ConnectForm
from game.ui import theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike


def _code_char(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c in " -")


class JoinCodeScene(ConnectForm):
    """Join a friend's game anywhere with the code they read out."""

    key = "join-code"
    title_key = "net.anywhere.title"
    subtitle_key = "net.anywhere.subtitle"
    go_key = "net.join.go"
    hint_key = "net.anywhere.hint"
    state_y = 400
    #: seconds nobody may answer under the code before it is said to be used or mistyped
    find_within = FIND_WITHIN

    def __init__(self, app: AppLike, code: str = "") -> None:
        self.code = TextField("net.anywhere.code", code, limit=100, allowed=_code_char)
        self.guest: WormholeGuest | None = None
        #: what the host sent with its welcome (its whole game now, a clock), for the game
        self.early: list[Message] = []
        #: the host's game, read off the frame loop
        self.reader = WelcomeReader()
        super().__init__(app, [self.code], 0)

    def lay_out(self, px: int) -> None:
        s = self.scale
        self.code.rect = pygame.Rect(*self._at(400, 220), round(780 * s), round(64 * s))
        self.code.px = px
        self.servers = Button(tr("net.anywhere.servers"), self.open_servers, px=px)
        self.servers.rect = pygame.Rect(*self._at(400, 310), round(300 * s), round(56 * s))
        self.servers.px = theme.fit(self.servers.label, px,
                                    self.servers.rect.width - round(16 * s))[1]

    def choices(self) -> list[Button]:
        return [self.servers]

    def draw_fields(self, surface: pygame.Surface) -> None:
        super().draw_fields(surface)
        if not self.busy:
            self.servers.draw(surface)

    @property
    def busy(self) -> bool:
        return self.guest is not None

    def connecting_text(self) -> str:
        guest = self.guest
        if guest is None:
            return ""
        stage = guest.stage
        # (reaching the server is, to the one who typed a code, finding the friend)
        return anywhere.stage_text(Stage.FINDING if stage is Stage.STARTING else stage,
                                   guest.route)

    # the form -----------------------------------------------------------------------------
    def start(self) -> None:
        """Meet the friend's game under the code typed (the window goes on)."""
        if self.guest is not None:
            return
        self.error = None
        code = normal_code(self.code.text)
        if not valid_code(code):
            self.error = tr("net.error.anywhere_code")
            return
        if not available():
            self.error = tr("net.anywhere.missing")
            return
        self.app.sound.play("ui")
        self.guest = WormholeGuest(code, anywhere.servers_for(self.app.settings),
                                   name=network.player_name(), find_within=self.find_within)
        self.early = []
        self.begin_connecting()

    def stop(self) -> None:
        """Cancel a join under way (at whatever step): the form stays as it was typed."""
        self.reader.drop()
        if self.guest is not None:
            self.guest.close()
            self.guest = None

    def open_servers(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("net-servers")

    def fixed_update(self, dt: float) -> None:
        guest = self.guest
        if guest is None:
            return
        shown = guest.stage
        self.early.extend(guest.poll()[:64])  # the host's first words, for the game
        for event in guest.events():
            if isinstance(event, (Refused, GaveUp)):
                key = "net.error.refused" if isinstance(event, Refused) else "net.error.failed"
                self.failed(tr(key, reason=network.reason_text(event.reason, event.detail)))
                return
        if guest.state in ("closed", "refused"):
            self.failed(tr("net.error.failed", reason=guest.state))
        elif guest.state == "playing" and guest.welcome is not None:
            self._welcomed(guest)
        elif guest.stage is not shown:
            self.app.redraw()

    def _welcomed(self, guest: WormholeGuest) -> None:
        read = network.welcome_game(self.reader, guest.welcome, self.failed)
        if read is None:
            return  # still being read (the form keeps drawing), or refused
        play, host_color = read
        self.guest = None  # the game's screen owns the link from now on
        name = network.player_name()
        if name:  # the saved game says who played where
            play.tags[network.side_tag(host_color.other)] = name
        net = NetGame(play, guest, host_color, host=False, name="", address=guest.route)
        net.feed(self.early)
        self.early = []
        view = network.NetView(self.app, net)
        self.app.notify(anywhere.stage_text(guest.stage, guest.route))
        self.app.routes.replace(play.kind, play=play, net=view)
