"""The search's view of a Turkish draughts game: four bitboards, side-relative, made and unmade
with an incremental Zobrist key, the draw counters the rules keep, and the evaluation.

A move is the generator's move code (game/rules/turkish_moves.py: start and end bit, the
crowning flag, the captured pieces' mask), which :meth:`TurkishBoard.make` reads without
building anything; the rules' Move, with its landing squares, is built by
:meth:`TurkishBoard.public` in the position where it is played. Bits are squares, ``row * 8 +
column``, as in the rules' bitboards (the public square number is the bit + 1).

Compiled with mypyc (game/native.py); the same source runs interpreted and searches the same.

The evaluation, from the side to move (1/100 of a man):

- **material**: a man 100, a king 300 (a flying rook-like piece that men cannot easily
  trap; with majority capture it also forces the opponent's hand);
- **advance**: a man gains as it nears the crowning row, most on the last two rows, where
  it is a square or two from being a king;
- **a free run**: a man with no enemy piece ahead of it in its column (on the row it could
  be stopped from) is worth more the nearer it is;
- **walls**: men side by side cover each other from sideways captures.
"""
from __future__ import annotations

import random
from typing import Any, Final

from game.ai.search import WIN, SearchBoard
from game.rules.core import Game, Move
from game.rules.draughts import KINGS_ONLY_MOVES
from game.rules.turkish import Turkish
from game.rules.turkish_moves import (
    CAPTURE_SHIFT,
    END_SHIFT,
    FILE_A,
    FULL,
    NOT_A,
    NOT_H,
    PROMOTE,
    SQUARE,
    capture_codes,
    captures,
    count_quiet,
    has_capture,
    quiet_codes,
)

_WIN: Final = WIN
MAN: Final = 100
KING: Final = 300
#: a White man's bonus by row (row 1 never holds one); Black's is the mirror image
ADVANCE: Final = (0, 0, 2, 6, 12, 20, 34, 0)
#: a man with an open column ahead, by row (White's rows)
RUNNER: Final = (0, 0, 0, 4, 10, 22, 45, 0)
WALL: Final = 3  # each pair of own men side by side
TEMPO: Final = 4  # the side to move

_ZOBRIST: list[list[int]] = []


def zobrist() -> list[list[int]]:
    """Random keys below 2**62 (fixed seed): white men, white kings, black men, black kings
    by bit, then the side to move (Black) as a list of one."""
    if not _ZOBRIST:
        rng = random.Random(19360030)
        for _ in range(4):
            _ZOBRIST.append([rng.getrandbits(62) for _ in range(64)])
        _ZOBRIST.append([rng.getrandbits(62)])
    return _ZOBRIST


def _row_masks() -> list[int]:
    return [0xFF << (8 * r) for r in range(8)]


ROWS: Final = _row_masks()


def _ahead() -> tuple[list[int], list[int]]:
    """For each bit, the squares in its column ahead of it (White's up, Black's down)."""
    up: list[int] = []
    down: list[int] = []
    for b in range(64):
        column = FILE_A << (b % 8)
        up.append(column & (FULL ^ ((1 << (b + 1)) - 1)))
        down.append(column & ((1 << b) - 1))
    return up, down


AHEAD_UP, AHEAD_DOWN = _ahead()


def side_score(men: int, kings: int, other: int, white: bool) -> int:
    """What one side's pieces are worth (``other``: every piece of the other side)."""
    score = MAN * men.bit_count() + KING * kings.bit_count()
    for r in range(1, 7):
        on_row = men & ROWS[r]
        if on_row:
            row = r if white else 7 - r
            score += ADVANCE[row] * on_row.bit_count()
            if RUNNER[row]:
                rest = on_row
                while rest:
                    low = rest & -rest
                    rest ^= low
                    b = low.bit_length() - 1
                    ahead = AHEAD_UP[b] if white else AHEAD_DOWN[b]
                    if not ahead & other:
                        score += RUNNER[row]
    score += WALL * (men & ((men & NOT_H) << 1)).bit_count()
    return score


