"""The Chapaev computer player: a shot planner that tries shots on the real table physics and
judges what they leave with the match rules.

Pure: physics and rules, no pygame (the one module of :mod:`game.ai` that uses the physics,
as the design says the Chapaev planner does).

How a decision is made (:func:`plan`):

1. Candidates from the table's geometry alone: each own piece at each enemy piece along the
   centre line, and cut so that the enemy goes toward its nearest edges (the "ghost disc"
   aim); combination shots that strike a first piece toward an enemy behind it; a few short
   retreats of own pieces; in the bayonet fight, presses of each own piece lying over or under
   an enemy piece at a few strengths. Each aim gets the strength that should just carry the
   enemy over the edge (from the two pieces' masses, bounce and friction: every kind of
   troops), and a harder one or two. Aims whose path reaches no piece are dropped.
2. Every candidate is simulated at the coarse :data:`~physics.SCREEN_STEP_HZ` and scored: the
   match's verdict (round or match won or lost), enemy pieces knocked off, own pieces lost,
   the extra shot when the striker stays, then for the most promising ones the table left
   behind (own pieces exposed to a straight shot near an edge, enemy pieces exposed).
3. The best few are simulated again at the full step (what will really happen).
4. A steady player tries its best few again as its own hand would play them (a few flicks
   off by its usual error) and prefers the shots it can make: a thin cut that works only
   when struck perfectly loses to a plain shot that works most of the time.
5. The top levels look one shot ahead on their best few: the opponent's best reply (or their
   own next shot after an extra shot) replaces the guess about the table left behind.

Levels 1-5 (:data:`LEVELS`) differ in what they see (a beginner sees straight shots at a
piece's centre; cuts, combinations and retreats come with skill), how many shots they weigh,
whether they allow for their own hand, and in the hand itself (:func:`apply_hand`): the
chosen shot is played with a person's hand (:mod:`physics.hand`, the one a person at the
window has), steadier at higher levels, and a press too heavy for the board.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.chapaev import SIDES, ChapaevMatch, Next, ShotReport, ShotVerdict
from game.rules.core import Color
from physics import (
    DEFAULT_CONFIG,
    PERSON,
    SCREEN_STEP_HZ,
    Action,
    DiscBody,
    DiscId,
    Press,
    Shot,
    ShotResult,
    Table,
    TableConfig,
    TableState,
    edge_distance,
    first_contact,
    stopping_distance,
)

__all__ = ["LEVELS", "PlanCancelled", "Plan", "ShotLevel", "action_of", "apply_hand",
           "candidates", "plan", "plan_shot", "score_result", "simple_shot"]

CENTRE, CUT, COMBINATION, RETREAT, PRESS = "centre", "cut", "combination", "retreat", "press"
EVERY_KIND = frozenset({CENTRE, CUT, COMBINATION, RETREAT, PRESS})


@dataclass(frozen=True, slots=True)
class ShotLevel:
    """One playing strength: what it sees, how many shots it weighs and how steady its hand
    is."""

    hand: float  # its hand: a person's (physics.hand.PERSON) with every spread times this
    over_hit: float  # the strength comes out this many times the meant one, on the whole
    candidates: int  # shots screened
    confirm: int  # best shots simulated again at the full step
    replies: int  # best shots looked one shot ahead (0: none)
    reply_candidates: int  # shots screened for each look ahead
    positional: int  # best screened shots whose table left behind is judged
    press_error: float = 0.0  # the spread of a press's strength, as a log
    sees: frozenset[str] = EVERY_KIND  # the kinds of shot it thinks of
    steady: int = 0  # its best shots tried this many times more under its own hand's error
    steady_best: int = 0  # how many of its best shots it tries that way


COMPUTER_HASTE = 0.4
"""How hasty the computer's pull is (physics.hand): it pulls its piece back in 0.7 s, in
sight, and holds it a moment before it lets go."""

LEVELS: dict[int, ShotLevel] = {
    1: ShotLevel(2.2, 1.25, 20, 0, 0, 0, 0, press_error=0.28,
                 sees=frozenset({CENTRE, PRESS})),
    2: ShotLevel(1.9, 1.05, 50, 1, 0, 0, 6, press_error=0.20,
                 sees=frozenset({CENTRE, CUT, PRESS}), steady=2, steady_best=3),
    3: ShotLevel(1.6, 1.03, 110, 3, 0, 0, 14, press_error=0.12,
                 steady=3, steady_best=4),
    4: ShotLevel(0.55, 1.02, 220, 4, 2, 24, 32, press_error=0.08,
                 steady=4, steady_best=4),
    5: ShotLevel(0.33, 1.0, 330, 5, 4, 40, 40, press_error=0.04,
                 steady=6, steady_best=5),
}

# scores, in hundredths of an enemy piece
PIECE = 100.0
OWN_PIECE = 115.0  # losing one's own piece hurts a little more than taking one
ROUND = 2_000.0
MATCH = 10_000.0
EXTRA_SHOT = 45.0  # the striker stayed after a knock-off: another shot at once
THREAT = 70.0  # the opponent's best straight shot at a piece near an edge
REPLY_WEIGHT = 0.85  # how much the look ahead's answer counts

_EDGE_MARGIN = 0.15  # squares past the edge an enemy is aimed to slide
PRESSES = (0.3, 0.4, 0.5, 0.58, 0.66, 0.9)  # the press strengths a planner tries


class PlanCancelled(Exception):
    """The caller stopped the planner (the turn was taken back, the game left)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A shot worth trying and how promising its geometry looks."""

    shot: Action
    prior: float
    kind: str  # "centre", "cut", "combination", "retreat", "press"


@dataclass(slots=True)
class Tried:
    shot: Action
    result: ShotResult
    verdict: ShotVerdict
    score: float
    kind: str
    exact: bool = False


@dataclass(frozen=True, slots=True)
class Plan:
    """A decision: the shot as meant (before the hand's error) and what it should do."""

    shot: Action
    score: float
    expected: ShotResult
    simulated: int  # shots simulated in all (screening, confirming, looking ahead)
    candidates: int  # candidates screened at the top level
    seconds: float
    kind: str
    alternatives: tuple[tuple[Action, float], ...] = field(default=())


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length > 1e-12 else (0.0, 0.0)


def strength_for(speed: float, config: TableConfig, body: DiscBody | None = None) -> float:
    """The strength that launches a disc (a plain piece, or ``body``) at ``speed`` (the
    inverse of ``speed_for``)."""
    if speed <= 0.0:
        return 0.0
    top = config.max_speed if body is None else body.max_speed
    return float((speed / top) ** (1.0 / config.strength_exponent))


def _nearest_edges(x: float, y: float,
                   spot: tuple[float, float, float, float]) -> list[tuple[float,
                                                                        tuple[float, float]]]:
    """The two nearest edges of a field from ``(x, y)``: (distance, outward normal)."""
    x0, y0, x1, y1 = spot
    edges = [(x - x0, (-1.0, 0.0)), (x1 - x, (1.0, 0.0)), (y - y0, (0.0, -1.0)),
             (y1 - y, (0.0, 1.0))]
    edges.sort(key=lambda e: e[0])
    return edges[:2]


def _geometry(positions: dict[DiscId, tuple[float, float]], config: TableConfig,
              table: Table | None) -> Table:
    """A table that answers the sizes, makes and fields of the pieces (plain pieces on the
    board when none is given)."""
    if table is not None:
        return table
    state = TableState(tuple((d, x, y, 0.0) for d, (x, y) in positions.items()), sides=SIDES)
    return Table.from_state(state, config, record_knocks=False)


def candidates(positions: dict[DiscId, tuple[float, float]], shooter: Color,
               config: TableConfig = DEFAULT_CONFIG, *,
               table: Table | None = None) -> list[Candidate]:
    """Every shot worth trying for ``shooter``, most promising first (not yet simulated).
    ``table`` tells the pieces' troops, the swamp and the pieces lying over others (plain
    pieces on the board, none lying over another, when it is None)."""
    geo = _geometry(positions, config, table)
    radii = {d: geo.radius(d) for d in positions}
    own = [d for d in positions if d[0] is shooter]
    enemy = [d for d in positions if d[0] is not shooter]
    out: list[Candidate] = []

    def others_of(disc: DiscId) -> list[tuple[DiscId, float, float]]:
        partner = geo.partner(disc)
        return [(d, x, y) for d, (x, y) in positions.items() if d != disc and d != partner]

    def add(disc: DiscId, target: DiscId, aim: tuple[float, float], hit_distance: float,
            cos_cut: float, travel: float, prior: float, kind: str) -> None:
        # the strength that just carries the struck piece ``travel`` squares, then harder
        mine, theirs = geo.body(disc), geo.body(target)
        passed = (1.0 + math.sqrt(mine.restitution * theirs.restitution)) * mine.mass / (
            mine.mass + theirs.mass)  # the share of speed a head-on hit passes on
        need_target = math.sqrt(2.0 * theirs.friction_decel * max(0.05, travel))
        need_contact = need_target / (passed * max(0.2, cos_cut))
        launch = math.sqrt(need_contact ** 2 + 2.0 * mine.friction_decel * hit_distance)
        base = strength_for(launch, config, mine)
        seen: set[float] = set()
        reach = 1.0 if base <= 1.0 else 1.0 / base  # too far even at full strength
        for rank, factor in enumerate((1.15, 1.55, 2.3)):
            strength = round(min(1.0, max(0.08, base * factor)), 3)
            if strength in seen:
                continue
            seen.add(strength)
            out.append(Candidate(Shot(disc, aim, strength),
                                 prior * reach * (1.0, 0.8, 0.55)[rank], kind))
        # a second tier, tried when the budget allows: a hair to either side, and softer
        angle = math.atan2(aim[1], aim[0])
        strength = round(min(1.0, max(0.08, base * 1.3)), 3)
        for offset in (-1.5, 1.5):
            turned = angle + math.radians(offset)
            out.append(Candidate(Shot(disc, (math.cos(turned), math.sin(turned)), strength),
                                 0.3 * prior * reach, kind))
        strength = round(min(1.0, max(0.08, base * 1.7)), 3)
        for offset in (-3.5, 3.5):
            turned = angle + math.radians(offset)
            out.append(Candidate(Shot(disc, (math.cos(turned), math.sin(turned)), strength),
                                 0.2 * prior * reach, kind))
        strength = round(min(1.0, max(0.08, base * 0.95)), 3)
        if strength not in seen:
            out.append(Candidate(Shot(disc, aim, strength), 0.25 * prior * reach, kind))

    def contact_of(start: tuple[float, float], aim: tuple[float, float], disc: DiscId,
                   reach: float = math.inf) -> tuple[float, DiscId | None]:
        return first_contact(start, aim, others_of(disc), config, reach,
                             radius=radii[disc], radii=radii)

    for o in own:
        ox, oy = positions[o]
        if geo.partner(o) is not None:  # lying over or under an enemy piece: pressed
            for rank, strength in enumerate(PRESSES):
                out.append(Candidate(Press(o, strength), 2.0 - 0.1 * rank, PRESS))
            continue
        for e in enemy:
            ex, ey = positions[e]
            dist = math.hypot(ex - ox, ey - oy)
            if dist < 1e-9:
                continue
            spot = geo.field(e[0])
            # the centre line: the enemy goes straight on
            u = ((ex - ox) / dist, (ey - oy) / dist)
            contact, hit = contact_of((ox, oy), u, o)
            if hit is not None:
                hx, hy = positions[hit]
                travel = edge_distance((hx, hy), u, config, geo.field(hit[0])) + _EDGE_MARGIN
                if hit == e:
                    prior = 1.0 / ((1.0 + 0.12 * contact) * (1.0 + 0.35 * travel))
                    add(o, hit, u, contact, 1.0, travel, prior, CENTRE)
                else:  # something in the way: a combination through it
                    prior = 0.5 / ((1.0 + 0.12 * contact) * (1.0 + 0.35 * travel))
                    add(o, hit, u, contact, 0.9, travel, prior, COMBINATION)
            # cuts that send the enemy toward its nearest edges
            reach_e = radii[o] + radii[e]
            for gap, normal in _nearest_edges(ex, ey, spot):
                gx, gy = ex - reach_e * normal[0], ey - reach_e * normal[1]
                aim = _unit(gx - ox, gy - oy)
                if aim == (0.0, 0.0):
                    continue
                cos_cut = aim[0] * normal[0] + aim[1] * normal[1]
                if cos_cut < 0.35 or cos_cut > 0.999:  # too thin, or the centre line again
                    continue
                contact, hit = contact_of((ox, oy), aim, o)
                if hit != e:
                    continue
                travel = gap + _EDGE_MARGIN
                prior = cos_cut ** 2 / ((1.0 + 0.12 * contact) * (1.0 + 0.35 * travel))
                add(o, e, aim, contact, cos_cut, travel, prior, CUT)
        # combinations: strike a nearby piece toward an enemy just behind it
        for x_disc, (qx, qy) in positions.items():
            if x_disc == o or math.hypot(qx - ox, qy - oy) > 4.5:
                continue
            for e in enemy:
                if e == x_disc:
                    continue
                ex, ey = positions[e]
                gap = math.hypot(ex - qx, ey - qy)
                if gap > 2.5 or gap < 1e-9:
                    continue
                u = ((ex - qx) / gap, (ey - qy) / gap)
                reach_x = radii[o] + radii[x_disc]
                gx, gy = qx - reach_x * u[0], qy - reach_x * u[1]
                aim = _unit(gx - ox, gy - oy)
                if aim == (0.0, 0.0):
                    continue
                cos_cut = aim[0] * u[0] + aim[1] * u[1]
                if cos_cut < 0.6:
                    continue
                contact, hit = contact_of((ox, oy), aim, o)
                if hit != x_disc:
                    continue
                travel = gap + edge_distance((ex, ey), u, config, geo.field(e[0])) \
                    + _EDGE_MARGIN
                prior = 0.45 * cos_cut ** 2 / ((1.0 + 0.12 * contact) * (1.0 + 0.35 * travel))
                add(o, x_disc, aim, contact, cos_cut * 0.8, travel, prior, COMBINATION)
        # a retreat toward the middle of the board, out of harm's way
        mid = config.size / 2.0
        away = _unit(mid - ox, mid - oy)
        if away != (0.0, 0.0):
            slide = min(2.0, math.hypot(mid - ox, mid - oy))
            contact, hit = contact_of((ox, oy), away, o, slide + 2.0 * radii[o])
            if hit is None and slide > 0.5:
                body = geo.body(o)
                strength = strength_for(math.sqrt(2.0 * body.friction_decel * slide), config,
                                        body)
                out.append(Candidate(Shot(o, away, round(min(1.0, strength), 3)), 0.05,
                                     RETREAT))
    # prune what cannot reach anything: the striker would stop or fall first
    kept: list[Candidate] = []
    for cand in out:
        shot = cand.shot
        if isinstance(shot, Shot) and cand.kind != RETREAT:
            start = positions[shot.disc]
            reach = min(stopping_distance(shot.strength, config, geo.body(shot.disc)),
                        edge_distance(start, shot.direction, config, geo.field(shot.disc[0])))
            _, hit = contact_of(start, shot.direction, shot.disc, reach)
            if hit is None:
                continue
        kept.append(cand)
    kept.sort(key=lambda c: -c.prior)
    return kept


# --- judging a shot's result --------------------------------------------------------------
def threats(positions: dict[DiscId, tuple[float, float]], target_color: Color,
            config: TableConfig = DEFAULT_CONFIG, *,
            table: Table | None = None) -> dict[DiscId, float]:
    """How exposed each ``target_color`` piece is (0..1): the best straight shot an opponent
    piece has at it, weighed by how near the edge behind it lies and how long the shot is."""
    geo = _geometry(positions, config, table)
    items = list(positions.items())
    radii = {d: geo.radius(d) for d in positions}
    spot = geo.field(target_color)
    out: dict[DiscId, float] = {}
    for t, (tx, ty) in items:
        if t[0] is not target_color:
            continue
        best = 0.0
        for a_disc, (ax, ay) in items:
            if a_disc[0] is target_color or geo.partner(a_disc) is not None:
                continue
            dist = math.hypot(tx - ax, ty - ay)
            if dist < 1e-9:
                continue
            u = ((tx - ax) / dist, (ty - ay) / dist)
            behind = edge_distance((tx, ty), u, config, spot)
            value = math.exp(-behind / 2.2) / (1.0 + 0.12 * dist)
            if value <= best:
                continue
            others = [(d, x, y) for d, (x, y) in items if d != a_disc]
            _, hit = first_contact((ax, ay), u, others, config, radius=radii[a_disc],
                                   radii=radii)
            if hit == t:
                best = value
        out[t] = best
    return out


def _positional(result: ShotResult, shooter: Color, next_shooter: Color | None,
                config: TableConfig, before: TableState | None) -> float:
    positions = {d: (x, y) for d, x, y in result.positions}
    if next_shooter is None:
        return 0.0
    geo = None if before is None else Table.from_state(_state_of(result, before), config,
                                                       record_knocks=False)
    if next_shooter is shooter:  # we shoot again: how good our targets are
        mine = threats(positions, shooter.other, config, table=geo)
        return 0.6 * THREAT * max(mine.values(), default=0.0)
    exposed = threats(positions, shooter, config, table=geo)
    theirs = sorted(exposed.values(), reverse=True)
    danger = (theirs[0] if theirs else 0.0) + 0.25 * sum(theirs[1:3])
    targets = threats(positions, shooter.other, config, table=geo)
    return -THREAT * danger + 0.2 * THREAT * max(targets.values(), default=0.0)


def score_result(result: ShotResult, match: ChapaevMatch,
                 config: TableConfig = DEFAULT_CONFIG, *, positional: bool = True,
                 before: TableState | None = None) -> tuple[float, ShotVerdict, ChapaevMatch]:
    """How good ``result`` is for the side that shot it (``match.turn``), with the match's
    verdict and the match after it. ``before``: the table the shot was tried on (its troops
    and swamp), for judging the table left behind (plain pieces on the board if None)."""
    shooter = match.turn
    after = match.copy()
    verdict = after.record_shot(ShotReport.of_shot(result.striker, result.fallen,
                                                   rocked=result.rocked))
    score = PIECE * verdict.opponent_fell - OWN_PIECE * verdict.own_fell
    if verdict.round_result is not None:
        winner = verdict.round_result.winner
        if winner is shooter:
            score += ROUND + (MATCH if verdict.next is Next.MATCH_OVER else 0.0)
        elif winner is not None:
            score -= ROUND + (MATCH if verdict.next is Next.MATCH_OVER else 0.0)
        return score, verdict, after
    if verdict.next is Next.SHOOT_AGAIN:
        score += EXTRA_SHOT
    if positional:
        score += _positional(result, shooter, verdict.shooter, config, before)
    return score, verdict, after


# --- the search -------------------------------------------------------------------------
class _Budget:
    """Counts simulations and asks the caller whether to stop."""

    def __init__(self, stop: Callable[[], bool] | None,
                 progress: Callable[[int], None] | None) -> None:
        self.stop = stop
        self.progress = progress
        self.simulated = 0

    def tick(self) -> None:
        self.simulated += 1
        if self.progress is not None and self.simulated % 16 == 0:
            self.progress(self.simulated)
        if self.stop is not None and self.simulated % 4 == 0 and self.stop():
            raise PlanCancelled()


def _search(table: Table, state: TableState, match: ChapaevMatch, spec: ShotLevel,
            budget: _Budget, *, look_ahead: bool) -> tuple[list[Tried], int]:
    """The candidates tried, best first, and how many were screened."""
    config = table.config
    shooter = match.turn
    positions = {d: (x, y) for d, x, y, _ in state.discs}
    if not any(d[0] is shooter for d in positions):
        return [], 0
    geo = Table.from_state(state, config, record_knocks=False)
    pool = [c for c in candidates(positions, shooter, config, table=geo)
            if c.kind in spec.sees][:spec.candidates]
    if not pool:  # only own pieces in reach of nothing: any shot at all
        disc = next(d for d in positions if d[0] is shooter)
        fallback: Action = Press(disc, 0.4) if geo.partner(disc) is not None else \
            Shot(disc, (0.0, 1.0 if shooter is Color.WHITE else -1.0), 0.2)
        pool = [Candidate(fallback, 0.0, RETREAT)]
    tried: list[Tried] = []
    for cand in pool:
        result = table.simulate(cand.shot, state, step_hz=SCREEN_STEP_HZ)
        budget.tick()
        score, verdict, _ = score_result(result, match, config, positional=False)
        tried.append(Tried(cand.shot, result, verdict, score + 5.0 * cand.prior, cand.kind))
    tried.sort(key=lambda t: -t.score)
    # the table left behind, for the most promising
    for t in tried[:spec.positional]:
        t.score, _, _ = score_result(t.result, match, config, before=state)
    head = sorted(tried[:max(spec.positional, 1)], key=lambda t: -t.score)
    tried = head + tried[len(head):]
    # the best few again at the real step: what will really happen
    for t in tried[:spec.confirm]:
        t.result = table.simulate(t.shot, state)
        budget.tick()
        t.score, t.verdict, _ = score_result(t.result, match, config, before=state)
        t.exact = True
    if spec.confirm:
        head = sorted(tried[:spec.confirm], key=lambda t: -t.score)
        tried = head + tried[spec.confirm:]
    # a steady player allows for its own hand: the shots it would really play
    if spec.steady and spec.steady_best:
        hand = random.Random(len(state.discs) * 7919 + match.shots_in_round)
        for t in tried[:spec.steady_best]:
            scores = [t.score]
            for _ in range(spec.steady):
                result = table.simulate(_shake(t.shot, spec, hand), state,
                                        step_hz=SCREEN_STEP_HZ)
                budget.tick()
                scores.append(score_result(result, match, config, before=state)[0])
            t.score = sum(scores) / len(scores)
        head = sorted(tried[:spec.steady_best], key=lambda t: -t.score)
        tried = head + tried[spec.steady_best:]
    if look_ahead and spec.replies:
        reply_spec = ShotLevel(0.0, 1.0, spec.reply_candidates, 0, 0, 0,
                               max(4, spec.reply_candidates // 5))
        for t in tried[:spec.replies]:
            if t.verdict.round_result is not None:
                continue  # the round is decided: nothing to look at
            base, verdict, after = score_result(t.result, match, config, positional=False)
            # the same table (and its scratch space) tries the replies from the new spot
            answers, _ = _search(table, _state_of(t.result, state), after, reply_spec, budget,
                                 look_ahead=False)
            best = answers[0].score if answers else 0.0
            sign = 1.0 if verdict.shooter is match.turn else -1.0
            t.score = base + sign * REPLY_WEIGHT * best
        head = sorted(tried[:spec.replies], key=lambda t: -t.score)
        tried = head + tried[spec.replies:]
    return tried, len(pool)


def _state_of(result: ShotResult, before: TableState) -> TableState:
    """The table a shot left, with the troops and swamp of the table it was played on."""
    return TableState(tuple((d, x, y, 0.0) for d, x, y in result.positions), before.troops,
                      before.swamp, result.stacks, before.sides)


def plan(position: Table | TableState, match: ChapaevMatch, level: int = 5, *,
         config: TableConfig | None = None, stop: Callable[[], bool] | None = None,
         progress: Callable[[int], None] | None = None) -> Plan:
    """The best shot ``level`` finds for the side to shoot in ``match`` (``match.turn``) on
    the table at rest, as meant (no hand error yet). Raises :class:`PlanCancelled` when
    ``stop()`` turns true; ``progress(n)`` hears how many shots were simulated."""
    spec = LEVELS[level] if level in LEVELS else None
    if spec is None:
        raise ValueError(f"level must be 1 to {max(LEVELS)}, not {level!r}")
    began = time.perf_counter()
    if isinstance(position, Table):
        state = position.snapshot()
        config = position.config if config is None else config
    else:
        state = position
    config = DEFAULT_CONFIG if config is None else config
    table = Table.from_state(state, config, record_knocks=False)  # one space per decision
    budget = _Budget(stop, progress)
    tried, screened = _search(table, state, match, spec, budget, look_ahead=True)
    if not tried:
        raise ValueError(f"{match.turn.name.lower()} has no piece on the table")
    best = tried[0]
    return Plan(best.shot, best.score, best.result, budget.simulated, screened,
                time.perf_counter() - began, best.kind,
                tuple((t.shot, t.score) for t in tried[1:6]))


def _shake(shot: Action, spec: ShotLevel, rng: random.Random) -> Action:
    """``shot`` as a hand of ``spec`` plays it (see :func:`apply_hand`)."""
    if isinstance(shot, Press):
        strength = shot.strength * spec.over_hit * math.exp(rng.gauss(0.0, spec.press_error))
        return Press(shot.disc, min(1.0, max(0.02, strength)))
    hand = PERSON.steadier(spec.hand)
    meant = min(1.0, shot.strength * spec.over_hit)
    direction, strength = hand.flick(rng, shot.direction, meant, COMPUTER_HASTE)
    return Shot(shot.disc, direction, min(1.0, max(0.02, strength)),
                (shot.direction[0], shot.direction[1], shot.strength))


def apply_hand(shot: Action, level: int, rng: random.Random) -> Action:
    """The shot as a player of ``level`` actually plays it: a person's hand (physics.hand),
    steadier at higher levels (wider the harder the flick), around a slightly heavy hand at
    low levels; a press too light or, more to the board's cost, too heavy. The shot keeps
    the one meant as its ``aim``."""
    return _shake(shot, LEVELS[level], rng)


def action_of(disc: DiscId, direction: tuple[float, float] | None,
              strength: float) -> Action:
    """A flick along ``direction``, or a press when there is none (plain data from a pipe)."""
    if direction is None:
        return Press(disc, strength)
    return Shot(disc, direction, strength)


def plan_shot(position: Table | TableState, match: ChapaevMatch, level: int = 5,
              rng: random.Random | None = None, *, aim_error: bool = True,
              config: TableConfig | None = None, stop: Callable[[], bool] | None = None,
              progress: Callable[[int], None] | None = None) -> Action:
    """The shot a player of ``level`` plays for the side to shoot: the plan, then the hand's
    error (unless ``aim_error`` is off)."""
    chosen = plan(position, match, level, config=config, stop=stop, progress=progress).shot
    if not aim_error:
        return chosen
    return apply_hand(chosen, level, rng if rng is not None else random.Random())


# --- the simple shooter ---------------------------------------------------------------------
SIMPLE_AIM_ERROR = 3.0  # degrees: the simple shooter's hand
SIMPLE_PRESS = 0.55  # its press in the bayonet fight: the middle of the careful range


def simple_shot(state: TableState, shooter: Color, rng: random.Random, *,
                aim_error: float = SIMPLE_AIM_ERROR, press: float = SIMPLE_PRESS) -> Shot | Press:
    """How many Chapaev apps' computers play, as a yardstick for the levels: the own piece
    nearest an enemy piece, aimed at that piece's centre, as hard as it goes, with a hand
    error of ``aim_error`` degrees (normally spread). A piece lying over or under an enemy
    piece (the bayonet fight) is pressed at ``press``, give or take a tenth of it."""
    own = [(d, x, y) for d, x, y, _ in state.discs if d[0] is shooter]
    enemy = [(d, x, y) for d, x, y, _ in state.discs if d[0] is not shooter]
    if not own:
        raise ValueError(f"{shooter.name.lower()} has no piece on the table")
    if not enemy:
        disc = own[0][0]
        return Shot(disc, (0.0, 1.0 if shooter is Color.WHITE else -1.0), 1.0)
    _, (disc, ox, oy), (_, ex, ey) = min(
        ((math.hypot(ex - ox, ey - oy), (o, ox, oy), (e, ex, ey))
         for o, ox, oy in own for e, ex, ey in enemy), key=lambda t: t[0])
    if any(disc in pair for pair in state.stacks):
        return Press(disc, min(1.0, max(0.0, press * (1.0 + rng.gauss(0.0, 0.1)))))
    angle = math.atan2(ey - oy, ex - ox) + math.radians(rng.gauss(0.0, aim_error))
    return Shot(disc, (math.cos(angle), math.sin(angle)), 1.0)
