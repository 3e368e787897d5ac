"""The person's progress at the puzzles, kept in the user's data folder
(``puzzles-progress.json``): read once when the trainer opens, written atomically after each
attempt.

A damaged file never loses the rest: each record is checked on its own and a bad one dropped
(:meth:`Progress.from_json`); a file that cannot be read at all (not JSON, too big, not a
file) is kept aside as ``puzzles-progress.json.damaged`` (or ``.damaged-2``, ...) and a fresh
one started. What happened is said once, as a :class:`Notice`.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from game.puzzles.progress import Progress
from game.saves.files import Notice, SaveError, data_dir, os_error, read_small_file
from game.settings import write_atomic

NAME = "puzzles-progress.json"
#: a progress file's largest size: 20 000 puzzles at ~60 bytes each, with room to spare
MAX_BYTES = 4 * 1024 * 1024


def _refuse_constant(name: str) -> None:
    return None  # NaN or Infinity: the record holding it is dropped, not the file


class ProgressFile:
    """The progress file of one data folder (the user's, unless ``folder`` is given)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder if folder is not None else data_dir()) / NAME
        self.notice: Notice | None = None  # what the last read or write has to tell
        self._writable = True  # False when a damaged file could not be put aside

    def load(self) -> Progress:
        """The progress kept (a fresh one when there is none, or none that can be read)."""
        self.notice = None
        try:
            raw = read_small_file(self.path, MAX_BYTES)
        except SaveError as error:
            if error.key == "saves.why.missing":
                return Progress()
            return self._put_aside(error)
        try:
            data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
            progress = Progress.from_json(data)
        except (UnicodeDecodeError, ValueError, RecursionError):
            return self._put_aside(SaveError("trainer.progress.unreadable"))
        if progress.dropped:
            self.notice = Notice("trainer.progress.dropped", count=progress.dropped)
        return progress

    def _put_aside(self, why: SaveError) -> Progress:
        """Keep the unreadable file under a name of its own; start afresh."""
        for n in range(1, 100):
            aside = self.path.with_name(NAME + (".damaged" if n == 1 else f".damaged-{n}"))
            if aside.exists() or aside.is_symlink():
                continue
            try:
                os.replace(self.path, aside)
            except OSError as error:
                self._writable = False
                self.notice = Notice("trainer.progress.stuck", why=os_error(error, NAME))
                return Progress()
            self.notice = Notice("trainer.progress.damaged", why=why, name=aside.name)
            return Progress()
        self._writable = False
        self.notice = Notice("trainer.progress.stuck", why=why)
        return Progress()

    def save(self, progress: Progress, *, sync: bool = False) -> bool:
        """Write the progress atomically (``sync``: to the disk before returning, as on
        leaving; between puzzles the frame must not wait for it); False (and a notice) when
        it could not be written."""
        if not self._writable:
            return False
        text = json.dumps(progress.to_json(), ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False)
        try:
            write_atomic(self.path, text + "\n", sync=sync)
        except OSError as error:
            self.notice = Notice("trainer.progress.unwritable", why=os_error(error, NAME))
            return False
        return True


__all__ = ["MAX_BYTES", "NAME", "ProgressFile"]
