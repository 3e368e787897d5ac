"""Turkish draughts («турецкие шашки», Dama): men and kings move along rows and columns on every
square of an 8x8 board.

The rules, as written for players in ``docs/rules/turkish.md`` and on the rules page:

- **Start.** 16 men a side: White's on rows 2 and 3, Black's on rows 6 and 7; White moves
  first.
- **Men** step one square forward or sideways, never back or diagonally, and capture the same
  way: over an enemy piece next to them onto the empty square behind it.
- **Kings** (a man crowned on the far row) move along a row or column any distance, and
  capture over an enemy piece any distance away onto any empty square beyond it.
- **Captures.** A captured piece leaves the board at once, so its square is free for the rest
  of the move; a king may not turn straight back between two captures. Capturing is
  compulsory, and so is the capture that takes the most pieces (a king counts as one piece,
  like a man); among equal ones the player chooses.
- **Crowning.** A man that reaches the far row in the middle of a capture goes on capturing
  as a man (sideways along the far row, if it can) and is crowned where its move ends (kish,
  a Dama engine, and its tests; some rule sheets end the move on the far row instead, which
  gives the same move whenever the man cannot take sideways from there).
- **The end.** A side with no legal move (no pieces, or all blocked) loses. A lone king
  against a lone man wins for the king's side at once, unless the man's side is to move and
  can capture. Draws: a lone king each (at once, unless a capture is on the board), the same
  position a third time with the same side to move, 25 moves by each side with no capture
  and no man moved (these draw rules can be switched off, as in the other draughts games),
  and by agreement.

The machinery of a draughts game — push and pop, the draw counters, repetitions, FEN, move
text, PDN — is :class:`DraughtsGame`'s; only the board's geometry and the move generator
(:mod:`game.rules.turkish_moves`) are this game's own. Squares are numbered 1 (a1) to 64
(h8) row by row from White's side; notation names them a1-h8, ``d3-d4`` for a step and
``d3xd5xf5`` for a capture (every landing square).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.rules import turkish_moves
from game.rules.core import (
    BoardGeometry,
    Color,
    DiagramSpec,
    Outcome,
    Piece,
    PieceKind,
    Refusal,
    Termination,
)
from game.rules.draughts import DraughtsGame, EndgameRule, lone_king
from game.rules.turkish_moves import RawCapture

COLUMNS = "abcdefgh"
#: Turkish draughts' own end and refusal (the draughts games' and the core's are shared)
KING_VS_MAN = Termination.add("king_vs_man")  # a lone king against a lone man wins
KING_VS_KING = Termination.add("king_vs_king")  # a lone king each, drawn at once
MAN_BACK = Refusal.add("man_back")  # a man steps forward or sideways, never back


class TurkishTables:
    """What :class:`DraughtsGame` reads of a board's tables: its size, the number of squares
    and each square number's bit (square n is bit n - 1), and back."""

    size = 8
    count = 64
    bit_of: tuple[int, ...] = (-1, *range(64))
    number_of: tuple[int, ...] = tuple(range(1, 65))
    coord_of: tuple[tuple[int, int], ...] = tuple((b % 8, b // 8) for b in range(64))


class TurkishMoves:
    """The move generator :class:`DraughtsGame` calls, over :mod:`game.rules.turkish_moves`."""

    def captures(self, om: int, ok: int, pm: int, pk: int, white: bool,
                 majority: bool | None = None) -> list[RawCapture]:
        return turkish_moves.captures(om, ok, pm, pk, white, majority is not False)

    def quiet(self, om: int, ok: int, pm: int, pk: int, white: bool, mirrored: bool = False
              ) -> list[tuple[int, int, bool]]:
        square, shift = turkish_moves.SQUARE, turkish_moves.END_SHIFT
        return [(c & square, c >> shift & square, bool(c & turkish_moves.PROMOTE))
                for c in turkish_moves.quiet_codes(om, ok, pm, pk, white)]

    def perft(self, om: int, ok: int, pm: int, pk: int, white: bool, depth: int) -> int:
        return turkish_moves.perft(om, ok, pm, pk, white, depth)

    def capturers(self, om: int, ok: int, pm: int, pk: int, white: bool) -> int:
        """The mover's pieces that have a capture (bits)."""
        found = 0
        for start, *_ in turkish_moves.captures(om, ok, pm, pk, white, False):
            found |= 1 << start
        return found


GEOMETRY = BoardGeometry(
    columns=8, rows=8, squares=tuple(range(1, 65)),
    coords=tuple((b % 8, b // 8) for b in range(64)),
    names=tuple(f"{COLUMNS[b % 8]}{b // 8 + 1}" for b in range(64)))


class Turkish(DraughtsGame):
    """Turkish draughts: orthogonal men and flying kings on all 64 squares, the most pieces
    taken, captured pieces lifted at once."""

    name = "turkish"
    title = "Turkish draughts"
    # the flags DraughtsGame reads; the generator is this game's own (set below), so none of
    # them builds the diagonal tables
    _SHAPING: ClassVar[tuple[str, ...]] = ()
    size = 8
    majority_capture = True
    promote_mid_capture = False
    men_capture_backward = False
    flying_kings = True
    kings_only_limit = 50  # 25 moves by each side with no capture and no man moved
    game_type = 30  # PDN's GameType for Turkish draughts
    pdn_names: ClassVar[tuple[str, ...]] = ("turkish", "dama", "турецкие")
    engine = "game.ai.turkish_board:TurkishBoard"
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "majority-capture": DiagramSpec("W:Wd4,b2,g3:Be4,b3,b5,h7", move="b2xb4xb6",
                                        refused="d4xf4"),
        # the last capture runs along row 3 through the square c3 was taken from
        "king-capture": DiagramSpec("W:WKa3,f1:Bc3,e5,c7,b5,g3,a8",
                                    move="a3xe3xe7xb7xb3xh3"),
        # crowned where the move ends (f8), not where it first reached the far row
        "crown": DiagramSpec("W:Wd6,b3:Bd7,e8,f4,h2", move="d6xd8xf8"),
    }
    algebraic = True
    capture_separator = "x"
    always_full_path = True
    draw_offer_choice = 20
    start_white = tuple(range(9, 25))  # rows 2 and 3
    start_black = tuple(range(41, 57))  # rows 6 and 7

    _tables = TurkishTables()  # type: ignore[assignment]
    _generator = TurkishMoves()  # type: ignore[assignment]
    _geometry = GEOMETRY

    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        if lone_king(wm, wk) and lone_king(bm, bk):
            return (EndgameRule(KING_VS_KING, "kk", 0),)
        return ()

    def _decide(self) -> Outcome | None:
        if self._declared is None:
            won = king_against_man(*self.bitboards())
            if won is not None:
                moves = self.perft_moves()
                if not (won is not self.turn and moves and moves[0].is_capture):
                    return Outcome(KING_VS_MAN, won)
        return super()._decide()

    def _refuse_step(self, piece: Piece, here: int, square: int) -> Refusal | None:
        if self.piece_at(square) is not None or piece.kind is PieceKind.KING:
            return None
        (c0, r0), (c1, r1) = self._geometry.coord(here), self._geometry.coord(square)
        forward = 1 if piece.color is Color.WHITE else -1
        if c1 == c0 and (r1 - r0) * forward < 0:
            return MAN_BACK
        return None


def king_against_man(wm: int, wk: int, bm: int, bk: int) -> Color | None:
    """The side with a lone king against a lone man (which wins), or None."""
    if lone_king(wm, wk) and not bk and bm.bit_count() == 1:
        return Color.WHITE
    if lone_king(bm, bk) and not wk and wm.bit_count() == 1:
        return Color.BLACK
    return None
