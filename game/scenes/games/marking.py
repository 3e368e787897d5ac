"""Lines marked on a list, to act on several at once (the Games screen deletes them): Space or
Ctrl+click marks or unmarks one, Shift+click marks a run from the line marked last. And a
count said in words ("1 партию", "3 партии", "5 партий")."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from game.i18n import language, tr


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


def count_form(n: int) -> str:
    """Which form a count takes in the player's language: ``one``, ``few`` or ``many``
    (Russian: 1, 21 партию; 2-4, 22 партии; 5-20, 25 партий; English: one or many)."""
    if language() == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


def counted(key: str, n: int, **values: object) -> str:
    """The string ``<key>.<form>`` for ``n`` things, filled with ``n`` and ``values``."""
    return tr(f"{key}.{count_form(n)}", n=n, **values)
