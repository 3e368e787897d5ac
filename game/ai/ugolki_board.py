"""The search's Уголки board and its evaluation: the hot part of :mod:`game.ai.ugolki`, typed
so that mypyc compiles it (the same source runs interpreted and searches the same).

The masks number the squares as :mod:`game.rules.ugolki_moves` does (by columns, h1 and h2 on
the top bits: below 2**62, a machine word in compiled code, unless a piece stands there), and
so do the squares of a raw move ``(start, end, others)``: its start and end bit and the other
pieces when it was made, from which :meth:`UgolkiBoard.public` finds the route. The Zobrist
keys are below 2**62 too.
"""
from __future__ import annotations

import random
from typing import Any, Final, final

from game.ai.options import ENGINE, lasting_cache
from game.ai.search import WIN, SearchBoard
from game.ai.ugolki_weights import UgolkiWeights
from game.rules.core import Color, Game, Move
from game.rules.ugolki import HOME_RULE_MOVE, HOUSES, MOVE_LIMIT, Ugolki, house_masks, route
from game.rules.ugolki_moves import (
    BEFORE_H,
    INNER_ROWS,
    SQUARE_OF,
    chain_ends,
    from_bits,
    step_ends,
    to_bits,
)

_WIN: Final = WIN
_HOME_RULE_MOVE: Final = HOME_RULE_MOVE
_MOVE_LIMIT: Final = MOVE_LIMIT
#: bits of a Zobrist key: below 2**62 it stays a machine word in compiled code
KEY_BITS: Final = 62


def _slices(value_of: list[int]) -> tuple[list[int], list[int]]:
    """Bit-sliced masks: the sum of ``value_of[bit]`` over a mask's bits is
    ``sum(weight * popcount(mask & part))`` over the (weights, parts) returned."""
    weights: list[int] = []
    parts: list[int] = []
    for k in range(max(value_of).bit_length()):
        part = 0
        for b in range(64):
            if (value_of[b] >> k) & 1:
                part |= 1 << b
        weights.append(1 << k)
        parts.append(part)
    return weights, parts


def _sum(mask: int, slices: tuple[list[int], list[int]]) -> int:
    weights, parts = slices
    total = 0
    for k in range(len(weights)):
        total += weights[k] * (mask & parts[k]).bit_count()
    return total


def _levels(value_of: list[int]) -> tuple[list[int], list[int]]:
    """(values, masks of every bit with at least that value), highest first: the first level
    a mask meets is the highest value among its bits."""
    values: list[int] = []
    masks: list[int] = []
    for v in range(max(value_of), 0, -1):
        mask = 0
        for b in range(64):
            if value_of[b] >= v:
                mask |= 1 << b
        values.append(v)
        masks.append(mask)
    return values, masks


