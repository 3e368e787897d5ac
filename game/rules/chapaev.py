"""Chapaev match rules: whose shot it is, rounds, lines, the end of the game. Pure: no physics.

The caller (the scene, or the computer player's planner) runs each shot on the physical table
and hands the match a :class:`ShotReport`: who shot, which pieces fell in which order, and
whether the striking piece stayed on the board. The match answers with a :class:`ShotVerdict`
(shoot again, turn passes, round over, match over) and, after a round, sets up the next one.

Pieces are ``(Color, index)`` pairs, the index counting the side's pieces of the round from
column a to column h (0..7 with a full line). Lines are board rows 1..8: White's home row is 1,
Black's is 8. Columns in placements are 0..7 (a..h).

Where the spec (``shared/specs/chapaev.md``) is silent, these rules decide:

- A side with fewer than 8 pieces (prisoners mode) stands on the middle squares of its line;
  when an odd number of squares stays empty, the extra empty square is at that player's
  right-hand end (White: column h; Black, facing the other way: column a).
- With "last fallen wins", the round goes to the side of the piece that fell last in the shot
  that cleared both sides, whoever shot it.
- In prisoners mode the side that gives up a piece also loses the round as usual: the next
  round's first shot goes to the round's winner, the lines stay where they were.
- "All own pieces stay" grants the extra shot only when the shot knocked off at least one
  opponent piece and none of the shooter's own pieces fell (the striker included).
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from game.rules.core import Color, GameOverError, IllegalMoveError, RulesError

PieceId = tuple[Color, int]
BOARD_ROWS = 8
FULL_LINE = 8


def home_row(color: Color) -> int:
    """A side's own last line: row 1 for White, row 8 for Black."""
    return 1 if color is Color.WHITE else BOARD_ROWS


def forward(color: Color) -> int:
    """The row step toward the opponent: +1 for White, -1 for Black."""
    return 1 if color is Color.WHITE else -1


class ExtraShot(enum.Enum):
    """When a shooter who knocked off an opponent piece shoots again."""

    STRIKER_STAYS = "striker_stays"  # the striking piece is still on the board (classic)
    ALL_OWN_STAY = "all_own_stay"  # none of the shooter's own pieces fell
    NEVER = "never"  # strict alternation («бьют строго по очереди»)


class BothCleared(enum.Enum):
    """What a shot that clears both sides at once does to the round."""

    DRAW = "draw"  # nobody moves line
    LAST_FALLEN_WINS = "last_fallen_wins"  # the side whose piece fell last wins the round


class BoardView(enum.Enum):
    """How the scene turns the board (a scene option kept with the others)."""

    FIXED = "fixed"  # White at the bottom («земля не вертится»)
    TURN_TO_SHOOTER = "turn_to_shooter"  # the shooter's side at the bottom («земля вертится»)


@dataclass(frozen=True, slots=True)
class ChapaevOptions:
    """The rule options chosen before the game; the defaults are the classic game."""

    extra_shot: ExtraShot = ExtraShot.STRIKER_STAYS
    both_cleared: BothCleared = BothCleared.DRAW
    prisoners: bool = False  # «в плен»
    board_view: BoardView = BoardView.FIXED


@dataclass(frozen=True, slots=True)
class Lines:
    """The rows both sides stand on (1..8)."""

    white: int = 1
    black: int = BOARD_ROWS

    def __post_init__(self) -> None:
        if not 1 <= self.white < self.black <= BOARD_ROWS:
            raise RulesError(f"impossible lines: White on {self.white}, Black on {self.black}")

    def of(self, color: Color) -> int:
        return self.white if color is Color.WHITE else self.black

    @property
    def adjacent(self) -> bool:
        """The two lines stand face to face: the next winner pushes the loser back."""
        return self.black - self.white == 1

    @property
    def gap(self) -> int:
        """Empty rows between the lines."""
        return self.black - self.white - 1

    def moved(self, color: Color, rows: int) -> Lines:
        """``color``'s line moved ``rows`` toward the opponent (negative: back)."""
        if color is Color.WHITE:
            return Lines(self.white + rows, self.black)
        return Lines(self.white, self.black - rows)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a piece starts a round: ``column`` 0..7 (a..h), ``row`` 1..8."""

    piece: PieceId
    column: int
    row: int

    @property
    def square(self) -> str:
        return f"{'abcdefgh'[self.column]}{self.row}"


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """The start of a round: the lines, who shoots first, every piece's square."""

    round_number: int
    lines: Lines
    first: Color
    placements: tuple[Placement, ...]

    def squares(self) -> dict[PieceId, tuple[int, int]]:
        """``piece -> (column, row)``, the form ``physics.Table.set_up`` takes."""
        return {p.piece: (p.column, p.row) for p in self.placements}

    def pieces_of(self, color: Color) -> tuple[Placement, ...]:
        return tuple(p for p in self.placements if p.piece[0] is color)


