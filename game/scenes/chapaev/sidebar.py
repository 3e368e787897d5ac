"""The side panel of the Chapaev screen: what it shows now (the round, the turn, the pieces
and troops, the lines, the pull or the press, what to do) and the replay and pause buttons
(mixed into the Chapaev scene)."""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.rules.core import Color
from game.scenes.chapaev.phases import SLIDE_SECONDS, STEP, Phase, ease
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import PanelState, color_name


class ChapaevSidebar:
    """The panel beside the table (``self`` is the :class:`ChapaevScene`)."""

    def panel_state(self: Any, alpha: float = 0.0) -> PanelState:
        """What the side panel shows now."""
        match = self.match
        ended = self.phase in (Phase.ROUND_RESULT, Phase.LINES, Phase.OVER) and \
            self.result is not None
        number = match.round_number
        if self.phase in (Phase.ROUND_RESULT, Phase.OVER) and self.result is not None:
            number = self.result.round_number
        card: Color | None
        if self.phase is Phase.OVER and match.resigned and match.winner is not None:
            card = match.winner.other  # the side that gave up, as the card says
            text = tr(f"board.end.resignation.{card.name.lower()}")
        elif ended and self.result is not None:
            card = self.result.winner
            text = (tr("chapaev.panel.round_won", side=color_name(card, "nom"))
                    if card is not None else tr("chapaev.panel.round_draw"))
        else:
            card = match.turn
            text = tr("chapaev.panel.turn", side=color_name(card, "nom"))
        if self.phase is Phase.LINES:
            on_board = {sl.disc for sl in self.slides}
            counts = {c: (sum(1 for d in on_board if d[0] is c),) * 2
                      for c in (Color.WHITE, Color.BLACK)}
        else:
            counts = {c: (sum(1 for d in self._cur if d[0] is c),
                          sum(1 for p in self.setup.placements if p.piece[0] is c))
                      for c in (Color.WHITE, Color.BLACK)}
        white_row, black_row = float(match.lines.white), float(match.lines.black)
        if self.phase in (Phase.ROUND_RESULT, Phase.OVER) and self.result is not None:
            white_row = float(self.result.lines_before.white)
            black_row = float(self.result.lines_before.black)
        elif self.phase is Phase.LINES and self.result is not None:
            t = ease((self._phase_age + alpha * STEP) / SLIDE_SECONDS)
            before, after = self.result.lines_before, self.result.lines_after
            white_row = before.white + (after.white - before.white) * t
            black_row = before.black + (after.black - before.black) * t
        strength: float | None = None
        pressing = self.pressing is not None
        if self.drag is not None and self.aim is not view.AimHelp.NONE \
                and self.drag.disc in self.table:
            strength = self.drag.strength(self.table.position(self.drag.disc))
        elif self.pressing is not None:
            strength = self.pressing.strength
        if self.replaying is not None:
            hint = "chapaev.replay.stop"
        elif self.phase is Phase.AIM and self.play.can_shoot and \
                not self.play.person_to_shoot:
            hint = "chapaev.panel.hint_computer"
        elif self.pressing is not None and self.pressing.warning > 0.0:
            hint = "chapaev.press.creaks"
        elif self.pressing is not None and self.pressing.enough is not None and \
                self.pressing.strength >= self.pressing.enough:
            hint = "chapaev.press.enough"
        elif self.phase is Phase.AIM and self.setup.bayonet and self.drag is None:
            hint = "chapaev.panel.hint_press"
        elif self.drag is not None:
            hint = "chapaev.panel.hint_release"
        elif self.phase is Phase.SHOT:
            hint = "chapaev.panel.hint_rolling"
        elif self.phase in (Phase.ROUND_RESULT, Phase.LINES):
            hint = "chapaev.panel.hint_skip"
        elif self.phase is Phase.OVER:
            hint = "chapaev.panel.hint_over"
        else:
            hint = "chapaev.panel.hint_aim"
        hold = self.pressing
        return PanelState(match, number, card, text, counts, white_row, black_row,
                          self.flipped, strength, hint, self.setup.troops, pressing,
                          self.config.press_threshold,
                          hold.warn_from if hold is not None else 1.0,
                          hold.enough if hold is not None else None, self.press_glow())

    def _draw_panel(self: Any, surface: pygame.Surface, alpha: float) -> None:
        bottom = self.pause_button.rect
        if self.can_replay:
            bottom = self.replay_button.rect
        self.panel_view.draw(surface, self.panel_state(alpha),
                             bottom.top - round(12 * self.scale))
        if self.can_replay:
            self.replay_button.draw(surface)
        self.pause_button.draw(surface)
