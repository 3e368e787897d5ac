"""The search's view of an Уголки game, and its evaluation.

The board keeps the two sides as 64-bit masks, the moves each side has made (the 40-move home
rule and the 80-move limit depend on them) and a Zobrist key that includes the ply, so that
the same pieces at another point of the race, where other rules apply, are not mistaken for
each other. Moves are generated on the masks (a raw move is ``(start, end, others)``, the
other pieces when it was made, from which its route is found); a test holds them to the rules'
generator.

The evaluation is a race count with what decides races between people:

- **distance to go**: every piece's steps to the far corner, less what the goal house itself
  needs (a step gains one, a jump two);
- **chains**: the forward jumps ready now (a ladder of pieces with gaps is worth keeping);
- **stragglers**: the last piece home costs the most, since nobody is left to jump over;
- **blocking**: own pieces standing in the opponent's goal house hold it up;
- **the home rule**: pieces still at home as the 40th move comes near.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.search import WIN
from game.ai.options import ENGINE, lasting_cache
from game.rules.core import Color, Game, Move
from game.rules.ugolki import (
    FILE_A,
    FILE_H,
    FULL,
    HOME_RULE_MOVE,
    HOUSES,
    MOVE_LIMIT,
    Ugolki,
    house_masks,
    route,
)

NOT_A = FULL & ~FILE_A
NOT_H = FULL & ~FILE_H


def chain_ends(start: int, occupied: int) -> int:
    """Every square a chain of jumps from the bit ``start`` can end on (the rules' function,
    inlined for speed: the search calls it for every piece of every node)."""
    land = FULL & ~occupied & ~start
    reached = 0
    frontier = start
    while frontier:
        new = ((((frontier << 8) & occupied) << 8) | (((frontier >> 8) & occupied) >> 8)
               | (((((frontier & NOT_H) << 1) & occupied) & NOT_H) << 1)
               | (((((frontier & NOT_A) >> 1) & occupied) & NOT_A) >> 1)) & land & ~reached
        reached |= new
        frontier = new
    return reached


@dataclass(frozen=True, slots=True)
class UgolkiWeights:
    step: int = 10  # per step a piece still has to go to reach the goal house
    depth: int = 3  # per step from the far corner: the deep squares filled first leave room
    jump: int = 4  # per forward jump ready now
    straggler: int = 4  # per step the last piece is behind the others' average
    home: int = 15  # per piece at home, per move past the 30th (the 40-move rule)
    tempo: int = 5  # the side to move is half a step ahead


_ZOBRIST: list[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]] = []


def _zobrist() -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
    if not _ZOBRIST:
        rng = random.Random(8888)
        white = tuple(rng.getrandbits(64) for _ in range(64))
        black = tuple(rng.getrandbits(64) for _ in range(64))
        side = rng.getrandbits(64)
        plies = tuple(rng.getrandbits(64) for _ in range(2 * MOVE_LIMIT + 8))
        _ZOBRIST.append((white, black, side, plies))
    return _ZOBRIST[0]


def _slices(value_of: list[int]) -> tuple[tuple[int, int], ...]:
    """Bit-sliced masks: the sum of ``value_of[square]`` over a mask's squares is
    ``sum(weight * popcount(mask & slice))``."""
    top = max(value_of).bit_length()
    return tuple((1 << k, sum(1 << s for s in range(64) if (value_of[s] >> k) & 1))
                 for k in range(top))


def _sum(mask: int, slices: tuple[tuple[int, int], ...]) -> int:
    total = 0
    for k, part in slices:
        total += k * (mask & part).bit_count()
    return total


def _levels(value_of: list[int]) -> tuple[tuple[int, int], ...]:
    """(value, every square with at least that value), highest first: the first level a mask
    meets is the highest value among its squares."""
    return tuple((v, sum(1 << s for s in range(64) if value_of[s] >= v))
                 for v in range(max(value_of), 0, -1))


class UgolkiEval:
    """The terms of the evaluation for one house size, from White's side."""

    def __init__(self, house: int, weights: UgolkiWeights) -> None:
        self.w = weights
        self.homes = house_masks(house)
        columns, rows = HOUSES[house]
        white_home, black_home = self.homes
        # steps to reach the goal house (0 inside): Black's house for White, and back
        self.to_goal = (
            [max(0, 8 - columns - s % 8) + max(0, 8 - rows - s // 8) for s in range(64)],
            [max(0, s % 8 - (columns - 1)) + max(0, s // 8 - (rows - 1)) for s in range(64)])
        # steps from the far corner (h8 for White, a1 for Black)
        corner = ([(7 - s % 8) + (7 - s // 8) for s in range(64)],
                  [s % 8 + s // 8 for s in range(64)])
        self.corner = corner
        self.goal_slices = (_slices(self.to_goal[0]), _slices(self.to_goal[1]))
        self.goal_levels = (_levels(self.to_goal[0]), _levels(self.to_goal[1]))
        #: the race terms of a position (they do not depend on the move number)
        self.cache: dict[tuple[int, int], int] = lasting_cache({})
        self.corner_slices = (_slices(corner[0]), _slices(corner[1]))
        # what the goal houses need however well filled: the corner steps left when finished
        self.floor = (sum(corner[0][s] for s in range(64) if black_home >> s & 1),
                      sum(corner[1][s] for s in range(64) if white_home >> s & 1))

    def to_go(self, white: int, black: int) -> tuple[int, int]:
        """Steps each side's pieces have still to go to reach the goal house."""
        return _sum(white, self.goal_slices[0]), _sum(black, self.goal_slices[1])

    def depth(self, white: int, black: int) -> tuple[int, int]:
        """Steps from the far corner beyond what a finished side has (0 when finished)."""
        return (_sum(white, self.corner_slices[0]) - self.floor[0],
                _sum(black, self.corner_slices[1]) - self.floor[1])

    def jumps(self, white: int, black: int) -> int:
        """White's forward jumps ready (up or right) less Black's (down or left)."""
        occupied = white | black
        empty = FULL & ~occupied
        w = (((((white << 8) & occupied) << 8) & empty).bit_count()
             + ((((((white & NOT_H) << 1) & occupied) & NOT_H) << 1) & empty).bit_count())
        b = ((((black >> 8) & occupied) >> 8) & empty).bit_count() \
            + ((((((black & NOT_A) >> 1) & occupied) & NOT_A) >> 1) & empty).bit_count()
        return w - b

    @staticmethod
    def straggler(pieces: int, to_go: int, levels: tuple[tuple[int, int], ...]) -> int:
        """How far the last piece is behind the average of the side's pieces (past two
        steps; ``to_go`` is their sum): nobody is left to jump over at the end."""
        worst = 0
        for value, mask in levels:
            if pieces & mask:
                worst = value
                break
        return max(0, worst - to_go // max(1, pieces.bit_count()) - 2)

    def race(self, white: int, black: int) -> int:
        """The terms that depend on the pieces alone, from White's side (cached)."""
        cached = self.cache.get((white, black))
        if cached is not None:
            return cached
        w = self.w
        w_go, b_go = self.to_go(white, black)
        w_deep, b_deep = self.depth(white, black)
        score = (w.step * (b_go - w_go) + w.depth * (b_deep - w_deep)
                 + w.jump * self.jumps(white, black))
        score -= w.straggler * (self.straggler(white, w_go, self.goal_levels[0])
                                - self.straggler(black, b_go, self.goal_levels[1]))
        if len(self.cache) >= ENGINE.cache_entries:
            self.cache.clear()
        self.cache[(white, black)] = score
        return score

    def evaluate(self, white: int, black: int, made_white: int, made_black: int) -> int:
        """White's score in tenths of a step."""
        w = self.w
        white_home, black_home = self.homes
        score = self.race(white, black)
        late = HOME_RULE_MOVE - 10
        if made_white > late:
            score -= w.home * (made_white - late) * (white & white_home).bit_count()
        if made_black > late:
            score += w.home * (made_black - late) * (black & black_home).bit_count()
        return score


_EVALS: dict[tuple[int, UgolkiWeights], UgolkiEval] = {}


class UgolkiBoard:
    """An Ugolki position for the search (see :class:`game.ai.search.SearchBoard`)."""

    def __init__(self, game: Game, weights: UgolkiWeights | None = None) -> None:
        assert isinstance(game, Ugolki)
        house = game.house
        weights = weights or UgolkiWeights()
        ev = _EVALS.get((house, weights))
        if ev is None:
            ev = _EVALS[(house, weights)] = UgolkiEval(house, weights)
        self.ev = ev
        self.homes = ev.homes
        white, black = game.masks()
        self.masks = [white, black]
        self.side = 0 if game.turn is Color.WHITE else 1
        self.made = [game.moves_made(Color.WHITE), game.moves_made(Color.BLACK)]
        self.plies = len(game.move_stack)
        self.z = _zobrist()
        self.key = self._key_from_scratch()
        self.stack: list[tuple[int, int, int]] = []  # (key, start, end) of each move made

    def history_keys(self, game: Game) -> list[int]:
        """None: the ply is part of the key, so no earlier position can come back."""
        return []

    def _key_from_scratch(self) -> int:
        zw, zb, zside, zply = self.z
        key = zply[min(self.plies, len(zply) - 1)] ^ (zside if self.side else 0)
        for mask, z in ((self.masks[0], zw), (self.masks[1], zb)):
            while mask:
                bit = mask & -mask
                mask ^= bit
                key ^= z[bit.bit_length() - 1]
        return key

    # --- moves ---------------------------------------------------------------------------
    def _allowed(self, side: int) -> int:
        if self.made[side] >= HOME_RULE_MOVE:
            return FULL & ~self.homes[side]
        return FULL

    def moves(self) -> list[Any]:
        side = self.side
        own = self.masks[side]
        occupied = self.masks[0] | self.masks[1]
        allowed = self._allowed(side)
        empty = FULL & ~occupied & allowed
        out: list[tuple[int, int, int]] = []
        rest = own
        while rest:
            bit = rest & -rest
            rest ^= bit
            start = bit.bit_length() - 1
            others = occupied ^ bit
            ends = (chain_ends(bit, others) & allowed) | (
                ((bit << 8) | (bit >> 8) | ((bit & NOT_H) << 1) | ((bit & NOT_A) >> 1))
                & empty)
            while ends:
                to = ends & -ends
                ends ^= to
                out.append((start, to.bit_length() - 1, others))
        return out

    def forced(self, moves: list[Any]) -> bool:
        return False

    #: below the horizon, the side to move may still play its longest forward chains (this
    #: many steps gained at least, the best ``chase_moves`` of them): a race position is not
    #: judged in the middle of a run of jumps, which would favour whoever moved last
    chase_gain: int | None = None
    chase_moves: int = 2
    #: the searcher's late-move reductions (see game/ai/search.py)
    reduce_late_moves: bool = True

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        stand = self.evaluate()
        if self.chase_gain is None:
            return [], stand
        far = self.ev.corner[self.side]
        best = sorted(((far[m[0]] - far[m[1]], m) for m in self.moves()),
                      key=lambda item: -item[0])[:self.chase_moves]
        return [m for gain, m in best if gain >= self.chase_gain], stand

    def capture_size(self, move: Any) -> int:
        """The steps a move gains toward the goal: the search tries long forward chains
        first, as a person looks for them."""
        far = self.ev.corner[self.side]
        gain = far[move[0]] - far[move[1]]
        return gain if gain > 0 else 0

    def history_key(self, move: Any) -> int:
        return int(move[0]) * 64 + int(move[1])

    def public(self, move: Any) -> Move:
        if isinstance(move, Move):
            return move
        start, end, others = move
        if abs(start - end) in (1, 8) and (start // 8 == end // 8 or start % 8 == end % 8):
            return Move(start, (end,))  # a step
        path = route(start, end, others)
        assert path is not None, "a raw move out of its position"
        return Move(start, path)

    def make(self, move: Any) -> None:
        start, end, _ = move
        side = self.side
        zw, zb, zside, zply = self.z
        z = zw if side == 0 else zb
        self.stack.append((self.key, start, end))
        self.masks[side] ^= (1 << start) | (1 << end)
        self.made[side] += 1
        plies = self.plies
        last = len(zply) - 1
        self.key ^= (z[start] ^ z[end] ^ zside ^ zply[min(plies, last)]
                     ^ zply[min(plies + 1, last)])
        self.plies = plies + 1
        self.side = 1 - side

    def unmake(self) -> None:
        self.key, start, end = self.stack.pop()
        self.plies -= 1
        side = 1 - self.side
        self.side = side
        self.made[side] -= 1
        self.masks[side] ^= (1 << start) | (1 << end)

    # --- scores --------------------------------------------------------------------------
    def evaluate(self) -> int:
        white, black = self.masks
        score = self.ev.evaluate(white, black, self.made[0], self.made[1]) + (
            self.ev.w.tempo if self.side == 0 else -self.ev.w.tempo)
        return score if self.side == 0 else -score

    def _finished(self, side: int) -> bool:
        mine = self.masks[side]
        return bool(mine) and not mine & ~self.homes[1 - side]

    def rule_end(self, ply: int) -> int | None:
        """The rules' ends (see :meth:`Ugolki._decide`), scored for the side to move."""
        me = self.side
        done_w, done_b = self._finished(0), self._finished(1)
        if done_w or done_b:
            if done_w and done_b:
                return 0
            winner = 0 if done_w else 1
            other = 1 - winner
            if not (me == other and self.made[other] < self.made[winner]):
                return WIN - ply if winner == me else -WIN + ply
        mover = 1 - me
        if self.made[mover] >= HOME_RULE_MOVE and self.masks[mover] & self.homes[mover]:
            return WIN - ply
        if self.made[0] >= MOVE_LIMIT and self.made[1] >= MOVE_LIMIT:
            white, black = self.masks
            w = (white & self.homes[1]).bit_count()
            b = (black & self.homes[0]).bit_count()
            if w == b:
                return 0
            return WIN - ply if (w > b) == (me == 0) else -WIN + ply
        return None

    def no_moves_score(self, ply: int) -> int:
        return -WIN + ply

    def repetition_score(self, ply: int) -> int:
        return 0  # the ply is in the key: a position never comes back
