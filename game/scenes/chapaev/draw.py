"""Drawing the Chapaev table: the board, the discs between two physics states, knocks,
falls, the aim, the board turning and rocking (the banners, the press's gauge, the replay and
the panel draw themselves). Also where the board and the panel go in the window."""
from __future__ import annotations

import math

import pygame

from game.rules.core import Color
from game.scenes.chapaev.banners import Banners
from game.scenes.chapaev.flow import RoundFlow
from game.scenes.chapaev.hand import AimingHand, Drag
from game.scenes.chapaev.phases import (
    FLIP_SECONDS,
    SHAKE_SECONDS,
    SLIDE_SECONDS,
    STEP,
    Phase,
    ease,
)
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.replay import ShotReplay
from game.scenes.chapaev.state import Spot, Stage
from game.ui import chapaev_view as view
from game.ui import drawing, theme
from game.ui.chapaev_troops import draw_troop
from physics import DiscId


def layout(size: tuple[int, int], scale: float, swamp: bool,
           flipped: bool) -> tuple[view.BoardGeometry, pygame.Rect]:
    """Where the board (a wide rim with the ``swamp``) and the side panel go in a window of
    ``size``: the board's geometry and the panel's rectangle."""
    s = scale
    margin = max(12, round(26 * s))
    panel_width = max(round(220 * s), min(round(470 * s), size[0] - size[1]))
    board_area = pygame.Rect(margin, margin, size[0] - panel_width - 3 * margin,
                             size[1] - 2 * margin)
    rim = view.WIDE_RIM if swamp else view.BORDER_CELLS
    geometry = view.fit_board(board_area, flipped, rim)
    # a wide window: keep the board and the panel together in the middle
    group = geometry.outer.width + margin + panel_width
    shift = max(0, (size[0] - group) // 2 - geometry.outer.left)
    geometry = view.BoardGeometry(geometry.left + shift, geometry.top, geometry.cell,
                                  geometry.flipped, rim=rim)
    left = geometry.outer.right + margin
    panel = pygame.Rect(left, margin, min(panel_width, size[0] - left - margin),
                        size[1] - 2 * margin)
    return geometry, panel


class TableDrawing:
    """The table as the player sees it, drawn from the parts that know each thing on it."""

    def __init__(self, stage: Stage, hand: AimingHand, press: BayonetPress, flow: RoundFlow,
                 banners: Banners, replay: ShotReplay) -> None:
        self._stage = stage
        self._hand = hand
        self._press = press
        self._flow = flow
        self._banners = banners
        self._replay = replay

    def disc_positions(self, alpha: float) -> dict[DiscId, Spot]:
        """Every disc on the board, between the last two physics states."""
        stage = self._stage
        if stage.phase is Phase.LINES:
            t = ease(min(1.0, (stage.phase_age + alpha * STEP) / SLIDE_SECONDS))
            return {s.disc: (s.start[0] + (s.end[0] - s.start[0]) * t,
                             s.start[1] + (s.end[1] - s.start[1]) * t, 0.0)
                    for s in self._flow.slides}
        out = {}
        prev = stage.prev
        for disc, (x, y, a) in stage.cur.items():
            px, py, pa = prev.get(disc, (x, y, a))
            out[disc] = (px + (x - px) * alpha, py + (y - py) * alpha, pa + (a - pa) * alpha)
        return out

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The room, the table (or its replay, or the board turning), the banners."""
        stage = self._stage
        surface.blit(drawing.room_background(stage.size), (0, 0))
        geometry = stage.board_geometry()
        if self._replay.replaying is not None:
            self._replay.draw(surface, geometry)
        elif stage.flip is not None:
            self._draw_flip(surface, geometry)
        elif self._press.rock is not None or self._press.pressing is not None:
            # the board rocks, or trembles as a press nears the line: the whole table moves
            dx, dy = self._press.board_offset(geometry.cell)
            self._draw_table(surface, view.BoardGeometry(
                geometry.left + dx, geometry.top + dy, geometry.cell, geometry.flipped,
                rim=geometry.rim), alpha)
        else:
            self._draw_table(surface, geometry, alpha)
        self._banners.draw(surface, geometry)

    def _draw_table(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                    alpha: float) -> None:
        stage, table = self._stage, self._stage.table
        layer = view.board_layer(geometry.cell, geometry.flipped, geometry.rim, table.swamp)
        outer = geometry.outer
        surface.blit(layer, outer)
        self._draw_glow(surface, geometry)
        positions = self.disc_positions(alpha)
        # pieces lying over others are drawn after (over) them
        tops = {top for top, _ in table.stacks}
        positions = dict(sorted(positions.items(), key=lambda item: item[0] in tops))
        slide_t = min(1.0, (stage.phase_age + alpha * STEP) / SLIDE_SECONDS)
        appearing = {s.disc for s in self._flow.slides if s.appears} \
            if stage.phase is Phase.LINES else set()
        drag, pressing = self._hand.drag, self._press.pressing
        held = drag.disc if drag is not None else None
        shake = self._banners.shake
        for disc, (x, y, angle) in positions.items():
            if disc == held:
                continue
            radius = self.disc_px(disc, geometry)
            cx, cy = geometry.to_screen(x, y)
            if shake is not None and shake[0] == disc:
                cx += math.sin(shake[1] * 60) * radius * 0.12 * (1 - shake[1] / SHAKE_SECONDS)
            if disc in appearing and slide_t < 0.5:
                self._draw_ghost(surface, (cx, cy), radius, disc, slide_t / 0.5)
                continue
            draw_troop(surface, (cx, cy), radius, disc[0], table.troop(disc[0]), angle,
                       geometry.flipped)
        plain = view.disc_radius(geometry, stage.config)
        for flash in self._flow.flashes:
            self._draw_flash(surface, geometry, flash, plain)
        for fall in self._flow.falls:
            view.draw_falling(surface, geometry, fall, fall.age + alpha * STEP,
                              self.disc_px(fall.disc, geometry))
        if pressing is not None and pressing.disc in positions:
            x, y, _ = positions[pressing.disc]
            self._press.draw(surface, geometry, geometry.to_screen(x, y),
                             self.disc_px(pressing.disc, geometry))
        if drag is not None and drag.disc in positions:
            self._draw_aim(surface, geometry, drag, positions[drag.disc],
                           self.disc_px(drag.disc, geometry))

    def disc_px(self, disc: DiscId, geometry: view.BoardGeometry) -> int:
        """``disc``'s radius on the screen: its kind of troops' size on the table."""
        return max(3, round(self._stage.table.radius(disc) * geometry.cell))

    def _draw_ghost(self, surface: pygame.Surface, centre: tuple[float, float], radius: int,
                    disc: DiscId, t: float) -> None:
        sprite = drawing.piece_sprite(radius, disc[0] is Color.WHITE).copy()
        sprite.set_alpha(round(255 * t))
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_flash(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                    flash: list[float], radius: int) -> None:
        x, y, age, strength = flash
        t = age / view.KNOCK_SECONDS
        cx, cy = geometry.to_screen(x, y)
        ring = round(radius * (0.25 + 0.6 * t) * (0.6 + 0.6 * strength))
        colour = theme.mix((255, 244, 214), theme.SQUARE_LIGHT, t)
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(2, ring),
                           width=max(1, round(radius * 0.12 * (1 - t))))

    def _draw_glow(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """Light along the shooter's side of the frame: whose turn it is, at a glance."""
        if self._stage.phase not in (Phase.AIM, Phase.SHOT):
            return
        shooter = self._stage.match.turn
        outer, rect = geometry.outer, geometry.rect
        bottom = (shooter is Color.WHITE) != geometry.flipped
        depth = min(geometry.border, round(geometry.cell * view.BORDER_CELLS))
        colour = (255, 240, 200) if shooter is Color.WHITE else (240, 150, 40)
        glow = view.edge_glow(rect.width + depth, depth, colour)
        if bottom:
            surface.blit(pygame.transform.flip(glow, False, True),
                         (rect.left - depth // 2, rect.bottom))
        else:
            surface.blit(glow, (rect.left - depth // 2, outer.top))
        edge_y = rect.bottom + 1 if bottom else rect.top - 4
        pygame.draw.rect(surface, colour, pygame.Rect(rect.left, edge_y, rect.width, 3))

    def _draw_aim(self, surface: pygame.Surface, geometry: view.BoardGeometry, drag: Drag,
                  at: tuple[float, float, float], radius: int) -> None:
        table, window = self._stage.table, self._stage.size
        x, y, angle = at
        centre = geometry.to_screen(x, y)
        pull = drag.aim((x, y))  # the pull as the hand points it now: it sways
        strength = drag.strength((x, y))
        pointer = geometry.to_screen(*drag.pointer)
        help_level = self._stage.aim
        # the rubber band of the slingshot, from the hand to the piece: always there
        band = (120, 86, 52) if strength > 0 else (90, 70, 50)
        pygame.draw.line(surface, band, centre, pointer, max(2, radius // 9))
        hand = max(3, radius // 6)
        inside = pygame.Rect((0, 0), window).inflate(-2 * hand, -2 * hand)
        if inside.collidepoint(pointer):
            pygame.draw.circle(surface, band, pointer, hand)
        else:  # the hand has gone past the window: it is shown where the band leaves it
            edge = inside.clipline(centre, pointer)
            if edge:
                pygame.draw.circle(surface, band, edge[1], hand + 2)
                pygame.draw.circle(surface, theme.TEXT, edge[1], hand + 2, width=2)
        if strength > 0 and help_level is view.AimHelp.FULL:
            path = table.aim_path(drag.disc, pull, strength, start=(x, y))
            end = geometry.to_screen(*path.end)
            overlay = pygame.Surface(window, pygame.SRCALPHA)
            view.draw_dotted(overlay, centre, end, max(6, radius * 0.45), max(2, radius // 10),
                             (255, 248, 230, 200))
            if path.hits is not None:
                pygame.draw.circle(overlay, (255, 248, 230, 150), end, radius,
                                   width=max(2, radius // 12))
                target = table.position(path.hits)
                tx, ty = geometry.to_screen(*target)
                dx, dy = tx - end[0], ty - end[1]
                norm = math.hypot(dx, dy) or 1.0
                tip = (tx + dx / norm * radius * 1.6, ty + dy / norm * radius * 1.6)
                view.draw_dotted(overlay, (tx, ty), tip, max(5, radius * 0.35),
                                 max(2, radius // 12), (255, 220, 150, 200))
            elif path.leaves_board:
                size = max(5, radius // 3)
                for cross_x, cross_y in ((1, 1), (1, -1)):
                    pygame.draw.line(overlay, (240, 90, 60, 220),
                                     (end[0] - size * cross_x, end[1] - size * cross_y),
                                     (end[0] + size * cross_x, end[1] + size * cross_y),
                                     max(2, radius // 10))
            else:
                pygame.draw.circle(overlay, (255, 248, 230, 110), end, radius,
                                   width=max(1, radius // 16))
            surface.blit(overlay, (0, 0))
        draw_troop(surface, centre, radius, drag.disc[0], table.troop(drag.disc[0]), angle,
                   geometry.flipped, lift=0.6)
        if strength > 0 and help_level is not view.AimHelp.NONE:
            sx, sy = geometry.screen_vector(*pull)
            norm = math.hypot(sx, sy)
            ux, uy = sx / norm, sy / norm
            length = radius * 1.3 + strength * geometry.cell * 2.6
            start = (centre[0] + ux * radius * 1.15, centre[1] - radius * 0.09 + uy * radius * 1.15)
            end = (centre[0] + ux * length, centre[1] - radius * 0.09 + uy * length)
            view.draw_arrow(surface, start, end, max(5, radius * (0.22 + 0.18 * strength)),
                            view.strength_colour(strength))
            view.draw_power_ring(surface, (centre[0], centre[1] - radius * 0.09), radius,
                                 strength)

    def _draw_flip(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """The board turning half a circle toward the next shooter (discs at rest)."""
        stage = self._stage
        assert stage.flip is not None
        start_flipped, age = stage.flip
        outer = geometry.outer
        if stage.flip_picture is None:
            picture = pygame.Surface(stage.size, pygame.SRCALPHA)
            old = geometry.with_flip(start_flipped)
            self._draw_table(picture, old, 0.0)
            pad = round(geometry.cell * 0.7)
            stage.flip_picture = picture.subsurface(outer.inflate(pad * 2, pad * 2).clip(
                picture.get_rect())).copy()
        t = ease(age / FLIP_SECONDS)
        turned = pygame.transform.rotate(stage.flip_picture, -180 * t)
        surface.blit(turned, turned.get_rect(center=outer.center))

    def dirty_rects(self, panel: pygame.Rect) -> list[pygame.Rect] | None:
        """While discs roll and nothing falls, only the table (left of ``panel``) changes."""
        stage = self._stage
        if stage.phase is Phase.SHOT and not self._flow.falls and self._banners.banner is None \
                and self._banners.hint is None and stage.flip is None:
            return [pygame.Rect(0, 0, panel.left, stage.size[1])]
        return None
