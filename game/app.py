"""The window, the clock and the frame loop that drives the scene stack.

Model time advances in fixed steps of 1/120 s (an accumulator with a cap on catch-up steps),
independent of how fast frames are drawn; drawing happens once per frame at the display's
rate and gets the fraction of a step left over, to interpolate moving things.
"""
from __future__ import annotations

import os
import sys
import warnings
from functools import lru_cache

import pygame

from game import i18n, keys
from game.displays import WINDOW_EVENTS, WindowKeeper
from game.i18n import tr
from game.notices import Kind, Notice, Notices
from game.routes import Routes
from game.saves import Saves
from game.scene_stack import SceneStack
from game.screen import Screen
from game.settings import MemoryStore, Settings, SettingsStore
from game.sound import Sound
from game.ui import drawing, theme
from game.ui.notice_panel import NoticePanel

FIXED_DT = 1.0 / 120.0
MAX_CATCH_UP_STEPS = 12  # after a long stall, drop time rather than spiral
#: parts of the window covering more than this share of it are copied as a whole
PARTIAL_UPDATE_LIMIT = 0.7


class App:
    """Owns the window, the settings, the sound and the scene stack."""

    def __init__(self, store: SettingsStore | None = None,
                 size: tuple[int, int] | None = theme.BASE_SIZE,
                 language: str | None = None) -> None:
        """``size``: the window's size for this run; None: the size and place it was closed
        at, fitted to the screen (what a player's start does)."""
        self.store = store if store is not None else SettingsStore()
        loaded = self.store.load()
        self.settings: Settings = loaded.settings
        #: no settings file yet: the game has never run here (it asks for the language)
        self.first_start = loaded.first_start
        if language is not None:
            self.settings = self.settings.with_(language=language)
        i18n.set_language(self.settings.language)
        #: the messages on screen (game/notices.py) and their drawing (game/ui/notice_panel.py)
        self.notices = Notices()
        self.notice_panel = NoticePanel()
        message = loaded.message()  # None on a first start: no file yet is not a problem
        if message is not None:
            self.notify(message, Kind.ERROR)

        _prefer_plain_window_copies()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(tr("app.title"))  # "Шашки" in Russian
        asked = None if size is None else (max(size[0], theme.MIN_SIZE[0]),
                                           max(size[1], theme.MIN_SIZE[1]))
        #: where the window opens, and its size and place followed until it closes
        self.window = WindowKeeper(self.settings.window, asked)
        self._windowed_size = self.window.opening.size
        self.screen = self._open_window(self.settings.fullscreen, first=True)
        self.window.opened(self.settings.fullscreen)
        pygame.event.pump()  # moved onto the screen with its frame: the surface's new size
        self.screen = self._display_surface()
        self._set_icon()

        self.sound = Sound(self.settings.sound, self.settings.volume / 100)
        if self.sound.problem is not None:
            # before the first start's language is chosen the notice is said in both
            asked_for = language is None and self.first_start
            for spoken in sorted(i18n.LANGUAGES, key=lambda code: code != i18n.language()):
                if asked_for or spoken == i18n.language():
                    self.notify(i18n.STRINGS["settings.no_audio"][spoken])

        self.running = True
        #: the window has just appeared under the pointer (see _dispatch)
        self._pointer_still = False
        self.scenes = SceneStack(on_empty=self.quit, size=lambda: self.size)
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
        self._drawn: list[Screen] = []  # the scenes the last drawn frame showed
        self._was_animating = False  # so the frame in which an animation ends is drawn too
        self._partial_before = False  # the last frame drawn could have been copied in part

    # the window ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self, fullscreen: bool, first: bool = False) -> pygame.Surface:
        """Open the window (``first``), at its size and place; or take the open window to or
        from the full screen, from which it comes back at the size and place it had."""
        if first:
            with self.window.placing() as display:
                pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE, display=display)
            _set_minimum_size(self.window.minimum)
            if not fullscreen:
                return self._display_surface()
        if self.window.switch(fullscreen):
            return self._display_surface()
        with self.window.placing() as display:  # a pygame-ce without the Window's switch
            if fullscreen:
                try:
                    return pygame.display.set_mode((0, 0), pygame.FULLSCREEN, display=display)
                except pygame.error:
                    self.notify(tr("settings.fullscreen_failed"))
            screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE,
                                             display=display)
        _set_minimum_size(self.window.minimum)
        if not first:
            self.window.back_in_window()  # maximised again if it was before the full screen
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
            pygame.display.set_caption(tr("app.title"))
        self.sound.enabled = settings.sound
        self.sound.volume = settings.volume / 100
        if settings.fullscreen != old.fullscreen:
            if not old.fullscreen:
                self._windowed_size = self.window.size
            self.screen = self._open_window(settings.fullscreen)
        self._relayout()
        for scene in self.scenes:
            scene.on_settings_changed()
        kept = self.store.kept_as
        try:
            self.store.save(settings)
        except OSError as error:
            self.notify(tr("settings.save_failed", why=_os_reason(error)), Kind.ERROR)
        if self.store.kept_as is not None and self.store.kept_as != kept:
            self.notify(tr("settings.kept_damaged", name=self.store.kept_as.name), Kind.ERROR)

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
    def notify(self, message: str, kind: Kind = Kind.NOTICE, details: str | None = None) -> None:
        """A message at the top of the window (or where the screen puts its messages): a
        notice goes by itself once it has been on screen long enough to read; an error
        (``Kind.ERROR``) stays until the player closes it. ``details``: more, shown when the
        player asks (a button on the message)."""
        self.notices.add(message, kind, details)
        self._dirty = True

    @property
    def toasts(self) -> list[Notice]:
        """The messages on screen, oldest first."""
        return self.notices.items

    # the loop -----------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def start(self, scene: Screen) -> None:
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
                for below in list(self.scenes):
                    if below is not top:
                        below.background_update(FIXED_DT)
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
        moving = self.notices.moving
        if (self._dirty or self.always_draw or moving or visible != self._drawn
                or animating or ended or self._parts):
            # decided before drawing: the scene's answer describes the frame about to be drawn
            rects = self._animation_rects(visible, ended)
            parts, self._parts = self._parts, []
            if parts:
                alone = not (self._dirty or self.always_draw or moving or ended
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

    def _animation_rects(self, visible: list[Screen], ended: bool) -> list[pygame.Rect] | None:
        """The parts of the window the next frame can change, or None for all of it.

        Only a frame drawn because a lone opaque scene animates may be copied in part: after
        input, a switch, a resize, with a message on screen or a dialog over the scene, or as
        an animation ends, the whole window is copied (``_dirty`` is set by every one of
        those). So is the first frame after the scene named no parts: what it drew then (a
        piece falling past the edge) may lie outside the parts it names now. The parts are
        those the scene names, clipped to the window; when they cover most of it, all of it.
        """
        named = None
        if not (ended or self._dirty or self.notices.moving or visible != self._drawn
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
        # a notice belongs to the screen it was raised on: on a new screen it goes soon,
        # rather than covering a board the player has just opened (once read; an error stays)
        self.notices.screen_left()

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
        """The window closes: every scene keeps what it must (the game in play is saved), and
        the window's size and place are remembered."""
        for scene in reversed(list(self.scenes)):
            scene.on_quit()
        self._keep_window_place()

    def _keep_window_place(self) -> None:
        """Write the window's size and place into the settings file if they changed. Only a
        file that is there and sound is touched (one left damaged is the player's to see
        moved aside when a setting changes; none: the first start's question of the language
        was not answered), and only the window's entry of it (not this run's --lang)."""
        place = self.window.closing(self.settings.fullscreen)
        if place is None or place == self.settings.window:
            return
        self.settings = self.settings.with_(window=place)
        on_file = self.store.load()
        if on_file.problem is not None or on_file.first_start or on_file.settings.window == place:
            return
        try:
            self.store.save(on_file.settings.with_(window=place))
        except OSError:
            pass  # the window is closing: nobody is left to tell, and nothing else is lost

    def _dispatch(self, event: pygame.event.Event) -> None:
        # shortcuts are matched by the key's place, whatever the layout (Р is H)
        keys.to_physical(event)
        if event.type == pygame.QUIT:
            self.quit()
            return
        if self.notice_panel.handle_event(event, self.notices):
            return  # a click on a message closes it; the screen below never gets it
        if event.type == pygame.DROPFILE:  # a PDN file (or a saved game) dropped on the window
            if self.scenes.top is not None:
                self.scenes.top.open_from_outside(path=event.file)
            else:
                self.routes.push("open", path=event.file)
            return
        if event.type in WINDOW_EVENTS:
            self.window.note(event, self.settings.fullscreen)
        if event.type == pygame.WINDOWENTER:
            # SDL follows it with a motion to where the pointer already rests: a pointer that
            # happened to lie where Quit is drawn would take the focus from Continue
            self._pointer_still = True
        elif event.type == pygame.MOUSEMOTION:
            still, self._pointer_still = self._pointer_still, False
            if still and tuple(event.rel) == (0, 0) and not any(event.buttons):
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

    # messages ---------------------------------------------------------------------------
    def _age_toasts(self, dt: float) -> None:
        if self.notices.items and self.notices.age(dt, self.notice_panel.seen):
            self._dirty = True  # a notice slides away, or went: the frame shows it

    def _draw_toasts(self) -> None:
        top = self.scenes.top
        self.notice_panel.draw(self.screen, self.notices,
                               top.notice_room() if top is not None else None)


def _set_minimum_size(least: tuple[int, int]) -> None:
    """The least size the player may give the window (the layouts' smallest, less where the
    screen with the window's frame holds no more)."""
    try:
        with warnings.catch_warnings():
            # only the window's minimum size is set through it; drawing stays with display
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = least
    except (AttributeError, pygame.error):
        pass  # an older pygame-ce: the layout still copes with small windows


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
