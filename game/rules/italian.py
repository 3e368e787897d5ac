"""Italian draughts (8x8, «dama italiana», «итальянские шашки») by the Italian federation's
(FID) rules; docs/rules/italian.md tells them in full:

- **The board is turned:** each player has a light square in the left-hand corner and a
  dark one on the right, so the double corner is on the left. The dark squares are
  numbered 1 (Black's right-hand corner, a8 as White sees it) to 32 (White's right-hand
  corner, h1), left to right and row by row from Black's side; Black starts on 1-12,
  White on 21-32, and White moves first.
- **Men** step and capture diagonally forward only, and **may not capture a king**.
  A man that reaches the far row is crowned and its move ends there.
- **Kings** step one square in any diagonal direction and capture by short jumps, forward
  and backward, men and kings alike.
- **Capturing is compulsory**, and of several captures the one that takes the most pieces
  must be played; of those, a king's capture if a king can make one; of those, the one that
  takes the most kings; of those, the one that meets a king first (the kings' places in the
  order of capture, compared from the first). Any remaining choice is free.
- **Draws:** by agreement, or when the same position comes a third time. The game is lost
  by the side that cannot move (no pieces, or all blocked).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from game.rules.core import Color, DiagramSpec, OptionSpec, Piece, PieceKind, Refusal
from game.rules.draughts import DraughtsGame

#: Italian draughts' own refusals
MAN_TAKES_KING = Refusal.add("man_takes_king")  # a man may not capture a king
QUALITY = Refusal.add("quality")  # a capture of as many pieces the quality rules put first


class Italian(DraughtsGame):
    """8x8 draughts on the turned board: short kings, men that capture forward only and
    never a king, the most pieces and then the quality of the capture."""

    name = "italian"
    title = "Italian draughts"
    size = 8
    turned_board = True
    majority_capture = True
    capture_quality = True
    men_capture_kings = False
    promote_mid_capture = False  # a man crowned by a capture ends the move there
    men_capture_backward = False
    flying_kings = False
    first_color = Color.WHITE
    kings_only_limit = 0  # no move-count rule: repetition and agreement draw
    game_type = 22
    #: the English board: short kings, and a king's worth of 1.5 men measured as the best
    #: (benchmarks/italian_king.py; docs/rules/italian.md §8)
    engine = "game.ai.draughts_more:EnglishBoard"
    pdn_names: ClassVar[tuple[str, ...]] = ("italian", "dama italiana", "итальянские")
    algebraic = False
    numbered_squares = True
    capture_separator = "x"
    always_full_path = False
    draw_offer_choice = 20
    start_white = tuple(range(21, 33))
    start_black = tuple(range(1, 13))
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        # a man may not take a king: the man on 22 passes the king on 18 by
        "man-and-king": DiagramSpec("W:W22,K30:BK18,11", move="22-19", refused="22x13"),
        # the most pieces: two with one man rather than one with the other
        "most-pieces": DiagramSpec("W:W23,26:B11,19,21", move="23x7", refused="26x17"),
        # one piece each way: the king captures, and it takes the king
        "quality": DiagramSpec("W:W26,K27:B22,K23", move="27x20", refused="26x19"),
    }

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """No "tournament draws" choice: the federation's only draw rules, repetition and
        agreement, hold in every game, so there is nothing to switch."""
        return tuple(spec for spec in super().option_specs()
                     if spec.name != "tournament_draws")

    # --- why a click does nothing ------------------------------------------------------
    def _refuse_step(self, piece: Piece, here: int, square: int) -> Refusal | None:
        if piece.kind is PieceKind.MAN and self.piece_at(square) is None:
            (c0, r0), (c1, r1) = self._geometry.coord(here), self._geometry.coord(square)
            forward = 1 if piece.color is Color.WHITE else -1
            if abs(c1 - c0) == 2 and r1 - r0 == 2 * forward:
                over = self._geometry.square_at((c0 + c1) // 2, (r0 + r1) // 2)
                jumped = None if over is None else self.piece_at(over)
                if (jumped is not None and jumped.color is not piece.color
                        and jumped.kind is PieceKind.KING):
                    return MAN_TAKES_KING
        return super()._refuse_step(piece, here, square)

    def why_not(self, start: int, route: Sequence[int] = ()) -> Refusal:
        refusal = super().why_not(start, route)
        if refusal is Refusal.MOST and self._outranked_by_quality(start, tuple(route)):
            return QUALITY
        return refusal

    def _outranked_by_quality(self, start: int, landings: tuple[int, ...]) -> bool:
        """Whether the refused captures from ``start`` along ``landings`` take as many pieces
        as the legal ones: then the quality rules, not the number, put them out."""
        legal = self.legal_moves()
        if not legal or not legal[0].is_capture:
            return False
        most = len(legal[0].captured)
        refused = [m for m in self.outranked_captures()
                   if m.start == start and m.path[:len(landings)] == landings]
        return bool(refused) and all(len(m.captured) == most for m in refused)
