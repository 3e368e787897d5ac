"""The board screen's part of a game over the network: the link polled before the play
object moves, what the other computer asked or did said in the panel (a takeback asked of
the person here is a question, as a draw is), the host's whole game shown at once, the
waiting and away panels over the board, and the buttons that make no sense there left out.
With no game over the network every method does nothing."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.play.events import DrawOffered, PlayEvent, Refused, Synced, TakebackAsked, \
    TakebackDeclined
from game.net.netplay import NetGame
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.dxp import DxpView
from game.scenes.common.network import NetView
from game.ui.board_panel import ActionSpec

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.scenes.board.state import BoardState, Host

__all__ = ["BoardNet", "DxpView", "Net", "NetView", "screen_net"]

#: what a game screen is given as its ``net`` (a friend over the network, or a DXP program)
Net = NetGame | NetView | DxpView


def screen_net(app: AppLike, net: Net | None) -> NetView | DxpView | None:
    """What the board holds of ``net`` (a bare NetGame is wrapped)."""
    return NetView(app, net) if isinstance(net, NetGame) else net


#: the buttons a game over the network does without: nothing is replayed (what was taken
#: back stays so), and no other game opens in this one's place
_NOT_OVER_NETWORK = ("board.redo", "board.new")


class BoardNet:
    """``net``: the game over the network, or None."""

    def __init__(self, net: NetView | DxpView | None, state: BoardState, app: AppLike,
                 host: Host) -> None:
        self.net = net
        self.state = state
        self.app = app
        self.host = host

    def rows(self, rows: list[list[ActionSpec]]) -> list[list[ActionSpec]]:
        """The panel's buttons for this game."""
        if self.net is None:
            return rows
        return [[spec for spec in row if spec[0] not in _NOT_OVER_NETWORK] for row in rows]

    def poll(self) -> None:
        if self.net is not None:
            self.net.poll(self.state.feedback.tell)

    def heard(self, events: list[PlayEvent]) -> list[PlayEvent]:
        """Answer the events of the game over the network; the rest, for the screen."""
        return [event for event in events if not self._hear(event)]

    def _hear(self, event: PlayEvent) -> bool:
        play, feedback = self.state.play, self.state.feedback
        if isinstance(event, DrawOffered) and play.draws.offered is not None \
                and not play.seats[event.by.other].at_window:
            feedback.say("net.draw.asked")  # the friend over the network answers
        elif isinstance(event, TakebackAsked):
            if play.seats[event.by].at_window:  # asked from here: the answer comes later
                feedback.say("net.takeback.asked")
            else:  # asked from there: the person here answers
                self.app.scenes.push(ConfirmDialog(
                    self.app, "net.ask.takeback", "net.ask.takeback.yes",
                    lambda: self._answer_takeback(True), cancel_key="net.ask.takeback.no",
                    on_cancel=lambda: self._answer_takeback(False)))
        elif isinstance(event, TakebackDeclined):
            feedback.say("net.takeback.declined")
        elif isinstance(event, Refused) and self.net is not None:
            feedback.say("net.refused", reason=event.reason[:200])
        elif isinstance(event, Synced):  # the host's whole game: shown as it is, no glide
            self.host.finish_glide(check_end=False)
            self.state.hand.put_down()
            self.app.redraw()
            self.host.changed()
            self.host.check_end()
        else:
            return False
        feedback.flash = 0.0
        return True

    def _answer_takeback(self, accept: bool) -> None:
        self.state.play.takebacks.answer(accept)
        self.host.take_events()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.net is not None and self.net.handle_event(event)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
        if self.net is not None:
            self.net.draw_over(surface, rect, scale)

    def close(self) -> None:
        """Leave the game over the network (it stays here, to be continued)."""
        if self.net is not None:
            self.net.close()
