"""The join form (route "join"): the friend's address, port and code; Join connects without
holding the window ("connecting…", with Cancel); a refusal or a failure is said and the form
stays filled; the host's welcome opens the game's screen with the game over the network.

What the host sends in the same moment as its welcome (its game as it is now, a clock) is
given to the game over the network when it begins: a guest that comes back to a game under
way (its own game closed and opened again) starts from where the host is."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGES, STRINGS, tr
from game.net.netplay import NetGame, WelcomeReader
from game.net.session import CODE_LENGTH, GaveUp, Guest, Refused
from game.net.wire import Message
from game.rules.text import clean
from game.scenes.common import network
from game.scenes.network.fields import ADDRESS_CHARS, TextField
from game.scenes.network.form import ConnectForm

if TYPE_CHECKING:
    from game.app_like import AppLike


class JoinScene(ConnectForm):
    """Join a friend's game at ``address``:``port`` with its code."""

    key = "join"
    title_key = "net.join.title"
    subtitle_key = "net.join.subtitle"
    go_key = "net.join.go"
    hint_key = "net.join.hint"

    def __init__(self, app: AppLike, address: str = "", port: int = network.HOST_PORT,
                 code: str = "", friend: str = "", game: str = "") -> None:
        self.address = TextField("net.address", address, limit=253,
                                 allowed=lambda c: c in ADDRESS_CHARS)
        self.port = TextField("net.port", str(port), limit=5, allowed=str.isdigit)
        self.code = TextField("net.code", code, limit=12,
                              allowed=lambda c: c.isascii() and c.isalnum())
        self.friend = friend
        #: the name of the game the host announced on the local network ("": typed in)
        self.announced = game
        self.guest: Guest | None = None
        #: what the host sent with its welcome (its whole game now, a clock), for the game
        self.early: list[Message] = []
        #: the host's game being read off the frame loop (a record of a thousand shots is
        #: a good part of a second's work)
        self.reader = WelcomeReader()
        fields = [self.address, self.port, self.code]
        # the field typed into: the first empty one
        super().__init__(app, fields, next((i for i, f in enumerate(fields) if not f.text), 2))

    def lay_out(self, px: int) -> None:
        s = self.scale
        for i, (field, width) in enumerate(zip(self.fields, (700, 220, 300))):
            field.rect = pygame.Rect(*self._at(400, 190 + i * 90), round(width * s),
                                     round(60 * s))
            field.px = px

    @property
    def busy(self) -> bool:
        return self.guest is not None

    def connecting_text(self) -> str:
        return tr("net.connecting", address=self.address.text.strip(), port=self.port.text)

    # the form -----------------------------------------------------------------------------
    def check(self) -> tuple[str, int, str] | None:
        """The address, port and code typed, or None with ``error`` saying what is wrong."""
        address = self.address.text.strip().strip("[]")
        code = "".join(self.code.text.split())
        port = int(self.port.text) if self.port.text.isdigit() else 0
        if not address:
            self.error, self.typing = tr("net.error.address"), 0
        elif not 1 <= port <= 65535:
            self.error, self.typing = tr("net.error.port"), 1
        elif len(code) != CODE_LENGTH:
            self.error, self.typing = tr("net.error.code"), 2
        else:
            return address, port, code
        self._focus_field()
        return None

    def start(self) -> None:
        """Connect to the host (the window goes on: the answer is polled)."""
        if self.guest is not None:
            return
        self.error = None
        checked = self.check()
        if checked is None:
            return
        address, port, code = checked
        self.app.sound.play("ui")
        self.guest = Guest(address, port, code, name=network.player_name())
        self.early = []
        self.begin_connecting()

    join = start

    def stop(self) -> None:
        """Cancel a join under way: the form stays as it was typed."""
        self.reader.drop()
        if self.guest is not None:
            self.guest.close()
            self.guest = None

    def fixed_update(self, dt: float) -> None:
        guest = self.guest
        if guest is None:
            return
        self.early.extend(guest.poll()[:64])  # the host's first words, for the game
        for event in guest.events():
            if isinstance(event, Refused):
                self.failed(tr("net.error.refused", reason=network.reason_text(event.reason,
                                                                           event.detail)))
                return
            if isinstance(event, GaveUp):
                self.failed(tr("net.error.failed", reason=network.reason_text(event.reason,
                                                                           event.detail)))
                return
        if guest.state in ("closed", "refused"):
            self.failed(tr("net.error.failed", reason=guest.state))
        elif guest.state == "playing" and guest.welcome is not None:
            self._welcomed(guest)

    def _welcomed(self, guest: Guest) -> None:
        read = network.welcome_game(self.reader, guest.welcome, self.failed)
        if read is None:
            return  # still being read (the form keeps drawing), or refused
        play, host_color = read
        if not announced_as(self.announced, play.game_key):
            play.close()
            self.failed(tr("net.error.game", reason=tr("net.error.not_announced",
                                                       game=clean(self.announced, 60))))
            return
        self.guest = None  # the game's screen owns the link from now on
        name = network.player_name()
        if name:  # the saved game says who played where
            play.tags[network.side_tag(host_color.other)] = name
        net = NetGame(play, guest, host_color, host=False, name=self.friend,
                      address=self.address.text.strip())
        net.feed(self.early)
        self.early = []
        view = network.NetView(self.app, net, friend=self.friend)
        self.app.routes.replace(play.kind, play=play, net=view)


def announced_as(title: str, key: str) -> bool:
    """Whether a game announced on the local network as ``title`` may be game ``key`` (its
    route's game: a variant, or chapaev). A title that names a game of the collection, in any
    of its languages, must name this one (a host does not announce one game and send
    another); any other title (none, a newer version's game) says nothing against it."""
    named = {name[len("game."):] for name, words in STRINGS.items()
             if name.startswith("game.") and name.count(".") == 1
             and title in (words.get(lang) for lang in LANGUAGES)}
    return not named or key in named
