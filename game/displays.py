"""What the system says about its displays and the game's window, and the window's place
followed while the game runs (what is remembered when it closes); the arithmetic is
``game/window.py``'s.

pygame-ce (2.5) tells the displays' sizes (``display.get_desktop_sizes``), the window's place
(``display.get_window_position``), and sends an event when the window is moved, resized,
maximised or restored; it does not tell where each display lies on the desktop, the part of
it a task bar leaves free, or which display holds the window. Those come from SDL itself,
the copy pygame-ce loaded, through ctypes (``SDL_GetDisplayBounds``,
``SDL_GetDisplayUsableBounds``, ``SDL_GetWindowDisplayIndex``, ``SDL_GetWindowFlags``,
``SDL_GetWindowBordersSize``); where that copy cannot be found or answers nothing, the sizes
alone are used and a place on any display but the first is not checked but left to the system.

On X11 SDL reads the usable area from the window manager's _NET_WORKAREA and the window's
frame from _NET_FRAME_EXTENTS, which the window manager sets as it takes the window (SDL has
it as soon as the window is shown): the window opened on a guess of its frame is then moved
onto the usable area, frame and all (:meth:`WindowKeeper.settle`).
"""
from __future__ import annotations

import ctypes
import os
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game import window
from game.settings import WindowPlace
from game.window import Display, Frame, Opening, Size

_SDL_INIT_VIDEO = 0x20
_SDL_WINDOW_MAXIMIZED = 0x80
#: a window frame's border or title bar is thinner than this
FRAME_LIMIT = 64
#: the window events that say where the window is and how
WINDOW_EVENTS = frozenset((pygame.WINDOWMOVED, pygame.WINDOWSIZECHANGED,
                           pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED))


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int),
                ("h", ctypes.c_int)]


def _candidates() -> Iterator[Path]:
    """Files that may be the SDL library pygame-ce loaded: the one mapped into this process
    (Linux), else those shipped in pygame-ce's own folders (a wheel, a built app)."""
    maps = Path("/proc/self/maps")
    if maps.exists():
        try:
            lines = maps.read_text(errors="replace").splitlines()
        except OSError:
            lines = []
        for line in lines:
            name = line.rsplit(" ", 1)[-1]
            if os.path.basename(name).startswith("libSDL2-2") or "/libSDL2-2.0.so" in name:
                yield Path(name)
    folder = Path(pygame.__file__).resolve().parent
    for place in (folder, folder / ".dylibs", folder.parent / "pygame_ce.libs",
                  Path(getattr(sys, "_MEIPASS", folder))):
        if place.is_dir():
            for path in sorted(place.iterdir()):
                if path.name in ("SDL2.dll", "libSDL2-2.0.0.dylib") or \
                        path.name.startswith("libSDL2-2") and ".so" in path.name:
                    yield path


#: the SDL library found (or None: looked for, not found), once pygame's video has started
_found: list[ctypes.CDLL | None] = []


def _sdl() -> ctypes.CDLL | None:
    """The SDL pygame-ce runs on, or None where it cannot be found (or its video has not
    started yet: then it is looked for again next time)."""
    if not _found:
        if not pygame.display.get_init():
            return None
        _found.append(_look_for_sdl())
    return _found[0]


def _look_for_sdl() -> ctypes.CDLL | None:
    for path in _candidates():
        try:
            library = ctypes.CDLL(str(path))
            if library.SDL_WasInit(_SDL_INIT_VIDEO) == 0:
                continue  # another copy of SDL, not the one the window lives in
            library.SDL_GetWindowFromID.restype = ctypes.c_void_p
            library.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
            library.SDL_GetWindowDisplayIndex.argtypes = [ctypes.c_void_p]
            library.SDL_GetWindowFlags.argtypes = [ctypes.c_void_p]
            library.SDL_GetWindowFlags.restype = ctypes.c_uint32
            library.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p] + [
                ctypes.POINTER(ctypes.c_int)] * 4
            return library
        except (OSError, AttributeError):
            continue
    return None


