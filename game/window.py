"""Where the window opens: pure arithmetic over the displays' rectangles and the place the
window had when it was last closed (no pygame here; ``game/displays.py`` asks the system).

The window opens at the size and place it was closed at, on the same display, when that
display is still there and the place still lies on it; a remembered size larger than the
display now (a laptop taken from a big monitor) is fitted down, and a place off every display
is dropped (the window is centred on the display instead). The first time, the window takes
the design size (1280×800) where it fits and as much of the screen as it can where it does
not, never less than the smallest size the layouts are made for (800×560).

A display's *usable* area leaves out what the system keeps for itself (task bars, docks, a
menu bar). The window's own frame (its title bar) lies outside the size the game draws in and
is not known before the window is open, so room is left for it; and where the system names no
task bar (the usable area is the whole display, as with an auto-hiding panel or a system that
does not say) room is left for one too.

Once the window is open the system may tell its frame (X11: the window manager's
_NET_FRAME_EXTENTS); :func:`settled` then moves the window, frame and all, onto the usable
area, as little as it must, and makes it smaller only where moving cannot do it: on a screen
whose usable area less the frame is smaller than :data:`MIN_SIZE` (800×560 with a title
bar), the window is what fits, never less than :data:`SMALLEST_SIZE`.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.settings import WindowPlace

#: x, y, width, height on the desktop (the primary display's top left is 0, 0)
Rect = tuple[int, int, int, int]
Size = tuple[int, int]

#: the size the screens are designed at, and the smallest the layouts are made for
DESIGN_SIZE: Size = (1280, 800)
MIN_SIZE: Size = (800, 560)
#: room left for the window's frame around what the game draws: the sides, the title bar, the
#: bottom edge (a title bar is 24-40 px on the common desktops)
FRAME_SIDE = 8
FRAME_TOP = 40
FRAME_BOTTOM = 8
#: room left at the bottom for a task bar where the system names none
TASK_BAR = 48
#: the least the window is made where a screen with its frame and panels holds less than
#: :data:`MIN_SIZE` (800×560 less a title bar; a netbook's 600 px less a panel and a title
#: bar): the screens lay themselves out down to it
SMALLEST_SIZE: Size = (760, 480)


@dataclass(frozen=True, slots=True)
class Frame:
    """The thickness of the window's frame on each side, as the system tells it once the
    window is open (the title bar is usually the top)."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def known(self) -> bool:
        """The system told a frame (no window manager, or one that does not say: all 0)."""
        return any((self.left, self.top, self.right, self.bottom))


@dataclass(frozen=True, slots=True)
class Display:
    """One display as the window sees it: where it lies on the desktop, and the part of it a
    window may use. ``placed``: where it lies is known (else only its size is, and a place
    on it cannot be checked)."""

    bounds: Rect
    usable: Rect
    placed: bool = True

    @property
    def size(self) -> Size:
        return self.bounds[2], self.bounds[3]

    @property
    def names_task_bar(self) -> bool:
        """The system keeps part of this display for itself (a task bar it told us of)."""
        return self.usable != self.bounds


@dataclass(frozen=True, slots=True)
class Opening:
    """How to open the window: its size, its place (None: centred on the display by the
    system), the display it goes on, and whether it is then maximised."""

    size: Size
    position: tuple[int, int] | None
    display: int = 0
    maximized: bool = False


def room(display: Display) -> Rect:
    """The part of a display the window's inside should fill at most: the usable area less
    its frame (and a task bar the system did not name)."""
    x, y, w, h = display.usable
    bottom = FRAME_BOTTOM + (0 if display.names_task_bar else TASK_BAR)
    return (x + FRAME_SIDE, y + FRAME_TOP, max(0, w - 2 * FRAME_SIDE),
            max(0, h - FRAME_TOP - bottom))


def fit_size(want: Size, display: Display) -> Size:
    """``want`` made small enough for the display (never below :data:`MIN_SIZE`)."""
    _, _, w, h = room(display)
    return (max(MIN_SIZE[0], min(want[0], w)), max(MIN_SIZE[1], min(want[1], h)))


def _along(start: int, length: int, before: int, after: int, size: int) -> int:
    """Where a window of ``size`` starts along one side of an area (``start``, ``length``)
    that keeps ``before`` and ``after`` for the frame: centred where it fits with its frame;
    else as near its frame's room as it can be with all of it inside the area; else at the
    area's start."""
    inner = length - before - after
    if size <= inner:
        return start + before + (inner - size) // 2
    return max(start, min(start + before, start + length - size))


