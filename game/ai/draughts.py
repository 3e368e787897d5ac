"""The search's view of a draughts game: the four bitboards, side-relative, made and unmade
with an incremental Zobrist key, the draw counters the rules keep, and the evaluation.

The public ``push``/``pop`` of :class:`DraughtsGame` build Move objects and keep the game's
history; inside the search a move is one int, the generator's move code (start and end bit,
the captured pieces' mask, whether it crowns: game/rules/movegen.py), which :meth:`make`
reads without building anything. Its landing squares on the way are not in it: the rules'
Move is built (:meth:`DraughtsBoard.public`) in the position where the move is played.

Compiled with mypyc (game/native.py), with game/ai/draughts_more.py whose boards derive
from these.
"""
from __future__ import annotations

import random
from dataclasses import replace

from game.ai.endgame import DIST_CAP, EndgameTable, table_for
# the hand-made weights a board reads when it is made: named here as exported, as
# benchmarks/ab_engine.py sets them on this module for one side of a match
from game.ai.eval_draughts import INTERNATIONAL_WEIGHTS as INTERNATIONAL_WEIGHTS
from game.ai.eval_draughts import RUSSIAN_WEIGHTS as RUSSIAN_WEIGHTS
from game.ai.eval_draughts import DraughtsEval, Weights
from game.ai.eval_learned import learned_eval
from game.ai.options import ENGINE, plays_learned
from game.ai.search import TUNING, WIN, SearchBoard
from game.rules.core import Move
from game.rules.draughts import KINGS_ONLY_MOVES, DraughtsGame, MoveGenerator, Tables
from game.rules.movegen import CAPTURE_SHIFT, END_SHIFT, SQUARE, popcount

_ZOBRIST: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                          int]] = {}


def zobrist(nbits: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                                 tuple[int, ...], int]:
    """Random keys (fixed seed) for white men, white kings, black men, black kings, and the
    side to move (XORed in when Black is to move)."""
    keys = _ZOBRIST.get(nbits)
    if keys is None:
        rng = random.Random(20240917 + nbits)
        tables = [tuple(rng.getrandbits(62) for _ in range(nbits)) for _ in range(4)]
        keys = (tables[0], tables[1], tables[2], tables[3], rng.getrandbits(62))
        _ZOBRIST[nbits] = keys
    return keys


#: the evaluations built, by board size, whether the board is turned, and weights
_EVALS: dict[tuple[int, bool, Weights], DraughtsEval] = {}


class _Undo:
    """What :meth:`DraughtsBoard.unmake` restores of one move made. A board keeps one record
    per ply of its line and reuses them: compiled, their fields are machine ints, so making
    a move allocates nothing (a tuple of the same values cost six int objects and the
    tuple, made and freed at every node)."""

    __slots__ = ("om", "ok", "pm", "pk", "white", "key", "kings_only", "balance_plies")

    def __init__(self) -> None:
        self.om = self.ok = self.pm = self.pk = 0
        self.white = True
        self.key = 0
        self.kings_only = 0
        self.balance_plies = 0


