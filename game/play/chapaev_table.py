"""What a Chapaev match keeps of its table: a shot as it was played (:class:`ShotRecord`), a
shot played again (:class:`ShotReplay`), a side's shooting (:class:`SideStats`), the table a
round starts on (:func:`table_for`), a flick's one exact direction (:func:`shot_direction`)
and what a seat is shown when its turn comes (:class:`ChapaevPosition`).

Values only, apart from the match in play (:mod:`game.play.chapaev_play`), so that the seats
(:mod:`game.play.seats`), the computer and the network seat can name a position without
importing the play object that holds the seats. Pure: physics and rules, no pygame.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.play.chapaev_kinds import TABLE_SIDES, table_troops
from game.rules.chapaev import ChapaevMatch, Next, RoundSetup
from game.rules.core import Color
from physics import DEFAULT_CONFIG, Action, DiscId, Press, Shot, ShotTrace, Table, \
    TableConfig, TableError, TableState, square_centre


@dataclass(frozen=True, slots=True)
class ShotRecord:
    """One shot (or press) of the match as it was played, the table it started from and the
    table it left."""

    round_number: int
    shot: Action
    fallen: tuple[DiscId, ...]
    after: TableState
    next: Next
    before: TableState | None = None  # None only for records too old to have kept it
    rocked: bool = False

    @property
    def shooter(self) -> Color:
        side: Color = self.shot.disc[0]
        return side

    @property
    def is_press(self) -> bool:
        return isinstance(self.shot, Press)


@dataclass(frozen=True, slots=True)
class ShotReplay:
    """A shot of the match simulated again from where it started: every piece's path over
    time (:class:`~physics.ShotTrace`), and whether it ended exactly as it did in the match
    (it always should: the table is deterministic)."""

    record: ShotRecord
    trace: ShotTrace
    same: bool

    @classmethod
    def of(cls, record: ShotRecord, config: TableConfig = DEFAULT_CONFIG) -> ShotReplay:
        """``record`` simulated again from the table it started on: the path of every piece
        over time, for a slow replay, and whether it ended on exactly the table the match
        went on from."""
        if record.before is None:
            raise ValueError("this shot was saved without the table it started from")
        trace = Table(config, sides=TABLE_SIDES).trace(record.shot, record.before)
        same = trace.end == record.after and trace.result.fallen == record.fallen
        return cls(record, trace, same)


@dataclass(frozen=True, slots=True)
class SideStats:
    """One side's shooting over a match: for the end of the match."""

    shots: int = 0  # flicks and presses
    hits: int = 0  # shots that knocked off at least one enemy piece
    knocked_off: int = 0  # enemy pieces knocked off
    own_lost: int = 0  # own pieces lost in its own shots
    strikers_lost: int = 0  # shots whose striker fell
    presses: int = 0
    rocks: int = 0  # presses that rocked the board

    @property
    def misses(self) -> int:
        """Shots that knocked off no enemy piece."""
        return self.shots - self.hits

    @property
    def hit_share(self) -> float:
        return self.hits / self.shots if self.shots else 0.0

    @classmethod
    def of(cls, shots: Sequence[ShotRecord], rounds: range | None = None
           ) -> dict[Color, SideStats]:
        """Each side's shooting in ``shots`` (those of ``rounds``, a range of round numbers,
        if given)."""
        out: dict[Color, SideStats] = {}
        for color in (Color.WHITE, Color.BLACK):
            mine = [r for r in shots if r.shooter is color
                    and (rounds is None or r.round_number in rounds)]
            hits = knocked = own = strikers = presses = rocks = 0
            for r in mine:
                theirs = sum(1 for d in r.fallen if d[0] is not color)
                hits += theirs > 0
                knocked += theirs
                own += len(r.fallen) - theirs
                strikers += r.shot.disc in r.fallen
                presses += r.is_press
                rocks += r.rocked
            out[color] = cls(len(mine), hits, knocked, own, strikers, presses, rocks)
        return out


