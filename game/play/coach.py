"""The coach: what a game's moves teach, in the words of the box's lesson, for the review of a
finished game and with the computer's advice.

It speaks of two things, and only where the engine's searched values agree:

- **combinations**: a move that missed one (the best move's line won at least a man by force,
  the move played did not) or walked into one (it let the opponent win at least a man), with
  the technique the line uses (:func:`game.puzzles.techniques.detect_line`) and its move;
- **the four opening principles** (hold the centre, develop the left flank, keep the men
  spread, keep the king row closed), in the opening only: a principle broken is said when the
  move cost something by the engine's values, and when the engine rates the move best or
  near best, that it was right here.

The coach reads the analysis' verdicts (:mod:`game.play.analysis`); it searches nothing itself.
Only the diagonal draughts games where more material wins are coached (:func:`coached`).
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.i18n import tr
from game.play.analysis import Verdict
from game.puzzles.model import Flank, Technique
from game.puzzles.techniques import Detected, detect_line
from game.puzzles.verify import has_capture, material
from game.rules.core import Color, Game, Move, PieceKind
from game.rules.draughts import DraughtsGame
from game.rules.movegen import DIAGONAL

#: a man's worth in the material count (1/100 man; a king's is the puzzles' KING_VALUE)
MAN = 100
#: a combination wins at least this much (1/100 man), by the line and by the scores
COMBINATION = MAN
#: a principle broken is said only when the move lost at least this much of the evaluation
PRINCIPLE_COST = 30
#: a move this close to the best one (or the best itself) broke a principle for a reason
NEAR_BEST = 10
#: the captures followed past the end of a line before its material is counted
_RESOLVE_PLIES = 12


class Kind(enum.Enum):
    """What a comment says of a move."""

    MISSED = "missed"  # the best move won material by force; the move played did not
    WALKED_INTO = "walked-into"  # the move played let the opponent win material by force
    BROKEN = "broken"  # an opening principle broken, and it cost something
    JUSTIFIED = "justified"  # a principle broken as the engine's own best move breaks it
    COMBINATION = "combination"  # advice: the advised move starts a combination


class Principle(enum.Enum):
    """The box's four opening principles, by what breaking them looks like."""

    EDGE = "edge"  # a man sent to the edge (hold the centre)
    KING_ROW = "king-row"  # a king-row square opened
    LEFT_FLANK = "left-flank"  # the left flank left undeveloped
    CROWDED = "crowded"  # the men crowded on one wing


#: names a line's techniques: the position before the line (the winning side to move), the line
Detect = Callable[[Game, Sequence[Move]], Detected]


@dataclass(frozen=True, slots=True)
class Comment:
    """One thing the coach says about the move of ``ply`` (1: the game's first move), made by
    ``side``. ``move`` is the move it names, in notation: the missed best move, the opponent's
    answer walked into, or the move played. ``best`` and ``played`` are the searched values
    (the mover's view, 1/100 man) of the best move and of the move played; ``gain`` is the
    material the named line wins."""

    ply: int
    side: Color
    kind: Kind
    move: str
    techniques: tuple[Technique, ...] = ()
    flank: Flank | None = None
    principle: Principle | None = None
    best: int = 0
    played: int = 0
    gain: int = 0
    better: str = ""  # a principle broken: the move the engine preferred

    @property
    def cost(self) -> int:
        """How much the move played lost against the best (1/100 man)."""
        return self.best - self.played

    @property
    def technique(self) -> Technique | None:
        """The technique the comment names (the most telling one the line uses)."""
        return Detected(self.techniques, self.flank).main


def coached(game: Game) -> bool:
    """Whether the coach speaks of ``game``: diagonal draughts on the dark squares, captures
    along the diagonals, more material better (not Apokachi, Уголки, Turkish, the giveaways)."""
    geometry = game.geometry
    return (isinstance(game, DraughtsGame) and game.more_pieces_win and not geometry.points
            and type(game).capture_directions == DIAGONAL
            and 2 * len(geometry.squares) == geometry.columns * geometry.rows)