class DraughtsBoard(SearchBoard):
    """A draughts position for the search (see :class:`game.ai.search.SearchBoard`)."""

    learnable = True  # whether the learned evaluation applies (not to the giveaway games)

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        self.rules = game  # its material draw rules are the search's too (endgame_plies)
        self.game_name = game.name  # whose endgame table
        self.more_pieces_win = game.more_pieces_win  # at the move limit (giveaway: fewer)
        self.t: Tables = game._tables
        self.gen: MoveGenerator = game._generator
        nbits = len(self.t.number_of)
        self.z = zobrist(nbits)
        learned = None
        if self.learnable and plays_learned(game.name):
            learned = learned_eval(game.name, self.t)
        if learned is not None:
            self.ev: DraughtsEval = learned
        else:
            if weights is None:
                weights = INTERNATIONAL_WEIGHTS if self.t.size == 10 else RUSSIAN_WEIGHTS
            key = (self.t.size, self.t.turned, weights)
            cached = _EVALS.get(key)
            if cached is None:
                cached = _EVALS[key] = DraughtsEval(self.t, weights)
            self.ev = cached
        if not ENGINE.tables:
            self.table_pieces = 0
        self.number = self.t.number_of
        options = game.options
        self.tournament = bool(options.get("tournament_draws", True))
        self.kings_only_limit = game.kings_only_limit
        limit = options.get("move_limit")
        self.ply_limit = None if limit is None else 2 * limit
        wm, wk, bm, bk = game.bitboards()
        self.white = game.turn.value == "W"
        if self.white:
            self.om, self.ok, self.pm, self.pk = wm, wk, bm, bk
        else:
            self.om, self.ok, self.pm, self.pk = bm, bk, wm, wk
        self.key = self._key_from_scratch()
        self.kings_only = 0
        self.balance_plies = 0
        if rule_root:
            for counter in game.draw_counters():
                if counter.termination is KINGS_ONLY_MOVES:
                    self.kings_only = 2 * counter.count
                else:
                    self.balance_plies = max(self.balance_plies, 2 * counter.count)
        self.game_plies = len(game.move_stack)
        self.undo: list[_Undo] = []  # a record for each ply made, reused (see _Undo)
        self.made = 0  # moves made and not unmade: the records in use
        # the move codes' fields (game/rules/movegen.py)
        self.half = self.t.capture_low  # where the codes' captured field starts
        self.capture_field = self.t.capture_field
        self.promote_flag = self.t.promote_flag
        self.eval_cache: dict[object, int] = {}  # int keys (see evaluate)
        self.cache_entries = ENGINE.cache_entries  # (read once: a lookup by name costs)
        # the move generator lists a side's men from the top of the board down: the most
        # advanced first for White, the least advanced first for Black. The search tries the
        # first moves fully and the late ones less deeply, so Black's moves are listed the
        # other way round, and a position and its mirror image are searched alike (with the
        # generator's order Black was searched differently from White: in self-play and
        # against another engine the two colours did not score alike)
        self.mirror_black = ENGINE.search != "classic"

    def _key_from_scratch(self) -> int:
        zwm, zwk, zbm, zbk, zside = self.z
        if self.white:
            wm, wk, bm, bk = self.om, self.ok, self.pm, self.pk
        else:
            wm, wk, bm, bk = self.pm, self.pk, self.om, self.ok
        key = 0 if self.white else zside
        for board, z in ((wm, zwm), (wk, zwk), (bm, zbm), (bk, zbk)):
            while board:
                b = board & -board
                board ^= b
                key ^= z[b.bit_length() - 1]
        return key

    def key_of(self, wm: int, wk: int, bm: int, bk: int, white: bool) -> int:
        """The key of another position on this board (for the game's earlier positions)."""
        zwm, zwk, zbm, zbk, zside = self.z
        key = 0 if white else zside
        for board, z in ((wm, zwm), (wk, zwk), (bm, zbm), (bk, zbk)):
            while board:
                b = board & -board
                board ^= b
                key ^= z[b.bit_length() - 1]
        return key

    # --- moves ---------------------------------------------------------------------------
    def moves(self) -> list[int]:
        caps = self.gen.capture_codes(self.om, self.ok, self.pm, self.pk, self.white)
        if caps:
            if self.mirror_black and not self.white:
                caps = self._black_order(caps)
            return caps
        return self.gen.quiet_codes(self.om, self.ok, self.pm, self.pk, self.white,
                                    self.mirror_black and not self.white)

    def _black_order(self, caps: list[int]) -> list[int]:
        """Black's captures in the mirror image of White's order: the generator's list turned
        round (its search of each piece's jumps then runs in the mirrored directions), men
        before kings as for White."""
        caps.reverse()
        ok = self.ok
        if not ok or len(caps) == 1:
            return caps
        return ([c for c in caps if not ok >> (c & SQUARE) & 1]
                + [c for c in caps if ok >> (c & SQUARE) & 1])

    def forced(self, moves: list[int]) -> bool:
        return bool(moves) and moves[0] >> CAPTURE_SHIFT & self.capture_field != 0

    def quiescence(self, ply: int) -> tuple[list[int], int | None]:
        caps = self.gen.capture_codes(self.om, self.ok, self.pm, self.pk, self.white)
        if caps:
            if self.mirror_black and not self.white:
                caps = self._black_order(caps)
            return caps, None  # a capture is compulsory: no standing pat
        if not self.gen.count_quiet(self.om, self.ok, self.pm, self.pk, self.white):
            return [], -WIN + ply  # blocked: lost
        return [], self.evaluate()

    def sees_threats(self) -> bool:
        return True

    def reverse_futility(self) -> bool:
        """Measured to pay in International and Russian (game.ai.search.RFP); a board whose
        game lost with it, or was not measured, says no."""
        return True

    def history_malus(self) -> bool:
        """Measured in International and Russian (game.ai.search.Tuning.malus: a small gain,
        no loss); a board whose game was not measured says no."""
        return True

    def threatened(self) -> bool:
        """Whether the opponent could capture if it were its move (see the search)."""
        return self.gen.capturers(self.pm, self.pk, self.om, self.ok, not self.white) != 0

    def exchanges(self) -> list[int]:
        """The men's quiet moves after which the opponent's men must capture and every
        capture they have leaves one back (a man given for a man, or more), while there is
        no king on the board (a king's long moves and captures are no exchange); asked where
        the opponent threatens nothing."""
        if self.pk or self.ok:
            return []
        own, other, white, gen = self.om, self.pm, self.white, self.gen
        offers: list[int] = []
        for move in gen.quiet_codes(own, 0, other, 0, white, self.mirror_black and not white):
            moved = own ^ (1 << (move & SQUARE)) ^ (1 << (move >> END_SHIFT & SQUARE))
            if not gen.capturers(other, 0, moved, 0, not white):
                continue
            back = True
            for taken in gen.capture_codes(other, 0, moved, 0, not white):
                if taken & gen.promote_flag:
                    back = False  # a king made on the way is no exchange
                    break
                after = other ^ (1 << (taken & SQUARE)) ^ (1 << (taken >> END_SHIFT & SQUARE))
                if not gen.capturers(moved & ~gen.code_capmask(taken), 0, after, 0, white):
                    back = False
                    break
            if back:
                offers.append(move)
        return offers

    def capture_size(self, move: int) -> int:
        return popcount(move >> CAPTURE_SHIFT & self.capture_field)

    def history_key(self, move: int) -> int:
        return (move & SQUARE) * 128 + (move >> END_SHIFT & SQUARE)

    def move_facts(self, moves: list[int]) -> list[int]:
        """Each move's ``capture_size << 32 | history_key``, for the search's ordering."""
        field = self.capture_field
        return [popcount(m >> CAPTURE_SHIFT & field) << 32
                | (m & SQUARE) * 128 + (m >> END_SHIFT & SQUARE) for m in moves]

    def public(self, move: int) -> Move:
        """The rules' Move of a move code legal here (a capture's route is the one the rules
        list: the first the generator finds)."""
        number = self.number
        start = move & SQUARE
        end = move >> END_SHIFT & SQUARE
        capmask = (move >> CAPTURE_SHIFT & self.capture_field) << self.half
        if not capmask:
            return Move(number[start], (number[end],), (), move & self.promote_flag != 0)
        for s, path, captured, mask, promotes in self.gen.captures(
                self.om, self.ok, self.pm, self.pk, self.white, majority=False):
            if s == start and path[-1] == end and mask == capmask:
                return Move(number[s], tuple(number[b] for b in path),
                            tuple(number[b] for b in captured), promotes)
        raise ValueError(f"move code {move} is not a capture here")

    def raw(self, move: Move) -> int:
        """The raw form of a public move legal here."""
        for raw in self.moves():
            if self.public(raw) == move:
                return raw
        raise ValueError(f"{move} is not legal here")

    def make(self, move: int) -> None:
        om, ok, pm, pk = self.om, self.ok, self.pm, self.pk
        white = self.white
        key = self.key
        made = self.made
        if made == len(self.undo):
            self.undo.append(_Undo())
        undo = self.undo[made]
        self.made = made + 1
        undo.om, undo.ok, undo.pm, undo.pk = om, ok, pm, pk
        undo.white, undo.key = white, key
        undo.kings_only, undo.balance_plies = self.kings_only, self.balance_plies
        zwm, zwk, zbm, zbk, zside = self.z
        if white:
            zm, zk, zpm, zpk = zwm, zwk, zbm, zbk
        else:
            zm, zk, zpm, zpk = zbm, zbk, zwm, zwk
        s = move & SQUARE
        e = move >> END_SHIFT & SQUARE
        capmask = (move >> CAPTURE_SHIFT & self.capture_field) << self.half
        fb = 1 << s
        if om & fb:
            om ^= fb
            if move & self.promote_flag:
                ok |= 1 << e
                key ^= zm[s] ^ zk[e]
                self.balance_plies = 0
            else:
                om |= 1 << e
                key ^= zm[s] ^ zm[e]
                self.balance_plies += 1
            self.kings_only = 0
        else:
            ok = (ok ^ fb) | (1 << e)  # (a capture may end where it began)
            key ^= zk[s] ^ zk[e]
            self.kings_only += 1
            self.balance_plies += 1
        if capmask:
            rest = capmask
            while rest:
                b = rest & -rest
                rest ^= b
                c = b.bit_length() - 1
                key ^= zpm[c] if pm & b else zpk[c]
            pm &= ~capmask
            pk &= ~capmask
            self.kings_only = 0
            self.balance_plies = 0
        self.om, self.ok, self.pm, self.pk = pm, pk, om, ok
        self.white = not white
        self.key = key ^ zside
        self.game_plies += 1

    def unmake(self) -> None:
        self.made -= 1
        undo = self.undo[self.made]
        self.om, self.ok, self.pm, self.pk = undo.om, undo.ok, undo.pm, undo.pk
        self.white, self.key = undo.white, undo.key
        self.kings_only, self.balance_plies = undo.kings_only, undo.balance_plies
        self.game_plies -= 1

    # --- scores --------------------------------------------------------------------------
    def white_boards(self) -> tuple[int, int, int, int]:
        if self.white:
            return self.om, self.ok, self.pm, self.pk
        return self.pm, self.pk, self.om, self.ok

    def evaluate(self) -> int:
        # the pieces alone (boxed once: compiled, each use of an int key as a dict's makes
        # an int object of it)
        key: object = self.key if self.white else self.key ^ self.z[4]
        cached = self.eval_cache.get(key)
        if cached is not None:
            return cached if self.white else -cached
        wm, wk, bm, bk = self.white_boards()
        score = self._evaluate(wm, wk, bm, bk)
        if len(self.eval_cache) >= self.cache_entries:
            self.eval_cache.clear()
        self.eval_cache[key] = score
        return score if self.white else -score

    def _evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        return self.ev.evaluate(wm, wk, bm, bk)

    def rule_end(self, ply: int) -> int | None:
        pieces = popcount(self.om | self.ok | self.pm | self.pk)
        if self.tournament:
            if self.kings_only_limit and self.kings_only >= self.kings_only_limit:
                return 0
            if pieces <= 8:
                wm, wk, bm, bk = self.white_boards()
                limit = self.rules.endgame_plies(wm, wk, bm, bk)
                if limit is not None and self.balance_plies >= limit:
                    return 0
        if self.ply_limit is not None:
            if self.game_plies >= self.ply_limit:
                return self._adjudicate(ply)
            return None  # the tables know nothing of a move limit's count
        if pieces <= self.table_pieces:
            return self.probe_table(ply)
        return None

    #: how many pieces the endgame table covers (0: none, or not looked for yet)
    table_pieces = 5
    _table: EndgameTable | None = None
    _table_loaded = False

    def probe_table(self, ply: int) -> int | None:
        """The exact score from the endgame table, if it has this position and its result
        cannot be changed by the draw rules' counters; else None (search on).

        A draw with unlimited moves stays a draw under any counting rule. A win counts only
        when it is over before the counters could end the game: within the plies left of the
        kings-only count and of the shortest material rule the game has (its count is at most
        the plies since the last capture or promotion)."""
        if not self._table_loaded:
            self._table_loaded = True
            self._table = table_for(self.game_name, self.t)
            self.table_pieces = self._table.max_pieces if self._table is not None else 0
        table = self._table
        if table is None:
            return None
        found = table.probe(self.om, self.ok, self.pm, self.pk, self.white)
        if found is None or self.gen.capturers(self.om, self.ok, self.pm, self.pk, self.white):
            return None  # not in the table, or a capture pending (not stored)
        result, dist = found
        if result == 0:
            return 0
        if self.tournament:
            budget = (self.kings_only_limit - self.kings_only if self.kings_only_limit
                      else DIST_CAP)
            shortest = self.rules.shortest_material_rule
            if shortest is not None:
                budget = min(budget, shortest - self.balance_plies)
            if dist > budget or dist >= DIST_CAP:
                return None
        return WIN - ply - dist if result > 0 else -WIN + ply + dist

    def _adjudicate(self, ply: int) -> int:
        mine = popcount(self.om | self.ok)
        theirs = popcount(self.pm | self.pk)
        if mine == theirs:
            mine, theirs = popcount(self.ok), popcount(self.pk)
        if mine == theirs:
            return 0
        return WIN - ply if (mine > theirs) == self.more_pieces_win else -WIN + ply

    def no_moves_score(self, ply: int) -> int:
        return -WIN + ply

    def repetition_score(self, ply: int) -> int:
        return 0

    def history_keys(self, game: DraughtsGame) -> list[int]:
        """Keys of the game's earlier positions that a later one could repeat."""
        return history_keys(game, self)

    @classmethod
    def for_game(cls, game: DraughtsGame) -> type[DraughtsBoard]:
        """The board class for ``game``: this one, or for Russian draughts "with фук" (an
        option of the game) the board that knows optional captures and huffs."""
        if game.huffing and not issubclass(cls, HuffBoard):
            return HuffBoard
        return cls


