"""Уголки (Ugolki, "Corners"): a race to move every piece into the opposite corner.

The rules are those of ``docs/rules/ugolki.md`` (the players' text; the rules page shows
it too). The decisions taken where the traditional rules are open:

- **Squares.** All 64 squares are used; a square is ``row * 8 + column`` (a1 = 0, h8 = 63).
- **A chain's route.** A move is its start and end; its :attr:`Move.path` is the shortest
  route of landings, the first found trying up, right, down, left in turn (what the rules'
  notation writes). The piece has left its start square, so nothing can be jumped there.
- **The extra move.** Whoever finishes when the other side has made one move fewer (White,
  from the usual start) gives that side one more move: if it finishes too the game is
  drawn, otherwise the first to finish wins. A side that finishes with as many moves as the
  other wins at once (Black finishing first).
- **The 40-move home rule.** After a side's 40th move, a piece of its own still in its house
  loses the game for it (checked after every move of that side from the 40th on); from its
  41st move on, a move may not *end* in its own house (a chain may pass through it).
- **Order of the ends.** When several apply, the first counts: both finished (draw), one
  finished, a piece left at home, the 80-move limit, no legal move. No position can bring
  two of them to different winners except a set-up one.
- **No draw by repetition**: the 80-move limit ends every game.
- **Positions from text** hold 1 to the house's number of pieces a side (a side with more
  could never finish). The move number in the text (``F``) tells how many moves each side has
  made: at move n White has made n - 1 (n with Black to move) and Black n - 1.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

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
    SetupError,
    SetupProblem,
    check_setup,
    Termination,
    clip,
    quote,
)
from game.rules import ugolki_moves
from game.rules.ugolki_notation import (
    Position,
    parse_fen,
    parse_move_squares,
    square_name,
    write_fen,
    write_move,
)

#: pieces a side has -> the house's (columns, rows): White's in the corner a1, Black's in h8
HOUSES: dict[int, tuple[int, int]] = {9: (3, 3), 12: (4, 3), 16: (4, 4)}
HOUSE_CHOICES: tuple[int, ...] = (12, 9, 16)  # the setup screen's order: the usual first
#: Ugolki's own ends and refusals (the core keeps the common ones)
FINISHED = Termination.add("finished")  # a side has brought every piece into the other's house
BOTH_FINISHED = Termination.add("both_finished")  # the second finished with its extra move
STAYED_HOME = Termination.add("stayed_home")  # a piece at home after the side's 40th move
OCCUPIED = Refusal.add("occupied")  # the square is taken
NO_ROUTE = Refusal.add("no_route")  # no step or chain of jumps leads there
BACK_HOME = Refusal.add("back_home")  # into its own house after the side's 40th move

DEFAULT_HOUSE = 12
HOME_RULE_MOVE = 40  # after a side's 40th move no piece of its own may stay at home
MOVE_LIMIT = 80  # moves by each side after which the game is decided by counting

FULL = (1 << 64) - 1
FILE_A = 0x0101010101010101
FILE_H = FILE_A << 7

_WHITE, _BLACK = 0, 1
_COLOR = (Color.WHITE, Color.BLACK)
_PIECE = (Piece(Color.WHITE), Piece(Color.BLACK))


#: the four directions in the order routes are looked for: up, right, down, left
_OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    steps: list[tuple[int, ...]] = []
    jumps: list[tuple[tuple[int, int], ...]] = []
    for square in range(64):
        row, column = divmod(square, 8)
        near: list[int] = []
        far: list[tuple[int, int]] = []
        for dc, dr in _OFFSETS:
            c1, r1, c2, r2 = column + dc, row + dr, column + 2 * dc, row + 2 * dr
            if 0 <= c1 < 8 and 0 <= r1 < 8:
                near.append(r1 * 8 + c1)
                if 0 <= c2 < 8 and 0 <= r2 < 8:
                    far.append((r1 * 8 + c1, r2 * 8 + c2))
        steps.append(tuple(near))
        jumps.append(tuple(far))
    return tuple(steps), tuple(jumps)


#: STEPS[s]: the neighbours of s; JUMPS[s]: (square jumped, landing); both up, right, down, left
STEPS, JUMPS = _tables()

GEOMETRY = BoardGeometry(columns=8, rows=8, squares=tuple(range(64)),
                         coords=tuple((s % 8, s // 8) for s in range(64)),
                         names=tuple(square_name(s) for s in range(64)))


def house_masks(pieces: int) -> tuple[int, int]:
    """White's house (the corner a1) and Black's (the corner h8) as bit masks."""
    columns, rows = HOUSES[pieces]
    white = sum(1 << (r * 8 + c) for r in range(rows) for c in range(columns))
    black = sum(1 << (r * 8 + c) for r in range(8 - rows, 8) for c in range(8 - columns, 8))
    return white, black


def chain_ends(start: int, occupied: int) -> int:
    """Every square a chain of jumps from the bit ``start`` can end on, as a bit mask:
    ``occupied`` holds the other pieces (the mover has left its start, which no chain may
    land on again). Breadth first over all four directions at once (in
    :mod:`game.rules.ugolki_moves`, which numbers the bits its own way)."""
    to_bits = ugolki_moves.to_bits
    return ugolki_moves.from_bits(ugolki_moves.chain_ends(to_bits(start), to_bits(occupied)))


def count_moves(own: int, occupied: int, allowed: int) -> int:
    """How many moves (start, end) the pieces ``own`` have, ends limited to ``allowed``."""
    to_bits = ugolki_moves.to_bits
    return ugolki_moves.count_moves(to_bits(own), to_bits(occupied), to_bits(FULL & ~allowed))


def route(start: int, end: int, occupied: int) -> tuple[int, ...] | None:
    """The landings of the shortest chain from ``start`` to ``end`` (the first found trying
    up, right, down, left), or None; ``occupied`` holds the other pieces."""
    parent: dict[int, int] = {start: -1}
    queue = [start]
    for square in queue:
        for over, land in JUMPS[square]:
            if (occupied >> over) & 1 and not (occupied >> land) & 1 and land not in parent:
                parent[land] = square
                if land == end:
                    path = [end]
                    while parent[path[-1]] != start:
                        path.append(parent[path[-1]])
                    return tuple(reversed(path))
                queue.append(land)
    return None


def _house_option(value: object) -> int:
    if type(value) is not int or value not in HOUSES:
        raise ValueError(f"house must be one of {', '.join(map(str, HOUSE_CHOICES))}, "
                         f"not {quote(value)}")
    return value


class Ugolki(Game):
    """An Ugolki game: the two sides' pieces, the side to move, the moves each side has made,
    the history and the outcome."""

    name: ClassVar[str] = "ugolki"
    title: ClassVar[str] = "Ugolki"
    engine: ClassVar[str | None] = "game.ai.ugolki:UgolkiBoard"
    level_table: ClassVar[str] = "ugolki"
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "chain": DiagramSpec("W:Wa1,a2,c4:Bb3,h8", move="a1-a3-c3-c5"),
        "back-home": DiagramSpec("W:Wf6,g6,h6,e7,f7,g7,h7,f8,g8,h8,d4,e5"
                                 ":Ba1,b1,c1,d1,a2,b2,c2,a3,b3,e4,f3,h2:F41", refused="d4-d3"),
    }
    home_rule_move: ClassVar[int] = HOME_RULE_MOVE
    move_limit_moves: ClassVar[int] = MOVE_LIMIT
    has_kings: ClassVar[bool] = False
    pieces_leave: ClassVar[bool] = False  # nothing is captured in a race
    board_options: ClassVar[tuple[str, ...]] = ("house",)  # the houses depend on it

    def __init__(self, *, house: int = DEFAULT_HOUSE) -> None:
        """The start: each side's pieces fill its house, White to move."""
        house = _house_option(house)
        white, black = house_masks(house)
        self._set_position(Position(Color.WHITE, _squares(white), _squares(black), 1, house),
                           house)

    def _set_position(self, position: Position, house: int) -> None:
        self._house = house
        self._homes = house_masks(house)
        self._masks = [_mask(position.white), _mask(position.black)]
        self._turn = _WHITE if position.turn is Color.WHITE else _BLACK
        n = position.move_number
        # at move n, White has made n - 1 moves (n once it has moved) and Black n - 1
        self._made = [n - 1 + (self._turn == _BLACK), n - 1]
        self._start = Position(position.turn, position.white, position.black, n, house)
        self._stack: list[Move] = []
        self._declared: Outcome | None = None
        self._cache_outcome: tuple[Outcome | None] | None = None
        self._cache_moves: list[Move] | None = None

    # --- construction ----------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        return (OptionSpec("house", HOUSE_CHOICES, DEFAULT_HOUSE),)

    @classmethod
    def _option_value(cls, spec: OptionSpec, value: Any) -> Any:
        return _house_option(value)

    @classmethod
    def new(cls, **options: Any) -> Ugolki:
        """The start position; option ``house``: the pieces a side, 9, 12 or 16 (a house of
        3x3, 4x3 or 4x4 squares)."""
        return cls(**cls.check_options(options))

    @classmethod
    def from_fen(cls, fen: str, **options: Any) -> Ugolki:
        """A position from ``W:Wa1,...:Bh8,...`` (with ``F``/``P`` fields, see
        :mod:`game.rules.ugolki_notation`); a ``house`` option must agree with ``P``."""
        merged = cls.check_options(options)
        position = parse_fen(fen)
        house = merged["house"]
        if position.house is not None:
            if position.house not in HOUSES:
                raise NotationError(f"a house of {position.house} pieces is not one of "
                                    f"{', '.join(map(str, HOUSE_CHOICES))}")
            if "house" in options and options["house"] != position.house:
                raise NotationError(f"the position is for {position.house} pieces a side, "
                                    f"not {options['house']}")
            house = position.house
        for color, squares in ((Color.WHITE, position.white), (Color.BLACK, position.black)):
            if not squares:
                raise NotationError(f"{color.name.capitalize()} has no pieces: each side "
                                    f"needs at least one")
            if len(squares) > house:
                raise SetupError(SetupProblem.TOO_MANY,
                                 f"{color.name.capitalize()} has {len(squares)} pieces; "
                                 f"a game of {house} a side holds at most {house}",
                                 color=color, count=len(squares), most=house)
        game = cls(house=house)
        game._set_position(position, house)
        return game

    @classmethod
    def check_pieces(cls, pieces: Mapping[int, Piece], **options: Any) -> None:
        """Squares of the board, at most a house's worth of pieces a side, no kings."""
        house = cls.check_options({"house": options.get("house", DEFAULT_HOUSE)})["house"]
        check_setup(pieces, GEOMETRY, most=house, kings=False)

    @classmethod
    def from_pieces(cls, turn: Color, pieces: Mapping[int, Piece], **options: Any) -> Ugolki:
        """A position set up by hand (at the first move), checked as its FEN would be."""
        merged = cls.check_options(options)
        cls.check_pieces(pieces, **merged)
        white = tuple(s for s, p in pieces.items() if p.color is Color.WHITE)
        black = tuple(s for s, p in pieces.items() if p.color is Color.BLACK)
        return cls.from_fen(write_fen(Position(turn, white, black)), **merged)

    @property
    def options(self) -> dict[str, Any]:
        return {"house": self._house}

    def fen(self) -> str:
        return write_fen(self._position(), house=DEFAULT_HOUSE)

    def starting_fen(self) -> str:
        return write_fen(self._start, house=DEFAULT_HOUSE)

    def _position(self) -> Position:
        return Position(self.turn, _squares(self._masks[_WHITE]), _squares(self._masks[_BLACK]),
                        self._made[_BLACK] + 1, self._house)

    def copy(self) -> Ugolki:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._masks = self._masks.copy()
        other._made = self._made.copy()
        other._stack = self._stack.copy()
        return other

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        """The board as text, row 8 at the top: ``W`` and ``B`` pieces, ``+`` the houses."""
        rows = []
        white, black = self._masks
        homes = self._homes[0] | self._homes[1]
        for row in range(7, -1, -1):
            cells = []
            for column in range(8):
                bit = 1 << (row * 8 + column)
                cells.append("W" if white & bit else "B" if black & bit
                             else "+" if homes & bit else ".")
            rows.append(f"{row + 1} {' '.join(cells)}")
        rows.append("  a b c d e f g h")
        return "\n".join(rows)

    # --- the position ----------------------------------------------------------------
    @property
    def geometry(self) -> BoardGeometry:
        return GEOMETRY

    @property
    def turn(self) -> Color:
        return _COLOR[self._turn]

    @property
    def house(self) -> int:
        """Pieces a side starts with (9, 12 or 16): the size of the houses."""
        return self._house

    def piece_at(self, square: int) -> Piece | None:
        if not 0 <= square < 64:
            return None
        bit = 1 << square
        if self._masks[_WHITE] & bit:
            return _PIECE[_WHITE]
        if self._masks[_BLACK] & bit:
            return _PIECE[_BLACK]
        return None

    def pieces(self) -> Iterator[tuple[int, Piece]]:
        for side in (_WHITE, _BLACK):
            for square in _squares(self._masks[side]):
                yield square, _PIECE[side]

    def masks(self) -> tuple[int, int]:
        """White's and Black's pieces as bit masks (bit = square), for search code."""
        return self._masks[_WHITE], self._masks[_BLACK]

    def homes(self) -> tuple[int, int]:
        """White's house (its start, Black's goal) and Black's, as bit masks."""
        return self._homes

    def in_house(self, color: Color, house_of: Color) -> int:
        """How many of ``color``'s pieces stand in ``house_of``'s house."""
        side = 0 if color is Color.WHITE else 1
        home = self._homes[0 if house_of is Color.WHITE else 1]
        return (self._masks[side] & home).bit_count()

    def moves_made(self, color: Color) -> int:
        """Moves ``color`` has made in this game, counted from the first move (a position
        read from text brings its own count)."""
        return self._made[0 if color is Color.WHITE else 1]

    # --- moves -------------------------------------------------------------------------
    def _allowed(self, side: int) -> int:
        """The squares a move of ``side`` may end on: after its 40th move, not its house."""
        if self._made[side] >= self.home_rule_move:
            return FULL & ~self._homes[side]
        return FULL

    def perft_moves(self) -> list[Move]:
        """Every move of the side to move (the end rules aside), by start and then end."""
        if self._cache_moves is None:
            self._cache_moves = self._generate()
        return list(self._cache_moves)

    def _generate(self) -> list[Move]:
        side = self._turn
        own = self._masks[side]
        occupied = self._masks[0] | self._masks[1]
        allowed = self._allowed(side)
        moves: list[Move] = []
        for start in _squares(own):
            others = occupied & ~(1 << start)
            ends: list[tuple[int, tuple[int, ...]]] = []
            for square in STEPS[start]:
                if not (occupied >> square) & 1 and (allowed >> square) & 1:
                    ends.append((square, (square,)))
            # every end of a chain, breadth first: the first route found is the one written
            parent: dict[int, int] = {start: -1}
            queue = [start]
            for here in queue:
                for over, land in JUMPS[here]:
                    if (others >> over) & 1 and not (others >> land) & 1 \
                            and land not in parent:
                        parent[land] = here
                        queue.append(land)
            for land in queue[1:]:
                if (allowed >> land) & 1:
                    path = [land]
                    while parent[path[-1]] != start:
                        path.append(parent[path[-1]])
                    ends.append((land, tuple(reversed(path))))
            moves.extend(Move(start, path) for _, path in sorted(ends))
        return moves

    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        return self.perft_moves()

    def push(self, move: Move) -> None:
        side = self._turn
        self._masks[side] ^= (1 << move.start) | (1 << move.path[-1])
        self._made[side] += 1
        self._stack.append(move)
        self._turn = 1 - side
        self._cache_outcome = None
        self._cache_moves = None

    def pop(self) -> Move:
        if not self._stack:
            raise IndexError("no move to take back")
        self._declared = None
        move = self._stack.pop()
        side = 1 - self._turn
        self._masks[side] ^= (1 << move.start) | (1 << move.path[-1])
        self._made[side] -= 1
        self._turn = side
        self._cache_outcome = None
        self._cache_moves = None
        return move

    @property
    def move_stack(self) -> Sequence[Move]:
        return tuple(self._stack)

    # --- counting ----------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """Leaf nodes ``depth`` plies deep (the end rules ignored; the home rule's ban on
        going back is a rule of moves and applies), the last ply counted in bulk."""
        if depth <= 0:
            return 1
        to_bits = ugolki_moves.to_bits
        white, black = self._masks
        return ugolki_moves.perft(to_bits(white), to_bits(black), self._turn, list(self._made),
                                  [to_bits(self._homes[0]), to_bits(self._homes[1])],
                                  self.home_rule_move, depth)

    # --- notation ----------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        return write_move(move.start, move.path)

    def hub_text(self, move: Move) -> str:
        return self.move_text(move)

    def parse_move(self, text: str) -> Move:
        """A legal move from ``a1-a2``, ``a1-a3-c3`` (a route of landings, checked) or the
        start and end alone ``a1-c3``."""
        squares = parse_move_squares(text)
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        start, end = squares[0], squares[-1]
        fits = [m for m in self.legal_moves() if m.start == start and m.end == end]
        if not fits:
            raise IllegalMoveError(f"{clip(text.strip())} is not a legal move here "
                                   f"(no legal move from {square_name(start)} to "
                                   f"{square_name(end)})")
        move = fits[0]
        if len(squares) > 2 and tuple(squares[1:]) != move.path:
            self._check_route(text, start, squares[1:])
        return move

    def _check_route(self, text: str, start: int, landings: Sequence[int]) -> None:
        """Refuse a written route of landings that is not a chain of jumps here."""
        occupied = (self._masks[0] | self._masks[1]) & ~(1 << start)
        visited = {start}
        here = start
        for land in landings:
            jump = next((over for over, to in JUMPS[here] if to == land), None)
            if jump is None or not (occupied >> jump) & 1 or (occupied >> land) & 1 \
                    or land in visited:
                raise IllegalMoveError(
                    f"{clip(text.strip())} is not a route of jumps here (at "
                    f"{square_name(here)}-{square_name(land)})")
            visited.add(land)
            here = land

    # --- why a click does nothing -----------------------------------------------------
    def why_not(self, start: int, route: Sequence[int] = ()) -> Refusal:
        """As :meth:`Game.why_not`; for a square the piece cannot reach: taken, its own house
        after the 40th move, or no step or chain leads there."""
        if not route or self.outcome() is not None or self.piece_at(start) is None \
                or self.piece_at(start).color is not self.turn:  # type: ignore[union-attr]
            return super().why_not(start, route)
        square = route[-1]
        if self.piece_at(square) is not None:
            return OCCUPIED
        side = self._turn
        if not (self._allowed(side) >> square) & 1:
            occupied = (self._masks[0] | self._masks[1]) & ~(1 << start)
            near = square in STEPS[start]
            if near or (chain_ends(1 << start, occupied) >> square) & 1:
                return BACK_HOME
        return NO_ROUTE

    # --- the end -----------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self._declared is not None:
            return self._declared
        if self._cache_outcome is None:
            self._cache_outcome = (self._decide(),)
        return self._cache_outcome[0]

    def finished(self, color: Color) -> bool:
        """Whether every piece of ``color`` stands in the other side's house."""
        side = 0 if color is Color.WHITE else 1
        mine = self._masks[side]
        return bool(mine) and not mine & ~self._homes[1 - side]

    def _counts(self) -> tuple[int, int]:
        """Pieces each side has in the other's house (White's, Black's)."""
        white, black = self._masks
        return (white & self._homes[_BLACK]).bit_count(), (black & self._homes[_WHITE]).bit_count()

    def _decide(self) -> Outcome | None:
        """The end, if any (see the module's notes for the order). Only the move limit is
        decided by counting: its Outcome carries the pieces each side has in the other's
        house."""
        done = (self.finished(Color.WHITE), self.finished(Color.BLACK))
        if done[0] and done[1]:
            return Outcome(BOTH_FINISHED, None)
        for side in (_WHITE, _BLACK):
            if done[side]:
                other = 1 - side
                if not (self._turn == other and self._made[other] < self._made[side]):
                    return Outcome(FINISHED, _COLOR[side])
                # the other side's one more move is to come
        mover = 1 - self._turn
        if self._made[mover] >= self.home_rule_move and self._masks[mover] & self._homes[mover]:
            return Outcome(STAYED_HOME, _COLOR[self._turn])
        if min(self._made) >= self.move_limit_moves:
            counts = self._counts()
            winner = None if counts[0] == counts[1] else \
                (Color.WHITE if counts[0] > counts[1] else Color.BLACK)
            return Outcome(Termination.MOVE_LIMIT, winner, counts)
        occupied = self._masks[0] | self._masks[1]
        if not count_moves(self._masks[self._turn], occupied, self._allowed(self._turn)):
            return Outcome(Termination.NO_MOVES, _COLOR[1 - self._turn])
        return None

    def extra_move(self) -> bool:
        """Whether the side to move is playing its one more move after the other finished."""
        return self.outcome() is None and (self.finished(Color.WHITE)
                                           or self.finished(Color.BLACK))

    def resign(self, color: Color) -> None:
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        self._declared = Outcome(Termination.RESIGNATION, color.other)

    def agree_draw(self) -> None:
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        self._declared = Outcome(Termination.AGREEMENT, None)

    def withdraw_end(self) -> None:
        self._declared = None

    # --- limits for the side panel -------------------------------------------------------
    @property
    def move_limit(self) -> int | None:
        return self.move_limit_moves

    def moves_played(self) -> int:
        """Full moves: the moves both sides have made."""
        return min(self._made)

    def lead(self, color: Color) -> float | None:
        """How far ``color`` is ahead in the race: the other side's steps still to go into
        its goal house less ``color``'s own (material is always equal here)."""
        def to_go(side: int) -> int:
            columns, rows = HOUSES[self._house]
            total = 0
            for square in _squares(self._masks[side]):
                column, row = square % 8, square // 8
                if side == _WHITE:
                    total += max(0, 8 - columns - column) + max(0, 8 - rows - row)
                else:
                    total += max(0, column - (columns - 1)) + max(0, row - (rows - 1))
            return total
        me = 0 if color is Color.WHITE else 1
        return float(to_go(1 - me) - to_go(me))

    def moves_to_leave_home(self, color: Color) -> int:
        """Moves ``color`` still has before its house must be empty (0: the rule applies)."""
        return max(0, self.home_rule_move - self.moves_made(color))


def _mask(squares: Sequence[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def _squares(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit.bit_length() - 1)
    return tuple(out)
