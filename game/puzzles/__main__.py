"""``shashki puzzles export --game GAME FILE``: the shipped puzzles of a game as a PDN file.

No window and no pygame. The file is written atomically (a half-written file never replaces
a good one); a game without puzzles, a damaged collection or a path that cannot be written
is said in one line, with exit code 2.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from game.puzzles.collection import shipped
from game.puzzles.export import collection_pdn
from game.puzzles.model import PUZZLE_GAMES, PuzzleError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shashki puzzles",
                                     description="The shipped puzzle collections.")
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("export", help="write a game's puzzles as a PDN file")
    export.add_argument("--game", required=True, help=f"one of {', '.join(PUZZLE_GAMES)}")
    export.add_argument("file", type=Path, help="the PDN file to write")
    return parser


def export(game: str, path: Path) -> str:
    """Writes ``game``'s puzzles to ``path``; what was done, in one line. ValueError: why it
    could not be (the file is then left as it was)."""
    from game.settings import write_atomic

    if game not in PUZZLE_GAMES:
        raise ValueError(f"no puzzles for {game!r}: the games are {', '.join(PUZZLE_GAMES)}")
    try:
        puzzles = shipped(game)
    except PuzzleError as error:
        raise ValueError(str(error)) from error
    if not puzzles:
        raise ValueError(f"no puzzles are shipped for {game}")
    if path.is_dir():
        raise ValueError(f"{path}: is a folder, not a file")
    if not path.parent.is_dir():
        raise ValueError(f"{path}: no folder {path.parent}")
    try:
        write_atomic(path, collection_pdn(puzzles))
    except OSError as error:
        raise ValueError(f"{path}: {error.strerror or error}") from error
    return f"{len(puzzles)} puzzles of {game} written to {path}"


def main(argv: Sequence[str] | None = None) -> int:
    """The command; its exit code (2: bad arguments, an unknown game or a path not written)."""
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        print(export(args.game, args.file))
    except ValueError as error:
        print(f"shashki puzzles: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
