"""A person's progress at the puzzles: their rating per game, each puzzle's rating as tried here
with its attempts, the solved/tried count per technique and the streaks. Pure: what it is and
its JSON form, every record checked on its own (:mod:`game.saves.progress` keeps the file).

Saves (the only defence, :class:`~game.puzzles.model.Kind`) are rated apart from wins: the
person has a rating of each kind per game, and an attempt at a save moves only the save
rating (finding a defence is another skill than seeing a combination).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from game.puzzles.model import Kind, Puzzle, Technique
from game.puzzles.rating import PUZZLE_DEVIATION, Rating, attempt

#: the schema version of a progress file
FORMAT = 1
#: the most puzzles remembered (a few hundred bytes each); the ones tried longest ago go first
MAX_PUZZLES = 20_000
#: the largest count a record may hold (anything above comes from a broken file)
MAX_COUNT = 10**9
KEY = re.compile(r"^[a-z0-9-]{1,64}$")


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """One puzzle as tried here: its rating now, how often it was tried and solved at the
    first try, the number of the person's last attempt at it and whether that one was
    solved."""

    rating: Rating
    tried: int = 0
    solved: int = 0
    last: int = 0
    last_solved: bool = False


@dataclass(frozen=True, slots=True)
class Tally:
    """Attempts at one technique's puzzles, and how many were solved at the first try."""

    solved: int = 0
    tried: int = 0


@dataclass(frozen=True, slots=True)
class Streak:
    """Puzzles solved at the first try in a row: now, and the most ever."""

    current: int = 0
    best: int = 0


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one attempt changed: the result, the person's rating before and after, the
    puzzle's rating after, and the streak now."""

    solved: bool
    before: Rating
    after: Rating
    puzzle: Rating
    streak: Streak


