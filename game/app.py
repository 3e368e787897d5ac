"""The window, the clock and the frame loop that drives the scene stack.

Model time advances in fixed steps of 1/120 s (an accumulator with a cap on catch-up steps),
independent of how fast frames are drawn; drawing happens once per frame at the display's
rate and gets the fraction of a step left over, to interpolate moving things.
"""
from __future__ import annotations

import os
import sys
import warnings
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import i18n, keys
from game.i18n import tr
from game.routes import Routes
from game.saves import Saves
from game.scene import Scene, SceneStack
from game.settings import MemoryStore, Settings, SettingsStore
from game.sound import Sound
from game.ui import drawing, theme

FIXED_DT = 1.0 / 120.0
MAX_CATCH_UP_STEPS = 12  # after a long stall, drop time rather than spiral
TOAST_SECONDS = 4.0
TOAST_AFTER_SWITCH = 1.0
TOAST_MAX_LINES = 4
#: parts of the window covering more than this share of it are copied as a whole
PARTIAL_UPDATE_LIMIT = 0.7


@dataclass(slots=True)
class Toast:
    message: str
    left: float = TOAST_SECONDS


class App:
    """Owns the window, the settings, the sound and the scene stack."""

    def __init__(self, store: SettingsStore | None = None,
                 size: tuple[int, int] = theme.BASE_SIZE,
                 language: str | None = None) -> None:
        self.store = store if store is not None else SettingsStore()
        loaded = self.store.load()
        self.settings: Settings = loaded.settings
        #: no settings file yet: the game has never run here (it asks for the language)
        self.first_start = loaded.first_start
        if language is not None:
            self.settings = self.settings.with_(language=language)
        i18n.set_language(self.settings.language)
        self.toasts: list[Toast] = []
        message = loaded.message()  # None on a first start: no file yet is not a problem
        if message is not None:
            self.notify(message)

        _prefer_plain_window_copies()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Shashki")
        self._windowed_size = (max(size[0], theme.MIN_SIZE[0]), max(size[1], theme.MIN_SIZE[1]))
        self.screen = self._open_window(self.settings.fullscreen)
        self._set_icon()

        self.sound = Sound(self.settings.sound, self.settings.volume / 100)
        if self.sound.problem is not None:
            self.notify(tr("settings.no_audio"))

        self.running = True
        self.scenes = SceneStack(on_empty=self.quit)
        #: the screens by name: ``app.routes.push("board", play=...)``
        self.routes = Routes(self)
        #: the game files (None where nothing is kept: settings in memory, as for screenshots
        #: and benchmarks)
        self.saves: Saves | None = None if isinstance(self.store, MemoryStore) else Saves()
        self.clock = pygame.time.Clock()
        self._accumulator = 0.0
        self.frames = 0  # frames drawn
        self.full_updates = 0  # of them, copied to the window whole (the rest in part)
        self.refresh_rate = self._refresh_rate()
        # an idle screen (no input, nothing moving) is not drawn again: no work, no battery
        self.always_draw = False
        self._dirty = True
        #: parts of the window a scene asked to have drawn again (a clock's face)
        self._parts: list[pygame.Rect] = []
        self._drawn: list[Scene] = []  # the scenes the last drawn frame showed
        self._was_animating = False  # so the frame in which an animation ends is drawn too
        self._partial_before = False  # the last frame drawn could have been copied in part

    # the window ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.notify(tr("settings.fullscreen_failed"))
        screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                # only the window's minimum size is set through it; drawing stays with display
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = theme.MIN_SIZE
        except (AttributeError, pygame.error):
            pass  # an older pygame-ce: the layout still copes with small windows
        return screen

    def _display_surface(self) -> pygame.Surface:
        surface = pygame.display.get_surface()
        return surface if surface is not None else self.screen

    def _set_icon(self) -> None:
        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        drawing.draw_piece(icon, (30, 30), 26, white=False, king=True)
        pygame.display.set_icon(icon)

    @staticmethod
    def _refresh_rate() -> int:
        try:
            rate = pygame.display.get_current_refresh_rate()
        except (AttributeError, pygame.error):
            rate = 0
        return rate if 30 <= rate <= 360 else 60

    def _relayout(self) -> None:
        self._dirty = True
        self.screen = self._display_surface()
        for scene in self.scenes:
            scene.on_resize(self.size)

    # settings -----------------------------------------------------------------------------
    def change_settings(self, settings: Settings) -> None:
        """Apply new settings at once and save them (the only time the file is written)."""
        old, self.settings = self.settings, settings
        if settings.language != old.language:
            i18n.set_language(settings.language)
        self.sound.enabled = settings.sound
        self.sound.volume = settings.volume / 100
        if settings.fullscreen != old.fullscreen:
            if not old.fullscreen:
                self._windowed_size = self.size
            self.screen = self._open_window(settings.fullscreen)
        self._relayout()
        for scene in self.scenes:
            scene.on_settings_changed()
        kept = self.store.kept_as
        try:
            self.store.save(settings)
        except OSError as error:
            self.notify(tr("settings.save_failed", why=_os_reason(error)))
        if self.store.kept_as is not None and self.store.kept_as != kept:
            self.notify(tr("settings.kept_damaged", name=self.store.kept_as.name))

    def redraw(self, parts: list[pygame.Rect] | None = None) -> None:
        """Draw the next frame even if nothing looks animated (e.g. an answer arrived from a
        worker in a fixed update of a scene that is otherwise idle). ``parts``: only these
        parts of the window changed (a clock's face ticked): the frame is drawn and copied
        there alone, unless something else asks for the whole window."""
        if parts is None:
            self._dirty = True
        else:
            self._parts.extend(parts)

    # messages -----------------------------------------------------------------------------
    def notify(self, message: str) -> None:
        """A short message at the bottom of the window that fades by itself."""
        self.toasts = [t for t in self.toasts if t.message != message] + [Toast(message)]
        self._dirty = True

    # the loop -----------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def start(self, scene: Scene) -> None:
        self.scenes.reset(scene)
        self.scenes.apply()

    def frame(self, elapsed: float) -> None:
        """One frame: input, as many fixed steps as ``elapsed`` seconds hold, then drawing."""
        for event in pygame.event.get():
            self._dirty = True
            self._dispatch(event)
            if self.scenes.pending:
                # a switch asked for by this event takes effect before the next event,
                # so a second click cannot land on a scene that is already leaving
                self._switch()
            if not self.running:
                return
        self._accumulator += min(elapsed, FIXED_DT * MAX_CATCH_UP_STEPS)
        steps = 0
        while self._accumulator >= FIXED_DT and steps < MAX_CATCH_UP_STEPS:
            top = self.scenes.top
            if top is not None:
                top.fixed_update(FIXED_DT)
            self._age_toasts(FIXED_DT)
            self._accumulator -= FIXED_DT
            steps += 1
        if self.scenes.pending:
            self._switch()
        if not self.running:
            return
        visible = self.scenes.visible()
        animating = any(scene.animating for scene in visible)
        # the update that ends an animation is followed by one more frame: without it the
        # screen would keep the frame before the end (a ghost of a taken piece) until input
        ended, self._was_animating = self._was_animating and not animating, animating
        if (self._dirty or self.always_draw or self.toasts or visible != self._drawn
                or animating or ended or self._parts):
            # decided before drawing: the scene's answer describes the frame about to be drawn
            rects = self._animation_rects(visible, ended)
            parts, self._parts = self._parts, []
            if parts:
                alone = not (self._dirty or self.always_draw or self.toasts or ended
                             or animating or visible != self._drawn)
                if alone:
                    rects = self._clipped(parts)
                elif rects is not None:
                    rects = rects + self._clipped(parts)
            if rects is not None:
                # outside the named parts the window keeps the last frame: drawing there again
                # would only repeat it (and blitting the background is much of a frame's work)
                clip = rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
                self.screen.set_clip(clip)
            try:
                self.draw(self._accumulator / FIXED_DT)
            finally:
                self.screen.set_clip(None)
            self._show(rects)
            self.frames += 1
            self._dirty = False
            self._drawn = visible

    def _animation_rects(self, visible: list[Scene], ended: bool) -> list[pygame.Rect] | None:
        """The parts of the window the next frame can change, or None for all of it.

        Only a frame drawn because a lone opaque scene animates may be copied in part: after
        input, a switch, a resize, with a message on screen or a dialog over the scene, or as
        an animation ends, the whole window is copied (``_dirty`` is set by every one of
        those). So is the first frame after the scene named no parts: what it drew then (a
        piece falling past the edge) may lie outside the parts it names now. The parts are
        those the scene names, clipped to the window; when they cover most of it, all of it.
        """
        named = None
        if not (ended or self._dirty or self.toasts or visible != self._drawn
                or len(visible) != 1 or visible[0].overlay):
            named = visible[0].dirty_rects()
        follows, self._partial_before = self._partial_before, named is not None
        if named is None or not follows:
            return None
        window = self.screen.get_rect()
        rects = self._clipped(named)
        area = sum(r.width * r.height for r in rects)
        if area > PARTIAL_UPDATE_LIMIT * window.width * window.height:
            return None
        return rects

    def _clipped(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """``rects`` cut to the window, the empty ones left out."""
        window = self.screen.get_rect()
        clipped = [r.clip(window) for r in rects]
        return [r for r in clipped if r.width > 0 and r.height > 0]

    def _show(self, rects: list[pygame.Rect] | None) -> None:
        """Copy the drawn frame to the window: all of it, or only ``rects``."""
        if rects is None:
            pygame.display.flip()
            self.full_updates += 1
        else:
            pygame.display.update(rects)

    def _switch(self) -> None:
        self.scenes.apply()
        self._dirty = True
        # a message belongs to the screen it was raised on: on a new screen it goes soon,
        # rather than covering a board the player has just opened
        for toast in self.toasts:
            toast.left = min(toast.left, TOAST_AFTER_SWITCH)

    def draw(self, alpha: float = 0.0) -> None:
        for scene in self.scenes.visible():
            if scene.overlay:
                self.screen.blit(_shade(self.size), (0, 0))
            scene.draw(self.screen, alpha)
        self._draw_toasts()

    def run(self) -> None:
        """Run until the window is closed or the last scene leaves."""
        self.clock.tick()
        while self.running:
            elapsed = self.clock.tick(self.refresh_rate) / 1000.0
            self.frame(elapsed)
        self.close_scenes()
        pygame.quit()

    def close_scenes(self) -> None:
        """The window closes: every scene keeps what it must (the game in play is saved)."""
        for scene in reversed(list(self.scenes)):
            scene.on_quit()

    def _dispatch(self, event: pygame.event.Event) -> None:
        # shortcuts are matched by the key's place, whatever the layout (Р is H)
        keys.to_physical(event)
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.DROPFILE:  # a PDN file (or a saved game) dropped on the window
            if self.scenes.top is not None:
                self.scenes.top.open_from_outside(path=event.file)
            else:
                self.routes.push("open", path=event.file)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if self._display_surface().get_size() != self.screen.get_size() or \
                    event.type == pygame.WINDOWSIZECHANGED:
                self._relayout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.change_settings(self.settings.with_(fullscreen=not self.settings.fullscreen))
            return
        top = self.scenes.top
        if top is None:
            return
        if top.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            top.on_back()

    # toasts -------------------------------------------------------------------------------
    def _age_toasts(self, dt: float) -> None:
        if self.toasts:
            for toast in self.toasts:
                toast.left -= dt
            self.toasts = [t for t in self.toasts if t.left > 0]
            if not self.toasts:
                self._dirty = True  # one more frame to wipe the last one away

    def _draw_toasts(self) -> None:
        scale = theme.scale_for(self.size)
        px = max(14, round(20 * scale))
        pad_x, pad_y = round(18 * scale) + 6, round(9 * scale) + 2
        # a long message wraps to the window (less a margin), never runs off both sides
        width = min(self.size[0] - 2 * round(24 * scale) - 2 * pad_x, round(900 * scale))
        line_h = theme.font(px).get_linesize()
        # at the top: the bottom of most screens holds the buttons a player is about to press
        y = round(14 * scale)
        for toast in self.toasts:
            lines = theme.wrap_lines(toast.message, px, width, TOAST_MAX_LINES)
            labels = [theme.text(line, px, theme.TEXT) for line in lines]
            inner = pygame.Rect(0, 0, max(label.get_width() for label in labels),
                                line_h * len(labels))
            box = inner.inflate(2 * pad_x, 2 * pad_y)
            box.midtop = (self.size[0] // 2, y)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            fade = min(1.0, toast.left / 0.5)
            radius = min(box.height // 2, round(line_h * 0.9))
            pygame.draw.rect(panel, (20, 12, 8, round(225 * fade)), panel.get_rect(),
                             border_radius=radius)
            pygame.draw.rect(panel, (*theme.ACCENT, round(200 * fade)), panel.get_rect(),
                             width=2, border_radius=radius)
            self.screen.blit(panel, box)
            top = box.top + pad_y
            for label in labels:
                label = label.copy()
                label.set_alpha(round(255 * fade))
                self.screen.blit(label, label.get_rect(midtop=(box.centerx, top)))
                top += line_h
            y = box.bottom + round(8 * scale)
            if y > self.size[1] // 2:
                break  # a pile of messages never covers the whole screen


def _prefer_plain_window_copies() -> None:
    """On Linux, let SDL copy frames into the window itself (X11 shared memory) rather than
    through an OpenGL texture.

    SDL's default there draws every update as a textured quad of the whole window: with no
    GPU driver (a virtual machine, Xvfb, a remote desktop) Mesa's software renderer does it on
    the CPU, 10-30 ms a frame whatever the size of the change, and it ignores the parts named
    to ``display.update``. The plain copy takes about 1 ms for a whole 1280x800 frame and
    less for a part. A player can still choose with the SDL_FRAMEBUFFER_ACCELERATION variable.
    """
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


@lru_cache(maxsize=2)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The dimming laid over the scene below a dialog (made once per window size)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((10, 6, 3, 150))
    return shade


def _os_reason(error: OSError) -> str:
    """Why a file could not be written, in the player's language."""
    if isinstance(error, PermissionError):
        return tr("settings.why.no_write")
    if isinstance(error, (NotADirectoryError, FileExistsError, IsADirectoryError)):
        return tr("settings.why.blocked")
    if error.errno is not None and error.errno == 28:  # ENOSPC
        return tr("settings.why.disk_full")
    return tr("settings.why.os", what=type(error).__name__)
