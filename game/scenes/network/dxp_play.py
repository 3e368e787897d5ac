"""The form that asks a DXP program for a game of International draughts (route
"dxp-play"): its address and port, our colour, the minutes and moves, and who plays our
side (the person here, or the computer at a level). Start connects without holding the
window ("connecting…", with Cancel); once the program accepts, the board opens; a program
that refuses, does not answer or is not there is said, and the form stays as typed."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.ai.levels import LEVELS
from game.i18n import tr
from game.net.dxp import PORT
from game.net.dxp_seat import DxpSeat
from game.play.computer import ComputerPlayer
from game.play.seats import Person, Seat
from game.rules.core import Color
from game.scenes.common.dxp import open_dxp_board
from game.scenes.network.fields import ADDRESS_CHARS, TextField
from game.scenes.network.form import ConnectForm
from game.ui import theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike

#: how long the program has to accept, after the connection opened, before we give up
ANSWER_SECONDS = 20.0


def refusal_text(notice_key: str, values: dict[str, object]) -> str:
    """What the form says of the seat's last notice (a refusal, or a link that failed)."""
    if notice_key == "board.dxp.refused":
        code = int(str(values.get("code", 0)))
        why = tr(f"dxp.refused.{code}") if code in (1, 2, 3) else tr("dxp.refused.other")
        return tr("dxp.error.refused", code=code, why=why)
    reason = str(values.get("reason", values.get("name", "")))[:200]
    return tr("dxp.error.failed", reason=reason)


