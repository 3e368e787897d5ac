"""A long PDN text being read, a slice a frame, over the screen it was opened from: the file's
name, a bar and the games found so far; Esc stops it. The window keeps drawing while it reads
(a file near the 8 MB limit takes a few seconds)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import theme
from game.ui.fit import fit_end
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.saves import PdnReading

#: reading per frame, in seconds: most of a 60 Hz frame, the rest left to drawing
SLICE = 0.010


class PdnReadingScene(Scene):
    """A PDN text read a slice each frame; when it is over, its list (or its one game, or the
    reason it cannot be read) takes its place (``instead``: the place of the screen below it
    too, a game left for the one opened; ``ask``: that game is in progress, and the player
    is asked then, once the text is read and only if it can be shown)."""

    overlay = True
    key = "pdn-reading"

    def __init__(self, app: AppLike, reading: PdnReading, *, instead: bool = False,
                 ask: bool = False) -> None:
        self.reading = reading
        self.instead = instead
        self.ask = ask
        self.over = False
        self._frame = -1
        super().__init__(app)

    @property
    def animating(self) -> bool:
        return not self.over

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.panel = pygame.Rect(0, 0, round(640 * s), round(250 * s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.bar = pygame.Rect(self.panel.left + round(40 * s), self.panel.top + round(100 * s),
                               self.panel.width - round(80 * s), round(18 * s))
        self.cancel = Button(tr("dialog.cancel"), self.on_back, px=max(16, round(26 * s)),
                             focused=True)
        width, height = round(220 * s), round(56 * s)
        self.cancel.rect = pygame.Rect(self.panel.centerx - width // 2,
                                       self.panel.bottom - height - round(28 * s), width, height)

    def fixed_update(self, dt: float) -> None:
        # one slice a drawn frame, however many fixed steps the frame holds
        if self.over or self.app.frames == self._frame:
            return
        self._frame = self.app.frames
        if self.reading.step(SLICE):
            self._finish()

    def _finish(self) -> None:
        self.over = True
        shown = self.app.routes.build("open", reading=self.reading, ask=self.ask)
        self.app.scenes.pop()
        if shown is not None:
            if shown.overlay:  # the question: its yes puts the game in the place below
                self.app.scenes.push(shown)
            elif self.instead:
                self.app.scenes.replace(shown)
            else:
                self.app.scenes.push(shown)

    def on_back(self) -> None:
        """Stop reading: nothing is opened, the screen below stays as it was."""
        if not self.over:
            self.over = True
            self.reading.stop()
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.cancel.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_back()
            return True
        # nothing reaches the screen below while it reads; Esc goes to on_back
        return not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        radius = round(18 * s)
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, self.panel, width=2, border_radius=radius)
        px = max(16, round(28 * s))
        face = theme.font(px, True)
        title = fit_end(tr("games.reading", name=self.reading.name), self.bar.width,
                        lambda t: face.size(t)[0])
        label = theme.text(title, px, theme.TEXT, True)
        surface.blit(label, (self.bar.left, self.panel.top + round(34 * s)))
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.4), self.bar,
                         border_radius=self.bar.height // 2)
        done = self.bar.copy()
        done.width = max(done.height, round(self.bar.width * self.reading.fraction))
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=self.bar.height // 2)
        small = max(14, round(21 * s))
        count = theme.text(tr("games.reading.count", n=len(self.reading.games)), small,
                           theme.TEXT_MUTED)
        surface.blit(count, (self.bar.left, self.bar.bottom + round(12 * s)))
        self.cancel.draw(surface)
