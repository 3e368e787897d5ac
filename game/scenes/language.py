"""The first start: before the menu, the game asks which language to speak. Each language
is offered in its own words (Русский, English); the system's language, where the game speaks
it, has the focus (else English). The answer is kept in the settings and the menu follows."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, STRINGS, default_language
from game.scene import Scene
from game.ui import drawing, theme
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app_like import AppLike


def said_in(key: str, language: str) -> str:
    """The string ``key`` in ``language``, whatever language the game speaks now."""
    return STRINGS[key][language]


class LanguageScene(Scene):
    """Two cards, one per language, each saying what it is in that language."""

    key = "language"

    def __init__(self, app: AppLike, focus: str | None = None) -> None:
        self.languages = list(LANGUAGES)
        wanted = focus if focus in self.languages else default_language()
        self.first_focus = self.languages.index(wanted) if wanted in self.languages else 0
        self.cards: ButtonColumn | None = None
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        focus = self.cards.focus if self.cards is not None else self.first_focus
        width, height, gap = 400, 230, 60
        left = (1280 - len(self.languages) * width - (len(self.languages) - 1) * gap) / 2
        cards = []
        for i, language in enumerate(self.languages):
            card = Button(LANGUAGE_NAMES[language], partial(self.choose, language),
                          px=max(20, round(48 * s)))
            card.rect = pygame.Rect(*self._at(left + i * (width + gap), 320),
                                    round(width * s), round(height * s))
            cards.append(card)
        self.cards = ButtonColumn(cards, keys_prev=(pygame.K_UP, pygame.K_LEFT),
                                  keys_next=(pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB))
        self.cards.set_focus(focus)

    def _at(self, x: float, y: float) -> tuple[int, int]:
        return (self.origin[0] + round(x * self.scale), self.origin[1] + round(y * self.scale))

    @property
    def focused(self) -> str:
        """The language the focus is on (what Enter chooses)."""
        assert self.cards is not None
        return self.languages[self.cards.focus]

    def choose(self, language: str) -> None:
        """Speak ``language`` from now on (kept in the settings) and go on to the menu."""
        self.app.sound.play("ui")
        self.app.change_settings(self.app.settings.with_(language=language))
        self.app.routes.replace("menu")

    def on_back(self) -> None:
        """Esc takes the language that has the focus: the first screen never leads nowhere."""
        self.choose(self.focused)

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.cards is not None
        return self.cards.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        assert self.cards is not None
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        centre = self._at(640, 0)[0]
        title = theme.text(said_in("app.title", "ru"), max(36, round(88 * s)), theme.ACCENT,
                           True)
        surface.blit(title, title.get_rect(midtop=(centre, self._at(0, 70)[1])))
        px = max(15, round(26 * s))
        y = self._at(0, 200)[1]
        for language in self.languages:  # the question in every language, one a line
            line = theme.text(said_in("welcome.choose", language), px, theme.TEXT_MUTED)
            surface.blit(line, line.get_rect(midtop=(centre, y)))
            y += round(px * 1.4)
        for card, language in zip(self.cards.buttons, self.languages):
            self._draw_card(surface, card, language)
        small = max(theme.MIN_PX, round(20 * s))
        y = self._at(0, 600)[1]
        for key in ("welcome.later", "welcome.keys"):
            words = "  ·  ".join(said_in(key, language) for language in self.languages)
            shown, size = theme.fit(words, small, self.size[0] - round(40 * s))
            line = theme.text(shown, size, theme.TEXT_MUTED)
            surface.blit(line, line.get_rect(midtop=(centre, y)))
            y += round(small * 1.8)

    def _draw_card(self, surface: pygame.Surface, card: Button, language: str) -> None:
        """A language's card: its name, and under it "play in it" in that language."""
        s = self.scale
        rect = card.rect.move(0, 2 if card.pressed else 0)
        radius = round(18 * s)
        lit = card.focused or card.hovered
        pygame.draw.rect(surface, theme.BUTTON_EDGE, rect.move(0, round(6 * s)),
                         border_radius=radius)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if lit else theme.BUTTON, rect,
                         border_radius=radius)
        if card.focused:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), width=4,
                             border_radius=radius + 4)
        r = round(26 * s)
        drawing.draw_piece(surface, (rect.centerx, rect.top + round(52 * s)), r,
                           white=language == self.languages[0], king=card.focused)
        name = theme.text(card.label, card.px, theme.TEXT, True)
        surface.blit(name, name.get_rect(center=(rect.centerx, rect.top + round(125 * s))))
        words, size = theme.fit(said_in("welcome.play", language), max(theme.MIN_PX,
                                round(24 * s)), rect.width - round(24 * s))
        play = theme.text(words, size, theme.ACCENT if card.focused else theme.TEXT_MUTED)
        surface.blit(play, play.get_rect(center=(rect.centerx, rect.top + round(180 * s))))
