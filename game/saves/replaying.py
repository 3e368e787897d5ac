"""A game file being read and replayed in a thread of its own, so that the window keeps drawing:
a record near the size limit (thousands of moves or shots, each replayed and checked) takes a
second or more. Only the reading, decoding and replaying happen in the thread; what the
store keeps of the file (its stamp, its name and tags) is written when the caller takes the
result, on the caller's thread.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.saves.files import SaveError, decode_record, judge, read_small_file

if TYPE_CHECKING:
    from game.play.protocol import Play


class Replaying:
    """The file at ``path`` (``name``: how messages name it), or a ``record`` already
    decoded, replayed by :meth:`start` in a thread or by :meth:`run` on the caller's.
    ``game_id``: the kept game it is (None: a file from outside); ``stamp``: what told that
    file's version when it was begun."""

    def __init__(self, name: str, *, path: Path | None = None,
                 record: dict[str, Any] | None = None, game_id: str | None = None,
                 stamp: tuple[int, int, int] | None = None) -> None:
        if (path is None) == (record is None):
            raise ValueError("replay: give a file's path or a decoded record, not both")
        self.name = name
        self.path = path
        self.game_id = game_id
        self.stamp = stamp
        self._record = record
        self._play: Play | None = None
        self._error: SaveError | None = None
        self._crash: BaseException | None = None  # a fault of ours: raised where it is taken
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        #: the player gave up waiting: what it comes to is dropped
        self.cancelled = False

    def start(self) -> Replaying:
        """Replay in a thread of its own (a daemon: closing the window never waits for it)."""
        if self._thread is None and not self._done.is_set():
            self._thread = threading.Thread(target=self.run, name="replaying", daemon=True)
            self._thread.start()
        return self

    def run(self) -> None:
        """Read, decode and replay, here and now."""
        try:
            if self._record is None:
                assert self.path is not None
                self._record = decode_record(read_small_file(self.path), self.name)
            if self.cancelled:  # given up while the file was read: nothing to replay for
                raise SaveError("saves.why.cancelled", name=self.name)
            self._play = judge(self._record, self.name)
        except SaveError as error:
            self._error = error
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
            self._crash = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether it is over, after waiting at most ``timeout`` seconds (None: until it is)."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        """The player stopped waiting: a replay not yet begun is not begun (one under way
        runs to its end), and what it comes to is dropped."""
        self.cancelled = True

    def result(self) -> tuple[dict[str, Any], Play]:
        """The record and its game replayed, once :attr:`done`: SaveError naming the file if
        it cannot be; a fault of the replay itself is raised here, not lost in the thread."""
        if not self._done.is_set():
            raise RuntimeError("replay: not over yet")
        if self._crash is not None:
            raise self._crash
        if self._error is not None:
            raise self._error
        assert self._record is not None and self._play is not None
        return self._record, self._play
