"""The coach: what a game's moves teach, in the words of the box's lesson, for the review of a
finished game and with the computer's advice.

In the review it speaks only of moves that cost something by the engine's searched values
(a move the search calls fine gets no comment):

- **combinations**: a move that missed one (the best move's line won at least a man by force,
  the move played did not) or walked into one (it let the opponent win at least a man), with
  the technique the line uses (:func:`game.puzzles.techniques.detect_line`) and its move; a
  piece left to be taken at once is said as such;
- **the four opening principles** (hold the centre, develop the left flank, keep the men
  spread, keep the king row closed), in the opening only, when the move broke one and cost
  something. With the advice, a principle the advised move breaks is said to be broken for a
  reason (the engine rates the move best).

The coach reads the analysis' verdicts (:mod:`game.review.analysis`); it searches nothing itself.
A comment is facts: :meth:`Comment.notice` gives the key of game/strings and its values, and
the screen says it in the player's language. Only the diagonal draughts games where more
material wins are coached (:func:`coached`).
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from game.play.events import Notice
from game.puzzles.model import Flank, Technique
from game.puzzles.techniques import Detected, detect_line
from game.puzzles.verify import has_capture, material
from game.review.analysis import Verdict
from game.rules.core import Color, Game, Move, PieceKind
from game.rules.draughts import DraughtsGame
from game.rules.movegen import DIAGONAL

#: a man's worth in the material count (1/100 man; a king's is the puzzles' KING_VALUE)
MAN = 100
#: a combination wins at least this much (1/100 man), by the line and by the scores
COMBINATION = MAN
#: a principle broken is said only when the move lost at least this much of the evaluation
PRINCIPLE_COST = 30
#: the captures followed past the end of a line before its material is counted
_RESOLVE_PLIES = 12
#: the review says nothing of a move played in a game already this far lost (1/100 man), nor
#: of one that kept the game this far won: what it changed is the result's margin, not the
#: result, and a shallow search's differences there are not to be trusted (the values are
#: capped; with kings on the board they swing) — measured by benchmarks/coach_beginner.py
DECIDED = 250
WON = 200


class Kind(enum.Enum):
    """What a comment says of a move."""

    MISSED = "missed"  # the best move won material by force; the move played did not
    WALKED_INTO = "walked-into"  # the move played let the opponent win material by force
    HANGING = "hanging"  # the move played left a piece the opponent takes at once, for free
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
    pieces: int = 0  # how many pieces (a king one) the line wins, net, by its winning part
    also: bool = False  # a principle broken by a move that has a combination comment too

    @property
    def cost(self) -> int:
        """How much the move played lost against the best (1/100 man)."""
        return self.best - self.played

    @property
    def technique(self) -> Technique | None:
        """The technique the comment names (the most telling one the line uses)."""
        return Detected(self.techniques, self.flank).main

    @property
    def threshold(self) -> int:
        """The least the move must cost against the best for the review to say this (1/100
        man): a man for a combination, :data:`PRINCIPLE_COST` for a principle; 0 for the
        advice's words, which are about the best move."""
        if self.kind in (Kind.MISSED, Kind.WALKED_INTO, Kind.HANGING):
            return COMBINATION
        return PRINCIPLE_COST if self.kind is Kind.BROKEN else 0

    def notice(self, you: Color | None = None) -> Notice:
        """What the comment says: a key of game/strings and its values (the technique and who
        moved are keys too), for the screen to put in the player's language. ``you``: the
        person's side, if one person plays (their moves are "yours")."""
        who = Notice("coach.who.you" if self.side is you
                     else f"coach.who.{self.side.name.lower()}")
        technique = technique_notice(self)
        if self.kind is Kind.MISSED:
            return Notice("coach.missed", {"who": who, "technique": technique,
                                           "move": self.move})
        if self.kind is Kind.WALKED_INTO:
            return Notice("coach.walked_into", {"technique": technique, "move": self.move})
        if self.kind is Kind.HANGING:
            return Notice("coach.hanging.one" if self.pieces <= 1 else "coach.hanging.more",
                          {"move": self.move})
        if self.kind is Kind.COMBINATION:
            return Notice("coach.advice", {"technique": technique, "move": self.move})
        assert self.principle is not None
        if self.kind is Kind.JUSTIFIED:  # with the advice: broken, for a reason
            return Notice(f"coach.advice.{self.principle.value}", {"move": self.move})
        if self.also:
            return Notice(f"coach.also.{self.principle.value}")
        return Notice(f"coach.broken.{self.principle.value}",
                      {"move": self.move, "better": self.better,
                       "cost": f"{self.cost / 100:.1f}"})


def technique_notice(comment: Comment) -> Notice:
    """The technique a combination comment names, as the sentence needs it ("a breakthrough
    on the left flank"); a line with no named technique is "a win of material"."""
    technique = comment.technique
    if technique is None:
        return Notice("coach.tech.none")
    if technique is Technique.BREAKTHROUGH and comment.flank is not None:
        return Notice(f"coach.tech.breakthrough.{comment.flank.value}")
    return Notice(f"coach.tech.{technique.value}")


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
    return _line_change(game, line, side, material)


def line_pieces(game: Game, line: Sequence[Move], side: Color) -> int:
    """How many pieces (a king one) ``line`` wins for ``side``, net, counted as
    :func:`line_gain` counts material."""
    return _line_change(game, line, side, _pieces)


