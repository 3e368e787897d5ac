"""The screen that waits for a DXP program (route "dxp-wait"): listens on the DXP port
(any free port if that one is busy, said so), shows where, and opens the board once a
program asks for a game of International draughts: the person at this window plays the
colour the program left us, with the program's minutes on a chess clock if it asked for
some. Cancel (or Esc) stops listening."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.dxp_seat import DxpWaiting
from game.net.session import lan_address
from game.notices import Kind
from game.play.seats import Person
from game.scene import Scene
from game.scenes.common import network
from game.scenes.common.dxp import open_dxp_board
from game.ui import drawing, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike


def listen(port: int, bind: str) -> tuple[DxpWaiting | None, str | None]:
    """Listen on ``port`` (a free one if it is busy); the waiting, or None and why not."""
    try:
        try:
            return DxpWaiting(port, bind, name="Shashki"), None
        except OSError:
            if port == 0:
                raise
            return DxpWaiting(0, bind, name="Shashki"), None  # said by the caller
    except OSError as error:
        return None, str(error)[:200]


class DxpWaitScene(Scene):
    """Waits for a program that asks for a game; ``port``: the port wanted (None: DXP's
    usual 27531, or where this run's network places say)."""

    key = "dxp-wait"

    def __init__(self, app: AppLike, port: int | None = None) -> None:
        # where: the network's places for this run (the tests: loopback, a free port)
        wanted = network.LAN.dxp_port if port is None else port
        self.waiting, self.error = listen(wanted, network.LAN.bind)
        self.wanted = wanted
        super().__init__(app)
        if self.waiting is None:
            app.notify(tr("dxp.wait.cannot", reason=self.error or "?"), Kind.ERROR)
        elif wanted and self.waiting.address[1] != wanted:
            app.notify(tr("dxp.wait.busy", wanted=wanted, port=self.waiting.address[1]))

    @property
    def where(self) -> tuple[str, int] | None:
        """The address and port a program connects to (None: not listening)."""
        if self.waiting is None:
            return None
        host, port = self.waiting.address
        return (lan_address() if host in ("", "0.0.0.0", "::") else host), port

    # layout -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.cancel = Button(tr("net.cancel"), self.on_back, px=max(16, round(30 * s)),
                             focused=True)
        self.cancel.rect = pygame.Rect(*self._at(440, 560), round(400 * s), round(70 * s))

    def _at(self, x: float, y: float) -> tuple[int, int]:
        return (self.origin[0] + round(x * self.scale), self.origin[1] + round(y * self.scale))

    # life ---------------------------------------------------------------------------------
    def on_back(self) -> None:
        self.close()
        self.app.scenes.pop()

    def on_leave(self) -> None:
        self.close()

    on_quit = on_leave

    def close(self) -> None:
        if self.waiting is not None:
            self.waiting.close()
            self.waiting = None

    def fixed_update(self, dt: float) -> None:
        waiting = self.waiting
        if waiting is None:
            return
        before = waiting.last_error
        seat = waiting.poll()
        if seat is None:
            if waiting.last_error != before:
                self.app.redraw()  # a connection failed: said under the address
            return
        self.waiting = None  # the board owns the seat (the listener closed)
        open_dxp_board(self.app, seat, Person(), waiting.our_color, waiting.minutes,
                       waiting.start)

    # input and drawing ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_back()
            return True
        return self.cancel.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr("dxp.wait.title"), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, self._at(100, 40))
        width = round(1080 * s)
        where = self.where
        if where is None:
            lines = [(tr("dxp.wait.cannot", reason=self.error or "?"), 30, (240, 110, 90))]
        else:
            lines = [(tr("dxp.wait.where", address=where[0], port=where[1]), 36, theme.TEXT),
                     (tr("dxp.wait.how"), 24, theme.TEXT_MUTED)]
            assert self.waiting is not None
            if self.waiting.last_error:
                lines.append((tr("dxp.wait.last", reason=self.waiting.last_error[:120]), 22,
                              (240, 110, 90)))
        x, y = self._at(100, 200)
        for text, size, colour in lines:
            px = max(theme.MIN_PX, round(size * s))
            for line in theme.wrap_lines(text, px, width, 3):
                surface.blit(theme.text(line, px, colour), (x, y))
                y += round(px * 1.35)
            y += round(24 * s)
        self.cancel.draw(surface)
