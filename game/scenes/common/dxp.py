"""A DXP program in a seat of the board screen: :func:`open_dxp_board` sets up the game of
International draughts (the program's seat, ours: a person or the computer) and opens the
board; :class:`DxpView` is what the board holds of it, as it holds a :class:`NetView` for a
friend: a "connecting to the program…" panel while the seat is away, who plays each side,
T for a line of chat, and the connection closed when the board is left."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.dxp_seat import DxpSeat
from game.play.board_play import BoardPlay
from game.play.clock import ClockSpec
from game.play.seats import Seat
from game.rules.core import Color, Game
from game.scenes.common import network

if TYPE_CHECKING:
    from game.app_like import AppLike


def open_dxp_board(app: AppLike, seat: DxpSeat, ours: Seat, our_color: Color, minutes: int,
                   start: Game | None = None) -> BoardPlay:
    """The board of a game against the program in ``seat`` (which plays the other colour),
    with ``ours`` on ``our_color`` and ``minutes`` each on a chess clock (0: no clock), from
    ``start`` (None: the usual start); opened in place of the current screen."""
    seats = {our_color: ours, our_color.other: seat}
    clock = ClockSpec(minutes) if 0 < minutes <= 600 else None
    play = BoardPlay("international", game=None if start is None else start.copy(),
                     seats=seats, clock=clock)
    play.tags["Site"] = tr("dxp.site")
    if seat.opponent:
        play.tags[network.side_tag(our_color.other)] = seat.opponent[:32]
    name = network.player_name()
    if name and ours.at_window:
        play.tags[network.side_tag(our_color)] = name
    app.routes.replace("board", play=play, net=DxpView(app, play, seat))
    return play


class DxpView:
    """The board's side of a game against a DXP program: ``poll`` once an update,
    ``blocking`` while the program has not accepted yet, ``draw_over`` its panel."""

    def __init__(self, app: AppLike, play: BoardPlay, seat: DxpSeat) -> None:
        self.app = app
        self.play = play
        self.seat = seat
        self.lines: list[str] = []
        #: where the connecting panel was last drawn (for the tests of its fit)
        self.last_box: pygame.Rect | None = None
        self._was = self.state

    @property
    def state(self) -> str:
        """"waiting" (the program has not accepted yet), "playing", or "ended" (it plays no
        more: the game stays here, a local one)."""
        if self.seat.gone:
            return "ended"
        return "playing" if self.seat.ready else "waiting"

    @property
    def blocking(self) -> bool:
        return self.state == "waiting"

    def poll(self, say: Callable[[str], None] | None = None) -> None:
        """Follow the seat's state (its own notices reach the panel as the play object's
        events); what is to be said goes to ``say``. Never blocks."""
        state = self.state
        if state != self._was:
            if self._was == "waiting" and state == "playing":
                self.lines.append(tr("dxp.board.accepted", name=self._program()))
                if self.seat.opponent:
                    self.play.tags[network.side_tag(self._their_color())] = \
                        self.seat.opponent[:32]
            self._was = state
            self.app.redraw()
        if say is not None:
            for line in self.take_lines():
                say(line)

    def take_lines(self) -> list[str]:
        out, self.lines = self.lines, []
        return out

    def _their_color(self) -> Color:
        return self.seat.color if self.seat.color is not None else Color.BLACK

    def _program(self) -> str:
        name = " ".join(self.seat.opponent.split())[:32]
        return tr("dxp.board.program", name=name) if name else tr("dxp.board.unnamed")

    def who(self, color: Color) -> str:
        """Who plays ``color``: the program, "you", or the computer at its level."""
        seat = self.play.seats[color]
        if seat is self.seat:
            return self._program()
        if seat.at_window:
            return tr("net.you")
        level = seat.describe().get("level")
        return tr("players.computer", level=level) if level is not None else tr("net.you")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """T while the program plays: a line of chat to it."""
        if network.chat_key(event) and self.state == "playing":
            self.app.routes.push("name", question=tr("net.chat.ask"), text="",
                                 on_done=self.seat.say, limit=120, opened_by=getattr(event, "unicode", ""))
            return True
        return False

    def close(self) -> None:
        """The connection closes (the game stays here)."""
        self.seat.close()

    def draw_over(self, surface: pygame.Surface, area: pygame.Rect, scale: float) -> None:
        """The "connecting to the program…" panel over ``area`` while the game waits."""
        if self.blocking:
            self.last_box = network.draw_panel(surface, area, scale,
                                               [(tr("dxp.board.connecting"), 36, True)])
