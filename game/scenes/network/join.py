"""The join form (route "join"): the friend's address, port and code; Join connects without
holding the window ("connecting…", with Cancel); a refusal or a failure is said and the form
stays filled; the host's welcome opens the game's screen with the game over the network.

What the host sends in the same moment as its welcome (its first ``sync``, a clock) is not
kept: the welcome holds the same game, the host sends its clocks again each second, and a
guest that fell out of step is sent the whole game."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.netplay import NetGame, guest_play
from game.net.session import CODE_LENGTH, GaveUp, Guest, Refused
from game.play.board_play import BoardPlay
from game.play.chapaev_play import ChapaevPlay
from game.play.records import RecordError
from game.scene import Scene
from game.scenes.common import network
from game.scenes.network.fields import ADDRESS_CHARS, TextField, draw_state_line, text_input
from game.ui import drawing, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App


class JoinScene(Scene):
    """Join a friend's game at ``address``:``port`` with its code."""

    key = "join"

    def __init__(self, app: App, address: str = "", port: int = network.HOST_PORT,
                 code: str = "", friend: str = "") -> None:
        self.address = TextField("net.address", address, limit=253,
                                 allowed=lambda c: c in ADDRESS_CHARS)
        self.port = TextField("net.port", str(port), limit=5, allowed=str.isdigit)
        self.code = TextField("net.code", code, limit=12,
                              allowed=lambda c: c.isascii() and c.isalnum())
        self.fields = [self.address, self.port, self.code]
        self.friend = friend
        #: the field typed into: the first empty one
        self.typing = next((i for i, f in enumerate(self.fields) if not f.text), 2)
        self.guest: Guest | None = None
        self.error: str | None = None
        self.began = 0.0
        super().__init__(app)
        self._focus_field()

    # layout -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        px = max(16, round(28 * s))
        widths = (700, 220, 300)
        for i, field in enumerate(self.fields):
            field.rect = pygame.Rect(*self._at(400, 190 + i * 90), round(widths[i] * s),
                                     round(60 * s))
            field.px = px
        big = max(16, round(30 * s))
        self.go = Button(tr("net.join.go"), self.join, px=big, focused=True)
        self.go.rect = pygame.Rect(*self._at(540, 560), round(400 * s), round(70 * s))
        self.cancel = Button(tr("net.cancel"), self.stop, px=big)
        self.cancel.rect = self.go.rect.copy()
        self.back = Button(tr("common.back"), self.on_back, px=big)
        self.back.rect = pygame.Rect(*self._at(100, 560), round(300 * s), round(70 * s))

    def _at(self, x: float, y: float) -> tuple[int, int]:
        return (self.origin[0] + round(x * self.scale), self.origin[1] + round(y * self.scale))

    def _focus_field(self) -> None:
        for i, field in enumerate(self.fields):
            field.focused = i == self.typing

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

    def join(self) -> None:
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
        self.began = time.monotonic()

    def stop(self) -> None:
        """Cancel a join under way: the form stays as it was typed."""
        if self.guest is not None:
            self.guest.close()
            self.guest = None

    def on_back(self) -> None:
        self.stop()
        self.app.scenes.pop()

    def on_leave(self) -> None:
        self.stop()
        text_input(False)

    on_quit = on_leave

    def on_enter(self) -> None:
        text_input(True)

    # time ---------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.guest is not None  # the dots of "connecting…"

    def fixed_update(self, dt: float) -> None:
        guest = self.guest
        if guest is None:
            return
        guest.poll()
        for event in guest.events():
            if isinstance(event, Refused):
                self._failed(tr("net.error.refused", reason=network.reason_text(event.reason)))
                return
            if isinstance(event, GaveUp):
                self._failed(tr("net.error.failed", reason=network.reason_text(event.reason)))
                return
        if guest.state in ("closed", "refused"):
            self._failed(tr("net.error.failed", reason=guest.state))
        elif guest.state == "playing" and guest.welcome is not None:
            self._welcomed(guest)

    def _failed(self, message: str) -> None:
        self.stop()
        self.error = message
        self.app.redraw()

    def _welcomed(self, guest: Guest) -> None:
        welcome = guest.welcome
        assert welcome is not None
        try:
            play, host_color = guest_play(welcome.fields.get("game"),
                                          welcome.fields.get("seat"))
        except (RecordError, ValueError) as error:
            self._failed(tr("net.error.game", reason=str(error)[:200]))
            return
        self.guest = None  # the game's screen owns the link from now on
        name = network.player_name()
        if isinstance(play, BoardPlay) and name:  # the saved game says who played where
            play.tags[network.side_tag(host_color.other)] = name
        net = NetGame(play, guest, host_color, host=False, name=self.friend,
                      address=self.address.text.strip())
        view = network.NetView(self.app, net, friend=self.friend)
        route = "chapaev" if isinstance(play, ChapaevPlay) else "board"
        self.app.routes.replace(route, play=play, net=view)

    # input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        if self.guest is not None:
            return self.cancel.handle_event(event)
        if self.go.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, field in enumerate(self.fields):
                if field.rect.collidepoint(event.pos):
                    self.typing = i
                    self._focus_field()
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join()
                return True
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
                back = event.key == pygame.K_UP or bool(event.mod & pygame.KMOD_SHIFT)
                self.typing = (self.typing + (-1 if back else 1)) % len(self.fields)
                self._focus_field()
                return True
        return self.fields[self.typing].handle_key(event)

    # drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr("net.join.title"), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, self._at(100, 40))
        words, px = theme.fit(tr("net.join.subtitle"), max(14, round(24 * s)), round(1080 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), self._at(104, 110))
        label_px = max(15, round(28 * s))
        for field in self.fields:
            words, px = theme.fit(tr(field.label_key), label_px, round(280 * s), True)
            label = theme.text(words, px, theme.ACCENT if field.focused else theme.TEXT, True)
            surface.blit(label, label.get_rect(midleft=(self._at(100, 0)[0],
                                                        field.rect.centery)))
            field.draw(surface, s)
        connecting = None if self.guest is None else tr(
            "net.connecting", address=self.address.text.strip(), port=self.port.text)
        draw_state_line(surface, self._at(100, 470), s, connecting, self.began, self.error)
        (self.cancel if self.guest is not None else self.go).draw(surface)
        self.back.draw(surface)
        words, px = theme.fit(tr("net.join.hint"), max(theme.MIN_PX, round(18 * s)),
                              round(1080 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), self._at(100, 760))
