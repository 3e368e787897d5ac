"""Chapaev match rules: whose shot it is, rounds, lines, the end of the game. Pure: no physics.

The caller (the scene, or the computer player's planner) runs each shot on the physical table
and hands the match a :class:`ShotReport`: who shot, which pieces fell in which order, and
whether the striking piece stayed on the board. The match answers with a :class:`ShotVerdict`
(shoot again, turn passes, round over, match over) and, after a round, sets up the next one.

Pieces are ``(Color, index)`` pairs, the index counting the side's pieces of the round from
column a to column h (0..7 with a full line). Lines are board rows 1..8: White's home row is 1,
Black's is 8. Columns in placements are 0..7 (a..h).

Where the traditional rules (``docs/rules/chapaev.md``) are silent, these rules decide:

- A side with fewer than 8 pieces (prisoners mode) stands on the middle squares of its line;
  when an odd number of squares stays empty, the extra empty square is at that player's
  right-hand end (White: column h; Black, facing the other way: column a).
- With "last fallen wins", the round goes to the side of the piece that fell last in the shot
  that cleared both sides, whoever shot it.
- In prisoners mode the side that gives up a piece also loses the round as usual: the next
  round's first shot goes to the round's winner, the lines stay where they were.
- "All own pieces stay" grants the extra shot only when the shot knocked off at least one
  opponent piece and none of the shooter's own pieces fell (the striker included).

The variants of the rules text (see ``docs/rules/chapaev.md``), as options:

- Troops («рода войск», :class:`Campaign`): a *battle* is what the classic game calls the whole
  match; a side pushed off its last line loses the battle, and a new battle starts from the
  home lines with full lines. Either the loser of a battle moves on to its next kind of troops
  and a side that loses with its last kind loses the game, or the winner moves on and a side
  that wins with its last kind wins the game. Both sides start with the first kind of
  ``troops``. In both orders the game goes to the first side to win as many battles as there
  are kinds; what differs is who changes troops. The first shot of a new battle goes to the
  winner of the last round, as after any round.
- The swamp and the bayonet fight («болото», «штыковая на болоте», the wide board): a side
  that would be pushed off its last line retreats onto its swamp instead (line 0 for White,
  9 for Black: the rim behind the board), and the winner moves onto the loser's home line.
  If it loses the swamp round too, the next round is the bayonet fight on the same lines:
  the attackers' pieces lie partly over the defenders' (each over the one in its column),
  a piece lying over or under an enemy piece is pressed rather than flicked (the table's
  business), and a press that rocks the board (:attr:`ShotReport.rocked`) passes the turn to
  the other side whatever fell. Losing the bayonet fight is being pushed off (the battle, or
  with prisoners a piece); a swamp side that wins a round pushes back as usual, and a drawn
  round keeps the lines (and the bayonet).
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from game.rules.core import Color, GameOverError, IllegalMoveError, RulesError

PieceId = tuple[Color, int]
SIDES: tuple[Color, Color] = (Color.WHITE, Color.BLACK)
"""The two sides of the table, the near one first (White's pieces start on row 1)."""
BOARD_ROWS = 8
FULL_LINE = 8


def home_row(color: Color) -> int:
    """A side's own last line: row 1 for White, row 8 for Black."""
    return 1 if color is Color.WHITE else BOARD_ROWS


def swamp_row(color: Color) -> int:
    """The line of a side's swamp, behind its last line: 0 for White, 9 for Black."""
    return 0 if color is Color.WHITE else BOARD_ROWS + 1


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


class Troop(enum.Enum):
    """A kind of troops («род войск»): what a side's pieces are in a campaign. The names are
    the rules text's; how each kind feels on the table is the physics' business
    (``physics.troops``). Listed in the order a campaign brings them in by default."""

    INFANTRY = "infantry"  # «пехота»: the plain draughts piece
    TANKS = "tanks"  # «танки»: two pieces stacked
    HEAVY_TANKS = "heavy_tanks"  # «тяжёлые танки»: three pieces stacked
    ARTILLERY = "artillery"  # «артиллерия»
    MOTORCYCLISTS = "motorcyclists"  # «мотоциклисты»
    CAVALRY = "cavalry"  # «конница»
    SAILORS = "sailors"  # «матросы»


ALL_TROOPS: tuple[Troop, ...] = tuple(Troop)


class Campaign(enum.Enum):
    """Whether the game is one battle or a campaign of kinds of troops, and in which order."""

    OFF = "off"  # the classic match: one battle
    LOSER_CHANGES = "loser_changes"  # lose a battle: your next kind; lose all kinds: the game
    WINNER_CHANGES = "winner_changes"  # win a battle: your next kind; win with all: the game


class BoardView(enum.Enum):
    """How the scene turns the board (a scene option kept with the others)."""

    FIXED = "fixed"  # «земля не вертится»: White at the bottom (or the one person's side)
    TURN_TO_SHOOTER = "turn_to_shooter"  # the shooter's side at the bottom («земля вертится»)


@dataclass(frozen=True, slots=True)
class ChapaevOptions:
    """The rule options chosen before the game; the defaults are the classic game."""

    extra_shot: ExtraShot = ExtraShot.STRIKER_STAYS
    both_cleared: BothCleared = BothCleared.DRAW
    prisoners: bool = False  # «в плен»
    board_view: BoardView = BoardView.FIXED
    campaign: Campaign = Campaign.OFF  # «рода войск»
    troops: tuple[Troop, ...] = ALL_TROOPS  # the kinds a campaign goes through, in order
    swamp: bool = False  # the wide board: «болото» and «штыковая на болоте»
    #: the pie rule: once White's first turn is over, Black may take White's side (the
    #: players swap sides; the rules of the match go on as they are)
    pie_rule: bool = False

    def __post_init__(self) -> None:
        troops = tuple(self.troops)
        if not troops or len(set(troops)) != len(troops) or \
                not all(isinstance(t, Troop) for t in troops):
            raise RulesError("a campaign needs one or more different kinds of troops")
        object.__setattr__(self, "troops", troops)

    @property
    def battles_to_win(self) -> int:
        """Battles a side must win to win the game (one without a campaign)."""
        return 1 if self.campaign is Campaign.OFF else len(self.troops)


@dataclass(frozen=True, slots=True)
class Lines:
    """The rows both sides stand on (1..8; 0 and 9 are White's and Black's swamps)."""

    white: int = 1
    black: int = BOARD_ROWS

    def __post_init__(self) -> None:
        # a side is on its swamp only face to face with the other (it was pushed there)
        if not 0 <= self.white < self.black <= BOARD_ROWS + 1 or \
                (self.white == 0 or self.black == BOARD_ROWS + 1) and \
                self.black - self.white != 1:
            raise RulesError(f"impossible lines: White on {self.white}, Black on {self.black}")

    def of(self, color: Color) -> int:
        return self.white if color is Color.WHITE else self.black

    @property
    def adjacent(self) -> bool:
        """The two lines stand face to face: the next winner pushes the loser back."""
        return self.black - self.white == 1

    def on_swamp(self) -> Color | None:
        """The side standing on its swamp, if any."""
        if self.white == swamp_row(Color.WHITE):
            return Color.WHITE
        if self.black == swamp_row(Color.BLACK):
            return Color.BLACK
        return None

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
    """Where a piece starts a round: ``column`` 0..7 (a..h), ``row`` 1..8 (0 or 9: on the
    swamp). ``over``: in the bayonet fight, the enemy piece on the swamp this one lies partly
    over (in the same column: its line's square reaches out over the rim)."""

    piece: PieceId
    column: int
    row: int
    over: PieceId | None = None

    @property
    def square(self) -> str:
        return f"{'abcdefgh'[self.column]}{self.row}"


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """The start of a round: the lines, who shoots first, every piece's square, each side's
    kind of troops, the side on its swamp and whether it is the bayonet fight."""

    round_number: int
    lines: Lines
    first: Color
    placements: tuple[Placement, ...]
    troops: tuple[Troop, Troop] = (Troop.INFANTRY, Troop.INFANTRY)  # White's, Black's
    swamp: Color | None = None  # the side standing on its swamp (the rim is its table)
    bayonet: bool = False
    battle: int = 1

    def squares(self) -> dict[PieceId, tuple[int, int]]:
        """``piece -> (column, row)``, the form ``physics.Table.set_up`` takes (a piece lying
        over another: the square of the piece below)."""
        return {p.piece: (p.column, p.row) for p in self.placements}

    def troop(self, color: Color) -> Troop:
        return self.troops[0 if color is Color.WHITE else 1]

    def pieces_of(self, color: Color) -> tuple[Placement, ...]:
        return tuple(p for p in self.placements if p.piece[0] is color)


@dataclass(frozen=True, slots=True)
class ShotReport:
    """What a shot did, as the table saw it: the side that shot, the pieces that fell in the
    order they fell, and whether the striking piece is still on the board."""

    striker_color: Color
    fell: tuple[PieceId, ...] = ()
    striker_stayed: bool = True
    rocked: bool = False  # a press too hard rocked the board: the turn passes

    def __post_init__(self) -> None:
        object.__setattr__(self, "fell", tuple((c, int(i)) for c, i in self.fell))

    @classmethod
    def of_shot(cls, striker: PieceId, fell: Iterable[PieceId], *,
                rocked: bool = False) -> ShotReport:
        """A report from the striking (or pressed) piece and the fallen ones (the striker
        stayed unless it is among them), e.g. from a ``physics.ShotResult``."""
        fell = tuple(fell)
        return cls(striker[0], fell, striker not in fell, rocked)


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
    to_swamp: Color | None = None  # the side that retreated onto its swamp
    bayonet_next: bool = False  # the next round is the bayonet fight
    battle: int = 1  # the battle the round belonged to
    battle_winner: Color | None = None  # set when this round ended a battle
    new_troop: tuple[Color, Troop] | None = None  # the side that moves on, and to what

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


@dataclass(frozen=True, slots=True)
class BattleResult:
    """A battle of a campaign (the whole classic match): who won it, with which troops."""

    number: int
    winner: Color
    troops: tuple[Troop, Troop]  # White's and Black's in the battle
    rounds: int


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
    army: dict[Color, int] = field(  # each side's kind of troops: an index into troops
        default_factory=lambda: {Color.WHITE: 0, Color.BLACK: 0})
    battle: int = 1
    battle_rounds: int = 0  # rounds played in this battle
    battles: list[BattleResult] = field(default_factory=list)
    bayonet: bool = False
    pie: bool | None = None  # the pie rule's answer: sides swapped or kept; None: not yet


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
            reports=list(s.reports), army=dict(s.army), battle=s.battle,
            battle_rounds=s.battle_rounds, battles=list(s.battles), bayonet=s.bayonet,
            pie=s.pie)
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

    # --- the campaign, the swamp and the bayonet ---------------------------------------------
    def troop(self, color: Color) -> Troop:
        """``color``'s kind of troops now (after a campaign is decided: its last one)."""
        troops = self.options.troops
        return troops[min(self._s.army[color], len(troops) - 1)]

    def troops_left(self, color: Color) -> tuple[Troop, ...]:
        """The kinds ``color`` has still to play, the one in play first."""
        return self.options.troops[self._s.army[color]:]

    @property
    def battle_number(self) -> int:
        """The battle in play (1 without a campaign)."""
        return self._s.battle

    @property
    def battles(self) -> tuple[BattleResult, ...]:
        """Every finished battle, oldest first."""
        return tuple(self._s.battles)

    def battles_won(self, color: Color) -> int:
        return sum(1 for b in self._s.battles if b.winner is color)

    @property
    def swamp_side(self) -> Color | None:
        """The side standing on its swamp (its rim is part of its table), if any."""
        return self._s.lines.on_swamp()

    @property
    def bayonet(self) -> bool:
        """The round in play is the bayonet fight."""
        return self._s.bayonet

    @property
    def view_color(self) -> Color:
        """The side the scene shows at the bottom of the screen."""
        if self.options.board_view is BoardView.TURN_TO_SHOOTER:
            return self._s.turn
        return Color.WHITE

    def setup(self) -> RoundSetup:
        """Where every piece starts the current round."""
        s = self._s
        defender = s.lines.on_swamp() if s.bayonet else None
        below: dict[int, PieceId] = {}  # the defender's piece in each column
        if defender is not None:
            below = {column: (defender, i) for i, column in
                     enumerate(line_columns(defender, s.counts[defender]))}
        placements: list[Placement] = []
        for color in (Color.WHITE, Color.BLACK):
            row = s.lines.of(color)
            for i, column in enumerate(line_columns(color, s.counts[color])):
                over = below.get(column) if color is not defender else None
                placements.append(Placement((color, i), column, row, over))
        return RoundSetup(s.round_number, s.lines, s.first, tuple(placements),
                          (self.troop(Color.WHITE), self.troop(Color.BLACK)),
                          s.lines.on_swamp(), s.bayonet, s.battle)

    # --- the pie rule --------------------------------------------------------------------------
    @property
    def pie_pending(self) -> bool:
        """The pie rule waits for Black's answer: White's first turn of the match is over
        (the turn has passed to Black in the first round) and no answer was given. No shot
        is taken until :meth:`decide_pie`."""
        s = self._s
        return (self.options.pie_rule and s.pie is None and s.winner is None
                and s.round_number == 1 and s.turn is Color.BLACK and bool(s.reports))

    @property
    def pie_swapped(self) -> bool | None:
        """Whether Black took White's side (None: not answered, or no pie rule)."""
        return self._s.pie

    def decide_pie(self, swap: bool) -> None:
        """Black's answer to the pie rule: take White's side (``swap``) or keep its own.
        The match only keeps the answer (whose seat owns which side is the players'
        business); RulesError when no answer is asked for."""
        if not self.pie_pending:
            raise IllegalMoveError("the pie rule asks nothing now")
        self._s.pie = bool(swap)

    # --- playing ---------------------------------------------------------------------------
    def record_shot(self, report: ShotReport) -> ShotVerdict:
        """Apply a shot's result; what happens next."""
        s = self._s
        if s.winner is not None:
            raise GameOverError("the match is over")
        shooter = report.striker_color
        if self.pie_pending:
            raise IllegalMoveError("black has to answer the pie rule first")
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
        if rule is ExtraShot.NEVER or opponent_fell == 0 or not report.striker_stayed \
                or report.rocked:
            return False
        if rule is ExtraShot.ALL_OWN_STAY:
            return own_fell == 0
        return True

    def _end_round(self, winner: Color | None, by_last_fallen: bool) -> RoundResult:
        s = self._s
        before = s.lines
        battle = s.battle
        prisoner_from: Color | None = None
        match_winner: Color | None = None
        battle_winner: Color | None = None
        new_troop: tuple[Color, Troop] | None = None
        to_swamp: Color | None = None
        s.battle_rounds += 1
        if winner is None:
            next_first = s.first.other  # a draw: the lines (and a bayonet fight) stay
        else:
            next_first = winner
            loser = winner.other
            if not before.adjacent:
                s.lines = before.moved(winner, 1)
            elif before.of(loser) == home_row(loser) and self.options.swamp:
                # the wide board: off the last line onto the swamp behind it
                step = forward(winner)
                s.lines = Lines(before.white + step, before.black + step)
                to_swamp = loser
            elif before.of(loser) == swamp_row(loser) and not s.bayonet:
                s.bayonet = True  # lost on the swamp too: «штыковая на болоте»
            elif before.of(loser) in (home_row(loser), swamp_row(loser)):
                # the loser has nowhere to retreat: pushed off the board
                if self.options.prisoners and s.counts[loser] > 1:
                    s.counts[loser] -= 1
                    prisoner_from = loser
                else:
                    battle_winner = winner
                    new_troop, match_winner = self._end_battle(winner)
            else:
                step = forward(winner)  # both lines move toward the loser's home
                s.lines = Lines(before.white + step, before.black + step)
                s.bayonet = False
        result = RoundResult(s.round_number, winner, s.first, s.shots, before, s.lines,
                             by_last_fallen, prisoner_from, match_winner, to_swamp,
                             s.bayonet and match_winner is None and battle_winner is None,
                             battle, battle_winner, new_troop)
        s.rounds.append(result)
        if match_winner is not None:
            s.winner = match_winner
            return result
        s.round_number += 1
        s.first = s.turn = next_first
        s.shots = 0
        self._refill()
        return result

    def _end_battle(self, winner: Color) -> tuple[tuple[Color, Troop] | None, Color | None]:
        """``winner`` has pushed the other side off: the battle is over. The side that moves
        on to its next kind of troops and the kind (if any), and the game's winner (if it is
        decided). A new battle starts from the home lines with full lines."""
        s = self._s
        troops = self.options.troops
        s.battles.append(BattleResult(s.battle, winner, (self.troop(Color.WHITE),
                                                         self.troop(Color.BLACK)),
                                      s.battle_rounds))
        campaign = self.options.campaign
        if campaign is Campaign.OFF:
            return None, winner
        changes = winner.other if campaign is Campaign.LOSER_CHANGES else winner
        s.army[changes] += 1
        if s.army[changes] >= len(troops):
            return None, winner  # all kinds lost (or all won with): the game is decided
        s.battle += 1
        s.battle_rounds = 0
        s.lines = Lines()
        s.counts = {Color.WHITE: FULL_LINE, Color.BLACK: FULL_LINE}
        s.bayonet = False
        return (changes, troops[s.army[changes]]), None

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