class TurkishBoard(SearchBoard):
    """A Turkish draughts position for the search (see :class:`game.ai.search.SearchBoard`)."""

    def __init__(self, game: Game) -> None:
        assert isinstance(game, Turkish)
        z = zobrist()
        self.zwm: list[int] = z[0]
        self.zwk: list[int] = z[1]
        self.zbm: list[int] = z[2]
        self.zbk: list[int] = z[3]
        self.zside: int = z[4][0]
        wm, wk, bm, bk = game.bitboards()
        self.white: bool = game.turn.value == "W"
        if self.white:
            self.om, self.ok, self.pm, self.pk = wm, wk, bm, bk
        else:
            self.om, self.ok, self.pm, self.pk = bm, bk, wm, wk
        self.key: int = self.key_of(wm, wk, bm, bk, self.white)
        options = game.options
        self.tournament: bool = bool(options.get("tournament_draws", True))
        self.kings_only_limit: int = game.kings_only_limit
        self.kings_only: int = 0
        for counter in game.draw_counters():
            if counter.termination is KINGS_ONLY_MOVES:
                self.kings_only = 2 * counter.count
        self.stack: list[tuple[int, int, int, int, bool, int, int]] = []

    def key_of(self, wm: int, wk: int, bm: int, bk: int, white: bool) -> int:
        """The key of a position on this board (for the game's earlier positions)."""
        key = 0 if white else self.zside
        for board, z in ((wm, self.zwm), (wk, self.zwk), (bm, self.zbm), (bk, self.zbk)):
            while board:
                low = board & -board
                board ^= low
                key ^= z[low.bit_length() - 1]
        return key

    def history_keys(self, game: Game) -> list[int]:
        """Keys of the game's earlier positions that a later one could repeat (back to the
        last man move or capture, which nothing can undo)."""
        assert isinstance(game, Turkish)
        keys: list[int] = []
        copy = game.copy()
        while copy.move_stack:
            move = copy.pop()
            wm, wk, bm, bk = copy.bitboards()
            keys.append(self.key_of(wm, wk, bm, bk, copy.turn.value == "W"))
            if move.captured or not (wk | bk) >> (move.start - 1) & 1:
                break
        return keys

    # --- moves ---------------------------------------------------------------------------
    def moves(self) -> list[Any]:
        caps = capture_codes(self.om, self.ok, self.pm, self.pk, self.white)
        if caps:
            return caps
        return quiet_codes(self.om, self.ok, self.pm, self.pk, self.white)

    def forced(self, moves: list[Any]) -> bool:
        if not moves:
            return False
        first: int = moves[0]
        return first >> CAPTURE_SHIFT != 0

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        caps = capture_codes(self.om, self.ok, self.pm, self.pk, self.white)
        if caps:
            return caps, None  # a capture is compulsory: no standing pat
        if not count_quiet(self.om, self.ok, self.pm, self.pk, self.white):
            return [], -_WIN + ply  # blocked: lost
        return [], self.evaluate()

    def sees_threats(self) -> bool:
        return True

    def threatened(self) -> bool:
        return has_capture(self.pm, self.pk, self.om, self.ok, not self.white)

    def capture_size(self, move: Any) -> int:
        code: int = move
        return (code >> CAPTURE_SHIFT).bit_count()

    def history_key(self, move: Any) -> int:
        code: int = move
        return (code & SQUARE) * 64 + (code >> END_SHIFT & SQUARE)

    def public(self, move: Any) -> Move:
        """The rules' Move of a move code legal here (a capture's route is the first the
        generator finds, as the rules list it)."""
        code: int = move
        start = code & SQUARE
        end = code >> END_SHIFT & SQUARE
        mask = code >> CAPTURE_SHIFT
        if not mask:
            return Move(start + 1, (end + 1,), (), code & PROMOTE != 0)
        for s, path, taken, found, promotes in captures(self.om, self.ok, self.pm, self.pk,
                                                        self.white):
            if s == start and path[-1] == end and found == mask:
                return Move(s + 1, tuple(b + 1 for b in path), tuple(b + 1 for b in taken),
                            promotes)
        raise ValueError(f"move code {code} is not a capture here")

    def make(self, move: Any) -> None:
        code: int = move
        om, ok, pm, pk = self.om, self.ok, self.pm, self.pk
        white = self.white
        key = self.key
        self.stack.append((om, ok, pm, pk, white, key, self.kings_only))
        if white:
            zm, zk, zpm, zpk = self.zwm, self.zwk, self.zbm, self.zbk
        else:
            zm, zk, zpm, zpk = self.zbm, self.zbk, self.zwm, self.zwk
        s = code & SQUARE
        e = code >> END_SHIFT & SQUARE
        mask = code >> CAPTURE_SHIFT
        fb = 1 << s
        if ok & fb:
            ok = (ok ^ fb) | (1 << e)  # (a capture may end where it began)
            key ^= zk[s] ^ zk[e]
            self.kings_only += 1
        else:
            om ^= fb
            if code & PROMOTE:
                ok |= 1 << e
                key ^= zm[s] ^ zk[e]
            else:
                om |= 1 << e
                key ^= zm[s] ^ zm[e]
            self.kings_only = 0
        if mask:
            rest = mask
            while rest:
                low = rest & -rest
                rest ^= low
                c = low.bit_length() - 1
                key ^= zpm[c] if pm & low else zpk[c]
            keep = FULL ^ mask
            pm &= keep
            pk &= keep
            self.kings_only = 0
        self.om, self.ok, self.pm, self.pk = pm, pk, om, ok
        self.white = not white
        self.key = key ^ self.zside

    def unmake(self) -> None:
        (self.om, self.ok, self.pm, self.pk, self.white, self.key,
         self.kings_only) = self.stack.pop()

    # --- scores --------------------------------------------------------------------------
    def evaluate(self) -> int:
        om, ok, pm, pk = self.om, self.ok, self.pm, self.pk
        white = self.white
        return (side_score(om, ok, pm | pk, white) - side_score(pm, pk, om | ok, not white)
                + TEMPO)

    def rule_end(self, ply: int) -> int | None:
        om, ok, pm, pk = self.om, self.ok, self.pm, self.pk
        if om | pm and (om | ok).bit_count() == 1 and (pm | pk).bit_count() == 1:
            if ok and pm:  # my lone king against its lone man: won
                return _WIN - ply
            if om and pk and not has_capture(om, ok, pm, pk, self.white):
                return -_WIN + ply  # my lone man against its king, nothing to take
        if self.tournament:
            if self.kings_only >= self.kings_only_limit:
                return 0
            if not om and not pm and ok.bit_count() == 1 and pk.bit_count() == 1 \
                    and not has_capture(om, ok, pm, pk, self.white):
                return 0  # a lone king each
        return None

    def no_moves_score(self, ply: int) -> int:
        return -_WIN + ply

    def repetition_score(self, ply: int) -> int:
        return 0


__all__ = ["TurkishBoard", "side_score", "zobrist"]
