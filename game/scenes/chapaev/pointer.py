"""The hand that holds a Chapaev piece, followed in window pixels past the window's edge.

A pull is measured on one fixed scale, so a piece near the window's edge needs the hand to go
further than the window. Two things make that possible without the mouse's relative mode
(which hears nothing from a tablet, a remote desktop or a scripted pointer):

- while a button is held, SDL keeps reporting the pointer's position outside the window
  (negative, or past the window's size), up to the edge of the display;
- when the pointer comes near the window's edge, it is put back in the window's middle and the
  distance it was moved is added to the hand (the way drawing programs let a drag go on past
  the screen's edge). The system echoes a move to the middle; a mouse then carries on from
  there. A pointer that reports where the device is (a pen on a tablet, a remote desktop)
  comes back from where it was instead: then the move is undone and not tried again for
  this pull, and the hand follows the positions as they come.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Point = tuple[float, float]

EDGE_SHARE = 1 / 6  # the pointer this close to the window's edge (a share of the window's
# smaller side) is put back in the middle: before the display's edge can stop it, unless one
# motion event carries it further than that (about 90 pixels in the smallest window)


@dataclass(slots=True)
class _Jump:
    """A move of the system pointer asked for and not yet confirmed."""

    target: tuple[int, int]  # where it was put
    before: Point  # where it was last seen before it got there
    echoed: bool = False  # the system's own move to the target has been seen
    stayed: int = 0  # events since the echo that came from where it was


STAYED = 3  # so many events after the echo from where the pointer was: it reports the device


class HeldPointer:
    """Where the hand holding a piece is (window pixels, not bounded by the window), from the
    positions of the pointer's events. ``warp`` moves the system pointer (in window pixels);
    it is called only while a piece is held."""

    def __init__(self, warp: Callable[[tuple[int, int]], None]) -> None:
        self._warp = warp
        self.offset: Point = (0.0, 0.0)  # the hand minus the system pointer
        self._jump: _Jump | None = None
        self.absolute = False  # the pointer came back from where it was: no more jumps
        self.hand: Point = (0.0, 0.0)

    def start(self, pos: Point) -> Point:
        """A piece is taken at ``pos``."""
        self.offset = (0.0, 0.0)
        self._jump = None
        self.absolute = False
        self.hand = (float(pos[0]), float(pos[1]))
        return self.hand

    def follow(self, pos: Point, size: tuple[int, int]) -> Point:
        """The pointer is reported at ``pos`` in a window of ``size``: where the hand is."""
        x, y = float(pos[0]), float(pos[1])
        jump = self._jump
        if jump is not None:
            tx, ty = jump.target
            if not jump.echoed and (round(x), round(y)) == jump.target:
                jump.echoed = True  # the system's echo of the move: the hand stays put
                return self.hand
            if math.hypot(x - tx, y - ty) <= math.hypot(x - jump.before[0],
                                                        y - jump.before[1]):
                # it carries on from where it was put: the move counts from then on
                self.offset = (self.offset[0] + jump.before[0] - tx,
                               self.offset[1] + jump.before[1] - ty)
                self._jump = None
            else:  # from where it was: an event from before the move, or a device's place
                jump.before = (x, y)
                if jump.echoed:
                    jump.stayed += 1
                    if jump.stayed >= STAYED:
                        self._jump = None
                        self.absolute = True
                self.hand = (x + self.offset[0], y + self.offset[1])
                return self.hand
        self.hand = (x + self.offset[0], y + self.offset[1])
        width, height = size
        edge = min(width, height) * EDGE_SHARE
        if self._jump is None and not self.absolute and (
                x < edge or y < edge or x > width - 1 - edge or y > height - 1 - edge):
            self._jump = _Jump((width // 2, height // 2), (x, y))
            self._warp((width // 2, height // 2))
        return self.hand
