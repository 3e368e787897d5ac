"""A move as the player sees it: a piece taken for фук first (when the other side took it),
then the piece glides hop by hop, then the captured pieces fade (the Turkish strike as the
player sees it)."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.rules.core import Color, Game, Move, Piece
from game.ui.board_views import BoardView

if TYPE_CHECKING:
    from game.sound import Sound

HOP_SECONDS = 0.15  # one hop of a gliding piece: followable, never a wait
FADE_SECONDS = 0.22  # captured pieces fade after the move
HUFF_SECONDS = 0.9  # a piece the other side takes for фук: marked, then gone, then the move


class Table(Protocol):
    """What a glide needs of the screen's board: the game in play and the board's view."""

    @property
    def game(self) -> Game: ...

    @property
    def view(self) -> BoardView: ...


@dataclass(slots=True)
class Glide:
    """A move on its way: the piece at its hop, the captured pieces fading after it."""

    move: Move
    piece: Piece
    before: dict[int, Piece]  # the position before the move
    hop: float  # seconds per hop; 0 for a dropped piece, already where it belongs
    crown_at: int  # the hop from which the piece is drawn crowned (len(path): never)
    t: float = 0.0
    sounded: int = 0  # hops whose landing has been heard
    #: seconds the piece taken for фук is shown going before the piece moves (0: the player
    #: took it himself and saw it go)
    huff: float = 0.0

    @property
    def hops_over(self) -> float:
        return self.huff + self.hop * len(self.move.path)

    def huff_left(self) -> float:
        """How much of the piece taken for фук is still there, 1 down to 0: whole with its
        mark for the first half of its time, then fading."""
        if self.move.huff is None or self.huff <= 0 or self.t >= self.huff:
            return 0.0
        return min(1.0, 2.0 * (1.0 - self.t / self.huff))

    @property
    def done(self) -> bool:
        return self.t >= self.hops_over + (FADE_SECONDS if self.move.captured else 0.0)

    def landed(self) -> int:
        """Hops completed so far."""
        if self.hop <= 0:
            return len(self.move.path)
        return min(len(self.move.path), int(max(0.0, self.t - self.huff) / self.hop + 1e-9))

    def position(self, view: BoardView) -> tuple[tuple[float, float], float, bool]:
        """Where the moving piece is now, how high it is lifted, and whether it is crowned."""
        squares = (self.move.start, *self.move.path)
        if self.hop <= 0 or self.t >= self.hops_over:
            return view.centre(self.move.end), 0.0, self.crown_at < len(self.move.path)
        t = max(0.0, self.t - self.huff)
        index = int(t / self.hop)
        frac = t / self.hop - index
        # ease in and out along a hop, with a small arc up and down
        ease = frac * frac * (3 - 2 * frac)
        (x0, y0), (x1, y1) = view.centre(squares[index]), view.centre(squares[index + 1])
        crowned = index > self.crown_at
        return ((x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease), math.sin(math.pi * frac) * 0.7,
                crowned)

    def fade(self) -> float:
        """How much of the captured pieces is still there, 1 down to 0."""
        if self.t <= self.hops_over:
            return 1.0
        return max(0.0, 1.0 - (self.t - self.hops_over) / FADE_SECONDS)


def glide_of(game: Game, view: BoardView, move: Move, piece: Piece, before: dict[int, Piece],
             dropped: bool, huff_seen: bool = False) -> Glide:
    """The glide of ``move`` (a dropped piece is already there: no hops, only the fade);
    ``huff_seen``: the piece it takes for фук was taken at this board and is already gone."""
    crown_at = len(move.path)
    if move.promotes:
        crown_at = len(move.path) - 1
        if game.promote_mid_capture:
            far = game.geometry.rows - 1 if piece.color is Color.WHITE else 0
            rows = [view.coord(s)[1] for s in move.path]
            crown_at = rows.index(far) if far in rows else crown_at
    huff = HUFF_SECONDS if move.huff is not None and not huff_seen else 0.0
    return Glide(move, piece, before, 0.0 if dropped else HOP_SECONDS, crown_at, huff=huff)


class Glides:
    """The move on its way across the board, if any: started when a move is played (or
    stepped to in review), heard hop by hop, and ``after`` it has landed (with whether the
    end of the game is to be looked at)."""

    def __init__(self, state: Table, sound: Sound,
                 after: Callable[[bool], None]) -> None:
        self.state = state
        self.sound = sound
        self.after = after
        self.glide: Glide | None = None

    def start(self, move: Move, piece: Piece, before: dict[int, Piece], dropped: bool,
              huff_seen: bool = False) -> None:
        self.glide = glide_of(self.state.game, self.state.view, move, piece, before, dropped,
                              huff_seen)
        if dropped:
            self.hop_sound(move)
            self.glide.sounded = len(move.path)

    def hop_sound(self, move: Move) -> None:
        self.sound.play("click" if move.captured else "tap")

    def finish(self, check_end: bool = True) -> None:
        """The move still gliding is put where it ends."""
        if self.glide is not None:
            self.glide = None
            self.after(check_end)

    def update(self, dt: float) -> None:
        glide = self.glide
        if glide is None:
            return
        glide.t += dt
        while glide.sounded < glide.landed():
            glide.sounded += 1
            self.hop_sound(glide.move)
        if glide.done:
            self.glide = None
            self.after(True)