@final
class UgolkiEval:
    """The terms of the evaluation for one house size, from White's side."""

    def __init__(self, house: int, weights: UgolkiWeights) -> None:
        self.w = weights
        self.step: int = weights.step
        self.depth_weight: int = weights.depth
        self.jump: int = weights.jump
        self.straggler_weight: int = weights.straggler
        self.home: int = weights.home
        self.tempo: int = weights.tempo
        white_home, black_home = house_masks(house)
        self.homes: list[int] = [to_bits(white_home), to_bits(black_home)]
        columns, rows = HOUSES[house]
        squares = [SQUARE_OF[b] for b in range(64)]
        # steps to reach the goal house (0 inside): Black's house for White, and back
        self.to_goal: list[list[int]] = [
            [max(0, 8 - columns - s % 8) + max(0, 8 - rows - s // 8) for s in squares],
            [max(0, s % 8 - (columns - 1)) + max(0, s // 8 - (rows - 1)) for s in squares]]
        # steps from the far corner (h8 for White, a1 for Black)
        self.corner: list[list[int]] = [[(7 - s % 8) + (7 - s // 8) for s in squares],
                                        [s % 8 + s // 8 for s in squares]]
        self.goal_slices = [_slices(self.to_goal[0]), _slices(self.to_goal[1])]
        self.goal_levels = [_levels(self.to_goal[0]), _levels(self.to_goal[1])]
        self.corner_slices = [_slices(self.corner[0]), _slices(self.corner[1])]
        #: the race terms of a position (they do not depend on the move number)
        self.cache: dict[tuple[int, int], int] = lasting_cache({})
        # what the goal houses need however well filled: the corner steps left when finished
        self.floor: list[int] = [
            sum(self.corner[0][b] for b in range(64) if (self.homes[1] >> b) & 1),
            sum(self.corner[1][b] for b in range(64) if (self.homes[0] >> b) & 1)]

    def to_go(self, white: int, black: int) -> tuple[int, int]:
        """Steps each side's pieces have still to go to reach the goal house."""
        return _sum(white, self.goal_slices[0]), _sum(black, self.goal_slices[1])

    def depth(self, white: int, black: int) -> tuple[int, int]:
        """Steps from the far corner beyond what a finished side has (0 when finished)."""
        return (_sum(white, self.corner_slices[0]) - self.floor[0],
                _sum(black, self.corner_slices[1]) - self.floor[1])

    @staticmethod
    def jumps(white: int, black: int) -> int:
        """White's forward jumps ready (up or right) less Black's (down or left)."""
        occupied = white | black
        vertical = occupied & INNER_ROWS  # a piece jumped over up or down: off rows 1 and 8
        up = (((white >> 1) & vertical) >> 1 | occupied) ^ occupied
        right = ((((white << 8) & occupied & BEFORE_H) << 8) | occupied) ^ occupied
        down = (((black << 1) & vertical) << 1 | occupied) ^ occupied
        left = ((((black >> 8) & occupied) >> 8) | occupied) ^ occupied
        w = up.bit_count() + right.bit_count()
        b = down.bit_count() + left.bit_count()
        return w - b

    @staticmethod
    def straggler(pieces: int, to_go: int, levels: tuple[list[int], list[int]]) -> int:
        """How far the last piece is behind the average of the side's pieces (past two
        steps; ``to_go`` is their sum): nobody is left to jump over at the end."""
        values, masks = levels
        worst = 0
        for k in range(len(values)):
            if pieces & masks[k]:
                worst = values[k]
                break
        return max(0, worst - to_go // max(1, pieces.bit_count()) - 2)

    def race(self, white: int, black: int) -> int:
        """The terms that depend on the pieces alone, from White's side (cached)."""
        cached = self.cache.get((white, black))
        if cached is not None:
            return cached
        w_go, b_go = self.to_go(white, black)
        w_deep, b_deep = self.depth(white, black)
        score = (self.step * (b_go - w_go) + self.depth_weight * (b_deep - w_deep)
                 + self.jump * self.jumps(white, black))
        score -= self.straggler_weight * (self.straggler(white, w_go, self.goal_levels[0])
                                          - self.straggler(black, b_go, self.goal_levels[1]))
        if len(self.cache) >= ENGINE.cache_entries:
            self.cache.clear()
        self.cache[(white, black)] = score
        return score

    def evaluate(self, white: int, black: int, made_white: int, made_black: int) -> int:
        """White's score in tenths of a step."""
        score = self.race(white, black)
        late = _HOME_RULE_MOVE - 10
        if made_white > late:
            score -= self.home * (made_white - late) * (white & self.homes[0]).bit_count()
        if made_black > late:
            score += self.home * (made_black - late) * (black & self.homes[1]).bit_count()
        return score


_EVALS: dict[tuple[int, Any], UgolkiEval] = {}
_ZOBRIST: list[list[int]] = []


def zobrist() -> list[list[int]]:
    """White's keys per bit, Black's per bit, the one of Black to move (alone in a list),
    and the plies'. Drawn per square (row * 8 + column), in the order they were drawn
    before the masks numbered the squares by columns."""
    if not _ZOBRIST:
        rng = random.Random(8888)
        white = [rng.getrandbits(KEY_BITS) for _ in range(64)]
        black = [rng.getrandbits(KEY_BITS) for _ in range(64)]
        side = rng.getrandbits(KEY_BITS)
        plies = [rng.getrandbits(KEY_BITS) for _ in range(2 * _MOVE_LIMIT + 8)]
        _ZOBRIST.extend([[white[SQUARE_OF[b]] for b in range(64)],
                         [black[SQUARE_OF[b]] for b in range(64)], [side], plies])
    return _ZOBRIST


@final
class UgolkiBoard(SearchBoard):
    """An Ugolki position for the search (see :class:`game.ai.search.SearchBoard`)."""

    #: below the horizon, the side to move may still play its longest forward chains (this
    #: many steps gained at least, the best ``chase_moves`` of them): a race position is not
    #: judged in the middle of a run of jumps, which would favour whoever moved last
    chase_gain: int | None = None
    chase_moves: int = 2

    def __init__(self, game: Game, weights: UgolkiWeights | None = None) -> None:
        assert isinstance(game, Ugolki)
        house = game.house
        if weights is None:
            weights = UgolkiWeights()
        ev = _EVALS.get((house, weights))
        if ev is None:
            ev = _EVALS[(house, weights)] = UgolkiEval(house, weights)
        self.ev = ev
        self.homes: list[int] = ev.homes
        white, black = game.masks()
        self.masks: list[int] = [to_bits(white), to_bits(black)]
        self.side: int = 0 if game.turn is Color.WHITE else 1
        self.made: list[int] = [game.moves_made(Color.WHITE), game.moves_made(Color.BLACK)]
        self.plies: int = len(game.move_stack)
        keys = zobrist()
        self.z_white: list[int] = keys[0]
        self.z_black: list[int] = keys[1]
        self.z_side: int = keys[2][0]
        self.z_ply: list[int] = keys[3]
        self.key: int = self._key_from_scratch()
        self.stack: list[tuple[int, int, int]] = []  # (key, start, end) of each move made

    def history_keys(self, game: Game) -> list[int]:
        """None: the ply is part of the key, so no earlier position can come back."""
        return []

    def _key_from_scratch(self) -> int:
        z_ply = self.z_ply
        key = z_ply[min(self.plies, len(z_ply) - 1)] ^ (self.z_side if self.side else 0)
        for mask, z in ((self.masks[0], self.z_white), (self.masks[1], self.z_black)):
            while mask:
                rest = mask & (mask - 1)
                key ^= z[(mask ^ rest).bit_length() - 1]
                mask = rest
        return key

    # --- moves ---------------------------------------------------------------------------
    def moves(self) -> list[Any]:
        side = self.side
        own = self.masks[side]
        occupied = self.masks[0] | self.masks[1]
        banned = self.homes[side] if self.made[side] >= _HOME_RULE_MOVE else 0
        free = ~(occupied | banned)
        out: list[tuple[int, int, int]] = []
        rest = own
        while rest:
            remaining = rest & (rest - 1)
            low = rest ^ remaining
            rest = remaining
            start = low.bit_length() - 1
            others = occupied ^ low
            ends = chain_ends(low, others)
            if banned:
                ends = (ends | banned) ^ banned
            ends |= step_ends(low, free)
            while ends:
                remaining = ends & (ends - 1)
                out.append((start, (ends ^ remaining).bit_length() - 1, others))
                ends = remaining
        return out

    def forced(self, moves: list[Any]) -> bool:
        return False

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        stand = self.evaluate()
        gain = self.chase_gain
        if gain is None:
            return [], stand
        far = self.ev.corner[self.side]
        best = sorted(((far[m[0]] - far[m[1]], m) for m in self.moves()),
                      key=lambda item: -item[0])[:self.chase_moves]
        return [m for g, m in best if g >= gain], stand

    def capture_size(self, move: Any) -> int:
        """The steps a move gains toward the goal: the search tries long forward chains
        first, as a person looks for them."""
        far = self.ev.corner[self.side]
        start: int = move[0]
        end: int = move[1]
        gain = far[start] - far[end]
        return gain if gain > 0 else 0

    def history_key(self, move: Any) -> int:
        start: int = move[0]
        end: int = move[1]
        return start * 64 + end

    def public(self, move: Any) -> Move:
        if isinstance(move, Move):
            return move
        start: int = SQUARE_OF[move[0]]
        end: int = SQUARE_OF[move[1]]
        if abs(start - end) in (1, 8) and (start // 8 == end // 8 or start % 8 == end % 8):
            return Move(start, (end,))  # a step
        path = route(start, end, from_bits(move[2]))
        assert path is not None, "a raw move out of its position"
        return Move(start, path)

    def make(self, move: Any) -> None:
        start: int = move[0]
        end: int = move[1]
        side = self.side
        z = self.z_white if side == 0 else self.z_black
        z_ply = self.z_ply
        self.stack.append((self.key, start, end))
        self.masks[side] ^= (1 << start) | (1 << end)
        self.made[side] += 1
        plies = self.plies
        last = len(z_ply) - 1
        self.key ^= (z[start] ^ z[end] ^ self.z_side ^ z_ply[min(plies, last)]
                     ^ z_ply[min(plies + 1, last)])
        self.plies = plies + 1
        self.side = 1 - side

    def unmake(self) -> None:
        key, start, end = self.stack.pop()
        self.key = key
        self.plies -= 1
        side = 1 - self.side
        self.side = side
        self.made[side] -= 1
        self.masks[side] ^= (1 << start) | (1 << end)

    # --- scores --------------------------------------------------------------------------
    def evaluate(self) -> int:
        ev = self.ev
        score = ev.evaluate(self.masks[0], self.masks[1], self.made[0], self.made[1])
        if self.side == 0:
            return score + ev.tempo
        return -(score - ev.tempo)

    def _finished(self, side: int) -> bool:
        mine = self.masks[side]
        return bool(mine) and mine & self.homes[1 - side] == mine

    def rule_end(self, ply: int) -> int | None:
        """The rules' ends (see :meth:`Ugolki._decide`), scored for the side to move."""
        me = self.side
        done_w = self._finished(0)
        done_b = self._finished(1)
        if done_w or done_b:
            if done_w and done_b:
                return 0
            winner = 0 if done_w else 1
            other = 1 - winner
            if not (me == other and self.made[other] < self.made[winner]):
                return _WIN - ply if winner == me else -_WIN + ply
        mover = 1 - me
        if self.made[mover] >= _HOME_RULE_MOVE and self.masks[mover] & self.homes[mover]:
            return _WIN - ply
        if self.made[0] >= _MOVE_LIMIT and self.made[1] >= _MOVE_LIMIT:
            w = (self.masks[0] & self.homes[1]).bit_count()
            b = (self.masks[1] & self.homes[0]).bit_count()
            if w == b:
                return 0
            return _WIN - ply if (w > b) == (me == 0) else -_WIN + ply
        return None

    def no_moves_score(self, ply: int) -> int:
        return -_WIN + ply

    def repetition_score(self, ply: int) -> int:
        return 0  # the ply is in the key: a position never comes back