class InternationalBoard(DraughtsBoard):
    """International draughts: a king is hard to catch on the big board. Three pieces seldom
    beat a king (the 16- and 5-move rules), so a lead held with three pieces or fewer against
    a king is worth an eighth; with a king each and the men within one of each other, half
    (the side behind's king keeps the draw in reach). (Without ``TUNING.drawish``, as before:
    only a lone king against at most three pieces, one of them a king, an eighth.)"""

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, weights=weights, rule_root=rule_root)
        self.drawish = TUNING.drawish

    def offers_exchanges(self) -> bool:
        return True  # 109/200 against captures only (benchmarks/ab_engine.py --b-exchanges)

    def _evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        score = self.ev.evaluate(wm, wk, bm, bk)
        if self.drawish:
            if score > 0 and bk:  # White ahead, Black has a king
                return _drawish(score, wm, wk, bm, bk)
            if score < 0 and wk:
                return _drawish(score, bm, bk, wm, wk)
            return score
        if (wk | bk) and popcount(wm | wk | bm | bk) <= 4:
            if (not bm and popcount(bk) == 1 and wk and popcount(wm | wk) <= 3) or \
                    (not wm and popcount(wk) == 1 and bk and popcount(bm | bk) <= 3):
                score = int(score / 8)  # towards zero: the same for both sides
        return score