@dataclass(frozen=True, slots=True)
class ShotReport:
    """What a shot did, as the table saw it: the side that shot, the pieces that fell in the
    order they fell, and whether the striking piece is still on the board."""

    striker_color: Color
    fell: tuple[PieceId, ...] = ()
    striker_stayed: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "fell", tuple((c, int(i)) for c, i in self.fell))

    @classmethod
    def of_shot(cls, striker: PieceId, fell: Iterable[PieceId]) -> ShotReport:
        """A report from the striking piece and the fallen ones (the striker stayed unless
        it is among them), e.g. from a ``physics.ShotResult``."""
        fell = tuple(fell)
        return cls(striker[0], fell, striker not in fell)


class Next(enum.Enum):
    """What follows a shot."""

    SHOOT_AGAIN = "shoot_again"  # the same player shoots again
    TURN_PASSES = "turn_passes"
    ROUND_OVER = "round_over"  # the next round is set up; see the verdict's round result
    MATCH_OVER = "match_over"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended and what it did to the lines."""

    round_number: int
    winner: Color | None  # None: a draw
    first: Color  # who shot first in the round
    shots: int
    lines_before: Lines
    lines_after: Lines
    by_last_fallen: bool = False  # both sides cleared, decided by the last piece to fall
    prisoner_from: Color | None = None  # prisoners mode: the side that gave up a piece
    match_winner: Color | None = None  # set when this round ended the match

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, slots=True)
class ShotVerdict:
    """The match's answer to a shot."""

    next: Next
    shooter: Color | None  # who shoots next (None once the match is over)
    round_result: RoundResult | None = None  # set when the shot ended the round
    opponent_fell: int = 0
    own_fell: int = 0


@dataclass(slots=True)
class _State:
    lines: Lines = field(default_factory=Lines)
    round_number: int = 1
    first: Color = Color.WHITE
    turn: Color = Color.WHITE
    counts: dict[Color, int] = field(
        default_factory=lambda: {Color.WHITE: FULL_LINE, Color.BLACK: FULL_LINE})
    on_board: dict[Color, set[int]] = field(default_factory=dict)
    shots: int = 0
    winner: Color | None = None
    resigned: bool = False
    rounds: list[RoundResult] = field(default_factory=list)
    reports: list[ShotReport] = field(default_factory=list)


