"""The bayonet fight's press at the Chapaev table: hold the pointer down on your piece that lies
over (or under) an enemy piece, the press grows while you hold, let go to press; past the
threshold the board rocks. The computer's press is shown the same way (mixed into the
Chapaev scene)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import chapaev_view as view
from game.ui import theme
from physics import DiscId, Press

PRESS_SECONDS = 1.8  # held this long, the press is at full strength
COMPUTER_HOLD_SECONDS = 0.25  # the computer keeps its press a moment before it lets go
ROCK_SECONDS = 0.8  # the board rocking on the screen


@dataclass(slots=True)
class PressHold:
    """A piece being pressed: how long it has been held, and by whom."""

    disc: DiscId
    age: float = 0.0
    computer: bool = False
    target: float = 1.0  # the computer's press stops growing here

    @property
    def strength(self) -> float:
        return min(self.target, self.age / PRESS_SECONDS, 1.0)


def rock_offset(age: float, cell: int) -> tuple[int, int]:
    """How far the rocking board is off its place ``age`` seconds into the rock (pixels)."""
    if age >= ROCK_SECONDS:
        return (0, 0)
    fade = 1.0 - age / ROCK_SECONDS
    return (round(math.sin(age * 47.0) * cell * 0.09 * fade),
            round(math.sin(age * 31.0 + 1.0) * cell * 0.05 * fade))


class ChapaevPress:
    """Holding and letting go of a press (``self`` is the :class:`ChapaevScene`)."""

    def start_press(self: Any, disc: DiscId) -> None:
        """A person's hand comes down on ``disc`` (it lies over or under an enemy piece)."""
        self.pressing = PressHold(disc)
        self.app.sound.play("tap", 0.3)

    def hold_press(self: Any, disc: DiscId, seconds: float) -> None:
        """Show ``disc`` pressed by a hand held down ``seconds`` (staged pictures)."""
        self.pressing = PressHold(disc, seconds)

    def end_press(self: Any) -> None:
        self.pressing = None

    def release_press(self: Any) -> None:
        """The hand lets go: the press is played with the strength it has grown to."""
        hold = self.pressing
        self.pressing = None
        if hold is None or not self.can_shoot or not self.play.can_press(hold.disc):
            return
        strength = hold.strength
        if strength <= 0.02:
            return  # a tap, not a press
        self.play.press(hold.disc, strength)
        self._take_events()

    def _press_tick(self: Any, dt: float) -> None:
        """The press grows while held; the computer lets go once it has shown its press."""
        hold = self.pressing
        if hold is None:
            return
        hold.age += dt
        if hold.computer and hold.age >= hold.target * PRESS_SECONDS + COMPUTER_HOLD_SECONDS:
            seat = self.play.seats[self.match.turn]
            seat.release()

    def _computer_press(self: Any, shot: Press) -> None:
        """The computer's hand on its piece: the same gauge as a person's, growing to the
        strength it chose."""
        if self.pressing is None or self.pressing.disc != shot.disc or \
                not self.pressing.computer:
            self.pressing = PressHold(shot.disc, computer=True, target=shot.strength)
            self.app.sound.play("tap", 0.3)

    def _draw_press(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry,
                    centre: tuple[float, float], radius: int) -> None:
        """The gauge of a press: a ring filling round the pressed piece, a bar beside it with
        the line past which the board rocks, and the hand's fingertip on the piece."""
        hold = self.pressing
        assert hold is not None
        strength = hold.strength
        threshold = self.config.press_threshold
        colour = view.strength_colour(strength)
        # the fingertip pressing down: a soft dark dot that grows with the press
        tip = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
        pygame.draw.circle(tip, (40, 20, 10, round(60 + 90 * strength)), (radius, radius),
                           max(3, round(radius * (0.25 + 0.3 * strength))))
        surface.blit(tip, tip.get_rect(center=(round(centre[0]), round(centre[1]))))
        view.draw_power_ring(surface, centre, radius, strength)
        # the threshold as a tick on the ring
        ring = radius + max(4, radius // 4)
        angle = math.pi / 2 - threshold * math.tau
        inner = (centre[0] + math.cos(angle) * (ring - radius * 0.25),
                 centre[1] - math.sin(angle) * (ring - radius * 0.25))
        outer = (centre[0] + math.cos(angle) * (ring + radius * 0.3),
                 centre[1] - math.sin(angle) * (ring + radius * 0.3))
        pygame.draw.line(surface, theme.DANGER, inner, outer, max(2, radius // 8))
        # the bar: under the piece (over it near the bottom), toward the board's middle,
        # filling from the left; the red part past the line rocks the board
        width = round(radius * 3.4)
        height = max(8, round(radius * 0.36))
        below = centre[1] < geometry.rect.centery
        top = centre[1] + (ring + radius * 0.35 if below else -ring - radius * 0.35 - height)
        bar = pygame.Rect(round(centre[0] - width / 2), round(top), width, height)
        pygame.draw.rect(surface, (24, 16, 10), bar, border_radius=height // 2)
        danger = bar.copy()
        danger.width = round(width * (1 - threshold))
        danger.right = bar.right
        pygame.draw.rect(surface, theme.mix(theme.DANGER, (24, 16, 10), 0.55), danger,
                         border_radius=height // 2)
        if strength > 0:
            fill = bar.copy()
            fill.width = max(height, round(width * strength))
            pygame.draw.rect(surface, colour, fill, border_radius=height // 2)
        mark = bar.left + round(width * threshold)
        pygame.draw.line(surface, theme.DANGER, (mark, bar.top - 4), (mark, bar.bottom + 4), 3)
        pygame.draw.rect(surface, theme.TEXT_MUTED, bar, width=1, border_radius=height // 2)
