"""Apokachi, the Nanai "two against one" game on the points of an N x N grid.

The rules are those of ``docs/rules/apokachi.md``. The decisions taken where the traditional
rules are silent (the players' text states them too):

- **Order of captured points.** A move's captured points are listed along the row first (the
  end toward column ``a``, then the other end), then along the column (the end toward row 1,
  then the other end). A point cannot be taken twice: the row and the column meet only at the
  moved piece.
- **The position after the move is judged.** The point the piece left is empty when the capture
  is looked for, so a piece cannot form a run with the point it has just left.
- **Every end is decided by counting**, as the rules text says for ends 1-6: a blocked side to move
  (end 3) with more pieces than its opponent wins; a threefold repetition (end 6) is won by the
  side with more pieces, and is a draw only when the counts are equal.
- **Several ends at once.** When one move brings about more than one end, the reason shown is
  the first in the rules text's order: no pieces, no captures possible, blocked, move limit, timer,
  repetition. The result is the same whichever is shown (all go by count).
- **"Nobody can capture any more"** is exactly the rules text's test (both sides have at most one
  piece); no deeper search for whether a capture is still geometrically reachable. Since a
  capture needs two pieces of the capturer, which it keeps, this end cannot come about by play;
  it only ends a game set up that way from text.
- **Move limit.** Counts the full moves played in this game (one by each side, so a limit of 30
  ends the game after 60 single moves), from whatever position the game started in; a position
  read from text starts the count at zero.
- **Game timer.** One shared clock for the whole game, not one per player. The caller reports the
  playing time (:meth:`Apokachi.set_elapsed`); the game ends as soon as it reaches the limit.
  Taking back a move does not give the time back.
- **Repetition** compares the pieces on every point and the side to move, counting positions from
  the start of this game (the start position included).
- **Resignation and agreed draws** are not decided by counting (``Outcome.counts`` is ``None``);
  taking back a move (:meth:`Apokachi.pop`) also withdraws a resignation or agreed draw.
- **Positions from text** may hold any number of pieces per side (zero up to the whole board), so
  studies and puzzles can be set up; a side with no pieces has lost at once.
- **Move text.** The captured points after ``x`` may be left out; when given they must be exactly
  the points the move captures (in any order), otherwise the move is refused. Point names are
  read in either case; a position's two piece lists may come in either order.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from game.rules.apokachi_moves import ApokachiMoves, moves_for, unpack
from game.rules.apokachi_notation import (
    MAX_SIZE,
    MIN_SIZE,
    Position,
    parse_fen,
    parse_move_text,
    point_name,
    write_fen,
    write_move,
)
from game.rules.core import (
    BoardGeometry,
    Color,
    DiagramSpec,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    NotationError,
    OptionSpec,
    Outcome,
    Piece,
    PieceKind,
    Refusal,
    RulesError,
    Termination,
    check_setup,
    clip,
    fitting_moves,
    quote,
)

#: Apokachi's own ends and refusals (the core keeps the common ones)
NO_PIECES = Termination.add("no_pieces")
NO_CAPTURES_POSSIBLE = Termination.add("no_captures_possible")  # each side has one piece or none
TIMER = Termination.add("timer")
TAKEN = Refusal.add("taken")  # the point is occupied
ONE_STEP = Refusal.add("one_step")  # pieces step one point along a line

SMALL = 6
STANDARD = 9
#: the choices of the setup screen (and of :meth:`Apokachi.option_specs`), in display order
SIZE_CHOICES: tuple[int, ...] = tuple(range(MIN_SIZE, MAX_SIZE + 1))
MOVE_LIMIT_CHOICES: tuple[int | None, ...] = (10, 20, 30, 50, None)
TIME_LIMIT_CHOICES: tuple[float | None, ...] = (180.0, 300.0, 600.0, None)
DEFAULT_MOVE_LIMIT = 30
DEFAULT_TIME_LIMIT = 300.0

# board cells hold 0 (empty), 1 (white) or 2 (black); the opponent of side c is 3 - c
_EMPTY, _WHITE, _BLACK = 0, 1, 2
_CODE = {Color.WHITE: _WHITE, Color.BLACK: _BLACK}
_COLOR = {_WHITE: Color.WHITE, _BLACK: Color.BLACK}
_PIECE = {_WHITE: Piece(Color.WHITE), _BLACK: Piece(Color.BLACK)}


@dataclass(frozen=True, slots=True)
class _Tables:
    """Everything about an N-point board that does not change during a game."""

    size: int
    moves: ApokachiMoves  # the steps, captures and counts (game/rules/apokachi_moves.py)
    geometry: BoardGeometry

    def __reduce__(self) -> tuple[Callable[[int], _Tables], tuple[int]]:
        # a game is pickled (the job a helper search process is handed) by its board's size:
        # the tables are rebuilt, or found, there (the compiled move tables cannot be pickled)
        return _tables, (self.size,)


_TABLES: dict[int, _Tables] = {}


def _tables(size: int) -> _Tables:
    cached = _TABLES.get(size)
    if cached is not None:
        return cached
    n = size
    points = range(n * n)
    geometry = BoardGeometry(
        columns=n, rows=n, squares=tuple(points),
        coords=tuple((p % n, p // n) for p in points),
        names=tuple(point_name(p, n) for p in points),
        points=True,
    )
    tables = _Tables(n, moves_for(n), geometry)
    _TABLES[size] = tables
    return tables


def _size_option(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"board size must be a whole number of points, not {quote(value)}")
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise ValueError(f"board size {value} is out of range ({MIN_SIZE} to {MAX_SIZE} points)")
    return value


def _move_limit_option(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 1:
        raise ValueError(f"move limit must be a positive whole number of moves or None, "
                         f"not {quote(value)}")
    return value


def _time_limit_option(value: object) -> float | None:
    if value is None:
        return None
    if (type(value) not in (int, float) or not isinstance(value, (int, float))
            or not math.isfinite(value) or value <= 0):
        raise ValueError(f"time limit must be a positive number of seconds or None, "
                         f"not {quote(value)}")
    return float(value)


_CHECKS = {"size": _size_option, "move_limit": _move_limit_option,
           "time_limit": _time_limit_option}


class Apokachi(Game):
    """An Apokachi game: position, side to move, history, lost pieces, limits and the outcome."""

    name: ClassVar[str] = "apokachi"
    title: ClassVar[str] = "Apokachi"
    engine: ClassVar[str | None] = "game.ai.apokachi:ApokachiBoard"
    level_table: ClassVar[str] = "apokachi"
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "two-against-one": DiagramSpec("W:6:Wb3,c2,e1,f2:Bd3,a5,e5,c6", move="c2-c3xd3",
                                       line=("b3", "d3")),
    }
    has_kings: ClassVar[bool] = False
    board_options: ClassVar[tuple[str, ...]] = ("size",)

    def __init__(self, *, size: int = STANDARD, move_limit: int | None = DEFAULT_MOVE_LIMIT,
                 time_limit: float | None = DEFAULT_TIME_LIMIT) -> None:
        """The starting position: White on row 1, Black on row N, White to move."""
        n = _size_option(size)
        self._move_limit = _move_limit_option(move_limit)
        self._time_limit = _time_limit_option(time_limit)
        self._set_position(Position(Color.WHITE, n, tuple(range(n)),
                                    tuple(range(n * (n - 1), n * n))))

    def _set_position(self, position: Position) -> None:
        self._t = _tables(position.size)
        n = position.size
        self._n = n
        self._board = [_EMPTY] * (n * n)
        self._masks = [0, 0, 0]  # indexed by side code; [0] is unused
        for side, points in ((_WHITE, position.white), (_BLACK, position.black)):
            for p in points:
                self._board[p] = side
                self._masks[side] |= 1 << p
        self._turn = _CODE[position.turn]
        self._stack: list[Move] = []
        self._lost = [0, 0, 0]
        self._seen: dict[tuple[int, int, int], int] = {self._key(): 1}
        self._elapsed = 0.0
        self._declared: Outcome | None = None
        self._start = position

    # --- construction ----------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        return (OptionSpec("size", SIZE_CHOICES, STANDARD),
                OptionSpec("move_limit", MOVE_LIMIT_CHOICES, DEFAULT_MOVE_LIMIT),
                OptionSpec("time_limit", TIME_LIMIT_CHOICES, DEFAULT_TIME_LIMIT))

    @classmethod
    def _option_value(cls, spec: OptionSpec, value: Any) -> Any:
        """Sizes 5 to 13; besides the choices, any positive move limit (whole moves) and time
        limit (seconds, made a float); ``True`` is not a number here."""
        return _CHECKS[spec.name](value)

    @classmethod
    def new(cls, **options: Any) -> Apokachi:
        """The start position; options ``size`` (5-13), ``move_limit``, ``time_limit``
        (seconds)."""
        return cls(**cls.check_options(options))

    @classmethod
    def from_fen(cls, fen: str, **options: Any) -> Apokachi:
        """A position from ``SIDE:N:W<points>:B<points>``; a ``size`` option must agree with N."""
        merged = cls.check_options(options)
        position = parse_fen(fen)
        if "size" in options and merged["size"] != position.size:
            raise NotationError(f"the position is for a {position.size}-point board, "
                                f"not {options['size']}")
        game = cls(size=position.size, move_limit=merged["move_limit"],
                   time_limit=merged["time_limit"])
        game._set_position(position)
        return game

    @classmethod
    def check_pieces(cls, pieces: Mapping[int, Piece], **options: Any) -> None:
        """Points of the board, at most a row's worth of pieces a side (the start), no
        kings. (:meth:`from_fen` reads a crowded board too, as a study for the engine; a
        position from outside goes through :meth:`from_setup`.)"""
        size = cls.check_options({"size": options.get("size", STANDARD)})["size"]
        check_setup(pieces, _tables(size).geometry, most=size, kings=False)

    @classmethod
    def from_pieces(cls, turn: Color, pieces: Mapping[int, Piece], **options: Any) -> Apokachi:
        """A position set up by hand on a board of the ``size`` option's points."""
        if any(piece.kind is not PieceKind.MAN for piece in pieces.values()):
            raise RulesError("Apokachi has no kings")
        n = cls.check_options(options)["size"]
        return cls.from_fen(write_fen(Position(
            turn, n, tuple(sorted(s for s, p in pieces.items() if p.color is Color.WHITE)),
            tuple(sorted(s for s, p in pieces.items() if p.color is Color.BLACK)))), **options)

    @property
    def options(self) -> dict[str, Any]:
        """The options this game was made with: size, move_limit, time_limit."""
        return {"size": self._n, "move_limit": self._move_limit, "time_limit": self._time_limit}

    def starting_fen(self) -> str:
        return write_fen(self._start)

    def fen(self) -> str:
        return write_fen(self._position())

    def _position(self) -> Position:
        return Position(_COLOR[self._turn], self._n, tuple(self._points(_WHITE)),
                        tuple(self._points(_BLACK)))

    def copy(self) -> Apokachi:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._board = self._board.copy()
        other._masks = self._masks.copy()
        other._stack = self._stack.copy()
        other._lost = self._lost.copy()
        other._seen = self._seen.copy()
        return other

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        """The board as text, row N at the top: ``W`` and ``B`` pieces, ``.`` empty points."""
        marks = ".WB"
        rows = []
        for row in range(self._n - 1, -1, -1):
            cells = " ".join(marks[self._board[row * self._n + c]] for c in range(self._n))
            rows.append(f"{row + 1:>2} {cells}")
        rows.append("   " + " ".join("abcdefghijklm"[: self._n]))
        return "\n".join(rows)

    # --- the position ----------------------------------------------------------------
    @property
    def geometry(self) -> BoardGeometry:
        return self._t.geometry

    @property
    def size(self) -> int:
        """Points per side of the board."""
        return self._n

    @property
    def turn(self) -> Color:
        return _COLOR[self._turn]

    def piece_at(self, square: int) -> Piece | None:
        if not 0 <= square < self._n * self._n:
            raise ValueError(f"there is no point {square} on a {self._n}-point board")
        return _PIECE.get(self._board[square])

    def pieces(self) -> Iterator[tuple[int, Piece]]:
        for p, cell in enumerate(self._board):
            if cell:
                yield p, _PIECE[cell]

    def _points(self, side: int) -> Iterator[int]:
        mask = self._masks[side]
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def count(self, color: Color) -> int:
        """Pieces ``color`` has on the board."""
        return self._masks[_CODE[color]].bit_count()

    def lost(self, color: Color) -> int:
        """Pieces ``color`` has lost in this game."""
        return self._lost[_CODE[color]]

    def _key(self) -> tuple[int, int, int]:
        return (self._masks[_WHITE], self._masks[_BLACK], self._turn)

    # --- limits ----------------------------------------------------------------------
    @property
    def move_limit(self) -> int | None:
        """Full moves (one by each side) the game lasts at most; ``None``: no limit."""
        return self._move_limit

    @property
    def time_limit(self) -> float | None:
        """Seconds of playing time the game lasts at most; ``None``: no timer."""
        return self._time_limit

    def moves_left(self) -> int | None:
        """Full moves left before the move limit; ``None`` without a limit."""
        if self._move_limit is None:
            return None
        return max(0, self._move_limit - self.moves_played())

    @property
    def elapsed(self) -> float:
        """Playing time so far in seconds, as last reported by the caller."""
        return self._elapsed

    def set_elapsed(self, seconds: float) -> None:
        """Report the playing time so far (the engine never reads a clock)."""
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                or not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"elapsed time must be a non-negative number of seconds, not {quote(seconds)}")
        self._elapsed = float(seconds)

    # --- moves -------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return self.perft_moves()

    def perft_moves(self) -> list[Move]:
        """Every step of the side to move, whatever the end rules say; ordered by start, then end."""
        side = self._turn
        return [Move(step & 0xFF, ((step >> 8) & 0xFF,), unpack(step >> 16))
                for step in self._t.moves.steps(self._board, self._masks[side],
                                                self._masks[3 - side], side)]

    def push(self, move: Move) -> None:
        start, end, captured = move.start, move.path[-1], move.captured
        side = self._turn
        enemy = 3 - side
        board, masks = self._board, self._masks
        board[start] = _EMPTY
        board[end] = side
        masks[side] ^= (1 << start) | (1 << end)
        for p in captured:
            board[p] = _EMPTY
            masks[enemy] ^= 1 << p
        self._lost[enemy] += len(captured)
        self._turn = enemy
        self._stack.append(move)
        key = self._key()
        self._seen[key] = self._seen.get(key, 0) + 1

    def pop(self) -> Move:
        if not self._stack:
            raise IndexError("no move to take back")
        self._declared = None
        key = self._key()
        left = self._seen[key] - 1
        if left:
            self._seen[key] = left
        else:
            del self._seen[key]
        move = self._stack.pop()
        start, end, captured = move.start, move.path[-1], move.captured
        enemy = self._turn
        side = 3 - enemy
        board, masks = self._board, self._masks
        board[end] = _EMPTY
        board[start] = side
        masks[side] ^= (1 << start) | (1 << end)
        for p in captured:
            board[p] = enemy
            masks[enemy] |= 1 << p
        self._lost[enemy] -= len(captured)
        self._turn = side
        return move

    @property
    def move_stack(self) -> Sequence[Move]:
        return tuple(self._stack)

    def _mobility(self, side: int) -> int:
        """How many steps ``side`` has (captures do not change the count: one step, one move)."""
        return self._t.moves.mobility(self._masks, side)

    def perft(self, depth: int) -> int:
        """Leaf nodes ``depth`` plies deep (end rules ignored), counting the last two plies in
        bulk (see :mod:`game.rules.apokachi_moves`)."""
        if depth <= 0:
            return 1
        return self._t.moves.perft(self._board, self._masks, self._turn, depth)

    # --- notation ----------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        return write_move(move.start, move.end, move.captured, self._n)

    def hub_text(self, move: Move) -> str:
        """The ``moves`` command's form: ``e1-e2``, or ``e1-e2xe3`` with the captured points."""
        return self.move_text(move)

    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}")
        written = parse_move_text(text, self._n)
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        name = self.geometry.name
        for move in fitting_moves(self.legal_moves(), written.start, (written.end,), exact=True):
            if written.captured is not None and (
                    len(written.captured) != len(move.captured)
                    or set(written.captured) != set(move.captured)):
                raise IllegalMoveError(
                    f"{clip(text.strip())} does not capture what it says: the move "
                    f"{self.move_text(move)} captures "
                    f"{', '.join(map(name, move.captured)) or 'nothing'}")
            return move
        raise IllegalMoveError(f"{name(written.start)}-{name(written.end)} is not a legal move here")

    # --- why a click does nothing -----------------------------------------------------
    def _refuse_step(self, piece: Piece, here: int, square: int) -> Refusal | None:
        if self.piece_at(square) is not None:
            return TAKEN
        (c0, r0), (c1, r1) = self.geometry.coord(here), self.geometry.coord(square)
        return None if abs(c1 - c0) + abs(r1 - r0) == 1 else ONE_STEP

    # --- the end -----------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self._declared is not None:
            return self._declared
        white = self._masks[_WHITE].bit_count()
        black = self._masks[_BLACK].bit_count()
        if white == 0 or black == 0:
            reason = NO_PIECES
        elif white <= 1 and black <= 1:
            reason = NO_CAPTURES_POSSIBLE
        elif self._mobility(self._turn) == 0:
            reason = Termination.NO_MOVES
        elif self._move_limit is not None and len(self._stack) >= 2 * self._move_limit:
            reason = Termination.MOVE_LIMIT
        elif self._time_limit is not None and self._elapsed >= self._time_limit:
            reason = TIMER
        elif self._seen[self._key()] >= 3:
            reason = Termination.THREEFOLD_REPETITION
        else:
            return None
        winner = None if white == black else (Color.WHITE if white > black else Color.BLACK)
        return Outcome(reason, winner, (white, black))

    def resign(self, color: Color) -> None:
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        self._declared = Outcome(Termination.RESIGNATION, color.other)

    def withdraw_end(self) -> None:
        self._declared = None

    def agree_draw(self) -> None:
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        self._declared = Outcome(Termination.AGREEMENT, None)
