"""Entering a move by clicks, as a player does it: pure (rules only), so every rule of it can
be tested without a window.

A piece is picked up, then its destination is clicked (or it is dropped there). A
multi-capture may be given by its end square; where several captures end there, the player
clicks landing squares (or a captured piece) until one route is left, or the end square again
for exactly the landings clicked so far. A click that cannot make a move answers why, with
the piece to shake.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.core import BoardGeometry, Game, Move, Refusal, fitting_moves

#: pixels the mouse moves with the button down before a press becomes a drag
DRAG_START = 6


def dragged(pressed: tuple[int, int], now: tuple[int, int]) -> bool:
    """Whether the mouse, its button down since ``pressed``, has moved far enough to drag."""
    return math.hypot(now[0] - pressed[0], now[1] - pressed[1]) >= DRAG_START


def cursor_step(geometry: BoardGeometry, square: int, dx: int, dy: int, flipped: bool) -> int:
    """The keyboard's square moved one step on the screen (``dx``, ``dy``: right, up...):
    along its row to the next playable square, or to the next row's playable square nearest
    its column (the square itself where there is none)."""
    if flipped:
        dx, dy = -dx, -dy
    column, row = geometry.coord(square)
    if dy == 0:
        for step in range(1, geometry.columns):
            target = geometry.square_at(column + dx * step, row)
            if target is not None:
                return target
        return square
    options = [(abs(c - column), -c * dx if dx else c, s)
               for s, (c, r) in zip(geometry.squares, geometry.coords) if r == row + dy]
    return min(options)[2] if options else square


@dataclass(frozen=True, slots=True)
class Entered:
    """The clicks make this move (known legal)."""

    move: Move


@dataclass(frozen=True, slots=True)
class Picked:
    """A piece was picked up; ``again``: it was already in the hand (a second click on it
    puts it down when the button comes up)."""

    square: int
    again: bool


@dataclass(frozen=True, slots=True)
class Refused:
    """Nothing happens, and this is why (an i18n key); ``shake`` is the piece concerned."""

    key: str
    shake: int | None = None
    values: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choose:
    """Several routes fit: the player picks one by its landings or a piece it takes."""


@dataclass(frozen=True, slots=True)
class Going:
    """A landing or a taken piece was clicked; the move is not yet decided."""


Answer = Entered | Picked | Refused | Choose | Going


def refusal_key(refusal: Refusal) -> str:
    """The panel's words for why a piece can't be picked or can't go there."""
    return f"board.why.{refusal.value}"


def next_index(path: tuple[int, ...], via: list[int]) -> int | None:
    """The index in ``path`` right after the landing squares ``via`` (matched in order)."""
    index = 0
    for square in via:
        try:
            index = path.index(square, index) + 1
        except ValueError:
            return None
    return index if index < len(path) else None


class MoveEntry:
    """The move being entered: the piece in hand, the landings and taken pieces clicked so
    far, the end square where several routes meet. ``game`` and ``legal`` give the position
    the move is entered in (asked anew at every click)."""

    def __init__(self, game: Callable[[], Game], legal: Callable[[], list[Move]]) -> None:
        self._game = game
        self._legal = legal
        self.selected: int | None = None
        self.via: list[int] = []  # landing squares clicked so far
        self.victims: list[int] = []  # captured pieces clicked to pick a route
        self.pending_end: int | None = None  # several captures end here: pick a route

    # what has been clicked ---------------------------------------------------------------------
    def select(self, square: int) -> None:
        self.selected = square
        self.via.clear()
        self.victims.clear()
        self.pending_end = None

    def clear(self) -> None:
        self.selected = None
        self.via.clear()
        self.victims.clear()
        self.pending_end = None

    def moves_from(self, square: int) -> list[Move]:
        return [m for m in self._legal() if m.start == square]

    def fits(self, landings: list[int]) -> list[Move]:
        """Moves of the selected piece through ``landings`` in order (every route kept) that
        take the clicked victims."""
        assert self.selected is not None
        return [m for m in fitting_moves(self._legal(), self.selected, landings,
                                         prefer_exact=False)
                if all(v in m.captured for v in self.victims)]

    def candidates(self) -> list[Move]:
        """The legal moves that fit what has been clicked so far."""
        if self.selected is None:
            return []
        moves = self.fits(self.via)
        if self.pending_end is not None:
            moves = [m for m in moves if m.end == self.pending_end]
        return moves

    def is_landing(self, square: int) -> bool:
        if self.pending_end is not None and square == self.pending_end:
            return True
        return self.selected is not None and bool(self.fits([*self.via, square]))

    # clicks -------------------------------------------------------------------------------------
    def click(self, square: int) -> Answer:
        """A click on ``square`` of the board, the person to move at the board."""
        game = self._game()
        if self.selected is not None and self.is_landing(square):
            return self.land(square)
        piece = game.piece_at(square)
        if piece is not None and piece.color is game.turn:
            if self.moves_from(square):
                again = self.selected == square and not self.via and self.pending_end is None
                self.select(square)
                return Picked(square, again)
            self.clear()
            return Refused(refusal_key(game.why_not(square)), shake=square)
        if piece is not None and self.selected is not None and self.pending_end is not None:
            routes = [m for m in self.candidates() if square in m.captured]
            if routes:
                self.victims.append(square)
                return Entered(routes[0]) if len(routes) == 1 else Going()
        if self.selected is not None:
            return Refused(refusal_key(game.why_not(self.selected, [*self.via, square])),
                           shake=self.selected)
        if piece is not None:
            return Refused(f"board.why.turn.{game.turn.name.lower()}", shake=square)
        return Refused("board.why.pick")

    def drop(self, start: int, square: int | None) -> Answer | None:
        """The piece picked up at ``start`` was dragged and let go over ``square``; None:
        off the board or back home, and it stays in the hand."""
        if square is None or square == start or self.selected != start:
            return None
        if self.is_landing(square):
            return self.land(square)
        game = self._game()
        piece = game.piece_at(square)
        if piece is None or piece.color is not game.turn:
            return Refused(refusal_key(game.why_not(start, [*self.via, square])), shake=start)
        return None

    def land(self, square: int) -> Answer:
        """The selected piece is set down on ``square`` (a landing of one of its moves)."""
        if self.pending_end is None:
            ends = [m for m in self.fits([*self.via, square]) if m.end == square]
            exact = [m for m in ends if m.path == (*self.via, square)]
            if len(ends) == 1 or len(exact) == 1 and self.via:
                return Entered((exact or ends)[0])
            if len(ends) > 1:
                self.pending_end = square
                return Choose()
        elif square == self.pending_end:
            # the end again: exactly the landings clicked so far, if such a route exists
            exact = [m for m in self.candidates() if m.path == (*self.via, square)]
            return Entered(exact[0]) if len(exact) == 1 else Choose()
        self.via.append(square)
        fits = self.candidates()
        return Entered(fits[0]) if len(fits) == 1 else Going()
