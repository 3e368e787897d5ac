"""Panels over the Chapaev table: the pause menu and the end of the match."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.rules.core import Color
from game.scene import Scene
from game.scenes.dialog import ConfirmDialog
from game.ui import drawing, theme
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.chapaev_match import ChapaevScene


def back_to_menu(app: App) -> None:
    from game.scenes.menu import MenuScene

    app.scenes.reset(MenuScene(app))


class _Panel(Scene):
    """A centred wooden panel with a title, a few lines and a column of buttons."""

    overlay = True

    def __init__(self, app: App, match_scene: ChapaevScene) -> None:
        self.match_scene = match_scene
        super().__init__(app)

    def title(self) -> str:
        raise NotImplementedError

    def lines(self) -> list[str]:
        return []

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        raise NotImplementedError

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        actions = self.actions()
        px = max(16, round(28 * s))
        self.text_px = max(16, round(22 * s))
        width = round(700 * s)
        body = sum(len(theme.wrap(line, self.text_px, width - round(60 * s)))
                   for line in self.lines())
        button_h, gap = round(58 * s), round(14 * s)
        height = (round(120 * s) + body * round(self.text_px * 1.4)
                  + len(actions) * (button_h + gap) + round(24 * s))
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - round(20 * s)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        buttons = [Button(label, action, px=px) for label, action in actions]
        top = self.panel.bottom - round(30 * s) - len(buttons) * (button_h + gap) + gap
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(self.panel.left + round(70 * s),
                                      top + i * (button_h + gap),
                                      self.panel.width - round(140 * s), button_h)
        self.buttons = ButtonColumn(buttons)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.buttons.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        radius = round(18 * s)
        pygame.draw.rect(surface, (0, 0, 0), self.panel.move(0, round(8 * s)),
                         border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, self.panel, width=2, border_radius=radius)
        self.draw_head(surface)
        self.buttons.draw(surface)

    def draw_head(self, surface: pygame.Surface) -> None:
        s = self.scale
        title = theme.text(self.title(), max(20, round(40 * s)), theme.ACCENT, True)
        y = self.panel.top + round(30 * s)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, y)))
        y += title.get_height() + round(18 * s)
        for line in self.lines():
            for part in theme.wrap(line, self.text_px, self.panel.width - round(60 * s)):
                label = theme.text(part, self.text_px, theme.TEXT)
                surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
                y += round(self.text_px * 1.4)


class ChapaevPauseScene(_Panel):
    """Esc during a match: resume, restart the round, the rules, or back to the menu."""

    key = "chapaev-pause"

    def title(self) -> str:
        return tr("chapaev.pause.title")

    def lines(self) -> list[str]:
        match = self.match_scene.match
        return [tr("chapaev.pause.where", number=match.round_number,
                   white=match.lines.white, black=match.lines.black)]

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("chapaev.pause.resume"), self.on_back),
                (tr("chapaev.pause.restart"), self.restart),
                (tr("chapaev.pause.rules"), self.rules),
                (tr("chapaev.pause.menu"), self.menu)]

    def restart(self) -> None:
        self.app.scenes.pop()
        self.match_scene.restart_round()

    def rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.scenes.push(RulesScene(self.app, "chapaev"))

    def menu(self) -> None:
        self.app.scenes.push(ConfirmDialog(self.app, "chapaev.pause.menu_question",
                                           "chapaev.pause.menu_yes",
                                           lambda: back_to_menu(self.app)))


class ChapaevEndScene(_Panel):
    """The match is over: who won, how, then a rematch or the menu."""

    key = "chapaev-over"

    def title(self) -> str:
        winner = self.match_scene.match.winner
        if winner is None:  # pragma: no cover - only shown once the match is over
            return tr("chapaev.over.title_none")
        from game.scenes.chapaev_match import color_name

        return tr("chapaev.over.title", side=color_name(winner, "nom"))

    def lines(self) -> list[str]:
        from game.scenes.chapaev_match import color_name

        match = self.match_scene.match
        winner = match.winner or Color.WHITE
        wins = {Color.WHITE: 0, Color.BLACK: 0}
        draws = 0
        for result in match.rounds:
            if result.winner is None:
                draws += 1
            else:
                wins[result.winner] += 1
        return [tr("chapaev.over.how", side=color_name(winner.other, "acc"),
                   rounds=len(match.rounds)),
                tr("chapaev.over.score", white=wins[Color.WHITE], black=wins[Color.BLACK],
                   draws=draws)]

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("chapaev.over.rematch"), self.rematch),
                (tr("chapaev.over.menu"), self.on_back)]

    def rematch(self) -> None:
        self.app.scenes.pop()
        self.match_scene.rematch()

    def on_back(self) -> None:
        back_to_menu(self.app)

    def draw_head(self, surface: pygame.Surface) -> None:
        winner = self.match_scene.match.winner
        if winner is not None:
            s = self.scale
            radius = round(26 * s)
            for dx in (-1, 1):
                drawing.draw_piece(surface, (self.panel.centerx + dx * round(300 * s),
                                             self.panel.top + round(56 * s)), radius,
                                   white=winner is Color.WHITE, king=True)
        super().draw_head(surface)
