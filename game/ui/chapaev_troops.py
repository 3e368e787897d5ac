"""The kinds of troops as a player sees them on the Chapaev table: tanks a stack of two
pieces with a tank on top (hull, tracks, turret and gun), heavy tanks a stack of three with a
broader tank, artillery a wide piece with a field gun (barrel, wheels, trail), motorcyclists a
small piece with a wheel, cavalry a horseshoe, sailors a striped vest. Sizes come from the
physics (:mod:`physics.troops`), so what is drawn is what can be hit.
"""
from __future__ import annotations

import math

import pygame

from game.rules.core import Color
from game.ui import chapaev_view as view
from game.ui import drawing, theme
from physics import MAKES, Kind

LAYER_STEP = 0.22  # a stacked piece's edge shows this far (radii) below the one above it


def _ink(white: bool) -> theme.Color:
    """The colour a mark is cut into a piece's face with: dark on white, light on black."""
    return (92, 52, 26) if white else (236, 204, 150)


def stack_offsets(stack: int, radius: float) -> list[float]:
    """Screen y offsets of a stack's pieces, bottom first, keeping its middle at the centre."""
    step = radius * LAYER_STEP
    return [(stack - 1) / 2 * step - k * step for k in range(stack)]


def draw_troop(surface: pygame.Surface, centre: tuple[float, float], radius: int,
               color: Color, troop: Kind, angle: float = 0.0, flipped: bool = False,
               lift: float = 0.0) -> None:
    """One piece of ``troop`` at ``centre`` (its footprint ``radius`` pixels), turned by the
    physics' ``angle`` (the marks turn with it, so spin shows). At rest a side's tanks and
    guns face the other side."""
    if troop is Kind.INFANTRY:
        view.draw_disc(surface, centre, radius, color, angle, flipped, lift)
        return
    white = color is Color.WHITE
    stack = MAKES[troop].stack
    cx, cy = centre
    # screen y is down: a table angle turns the other way
    turn = -angle + (math.pi if flipped else 0.0)
    facing = turn + (-math.pi / 2 if white else math.pi / 2)  # White's guns up the table
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
        top = (cx, cy + offsets[-1] - radius * 0.15 * lift)
        view.draw_disc(surface, (cx, cy + offsets[-1]), radius, color, angle, flipped, lift)
        _tank(surface, top, radius, white, facing, heavy=stack >= 3)
        return
    view.draw_disc(surface, centre, radius, color, angle, flipped, lift)
    face = (cx, cy - radius * 0.15 * lift)
    if troop is Kind.ARTILLERY:
        _gun(surface, face, radius, white, facing)
    elif troop is Kind.MOTORCYCLISTS:
        _wheel(surface, face, radius, white, turn)
    elif troop is Kind.CAVALRY:
        _horseshoe(surface, face, radius, white, turn)
    elif troop is Kind.SAILORS:
        _stripes(surface, face, radius, white, turn)


def _rotate(dx: float, dy: float, turn: float) -> tuple[float, float]:
    c, s = math.cos(turn), math.sin(turn)
    return (dx * c - dy * s, dx * s + dy * c)


def _shape(surface: pygame.Surface, colour: theme.Color, centre: tuple[float, float],
           points: list[tuple[float, float]], turn: float, width: int = 0) -> None:
    """A polygon given around the piece's centre (pixels, x along the piece's heading),
    turned with the piece."""
    pygame.draw.polygon(surface, colour, [(centre[0] + x, centre[1] + y) for x, y in
                                          (_rotate(px, py, turn) for px, py in points)], width)