class Progress:
    """Everything the trainer remembers about one person (changed by :meth:`record`)."""

    def __init__(self) -> None:
        self.ratings: dict[str, Rating] = {}  # at the wins
        self.save_ratings: dict[str, Rating] = {}  # at the saves
        self.puzzles: dict[str, PuzzleRecord] = {}
        self.techniques: dict[str, dict[Technique, Tally]] = {}
        self.streaks: dict[str, Streak] = {}
        self.attempts = 0  # attempts so far (the clock by which "recently" is told)
        self.dropped = 0  # records of the file read that could not be used (dropped)

    def rating(self, game: str, kind: Kind = Kind.WIN) -> Rating:
        """The person's rating at ``game``'s puzzles of ``kind`` (a newcomer's when none
        yet)."""
        return self._pool(kind).get(game, Rating())

    def _pool(self, kind: Kind) -> dict[str, Rating]:
        return self.save_ratings if kind == Kind.SAVE else self.ratings

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        """The puzzle's rating: as tried here, else the collection's with a wide deviation."""
        record = self.puzzles.get(puzzle.id)
        return record.rating if record is not None else Rating(puzzle.rating, PUZZLE_DEVIATION)

    def tally(self, game: str, technique: Technique) -> Tally:
        return self.techniques.get(game, {}).get(technique, Tally())

    def streak(self, game: str) -> Streak:
        return self.streaks.get(game, Streak())

    def solved(self, puzzle_id: str) -> bool:
        """Whether the puzzle was ever solved here at the first try."""
        record = self.puzzles.get(puzzle_id)
        return record is not None and record.solved > 0

    def stake(self, puzzle: Puzzle, solved: bool) -> float:
        """How far the person's rating would move if this attempt at ``puzzle`` ended now,
        solved or not (what a hint costs is the change of a miss)."""
        before = self.rating(puzzle.game, puzzle.kind)
        after, _ = attempt(before, self.puzzle_rating(puzzle), solved)
        return after.rating - before.rating

    def record(self, puzzle: Puzzle, solved: bool) -> Attempt:
        """One attempt at ``puzzle``: both ratings move, the counts and the streak follow."""
        game = puzzle.game
        before = self.rating(game, puzzle.kind)
        old = self.puzzles.get(puzzle.id)
        after, puzzle_after = attempt(before, self.puzzle_rating(puzzle), solved)
        self.attempts += 1
        self._pool(puzzle.kind)[game] = after
        self.puzzles[puzzle.id] = PuzzleRecord(
            puzzle_after, (old.tried if old else 0) + 1, (old.solved if old else 0) + solved,
            self.attempts, solved)
        tallies = self.techniques.setdefault(game, {})
        for technique in puzzle.techniques:
            was = tallies.get(technique, Tally())
            tallies[technique] = Tally(was.solved + solved, was.tried + 1)
        streak = self.streak(game)
        current = streak.current + 1 if solved else 0
        self.streaks[game] = Streak(current, max(streak.best, current))
        if len(self.puzzles) > MAX_PUZZLES:
            self._forget_oldest()
        return Attempt(solved, before, after, puzzle_after, self.streaks[game])

    def _forget_oldest(self) -> None:
        keep = sorted(self.puzzles.items(), key=lambda item: item[1].last)[-MAX_PUZZLES:]
        self.puzzles = dict(keep)

    # the file's form ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        games: dict[str, Any] = {}
        for game in sorted({*self.ratings, *self.save_ratings, *self.streaks,
                            *self.techniques}):
            entry: dict[str, Any] = {}
            if game in self.ratings:
                entry["rating"] = _rating_json(self.ratings[game])
            if game in self.save_ratings:
                entry["save-rating"] = _rating_json(self.save_ratings[game])
            if game in self.streaks:
                entry["streak"] = [self.streaks[game].current, self.streaks[game].best]
            if game in self.techniques:
                entry["techniques"] = {t.value: [n.solved, n.tried]
                                       for t, n in self.techniques[game].items()}
            games[game] = entry
        puzzles = {key: [*_rating_json(r.rating), r.tried, r.solved, r.last, int(r.last_solved)]
                   for key, r in self.puzzles.items()}
        return {"format": FORMAT, "attempts": self.attempts, "games": games,
                "puzzles": puzzles}

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """The progress in ``data``, every record read on its own: a record that is wrong
        (a wrong type, a number out of range, NaN) is dropped and counted in ``dropped``;
        the rest is kept. Raises ValueError only when ``data`` is not a progress file."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a progress file of this version")
        out = cls()
        out.attempts = _count(data.get("attempts", 0)) or 0
        games = data.get("games", {})
        if not isinstance(games, dict):
            games, out.dropped = {}, out.dropped + 1
        for game, entry in games.items():
            if not (isinstance(game, str) and KEY.match(game) and isinstance(entry, dict)):
                out.dropped += 1
                continue
            out._read_game(game, entry)
        puzzles = data.get("puzzles", {})
        if not isinstance(puzzles, dict):
            puzzles, out.dropped = {}, out.dropped + 1
        for key, value in puzzles.items():
            record = _puzzle_record(value) if isinstance(key, str) and KEY.match(key) else None
            if record is None:
                out.dropped += 1
            else:
                out.puzzles[key] = record
                out.attempts = max(out.attempts, record.last)
        if len(out.puzzles) > MAX_PUZZLES:
            out._forget_oldest()
        return out

    def _read_game(self, game: str, entry: dict[Any, Any]) -> None:
        for key, pool in (("rating", self.ratings), ("save-rating", self.save_ratings)):
            if key in entry:
                rating = _rating(entry[key])
                if rating is None:
                    self.dropped += 1
                else:
                    pool[game] = rating
        if "streak" in entry:
            pair = _counts(entry["streak"], 2)
            if pair is None:
                self.dropped += 1
            else:
                self.streaks[game] = Streak(pair[0], max(pair))
        techniques = entry.get("techniques", {})
        if not isinstance(techniques, dict):
            self.dropped += 1
            return
        for name, value in techniques.items():
            known = {t.value: t for t in Technique}
            pair = _counts(value, 2)
            if name not in known or pair is None or pair[0] > pair[1]:
                self.dropped += 1
                continue
            self.techniques.setdefault(game, {})[known[name]] = Tally(*pair)


def _rating_json(rating: Rating) -> list[float]:
    return [round(rating.rating, 2), round(rating.deviation, 2), round(rating.volatility, 6)]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _rating(value: Any) -> Rating | None:
    """A rating from its three numbers, brought within bounds (None when it is no rating)."""
    if not isinstance(value, list) or len(value) != 3:
        return None
    numbers = [_number(v) for v in value]
    if any(n is None for n in numbers):
        return None
    rating, deviation, volatility = (n for n in numbers if n is not None)
    if deviation <= 0 or volatility <= 0:
        return None
    return Rating(rating, deviation, volatility).held()


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        return None
    return value


def _counts(value: Any, n: int) -> list[int] | None:
    if not isinstance(value, list) or len(value) != n:
        return None
    counts = [_count(v) for v in value]
    return None if any(c is None for c in counts) else [c for c in counts if c is not None]


def _puzzle_record(value: Any) -> PuzzleRecord | None:
    if not isinstance(value, list) or len(value) != 7:
        return None
    rating = _rating(value[:3])
    counts = _counts(value[3:7], 4)
    if rating is None or counts is None:
        return None
    tried, solved, last, last_solved = counts
    if solved > tried or last_solved > 1:
        return None
    return PuzzleRecord(rating, tried, solved, last, bool(last_solved))


__all__ = ["Attempt", "FORMAT", "Progress", "PuzzleRecord", "Streak", "Tally"]
