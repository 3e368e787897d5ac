"""What is shown over a screen while a file or text is being read, so that the window keeps
drawing: a long PDN text read a slice a frame (the file's name, a bar and the games found so
far; a file near the 8 MB limit takes a few seconds), or a saved game replayed in a thread
of its own (a record near its limit holds thousands of moves or shots, each replayed and
checked). Esc or Cancel stops waiting and opens nothing."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import theme
from game.ui.fit import fit_end, fit_inside
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.saves import PdnReading, Replaying
    from game.screen import Screen

#: reading per frame, in seconds: most of a 60 Hz frame, the rest left to drawing
SLICE = 0.010
#: seconds the moving part of a bar whose end is not known takes to cross it and back
SWEEP = 1.6


class WaitingScene(Scene):
    """An overlay over the screen it was opened from, while something is read: a title, a
    bar and a line under it. When it is over, what was read takes its place (``instead``:
    the place of the screen below it too, a game left for the one opened; ``ask``: that game
    is in progress, and the player is asked then, once it is read and only if it can be
    shown). A subclass says how far it is, what is shown when it is over, and how it stops."""

    overlay = True
    #: the title's text, which names what is read (``{name}``)
    title_key = ""

    def __init__(self, app: AppLike, *, instead: bool = False, ask: bool = False) -> None:
        self.instead = instead
        self.ask = ask
        self.over = False
        self.shown_for = 0.0  # seconds: the sweep of a bar whose end is not known
        super().__init__(app)

    # --- what a subclass says -----------------------------------------------------------------
    def name(self) -> str:
        """What is read, as the title names it (cut inside the title if it is long)."""
        raise NotImplementedError

    def title(self) -> str:
        return tr(self.title_key, name=self.name())

    def detail(self) -> str:
        raise NotImplementedError

    def fraction(self) -> float | None:
        """How much is done, 0 to 1; None: not known (the bar sweeps)."""
        return None

    def advance(self) -> bool:
        """One frame's work; whether it is over."""
        raise NotImplementedError

    def result(self) -> Screen | None:
        """What is shown once it is over (None: nothing, a message said why)."""
        raise NotImplementedError

    def stop(self) -> None:
        """The player stopped waiting."""

    # --- the overlay --------------------------------------------------------------------------
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
        if self.over:
            return
        self.shown_for += dt
        if self.advance():
            self._finish()

    def _finish(self) -> None:
        self.over = True
        shown = self.result()
        self.app.scenes.pop()
        if shown is not None:
            if shown.overlay:  # the question: its yes puts the game in the place below
                self.app.scenes.push(shown)
            elif self.instead:
                self.app.scenes.replace(shown)
            else:
                self.app.scenes.push(shown)

    def on_back(self) -> None:
        """Stop waiting: nothing is opened, the screen below stays as it was."""
        if not self.over:
            self.over = True
            self.stop()
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
        title = fit_inside(lambda name: tr(self.title_key, name=name), self.name(),
                           self.bar.width, lambda t: face.size(t)[0])
        label = theme.text(title, px, theme.TEXT, True)
        surface.blit(label, (self.bar.left, self.panel.top + round(34 * s)))
        round_end = self.bar.height // 2
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.4), self.bar,
                         border_radius=round_end)
        done = self.bar.copy()
        fraction = self.fraction()
        if fraction is None:  # a quarter of the bar sweeping to and fro
            done.width = max(done.height, self.bar.width // 4)
            travel = self.bar.width - done.width
            phase = (1 - math.cos(2 * math.pi * self.shown_for / SWEEP)) / 2
            done.left = self.bar.left + round(travel * phase)
        else:
            done.width = max(done.height, round(self.bar.width * fraction))
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=round_end)
        small = max(14, round(21 * s))
        line = fit_end(self.detail(), self.bar.width,
                       lambda t: theme.font(small).size(t)[0])
        surface.blit(theme.text(line, small, theme.TEXT_MUTED),
                     (self.bar.left, self.bar.bottom + round(12 * s)))
        self.cancel.draw(surface)


class PdnReadingScene(WaitingScene):
    """A PDN text read a slice each frame; when it is over, its list (or its one game, or the
    reason it cannot be read) takes its place."""

    key = "pdn-reading"
    title_key = "games.reading"

    def __init__(self, app: AppLike, reading: PdnReading, *, instead: bool = False,
                 ask: bool = False) -> None:
        self.reading = reading
        self._frame = -1
        super().__init__(app, instead=instead, ask=ask)

    def name(self) -> str:
        return self.reading.name

    def detail(self) -> str:
        return tr("games.reading.count", n=len(self.reading.games))

    def fraction(self) -> float | None:
        return self.reading.fraction

    def advance(self) -> bool:
        # one slice a drawn frame, however many fixed steps the frame holds
        if self.app.frames == self._frame:
            return False
        self._frame = self.app.frames
        return self.reading.step(SLICE)

    def result(self) -> Screen | None:
        return self.app.routes.build("open", reading=self.reading, ask=self.ask)

    def stop(self) -> None:
        self.reading.stop()


class ReplayingScene(WaitingScene):
    """A saved game (a kept one, or a file of ours dropped on the window) replayed in a
    thread of its own; when it is over, the game (or the reason it cannot be opened) takes
    its place. ``name``: how the title names the game."""

    key = "replaying"
    title_key = "games.replaying"

    def __init__(self, app: AppLike, replaying: Replaying, name: str, *,
                 instead: bool = False, ask: bool = False) -> None:
        self.replaying = replaying
        self.game_name = name
        super().__init__(app, instead=instead, ask=ask)

    def name(self) -> str:
        return self.game_name

    def detail(self) -> str:
        return tr("games.replaying.detail")

    def advance(self) -> bool:
        return self.replaying.done

    def result(self) -> Screen | None:
        return self.app.routes.build("open", replaying=self.replaying, name=self.game_name,
                                     ask=self.ask)

    def stop(self) -> None:
        self.replaying.cancel()