# material -----------------------------------------------------------------------------------
def line_gain(game: Game, line: Sequence[Move], side: Color) -> int:
    """What ``line`` from ``game``'s position wins for ``side`` (1/100 man): the material at
    the line's last quiet position (no capture to make) against the start. Captures left to
    make at its end are played out first, the one taking most each time. ``game`` is not
    changed."""
    replay = game.copy()
    start = material(replay, side)
    last = start
    for move in line:
        if move not in replay.legal_moves():
            break
        replay.push(move)
        if not has_capture(replay):
            last = material(replay, side)
    for _ in range(_RESOLVE_PLIES):
        captures = [m for m in replay.legal_moves() if m.is_capture]
        if not captures:
            last = material(replay, side)
            break
        replay.push(max(captures, key=lambda m: (len(m.captured), m.promotes)))
    return last - start


# the coach ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Wings:
    """The board as one side sees it: which columns are its left flank, its centre, its
    right flank, and its own king row."""

    columns: int
    rows: int

    def view(self, game: Game, square: int, side: Color) -> tuple[int, int]:
        """(column, row) from ``side``'s seat: its left-hand column 0, its own back row 0."""
        column, row = game.geometry.coord(square)
        if side is Color.WHITE:
            return column, row
        return self.columns - 1 - column, self.rows - 1 - row

    def left(self, column: int) -> bool:
        # the two centre columns (d and e on 8×8) belong to neither flank
        return column < self.columns // 2 - 1

    def right(self, column: int) -> bool:
        return column > self.columns // 2

    def edge(self, column: int) -> bool:
        return column in (0, self.columns - 1)