def _drawish(score: int, am: int, ak: int, bm: int, bk: int) -> int:
    """``score`` (``a`` ahead, ``b`` with a king) scaled as InternationalBoard says, towards
    zero, so the same for either side."""
    if popcount(am | ak) <= 3:
        return int(score / 8)
    if popcount(ak) == popcount(bk) and abs(popcount(am) - popcount(bm)) <= 1:
        return int(score / 2)
    return score


def history_keys(game: DraughtsGame, board: DraughtsBoard) -> list[int]:
    """Keys of the game's earlier positions that a later one could repeat (back to the last
    man move or capture, which nothing can undo)."""
    keys: list[int] = []
    copy = game.copy()
    while copy.move_stack:
        move = copy.pop()
        wm, wk, bm, bk = copy.bitboards()
        keys.append(board.key_of(wm, wk, bm, bk, copy.turn.value == "W"))
        if move.captured or move.huff is not None \
                or not (wk | bk) & (1 << board.t.bit_of[move.start]):
            break
    return keys


_HUFF_KEYS: dict[int, tuple[int, ...]] = {}


def _huff_keys(nbits: int) -> tuple[int, ...]:
    """Random keys (fixed seed) for each piece that may be huffed: a position with the right
    to huff is not the same position without it."""
    keys = _HUFF_KEYS.get(nbits)
    if keys is None:
        rng = random.Random(1884 + nbits)
        keys = _HUFF_KEYS[nbits] = tuple(rng.getrandbits(62) for _ in range(nbits))
    return keys