def table_for(setup: RoundSetup, config: TableConfig = DEFAULT_CONFIG) -> Table:
    """The table a round starts on: every piece on its square (on the swamp for the side
    standing there), each side's troops, and in the bayonet fight the attackers lying partly
    over the pieces on the swamp."""
    table = Table(config, troops=table_troops(setup.troops), swamp=setup.swamp,
                  sides=TABLE_SIDES)
    for place in setup.placements:
        if place.over is None:
            table.place(place.piece, *square_centre(place.column, place.row))
    for place in setup.placements:
        if place.over is not None:
            table.place_over(place.piece, place.over)
    return table


def shot_direction(direction: tuple[float, float]) -> tuple[float, float]:
    """A flick's direction in its one exact form: scaled so that its longer side is exactly
    1 (the other within [-1, 1]). The form of a form is itself, bit for bit (the longer side
    is divided by itself, then by 1.0), so the direction a window pulled, the one the table
    here simulates, the one the message carries and the one the other computer simulates
    are one and the same numbers. (A pull is squares long: clamping each side to [-1, 1]
    turned it; normalising it again on the other side could move its last bit, and a shot
    of many knocks parts on a last bit.) TableError for no direction (zero or not finite)."""
    dx, dy = float(direction[0]), float(direction[1])
    longer = max(abs(dx), abs(dy))
    if not (math.isfinite(longer) and longer > 0.0):
        raise TableError(f"a shot needs a direction, not {direction!r}")
    if abs(dx) >= abs(dy):
        return (math.copysign(1.0, dx), dy / longer)
    return (dx / longer, math.copysign(1.0, dy))


def kept_aim(aim: tuple[float, float, float] | None) -> tuple[float, float, float] | None:
    """The pull a hand meant, as kept: a finite direction and a strength in [0, 1], or
    nothing (it is told, never simulated)."""
    if aim is None:
        return None
    try:
        dx, dy, strength = (float(v) for v in aim)
    except (TypeError, ValueError):
        return None
    if not all(math.isfinite(v) for v in (dx, dy, strength)) or (dx, dy) == (0.0, 0.0):
        return None
    return (*shot_direction((dx, dy)), max(0.0, min(1.0, strength)))


@dataclass(frozen=True, slots=True)
class ChapaevPosition:
    """What a seat is shown when its turn comes: the table at rest and the match."""

    state: TableState
    match: ChapaevMatch
    config: TableConfig

    @property
    def shooter(self) -> Color:
        return self.match.turn

    @property
    def discs(self) -> tuple[DiscId, ...]:
        return tuple(d for d, *_ in self.state.discs)

    def table(self) -> Table:
        """A table of its own to try shots on."""
        return Table.from_state(self.state, self.config, record_knocks=False)


def kept_of(match: ChapaevMatch, config: TableConfig, shots: Sequence[ShotRecord],
            now: TableState | None) -> tuple[object, ...]:
    """What a saved match keeps of a match on ``config``'s table, its ``shots`` played and
    the table ``now`` (None: not at rest): not its seats, nor the pull a hand meant. Two
    copies of a match that agree on it are one match."""
    return (match.options, config, match.reports, match.resigned, match.winner, match.is_over,
            match.pie_swapped, tuple(_kept_shot(r) for r in shots),
            None if now is None else (now.discs, now.stacks))


def _kept_shot(record: ShotRecord) -> tuple[object, ...]:
    """What a saved match keeps of a shot: the shot as played, what fell, and the tables
    before and after it as their pieces and the pieces lying over others."""
    shot = replace(record.shot, aim=None) if isinstance(record.shot, Shot) else record.shot
    before = None if record.before is None else (record.before.discs, record.before.stacks)
    return (record.round_number, shot, record.fallen, record.next, record.after.discs,
            record.after.stacks, record.rocked, before)
