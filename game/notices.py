"""What the window has to tell the player, and for how long (no drawing here: that is
:mod:`game.ui.notice_panel`).

A *notice* ("Settings saved", "The game is copied") stays whole long enough to be read at a
calm pace, longer the longer it is, then slides away. An *error* (a file that cannot be read,
a paste that is not a game, a save that failed) stays until the player closes it. The time
counts only while a message is on screen: one waiting below a full pile has not been read.
A message may hold details (what a file's reader found), shown only when the player asks.
"""
from __future__ import annotations

import enum
import math
from collections.abc import Collection
from dataclasses import dataclass, field

#: a reader takes in about 15 characters a second, after a moment to look up at the message
READING_START = 2.0
READING_RATE = 15.0
#: a short notice still stays this long (where nothing else moves the eye away)
NOTICE_SECONDS = 4.0
#: a notice whose screen was left stays this much longer, if it has been read by then
AFTER_SWITCH = 1.0
#: the slide out at the end of a notice (it stays opaque while it moves)
LEAVING_SECONDS = 0.25


class Kind(enum.Enum):
    """How a message goes: a notice by itself once read, an error when the player closes it."""

    NOTICE = "notice"
    ERROR = "error"


def reading_time(message: str) -> float:
    """Seconds a message of this length needs on screen, whole, to be read at a calm pace."""
    return READING_START + len(message) / READING_RATE


@dataclass(eq=False, slots=True)
class Notice:
    """One message: its text, its kind, how long it has been on screen; ``details``, more
    that the player may ask to see (``opened``: shown now)."""

    message: str
    kind: Kind = Kind.NOTICE
    details: str | None = None
    opened: bool = False
    #: seconds on screen so far
    shown: float = 0.0
    #: seconds it stays whole (an error: for ever, until closed)
    stay: float = field(init=False)

    def __post_init__(self) -> None:
        self.stay = math.inf if self.is_error else max(NOTICE_SECONDS,
                                                       reading_time(self.message))

    @property
    def is_error(self) -> bool:
        return self.kind is Kind.ERROR

    @property
    def left(self) -> float:
        """Seconds until it is gone (infinite for an error)."""
        return self.stay + LEAVING_SECONDS - self.shown

    @property
    def leaving(self) -> float:
        """How far it has slid away, 0 (whole, in its place) to 1 (gone)."""
        if self.shown <= self.stay:
            return 0.0
        return min(1.0, (self.shown - self.stay) / LEAVING_SECONDS)

    def screen_left(self) -> None:
        """The screen it was raised on was left: a notice goes soon, but not before it has
        been on screen its reading time; an error stays."""
        if not self.is_error:
            self.stay = max(reading_time(self.message),
                            min(self.stay, self.shown + AFTER_SWITCH))


@dataclass(slots=True)
class Notices:
    """The messages on screen, oldest first."""

    items: list[Notice] = field(default_factory=list)

    def add(self, message: str, kind: Kind = Kind.NOTICE, details: str | None = None) -> Notice:
        """A new message at the end; the same text said again replaces the older one (and
        stays an error if either was one)."""
        older = [n for n in self.items if n.message == message]
        if any(n.is_error for n in older):
            kind = Kind.ERROR
        notice = Notice(message, kind, details)
        self.items = [n for n in self.items if n.message != message] + [notice]
        return notice

    def age(self, dt: float, seen: Collection[Notice]) -> bool:
        """``dt`` seconds pass for the messages in ``seen`` (those on screen); whether the
        picture changed (a message is sliding away or went)."""
        changed = False
        for notice in self.items:
            if notice in seen:
                notice.shown += dt
                changed = changed or notice.leaving > 0
        kept = [n for n in self.items if n.left > 0]
        if len(kept) != len(self.items):
            self.items = kept
            changed = True
        return changed

    def screen_left(self) -> None:
        """The screen changed (see :meth:`Notice.screen_left`)."""
        for notice in self.items:
            notice.screen_left()

    def dismiss(self, notice: Notice) -> None:
        """The player closed it."""
        self.items = [n for n in self.items if n is not notice]

    @property
    def moving(self) -> bool:
        """A message is sliding away: each frame looks different."""
        return any(n.leaving > 0 for n in self.items)

    @property
    def errors(self) -> list[Notice]:
        return [n for n in self.items if n.is_error]
