"""The shipped puzzle collections (``assets/puzzles/<game>.json``), read once per game."""
from __future__ import annotations

from functools import cache

from game.puzzles.model import MAX_BYTES, Puzzle, PuzzleError, loads
from game.resources import asset


@cache
def shipped(game: str) -> tuple[Puzzle, ...]:
    """The puzzles shipped for ``game`` (none when it has no collection). A damaged file
    raises PuzzleError with what is wrong."""
    path = asset("puzzles", f"{game}.json")
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


__all__ = ["shipped"]
