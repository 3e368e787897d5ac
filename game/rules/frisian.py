"""Frisian draughts (10x10, «фризские шашки»): International's board and men, but every piece
also captures along the rows and columns, the capture taking the most value must be played,
and a king's quiet moves are limited while its side has men.

The rules as the Frisian federation (KNDB) and Lidraughts play them (docs/rules/frisian.md):

- **Captures in eight directions.** A man jumps an adjacent enemy piece diagonally, or along
  a row or column over the dark square two squares away (dark squares are two apart on a
  line), to the dark square right behind it, forwards and backwards; a king flies along the
  same eight lines. Quiet moves stay diagonal: a man one square forwards, a king any distance.
- **The most value.** Capturing is compulsory, and the capture that takes the most value must
  be played: a man is worth 100, a king 199 (Lidraughts' figures: a king is worth more than
  one man and less than two, so two men outweigh a king and a king outweighs a man). Of
  captures of the same value, one made by a king must be played.
- **A man crowned** only if its move ends on the far row (as International).
- **A king moves quietly at most three times in a row** while its side still has men: after
  its third quiet move in a row that king may only capture, until the side has moved another
  piece (or captured). A side with kings only may move them freely.
- **Draws:** two kings against one king (nothing else on the board) is drawn when the
  stronger side has not won within 7 moves each; a king against a king within 2 moves each
  (Lidraughts' way of the official "drawn unless it wins at once"). Threefold repetition and
  agreement as in the other games; there is no 25-move kings-only rule.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from game.rules.core import Color, DiagramSpec, Move, Refusal, Termination
from game.rules.draughts import DraughtsGame, EndgameRule
from game.rules.international import International
from game.rules.movegen import DIAGONAL_AND_ORTHOGONAL

#: Frisian's own draw rules and refusal
TWO_KINGS_VS_KING = Termination.add("two_kings_vs_king")  # not won within 7 moves each
KING_VS_KING_2_MOVES = Termination.add("king_vs_king_2_moves")  # not won within 2 moves each
KING_RESTS = Refusal.add("king_rests")  # a king's fourth quiet move in a row (side has men)

#: the quiet moves in a row one king may make while its side has men
KING_MOVES_IN_A_ROW = 3

# per side: (quiet moves in a row by one king, that king's bit or -1)
_KingRun = tuple[int, int]
_NO_RUN: _KingRun = (0, -1)


class Frisian(International):
    """10x10 draughts with orthogonal captures, the most valuable capture and the king rule."""

    name = "frisian"
    title = "Frisian draughts"
    capture_directions = DIAGONAL_AND_ORTHOGONAL
    hub_variant = "frisian"  # as Scan names it
    man_value = 100
    king_value = 199
    king_first = True
    kings_only_limit = 0  # no kings-only move rule
    shortest_material_rule: ClassVar[int | None] = 4  # a king each: 2 moves each
    game_type = 40
    pdn_names: ClassVar[tuple[str, ...]] = ("frisian", "фризские")
    engine = "game.ai.frisian:FrisianBoard"
    level_table = "game.ai.frisian:FRISIAN_LEVELS"
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        # a man takes up a column, then along a row
        "orthogonal-capture": DiagramSpec("W:W37,45:B27,18,8", move="37x19"),
        # two men (200) outweigh a king (199)
        "most-value": DiagramSpec("W:W37,40:B27,18,K30,3", move="37x19", refused="40x20"),
    }

    def __init__(self, wm: int, wk: int, bm: int, bk: int, white: bool,
                 options: dict[str, Any]) -> None:
        # the king runs of White and Black (set before the base class keys the position)
        self._runs: tuple[_KingRun, _KingRun] = (_NO_RUN, _NO_RUN)
        self._run_stack: list[tuple[_KingRun, _KingRun]] = []
        super().__init__(wm, wk, bm, bk, white, options)

    def _key(self) -> tuple[Any, ...]:
        # a king that may not move quietly makes another position (as Lidraughts keys it)
        return (*super()._key(), self._runs)

    # --- the king rule -------------------------------------------------------------------
    def resting_king(self) -> int | None:
        """The square of the side to move's king that has made its three quiet moves in a
        row (it may only capture now), or None."""
        count, bit = self._runs[0 if self._white else 1]
        men = self._wm if self._white else self._bm
        if count >= KING_MOVES_IN_A_ROW and men and bit >= 0:
            return self._tables.number_of[bit]
        return None

    def king_runs(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """White's and Black's king runs: the quiet moves in a row of one king, and that
        king's bit (-1: none), as the search keeps them."""
        return self._runs

    def _generate(self, om: int, ok: int, pm: int, pk: int) -> list[Move]:
        moves = super()._generate(om, ok, pm, pk)
        resting = self.resting_king()
        if resting is None or not moves or moves[0].is_capture:
            return moves
        return [m for m in moves if m.start != resting]

    def push(self, move: Move) -> None:
        bit_of = self._tables.bit_of
        king = bool((self._wk if self._white else self._bk) >> bit_of[move.start] & 1)
        mover = 0 if self._white else 1
        self._run_stack.append(self._runs)
        runs = list(self._runs)
        # the base class keys the position after the move: the runs must be set first
        after_men = self._men_after(move, mover)
        if after_men[mover]:
            count, bit = runs[mover]
            if king and not move.captured:
                if bit != bit_of[move.start]:
                    count = 0
                runs[mover] = (count + 1, bit_of[move.end])
            else:
                runs[mover] = _NO_RUN
        else:
            runs[mover] = _NO_RUN
        if not after_men[1 - mover]:
            runs[1 - mover] = _NO_RUN
        self._runs = (runs[0], runs[1])
        super().push(move)

    def _men_after(self, move: Move, mover: int) -> tuple[int, int]:
        """White's and Black's men after ``move`` (by the mover, 0 White), as bits."""
        bit_of = self._tables.bit_of
        fb = 1 << bit_of[move.start]
        tb = 1 << bit_of[move.end]
        gone = 0
        for square in move.captured:
            gone |= 1 << bit_of[square]
        own, other = (self._wm, self._bm) if mover == 0 else (self._bm, self._wm)
        if own & fb:
            own ^= fb
            if not move.promotes:
                own |= tb
        other &= ~gone
        return (own, other) if mover == 0 else (other, own)

    def pop(self) -> Move:
        move = super().pop()
        self._runs = self._run_stack.pop()
        return move

    def why_not(self, start: int, route: Sequence[int] = ()) -> Refusal:
        if (not route and self.outcome() is None and start == self.resting_king()
                and not self.capture_required()):
            return KING_RESTS
        return super().why_not(start, route)

    # --- draws -------------------------------------------------------------------------
    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        if wm or bm:
            return ()
        white, black = wk.bit_count(), bk.bit_count()
        if (white, black) in ((2, 1), (1, 2)):
            strong = Color.WHITE if white == 2 else Color.BLACK
            return (EndgameRule(TWO_KINGS_VS_KING, strong, 14),)
        if (white, black) == (1, 1):
            return (EndgameRule(KING_VS_KING_2_MOVES, "kk", 4),)
        return ()

    # --- counting ----------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """Leaf nodes ``depth`` plies down. The generator's fast count knows nothing of the
        king rule, so it is used only where the rule cannot apply: no king on the board and
        too few plies for a fourth quiet move in a row of one (7 plies to crown the first
        king, then six more)."""
        if depth <= 12 and not (self._wk | self._bk):
            return super().perft(depth)
        if depth <= 0:
            return 1
        total = 0
        for move in self.perft_moves():
            if depth == 1:
                total += 1
                continue
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total