def _tank(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
          turn: float, heavy: bool) -> None:
    """A tank seen from above, filling the piece's face: a hull between two tracks, a turret
    and its gun along the heading, turning with the piece. A heavy tank is broader, with an
    angular turret and a thicker gun with a muzzle brake."""
    ink = _ink(white)
    tread = theme.mix(ink, (0, 0, 0) if white else (255, 255, 255), 0.35)
    r = radius
    half_long, half_wide = r * 0.56, r * (0.48 if heavy else 0.42)
    track = r * (0.17 if heavy else 0.15)
    _shape(surface, ink, centre, [(-half_long, -half_wide + track), (half_long, -half_wide
                                  + track), (half_long, half_wide - track),
                                  (-half_long, half_wide - track)], turn)
    for side in (-1, 1):  # the tracks, with their treads across
        inner, outer = side * (half_wide - track), side * half_wide
        _shape(surface, tread, centre, [(-half_long * 1.08, inner), (half_long * 1.08, inner),
                                        (half_long * 1.08, outer), (-half_long * 1.08, outer)],
               turn)
        links = 5
        for k in range(links):
            x = -half_long + (k + 0.5) * 2 * half_long / links
            (ax, ay), (bx, by) = _rotate(x, inner, turn), _rotate(x, outer, turn)
            pygame.draw.line(surface, ink, (centre[0] + ax, centre[1] + ay),
                             (centre[0] + bx, centre[1] + by), max(1, round(r * 0.05)))
    face = theme.mix(ink, (255, 255, 255) if white else (0, 0, 0), 0.25)
    gun = r * (0.15 if heavy else 0.11)
    _shape(surface, face, centre, [(0.0, -gun / 2), (r * 0.9, -gun / 2), (r * 0.9, gun / 2),
                                   (0.0, gun / 2)], turn)
    if heavy:  # a muzzle brake at the gun's end, an angular turret
        _shape(surface, face, centre, [(r * 0.78, -gun), (r * 0.92, -gun), (r * 0.92, gun),
                                       (r * 0.78, gun)], turn)
        size = r * 0.3
        _shape(surface, face, centre, [(size * math.cos(a), size * math.sin(a)) for a in
                                       (k * math.tau / 8 + math.pi / 8 for k in range(8))],
               turn)
    else:
        pygame.draw.circle(surface, face, (round(centre[0]), round(centre[1])),
                           max(3, round(r * 0.24)))
    pygame.draw.circle(surface, tread, (round(centre[0]), round(centre[1])),
                       max(1, round(r * 0.08)))


def _gun(surface: pygame.Surface, centre: tuple[float, float], radius: int, white: bool,
         turn: float) -> None:
    """A field gun seen from above: a long barrel over two wheels on their axle, and the two
    legs of the split trail spread behind, turning with the piece."""
    ink = _ink(white)
    r = radius
    barrel = r * 0.16
    _shape(surface, ink, centre, [(-r * 0.12, -barrel / 2), (r * 0.86, -barrel * 0.4),
                                  (r * 0.86, barrel * 0.4), (-r * 0.12, barrel / 2)], turn)
    _shape(surface, ink, centre, [(-r * 0.04, -r * 0.5), (r * 0.04, -r * 0.5),
                                  (r * 0.04, r * 0.5), (-r * 0.04, r * 0.5)], turn)  # axle
    for side in (-1, 1):
        _shape(surface, ink, centre, [(-r * 0.24, side * r * 0.46), (r * 0.24, side * r * 0.46),
                                      (r * 0.24, side * r * 0.62), (-r * 0.24, side * r * 0.62)],
               turn)  # a wheel, edge-on from above
        (ax, ay), (bx, by) = _rotate(0.0, side * r * 0.12, turn), \
            _rotate(-r * 0.72, side * r * 0.36, turn)
        pygame.draw.line(surface, ink, (centre[0] + ax, centre[1] + ay),
                         (centre[0] + bx, centre[1] + by), max(2, round(r * 0.1)))
    pygame.draw.circle(surface, ink, (round(centre[0]), round(centre[1])),
                       max(2, round(r * 0.17)))


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
    """A broad horseshoe with its nail holes, its open end turning with the piece."""
    ink = _ink(white)
    outer, inner = radius * 0.64, radius * 0.37
    gap = 0.85  # half the opening, radians either side of the open end
    steps = 18
    angles = [gap + k * (math.tau - 2 * gap) / steps for k in range(steps + 1)]
    band = [(outer * math.cos(t), outer * math.sin(t)) for t in angles] + \
        [(inner * math.cos(t), inner * math.sin(t)) for t in reversed(angles)]
    # the open end at the piece's heading turned a quarter: down the screen at rest
    _shape(surface, ink, centre, band, turn + math.pi / 2)
    face = theme.mix(ink, (255, 255, 255) if white else (0, 0, 0), 0.45)
    middle = (outer + inner) / 2
    for k in range(1, 6):  # the nail holes
        t = gap + 0.25 + k * (math.tau - 2 * gap - 0.5) / 6
        x, y = _rotate(middle * math.cos(t), middle * math.sin(t), turn + math.pi / 2)
        pygame.draw.circle(surface, face, (round(centre[0] + x), round(centre[1] + y)),
                           max(1, round(radius * 0.05)))


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


def troop_radius(troop: Kind, plain_radius: float) -> int:
    """A kind's footprint in pixels next to a plain piece of ``plain_radius`` (for the
    panel's small pictures, sized as on the table)."""
    return max(3, round(plain_radius * MAKES[troop].diameter / MAKES[Kind.INFANTRY].diameter))