class Coach:
    """Comments on one game's moves from its start position and the analysis' verdicts.
    ``principles``: also the opening principles; ``detect`` names the techniques of a line."""

    def __init__(self, *, principles: bool = True, detect: Detect = detect_line) -> None:
        self.principles = principles
        self.detect = detect

    def review(self, start: Game, moves: Sequence[Move],
               verdicts: Sequence[Verdict | None]) -> list[Comment]:
        """The comments on ``moves`` played from ``start`` (the game's first position), by the
        verdicts of the positions (``verdicts[i]``: after ``i`` moves). A move whose verdicts
        are missing or not searched, or that was the only one, gets none."""
        if not coached(start):
            return []
        game = start.copy()
        wings = _Wings(game.geometry.columns, game.geometry.rows)
        opening = opening_moves(game)
        # the principles are about a game's opening: not for a position set up by hand
        opening = opening if _from_the_start(game) else 0
        said: set[tuple[Color, Principle, Kind]] = set()
        developed: set[Color] = set()  # sides that moved a man of their left flank
        made = {Color.WHITE: 0, Color.BLACK: 0}
        out: list[Comment] = []
        for ply, move in enumerate(moves, start=1):
            side = game.turn
            before, after = verdicts[ply - 1], verdicts[ply] if ply < len(verdicts) else None
            choices = len(game.every_move())
            judged = (before is not None and after is not None and choices > 1
                      and before.searched and after.searched)
            made[side] += 1
            if judged:
                assert before is not None and after is not None
                combinations = self._combinations(game, ply, move, before, after)
                out.extend(combinations)
                # a move that missed or allowed a combination is about that, not a principle
                if (self.principles and not combinations and made[side] <= opening
                        and not _kings(game)):
                    comment = self._principle(game, wings, ply, move, before, after,
                                              developed, said)
                    if comment is not None:
                        out.append(comment)
            if not move.is_capture and wings.left(wings.view(game, move.start, side)[0]):
                developed.add(side)
            game.push(move)
        return out

    # combinations -----------------------------------------------------------------------------
    def _combinations(self, game: Game, ply: int, move: Move, before: Verdict,
                      after: Verdict) -> list[Comment]:
        side = game.turn
        best, played = _mover(before.score, side), _mover(after.score, side)
        if best - played < COMBINATION:
            return []  # the move kept (nearly) all the best move had: nothing was missed
        out: list[Comment] = []
        if before.best is not None and before.best != move and before.pv:
            gain = line_gain(game, before.pv, side)
            # the move played, with the line the engine expected after it, won less
            kept = line_gain(game, (move, *after.pv), side)
            if gain >= COMBINATION and kept < gain:
                found = self._name(game, before.pv)
                out.append(Comment(ply, side, Kind.MISSED, game.move_text(before.pv[0]),
                                   found.techniques, found.flank, None, best, played, gain))
        if after.pv:
            game.push(move)
            try:
                answer_gain = line_gain(game, after.pv, side.other)
                if answer_gain >= COMBINATION:
                    found = self._name(game, after.pv)
                    out.append(Comment(ply, side, Kind.WALKED_INTO,
                                       game.move_text(after.pv[0]), found.techniques,
                                       found.flank, None, best, played, answer_gain))
            finally:
                game.pop()
        return out

    def _name(self, game: Game, line: Sequence[Move]) -> Detected:
        try:
            return self.detect(game.copy(), tuple(line))
        except (ValueError, IndexError, KeyError):  # a line it cannot read goes unnamed
            return Detected((), None)

    def advice(self, game: Game, move: Move, pv: Sequence[Move], score: int
               ) -> Comment | None:
        """What to say with the advice ``move`` (its line ``pv``, White's ``score``) in
        ``game``'s position: the combination it starts, when the engine's line wins at least
        a man; else, in the opening, the principle it breaks for a reason."""
        if not coached(game) or not game.every_move():
            return None
        side = game.turn
        value = _mover(score, side)
        line = tuple(pv) if pv and pv[0] == move else (move,)
        gain = line_gain(game, line, side)
        if gain >= COMBINATION:  # the engine's own line wins a man: a combination to play
            found = self._name(game, line)
            return Comment(len(game.move_stack) + 1, side, Kind.COMBINATION,
                           game.move_text(move), found.techniques, found.flank, None,
                           value, value, gain)
        if not self.principles or _kings(game) or not _from_the_start(game):
            return None
        if len(game.move_stack) // 2 + 1 > opening_moves(game):
            return None  # the mover's move number is past the opening
        wings = _Wings(game.geometry.columns, game.geometry.rows)
        for principle in _broken(game, wings, move, _left_developed(game, wings, side)):
            return Comment(len(game.move_stack) + 1, side, Kind.JUSTIFIED, game.move_text(move),
                           principle=principle, best=value, played=value)
        return None

    # the opening principles -------------------------------------------------------------------
    def _principle(self, game: Game, wings: _Wings, ply: int, move: Move, before: Verdict,
                   after: Verdict, developed: set[Color],
                   said: set[tuple[Color, Principle, Kind]]) -> Comment | None:
        side = game.turn
        best, played = _mover(before.score, side), _mover(after.score, side)
        if move == before.best or best - played <= NEAR_BEST:
            kind = Kind.JUSTIFIED
        elif best - played >= PRINCIPLE_COST:
            kind = Kind.BROKEN
        else:
            return None  # a small cost: the coach is gentle and says nothing
        # broken "for a good reason" only where the engine's own choice breaks it too: a move
        # as good as one that keeps the principle had no reason to break it
        reasons = set() if kind is Kind.BROKEN or before.best is None else \
            set(_broken(game, wings, before.best, side in developed))
        for principle in _broken(game, wings, move, side in developed):
            if (side, principle, kind) in said:
                continue
            if kind is Kind.JUSTIFIED and principle not in reasons:
                continue
            said.add((side, principle, kind))
            better = "" if before.best is None else game.move_text(before.best)
            return Comment(ply, side, kind, game.move_text(move), principle=principle,
                           best=best, played=played, better=better)
        return None


def broken_principles(game: Game, move: Move) -> tuple[Principle, ...]:
    """The principles ``move`` breaks in ``game``'s position, by the mover's history so far
    (whether it is the opening, and whether it began from the start, is the caller's)."""
    wings = _Wings(game.geometry.columns, game.geometry.rows)
    return tuple(_broken(game, wings, move, _left_developed(game, wings, game.turn)))


