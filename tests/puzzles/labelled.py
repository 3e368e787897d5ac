"""The hand-labelled set (tests/puzzles/data/labelled.json) and the detector's score on it:
what the test asserts and benchmarks/puzzle_techniques.py prints."""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.puzzles.model import Flank, Technique
from game.puzzles.techniques import Detected, detect_line
from game.rules import find_variant

LABELLED = Path(__file__).resolve().parent / "data" / "labelled.json"
#: a technique with fewer labelled cases than this is too rare to judge its precision by
ENOUGH = 5


@dataclass(frozen=True, slots=True)
class Case:
    """One labelled position: the line from it and the techniques a person saw."""

    game: str
    fen: str
    line: tuple[str, ...]
    techniques: frozenset[Technique]
    flank: Flank | None
    source: str

    def detected(self) -> Detected:
        start = find_variant(self.game).from_fen(self.fen)
        work = start.copy()
        moves = []
        for text in self.line:
            move = work.parse_move(text)
            work.push(move)
            moves.append(move)
        return detect_line(start, moves)


@dataclass(frozen=True, slots=True)
class Score:
    """How the detector did on one technique."""

    technique: Technique
    labelled: int
    true_positive: int
    false_positive: int

    @property
    def false_negative(self) -> int:
        return self.labelled - self.true_positive

    @property
    def precision(self) -> float | None:
        found = self.true_positive + self.false_positive
        return self.true_positive / found if found else None

    @property
    def recall(self) -> float | None:
        return self.true_positive / self.labelled if self.labelled else None


def cases() -> list[Case]:
    data = json.loads(LABELLED.read_text(encoding="utf-8"))
    return [Case(item["game"], item["fen"], tuple(item["line"]),
                 frozenset(Technique(t) for t in item["techniques"]),
                 None if item.get("flank") is None else Flank(item["flank"]),
                 item.get("source", "")) for item in data["positions"]]


def score(labelled: Sequence[Case]) -> tuple[list[Score], list[tuple[Case, Detected]]]:
    """The score per technique, and every case whose detection differs from its labels
    (techniques or flank)."""
    found = [(case, case.detected()) for case in labelled]
    scores = []
    for technique in Technique:
        scores.append(Score(
            technique, sum(technique in c.techniques for c in labelled),
            sum(technique in c.techniques and technique in d.techniques for c, d in found),
            sum(technique not in c.techniques and technique in d.techniques for c, d in found)))
    differ = [(c, d) for c, d in found
              if set(d.techniques) != c.techniques or d.flank != c.flank]
    return scores, differ