class DxpPlayScene(ConnectForm):
    """Ask the program at ``address``:``port`` for a game."""

    key = "dxp-play"
    title_key = "dxp.play.title"
    subtitle_key = "dxp.play.subtitle"
    go_key = "dxp.go"
    hint_key = "dxp.hint"
    state_y = 555
    buttons_y = 640

    def __init__(self, app: AppLike, address: str = "127.0.0.1", port: int = PORT) -> None:
        digits = str.isdigit
        self.address = TextField("net.address", address, limit=253,
                                 allowed=lambda c: c in ADDRESS_CHARS)
        self.port = TextField("net.port", str(port), limit=5, allowed=digits)
        self.minutes = TextField("dxp.minutes", "5", limit=3, allowed=digits)
        self.moves = TextField("dxp.moves", "75", limit=3, allowed=digits)
        self.level = TextField("dxp.level", "4", limit=1, allowed=digits)
        self.our_color = Color.WHITE
        self.computer = False  # who plays our side: the person here, or the computer
        self.seat: DxpSeat | None = None
        self.ours: Seat | None = None
        super().__init__(app, [self.address, self.port, self.minutes, self.moves, self.level],
                         0 if not address else 2)

    def lay_out(self, px: int) -> None:
        s = self.scale
        places = ((400, 170, 700), (400, 245, 200), (400, 395, 150), (830, 395, 150),
                  (830, 470, 150))
        for field, (x, y, width) in zip(self.fields, places):
            field.rect = pygame.Rect(*self._at(x, y), round(width * s), round(56 * s))
            field.px = px
        self.color_button = Button("", self.toggle_color, px=px)
        self.color_button.rect = pygame.Rect(*self._at(400, 320), round(300 * s), round(56 * s))
        self.who_button = Button("", self.toggle_who, px=px)
        self.who_button.rect = pygame.Rect(*self._at(400, 470), round(260 * s), round(56 * s))
        self._label_choices()

    def _label_choices(self) -> None:
        self.color_button.label = tr(f"dxp.color.{self.our_color.name.lower()}")
        self.who_button.label = tr("dxp.who.computer" if self.computer else "dxp.who.me")

    @property
    def busy(self) -> bool:
        return self.seat is not None

    def connecting_text(self) -> str:
        return tr("dxp.connecting", address=self.address.text.strip(), port=self.port.text)

    def choices(self) -> list[Button]:
        return [self.color_button, self.who_button]

    def active(self) -> list[TextField]:
        """The fields typed into now (the level only when the computer plays our side)."""
        return self.fields if self.computer else self.fields[:-1]

    # the form -----------------------------------------------------------------------------
    def toggle_color(self) -> None:
        self.our_color = self.our_color.other
        self._label_choices()

    def toggle_who(self) -> None:
        self.computer = not self.computer
        if not self.computer and self.typing == len(self.fields) - 1:
            self.typing = 0
            self._focus_field()
        self._label_choices()

    def check(self) -> tuple[str, int, int, int, int] | None:
        """The address, port, minutes, moves and level typed (level 0: the person here), or
        None with ``error`` saying what is wrong."""
        address = self.address.text.strip().strip("[]")
        port, minutes, moves, level = (int(f.text) if f.text.isdigit() else -1
                                       for f in self.fields[1:])
        wrong: tuple[str, int] | None = None
        if not address:
            wrong = tr("net.error.address"), 0
        elif not 1 <= port <= 65535:
            wrong = tr("net.error.port"), 1
        elif not 1 <= minutes <= 600:
            wrong = tr("dxp.error.minutes"), 2
        elif not 0 <= moves <= 999:
            wrong = tr("dxp.error.moves"), 3
        elif self.computer and level not in LEVELS:
            wrong = tr("dxp.error.level", most=max(LEVELS)), 4
        if wrong is None:
            return address, port, minutes, moves, level if self.computer else 0
        self.error, self.typing = wrong
        self._focus_field()
        return None

    def start(self) -> None:
        """Connect to the program and ask for the game (the window goes on: polled)."""
        if self.seat is not None:
            return
        self.error = None
        checked = self.check()
        if checked is None:
            return
        address, port, minutes, moves, level = checked
        self.app.sound.play("ui")
        self.seat = DxpSeat.initiate(address, port, self.our_color, minutes, moves)
        self.ours = ComputerPlayer(level) if level else Person()
        self.begin_connecting()

    def stop(self) -> None:
        """Cancel a connection under way: the form stays as it was typed."""
        if self.seat is not None:
            self.seat.close()
            self.seat = None
        if self.ours is not None:
            self.ours.close()
            self.ours = None

    def fixed_update(self, dt: float) -> None:
        seat = self.seat
        if seat is None:
            return
        seat.present  # noqa: B018 - reading it reads the connection while it opens
        if seat.ready:
            ours, self.seat, self.ours = self.ours, None, None  # the board owns them now
            assert ours is not None
            open_dxp_board(self.app, seat, ours, self.our_color, int(self.minutes.text),
                           seat.start)
        elif seat.gone:
            notice = seat.notice
            self.failed(tr("dxp.error.failed", reason="?") if notice is None
                         else refusal_text(notice.key, dict(notice.values)))
        elif time.monotonic() - self.began > ANSWER_SECONDS:
            self.failed(tr("dxp.error.failed", reason=tr(
                "dxp.error.timeout", seconds=round(ANSWER_SECONDS))))

    # drawing ------------------------------------------------------------------------------
    def draw_fields(self, surface: pygame.Surface) -> None:
        s = self.scale
        label_px = max(15, round(28 * s))
        labels = [(f.label_key, f.rect, f.focused) for f in self.active()]
        labels += [("dxp.color", self.color_button.rect, False),
                   ("dxp.who", self.who_button.rect, False)]
        for key, rect, focused in labels:
            left = 100 if rect.left < self._at(700, 0)[0] else 700
            words, px = theme.fit(tr(key), label_px, round((280 if left == 100 else 120) * s),
                                  True)
            label = theme.text(words, px, theme.ACCENT if focused else theme.TEXT, True)
            surface.blit(label, label.get_rect(midleft=(self._at(left, 0)[0], rect.centery)))
        for field in self.active():
            field.draw(surface, s)
        self.color_button.draw(surface)
        self.who_button.draw(surface)
