"""The kinds of troops as a player sees them on the Chapaev table: tanks a stack of two
pieces, heavy tanks of three, artillery a wide piece with a gun barrel, motorcyclists a small
piece with a wheel, cavalry a horseshoe, sailors a striped vest. Sizes come from the physics
(:mod:`physics.troops`), so what is drawn is what can be hit.
"""
from __future__ import annotations

import math

import pygame

from game.rules.chapaev import Troop
from game.rules.core import Color
from game.ui import chapaev_view as view
from game.ui import drawing, theme
from physics import MAKES

LAYER_STEP = 0.17  # a stacked piece's edge shows this far (radii) below the one above it


def _ink(white: bool) -> theme.Color:
    """The colour a mark is cut into a piece's face with: dark on white, light on black."""
    return (92, 52, 26) if white else (236, 204, 150)


def stack_offsets(stack: int, radius: float) -> list[float]:
    """Screen y offsets of a stack's pieces, bottom first, keeping its middle at the centre."""
    step = radius * LAYER_STEP
    return [(stack - 1) / 2 * step - k * step for k in range(stack)]


def draw_troop(surface: pygame.Surface, centre: tuple[float, float], radius: int,
               color: Color, troop: Troop, angle: float = 0.0, flipped: bool = False,
               lift: float = 0.0) -> None:
    """One piece of ``troop`` at ``centre`` (its footprint ``radius`` pixels), turned by the
    physics' ``angle`` (the marks turn with it, so spin shows)."""
    if troop is Troop.INFANTRY:
        view.draw_disc(surface, centre, radius, color, angle, flipped, lift)
        return
    white = color is Color.WHITE
    stack = MAKES[troop].stack
    cx, cy = centre
    if stack > 1:
        # the pieces below show their edges under the top one, darker, and cast one tall
        # shadow
        shadow = drawing.piece_shadow(radius, round(min(1.0, lift + 0.3 * (stack - 1)), 1))
        offset = radius * (0.16 + 0.1 * stack + 0.2 * lift)
        surface.blit(shadow, shadow.get_rect(center=(cx + offset, cy + offset)))
        sprite = drawing.piece_sprite(radius, white)
        shade = sprite.copy()
        shade.fill((178, 170, 160, 255), special_flags=pygame.BLEND_RGBA_MULT)
        offsets = stack_offsets(stack, radius)
        for dy in offsets[:-1]:
            surface.blit(shade, shade.get_rect(center=(round(cx), round(cy + dy - radius
                                                                         * 0.15 * lift))))
        top = (cx, cy + offsets[-1])
        view.draw_disc(surface, top, radius, color, angle, flipped, lift)
        _tracks(surface, top, radius, white, angle, flipped)
        if stack == 3:  # a heavy tank: a plate of armour between the tracks
            _plate(surface, top, radius, white, angle, flipped)
        return
    view.draw_disc(surface, centre, radius, color, angle, flipped, lift)
    face = (cx, cy - radius * 0.15 * lift)
    turn = -angle + (math.pi if flipped else 0.0)
    if troop is Troop.ARTILLERY:
        _gun(surface, face, radius, white, turn)
    elif troop is Troop.MOTORCYCLISTS:
        _wheel(surface, face, radius, white, turn)
    elif troop is Troop.CAVALRY:
        _horseshoe(surface, face, radius, white, turn)
    elif troop is Troop.SAILORS:
        _stripes(surface, face, radius, white, turn)


def _rotate(dx: float, dy: float, turn: float) -> tuple[float, float]:
    c, s = math.cos(turn), math.sin(turn)
    return (dx * c - dy * s, dx * s + dy * c)


def _tracks(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
            angle: float, flipped: bool) -> None:
    """A tank from above: its two tracks, turning with the piece."""
    turn = -angle + (math.pi if flipped else 0.0)
    for side in (-1, 1):
        (ax, ay), (bx, by) = (_rotate(-radius * 0.42, side * radius * 0.42, turn),
                              _rotate(radius * 0.42, side * radius * 0.42, turn))
        pygame.draw.line(surface, _ink(white), (centre[0] + ax, centre[1] + ay),
                         (centre[0] + bx, centre[1] + by), max(3, round(radius * 0.16)))


