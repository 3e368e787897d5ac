"""The shipped puzzle collections (``assets/puzzles/<game>.json``), read once per game."""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from game.puzzles.model import MAX_BYTES, Puzzle, PuzzleError, loads
from game.resources import asset


@cache
def shipped(game: str) -> tuple[Puzzle, ...]:
    """The puzzles shipped for ``game`` (none when it has no collection). A damaged file
    raises PuzzleError with what is wrong."""
    return read(asset("puzzles", f"{game}.json"))


#: a folder of collection files (``<game>.json``) used instead of the shipped ones: the tests'
#: fixtures, or a collection being made
FOLDER_ENV = "SHASHKI_PUZZLES_DIR"


def read(path: Path) -> tuple[Puzzle, ...]:
    """The puzzles of the collection file at ``path`` (none when there is no such file)."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return ()
    except OSError as error:
        raise PuzzleError(f"{path.name}: {error.strerror or error}") from error
    if len(raw) > MAX_BYTES:
        raise PuzzleError(f"{path.name}: larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        return loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{path.name}: not UTF-8 text") from error


def available(game: str) -> tuple[Puzzle, ...]:
    """The puzzles the trainer offers for ``game``: those of ``$SHASHKI_PUZZLES_DIR`` when it
    is set, else the shipped ones."""
    folder = os.environ.get(FOLDER_ENV)
    if folder:
        return _from_folder(folder, game)
    return shipped(game)


@cache
def _from_folder(folder: str, game: str) -> tuple[Puzzle, ...]:
    return read(Path(folder) / f"{game}.json")


__all__ = ["FOLDER_ENV", "available", "read", "shipped"]
