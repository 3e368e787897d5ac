"""The coach's words on the reviewed move, in a box over the top of the evaluation graph, and
under them the ways on when the words name a technique: its page, its puzzles in the trainer."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import theme
from game.ui.widgets import Button

#: (label, what it does, tooltip key) of a button under the words
Link = tuple[str, Callable[[], None], str]


class CoachBox:
    """Lays out and draws the coach's words and the buttons of their links; the buttons are
    kept between frames (a press and its release may come with a frame between)."""

    def __init__(self) -> None:
        self.buttons: list[tuple[Button, str]] = []  # each with its tooltip key
        self._links: tuple[tuple[str, str], ...] = ()  # the labels and tips of those buttons
        self.rect = pygame.Rect(0, 0, 0, 0)  # the box as last drawn (empty: no words)

    def lines(self, comments: Sequence[str], px: int, area: pygame.Rect, links: bool,
              scale: float) -> list[str]:
        """The words wrapped to the box: four lines at most, as many as fit in ``area`` with
        the row of links under them (two comments fit in a small window; the graph gives
        way)."""
        if not comments:
            return []
        room = area.height - round(8 * scale) - (self._row(px, scale) if links else 0)
        most = max(1, min(4, room // round(px * 1.3)))
        return theme.wrap_lines(" ".join(comments), px, area.width - 8, most)

    def height(self, comments: Sequence[str], links: Sequence[Link], px: int,
               area: pygame.Rect, scale: float) -> int:
        """How much of the graph's place the box takes (0: nothing to say)."""
        lines = self.lines(comments, px, area, bool(links), scale)
        if not lines:
            return 0
        row = self._row(px, scale) if links else 0
        return len(lines) * round(px * 1.3) + round(8 * scale) + row

    def _row(self, px: int, scale: float) -> int:
        """The height of the row of links, with the gap above it."""
        return self._row_height(px) + round(4 * scale)

    @staticmethod
    def _row_height(px: int) -> int:
        return round(px * 1.7)

    def draw(self, surface: pygame.Surface, area: pygame.Rect, comments: Sequence[str],
             links: Sequence[Link], px: int, scale: float) -> None:
        """The box at the top of ``area``, its link buttons under the words."""
        lines = self.lines(comments, px, area, bool(links), scale)
        self._keep(links if lines else (), px)
        if not lines:
            self.rect = pygame.Rect(area.left, area.top, 0, 0)
            return
        box = pygame.Rect(area.left, area.top, area.width,
                          self.height(comments, links, px, area, scale))
        self.rect = box
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.18), box,
                         border_radius=round(6 * scale))
        y = box.top + round(4 * scale)
        for line in lines:
            surface.blit(theme.text(line, px, theme.TEXT), (box.left + 6, y))
            y += round(px * 1.3)
        if not self.buttons:
            return
        gap = round(6 * scale)
        row = pygame.Rect(box.left + 6, y + round(2 * scale), box.width - 12,
                          self._row_height(px))
        width = (row.width - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, (button, _) in enumerate(self.buttons):
            button.rect = pygame.Rect(row.left + i * (width + gap), row.top, width, row.height)
            button.draw(surface)

    def clear(self) -> None:
        """Nothing shown: no words, no buttons to press."""
        self._keep((), 0)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _keep(self, links: Sequence[Link], px: int) -> None:
        """The buttons for ``links``: the same ones while the links stay the same."""
        shown = tuple((label, tip) for label, _, tip in links)
        if shown == self._links and len(self.buttons) == len(links):
            for (button, _), (_, action, _) in zip(self.buttons, links):
                button.action = action
            return
        self._links = shown
        self.buttons = [(Button(label, action, px=px), tip) for label, action, tip in links]


__all__ = ["CoachBox", "Link"]