class ChapaevMatch:
    """A Chapaev match in progress: rounds of flicking until one side is pushed off its last
    line. Feed it every shot with :meth:`record_shot`."""

    name: ClassVar[str] = "chapaev"
    title: ClassVar[str] = "Chapaev"

    def __init__(self, options: ChapaevOptions | None = None) -> None:
        self.options = options if options is not None else ChapaevOptions()
        self._s = _State()
        self._refill()

    def copy(self) -> ChapaevMatch:
        other = ChapaevMatch(self.options)
        s = self._s
        other._s = _State(
            lines=s.lines, round_number=s.round_number, first=s.first, turn=s.turn,
            counts=dict(s.counts), on_board={c: set(v) for c, v in s.on_board.items()},
            shots=s.shots, winner=s.winner, resigned=s.resigned, rounds=list(s.rounds),
            reports=list(s.reports))
        return other

    # --- reading ---------------------------------------------------------------------------
    @property
    def turn(self) -> Color:
        """Who shoots now (the last shooter once the match is over)."""
        return self._s.turn

    @property
    def round_number(self) -> int:
        return self._s.round_number

    @property
    def lines(self) -> Lines:
        return self._s.lines

    @property
    def first_shooter(self) -> Color:
        """Who shot (or shoots) first in the current round."""
        return self._s.first

    @property
    def shots_in_round(self) -> int:
        return self._s.shots

    def piece_count(self, color: Color) -> int:
        """How many pieces the side sets up each round (fewer than 8 only with prisoners)."""
        return self._s.counts[color]

    def on_board(self, color: Color) -> frozenset[int]:
        """Indices of the side's pieces still on the board this round."""
        return frozenset(self._s.on_board[color])

    def pieces_on_board(self) -> tuple[PieceId, ...]:
        return tuple((c, i) for c in (Color.WHITE, Color.BLACK)
                     for i in sorted(self._s.on_board[c]))

    @property
    def reports(self) -> tuple[ShotReport, ...]:
        """Every shot's report so far (pieces set by hand included), oldest first."""
        return tuple(self._s.reports)

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """Every finished round, oldest first."""
        return tuple(self._s.rounds)

    @property
    def round_result(self) -> RoundResult | None:
        """The last finished round, if any."""
        return self._s.rounds[-1] if self._s.rounds else None

    @property
    def winner(self) -> Color | None:
        return self._s.winner

    @property
    def is_over(self) -> bool:
        return self._s.winner is not None

    @property
    def resigned(self) -> bool:
        return self._s.resigned

    @property
    def view_color(self) -> Color:
        """The side the scene shows at the bottom of the screen."""
        if self.options.board_view is BoardView.TURN_TO_SHOOTER:
            return self._s.turn
        return Color.WHITE

    def setup(self) -> RoundSetup:
        """Where every piece starts the current round."""
        s = self._s
        placements: list[Placement] = []
        for color in (Color.WHITE, Color.BLACK):
            row = s.lines.of(color)
            placements.extend(Placement((color, i), column, row)
                              for i, column in enumerate(line_columns(color, s.counts[color])))
        return RoundSetup(s.round_number, s.lines, s.first, tuple(placements))

    # --- playing ---------------------------------------------------------------------------
    def record_shot(self, report: ShotReport) -> ShotVerdict:
        """Apply a shot's result; what happens next."""
        s = self._s
        if s.winner is not None:
            raise GameOverError("the match is over")
        shooter = report.striker_color
        if shooter is not s.turn:
            raise IllegalMoveError(f"it is {s.turn.name.lower()}'s shot, "
                                   f"not {shooter.name.lower()}'s")
        if not s.on_board[shooter]:
            raise IllegalMoveError("the shooter has no piece on the board")
        seen: set[PieceId] = set()
        for piece in report.fell:
            color, index = piece
            if piece in seen or index not in s.on_board[color]:
                raise IllegalMoveError(f"{color.name.lower()} piece {index} is not on the board")
            seen.add(piece)
        own_fell = sum(1 for c, _ in report.fell if c is shooter)
        if report.striker_stayed and own_fell == len(s.on_board[shooter]):
            raise IllegalMoveError("the striker cannot stay when all its side's pieces fell")
        opponent_fell = len(report.fell) - own_fell

        for color, index in report.fell:
            s.on_board[color].discard(index)
        s.shots += 1
        s.reports.append(report)

        white_left = bool(s.on_board[Color.WHITE])
        black_left = bool(s.on_board[Color.BLACK])
        if not (white_left and black_left):
            by_last = False
            if white_left:
                winner: Color | None = Color.WHITE
            elif black_left:
                winner = Color.BLACK
            elif self.options.both_cleared is BothCleared.LAST_FALLEN_WINS:
                winner, by_last = report.fell[-1][0], True
            else:
                winner = None
            result = self._end_round(winner, by_last)
            if result.match_winner is not None:
                return ShotVerdict(Next.MATCH_OVER, None, result, opponent_fell, own_fell)
            return ShotVerdict(Next.ROUND_OVER, s.turn, result, opponent_fell, own_fell)

        if self._earns_extra_shot(report, opponent_fell, own_fell):
            return ShotVerdict(Next.SHOOT_AGAIN, shooter, None, opponent_fell, own_fell)
        s.turn = shooter.other
        return ShotVerdict(Next.TURN_PASSES, s.turn, None, opponent_fell, own_fell)

    def resign(self, color: Color) -> None:
        """``color`` gives up the match."""
        if self._s.winner is not None:
            raise GameOverError("the match is over")
        self._s.winner = color.other
        self._s.resigned = True

    # --- hooks -----------------------------------------------------------------------------
    def _earns_extra_shot(self, report: ShotReport, opponent_fell: int, own_fell: int) -> bool:
        rule = self.options.extra_shot
        if rule is ExtraShot.NEVER or opponent_fell == 0 or not report.striker_stayed:
            return False
        if rule is ExtraShot.ALL_OWN_STAY:
            return own_fell == 0
        return True

    def _end_round(self, winner: Color | None, by_last_fallen: bool) -> RoundResult:
        s = self._s
        before = s.lines
        prisoner_from: Color | None = None
        match_winner: Color | None = None
        if winner is None:
            next_first = s.first.other
        else:
            next_first = winner
            loser = winner.other
            if not before.adjacent:
                s.lines = before.moved(winner, 1)
            elif before.of(loser) == home_row(loser):
                # the loser has nowhere to retreat: pushed off the board
                if self.options.prisoners and s.counts[loser] > 1:
                    s.counts[loser] -= 1
                    prisoner_from = loser
                else:
                    match_winner = winner
            else:
                step = forward(winner)  # both lines move toward the loser's home
                s.lines = Lines(before.white + step, before.black + step)
        result = RoundResult(s.round_number, winner, s.first, s.shots, before, s.lines,
                             by_last_fallen, prisoner_from, match_winner)
        s.rounds.append(result)
        if match_winner is not None:
            s.winner = match_winner
            return result
        s.round_number += 1
        s.first = s.turn = next_first
        s.shots = 0
        self._refill()
        return result

    def _refill(self) -> None:
        s = self._s
        s.on_board = {c: set(range(s.counts[c])) for c in (Color.WHITE, Color.BLACK)}


def line_columns(color: Color, count: int) -> tuple[int, ...]:
    """The columns (0..7, a..h) a side's ``count`` pieces stand on: the middle of the line,
    an odd empty square going to the player's right-hand end."""
    if not 0 <= count <= FULL_LINE:
        raise RulesError(f"a side has 0..8 pieces, not {count}")
    empty = FULL_LINE - count
    left, right = empty // 2, empty - empty // 2  # as the player sees them
    start = left if color is Color.WHITE else right  # Black's left is column h
    return tuple(range(start, start + count))
