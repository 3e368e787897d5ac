"""Lines marked on a list, to act on several at once (the Games screen deletes them): Space or
Ctrl+click marks or unmarks one, Shift+click marks a run from the line marked last. A count
said in words ("1 партию", "3 партии", "5 партий") is :mod:`game.i18n`'s, given on from here."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from game.i18n import count_form, counted


class Marks:
    """The keys of the marked lines, and the line a run starts from."""

    def __init__(self) -> None:
        self.keys: set[Hashable] = set()
        self.anchor: Hashable | None = None

    def __len__(self) -> int:
        return len(self.keys)

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def toggle(self, key: Hashable) -> None:
        """Mark ``key``, or unmark it if it was; a run starts from it."""
        if key in self.keys:
            self.keys.discard(key)
        else:
            self.keys.add(key)
        self.anchor = key

    def mark_run(self, order: Sequence[Hashable], key: Hashable) -> None:
        """Mark every line from the anchor to ``key`` (both ends, in the list's ``order``); with
        no anchor on the list, ``key`` alone."""
        end = order.index(key) if key in order else None
        if end is None:
            return
        start = order.index(self.anchor) if self.anchor in order else end
        low, high = sorted((start, end))
        self.keys.update(order[low:high + 1])
        self.anchor = key

    def mark_all(self, keys: Iterable[Hashable]) -> None:
        self.keys.update(keys)

    def keep_only(self, keys: Iterable[Hashable]) -> None:
        """Forget the marks of lines no longer listed (deleted, or filtered out)."""
        shown = set(keys)
        self.keys &= shown
        if self.anchor not in shown:
            self.anchor = None

    def clear(self) -> None:
        self.keys.clear()
        self.anchor = None


__all__ = ["Marks", "count_form", "counted"]