def _rect(function_name: str, index: int) -> tuple[int, int, int, int] | None:
    sdl = _sdl()
    if sdl is None:
        return None
    out = _Rect()
    try:
        if getattr(sdl, function_name)(index, ctypes.byref(out)) != 0:
            return None
    except AttributeError:
        return None
    return (out.x, out.y, out.w, out.h) if out.w > 0 and out.h > 0 else None


def displays() -> list[Display]:
    """The displays there are now, the primary first (empty where the system says nothing)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return []
    found = []
    for index, (w, h) in enumerate(sizes):
        bounds = _rect("SDL_GetDisplayBounds", index)
        if bounds is None:  # only the primary display's place is known: the top left
            found.append(Display((0, 0, w, h), (0, 0, w, h), placed=index == 0))
            continue
        usable = _rect("SDL_GetDisplayUsableBounds", index) or bounds
        found.append(Display(bounds, usable))
    return found


def _sdl_window() -> int | None:
    """SDL's pointer to the game's window, or None."""
    sdl = _sdl()
    if sdl is None:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            number = pygame.Window.from_display_module().id
        pointer: int | None = sdl.SDL_GetWindowFromID(number)
    except (AttributeError, pygame.error):
        return None
    return pointer or None


def window_display() -> int | None:
    """The display that holds the window, as SDL says (None where it cannot be asked)."""
    pointer = _sdl_window()
    if pointer is None:
        return None
    index = int(_sdl().SDL_GetWindowDisplayIndex(pointer))  # type: ignore[union-attr]
    return index if index >= 0 else None


def window_maximized() -> bool | None:
    """The window is maximised, as SDL says (None where it cannot be asked)."""
    pointer = _sdl_window()
    if pointer is None:
        return None
    flags = int(_sdl().SDL_GetWindowFlags(pointer))  # type: ignore[union-attr]
    return bool(flags & _SDL_WINDOW_MAXIMIZED)


def window_frame() -> Frame | None:
    """The window's frame as the system tells it (all 0 where there is none, or the window
    manager has not said yet); None where it cannot be asked."""
    pointer = _sdl_window()
    if pointer is None:
        return None
    sides = [ctypes.c_int() for _ in range(4)]
    sdl = _sdl()
    try:
        if sdl is None or sdl.SDL_GetWindowBordersSize(
                pointer, *(ctypes.byref(side) for side in sides)) != 0:
            return None
    except AttributeError:  # an SDL older than 2.0.5
        return None
    top, left, bottom, right = (side.value for side in sides)
    if not all(0 <= side <= 4 * FRAME_LIMIT for side in (top, left, bottom, right)):
        return None  # not a frame a window manager draws
    return Frame(left, top, right, bottom)


def place_window(inside: window.Rect, least: Size) -> bool:
    """Give the window's inside this place and size (x, y, width, height), letting it be as
    small as ``least``; False where this pygame-ce cannot."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            shown = pygame.Window.from_display_module()
        shown.minimum_size = least
        shown.size = inside[2:]
        shown.position = inside[:2]
    except (AttributeError, pygame.error):
        return False
    return True


def window_position() -> tuple[int, int] | None:
    """The window's place on the desktop, or None where the system keeps it to itself."""
    if pygame.display.get_driver() in ("wayland", "dummy", "offscreen"):
        return None  # Wayland never tells a window where it is
    try:
        x, y = pygame.display.get_window_position()
    except (AttributeError, pygame.error):
        return None
    return int(x), int(y)


