"""Game-independent alpha-beta search: iterative deepening, PVS, a transposition table,
quiescence (with a ply more where the opponent threatens a capture, and at the horizon the
exchanges a board offers), killer and history ordering (a cut-off's move rises, the quiet
moves tried before it fall), aspiration windows and a clock that can stop it.

The search talks to a :class:`SearchBoard`: a variant's fast make/unmake position (draughts on
bitboards, Apokachi on its own arrays) that keeps a Zobrist key up to date as it goes.
Scores are from the side to move's point of view, in hundredths of a man.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from game.ai.options import ENGINE
from game.ai.table import EXACT as _EXACT, LOWER as _LOWER, UPPER as _UPPER
from game.ai.table import DEPTH_MASK, FLAG_MASK, FLAG_SHIFT, MOVE_MASK, MOVE_SHIFT, \
    SCORE_BIAS, SCORE_MASK, SCORE_SHIFT, TranspositionTable
from game.rules.core import Move

WIN: Final = 30000  # a won game; a win in p plies scores WIN - p
WON: Final = WIN - 1000  # scores beyond this are forced results, not evaluations
INF: Final = WIN + 1


class SearchBoard:
    """What the search needs from a variant's position (see game/ai/draughts.py): every
    game's search board derives from this class and overrides its methods. A base class
    rather than a protocol, so that the compiled search calls a compiled board's methods
    directly (through the class's table) instead of looking each one up by its name."""

    key: int  # the Zobrist key of the position and side to move

    def moves(self) -> list[Any]:
        """Every legal move in a raw form the board understands (captures first if any),
        in the same order whenever the position is the same: the transposition table keeps
        a position's best move as its index in this list."""
        raise NotImplementedError

    def forced(self, moves: list[Any]) -> bool:
        """Whether these moves are a compulsory capture (the position is not quiet)."""
        raise NotImplementedError

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        """Moves to follow below the horizon and the stand-pat score (None: no standing pat)."""
        raise NotImplementedError

    def make(self, move: Any) -> None:
        raise NotImplementedError

    def unmake(self) -> None:
        raise NotImplementedError

    def evaluate(self) -> int:
        raise NotImplementedError

    def rule_end(self, ply: int) -> int | None:
        """The score if a rule ends the game here (draw counters, move limit), else None."""
        raise NotImplementedError

    def no_moves_score(self, ply: int) -> int:
        """The score of the side to move when it has no legal move."""
        raise NotImplementedError

    def repetition_score(self, ply: int) -> int:
        """The score of a position repeated within the game and the search."""
        raise NotImplementedError

    def capture_size(self, move: Any) -> int:
        raise NotImplementedError

    def sees_threats(self) -> bool:
        """Whether :meth:`threatened` means anything on this board (the draughts games)."""
        return False

    def reverse_futility(self) -> bool:
        """Whether the search may cut a quiet node standing far above beta unsearched
        (:data:`RFP`; it needs :meth:`threatened`): a board says so where it was measured to
        pay."""
        return False

    def offers_exchanges(self) -> bool:
        """Whether the quiescence search follows :meth:`exchanges` at the horizon
        (``TUNING.exchanges``): a board says so where it was measured to pay."""
        return False

    def exchanges(self) -> list[Any]:
        """In a quiet position where the opponent threatens nothing, the quiet moves that
        offer an exchange (the opponent must capture, and every capture of theirs leaves one
        back); asked only of a board that :meth:`offers_exchanges`."""
        return []

    def history_malus(self) -> bool:
        """Whether a quiet move's cut-off also lowers the history of the quiet moves searched
        before it (``TUNING.malus``): a board says so where it was measured."""
        return False

    def move_facts(self, moves: list[Any]) -> list[int] | None:
        """Each move's ``capture_size(m) << 32 | history_key(m)`` (a history key below
        2**32), all in one call, or None (the search then asks move by move): the ordering
        reads these of every move, and one call costs less than two a move."""
        return None

    def threatened(self) -> bool:
        """Whether the opponent could capture if it were its move (a quiet position below
        the horizon is then searched one more ply, see _quiesce)."""
        return False

    def history_key(self, move: Any) -> int:
        """A number below :meth:`history_size` for the move's kind (its start and end
        squares): the search's history counts the cut-offs of each."""
        raise NotImplementedError

    def history_size(self) -> int:
        """What every history key is below (the search keeps a list this long)."""
        return HISTORY_SIZE

    def public(self, move: Any) -> Move:
        """The move as the rules know it; asked only in the position where it is legal."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Limit:
    """When to stop: seconds, depth in plies, or nodes (any combination; None is no limit)."""

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move found, its score (side to move, 1/100 man), the depth completed, nodes
    searched and the principal variation (starting with ``move``)."""

    move: Move
    score: int
    depth: int
    nodes: int
    pv: tuple[Move, ...]
    root_scores: tuple[tuple[Move, int], ...] = ()  # every root move's score (multipv only)


class _Stop(Exception):
    """Raised inside the search when time is up or the caller cancelled."""


MAX_PLY: Final = 128
#: 1/100 man: how far below alpha a frontier node may stand and be skipped
FUTILITY: Final = 120
THREAT_PLIES: Final = 48  # no threat is followed past a quiet horizon deeper than this
#: with a time limit, no new iteration is begun after this share of the time has gone (an
#: iteration costs several times the last one; an unfinished one still counts when a move
#: beat the best in it)
NEXT_ITERATION: Final = 0.55
#: late-move reductions (depth, index, depth, index): from the first depth and move index a
#: late quiet move is searched a ply less, from the second pair two plies less
LMR: Final = (2, 2, 4, 5)
#: reverse futility (depth, margin): off the principal line, a quiet node this many plies or
#: fewer from the horizon whose evaluation stands the margin a ply above beta, with no
#: capture threatened against the side to move, is cut without searching its moves (0: never),
#: on a board that says it pays (``SearchBoard.reverse_futility``). Against none at 0.1 s
#: (benchmarks/ab_engine.py --a-rfp): International 213/400, Russian 106/200
RFP: Final = (3, 40)
#: a board's history keys are below this unless it says otherwise (SearchBoard.history_size)
HISTORY_SIZE: Final = 1 << 16


class Tuning:
    """The search's settings a benchmark may change (``benchmarks/ab_engine.py``): each
    search reads them from :data:`TUNING` when it begins. (Compiled code takes a ``Final``
    constant's value at compile time, so setting the module's NEXT_ITERATION or LMR from
    outside would change nothing in a compiled search.)"""

    def __init__(self) -> None:
        self.next_iteration: float = NEXT_ITERATION
        self.lmr: tuple[int, int, int, int] = LMR
        self.rfp: tuple[int, int] = RFP
        #: International's evaluation scales a lead down where kings make it hard to win
        #: (see game.ai.draughts.InternationalBoard), not only in the fewest pieces
        self.drawish: bool = True
        #: a quiet move's cut-off also counts against the quiet moves searched before it in
        #: the same node (their history falls by what the cut-off's rises)
        self.malus: bool = True
        #: the quiescence search follows a board's offered exchanges (SearchBoard.exchanges)
        self.exchanges: bool = True

    def take(self, other: Tuning) -> None:
        """Every setting of ``other`` (a benchmark's player, before its move)."""
        self.next_iteration, self.lmr, self.rfp = other.next_iteration, other.lmr, other.rfp
        self.drawish, self.malus, self.exchanges = other.drawish, other.malus, other.exchanges


TUNING: Final = Tuning()


class Searcher:
    """One search of one position; ``run`` returns the best move found within the limit."""

    def __init__(self, board: SearchBoard, limit: Limit, *,
                 history_keys: Sequence[int] = (),
                 stop: Callable[[], bool] | None = None,
                 on_depth: Callable[[int, int, int, list[Move]], None] | None = None,
                 multipv: bool = False, multipv_margin: int | None = None,
                 qsearch_plies: int | None = None,
                 tt: TranspositionTable | None = None,
                 quick_forced: bool = False,
                 root_moves: Sequence[Move] | None = None,
                 width: int | None = None, threats: bool = True, crew: Any = None,
                 job: Callable[[], bytes] | None = None) -> None:
        self.board = board
        # the root moves to choose from (None: all): a level that overlooks a capture
        self.root_moves = None if root_moves is None else set(root_moves)
        self.limit = limit
        self.stop = stop
        self.on_depth = on_depth
        self.multipv = multipv
        # multipv: root moves more than this below the best are only bounded, not scored
        self.multipv_margin = multipv_margin
        self.qsearch_plies = MAX_PLY if qsearch_plies is None else qsearch_plies
        self.lmr = TUNING.lmr
        self.malus = TUNING.malus and board.history_malus()
        self.next_iteration = TUNING.next_iteration
        # a quiet position at the horizon where the opponent threatens a capture is searched
        # one more ply instead of standing pat: a piece left hanging is seen (Scan's idea)
        self.threats = threats and ENGINE.search != "classic" and board.sees_threats()
        # where nothing is threatened, a man offered for a man is followed too (a board that
        # offers exchanges; levels 1-7, which see no threats, see none)
        self.exchanges = self.threats and TUNING.exchanges and board.offers_exchanges()
        # reverse futility needs the threat test, and a board that says it pays
        self.rfp_depth, self.rfp_margin = (
            TUNING.rfp if self.threats and board.reverse_futility()
            else (0, 0))
        # below the root's replies only the first ``width`` moves (in the search's order) are
        # searched: a narrower, deeper look (a race, where most moves go nowhere)
        self.width = width
        # one legal move: answer at once (playing) instead of searching it (analysing)
        self.quick_forced = quick_forced
        # helper processes searching beside this one (game.ai.crew, kept for the shared
        # table ``tt``) and what they are told of this search (made when they are given it)
        self.crew = crew
        self.job = job
        self.tt = TranspositionTable() if tt is None else tt
        self._crew: Any = None
        # keys of positions before the root (the game) and along the current line
        self.game_keys = set(history_keys)
        # (a set: a key is never in it twice, as a repeated one is not searched on)
        # the keys of the line searched (boxed once a node: set[object] so that compiled code
        # makes one int object of a key for the look-ups, the add and the discard, not four)
        self.path: set[object] = set()
        self.killers: list[list[Any]] = [[None, None] for _ in range(MAX_PLY + 2)]
        # the killers' history keys (-1: none), beside them
        self.killer_keys: list[list[int]] = [[-1, -1] for _ in range(MAX_PLY + 2)]
        # indexed by the board's history key: a list, not a dict, as the ordering reads it
        # for every quiet move
        self.history: list[int] = [0] * board.history_size()
        #: the root's moves in the board's order (the table keeps a move by its index there)
        self._root_raw: list[Any] = []
        self.nodes = 0
        self.deadline = float("inf")
        self.node_cap = limit.nodes if limit.nodes is not None else 1 << 62
        # how often the clock is read: every 1024 nodes (some 20 ms), finer for node limits
        self.check_mask = 1023 if self.node_cap > 100_000 else 15
        self.began = 0.0

    # --- the clock ---------------------------------------------------------------------
    def _check(self) -> None:
        if self.nodes >= self.node_cap:
            raise _Stop
        if time.perf_counter() >= self.deadline:
            raise _Stop
        if self.stop is not None and self.stop():
            raise _Stop

    # --- the driver ----------------------------------------------------------------------
    def run(self) -> SearchResult:
        board = self.board
        self.began = time.perf_counter()
        if self.limit.time is not None:
            self.deadline = self.began + self.limit.time
        self.tt.new_search()
        moves = self._root_order()
        if not moves:
            raise ValueError("no legal move to search")
        max_depth = self.limit.depth if self.limit.depth is not None else MAX_PLY - 8
        order = list(moves)
        best = order[0]
        best_score = 0
        depth_done = 0
        pv: list[Move] = [board.public(best)]
        scores: dict[Any, int] = {}
        if len(order) == 1 and self.quick_forced and not self.multipv \
                and self.limit.depth is None:
            # one legal move and a game to play: no thinking, but a score that is still the
            # position's (the table's, or the captures followed), never a made-up 0
            return SearchResult(board.public(best), self._quick_score(), 0, self.nodes,
                                tuple(self._pv(best, 8)))
        root_key = board.key
        self.path.add(root_key)
        given = list(order)  # the root's order as the helpers have it
        if self.crew is not None and self.job is not None and len(order) > 1 \
                and self.crew.begin(self.job(), root_key, self.deadline, self.tt.age):
            self._crew = self.crew
        try:
            for depth in range(1, max_depth + 1):
                if depth > 1 and self.limit.time is not None:
                    # an iteration costs several times the last one: do not start what
                    # cannot finish
                    if time.perf_counter() - self.began > self.next_iteration * self.limit.time:
                        break
                self._iter_best = None
                if self._crew is not None:
                    self._crew.lead(depth)
                try:
                    score, it_best, it_scores = self._root(order, depth, best_score, depth_done)
                except _Stop:
                    # a move that beat the previous best in the unfinished iteration is better
                    if self._iter_best is not None and not self.multipv:
                        best, best_score = self._iter_best, self._iter_score
                        pv = self._pv(best, depth)
                    break
                best, best_score = it_best, score
                scores = it_scores
                depth_done = depth
                order.sort(key=lambda m: -it_scores.get(m, -INF))
                pv = self._pv(best, depth)
                if self.on_depth is not None:
                    self.on_depth(depth, score, self._all_nodes(), list(pv))
                if not self.multipv and abs(score) > WON and depth >= WIN - abs(score) + 1:
                    break  # a forced result seen to its end
                if (self.limit.nodes is not None and self.nodes >= self.limit.nodes):
                    break
        finally:
            self.path.discard(root_key)
            if self._crew is not None:
                self._crew.end()
        if self._crew is not None and self.limit.depth is None and not self.multipv:
            # a helper that completed a deeper iteration than this search knows better
            # (fixed-depth searches keep their own answer of the depth asked)
            deeper, index, deeper_score = self._crew.deepest()
            if deeper > depth_done and index < len(given):
                best, best_score, depth_done = given[index], deeper_score, deeper
                pv = self._pv(best, deeper)
        if depth_done == 0:
            # stopped before the first iteration finished: the quick score, not a made-up 0
            best_score = self._quick_score()
            pv = self._pv(best, 8)
        root = tuple((board.public(m), s) for m, s in sorted(
            scores.items(), key=lambda item: -item[1])) if self.multipv else ()
        nodes = self._all_nodes()
        self._crew = None
        return SearchResult(board.public(best), best_score, depth_done, nodes, tuple(pv), root)

    def _all_nodes(self) -> int:
        """The nodes searched: this process's and its helpers'."""
        crew = self._crew
        return self.nodes if crew is None else self.nodes + int(crew.nodes())

    def help(self, link: Any, deadline: float | None) -> None:
        """Search as helper ``link.index`` of ``link.helpers`` (a process of the crew kept
        for the shared table, see game.ai.crew) into the shared table, until
        ``link.ended()`` or ``deadline`` (the main search's): by iterative deepening from the
        main search's depth (``link.lead()``), or a ply beyond it (``helper_ahead``), the
        root's best move first and the others from the far end of the list (each helper from
        its own place there), so that the main search meets what the helper searched. Each
        completed iteration is reported (``link.report(depth, index in the root's order,
        score)``); when the main search goes past the depth the helper keeps to, the helper
        follows it."""
        from game.ai.crew import HELPER_CHECK_MASK, helper_ahead, helper_order
        board = self.board
        link.searcher = self
        self.began = time.perf_counter()
        self.deadline = float("inf") if deadline is None else deadline
        self.stop = link.stop
        self.check_mask = HELPER_CHECK_MASK
        self.on_depth = None
        self.multipv = False
        self.node_cap = 1 << 62
        self._crew = None
        moves = self._root_order()
        given = list(moves)  # the root's order as the main search has it
        order = list(moves)
        if len(order) < 2:
            return
        best_score = 0
        done = 0
        root_key = board.key
        self.path.add(root_key)
        index, helpers = int(link.index), int(link.helpers)
        ahead = helper_ahead(index)
        depth = max(1, int(link.lead()) + ahead)
        while depth < MAX_PLY - 7:
            self._iter_best = None
            link.depth = depth
            try:
                score, it_best, it_scores = self._root(
                    helper_order(order, index, helpers), depth, best_score, done)
            except _Stop:
                if link.ended() or time.perf_counter() >= self.deadline:
                    return
                # the main search went past: follow it
                depth = max(1, int(link.lead()) + ahead)
                continue
            best_score, done = score, depth
            link.report(depth, given.index(it_best), score)
            order.sort(key=lambda m: -it_scores.get(m, -INF))
            depth = max(depth + 1, int(link.lead()) + ahead)

    def _root_order(self) -> list[Any]:
        """The root's moves to choose from, in the board's order (the main search and its
        helpers make the same list: a helper's report names a move by its place in it)."""
        board = self.board
        moves = self._root_raw = board.moves()
        if self.root_moves is not None:
            moves = [m for m in moves if board.public(m) in self.root_moves]
        return moves

    def _quick_score(self) -> int:
        """The position's value without a real search: the table's exact score if it has
        one, else the captures followed to quiet positions (a bounded number of nodes)."""
        board = self.board
        word = self.tt.probe(board.key)
        if word and (word >> FLAG_SHIFT) & FLAG_MASK == _EXACT:
            return _from_tt(((word >> SCORE_SHIFT) & SCORE_MASK) - SCORE_BIAS, 0)
        saved = self.deadline, self.node_cap, self.stop, self.check_mask
        self.deadline, self.node_cap, self.stop = float("inf"), self.nodes + 2_000, None
        self.check_mask = 15
        try:
            return self._quiesce(-INF, INF, 0, 0)
        except _Stop:
            return board.evaluate()
        finally:
            self.deadline, self.node_cap, self.stop, self.check_mask = saved

    _iter_best: Any = None  # a move that beat the best in the iteration under way
    _iter_score: int = 0  # and its score

    def _root(self, order: list[Any], depth: int, previous: int, done: int
              ) -> tuple[int, Any, dict[Any, int]]:
        """One iteration at the root, inside an aspiration window after the first ones."""
        if self.multipv or done < 3 or abs(previous) > WON:
            return self._root_window(order, depth, -INF, INF)
        margin = 40
        alpha, beta = previous - margin, previous + margin
        while True:
            score, best, scores = self._root_window(order, depth, alpha, beta)
            if score <= alpha:
                alpha = -INF if margin > 300 else previous - margin * 4
            elif score >= beta:
                beta = INF if margin > 300 else previous + margin * 4
            else:
                return score, best, scores
            margin *= 4
            if alpha == -INF and beta == INF:
                return self._root_window(order, depth, -INF, INF)

    def _root_window(self, order: list[Any], depth: int, alpha: int, beta: int
                     ) -> tuple[int, Any, dict[Any, int]]:
        board = self.board
        best = order[0]
        best_score = -INF
        scores: dict[Any, int] = {}
        for i, move in enumerate(order):
            board.make(move)
            try:
                if self.multipv:
                    floor = -INF
                    if self.multipv_margin is not None and best_score > -WON:
                        floor = best_score - self.multipv_margin
                    score = -self._search(depth - 1, -INF, -floor, 1)
                elif i == 0:
                    score = -self._search(depth - 1, -beta, -alpha, 1)
                else:
                    score = -self._search(depth - 1, -alpha - 1, -alpha, 1)
                    if alpha < score < beta:
                        score = -self._search(depth - 1, -beta, -alpha, 1)
            finally:
                board.unmake()
            scores[move] = score
            if score > best_score:
                best_score, best = score, move
                if i > 0 and score > alpha and depth > 1:
                    self._iter_best, self._iter_score = move, score
            if not self.multipv and score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        self._store(board.key, depth, best_score, _EXACT if alpha < best_score < beta
                    else (_LOWER if best_score >= beta else _UPPER),
                    self._root_raw.index(best), 0)
        return best_score, best, scores

    # --- the tree ------------------------------------------------------------------------
    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        board = self.board
        self.nodes += 1
        if not self.nodes & self.check_mask:
            self._check()
        ended = board.rule_end(ply)
        if ended is not None:
            return ended
        key = board.key
        seen: object = key
        if seen in self.game_keys or seen in self.path:
            return board.repetition_score(ply)
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply, 0)
        word = self.tt.probe(key)
        tt_index = -1
        if word:
            if word & DEPTH_MASK >= depth:
                s = _from_tt(((word >> SCORE_SHIFT) & SCORE_MASK) - SCORE_BIAS, ply)
                e_flag = (word >> FLAG_SHIFT) & FLAG_MASK
                if e_flag == _EXACT:
                    return s
                if e_flag == _LOWER and s >= beta:
                    return s
                if e_flag == _UPPER and s <= alpha:
                    return s
            tt_index = ((word >> MOVE_SHIFT) & MOVE_MASK) - 1
        moves = board.moves()
        if not moves:
            return board.no_moves_score(ply)
        forced = board.forced(moves)
        if len(moves) == 1 and ply < 2 * depth + 16:
            depth += 1  # a forced move costs no depth
        elif not forced and beta - alpha == 1 and -WON < alpha < WON \
                and (depth == 1 or depth <= self.rfp_depth):
            stand = board.evaluate()
            # futility: a quiet move a ply from the horizon seldom wins back a man
            if depth == 1 and stand + FUTILITY <= alpha:
                return self._quiesce(alpha, beta, ply, 0, False)
            # reverse futility: so far above beta that the plies left are unlikely to bring
            # it back, unless a capture is threatened against the side to move
            stand -= self.rfp_margin * depth
            if depth <= self.rfp_depth and stand >= beta and not board.threatened():
                return stand
        # the moves' indexes in the order they are searched (the table keeps the best
        # move's index in the board's order)
        if len(moves) > 1:
            order = self._order(moves, tt_index, ply)
            if self.width is not None and ply >= 2:
                order = order[:self.width]
        else:
            order = [0]
        alpha0 = alpha
        best_score = -INF
        best_index = order[0]
        killers = self.killers[ply]
        d1, i1, d2, i2 = self.lmr
        self.path.add(seen)
        try:
            for i, index in enumerate(order):
                move = moves[index]
                board.make(move)
                try:
                    if i == 0:
                        score = -self._search(depth - 1, -beta, -alpha, ply + 1)
                    else:
                        reduce = 0
                        if depth >= d1 and i >= i1 and not forced \
                                and move != killers[0] and move != killers[1]:
                            reduce = 2 if depth >= d2 and i >= i2 else 1
                        score = -self._search(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1)
                        if score > alpha and reduce:
                            score = -self._search(depth - 1, -alpha - 1, -alpha, ply + 1)
                        if alpha < score < beta:
                            score = -self._search(depth - 1, -beta, -alpha, ply + 1)
                finally:
                    board.unmake()
                if score > best_score:
                    best_score, best_index = score, index
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not forced:
                                h = board.history_key(move)
                                if killers[0] != move:
                                    killers[1] = killers[0]
                                    killers[0] = move
                                    keys = self.killer_keys[ply]
                                    keys[1] = keys[0]
                                    keys[0] = h
                                bonus = depth * depth
                                history = self.history
                                history[h] += bonus
                                if self.malus:
                                    # the quiet moves searched before it here did not cut off
                                    for j in range(i):
                                        history[board.history_key(moves[order[j]])] -= bonus
                            break
        finally:
            self.path.discard(seen)
        flag = _LOWER if best_score >= beta else (_EXACT if best_score > alpha0 else _UPPER)
        self._store(key, depth, best_score, flag, best_index, ply)
        return best_score

    def _quiesce(self, alpha: int, beta: int, ply: int, qply: int,
                 extend: bool = True) -> int:
        board = self.board
        self.nodes += 1
        if not self.nodes & self.check_mask:
            self._check()
        if qply:
            ended = board.rule_end(ply)
            if ended is not None:
                return ended
        moves, stand = board.quiescence(ply)
        if qply >= self.qsearch_plies or ply >= MAX_PLY:
            return board.evaluate() if stand is None else stand
        if stand is not None and not moves and extend and self.threats \
                and ply < THREAT_PLIES and -WON < stand < WON and board.threatened():
            # the opponent threatens a capture: standing pat would ignore it, so every
            # move is tried for one ply (its replies resolve the captures)
            return self._search(1, alpha, beta, ply)
        if stand is not None and not moves and extend and self.exchanges and not qply \
                and stand < beta and -WON < stand < WON:
            # at the horizon, with nothing threatened: a man offered for a man may still
            # change the score (not again below: exchanges after exchanges grow without end)
            moves = board.exchanges()
        if stand is not None:
            if stand >= beta or not moves:
                return stand
            if stand > alpha:
                alpha = stand
            best = stand
        else:
            best = -INF
            if len(moves) > 1:
                moves = sorted(moves, key=board.capture_size, reverse=True)
        for move in moves:
            board.make(move)
            try:
                score = -self._quiesce(-beta, -alpha, ply + 1, qply + 1)
            finally:
                board.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # --- ordering and the table ------------------------------------------------------
    def _order(self, moves: list[Any], tt_index: int, ply: int) -> list[int]:
        """The moves' indexes in the order they are searched: the table's move (``moves[tt_index]``;
        a board lists a move once, so its index names it), then captures (the larger
        first), the killers, and the rest by their history."""
        board = self.board
        k0, k1 = self.killers[ply]
        h0, h1 = self.killer_keys[ply]
        history = self.history
        # each move's rank with its index below it, sorted as ints: the order of a stable
        # sort by rank, highest first (of equal ranks, the earlier move first), without a
        # call of a key function per move
        ranked: list[int] = []
        facts = board.move_facts(moves)
        fact = 0
        for i, m in enumerate(moves):
            if i == tt_index:
                r = 1 << 40
            else:
                if facts is not None:
                    fact = facts[i]
                    c = fact >> _FACT_SHIFT
                else:
                    c = board.capture_size(m)
                if c:
                    r = (1 << 30) + c
                elif facts is not None:
                    # a killer is the same move only if its history key is the same: the
                    # keys (machine ints) are compared first, the moves (objects) seldom
                    h = fact & _FACT_MASK
                    if h == h0 and m == k0:
                        r = 1 << 29
                    elif h == h1 and m == k1:
                        r = (1 << 29) - 1
                    else:
                        r = history[h]
                elif m == k0:
                    r = 1 << 29
                elif m == k1:
                    r = (1 << 29) - 1
                else:
                    r = history[board.history_key(m)]
            ranked.append(r << _INDEX_BITS | (_INDEX_MASK - i))
        ranked.sort(reverse=True)
        return [_INDEX_MASK - (c & _INDEX_MASK) for c in ranked]

    def _store(self, key: int, depth: int, score: int, flag: int, move: int, ply: int) -> None:
        self.tt.store(key, depth, flag, _to_tt(score, ply), move)

    def _pv(self, first: Any, depth: int) -> list[Move]:
        """The principal variation, read back from the table: each move as the board makes
        it public in the position where it is played (a raw move need not say all of itself:
        a draughts board's capture code leaves out the landing squares on the way)."""
        board = self.board
        line = [board.public(first)]
        board.make(first)
        made = 1
        seen = {board.key}
        try:
            while len(line) < depth + 8:
                word = self.tt.probe(board.key)
                index = ((word >> MOVE_SHIFT) & MOVE_MASK) - 1
                if index < 0:
                    break
                moves = board.moves()
                if index >= len(moves):
                    break
                move = moves[index]
                line.append(board.public(move))
                board.make(move)
                made += 1
                if board.key in seen:
                    break
                seen.add(board.key)
        finally:
            for _ in range(made):
                board.unmake()
        return line


#: the index of a move in :meth:`Searcher._order`'s ranks (no position has this many moves)
_INDEX_BITS: Final = 16
_INDEX_MASK: Final = (1 << _INDEX_BITS) - 1
#: a board's ``move_facts``: the capture size above this bit, the history key below
_FACT_SHIFT: Final = 32
_FACT_MASK: Final = (1 << _FACT_SHIFT) - 1


def _to_tt(score: int, ply: int) -> int:
    if score > WON:
        return score + ply
    if score < -WON:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score > WON:
        return score - ply
    if score < -WON:
        return score + ply
    return score


__all__ = ["INF", "Limit", "SearchBoard", "SearchResult", "Searcher", "WIN", "WON", "Hashable"]
