"""One line of text to type (a game's name), over the screen below. The proposed text comes
selected, so typing replaces it (an arrow key or End keeps it and types on); Ctrl+A selects
it all again. A dialog opened by a key that types (T for a line of chat) does not take that
key's own letter, which the system sends after the key that opened it."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike


class NameDialog(Scene):
    """One line of text (a game's name): Enter or OK takes it, Esc cancels."""

    overlay = True
    key = "name"
    limit = 80

    def __init__(self, app: AppLike, question: str, text: str,
                 on_done: Callable[[str], None], limit: int | None = None,
                 opened_by: str = "") -> None:
        if limit is not None:
            self.limit = limit  # a line of chat is longer than a name
        #: the letter the key that opened the dialog types: its text comes as an event of
        #: its own after the key (in the same frame or a later one), before any other key
        self.opened_by = opened_by
        self.question = question
        self.text = text[:self.limit]
        #: the whole text is selected: what is typed next replaces it
        self.selected = bool(self.text)
        self.on_done = on_done
        super().__init__(app)

    def on_enter(self) -> None:
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass

    def on_leave(self) -> None:
        try:
            pygame.key.stop_text_input()
        except pygame.error:
            pass

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.panel = pygame.Rect(0, 0, round(700 * s), round(280 * s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.field = pygame.Rect(self.panel.left + round(30 * s), self.panel.top + round(90 * s),
                                 self.panel.width - round(60 * s), round(56 * s))
        px = max(16, round(28 * s))
        self.ok = Button(tr("saves.name.ok"), self.confirm, px=px, focused=True)
        self.cancel = Button(tr("dialog.cancel"), self.on_back, px=px)
        width, height = round(240 * s), round(58 * s)
        self.ok.rect = pygame.Rect(self.panel.centerx - width - round(12 * s),
                                   self.panel.bottom - height - round(26 * s), width, height)
        self.cancel.rect = self.ok.rect.move(width + round(24 * s), 0)

    def confirm(self) -> None:
        self.app.scenes.pop()
        self.on_done(self.text.strip())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ok.handle_event(event) or self.cancel.handle_event(event):
            return True
        if event.type == pygame.TEXTINPUT:
            opened_by, self.opened_by = self.opened_by, ""
            if opened_by and event.text == opened_by:
                return True  # the letter of the key that opened the dialog: not typed
            kept = "" if self.selected else self.text
            self.text = (kept + event.text)[:self.limit]
            self.selected = False
            return True
        if event.type == pygame.KEYDOWN:
            self.opened_by = ""  # another key: what it types is typed
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return True
            if ctrl and event.key == pygame.K_a:
                self.selected = bool(self.text)
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.text = "" if self.selected or ctrl else self.text[:-1]
                self.selected = False
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT, pygame.K_HOME):
                self.selected = False  # the cursor goes to the end: the text is kept
                return True
            return bool(event.key != pygame.K_ESCAPE)
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        radius = round(18 * s)
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, self.panel, width=2, border_radius=radius)
        px = max(16, round(28 * s))
        label = theme.text(self.question, px, theme.TEXT, True)
        surface.blit(label, (self.field.left, self.panel.top + round(30 * s)))
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.4), self.field,
                         border_radius=round(8 * s))
        # the end of a long name, where the typing is, after an ellipsis that says there is more
        shown = theme.cut_left(self.text, px, self.field.width - round(30 * s))
        text = theme.text(shown, px, theme.TEXT)
        at = text.get_rect(midleft=(self.field.left + round(12 * s), self.field.centery))
        if self.selected:
            pygame.draw.rect(surface, theme.mix(theme.ACCENT, theme.PANEL, 0.45),
                             at.inflate(round(4 * s), round(4 * s)), border_radius=round(3 * s))
        surface.blit(text, at)
        if not self.selected:
            cursor = theme.text("|", px, theme.TEXT)
            surface.blit(cursor, cursor.get_rect(midleft=(at.right, at.centery)))
        self.ok.draw(surface)
        self.cancel.draw(surface)

