"""The rules of each game, one scrollable page per game, in the player's language, with
pictures of the positions the text talks about (see :mod:`game.ui.rules_page`); and, under the
games, the techniques of the box's lesson, a page each with a puzzle played out
(:mod:`game.ui.technique_page`) and a way to the trainer."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import language, tr
from game.resources import asset
from game.scene import Scene
from game.catalog import GAMES
from game.puzzles.model import Technique
from game.ui import drawing, theme
from game.ui.rules_page import RulesPage, parse_rules
from game.ui.technique_page import TechniquePage
from game.ui.widgets import Block, Button, ButtonColumn

if TYPE_CHECKING:
    from game.app_like import AppLike


def load_page(game_key: str, lang: str) -> list[Block]:
    """The page of ``game_key`` in ``lang``; a missing or unreadable file says so on the page."""
    path = asset("rules", lang, f"{game_key}.txt")
    try:
        return parse_rules(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return [Block("title", tr(f"game.{game_key}")),
                Block("text", tr("rules.missing", path=str(path)))]


#: the tab after the games': the techniques' pages
TECHNIQUES = "techniques"


class RulesScene(Scene):
    """``game_key``: the game whose rules open (or :data:`TECHNIQUES`); ``technique``: the
    technique page to open at (its value, such as "breakthrough")."""

    key = "rules"

    def __init__(self, app: AppLike, game_key: str = GAMES[0].key,
                 technique: str | None = None) -> None:
        self.game_key = TECHNIQUES if technique is not None else game_key
        self.page: RulesPage | None = None
        self.techniques = TechniquePage(
            Technique(technique) if technique is not None else Technique.SACRIFICE,
            self.practise, can_practise="trainer" in app.routes.table)
        super().__init__(app)

    @property
    def keys(self) -> list[str]:
        """The tabs' keys: every game's, then the techniques'."""
        return [game.key for game in GAMES] + [TECHNIQUES]

    def practise(self, technique: Technique, game: str) -> None:
        """The trainer, on this technique's puzzles of ``game``."""
        self.app.routes.push("trainer", game=game, technique=technique.value)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        margin = round(40 * s)
        column = round(360 * s)  # "Международные шашки" fits unshrunk at 800×560
        px = max(14, round(22 * s))
        tabs = [Button(tr(game.title_key), partial(self.show, game.key), px=px)
                for game in GAMES]
        tabs.append(Button(tr("rules.techniques"), partial(self.show, TECHNIQUES), px=px))
        top = round(130 * s)
        # 72-pixel rows while the tabs fit above the Back button, closer ones after that
        room = size[1] - margin - round(58 * s) - round(14 * s) - top
        pitch = min(round(72 * s), room // max(1, len(tabs)))
        for i, tab in enumerate(tabs):
            tab.rect = pygame.Rect(margin, top + i * pitch, column,
                                   min(round(58 * s), pitch - round(8 * s)))
        self.tabs = ButtonColumn(tabs, on_focus=lambda i: self.show(self.keys[i]),
                                 keys_prev=(pygame.K_LEFT,), keys_next=(pygame.K_RIGHT,))
        self.back = Button(tr("common.back"), self.on_back, px=px)
        self.back.rect = pygame.Rect(margin, size[1] - margin - round(58 * s), column,
                                     round(58 * s))
        self.panel = pygame.Rect(margin * 2 + column, round(40 * s),
                                 size[0] - margin * 3 - column, size[1] - round(80 * s))
        self.page_rect = self.panel.inflate(-round(48 * s), -round(48 * s))
        self.techniques.layout(self.page_rect, s)
        self._layout_page(keep_scroll=True)

    def show(self, game_key: str) -> None:
        if game_key != self.game_key:
            self.game_key = game_key
            self._layout_page(keep_scroll=False)

    def _layout_page(self, keep_scroll: bool) -> None:
        scroll = self.page.scroll if (keep_scroll and self.page is not None) else 0
        if self.game_key != TECHNIQUES:
            self.page = RulesPage(load_page(self.game_key, language()), self.page_rect,
                                  self.scale)
            self.page.scroll_to(scroll)
        index = self.keys.index(self.game_key)
        for i, tab in enumerate(self.tabs.buttons):
            tab.selected = i == index
        self.tabs.focus = index
        for i, tab in enumerate(self.tabs.buttons):
            tab.focused = i == index

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.tabs.set_focus(self.tabs.focus + step)
            return True
        if self.game_key == TECHNIQUES:
            if self.techniques.handle_event(event):
                return True
        elif self.page is None:
            pass
        elif event.type == pygame.MOUSEWHEEL or event.type == pygame.KEYDOWN:
            if self.page.handle_event(event):
                return True
        elif self.page.handle_event(event):
            return True
        if self.back.handle_event(event):
            return True
        return self.tabs.handle_event(event)

    def fixed_update(self, dt: float) -> None:
        if self.game_key == TECHNIQUES and self.techniques.update(dt):
            self.app.redraw()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr("rules.title"), max(22, round(48 * s)), theme.ACCENT, True)
        surface.blit(title, (round(40 * s), round(46 * s)))
        self.tabs.draw(surface)
        self.back.draw(surface)
        radius = round(16 * s)
        panel = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.PANEL, 225), panel.get_rect(), border_radius=radius)
        surface.blit(panel, self.panel)
        if self.game_key == TECHNIQUES:
            self.techniques.draw(surface)
        elif self.page is not None:
            self.page.draw(surface)
        hint = theme.text(tr("techpage.hint" if self.game_key == TECHNIQUES else "rules.hint"),
                          max(12, round(16 * s)), theme.TEXT_MUTED)
        surface.blit(hint, hint.get_rect(bottomright=(self.panel.right - round(20 * s),
                                                      self.panel.bottom + round(30 * s))))
