"""The slow replay of the last shot at the Chapaev table: R (or the panel's button) plays the
shot again from the table it started on, slowly, every moving piece's path traced behind it;
then the table is back where it is now. Esc, R or a click stops it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.rules.core import Color
from game.scenes.chapaev.banners import Banners
from game.scenes.chapaev.hand import AimingHand
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.state import Stage
from game.ui import chapaev_view as view
from game.ui import theme
from game.ui.chapaev_troops import draw_troop
from physics import ShotTrace, body_of

if TYPE_CHECKING:
    from game.app_like import AppLike

REPLAY_SPEED = 0.3  # a replayed second of the shot takes 1 / 0.3 s on the screen
REPLAY_LEAD = 0.5  # the starting table shown still this long before the shot moves
REPLAY_HOLD = 0.8  # and the shot's end this long after it is over


@dataclass(slots=True)
class ReplayShow:
    """A shot being played again: its trace and how long the replay has been on."""

    trace: ShotTrace
    age: float = 0.0

    @property
    def shot_time(self) -> float:
        """Where in the shot the replay is (seconds of the shot)."""
        return max(0.0, (self.age - REPLAY_LEAD) * REPLAY_SPEED)

    @property
    def duration(self) -> float:
        return REPLAY_LEAD + self.trace.seconds / REPLAY_SPEED + REPLAY_HOLD

    @property
    def done(self) -> bool:
        return self.age >= self.duration


class ShotReplay:
    """Playing the last shot again: whether it can be now, the replay's time, its drawing.
    ``at_end`` shows the match's end again when a replay of the last shot is over."""

    def __init__(self, app: AppLike, stage: Stage, hand: AimingHand, press: BayonetPress,
                 banners: Banners, at_end: Callable[[], None]) -> None:
        self._app = app
        self._stage = stage
        self._hand = hand
        self._press = press
        self._banners = banners
        self._at_end = at_end
        self.replaying: ReplayShow | None = None  # the last shot played again

    @property
    def can_replay(self) -> bool:
        """A shot has been played and nothing moves or is held now."""
        stage, play = self._stage, self._stage.play
        return (self.replaying is None and bool(play.shots)
                and play.shots[-1].before is not None
                and stage.table.is_at_rest and stage.phase in (Phase.AIM, Phase.OVER)
                and self._hand.drag is None and self._press.pressing is None
                and stage.flip is None and not play.in_shot)

    def start(self) -> bool:
        """Play the last shot again slowly (nothing happens when there is none or a shot is
        on the table)."""
        if not self.can_replay:
            return False
        self.replaying = ReplayShow(self._stage.play.replay().trace)
        self._hand.computer_aim = None
        self._banners.banner = None
        self._app.sound.play("ui")
        return True

    def stop(self) -> None:
        """Back to the table as it is now."""
        if self.replaying is None:
            return
        self.replaying = None
        if self._stage.phase is Phase.OVER:  # back to the end of the match, as it was
            self._at_end()

    def tick(self, dt: float) -> None:
        show = self.replaying
        assert show is not None
        show.age += dt
        if show.done:
            self.stop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any key or click during the replay stops it (and is used up)."""
        if event.type == pygame.KEYDOWN or event.type == pygame.MOUSEBUTTONDOWN:
            self.stop()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """The shot's starting table moving as it moved, slowly, with the paths so far."""
        show = self.replaying
        assert show is not None
        trace: ShotTrace = show.trace
        start = trace.start
        layer = view.board_layer(geometry.cell, geometry.flipped, geometry.rim, start.swamp)
        surface.blit(layer, geometry.outer)
        now = show.shot_time
        radii = {c: max(3, round(body_of(start.troop(c), self._stage.config).radius * geometry.cell))
                 for c in (Color.WHITE, Color.BLACK)}
        overlay = pygame.Surface(self._stage.size, pygame.SRCALPHA)
        for disc in trace.moved():
            points = [geometry.to_screen(x, y) for t, x, y in trace.path(disc) if t <= now]
            if len(points) >= 2:
                colour = (255, 246, 222, 210) if disc[0] is Color.WHITE else (60, 34, 20, 220)
                pygame.draw.lines(overlay, colour, False, points,
                                  max(2, radii[disc[0]] // 6))
                pygame.draw.circle(overlay, colour, points[0], max(3, radii[disc[0]] // 4))
        surface.blit(overlay, (0, 0))
        tops = {top for top, _ in start.stacks}
        positions = trace.at(now)
        for disc, (x, y, angle) in sorted(positions.items(), key=lambda i: i[0] in tops):
            draw_troop(surface, geometry.to_screen(x, y), radii[disc[0]], disc[0],
                       start.troop(disc[0]), angle, geometry.flipped)
        for fall in trace.falls:
            if fall.time <= now:
                falling = view.FallingDisc(fall.disc, fall.x, fall.y, fall.vx, fall.vy)
                view.draw_falling(surface, geometry, falling, now - fall.time,
                                  radii[fall.disc[0]])
        self._draw_label(surface, geometry, now / max(trace.seconds, 1e-6))

    def _draw_label(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                           share: float) -> None:
        s = self._stage.scale
        # a small badge on the frame above the board: the table itself stays in sight
        px = max(theme.MIN_PX, min(round(20 * s), round(geometry.border * 0.55)))
        text = f"{tr('chapaev.replay.title')} — {tr('chapaev.replay.stop')}"
        label = theme.text(text, px, theme.TEXT, True)
        box = label.get_rect().inflate(round(28 * s), round(10 * s))
        box.center = (geometry.rect.centerx, geometry.outer.top + geometry.border // 2)
        if geometry.border > 2 * geometry.cell // 3:  # the wide board: along its edge
            box.top = geometry.outer.top + round(4 * s)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.PANEL, 235), panel.get_rect(),
                         border_radius=box.height // 2)
        pygame.draw.rect(panel, (*theme.ACCENT, 255), panel.get_rect(), width=2,
                         border_radius=box.height // 2)
        surface.blit(panel, box)
        surface.blit(label, label.get_rect(center=box.center))
        # how far through the shot: a thin line along the label's foot
        foot = pygame.Rect(box.left + box.height // 2, box.bottom - max(3, round(4 * s)),
                           round((box.width - box.height) * min(1.0, share)), max(2, round(2 * s)))
        pygame.draw.rect(surface, theme.ACCENT, foot)

