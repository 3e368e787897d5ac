"""A puzzle and its solution, and the techniques of the box's lesson.

A solution is a set of lines from the puzzle's position, each a sequence of move texts in the
game's own notation (the solver's move first, then the opponent's reply, and so on). The
lines share their beginnings: together they are a tree. The solver has exactly one move at
each of its turns (the one the verification found; every other was clearly worse); where the
opponent has several equally good replies, each has a line of its own, the main line (the
first) holding the reply the engine liked best.

A puzzle is of one of two kinds (:class:`Kind`): a win (a combination that wins material or
the game) or a save (the only defence: one move alone holds, the others lose clearly more;
it wins nothing and is never shown as a winning combination).
"""
from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import find_variant
from game.rules.core import Game, Move, NotationError

#: the schema version of a collection file
FORMAT = 1
#: a collection file's largest size (the shipped ones are far smaller)
MAX_BYTES = 16 * 1024 * 1024
#: the games a collection is shipped for
PUZZLE_GAMES: tuple[str, ...] = ("russian", "international", "english", "brazilian")


class Technique(enum.Enum):
    """A named technique of the Russian school (the box's list); the value is the key its
    strings and files use."""

    SACRIFICE = "sacrifice"  # жертва: material given before it is won back
    ONE_FOR_TWO = "one-for-two"  # отдать одну, чтобы взять две
    COLUMN = "column"  # ударная колонка: a striking column
    BREAKTHROUGH = "breakthrough"  # прорыв: a man crowns through a sacrifice
    OPPOSITION = "opposition"  # столбняк: kings facing each other on one diagonal
    BARRIER = "barrier"  # застава: a king cuts off a group of men along a diagonal
    LOOP = "loop"  # петля: a king trapped (the corner loop among them)
    BLOCKING = "blocking"  # запирание: the opponent's pieces left without a move
    EXCHANGE = "exchange"  # размен: as many pieces taken on both sides

    @property
    def title_key(self) -> str:
        """The string key of its name (``technique.sacrifice``)."""
        return f"technique.{self.value}"


class Kind(enum.StrEnum):
    """What a puzzle asks for: a win, or the only defence (a save). A plain string too, so
    ``puzzle.kind == "save"`` reads as it says; a collection without the field holds wins."""

    WIN = "win"
    SAVE = "save"


class Flank(enum.Enum):
    """Where a breakthrough happens, from the winning side's view."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class PuzzleError(ValueError):
    """A collection or a puzzle that cannot be read: what is wrong, in one line."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle. ``gain`` is what the solver's side wins by the end of the main line (1/100
    man; :data:`WIN_GAIN` for the game; a save's may be nothing or a loss). ``rating`` is its
    difficulty on the rating scale (Glicko, 1500 an average puzzle). ``depth`` is the search
    depth that found it; ``checked`` the depth of the deeper check that confirmed it (0:
    none) and ``seal`` that check's fingerprint of the puzzle (see
    :func:`game.puzzles.verify.seal`); ``source`` says where the position came from."""

    game: str
    fen: str
    lines: tuple[tuple[str, ...], ...]
    techniques: tuple[Technique, ...] = ()
    flank: Flank | None = None
    gain: int = 0
    rating: float = 1500.0
    depth: int = 0
    source: str = ""
    id: str = field(default="")
    kind: Kind = Kind.WIN
    checked: int = 0
    seal: str = ""

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", puzzle_id(self.game, self.fen))

    @property
    def main(self) -> tuple[str, ...]:
        """The main line: the winning side's moves and the defence's best replies."""
        return self.lines[0]

    def start(self) -> Game:
        """The puzzle's position as a game (PuzzleError when it cannot be set up)."""
        try:
            return find_variant(self.game).from_fen(self.fen)
        except (KeyError, NotationError, ValueError) as error:
            raise PuzzleError(f"puzzle {self.id}: {error}") from error

    def moves(self, line: Sequence[str] | None = None) -> list[Move]:
        """A line's moves, played from the start (the main line when none is given)."""
        game = self.start()
        out: list[Move] = []
        for text in self.main if line is None else line:
            try:
                move = game.parse_move(text)
            except (NotationError, ValueError) as error:
                raise PuzzleError(f"puzzle {self.id}: {text}: {error}") from error
            game.push(move)
            out.append(move)
        return out

    def answers(self, played: Sequence[str]) -> tuple[str, ...]:
        """The moves the solution accepts after ``played`` (the moves so far): the winning
        move at the winning side's turn, every kept defence at the defence's. Empty once the
        solution is over, or when ``played`` left it."""
        ply = len(played)
        seen: list[str] = []
        for line in self.lines:
            if len(line) > ply and tuple(line[:ply]) == tuple(played) and line[ply] not in seen:
                seen.append(line[ply])
        return tuple(seen)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "game": self.game, "fen": self.fen,
                               "lines": [list(line) for line in self.lines],
                               "techniques": [t.value for t in self.techniques],
                               "gain": self.gain, "rating": round(self.rating, 1),
                               "depth": self.depth, "source": self.source,
                               "kind": self.kind.value}
        if self.checked:
            out["checked"] = self.checked
            out["seal"] = self.seal
        if self.flank is not None:
            out["flank"] = self.flank.value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """A puzzle from its JSON form (PuzzleError when a field is missing or wrong)."""
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is not an object")
        try:
            lines = data["lines"]
            if (not isinstance(lines, list) or not lines
                    or not all(isinstance(line, list) and line
                               and all(isinstance(m, str) for m in line) for line in lines)):
                raise PuzzleError("a puzzle's lines are not lists of moves")
            flank = data.get("flank")
            puzzle = cls(game=_text(data["game"]), fen=_text(data["fen"]),
                         lines=tuple(tuple(line) for line in lines),
                         techniques=tuple(Technique(t) for t in data.get("techniques", ())),
                         flank=None if flank is None else Flank(flank),
                         gain=int(data.get("gain", 0)), rating=float(data.get("rating", 1500)),
                         depth=int(data.get("depth", 0)), source=str(data.get("source", "")),
                         id=str(data.get("id", "")), kind=Kind(data.get("kind", "win")),
                         checked=int(data.get("checked", 0)), seal=str(data.get("seal", "")))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, PuzzleError):
                raise
            raise PuzzleError(f"a puzzle cannot be read: {error}") from error
        return puzzle


def _text(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise PuzzleError(f"expected a text, found {value!r}")
    return value


def puzzle_id(game: str, fen: str) -> str:
    """A short id that stays the same for the same position of the same game."""
    return f"{game}-{hashlib.sha1(f'{game} {fen}'.encode()).hexdigest()[:10]}"


def dumps(puzzles: Sequence[Puzzle]) -> str:
    """A collection file's text: one puzzle per line inside a JSON object."""
    body = ",\n".join(json.dumps(p.to_json(), ensure_ascii=False, sort_keys=True)
                      for p in puzzles)
    return f'{{"format": {FORMAT}, "puzzles": [\n{body}\n]}}\n'


def loads(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a collection file's text (PuzzleError when it is damaged)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise PuzzleError(f"not a puzzle collection: {error}") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError("not a puzzle collection of this version")
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise PuzzleError("a puzzle collection without puzzles")
    return tuple(Puzzle.from_json(item) for item in items)


__all__ = ["FORMAT", "Flank", "Kind", "PUZZLE_GAMES", "Puzzle", "PuzzleError", "Technique",
           "dumps", "loads", "puzzle_id"]
