"""The bayonet press's gauge on the Chapaev table and in its panel: how hard the piece is
pressed, against what is enough to push the enemy piece off and the line past which the board
rocks, with the stretch before it where the board creaks."""
from __future__ import annotations

import pygame

from game.ui import theme

PRESS_SHORT = (214, 178, 96)  # not yet enough to push the enemy piece off
PRESS_ENOUGH = (112, 196, 92)  # enough: let go
PRESS_WARN = (244, 140, 40)  # the board creaks: let go now
PRESS_ROCKS = (222, 72, 52)  # past the line: the board rocks
GAUGE_BACK = (24, 16, 10)


def press_colour(strength: float, threshold: float, warn: float,
                 enough: float | None) -> theme.Color:
    """The press's colour on its gauges: short, enough, creaking, rocking."""
    if strength > threshold:
        return PRESS_ROCKS
    if strength >= warn:
        return PRESS_WARN
    if enough is not None and strength >= enough:
        return PRESS_ENOUGH
    return PRESS_SHORT


def draw_press_bar(surface: pygame.Surface, bar: pygame.Rect, strength: float,
                   threshold: float, warn: float, enough: float | None,
                   glow: float = 0.0) -> None:
    """A press's gauge filling from the left, over its zones: from ``enough`` (when shown)
    green, from ``warn`` amber (the board creaks), past ``threshold`` red (it rocks), with a
    mark at enough and a line at the threshold. ``glow`` in [0, 1] brightens the warning
    zone while the board creaks."""
    radius = bar.height // 2
    pygame.draw.rect(surface, GAUGE_BACK, bar, border_radius=radius)

    def zone(start: float, stop: float, colour: theme.Color, share: float) -> None:
        left = bar.left + round(bar.width * start)
        right = bar.left + round(bar.width * stop)
        if right > left:
            pygame.draw.rect(surface, theme.mix(colour, GAUGE_BACK, share),
                             pygame.Rect(left, bar.top, right - left, bar.height),
                             border_radius=radius)

    if enough is not None and enough < warn:
        zone(enough, warn, PRESS_ENOUGH, 0.62)
    zone(warn, threshold, PRESS_WARN, 0.55 - 0.35 * glow)
    zone(threshold, 1.0, PRESS_ROCKS, 0.5)
    if strength > 0:
        fill = bar.copy()
        fill.width = max(bar.height, round(bar.width * strength))
        pygame.draw.rect(surface, press_colour(strength, threshold, warn, enough), fill,
                         border_radius=radius)
    if enough is not None:
        mark = bar.left + round(bar.width * enough)
        pygame.draw.line(surface, (250, 246, 236), (mark, bar.top - 2), (mark, bar.bottom + 2),
                         max(2, bar.height // 6))
    mark = bar.left + round(bar.width * threshold)
    pygame.draw.line(surface, theme.DANGER, (mark, bar.top - 4), (mark, bar.bottom + 4),
                     max(3, bar.height // 5))
    pygame.draw.rect(surface, theme.TEXT_MUTED, bar, width=1, border_radius=radius)
