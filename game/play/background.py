"""Work that would hold the window's loop, done on a thread of its own: a screen starts it,
polls :meth:`Background.done` each frame (the loop goes on drawing meanwhile), then takes
:meth:`Background.result`. For pure computing that touches nothing the screen holds (reading
a stranger's record of a thousand shots, say): the thread shares the interpreter, so the
frame loop still gets its turn every few milliseconds while the work runs.

A screen left before the work is done calls :meth:`Background.drop`: what the work gives
later is handed to ``discard`` (to release what it holds) instead of being left about."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Background(Generic[T]):
    """``work()`` run on a daemon thread; its value or the exception it raised."""

    def __init__(self, work: Callable[[], T], discard: Callable[[T], None] | None = None,
                 name: str = "shashki-background") -> None:
        self._work = work
        self._discard = discard
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._dropped = False
        self._value: list[T] = []  # the value once had (a box: T may be None)
        self._error: Exception | None = None
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def _run(self) -> None:
        try:
            value = self._work()
        except Exception as error:  # handed to the screen, which says it
            with self._lock:
                self._error = error
        else:
            with self._lock:
                dropped = self._dropped
                if not dropped:
                    self._value.append(value)
            if dropped and self._discard is not None:
                self._discard(value)
        finally:
            self._done.set()

    def done(self) -> bool:
        """Whether the work has ended (with a value or an error)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the work to end (for tests and tools with no window); whether it has."""
        return self._done.wait(timeout)

    def result(self) -> T:
        """The work's value, or the exception it raised raised again. Only once done."""
        if not self._done.is_set():
            raise RuntimeError("the work is not done")
        with self._lock:
            if self._error is not None:
                raise self._error
            if not self._value:
                raise RuntimeError("the work was dropped")
            return self._value[0]

    def drop(self) -> None:
        """The screen no longer wants the value: it goes to ``discard`` when it comes (or now,
        if it has come)."""
        with self._lock:
            if self._dropped:
                return
            self._dropped = True
            had, self._value = self._value, []
        if had and self._discard is not None:
            self._discard(had[0])
