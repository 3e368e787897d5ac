"""The bayonet fight's press at the Chapaev table: hold the pointer down on your piece that lies
over (or under) an enemy piece, the press grows while you hold, let go to press; past the
threshold the board rocks. The computer's press is shown the same way."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.play.chapaev_computer import ChapaevComputer
from game.scenes.chapaev.state import Stage
from game.ui import chapaev_gauge as gauge
from game.ui import chapaev_view as view
from game.ui import theme
from physics import DiscId, Press

if TYPE_CHECKING:
    from game.app_like import AppLike

# The press grows while the piece is held: quickly at first, then slower and slower as it
# nears the line past which the board rocks, so that there is time between enough to push
# the enemy off and too much (a plain piece from the middle of the swamp: enough after 0.8 s,
# the board rocks after 3 s). Past the line it grows to full in a moment. The same curve
# for every press and every player, the computer included: a hold's time is a strength.
PRESS_RISE = 3.0  # held this long, the press reaches the line (the table's press_threshold)
PRESS_EASE = 0.7  # the share of the rise that eases out; the rest grows evenly to the line
PAST_SECONDS = 0.5  # from the line to full strength
WARN_SECONDS = 0.9  # the board creaks and trembles this long before it would rock
CREAK_GAP = 0.3  # seconds between creaks when they start
CREAK_GAP_LAST = 0.1  # and at the line
TREMBLE = 0.04  # the trembling board's swing at the line, in squares
COMPUTER_HOLD_SECONDS = 0.25  # the computer keeps its press a moment before it lets go
ROCK_SECONDS = 0.8  # the board rocking on the screen


def press_strength(seconds: float, threshold: float) -> float:
    """The strength of a press held ``seconds`` on a table whose board rocks past
    ``threshold``."""
    if seconds <= 0.0:
        return 0.0
    if seconds < PRESS_RISE:
        u = seconds / PRESS_RISE
        return threshold * ((1.0 - PRESS_EASE) * u + PRESS_EASE * (1.0 - (1.0 - u) ** 3))
    return min(1.0, threshold + (1.0 - threshold) * (seconds - PRESS_RISE) / PAST_SECONDS)


def press_seconds(strength: float, threshold: float) -> float:
    """How long a press must be held to reach ``strength`` (the inverse of
    :func:`press_strength`)."""
    if strength <= 0.0:
        return 0.0
    if strength >= threshold:
        return PRESS_RISE + min(1.0, (strength - threshold) / (1.0 - threshold)) * PAST_SECONDS
    low, high = 0.0, PRESS_RISE
    for _ in range(40):  # the curve rises all the way: halving finds it to a nanosecond
        middle = (low + high) / 2.0
        if press_strength(middle, threshold) < strength:
            low = middle
        else:
            high = middle
    return high


@dataclass(slots=True)
class PressHold:
    """A piece being pressed: how long it has been held, by whom, and what is enough to
    push the enemy piece off (None: no press can, or it is not shown)."""

    disc: DiscId
    threshold: float  # past this strength the board rocks
    age: float = 0.0
    computer: bool = False
    target: float = 1.0  # the computer's press stops growing here
    enough: float | None = None
    next_creak: float = 0.0  # the hold's age at which the board creaks again

    @property
    def strength(self) -> float:
        return min(self.target, press_strength(self.age, self.threshold))

    @property
    def warn_from(self) -> float:
        """The strength from which the board creaks and trembles."""
        return press_strength(PRESS_RISE - WARN_SECONDS, self.threshold)

    @property
    def warning(self) -> float:
        """How near the board is to rocking: 0 until the warning starts, 1 at the line and
        past it."""
        low = self.warn_from
        return max(0.0, min(1.0, (self.strength - low) / (self.threshold - low)))


def rock_offset(age: float, cell: int) -> tuple[int, int]:
    """How far the rocking board is off its place ``age`` seconds into the rock (pixels)."""
    if age >= ROCK_SECONDS:
        return (0, 0)
    fade = 1.0 - age / ROCK_SECONDS
    return (round(math.sin(age * 47.0) * cell * 0.09 * fade),
            round(math.sin(age * 31.0 + 1.0) * cell * 0.05 * fade))


class BayonetPress:
    """The bayonet fight's press on the screen: the piece held down (a person's or the
    computer's), its gauge, the board creaking, trembling and rocking. ``can_shoot`` says
    whether the table takes a press now; ``after`` hears that one was played."""

    def __init__(self, app: AppLike, stage: Stage, can_shoot: Callable[[], bool],
                 after: Callable[[], None]) -> None:
        self._app = app
        self._stage = stage
        self._can_shoot = can_shoot
        self._after = after
        self.pressing: PressHold | None = None  # a piece held down in the bayonet fight
        self.rock: float | None = None  # how long the board has been rocking

    def _new_hold(self, disc: DiscId, age: float = 0.0, computer: bool = False,
                  target: float = 1.0) -> PressHold:
        """A press on ``disc``; with the full aiming help its gauge shows what is enough."""
        stage = self._stage
        enough = stage.table.press_needed(disc) if stage.aim is view.AimHelp.FULL else None
        return PressHold(disc, stage.config.press_threshold, age, computer, target, enough)

    def start(self, disc: DiscId) -> None:
        """A person's hand comes down on ``disc`` (it lies over or under an enemy piece)."""
        self.pressing = self._new_hold(disc)
        self._app.sound.play("tap", 0.3)

    def hold(self, disc: DiscId, seconds: float) -> None:
        """Show ``disc`` pressed by a hand held down ``seconds`` (staged pictures)."""
        self.pressing = self._new_hold(disc, seconds)

    def end(self) -> None:
        self.pressing = None

    def release(self) -> None:
        """The hand lets go: the press is played with the strength it has grown to."""
        hold = self.pressing
        self.pressing = None
        play = self._stage.play
        if hold is None or not self._can_shoot() or not play.can_press(hold.disc):
            return
        strength = hold.strength
        if strength <= 0.02:
            return  # a tap, not a press
        play.press(hold.disc, strength)
        self._after()

    def tick(self, dt: float) -> None:
        """The rocking board settles; the press grows while held, the board creaking louder
        and faster as it nears the line; the computer lets go once it has shown its press."""
        if self.rock is not None:
            self.rock += dt
            if self.rock >= ROCK_SECONDS:
                self.rock = None
        hold = self.pressing
        if hold is None:
            return
        hold.age += dt
        level = hold.warning
        if level > 0.0 and hold.age >= hold.next_creak:
            self._app.sound.play("creak", 0.35 + 0.65 * level)
            hold.next_creak = hold.age + CREAK_GAP - (CREAK_GAP - CREAK_GAP_LAST) * level
        if hold.computer and hold.age >= press_seconds(hold.target, hold.threshold) \
                + COMPUTER_HOLD_SECONDS:
            seat = self._stage.play.seats[self._stage.match.turn]
            if isinstance(seat, ChapaevComputer):
                seat.release()

    def computer_press(self, shot: Press) -> None:
        """The computer's hand on its piece: the same gauge as a person's, growing to the
        strength it chose."""
        if self.pressing is None or self.pressing.disc != shot.disc or \
                not self.pressing.computer:
            self.pressing = self._new_hold(shot.disc, computer=True, target=shot.strength)
            self._app.sound.play("tap", 0.3)

    def board_offset(self, cell: int) -> tuple[int, int]:
        """How far the board is off its place (pixels): rocking after a press too hard, or
        trembling while a press nears the line."""
        if self.rock is not None:
            return rock_offset(self.rock, cell)
        hold = self.pressing
        if hold is None or hold.warning <= 0.0:
            return (0, 0)
        size = max(1.0, cell * TREMBLE * hold.warning)  # a pixel from the first creak on
        return (round(math.sin(hold.age * 53.0) * size),
                round(math.sin(hold.age * 41.0 + 0.7) * size * 0.6))

    def draw(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                    centre: tuple[float, float], radius: int) -> None:
        """The gauge of a press: a ring filling round the pressed piece with a white tick
        where it is enough and a red one at the line past which the board rocks, a bar
        beside it with the same marks and zones, and the hand's fingertip on the piece."""
        hold = self.pressing
        assert hold is not None
        strength, threshold, enough = hold.strength, hold.threshold, hold.enough
        warn = hold.warn_from
        colour = gauge.press_colour(strength, threshold, warn, enough)
        # the fingertip pressing down: a soft dark dot that grows with the press
        tip = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
        pygame.draw.circle(tip, (40, 20, 10, round(60 + 90 * strength)), (radius, radius),
                           max(3, round(radius * (0.25 + 0.3 * strength))))
        surface.blit(tip, tip.get_rect(center=(round(centre[0]), round(centre[1]))))
        view.draw_power_ring(surface, centre, radius, strength, colour)
        ring = radius + max(4, radius // 4)
        ticks = [(threshold, theme.DANGER)]
        if enough is not None:
            ticks.append((enough, (250, 246, 236)))
        for share, tick in ticks:
            angle = math.pi / 2 - share * math.tau
            inner = (centre[0] + math.cos(angle) * (ring - radius * 0.25),
                     centre[1] - math.sin(angle) * (ring - radius * 0.25))
            outer = (centre[0] + math.cos(angle) * (ring + radius * 0.3),
                     centre[1] - math.sin(angle) * (ring + radius * 0.3))
            pygame.draw.line(surface, tick, inner, outer, max(2, radius // 8))
        # the bar: under the piece (over it near the bottom), toward the board's middle
        width = round(radius * 3.6)
        height = max(9, round(radius * 0.4))
        below = centre[1] < geometry.rect.centery
        top = centre[1] + (ring + radius * 0.35 if below else -ring - radius * 0.35 - height)
        bar = pygame.Rect(round(centre[0] - width / 2), round(top), width, height)
        gauge.draw_press_bar(surface, bar, strength, threshold, warn, enough,
                             self.glow())

    def glow(self) -> float:
        """How bright the warning stretch of the gauges is now: it throbs while the board
        creaks."""
        hold: PressHold | None = self.pressing
        if hold is None or hold.warning <= 0.0:
            return 0.0
        return hold.warning * (0.6 + 0.4 * math.sin(hold.age * 14.0))
