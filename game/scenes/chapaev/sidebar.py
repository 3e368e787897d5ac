"""The side panel of the Chapaev screen: what it shows now (the round, the turn, the pieces
and troops, the lines, the pull or the press, what to do) and the replay and pause buttons."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.rules.core import Color
from game.scenes.chapaev.flow import RoundFlow
from game.scenes.chapaev.hand import AimingHand
from game.scenes.chapaev.phases import SLIDE_SECONDS, STEP, Phase, ease
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.replay import ShotReplay
from game.scenes.chapaev.state import Stage
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import ChapaevPanel, PanelState, color_name
from game.ui.widgets import Button


class Sidebar:
    """The panel beside the table, read from the parts of the screen; its buttons pause
    (``pause``) and replay the last shot (``replay_last``)."""

    def __init__(self, stage: Stage, hand: AimingHand, press: BayonetPress, flow: RoundFlow,
                 replay: ShotReplay, *, pause: Callable[[], None],
                 replay_last: Callable[[], None]) -> None:
        self._stage = stage
        self._hand = hand
        self._press = press
        self._flow = flow
        self._replay = replay
        self._pause = pause
        self._replay_last = replay_last
        #: who plays a side, in a match over the network ("you", the friend's name)
        self.who: Callable[[Color], str] | None = None
        self.view = ChapaevPanel()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.px = 14
        self.pause_button = Button(tr("chapaev.pause"), pause)
        self.replay_button = Button(tr("chapaev.panel.replay"), replay_last)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        """The panel in ``rect``, its buttons at its foot."""
        s = scale
        self.rect = rect
        self.px = max(14, round(20 * s))
        self.view.layout(rect, s)
        self.pause_button = Button(tr("chapaev.pause"), self._pause,
                                   px=max(14, round(24 * s)))
        height = round(54 * s)
        self.pause_button.rect = pygame.Rect(rect.left + round(18 * s),
                                             rect.bottom - height - round(18 * s),
                                             rect.width - round(36 * s), height)
        self.replay_button = Button(tr("chapaev.panel.replay"), self._replay_last,
                                    px=max(14, round(22 * s)))
        self.replay_button.rect = self.pause_button.rect.move(0, -height - round(12 * s))

    def panel_state(self, alpha: float = 0.0) -> PanelState:
        """What the side panel shows now."""
        stage = self._stage
        match, phase, result = stage.match, stage.phase, stage.result
        drag, hold, replaying = self._hand.drag, self._press.pressing, self._replay.replaying
        ended = phase in (Phase.ROUND_RESULT, Phase.LINES, Phase.OVER) and result is not None
        number = match.round_number
        if phase in (Phase.ROUND_RESULT, Phase.OVER) and result is not None:
            number = result.round_number
        card: Color | None
        if phase is Phase.OVER and match.resigned and match.winner is not None:
            card = match.winner.other  # the side that gave up, as the card says
            text = tr(f"board.end.resignation.{card.name.lower()}")
        elif ended and result is not None:
            card = result.winner
            text = (tr("chapaev.panel.round_won", side=color_name(card, "nom"))
                    if card is not None else tr("chapaev.panel.round_draw"))
        else:
            card = match.turn
            text = tr("chapaev.panel.turn", side=color_name(card, "nom"))
            if self.who is not None:
                text = f"{text} ({self.who(card)})"
        if phase is Phase.LINES:
            on_board = {sl.disc for sl in self._flow.slides}
            counts = {c: (sum(1 for d in on_board if d[0] is c),) * 2
                      for c in (Color.WHITE, Color.BLACK)}
        else:
            counts = {c: (sum(1 for d in stage.cur if d[0] is c),
                          sum(1 for p in stage.setup.placements if p.piece[0] is c))
                      for c in (Color.WHITE, Color.BLACK)}
        white_row, black_row = float(match.lines.white), float(match.lines.black)
        if phase in (Phase.ROUND_RESULT, Phase.OVER) and result is not None:
            white_row = float(result.lines_before.white)
            black_row = float(result.lines_before.black)
        elif phase is Phase.LINES and result is not None:
            t = ease((stage.phase_age + alpha * STEP) / SLIDE_SECONDS)
            before, after = result.lines_before, result.lines_after
            white_row = before.white + (after.white - before.white) * t
            black_row = before.black + (after.black - before.black) * t
        strength: float | None = None
        pressing = hold is not None
        if drag is not None and stage.aim is not view.AimHelp.NONE and drag.disc in stage.table:
            strength = drag.strength(stage.table.position(drag.disc))
        elif hold is not None:
            strength = hold.strength
        if replaying is not None:
            hint = "chapaev.replay.stop"
        elif phase is Phase.AIM and stage.play.can_shoot and \
                not stage.play.person_to_shoot:
            seat = stage.play.seats[match.turn]
            hint = "net.panel.waiting" if stage.play.waiting_for is not None else \
                "net.panel.friend_turn" if seat.is_person and not seat.at_window \
                else "chapaev.panel.hint_computer"
        elif hold is not None and hold.warning > 0.0:
            hint = "chapaev.press.creaks"
        elif hold is not None and hold.enough is not None and hold.strength >= hold.enough:
            hint = "chapaev.press.enough"
        elif phase is Phase.AIM and stage.setup.bayonet and drag is None:
            hint = "chapaev.panel.hint_press"
        elif drag is not None:
            hint = "chapaev.panel.hint_release"
        elif phase is Phase.SHOT:
            hint = "chapaev.panel.hint_rolling"
        elif phase in (Phase.ROUND_RESULT, Phase.LINES):
            hint = "chapaev.panel.hint_skip"
        elif phase is Phase.OVER:
            hint = "chapaev.panel.hint_over"
        else:
            hint = "chapaev.panel.hint_aim"
        return PanelState(match, number, card, text, counts, white_row, black_row,
                          stage.flipped, strength, hint, stage.setup.troops, pressing,
                          stage.config.press_threshold,
                          hold.warn_from if hold is not None else 1.0,
                          hold.enough if hold is not None else None, self._press.glow())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        bottom = self.pause_button.rect
        can_replay = self._replay.can_replay
        if can_replay:
            bottom = self.replay_button.rect
        self.view.draw(surface, self.panel_state(alpha),
                       bottom.top - round(12 * self._stage.scale))
        if can_replay:
            self.replay_button.draw(surface)
        self.pause_button.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the pause button, or on the replay button while it is shown."""
        if self.pause_button.handle_event(event):
            return True
        return self._replay.can_replay and self.replay_button.handle_event(event)