def centred(size: Size, display: Display) -> tuple[int, int]:
    """The place of a window of ``size`` in the middle of the display's usable area, its title
    bar kept on the display where the window's height allows."""
    x, y, w, h = display.usable
    bottom = FRAME_BOTTOM + (0 if display.names_task_bar else TASK_BAR)
    return (_along(x, w, FRAME_SIDE, FRAME_SIDE, size[0]),
            _along(y, h, FRAME_TOP, bottom, size[1]))


def _onto(place: int, length: int, before: int, after: int, start: int,
          area: int, least: int) -> tuple[int, int]:
    """Along one side: the place and length of a window's inside at ``place`` and ``length``
    whose frame takes ``before`` and ``after`` more, moved onto an area (``start``, ``area``)
    as little as it must, shortened only where moving cannot do (not below ``least``); where
    even that is too long, it starts at the area's start (the title bar on screen)."""
    length = min(length, max(least, area - before - after))
    first, last = start + before, start + area - after - length
    return max(first, min(place, last)), length


def settled(inside: Rect, frame: Frame, display: Display) -> Rect | None:
    """Where an open window whose inside is ``inside`` (x, y, width, height) and whose frame
    is ``frame`` goes so that all of it, frame too, lies on the display's usable area; None
    where it already does (or the frame is not known: nothing is moved on a guess)."""
    if not frame.known or not display.placed:
        return None
    ux, uy, uw, uh = display.usable
    x, w = _onto(inside[0], inside[2], frame.left, frame.right, ux, uw, SMALLEST_SIZE[0])
    y, h = _onto(inside[1], inside[3], frame.top, frame.bottom, uy, uh, SMALLEST_SIZE[1])
    return None if (x, y, w, h) == tuple(inside) else (x, y, w, h)


def lies_on(position: tuple[int, int], size: Size, display: Display) -> bool:
    """The whole window (what it draws in) lies on the display."""
    if not display.placed:
        return False
    x, y, w, h = display.bounds
    return x <= position[0] and y <= position[1] and position[0] + size[0] <= x + w \
        and position[1] + size[1] <= y + h


def display_at(position: tuple[int, int], size: Size, displays: list[Display]) -> int | None:
    """The display that holds the middle of a window at ``position``, or None."""
    cx, cy = position[0] + size[0] // 2, position[1] + size[1] // 2
    for i, display in enumerate(displays):
        x, y, w, h = display.bounds
        if display.placed and x <= cx < x + w and y <= cy < y + h:
            return i
    return None


def opening(remembered: WindowPlace | None, displays: list[Display],
            size: Size | None = None) -> Opening:
    """Where to open the window. ``remembered``: its place when it was last closed (None the
    first time); ``displays``: the displays there are now (the primary first); ``size``: a
    size asked for this run (``--size``), taken as it is instead of the remembered one."""
    if not displays:  # the system said nothing: the size asked for, placed by the system
        want = size or (remembered.size if remembered is not None else DESIGN_SIZE)
        return Opening(want, None, 0, remembered is not None and remembered.maximized)
    if remembered is None:
        chosen = size or fit_size(DESIGN_SIZE, displays[0])
        return Opening(chosen, centred(chosen, displays[0]), 0)
    index = remembered.display if remembered.display < len(displays) else 0
    position = remembered.position
    if position is not None:
        # the place decides the display when it lies wholly on one (a display's number may
        # change when another is plugged in; its place on the desktop does not)
        on = [i for i, d in enumerate(displays) if lies_on(position, remembered.size, d)]
        if not on:
            position = None
        elif index not in on:
            index = on[0]
    display = displays[index]
    chosen = size or fit_size(remembered.size, display)
    if position is not None and not lies_on(position, chosen, display):
        position = None
    if position is None:
        position = centred(chosen, display) if display.placed else None
    return Opening(chosen, position, index, remembered.maximized)


def closing(size: Size, position: tuple[int, int] | None, displays: list[Display],
            maximized: bool = False, display: int | None = None) -> WindowPlace:
    """What to remember of a window closed at ``size`` and ``position`` (the size and place it
    had before it was maximised, if it was). ``display``: the display the system says the
    window was on, where it says; else the one holding its middle."""
    if display is None or not 0 <= display < len(displays):
        found = display_at(position, size, displays) if position is not None else None
        display = found if found is not None else 0
    on = displays[display].size if display < len(displays) else None
    return WindowPlace(size, position, display, on, maximized)

