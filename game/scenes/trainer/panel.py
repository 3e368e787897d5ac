"""The trainer's side panel: the game and technique, who plays, what happened to the last move,
the ratings and the streak, what a hint costs, a notice, and the buttons (hint, solution,
next, back)."""
from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.widgets import Button

RIGHT_INK = (150, 214, 120)
WRONG_INK = (236, 128, 96)


class Tone(enum.Enum):
    """How the headline reads: plain, good news, or a mistake."""

    PLAIN = "plain"
    GOOD = "good"
    BAD = "bad"


@dataclass(frozen=True, slots=True)
class PanelText:
    """Everything the panel says, already in the person's language."""

    title: str
    technique: str
    to_play: str
    headline: str
    tone: Tone
    detail: str
    rating: str
    puzzle: str
    streak: str
    cost: str = ""  # what a hint or the solution would cost now
    notice: str | None = None


class TrainerPanel:
    """The panel's layout and its buttons, drawn from a :class:`PanelText`."""

    def __init__(self, hint: Callable[[], None], solution: Callable[[], None],
                 next_: Callable[[], None], back: Callable[[], None]) -> None:
        self.hint = Button(tr("trainer.hint"), hint)
        self.solution = Button(tr("trainer.solution"), solution)
        self.next = Button(tr("trainer.next"), next_)
        self.back = Button(tr("common.back"), back)
        self.buttons = [self.hint, self.solution, self.next, self.back]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.keys: list[str] = []
        self.keys_px = theme.MIN_PX
        self._backdrop: pygame.Surface | None = None
        self.left_out = 0  # lines of text the last drawing had no room for

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect, self.scale = rect, scale
        s = scale
        pad = round(22 * s)
        gap = round(12 * s)
        height = max(34, round(54 * s))
        width = (rect.width - 2 * pad - gap) // 2
        self.keys_px = max(theme.MIN_PX + 2, round(17 * s))
        self.keys = theme.wrap_lines(tr("trainer.keys"), self.keys_px, rect.width - 2 * pad, 2)
        step = round(self.keys_px * 1.3)
        bottom = rect.bottom - pad - len(self.keys) * step - round(8 * s)
        px = max(theme.MIN_PX + 4, round(24 * s))
        places = [(0, 0), (1, 0), (0, 1), (1, 1)]
        for button, (column, row) in zip(self.buttons, places):
            button.px = px
            button.rect = pygame.Rect(rect.left + pad + column * (width + gap),
                                      bottom - (2 - row) * height - (1 - row) * gap,
                                      width, height)
        self._backdrop = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(self._backdrop, (*theme.PANEL, 225), self._backdrop.get_rect(),
                         border_radius=round(16 * s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any([button.handle_event(event) for button in self.buttons])

    def draw(self, surface: pygame.Surface, words: PanelText) -> None:
        s, rect = self.scale, self.rect
        if self._backdrop is not None:
            surface.blit(self._backdrop, rect)
        pad = round(22 * s)
        x, width = rect.left + pad, rect.width - 2 * pad
        y = rect.top + pad
        floor = min(button.rect.top for button in self.buttons) - round(6 * s)
        self.left_out = 0

        def line(value: str, px: int, ink: theme.Color = theme.TEXT, bold: bool = False,
                 most: int = 2) -> None:
            nonlocal y
            px = max(theme.MIN_PX, px)
            for part in theme.wrap_lines(value, px, width, most, bold):
                if y + px > floor:  # never over the buttons: the line is left out, and counted
                    self.left_out += 1
                    continue
                rendered = theme.text(part, px, ink, bold)
                surface.blit(rendered, (x, y))
                y += round(px * 1.3)

        small = max(15, round(20 * s))
        line(words.title, max(20, round(30 * s)), theme.ACCENT, True, 1)
        line(words.technique, small, theme.TEXT_MUTED)
        y += round(8 * s)
        line(words.to_play, max(16, round(22 * s)), theme.TEXT, True)
        y += round(14 * s)
        ink = {Tone.PLAIN: theme.TEXT, Tone.GOOD: RIGHT_INK, Tone.BAD: WRONG_INK}[words.tone]
        line(words.headline, max(20, round(30 * s)), ink, True)
        line(words.detail, small, theme.TEXT, most=5)
        y += round(14 * s)
        for value, most in ((words.rating, 2), (words.puzzle, 1), (words.streak, 1)):
            line(value, max(15, round(21 * s)), theme.TEXT_MUTED, most=most)
        if words.cost:
            y += round(8 * s)
            line(words.cost, small, theme.TEXT_MUTED, most=3)
        if words.notice:
            y += round(8 * s)
            line(words.notice, small, WRONG_INK, most=4)
        for button in self.buttons:
            button.draw(surface)
        step = round(self.keys_px * 1.3)
        y = rect.bottom - pad - len(self.keys) * step
        for part in self.keys:
            surface.blit(theme.text(part, self.keys_px, theme.TEXT_MUTED), (x, y))
            y += step
