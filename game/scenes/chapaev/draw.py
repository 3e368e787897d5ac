"""Drawing the Chapaev table: the board, the discs between two physics states, knocks,
falls, the aim, the board turning, banners, the panel (mixed into the Chapaev scene)."""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.i18n import tr
from game.rules.core import Color
from game.scene import Scene
from game.scenes.chapaev.phases import (
    FLIP_SECONDS,
    HINT_SECONDS,
    SHAKE_SECONDS,
    SLIDE_SECONDS,
    STEP,
    Phase,
    ease,
)
from game.ui import chapaev_view as view
from game.ui import drawing, theme
from game.ui.chapaev_troops import draw_troop
from game.ui.widgets import Button
from physics import DiscId


class ChapaevDrawing:
    """The Chapaev scene's layout and drawing (``self`` is the :class:`ChapaevScene`)."""

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self: Any, size: tuple[int, int]) -> None:
        Scene.on_resize(self, size)
        s = self.scale = theme.scale_for(size)
        margin = max(12, round(26 * s))
        panel_width = max(round(220 * s), min(round(470 * s), size[0] - size[1]))
        board_area = pygame.Rect(margin, margin, size[0] - panel_width - 3 * margin,
                                 size[1] - 2 * margin)
        rim = view.WIDE_RIM if self.match.options.swamp else view.BORDER_CELLS
        geometry = view.fit_board(board_area, self.flipped, rim)
        # a wide window: keep the board and the panel together in the middle
        group = geometry.outer.width + margin + panel_width
        shift = max(0, (size[0] - group) // 2 - geometry.outer.left)
        geometry = view.BoardGeometry(geometry.left + shift, geometry.top, geometry.cell,
                                      geometry.flipped, rim=rim)
        self.geometry = geometry
        left = geometry.outer.right + margin
        self.panel = pygame.Rect(left, margin, min(panel_width, size[0] - left - margin),
                                 size[1] - 2 * margin)
        self.px = max(14, round(20 * s))
        self.panel_view.layout(self.panel, s)
        self.pause_button = Button(tr("chapaev.pause"), self.on_back,
                                   px=max(14, round(24 * s)))
        height = round(54 * s)
        self.pause_button.rect = pygame.Rect(self.panel.left + round(18 * s),
                                             self.panel.bottom - height - round(18 * s),
                                             self.panel.width - round(36 * s), height)
        self.replay_button = Button(tr("chapaev.panel.replay"), self.replay_last,
                                    px=max(14, round(22 * s)))
        self.replay_button.rect = self.pause_button.rect.move(0, -height - round(12 * s))
        self._flip_picture = None

    @property
    def flipped(self: Any) -> bool:
        return self.view_color is Color.BLACK

    def _geometry(self: Any) -> view.BoardGeometry:
        if self.geometry.flipped != self.flipped:
            self.geometry = self.geometry.with_flip(self.flipped)
        return self.geometry

    def disc_positions(self: Any, alpha: float) -> dict[DiscId, tuple[float, float, float]]:
        """Every disc on the board, between the last two physics states."""
        if self.phase is Phase.LINES:
            t = ease(min(1.0, (self._phase_age + alpha * STEP) / SLIDE_SECONDS))
            return {s.disc: (s.start[0] + (s.end[0] - s.start[0]) * t,
                             s.start[1] + (s.end[1] - s.start[1]) * t, 0.0)
                    for s in self.slides}
        out = {}
        prev = self._prev
        for disc, (x, y, a) in self._cur.items():
            px, py, pa = prev.get(disc, (x, y, a))
            out[disc] = (px + (x - px) * alpha, py + (y - py) * alpha, pa + (a - pa) * alpha)
        return out

    def draw(self: Any, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        geometry = self._geometry()
        if self.replaying is not None:
            self._draw_replay(surface, geometry)
        elif self._flip is not None:
            self._draw_flip(surface, geometry)
        elif self.rock is not None or self.pressing is not None:
            # the board rocks, or trembles as a press nears the line: the whole table moves
            dx, dy = self.board_offset(geometry.cell)
            self._draw_table(surface, view.BoardGeometry(
                geometry.left + dx, geometry.top + dy, geometry.cell, geometry.flipped,
                rim=geometry.rim), alpha)
        else:
            self._draw_table(surface, geometry, alpha)
        self._draw_banner(surface, geometry)
        self._draw_hint(surface, geometry)
        self._draw_panel(surface, alpha)

    def _draw_table(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry,
                    alpha: float) -> None:
        layer = view.board_layer(geometry.cell, geometry.flipped, geometry.rim,
                                 self.table.swamp)
        outer = geometry.outer
        surface.blit(layer, outer)
        self._draw_glow(surface, geometry)
        positions = self.disc_positions(alpha)
        # pieces lying over others are drawn after (over) them
        tops = {top for top, _ in self.table.stacks}
        positions = dict(sorted(positions.items(), key=lambda item: item[0] in tops))
        slide_t = min(1.0, (self._phase_age + alpha * STEP) / SLIDE_SECONDS)
        appearing = {s.disc for s in self.slides if s.appears} if self.phase is Phase.LINES \
            else set()
        held = self.drag.disc if self.drag is not None else None
        for disc, (x, y, angle) in positions.items():
            if disc == held:
                continue
            radius = self.disc_px(disc, geometry)
            cx, cy = geometry.to_screen(x, y)
            if self._shake is not None and self._shake[0] == disc:
                cx += math.sin(self._shake[1] * 60) * radius * 0.12 * (
                    1 - self._shake[1] / SHAKE_SECONDS)
            if disc in appearing and slide_t < 0.5:
                self._draw_ghost(surface, (cx, cy), radius, disc, slide_t / 0.5)
                continue
            draw_troop(surface, (cx, cy), radius, disc[0], self.table.troop(disc[0]), angle,
                       geometry.flipped)
        plain = view.disc_radius(geometry, self.config)
        for flash in self.flashes:
            self._draw_flash(surface, geometry, flash, plain)
        for fall in self.falls:
            view.draw_falling(surface, geometry, fall, fall.age + alpha * STEP,
                              self.disc_px(fall.disc, geometry))
        if self.pressing is not None and self.pressing.disc in positions:
            x, y, _ = positions[self.pressing.disc]
            self._draw_press(surface, geometry, geometry.to_screen(x, y),
                             self.disc_px(self.pressing.disc, geometry))
        if self.drag is not None and self.drag.disc in positions:
            self._draw_aim(surface, geometry, positions[self.drag.disc],
                           self.disc_px(self.drag.disc, geometry))

    def disc_px(self: Any, disc: DiscId, geometry: view.BoardGeometry) -> int:
        """``disc``'s radius on the screen: its kind of troops' size on the table."""
        return max(3, round(self.table.radius(disc) * geometry.cell))

    def _draw_ghost(self: Any, surface: pygame.Surface, centre: tuple[float, float], radius: int,
                    disc: DiscId, t: float) -> None:
        sprite = drawing.piece_sprite(radius, disc[0] is Color.WHITE).copy()
        sprite.set_alpha(round(255 * t))
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_flash(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry,
                    flash: list[float], radius: int) -> None:
        x, y, age, strength = flash
        t = age / view.KNOCK_SECONDS
        cx, cy = geometry.to_screen(x, y)
        ring = round(radius * (0.25 + 0.6 * t) * (0.6 + 0.6 * strength))
        colour = theme.mix((255, 244, 214), theme.SQUARE_LIGHT, t)
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(2, ring),
                           width=max(1, round(radius * 0.12 * (1 - t))))

    def _draw_glow(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """Light along the shooter's side of the frame: whose turn it is, at a glance."""
        if self.phase not in (Phase.AIM, Phase.SHOT):
            return
        shooter = self.match.turn
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

    def _draw_aim(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry,
                  at: tuple[float, float, float], radius: int) -> None:
        drag = self.drag
        assert drag is not None
        x, y, angle = at
        centre = geometry.to_screen(x, y)
        pull = drag.pull((x, y))
        strength = drag.strength((x, y))
        pointer = geometry.to_screen(*drag.pointer)
        help_level = self.aim
        # the rubber band of the slingshot, from the hand to the piece: always there
        band = (120, 86, 52) if strength > 0 else (90, 70, 50)
        pygame.draw.line(surface, band, centre, pointer, max(2, radius // 9))
        hand = max(3, radius // 6)
        inside = pygame.Rect((0, 0), self.size).inflate(-2 * hand, -2 * hand)
        if inside.collidepoint(pointer):
            pygame.draw.circle(surface, band, pointer, hand)
        else:  # the hand has gone past the window: it is shown where the band leaves it
            edge = inside.clipline(centre, pointer)
            if edge:
                pygame.draw.circle(surface, band, edge[1], hand + 2)
                pygame.draw.circle(surface, theme.TEXT, edge[1], hand + 2, width=2)
        if strength > 0 and help_level is view.AimHelp.FULL:
            path = self.table.aim_path(drag.disc, pull, strength, start=(x, y))
            end = geometry.to_screen(*path.end)
            overlay = pygame.Surface(self.size, pygame.SRCALPHA)
            view.draw_dotted(overlay, centre, end, max(6, radius * 0.45), max(2, radius // 10),
                             (255, 248, 230, 200))
            if path.hits is not None:
                pygame.draw.circle(overlay, (255, 248, 230, 150), end, radius,
                                   width=max(2, radius // 12))
                target = self.table.position(path.hits)
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
        draw_troop(surface, centre, radius, drag.disc[0], self.table.troop(drag.disc[0]), angle,
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

    def _draw_flip(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """The board turning half a circle toward the next shooter (discs at rest)."""
        assert self._flip is not None
        start_flipped, age = self._flip
        outer = geometry.outer
        if self._flip_picture is None:
            picture = pygame.Surface(self.size, pygame.SRCALPHA)
            old = geometry.with_flip(start_flipped)
            self._draw_table(picture, old, 0.0)
            pad = round(geometry.cell * 0.7)
            self._flip_picture = picture.subsurface(outer.inflate(pad * 2, pad * 2).clip(
                picture.get_rect())).copy()
        t = ease(age / FLIP_SECONDS)
        turned = pygame.transform.rotate(self._flip_picture, -180 * t)
        surface.blit(turned, turned.get_rect(center=outer.center))

    def _draw_banner(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        banner = self.banner
        if banner is None:
            return
        s = self.scale
        fade_in = min(1.0, banner.age / 0.15)
        fade_out = min(1.0, (banner.duration - banner.age) / 0.35)
        opacity = max(0.0, min(fade_in, fade_out))
        rect = geometry.rect
        big = max(18, round(34 * s))
        small = max(14, round(22 * s))
        if banner.color is Color.WHITE:
            fill, ink, muted = (242, 232, 208), (40, 26, 16), (96, 70, 48)
        elif banner.color is Color.BLACK:
            fill, ink, muted = (40, 26, 18), (244, 233, 212), (206, 182, 146)
        else:
            fill, ink, muted = theme.PANEL, theme.ACCENT, theme.TEXT
        width = rect.width - round(40 * s)
        titles = theme.wrap(banner.title, big, width - round(40 * s), True)
        details = theme.wrap(banner.detail, small, width - round(40 * s)) if banner.detail \
            else []
        height = len(titles) * round(big * 1.25) + len(details) * round(small * 1.35) + \
            round(40 * s)
        box = pygame.Rect(0, 0, width, height)
        box.center = rect.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*fill, 236), panel.get_rect(), border_radius=round(16 * s))
        pygame.draw.rect(panel, (*theme.ACCENT, 255), panel.get_rect(), width=3,
                         border_radius=round(16 * s))
        y = round(20 * s)
        for line in titles:
            label = theme.text(line, big, ink, True)
            panel.blit(label, label.get_rect(midtop=(box.width // 2, y)))
            y += round(big * 1.25)
        for line in details:
            label = theme.text(line, small, muted)
            panel.blit(label, label.get_rect(midtop=(box.width // 2, y)))
            y += round(small * 1.35)
        panel.set_alpha(round(255 * opacity))
        surface.blit(panel, box)

    def _draw_hint(self: Any, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        if self._hint is None:
            return
        text, age = self._hint
        s = self.scale
        label = theme.text(text, max(14, round(22 * s)), theme.TEXT)
        box = label.get_rect().inflate(round(36 * s), round(18 * s))
        box.center = (geometry.rect.centerx, geometry.rect.centery + round(geometry.cell * 1.2))
        fade = min(1.0, (HINT_SECONDS - age) / 0.4)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (60, 22, 14, round(230 * fade)), panel.get_rect(),
                         border_radius=box.height // 2)
        pygame.draw.rect(panel, (*theme.DANGER, round(255 * fade)), panel.get_rect(), width=2,
                         border_radius=box.height // 2)
        surface.blit(panel, box)
        label.set_alpha(round(255 * fade))
        surface.blit(label, label.get_rect(center=box.center))

    def dirty_rects(self: Any) -> list[pygame.Rect] | None:
        """While discs roll and nothing falls, only the table changes."""
        if self.phase is Phase.SHOT and not self.falls and self.banner is None \
                and self._hint is None and self._flip is None:
            return [pygame.Rect(0, 0, self.panel.left, self.size[1])]
        return None