def _plate(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
           angle: float, flipped: bool) -> None:
    turn = -angle + (math.pi if flipped else 0.0)
    half = radius * 0.22
    points = [(centre[0] + px, centre[1] + py) for px, py in
              (_rotate(x, y, turn) for x, y in ((-half, -half), (half, -half),
                                                (half, half), (-half, half)))]
    pygame.draw.polygon(surface, _ink(white), points, width=max(2, round(radius * 0.1)))


def _gun(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
         turn: float) -> None:
    """A gun seen from above: a round breech and a barrel that turns with the piece."""
    ink = _ink(white)
    ex, ey = _rotate(radius * 0.78, 0.0, turn)
    width = max(3, round(radius * 0.2))
    pygame.draw.line(surface, ink, centre, (centre[0] + ex, centre[1] + ey), width)
    pygame.draw.circle(surface, ink, (round(centre[0]), round(centre[1])),
                       max(3, round(radius * 0.3)))
    pygame.draw.circle(surface, theme.mix(ink, (0, 0, 0), 0.4),
                       (round(centre[0]), round(centre[1])), max(2, round(radius * 0.12)))


def _wheel(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
           turn: float) -> None:
    """A motorcycle's wheel: a tyre and spokes that spin with the piece."""
    ink = _ink(white)
    rim = radius * 0.5
    c = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, ink, c, max(3, round(rim)), width=max(2, round(radius * 0.12)))
    for k in range(3):
        dx, dy = _rotate(rim, 0.0, turn + k * math.pi / 3)
        pygame.draw.line(surface, ink, (centre[0] - dx, centre[1] - dy),
                         (centre[0] + dx, centre[1] + dy), max(1, round(radius * 0.06)))
    pygame.draw.circle(surface, ink, c, max(2, round(radius * 0.1)))


def _horseshoe(surface: pygame.Surface, centre: tuple[float, float], radius: int,
               white: bool, turn: float) -> None:
    """A horseshoe, its open end turning with the piece."""
    ink = _ink(white)
    ring = radius * 0.48
    rect = pygame.Rect(0, 0, round(2 * ring), round(2 * ring))
    rect.center = (round(centre[0]), round(centre[1]))
    start = -turn + math.pi / 2 + 0.55  # pygame's arcs run counterclockwise on screen
    pygame.draw.arc(surface, ink, rect, start, start + math.tau - 1.1,
                    width=max(3, round(radius * 0.17)))
    for k in (-1, 1):  # the calkins at the two ends of the arc
        end = start if k > 0 else start + math.tau - 1.1
        pygame.draw.circle(surface, ink, (round(centre[0] + ring * math.cos(end)),
                                          round(centre[1] - ring * math.sin(end))),
                           max(2, round(radius * 0.11)))


def _stripes(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
             turn: float) -> None:
    """A sailor's striped vest: navy stripes across the face, turning with the piece."""
    navy = (38, 64, 140) if white else (150, 186, 240)
    inner = radius * 0.6
    width = max(2, round(radius * 0.13))
    for k in (-2, -1, 0, 1, 2):
        d = k * inner * 0.38
        half = math.sqrt(max(0.0, inner * inner - d * d))
        (ax, ay), (bx, by) = _rotate(-half, d, turn), _rotate(half, d, turn)
        pygame.draw.line(surface, navy, (centre[0] + ax, centre[1] + ay),
                         (centre[0] + bx, centre[1] + by), width)


def troop_radius(troop: Troop, plain_radius: float) -> int:
    """A kind's footprint in pixels next to a plain piece of ``plain_radius`` (for the
    panel's small pictures, sized as on the table)."""
    return max(3, round(plain_radius * MAKES[troop].diameter / MAKES[Troop.INFANTRY].diameter))