def _line_change(game: Game, line: Sequence[Move], side: Color,
                 count: Callable[[Game, Color], int]) -> int:
    replay = game.copy()
    start = count(replay, side)
    last = start
    for move in line:
        if move not in replay.legal_moves():
            break
        replay.push(move)
        if not has_capture(replay):
            last = count(replay, side)
    for _ in range(_RESOLVE_PLIES):
        captures = [m for m in replay.legal_moves() if m.is_capture]
        if not captures:
            last = count(replay, side)
            break
        replay.push(max(captures, key=lambda m: (len(m.captured), m.promotes)))
    return last - start


def winning_line(game: Game, line: Sequence[Move], side: Color) -> tuple[Move, ...]:
    """The part of ``line`` that makes its gain: up to the first position with no capture to
    make where ``side`` is a man or more up on the start (the whole line if there is none).
    What the engine's line does after that is not the combination's."""
    replay = game.copy()
    start = material(replay, side)
    for i, move in enumerate(line):
        if move not in replay.legal_moves():
            break
        replay.push(move)
        if not has_capture(replay) and material(replay, side) - start >= COMBINATION:
            return tuple(line[:i + 1])
    return tuple(line)


def _pieces(game: Game, side: Color) -> int:
    """``side``'s pieces minus the other side's."""
    return sum(1 if piece.color is side else -1 for _, piece in game.pieces())


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
        said: set[tuple[Color, Principle]] = set()
        developed: set[Color] = set()  # sides that moved a man of their left flank
        made = {Color.WHITE: 0, Color.BLACK: 0}
        out: list[Comment] = []
        for ply, move in enumerate(moves, start=1):
            side = game.turn
            before, after = verdicts[ply - 1], verdicts[ply] if ply < len(verdicts) else None
            choices = len(game.every_move())
            judged = (before is not None and after is not None and choices > 1
                      and before.searched and after.searched
                      and not _decided(before, after, side))
            made[side] += 1
            if judged:
                assert before is not None and after is not None
                combinations = self._combinations(game, ply, move, before, after)
                out.extend(combinations)
                if self.principles and made[side] <= opening and not _kings(game):
                    comment = self._principle(game, wings, ply, move, before, after,
                                              developed, said)
                    if comment is not None:
                        # beside a combination it is said in a few words, after it
                        out.append(replace(comment, also=bool(combinations)))
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
                found = self._name(game, before.pv, side)
                out.append(Comment(ply, side, Kind.MISSED, game.move_text(before.pv[0]),
                                   found.techniques, found.flank, None, best, played, gain))
        if after.pv:
            game.push(move)
            try:
                answer_gain = line_gain(game, after.pv, side.other)
                if answer_gain >= COMBINATION:
                    found = self._name(game, after.pv, side.other)
                    # the answer takes at once and no technique but an exchange is named:
                    # the move left a piece to be taken
                    left = (after.pv[0].is_capture
                            and found.main in (None, Technique.EXCHANGE))
                    out.append(Comment(ply, side, Kind.HANGING if left else Kind.WALKED_INTO,
                                       game.move_text(after.pv[0]), found.techniques,
                                       found.flank, None, best, played, answer_gain,
                                       pieces=line_pieces(game, winning_line(
                                           game, after.pv, side.other), side.other)))
            finally:
                game.pop()
        return out

    def _name(self, game: Game, line: Sequence[Move], side: Color) -> Detected:
        """The techniques of the part of ``line`` that wins ``side`` its material."""
        try:
            return self.detect(game.copy(), winning_line(game, line, side))
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
            found = self._name(game, line, side)
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
                   said: set[tuple[Color, Principle]]) -> Comment | None:
        """A principle ``move`` broke at a cost: the engine's best move was another one, the
        move played lost at least :data:`PRINCIPLE_COST` against it, and the best move keeps
        the principle (a move that breaks it as the best one does broke it for a reason)."""
        side = game.turn
        best, played = _mover(before.score, side), _mover(after.score, side)
        if before.best is None or move == before.best or best - played < PRINCIPLE_COST:
            return None  # fine by the engine, or a small cost: the coach says nothing
        kept = set(_broken(game, wings, before.best, side in developed))
        for principle in _broken(game, wings, move, side in developed):
            if (side, principle) in said or principle in kept:
                continue
            said.add((side, principle))
            return Comment(ply, side, Kind.BROKEN, game.move_text(move), principle=principle,
                           best=best, played=played, better=game.move_text(before.best))
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


def _decided(before: Verdict, after: Verdict, side: Color) -> bool:
    """Whether the game was decided for ``side`` around its move: already lost before it (by
    :data:`DECIDED`), or still won after it (by :data:`WON`)."""
    return _mover(before.score, side) <= -DECIDED or _mover(after.score, side) >= WON


def _kings(game: Game) -> bool:
    return any(piece.kind is PieceKind.KING for _, piece in game.pieces())


def _mover(white_score: int, side: Color) -> int:
    return white_score if side is Color.WHITE else -white_score


def opening_moves(game: Game) -> int:
    """How many moves of each side the coach counts as the opening: more on a bigger board
    (10 on 8×8, 12 on 10×10)."""
    return game.geometry.columns + 2


__all__ = ["COMBINATION", "DECIDED", "WON", "Coach", "Comment", "Detect", "Kind", "MAN",
           "PRINCIPLE_COST", "Principle", "broken_principles", "coached", "line_gain",
           "line_pieces", "opening_moves", "technique_notice", "winning_line"]
