"""Shared machinery of diagonal draughts (International 10x10, Russian, Brazilian and English 8x8,
and their giveaway forms).

Positions are four bitboards in Python ints (white men, white kings, black men, black kings) on
the classic "ghost square" layout: squares are numbered row by row from Black's side and one
unused bit is left after every two rows, so the diagonal neighbours of every square lie at the
same four bit offsets and a shift never wraps round an edge onto a real square.
A variant is a subclass of :class:`DraughtsGame` that sets class-level flags (majority capture,
crowning mid-capture, men capturing backwards, flying kings, the side that moves first) and
overrides the hooks (draw rules, who wins when a side cannot move, adjudication); nothing here
asks which variant it is.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from game.rules import notation
from game.rules.core import (
    AmbiguousMoveError,
    BoardGeometry,
    Color,
    DrawCounter,
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
    Termination,
    check_setup,
    clip,
    fitting_moves,
    quote,
)
from game.rules.movegen import DIAGONAL, MoveGenerator, RawCapture, Tables, tables_of

#: the draughts games' own ends and refusals (the core keeps the common ones)
KINGS_ONLY_MOVES = Termination.add("kings_only_moves")  # 25 (International) / 15 (Russian)
ENDGAME_5_MOVES = Termination.add("endgame_5_moves")  # 2 kings (etc.) vs a lone king
FORWARD = Refusal.add("forward")  # a man steps forward only (English men capture so too)
KING_ONE_SQUARE = Refusal.add("king_one_square")  # a short king steps one square (English)

__all__ = ["DraughtsGame", "EndgameRule", "MoveGenerator", "RawCapture", "Tables", "lone_king",
           "notation_ambiguity"]


@dataclass(frozen=True, slots=True)
class EndgameRule:
    """A draw rule whose condition holds in a position (the variant's hook yields these).

    ``key`` identifies the situation: the count goes on while the key stays the same.
    ``limit`` is in plies, or in ``side``'s moves when ``side`` is set.
    """

    termination: Termination
    key: object
    limit: int
    side: Color | None = None


# A running endgame rule: the rule and its count (plies, or the side's moves).
_Running = tuple[EndgameRule, int]


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """What push changes, kept so that pop can put it back."""

    wm: int
    wk: int
    bm: int
    bk: int
    white: bool
    kings_only: int
    running: tuple[_Running, ...]
    declared: Outcome | None
    huffable: int


class DraughtsGame(Game):
    """A game of diagonal draughts: the position, its history and the rules' verdict.

    Variants set the class flags below and override :meth:`_endgame_rules` (and, for the
    giveaway games, :meth:`_no_moves_winner` and ``more_pieces_win``).
    """

    size: ClassVar[int]
    majority_capture: ClassVar[bool]  # must take the most pieces (International)
    promote_mid_capture: ClassVar[bool]  # a man crowned mid-capture goes on as a king (Russian)
    men_capture_backward: ClassVar[bool] = True  # False: men jump forward only (English)
    flying_kings: ClassVar[bool] = True  # False: kings step and jump one square (English)
    #: the directions pieces capture in: the diagonals, or also along the rows and columns
    #: (Frisian); quiet moves are diagonal in every game
    capture_directions: ClassVar[int] = DIAGONAL
    #: what the majority rule weighs: each man taken, each king taken (1 and 1: the most
    #: pieces); ``king_first``: of captures of the same value, a king's must be played
    man_value: ClassVar[int] = 1
    king_value: ClassVar[int] = 1
    king_first: ClassVar[bool] = False
    #: False: a man may not jump a king (Italian)
    men_capture_kings: ClassVar[bool] = True
    #: of captures of the most pieces, a king's, then the most kings', then the one meeting
    #: a king first must be played (Italian)
    capture_quality: ClassVar[bool] = False
    #: the board is set with a light square in each player's left-hand corner (Italian)
    turned_board: ClassVar[bool] = False
    #: plies of king-only, capture-free moves that draw (0: the game has no such rule)
    kings_only_limit: ClassVar[int]
    game_type: ClassVar[int]  # PDN GameType
    #: a PDN [Variant] tag that tells this game from others of the same GameType (giveaway)
    pdn_variant: ClassVar[str | None] = None
    #: the words a PDN [Variant] tag may begin with to name this game (a class's own list:
    #: a subclass does not inherit the names of the game it derives from)
    pdn_names: ClassVar[tuple[str, ...]] = ()
    algebraic: ClassVar[bool]  # notation names squares a1..h8 (else numbers)
    capture_separator: ClassVar[str]
    chess_clock: ClassVar[bool] = True
    #: at the move limit the side with more pieces (then more kings) wins; giveaway: fewer
    more_pieces_win: ClassVar[bool] = True
    #: plies of the shortest material draw rule the game has (its count may run in any
    #: ending): a won ending is claimed only if it is over sooner (None: no such rule)
    shortest_material_rule: ClassVar[int | None] = None
    always_full_path: ClassVar[bool]  # write every landing square of a capture
    #: the "draw only after N moves each" choice a setup screen offers (the seeds' rule)
    draw_offer_choice: ClassVar[int]
    start_white: ClassVar[tuple[int, ...]]
    start_black: ClassVar[tuple[int, ...]]
    #: the game may be played "with фук" (the option ``huff``): capturing is not compulsory,
    #: and a capture skipped lets the opponent take a piece that could have captured
    huff_option: ClassVar[bool] = False

    _tables: ClassVar[Tables]
    _generator: ClassVar[MoveGenerator]
    _geometry: ClassVar[BoardGeometry]

    #: the flags a subclass may change that shape its board or its move generator
    _SHAPING: ClassVar[tuple[str, ...]] = (
        "size", "majority_capture", "promote_mid_capture", "men_capture_backward",
        "flying_kings", "algebraic", "capture_directions", "man_value", "king_value",
        "king_first", "men_capture_kings", "capture_quality", "turned_board")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if any(name in cls.__dict__ for name in cls._SHAPING) and hasattr(cls, "size"):
            cls._tables = tables_of(cls.size, cls.capture_directions, cls.turned_board)
            cls._generator = MoveGenerator(cls._tables, majority=cls.majority_capture,
                                           promote_mid_capture=cls.promote_mid_capture,
                                           men_capture_backward=cls.men_capture_backward,
                                           flying_kings=cls.flying_kings,
                                           man_value=cls.man_value, king_value=cls.king_value,
                                           king_first=cls.king_first,
                                           men_capture_kings=cls.men_capture_kings,
                                           capture_quality=cls.capture_quality)
            cls._geometry = cls._make_geometry()

    @classmethod
    def _make_geometry(cls) -> BoardGeometry:
        t = cls._tables
        squares = tuple(range(1, t.count + 1))
        coords = tuple(t.coord_of[t.bit_of[n]] or (0, 0) for n in squares)
        if cls.algebraic:
            names = tuple(f"{'abcdefghijklmnopqrstuvwxyz'[c]}{r + 1}" for c, r in coords)
        else:
            names = tuple(str(n) for n in squares)
        return BoardGeometry(columns=t.size, rows=t.size, squares=squares, coords=coords,
                             names=names)

    # --- construction ----------------------------------------------------------------
    def __init__(self, wm: int, wk: int, bm: int, bk: int, white: bool,
                 options: dict[str, Any]) -> None:
        self._wm, self._wk, self._bm, self._bk = wm, wk, bm, bk
        self._white = white
        self._options = options
        self._root = (wm, wk, bm, bk, white)
        self._stack: list[tuple[Move, _Snapshot]] = []
        self._moves: list[Move] = []
        self._kings_only = 0
        self._running: tuple[_Running, ...] = tuple(
            (rule, 0) for rule in self._endgame_rules(wm, wk, bm, bk))
        self._declared: Outcome | None = None
        self._seen: dict[tuple[int, int, int, int, bool], int] = {self._key(): 1}
        self._cache_moves: list[Move] | None = None
        self._cache_huffed: list[Move] | None = None
        self._cache_outcome: tuple[Outcome | None] | None = None
        #: "with фук": captures are optional and a skipped one may be huffed
        self._huffing = bool(options.get("huff", False))
        #: the opponent's pieces the side to move may huff now (bits), 0 without the right
        self._huffable = 0

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        specs: tuple[OptionSpec, ...] = (
            OptionSpec("tournament_draws", (True, False), True),
            OptionSpec("draw_offer_after", (None, cls.draw_offer_choice), None))
        if cls.huff_option:
            specs += (OptionSpec("huff", (False, True), False),)
        return specs

    @classmethod
    def _option_value(cls, spec: OptionSpec, value: Any) -> Any:
        """Besides the choices, a count of moves (``draw_offer_after``, ``move_limit``) may be
        any positive whole number, for studies and tests; ``True`` is not a number here."""
        counts_moves = spec.name in ("draw_offer_after", "move_limit")
        if counts_moves and type(value) is int and value >= 1:
            return value
        try:
            return super()._option_value(spec, value)
        except ValueError:
            if not counts_moves:
                raise
            raise ValueError(f"{spec.name} must be a positive whole number of moves or None, "
                             f"not {quote(value)}") from None

    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        return cls.check_options(options)

    @classmethod
    def new(cls, **options: Any) -> DraughtsGame:
        merged = cls._check_options(options)
        return cls.from_squares(cls.first_color,
                                {n: Piece(Color.WHITE) for n in cls.start_white}
                                | {n: Piece(Color.BLACK) for n in cls.start_black}, **merged)

    @classmethod
    def from_squares(cls, turn: Color, pieces: dict[int, Piece], **options: Any
                     ) -> DraughtsGame:
        """A position from its pieces by public square number; SetupError for pieces that
        cannot stand so (:meth:`check_pieces`)."""
        merged = cls._check_options(options)
        cls.check_pieces(pieces)
        boards = [0, 0, 0, 0]
        bit_of = cls._tables.bit_of
        for square, piece in pieces.items():
            if not 1 <= square <= cls._tables.count:
                raise RulesError(f"no square {square} on this board")
            index = (0 if piece.color is Color.WHITE else 2) + (piece.kind is PieceKind.KING)
            boards[index] |= 1 << bit_of[square]
        return cls(boards[0], boards[1], boards[2], boards[3], turn is Color.WHITE, merged)

    @classmethod
    def from_pieces(cls, turn: Color, pieces: Mapping[int, Piece], **options: Any
                    ) -> DraughtsGame:
        """A position set up by hand, checked as its FEN would be (no man on its crowning
        row)."""
        return cls.from_fen(notation.make_fen(turn, pieces.items(), cls._geometry,
                                              sort_by_coord=cls.algebraic), **options)

    @classmethod
    def from_fen(cls, fen: str, **options: Any) -> DraughtsGame:
        merged = cls._check_options(options)
        turn, pieces = notation.parse_fen(fen, cls._geometry, ranges=not cls.algebraic)
        return cls.from_squares(turn, pieces, **merged)

    @classmethod
    def from_setup(cls, fen: str, **options: Any) -> Game:
        """A position from outside, as :meth:`Game.from_setup`; a board whose squares have
        names also reads them written by number (``W:W21-32:B1-12`` is Russian's start, as
        PDN and other programs write it)."""
        try:
            return super().from_setup(fen, **options)
        except SetupError:
            raise
        except NotationError:
            named = notation.numbers_as_names(fen, cls._geometry) if cls.algebraic else fen
            if named == fen:
                raise
        return super().from_setup(named, **options)

    @classmethod
    def check_pieces(cls, pieces: Mapping[int, Piece], **options: Any) -> None:
        """A side has at most its starting number of pieces; a man never stands on the row
        where it would be crowned (White's is the far row, Black's row 1)."""
        check_setup(pieces, cls._geometry, most=max(len(cls.start_white), len(cls.start_black)),
                    crowning_rows={Color.WHITE: cls.size - 1, Color.BLACK: 0})

    def fen(self) -> str:
        return notation.make_fen(self.turn, self.pieces(), self._geometry,
                                 sort_by_coord=self.algebraic)

    def starting_fen(self) -> str:
        """The FEN of the position the game began from."""
        wm, wk, bm, bk, white = self._root
        game = type(self)(wm, wk, bm, bk, white, dict(self._options))
        return game.fen()

    def is_standard_start(self) -> bool:
        return self._root == type(self).new()._root

    def copy(self) -> DraughtsGame:
        other = type(self)(*self._root, dict(self._options))
        for move in self._moves:
            other.push(move)
        other._declared = self._declared
        return other

    @property
    def options(self) -> dict[str, Any]:
        """The options this game was made with (every one of :meth:`option_specs`)."""
        return dict(self._options)

    # --- the position ----------------------------------------------------------------
    @property
    def geometry(self) -> BoardGeometry:
        return self._geometry

    @property
    def turn(self) -> Color:
        return Color.WHITE if self._white else Color.BLACK

    def piece_at(self, square: int) -> Piece | None:
        if not 1 <= square <= self._tables.count:
            return None
        b = 1 << self._tables.bit_of[square]
        if self._wm & b:
            return Piece(Color.WHITE)
        if self._wk & b:
            return Piece(Color.WHITE, PieceKind.KING)
        if self._bm & b:
            return Piece(Color.BLACK)
        if self._bk & b:
            return Piece(Color.BLACK, PieceKind.KING)
        return None

    def pieces(self) -> Iterator[tuple[int, Piece]]:
        for square in range(1, self._tables.count + 1):
            piece = self.piece_at(square)
            if piece is not None:
                yield square, piece

    def bitboards(self) -> tuple[int, int, int, int]:
        """White men, white kings, black men, black kings (for search code)."""
        return self._wm, self._wk, self._bm, self._bk

    def _key(self) -> tuple[int, int, int, int, bool]:
        return (self._wm, self._wk, self._bm, self._bk, self._white)

    def _sides(self) -> tuple[int, int, int, int]:
        if self._white:
            return self._wm, self._wk, self._bm, self._bk
        return self._bm, self._bk, self._wm, self._wk

    # --- moves -------------------------------------------------------------------------
    def perft_moves(self) -> list[Move]:
        """Every move of the position, the end rules aside: the plain ones, then (with фук)
        those after each huff."""
        moves = self._plain_moves()
        if self._huffable:
            moves.extend(self._huffed_moves())
        return moves

    def _plain_moves(self) -> list[Move]:
        """The moves without a huff (a copy of the cached list)."""
        if self._cache_moves is None:
            self._cache_moves = self._generate(*self._sides())
        return list(self._cache_moves)

    def _huffed_moves(self) -> list[Move]:
        if self._cache_huffed is None:
            self._cache_huffed = [m for square in self._huff_squares()
                                  for m in self._moves_after(square)]
        return list(self._cache_huffed)

    def _generate(self, om: int, ok: int, pm: int, pk: int) -> list[Move]:
        number = self._tables.number_of
        caps = self._generator.captures(om, ok, pm, pk, self._white)
        if caps and not self._huffing:
            return self._capture_moves(caps)
        # sorted by square numbers, so that lists read the same in every run and tool
        quiet = sorted((Move(number[s], (number[e],), (), promotes)
                        for s, e, promotes in self._generator.quiet(om, ok, pm, pk, self._white)),
                       key=lambda m: (m.start, m.end))
        # with фук a capture is not compulsory: the captures come first, then the quiet moves
        return self._capture_moves(caps) + quiet if caps else quiet

    # --- the huff ("with фук") ---------------------------------------------------------------
    def _huff_squares(self) -> list[int]:
        number = self._tables.number_of
        squares = []
        rest = self._huffable
        while rest:
            b = rest & -rest
            rest ^= b
            squares.append(number[b.bit_length() - 1])
        return sorted(squares)

    def _moves_after(self, square: int) -> list[Move]:
        """The moves of the side to move once the opponent's piece on ``square`` is gone."""
        gone = ~(1 << self._tables.bit_of[square])
        om, ok, pm, pk = self._sides()
        return [replace(m, huff=square) for m in self._generate(om, ok, pm & gone, pk & gone)]

    def huff_choices(self) -> tuple[int, ...]:
        """The opponent's pieces that could have captured on its last move, which did not
        capture (with the option ``huff``); a piece after whose removal the side to move
        could not move at all is not offered (the huff would only lose the game)."""
        if not self._huffable or self.outcome() is not None:
            return ()
        return tuple(sorted({m.huff for m in self._huffed_moves() if m.huff is not None}))

    def moves_after_huff(self, square: int) -> list[Move]:
        if square not in self.huff_choices():
            name = self._geometry.name(square) if 1 <= square <= self._tables.count \
                else str(square)
            raise IllegalMoveError(f"the piece on {name} may not be taken for a huff now")
        return [m for m in self._huffed_moves() if m.huff == square]

    @property
    def huffing(self) -> bool:
        """Whether this game is played "with фук" (captures optional, skipped ones huffed)."""
        return self._huffing

    def _capture_moves(self, caps: list[RawCapture]) -> list[Move]:
        number = self._tables.number_of
        return sorted((Move(number[s], tuple(number[b] for b in path),
                            tuple(number[b] for b in captured), promotes)
                       for s, path, captured, _, promotes in caps),
                      key=lambda m: (m.start, m.end, m.path, m.captured))

    def legal_moves(self) -> list[Move]:
        """The moves of the side to move; with фук, those without a huff (the ones after a
        huff come from :meth:`moves_after_huff`)."""
        if self.outcome() is not None:
            return []
        return self._plain_moves()

    def outranked_captures(self) -> list[Move]:
        if not self.majority_capture or self.outcome() is not None:
            return []
        om, ok, pm, pk = self._sides()
        every = self._generator.captures(om, ok, pm, pk, self._white, majority=False)
        legal = set(self._plain_moves())
        return [m for m in self._capture_moves(every) if m not in legal]

    def capture_required(self) -> bool:
        """Whether the side to move must capture (it has a capture, so only captures are
        legal); never with фук, where a capture may be skipped at the price of a huff."""
        if self._huffing:
            return False
        moves = self._plain_moves()
        return bool(moves) and moves[0].is_capture

    def push(self, move: Move) -> None:
        t = self._tables
        bit_of = t.bit_of
        fb = 1 << bit_of[move.start]
        tb = 1 << bit_of[move.end]
        capmask = 0
        for square in move.captured:
            capmask |= 1 << bit_of[square]
        self._stack.append((move, _Snapshot(self._wm, self._wk, self._bm, self._bk, self._white,
                                            self._kings_only, self._running, self._declared,
                                            self._huffable)))
        self._moves.append(move)
        if move.huff is not None:
            gone = ~(1 << bit_of[move.huff])
            if self._white:
                self._bm &= gone
                self._bk &= gone
            else:
                self._wm &= gone
                self._wk &= gone
            # the balance changed without a capture: the counts that depend on it restart
            self._running = ()
        huffable = 0
        if self._huffing and not capmask:
            # a capture skipped: the pieces that could have taken may be huffed next turn
            # (the one that moved is huffed where it went)
            huffable = self._generator.capturers(*self._sides(), self._white)
            if huffable & fb:
                huffable ^= fb | tb
        if self._white:
            man = bool(self._wm & fb)
            if man:
                self._wm ^= fb
                if move.promotes:
                    self._wk |= tb
                else:
                    self._wm |= tb
            else:
                self._wk = (self._wk ^ fb) | tb
            self._bm &= ~capmask
            self._bk &= ~capmask
        else:
            man = bool(self._bm & fb)
            if man:
                self._bm ^= fb
                if move.promotes:
                    self._bk |= tb
                else:
                    self._bm |= tb
            else:
                self._bk = (self._bk ^ fb) | tb
            self._wm &= ~capmask
            self._wk &= ~capmask
        mover = self.turn
        self._white = not self._white
        self._declared = None
        self._kings_only = 0 if man or capmask else self._kings_only + 1
        self._running = self._advance(self._running, mover)
        self._huffable = huffable
        key = self._key()
        self._seen[key] = self._seen.get(key, 0) + 1
        self._cache_moves = None
        self._cache_huffed = None
        self._cache_outcome = None

    def _advance(self, running: tuple[_Running, ...], mover: Color) -> tuple[_Running, ...]:
        rules = self._endgame_rules(self._wm, self._wk, self._bm, self._bk)
        if not rules:
            return ()
        before = {(rule.termination, rule.key): count for rule, count in running}
        result: list[_Running] = []
        for rule in rules:
            count = before.get((rule.termination, rule.key))
            if count is None:
                count = 0  # the situation has just arisen: counting starts now
            elif rule.side is None or rule.side is mover:
                count += 1
            result.append((rule, count))
        return tuple(result)

    def pop(self) -> Move:
        if not self._stack:
            raise IndexError("no move to take back")
        key = self._key()
        left = self._seen[key] - 1
        if left:
            self._seen[key] = left
        else:
            del self._seen[key]
        move, snap = self._stack.pop()
        self._moves.pop()
        self._wm, self._wk, self._bm, self._bk = snap.wm, snap.wk, snap.bm, snap.bk
        self._white = snap.white
        self._kings_only = snap.kings_only
        self._running = snap.running
        self._declared = snap.declared
        self._huffable = snap.huffable
        self._cache_moves = None
        self._cache_huffed = None
        self._cache_outcome = None
        return move

    @property
    def move_stack(self) -> Sequence[Move]:
        return tuple(self._moves)

    # --- notation ----------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        """``c3-d4``, ``c3:e5:g3`` (or ``28x19``); a move after a huff is written after it:
        ``(huff f4) c3-d4``."""
        name = self._geometry.name
        huff = "" if move.huff is None else f"{notation.huff_text(name(move.huff))} "
        if not move.captured:
            return f"{huff}{name(move.start)}-{name(move.end)}"
        full = self.always_full_path or any(
            m.start == move.start and m.end == move.end and set(m.captured) != set(move.captured)
            for m in (self._plain_moves() if move.huff is None
                      else self._moves_after(move.huff)))
        squares = (move.start, *move.path) if full else (move.start, move.end)
        return huff + self.capture_separator.join(name(s) for s in squares)

    def parse_move(self, text: str) -> Move:
        """A move from its text; a huff before it is read in the forms ``(huff f4) c3-d4``,
        ``(ф f4) c3-d4`` and ``{huff f4} c3-d4``."""
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        huff, rest = notation.split_huff(text, self._geometry)
        if huff is None:
            return self.resolve_move(rest, self.legal_moves())
        return self.resolve_move(rest, self.moves_after_huff(huff))

    def resolve_move(self, text: str, moves: Sequence[Move]) -> Move:
        """The move among ``moves`` that ``text`` names (start and end, optional landings)."""
        squares = notation.parse_move_squares(text, self._geometry)
        start, end = squares[0], squares[-1]
        name = self._geometry.name
        # the landings written, in order; a route written exactly wins over longer ones
        fits = [m for m in fitting_moves(moves, start, squares[1:]) if m.end == end]
        if not fits and len(squares) > 2:
            # another program may have picked another route to the same captured set
            fits = [m for m in moves if m.start == start and m.end == end
                    and len(m.path) == len(squares) - 1]
        if not fits:
            raise IllegalMoveError(f"{clip(text.strip())} is not a legal move here "
                                   f"(no legal move from {name(start)} to {name(end)})")
        if len(fits) > 1:
            raise notation_ambiguity(text, fits, self)
        return fits[0]

    # --- the end -----------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self._declared is not None:
            return self._declared
        if self._cache_outcome is None:
            self._cache_outcome = (self._decide(),)
        return self._cache_outcome[0]

    def _decide(self) -> Outcome | None:
        moves = self.perft_moves()
        if not moves:
            return Outcome(Termination.NO_MOVES, self._no_moves_winner())
        if self._options.get("tournament_draws", True):
            # a rule that draws at once (a lone king each) gives way to a capture on the board
            reached = [(rule.limit - count, i, rule)
                       for i, (rule, count) in enumerate(self._running)
                       if count >= rule.limit and (rule.limit or not moves[0].is_capture)]
            if reached:
                rule = min(reached)[2]
                return Outcome(rule.termination, None,
                               limit=rule.limit if rule.side is not None else rule.limit // 2)
            if self.kings_only_limit and self._kings_only >= self.kings_only_limit:
                return Outcome(KINGS_ONLY_MOVES, None,
                               limit=self.kings_only_limit // 2)
        if self._seen.get(self._key(), 0) >= 3:
            return Outcome(Termination.THREEFOLD_REPETITION, None)
        limit = self.move_limit
        if limit is not None and len(self._moves) >= 2 * limit:
            return self._adjudicate()
        return None

    def _adjudicate(self) -> Outcome:
        white = (self._wm | self._wk).bit_count()
        black = (self._bm | self._bk).bit_count()
        mine, theirs = white, black
        if mine == theirs:
            mine, theirs = self._wk.bit_count(), self._bk.bit_count()
        winner = (None if mine == theirs
                  else Color.WHITE if (mine > theirs) == self.more_pieces_win else Color.BLACK)
        return Outcome(Termination.MOVE_LIMIT, winner, (white, black))

    def resign(self, color: Color) -> None:
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        self._declared = Outcome(Termination.RESIGNATION, color.other)

    def can_offer_draw(self) -> bool:
        """Whether a draw may be offered now (the optional rule: only after N moves each)."""
        after = self._options.get("draw_offer_after")
        return self.outcome() is None and (after is None or len(self._moves) >= 2 * after)

    def agree_draw(self) -> None:
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        if not self.can_offer_draw():
            raise RulesError(f"a draw may be agreed only after "
                             f"{self._options['draw_offer_after']} moves by each side")
        self._declared = Outcome(Termination.AGREEMENT, None)

    def record_end(self, outcome: Outcome) -> None:
        """Record an end the players decided (a resignation or an agreed draw read from a game
        file), whatever the draw-offer rule says; taken back like one."""
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        if outcome.termination not in (Termination.RESIGNATION, Termination.AGREEMENT,
                                       Termination.TIME_FORFEIT):
            raise RulesError("only a resignation, an agreed draw or a fallen flag can be "
                             "recorded")
        self._declared = outcome

    def withdraw_end(self) -> None:
        """Forget a resignation or agreed draw recorded after the last move."""
        self._declared = None

    @property
    def move_limit(self) -> int | None:
        return self._options.get("move_limit")

    def draw_counters(self) -> list[DrawCounter]:
        """The draw rules running in this position, for display (empty when switched off)."""
        if not self._options.get("tournament_draws", True):
            return []
        counters = []
        if self._kings_only and self.kings_only_limit:
            counters.append(DrawCounter(KINGS_ONLY_MOVES, self._kings_only // 2,
                                        self.kings_only_limit // 2))
        for rule, count in self._running:
            if rule.side is None:
                counters.append(DrawCounter(rule.termination, count // 2, rule.limit // 2))
            else:
                counters.append(DrawCounter(rule.termination, count, rule.limit))
        return counters

    def repetitions(self) -> int:
        """How many times the current position has occurred (with the same side to move)."""
        return self._seen.get(self._key(), 0)

    # --- why a click does nothing -----------------------------------------------------
    def _refuse_mid_route(self, start: int, route: tuple[int, ...]) -> Refusal | None:
        return Refusal.CONTINUE if len(route) > 1 else None

    def _refuse_step(self, piece: Piece, here: int, square: int) -> Refusal | None:
        if self.piece_at(square) is not None:
            return None
        (c0, r0), (c1, r1) = self._geometry.coord(here), self._geometry.coord(square)
        if piece.kind is PieceKind.KING:
            far = abs(c1 - c0) == abs(r1 - r0) > 1
            return KING_ONE_SQUARE if far and not self.flying_kings else None
        forward = 1 if piece.color is Color.WHITE else -1
        if abs(c1 - c0) == 1 and r1 - r0 == -forward:
            return FORWARD
        if not self.men_capture_backward and abs(c1 - c0) == 2 and r1 - r0 == -2 * forward:
            return FORWARD  # a jump backwards: English men capture forward only
        return None

    # --- hooks -------------------------------------------------------------------------
    def _no_moves_winner(self) -> Color:
        """Who wins when the side to move has no move (no pieces, or all blocked): the other
        side; the giveaway games turn this round."""
        return self.turn.other

    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        """The material-based draw rules whose condition holds; most urgent first."""
        return ()

    def endgame_plies(self, wm: int, wk: int, bm: int, bk: int) -> int | None:
        """Plies after which this game's material draw rules end a game with these pieces
        (a limit counted in one side's moves is about twice as many plies), or None: no
        rule holds. The search foresees the draws with it."""
        limits = [rule.limit if rule.side is None else 2 * rule.limit
                  for rule in self._endgame_rules(wm, wk, bm, bk)]
        return min(limits) if limits else None

    # --- counting ----------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        if depth <= 0:
            return 1
        if self._huffing:
            # optional captures and huffs: the plain generator's counting does not apply
            return super().perft(depth)
        om, ok, pm, pk = self._sides()
        return self._generator.perft(om, ok, pm, pk, self._white, depth)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_fen({self.fen()!r})"


def lone_king(men: int, kings: int) -> bool:
    """Whether a side has a single king and nothing else."""
    return not men and kings.bit_count() == 1


def notation_ambiguity(text: str, fits: Sequence[Move], game: DraughtsGame) -> RulesError:
    """The error for move text that fits several legal moves, listing them in full."""
    written = ", ".join(game.capture_separator.join(
        game.geometry.name(s) for s in (m.start, *m.path)) for m in fits)
    return AmbiguousMoveError(f"{clip(text.strip())} fits {len(fits)} moves ({written}); "
                              f"give the landing squares", fits)

