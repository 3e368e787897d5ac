"""What the Games screen lists (one line a file, in the order it shows them), and a kept
game opened from it."""
from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.play.records import Summary
from game.saves.files import SaveError

if TYPE_CHECKING:
    from game.play.protocol import Play


@dataclass(frozen=True, slots=True)
class Entry:
    """A file on the Games screen: its id, and what it shows (None: the file cannot be read,
    and ``reason`` says why)."""

    id: str
    summary: Summary | None
    problem: str | None = None  # the reason's i18n key
    reason: SaveError | None = field(default=None, compare=False)
    modified: int = field(default=0, compare=False)  # the file's time, ns

    @property
    def unfinished(self) -> bool:
        return self.summary is not None and not self.summary.finished

    def problem_message(self) -> str | None:
        """Why the file cannot be read, in the current language, with its values."""
        if self.reason is not None:
            return self.reason.message()
        return tr(self.problem, name=f"{self.id}.json") if self.problem else None


@dataclass(frozen=True, slots=True)
class Opened:
    """A saved game opened: its id, the record and the game replayed from it."""

    id: str
    record: dict[str, Any]
    play: Play


def sort_entries(entries: list[Entry]) -> list[Entry]:
    """Unfinished games first, then finished ones, then unreadable files; the most recent
    first in each."""
    out = sorted(entries, key=lambda e: (e.summary.saved if e.summary else "", e.modified,
                                         e.id), reverse=True)
    out.sort(key=lambda e: 0 if e.unfinished else 1 if e.summary is not None else 2)
    return out


def saved_time(saved: str, modified: int) -> float | None:
    """When a game was last saved, in seconds since the epoch: its record's local time, else
    its file's time; None if neither says."""
    try:
        return time.mktime(time.strptime(saved[:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, OverflowError):
        return modified / 1e9 if modified > 0 else None


def last_played(entries: Iterable[Entry]) -> str | None:
    """The game (its key) the player was last in: that of the game saved last, finished or
    not; None if no game is kept."""
    kept = [(entry.summary.saved, entry.modified, entry.summary.game) for entry in entries
            if entry.summary is not None]
    return max(kept)[2] if kept else None