def maximize(size: Size, place: tuple[int, int] | None) -> bool:
    """Maximise the window, to be restored to ``size`` at ``place`` (None: where it is): set
    first, as SDL may have taken the maximised window's place for its own. False where this
    pygame-ce cannot."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            shown = pygame.Window.from_display_module()
        if place is not None:
            shown.position = place
        shown.size = size
        shown.maximize()
    except (AttributeError, pygame.error):
        return False
    return True


class WindowKeeper:
    """Opens the window where :func:`game.window.opening` says, and follows its size and
    place while it is neither full screen nor maximised (what it returns to), to remember
    them when it closes. ``size``: a size asked for this run (``--size``), which is not
    remembered unless the player then resizes the window."""

    def __init__(self, remembered: WindowPlace | None, size: Size | None = None) -> None:
        self.asked = size
        self.opening: Opening = window.opening(remembered, displays(), size)
        self.maximized = False
        #: the window's last sizes and places when neither full screen nor maximised, the
        #: latest last (a maximising window may say its new size before it says it is
        #: maximised: the size it returns to is then one further back)
        self._history: list[tuple[Size, tuple[int, int] | None]] = [
            (self.opening.size, self.opening.position)]
        self._opened = False
        #: where the system first said the window's inside is (see :meth:`_frame_offset`)
        self._seen_first: tuple[int, int] | None = None
        #: the least size the player may give the window: the layouts' smallest, less where
        #: the screen with the window's frame holds no more (see :meth:`settle`)
        self.minimum: Size = window.MIN_SIZE
        #: the window is still to be moved onto the usable area once its frame is known
        self._settling = True

    @property
    def size(self) -> Size:
        """The window's size when it is neither full screen nor maximised."""
        return self._history[-1][0]

    @property
    def position(self) -> tuple[int, int] | None:
        return self._history[-1][1]

    def _keep(self, size: Size, position: tuple[int, int] | None) -> None:
        if (size, position) != self._history[-1]:
            self._history = self._history[-7:] + [(size, position)]

    @contextmanager
    def placing(self) -> Iterator[int]:
        """Around ``display.set_mode``; gives the display to open on. The first time the new
        window opens at its place (SDL reads it from the environment as it makes the
        window); later (leaving or entering full screen) on the display that holds it."""
        first, self._opened = not self._opened, True
        if not first:
            yield window_display() or 0
            return
        name = "SDL_VIDEO_WINDOW_POS"
        ours = name not in os.environ  # a player's own setting wins
        if ours:
            place = self.opening.position
            os.environ[name] = "center" if place is None else f"{place[0]},{place[1]}"
        try:
            yield self.opening.display
        finally:
            if ours:
                os.environ.pop(name, None)

    def opened(self, fullscreen: bool = False) -> None:
        """The window is open: maximise it if it was maximised when it was closed (opened in
        full screen: that is the state it returns to when it leaves the full screen); else
        move it onto the screen with its frame, where the system tells the frame already."""
        if not self.opening.maximized:
            self.settle(fullscreen)
            return
        self.maximized = True
        if not fullscreen:
            self.back_in_window()

    def settle(self, fullscreen: bool = False) -> bool:
        """The first time the window is neither full screen nor maximised and the system tells
        its frame: move it, frame and all, onto the usable area of its display (the frame
        was a guess when it opened), smaller only where the screen holds no more. Asked once
        the window is open and then at each of the window's events until then, never waited
        for. True when the window was moved or resized."""
        if not self._settling or fullscreen or self.maximized or window_maximized():
            return False
        place = window_position()
        frame = window_frame() if place is not None else None
        if place is None or frame is None:
            self._settling = False  # the system keeps the place or the frame to itself
            return False
        if not frame.known:
            return False  # no window manager, or it has not said yet
        self._settling = False
        found = displays()
        index = window_display()
        if not found or index is None or index >= len(found):
            return False
        size = pygame.display.get_window_size()
        inside = window.settled((place[0], place[1], size[0], size[1]), frame, found[index])
        if inside is None:
            return False
        if self._seen_first is None:
            self._seen_first = place  # where the system put the window asked for
        least = (min(window.MIN_SIZE[0], inside[2]), min(window.MIN_SIZE[1], inside[3]))
        if not place_window(inside, least):
            return False
        self.minimum = least
        self._keep((inside[2], inside[3]), (inside[0], inside[1]))
        return True

    def back_in_window(self) -> None:
        """The window has just left the full screen (or opened): maximise it again if it was
        maximised before (SDL and the window managers give back a plain window), to be
        restored to the size and place it had before it was maximised."""
        if not self.maximized:
            return
        place = None
        if self.position is not None and window_position() is not None:
            dx, dy = self._frame_offset()  # asked for as the frame's place, as at opening
            place = (self.position[0] - dx, self.position[1] - dy)
        # until the system says otherwise
        self.maximized = maximize(self.size, place)

    def switch(self, fullscreen: bool) -> bool:
        """Take the open window to or from the full screen (the desktop's own mode: no change
        of the display's resolution); back in a window, SDL gives it the size and place it
        had, and a window maximised before is maximised again. False where this pygame-ce
        cannot (then ``display.set_mode`` does it and the caller calls
        :meth:`back_in_window`)."""
        if fullscreen:
            self.entering_fullscreen()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                shown = pygame.Window.from_display_module()
            if fullscreen:
                shown.set_fullscreen(desktop=True)
            else:
                shown.set_windowed()
        except (AttributeError, pygame.error):
            return False
        if not fullscreen:
            self.back_in_window()
        pygame.event.pump()  # the display's surface takes the new size
        return True

    def entering_fullscreen(self) -> None:
        """The window is about to fill the screen: whether it is maximised now is the state
        it returns to (the window's events are not followed while it fills the screen)."""
        said = window_maximized()
        if said is not None:
            self.maximized = said

    def note(self, event: pygame.event.Event, fullscreen: bool) -> None:
        """Follow a window event (one of :data:`WINDOW_EVENTS`)."""
        if fullscreen:
            return  # the size and place of the full screen are not the window's
        if self._settling and event.type in (pygame.WINDOWMOVED, pygame.WINDOWSIZECHANGED) \
                and self.settle():
            return  # a window manager that told the frame only now: the window's next
            # events say where it went
        # pygame-ce does not always pass on SDL's maximised and restored (X11 with Openbox
        # says neither); SDL's own flags say it where they can be asked
        said = window_maximized()
        maximized = self.maximized if said is None else said
        if event.type == pygame.WINDOWMAXIMIZED:
            maximized = True
        elif event.type == pygame.WINDOWRESTORED and said is None:
            maximized = False
        if maximized and not self.maximized:
            self._forget_maximizing()
        self.maximized = maximized
        if maximized:
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._keep((event.x, event.y), self.position)
        elif event.type == pygame.WINDOWMOVED:
            self._keep(self.size, (event.x, event.y))
            if self._seen_first is None:
                self._seen_first = (event.x, event.y)

    def _forget_maximizing(self) -> None:
        """The window has just been maximised: the sizes and places it was given on the way
        (the new place may be said before the window is said to be maximised) are not the
        ones it returns to."""
        size, place = pygame.display.get_window_size(), window_position()
        while len(self._history) > 1 and (self.size == size or self.position == place):
            self._history.pop()

    def _frame_offset(self) -> tuple[int, int]:
        """How far from the place asked for the system put the window's inside (X11: a new
        window's place is its frame's, the place SDL tells is its inside's), to ask for the
        same place next time; none where it moved further than a frame is wide."""
        asked, seen = self.opening.position, self._seen_first
        if asked is None or seen is None:
            return 0, 0
        dx, dy = seen[0] - asked[0], seen[1] - asked[1]
        return (dx, dy) if abs(dx) <= FRAME_LIMIT and abs(dy) <= FRAME_LIMIT else (0, 0)

    def closing(self, fullscreen: bool) -> WindowPlace | None:
        """What to remember of the window as it closes, or None to leave what is remembered
        (a size asked for this run that the player did not change)."""
        said = window_maximized() if not fullscreen else None
        maximized = self.maximized if said is None else said
        if self._seen_first is None and not (fullscreen or maximized):
            self._seen_first = window_position()
        if maximized and not self.maximized:
            self._forget_maximizing()
        if not fullscreen and not maximized:
            self._keep(pygame.display.get_window_size(), window_position() or self.position)
        if self.asked is not None and self.size == self.asked:
            return None
        # where the system tells no place (Wayland), none is remembered: the one the window
        # was asked to open at is not where it went
        position = self.position if window_position() is not None else None
        if position is not None:
            dx, dy = self._frame_offset()
            position = (position[0] - dx, position[1] - dy)
        index = window_display() if not fullscreen else None
        return window.closing(self.size, position, displays(), maximized, index)