class HuffBoard(DraughtsBoard):
    """Russian draughts "with фук" for the search: captures are optional, and a side that
    skipped one may have a piece huffed at the start of the opponent's turn.

    A move after a huff is the move's code with the huffed bit + 1 above the code's bits
    (``huff_shift``); the right to huff is part of the position (its key), and the evaluation
    counts it as the piece it will take. Skipping a capture is not forbidden, but the
    stand-pat score below the horizon knows what it costs: the opponent will take the most
    valuable of the pieces that could have captured.
    """

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, weights=weights, rule_root=rule_root)
        self.zh = _huff_keys(len(self.t.number_of))
        self.huff_shift = self.t.code_bits
        self.code_mask = (1 << self.t.code_bits) - 1
        assert self.huff_shift + 7 <= 62  # a huffed move's code stays an unboxed int
        self.huffable = 0
        for square in game.huff_choices():
            self.huffable |= 1 << self.t.bit_of[square]
        self.key ^= self._huff_hash(self.huffable)
        self.hstack: list[tuple[int, int, int, int]] = []

    def _huff_hash(self, mask: int) -> int:
        key = 0
        while mask:
            b = mask & -mask
            mask ^= b
            key ^= self.zh[b.bit_length() - 1]
        return key

    def _value(self, men: int, kings: int) -> int:
        """The most a huff of one of these pieces takes (a king if there is one)."""
        if kings:
            return self.ev.w.king
        return self.ev.w.man if men else 0

    # --- moves ---------------------------------------------------------------------------
    def moves(self) -> list[int]:
        gen, om, ok, pm, pk, white = self.gen, self.om, self.ok, self.pm, self.pk, self.white
        out = gen.capture_codes(om, ok, pm, pk, white)
        out.extend(gen.quiet_codes(om, ok, pm, pk, white))
        rest = self.huffable
        while rest:
            b = rest & -rest
            rest ^= b
            huff = (b.bit_length()) << self.huff_shift  # the huffed bit + 1
            pm2, pk2 = pm & ~b, pk & ~b
            for m in gen.capture_codes(om, ok, pm2, pk2, white):
                out.append(m | huff)
            for m in gen.quiet_codes(om, ok, pm2, pk2, white):
                out.append(m | huff)
        return out

    def forced(self, moves: list[int]) -> bool:
        return False  # nothing is compulsory with фук

    def threatened(self) -> bool:
        """No threat is followed past the horizon: a capture is not compulsory, and the
        stand-pat score already counts what a skipped one costs."""
        return False

    def reverse_futility(self) -> bool:
        return False  # it needs threats seen (``threatened``) to cut safely

    def history_malus(self) -> bool:
        return False  # not measured with huffs

    def quiescence(self, ply: int) -> tuple[list[int], int | None]:
        """Captures, and captures after each huff, to follow; the stand-pat score is the best
        of standing with or without a huff. Standing means a quiet move, which costs the
        most valuable piece that could have captured (the opponent huffs it)."""
        gen, om, ok, pm, pk, white = self.gen, self.om, self.ok, self.pm, self.pk, self.white
        caps = gen.capture_codes(om, ok, pm, pk, white)
        if not caps and not self.huffable and not gen.count_quiet(om, ok, pm, pk, white):
            return [], -WIN + ply  # blocked: lost
        stand = super().evaluate() - self._skip_cost(pm, pk, bool(caps))
        rest = self.huffable
        while rest:
            b = rest & -rest
            rest ^= b
            huff = (b.bit_length()) << self.huff_shift
            after = gen.capture_codes(om, ok, pm & ~b, pk & ~b, white)
            stand = max(stand, self._static(pm & ~b, pk & ~b)
                        - self._skip_cost(pm & ~b, pk & ~b, bool(after)))
            for m in after:
                caps.append(m | huff)
        return caps, stand

    def _skip_cost(self, pm: int, pk: int, can_capture: bool) -> int:
        """What a quiet move costs the side to move: with a capture on the board, the most
        valuable of its pieces that could take, huffed by the opponent next turn."""
        if not can_capture:
            return 0
        mask = self.gen.capturers(self.om, self.ok, pm, pk, self.white)
        return self._value(self.om & mask, self.ok & mask)

    def _static(self, pm: int, pk: int) -> int:
        """The evaluation for the side to move with the opponent's pieces ``pm``/``pk``."""
        if self.white:
            return self._evaluate(self.om, self.ok, pm, pk)
        return -self._evaluate(pm, pk, self.om, self.ok)

    def capture_size(self, move: int) -> int:
        if move >> self.huff_shift:
            return 1 + super().capture_size(move & self.code_mask)  # a huff is a piece won
        return super().capture_size(move)

    def history_key(self, move: int) -> int:
        huff = move >> self.huff_shift  # the huffed bit + 1
        if huff:
            return super().history_key(move & self.code_mask) + huff * 16384
        return super().history_key(move)

    def history_size(self) -> int:
        return (len(self.t.coord_of) + 2) * 16384  # the huffed bit + 1 above a move's key

    def move_facts(self, moves: list[int]) -> list[int]:
        return [self.capture_size(m) << 32 | self.history_key(m) for m in moves]

    def public(self, move: int) -> Move:
        huff = move >> self.huff_shift
        if not huff:
            return super().public(move)
        # the move is played once the piece is huffed: its route is the one found then
        b = 1 << (huff - 1)
        pm, pk = self.pm, self.pk
        self.pm, self.pk = pm & ~b, pk & ~b
        try:
            plain = super().public(move & self.code_mask)
        finally:
            self.pm, self.pk = pm, pk
        return replace(plain, huff=self.number[huff - 1])

    def make(self, move: int) -> None:
        self.hstack.append((self.pm, self.pk, self.key, self.huffable))
        huff = move >> self.huff_shift
        if huff:
            h = huff - 1
            move &= self.code_mask
            b = 1 << h
            zwm, zwk, zbm, zbk, _ = self.z
            zpm, zpk = (zbm, zbk) if self.white else (zwm, zwk)
            if self.pm & b:
                self.pm ^= b
                self.key ^= zpm[h]
            else:
                self.pk ^= b
                self.key ^= zpk[h]
        self.key ^= self._huff_hash(self.huffable)
        capturers = 0
        if not move >> CAPTURE_SHIFT & self.capture_field:
            # a quiet move: the pieces that could have captured may be huffed next turn
            capturers = self.gen.capturers(self.om, self.ok, self.pm, self.pk, self.white)
            start = move & SQUARE
            if capturers >> start & 1:
                capturers ^= (1 << start) | (1 << (move >> END_SHIFT & SQUARE))
        super().make(move)
        self.huffable = capturers
        self.key ^= self._huff_hash(capturers)
        if huff:
            self.balance_plies = 0  # the balance changed: the draw counts start again

    def unmake(self) -> None:
        super().unmake()
        self.pm, self.pk, self.key, self.huffable = self.hstack.pop()

    def evaluate(self) -> int:
        score = super().evaluate()
        if self.huffable:
            # the right to huff is a piece about to be taken (the side to move's gain)
            score += self._value(self.pm & self.huffable, self.pk & self.huffable)
        return score