def _broken(game: Game, wings: _Wings, move: Move, left_developed: bool
            ) -> Iterable[Principle]:
    """The principles a quiet man's move breaks in ``game``'s position (the mover to move)."""
    side = game.turn
    piece = game.piece_at(move.start)
    if move.is_capture or piece is None or piece.kind is PieceKind.KING:
        return
    (c0, r0), (c1, _) = wings.view(game, move.start, side), wings.view(game, move.end, side)
    if wings.edge(c1) and not wings.edge(c0):
        yield Principle.EDGE
    if r0 == 0:
        yield Principle.KING_ROW
    if wings.right(c0) and not left_developed and _own_moves(game, side) >= 2:
        yield Principle.LEFT_FLANK
    half = wings.columns // 2
    if (c0 < half) != (c1 < half):  # the move crossed the middle of the board
        left, right = _halves(game, wings, side)
        after_left = left + (1 if c1 < half else -1)
        after_right = right + (1 if c1 >= half else -1)
        limit = max(3, (left + right) // 3)
        if abs(after_left - after_right) >= limit > abs(left - right):
            yield Principle.CROWDED


def _halves(game: Game, wings: _Wings, side: Color) -> tuple[int, int]:
    """How many of ``side``'s men stand on its left half of the board and on its right half."""
    left = right = 0
    for square, piece in game.pieces():
        if piece.color is side and piece.kind is PieceKind.MAN:
            if wings.view(game, square, side)[0] < wings.columns // 2:
                left += 1
            else:
                right += 1
    return left, right


def _own_moves(game: Game, side: Color) -> int:
    """How many moves ``side`` has made in the game so far."""
    replay = game.copy()
    count = 0
    while replay.move_stack:
        replay.pop()
        if replay.turn is side:
            count += 1
    return count


def _left_developed(game: Game, wings: _Wings, side: Color) -> bool:
    """Whether ``side`` has moved a man from its left flank in the game so far."""
    replay = game.copy()
    while replay.move_stack:
        move = replay.pop()
        if (replay.turn is side and not move.is_capture
                and wings.left(wings.view(replay, move.start, side)[0])):
            return True
    return False


def _from_the_start(game: Game) -> bool:
    """Whether ``game`` began from its game's usual start (not a position set up)."""
    return game.starting_fen() == type(game).new(**game.options).starting_fen()


def _kings(game: Game) -> bool:
    return any(piece.kind is PieceKind.KING for _, piece in game.pieces())


def _mover(white_score: int, side: Color) -> int:
    return white_score if side is Color.WHITE else -white_score


def opening_moves(game: Game) -> int:
    """How many moves of each side the coach counts as the opening: more on a bigger board
    (10 on 8×8, 12 on 10×10)."""
    return game.geometry.columns + 2


# words ----------------------------------------------------------------------------------------
def technique_words(comment: Comment) -> str:
    """The technique a combination comment names, as the sentence needs it ("a breakthrough
    on the left flank"); a line with no named technique is "a combination"."""
    technique = comment.technique
    if technique is None:
        return tr("coach.tech.none")
    if technique is Technique.BREAKTHROUGH and comment.flank is not None:
        return tr(f"coach.tech.breakthrough.{comment.flank.value}")
    return tr(f"coach.tech.{technique.value}")


def who_words(side: Color, you: Color | None) -> str:
    """"You" for the person's own moves, else the side's name."""
    if side is you:
        return tr("coach.who.you")
    return tr("coach.who.white" if side is Color.WHITE else "coach.who.black")


def comment_text(comment: Comment, you: Color | None = None) -> str:
    """The comment in the player's language; ``you``: the person's side, if one person plays."""
    who = who_words(comment.side, you)
    if comment.kind is Kind.MISSED:
        return tr("coach.missed", who=who, technique=technique_words(comment),
                  move=comment.move)
    if comment.kind is Kind.WALKED_INTO:
        return tr("coach.walked_into", technique=technique_words(comment), move=comment.move)
    if comment.kind is Kind.COMBINATION:
        return tr("coach.advice", technique=technique_words(comment), move=comment.move)
    assert comment.principle is not None
    key = f"coach.{comment.kind.value}.{comment.principle.value}"
    return tr(key, who=who, move=comment.move, better=comment.better,
              cost=f"{comment.cost / 100:.1f}")


__all__ = ["COMBINATION", "Coach", "Comment", "Detect", "Kind", "MAN", "NEAR_BEST",
           "PRINCIPLE_COST", "Principle", "broken_principles", "coached",
           "comment_text", "line_gain", "opening_moves", "technique_words", "who_words"]
