"""Value objects and the game interface shared by every board game of the collection.

Pure: no pygame, no pymunk, no file I/O. A variant (International, Russian, Apokachi) is a
subclass of :class:`Game` that fills in the abstract methods and overrides hooks.
"""
from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

#: the most characters of a player's input an error message quotes
QUOTE_LIMIT = 80


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text`` cut to about ``limit`` characters, for error messages: a huge bad
    input must not make a huge message."""
    shown = repr(text)
    if len(shown) <= limit:
        return shown
    return shown[:limit - 4] + "...'" if shown[:1] in "'\"" else shown[:limit - 3] + "..."


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters (with ``...``), for error messages."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Color(enum.Enum):
    """A side. Who moves first is the game's :attr:`Game.first_color` (White, except in
    English draughts, where Black does)."""

    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> Color:
        return Color.BLACK if self is Color.WHITE else Color.WHITE


class PieceKind(enum.Enum):
    MAN = "man"
    KING = "king"


@dataclass(frozen=True, slots=True)
class Piece:
    color: Color
    kind: PieceKind = PieceKind.MAN


@dataclass(frozen=True, slots=True)
class Move:
    """One whole move: the start square, every landing square in order (the last is the end),
    the captured squares in the order they were jumped or taken, and whether it promotes.

    ``huff`` is the square of an opponent's piece taken "for фук" at the start of this turn,
    before the move (Russian draughts with the option on): the two belong to one turn, so a
    takeback, a record and the search keep them together.

    Squares are the variant's public square numbers (see :class:`BoardGeometry`).
    """

    start: int
    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    promotes: bool = False
    huff: int | None = None

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)


class Reason:
    """A named reason (why a game ended, why a click does nothing): a value with a stable
    ``value`` string that saved games, PDN and the strings' keys use.

    The core makes the reasons every game shares; a game adds its own where it is defined
    (``MAIN_ROAD = Termination.add("main_road")`` in the Russian rules), so no list elsewhere
    names every game's reasons. Each subclass keeps its own register: ``Termination(value)``
    gives the one registered under ``value`` (ValueError if none is), as an enum's call does.
    """

    __slots__ = ("value",)
    _known: ClassVar[dict[str, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._known = {}

    def __new__(cls, value: object) -> Any:
        known = cls._known.get(value) if isinstance(value, str) else None
        if known is None:
            raise ValueError(f"{quote(value)} is not a known {cls.__name__}")
        return known

    @classmethod
    def add(cls, value: str) -> Any:
        """The reason registered under ``value``, made and registered if it is new (a
        module that adds its reasons may be imported again without harm)."""
        known = cls._known.get(value)
        if known is None:
            known = object.__new__(cls)
            object.__setattr__(known, "value", value)
            cls._known[value] = known
        return known

    @classmethod
    def known(cls) -> tuple[Any, ...]:
        """Every reason registered so far (those of the games imported so far)."""
        return tuple(cls._known.values())

    @property
    def name(self) -> str:
        return self.value.upper()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __reduce__(self) -> tuple[Any, tuple[type[Reason], str]]:
        # unpickled by registering: the process that reads it may not have imported the game
        # that added it yet
        return _reason, (type(self), self.value)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}>"

    value: str


def _reason(cls: type[Reason], value: str) -> Any:
    return cls.add(value)


class Termination(Reason):
    """Why a game ended. The UI turns each into words in the player's language (the strings
    are keyed by :attr:`value`). The common ends are here; a game adds its own."""

    __slots__ = ()
    NO_MOVES: ClassVar[Termination]  # the side to move has no legal move (no pieces / blocked)
    THREEFOLD_REPETITION: ClassVar[Termination]
    AGREEMENT: ClassVar[Termination]
    RESIGNATION: ClassVar[Termination]
    MOVE_LIMIT: ClassVar[Termination]  # a move limit chosen before the game; by adjudication
    #: a chess clock beside the board (the play object keeps it; the rules record the end):
    #: a flag fell, the side whose time ran out loses
    TIME_FORFEIT: ClassVar[Termination]

    @classmethod
    def add(cls, value: str) -> Termination:
        made: Termination = super().add(value)
        return made


for _value in ("no_moves", "threefold_repetition", "agreement", "resignation", "move_limit",
               "time_forfeit"):
    setattr(Termination, _value.upper(), Termination.add(_value))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: why, and who won (``None`` is a draw).

    ``counts`` holds the pieces left (white, black) where the result was decided by counting.
    ``limit`` is, for a draw by a counting rule (the draughts games' kings-only rule and the
    other endgame rules), the number of moves the rule allows: moves as a player counts them
    (one by each side), or the stronger side's moves where the rule counts only those; 0 for a
    draw at once. ``None`` for every other end.
    """

    termination: Termination
    winner: Color | None
    counts: tuple[int, int] | None = None
    limit: int | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def result(self) -> str:
        """The PDN result: ``2-0`` White wins, ``0-2`` Black wins, ``1-1`` a draw."""
        if self.winner is None:
            return "1-1"
        return "2-0" if self.winner is Color.WHITE else "0-2"


@dataclass(frozen=True, slots=True)
class DrawCounter:
    """A draw rule running in the position: moves counted so far and the count that draws.

    Counts are moves by each side (a move of White and one of Black count as one), except
    where the rule counts only the stronger side's moves.
    """

    termination: Termination
    count: int
    limit: int


class RulesError(ValueError):
    """Base of every error the rules raise for bad input."""


class NotationError(RulesError):
    """Text that is not a valid position, move or game file.

    ``line`` is the 1-based line of a file where reading failed, when known.
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class SetupProblem(enum.Enum):
    """Why pieces cannot stand on a board as given (:func:`check_setup`)."""

    NO_SQUARE = "no_square"  # a square the board does not have
    TOO_MANY = "too_many"  # more pieces of one side than the game gives a side
    CROWNING_ROW = "crowning_row"  # a man on the row where it would be a king
    NO_KINGS = "no_kings"  # a king in a game that has none


class SetupError(NotationError):
    """A position whose pieces cannot stand as given (from a FEN, a record, an editor).

    ``problem`` names the rule and ``values`` its details: ``square`` (a name, or the number
    given), ``color``, ``count`` and ``most``.
    """

    def __init__(self, problem: SetupProblem, message: str, **values: Any) -> None:
        self.problem = problem
        self.values = values
        super().__init__(message)


def check_setup(pieces: Mapping[int, Piece], geometry: BoardGeometry, *, most: int,
                kings: bool = True, crowning_rows: Mapping[Color, int] | None = None) -> None:
    """Raise :class:`SetupError` unless every piece stands on a square of ``geometry``, each
    side has at most ``most`` pieces, no king stands in a game without kings (``kings``) and
    no man stands on its own crowning row (``crowning_rows``: the row of each colour's men).

    The one check of a position wherever it comes from: a FEN, a saved record, a PDN [FEN]
    tag, the position editor.
    """
    valid = set(geometry.squares)
    counts = {Color.WHITE: 0, Color.BLACK: 0}
    for square, piece in pieces.items():
        if square not in valid:
            raise SetupError(SetupProblem.NO_SQUARE, f"no square {square} on this board",
                             square=str(square))
        counts[piece.color] += 1
    for color, count in counts.items():
        if count > most:
            raise SetupError(SetupProblem.TOO_MANY,
                             f"{count} {color.name.lower()} pieces: a side has at most {most}",
                             color=color, count=count, most=most)
    for square, piece in sorted(pieces.items()):
        if piece.kind is PieceKind.KING and not kings:
            raise SetupError(SetupProblem.NO_KINGS, "this game has no kings",
                             square=geometry.name(square))
        if piece.kind is PieceKind.MAN and crowning_rows is not None \
                and geometry.coord(square)[1] == crowning_rows.get(piece.color):
            raise SetupError(SetupProblem.CROWNING_ROW,
                             f"a {piece.color.name.lower()} man cannot stand on the far row "
                             f"({geometry.name(square)}); it would be a king",
                             square=geometry.name(square), color=piece.color)


class IllegalMoveError(RulesError):
    """A move that is not legal in the position it was tried in."""


class AmbiguousMoveError(IllegalMoveError):
    """A move given by too little (e.g. start and end squares) that fits several legal moves."""

    def __init__(self, message: str, candidates: Sequence[Move]) -> None:
        self.candidates: tuple[Move, ...] = tuple(candidates)
        super().__init__(message)


class GameOverError(IllegalMoveError):
    """A move tried after the game has ended."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game is made with: what ``new()``/``from_fen()`` call it, the values a
    setup screen offers (in display order) and the value it has when not given."""

    name: str  # the keyword new()/from_fen() take
    choices: tuple[Any, ...]  # allowed values in display order
    default: Any


class Refusal(Reason):
    """Why a piece cannot be picked or cannot go to a square (:meth:`Game.why_not`). The
    reasons any game may give are here; a game adds its own (Ugolki's ``OCCUPIED``)."""

    __slots__ = ()
    NO_PIECE: ClassVar[Refusal]
    NOT_YOURS: ClassVar[Refusal]
    GAME_OVER: ClassVar[Refusal]
    STUCK: ClassVar[Refusal]  # an own piece with no legal move (nothing else forces it)
    MOST: ClassVar[Refusal]  # majority rule: another capture takes more
    CAPTURE: ClassVar[Refusal]  # a capture is compulsory elsewhere / with this piece
    CONTINUE: ClassVar[Refusal]  # mid-capture, this square is off every route that goes on
    CANNOT_GO: ClassVar[Refusal]  # anything else

    @classmethod
    def add(cls, value: str) -> Refusal:
        made: Refusal = super().add(value)
        return made


for _value in ("no_piece", "not_yours", "game_over", "stuck", "most", "capture", "continue",
               "cannot_go"):
    setattr(Refusal, _value.upper(), Refusal.add(_value))


def fitting_moves(moves: Iterable[Move], start: int, landings: Sequence[int], *,
                  exact: bool = False, prefer_exact: bool = True) -> list[Move]:
    """The moves from `start` whose landing squares (Move.path) contain `landings` in order.
    With exact=True only moves whose path is exactly `landings`. When exact=False and some
    fitting move's path equals `landings` exactly and `landings` ends at that move's end, the
    exact ones are preferred (only they are returned); ``prefer_exact=False`` keeps every
    route through them (a board showing the routes still open).

    The preference is what makes a short capture route enterable at all when its landings are
    also landings of a longer route to the same end (``b8:f4:c1`` beside
    ``b8:d6:f8:h6:f4:c1``).
    """
    wanted = tuple(landings)
    if exact:
        return [m for m in moves if m.start == start and m.path == wanted]
    fits = [m for m in moves if m.start == start and _contains_in_order(m.path, wanted)]
    if not prefer_exact:
        return fits
    same = [m for m in fits if m.path == wanted]
    return same or fits


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """How a variant's public square numbers sit on the board, for views and notation.

    Columns count from White's left (0) and rows from White's side (0), so ``(0, 0)`` is the
    corner at White's left hand. ``squares`` lists every playable square (draughts: the dark
    squares; Apokachi: every point) in the variant's numbering order.
    """

    columns: int
    rows: int
    squares: tuple[int, ...]
    coords: tuple[tuple[int, int], ...]  # coords[i] is the (column, row) of squares[i]
    names: tuple[str, ...]  # names[i] is how notation writes squares[i]
    #: pieces sit on the points of a grid (Apokachi); False: in the squares (draughts)
    points: bool = False

    @property
    def light_corner(self) -> bool:
        """The corner at White's left hand is a light square with no piece on it, the board
        set the other way round (Italian draughts); False where that corner is dark, or the
        game is played on every square or on the points."""
        return not self.points and (0, 0) not in self.coords and (1, 0) in self.coords

    def coord(self, square: int) -> tuple[int, int]:
        return self.coords[self.squares.index(square)]

    def square_at(self, column: int, row: int) -> int | None:
        try:
            return self.squares[self.coords.index((column, row))]
        except ValueError:
            return None

    def name(self, square: int) -> str:
        return self.names[self.squares.index(square)]


@dataclass(frozen=True)
class DiagramSpec:
    """A picture of a game's rules page (``[diagram: <game>-<key>] caption`` in its text): a
    position (None: the start), a move shown, a move not allowed (crossed out), the options
    it is played with, where the moving man is crowned, points joined by a band."""

    fen: str | None = None
    move: str | None = None
    refused: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    crown: bool = False
    line: tuple[str, ...] = ()


class Game(ABC):
    """A board game in progress: a position, the side to move, and the moves that led to it.

    Moves are pushed and popped like python-chess's board. ``push`` trusts its move (fast, for
    search); ``play`` checks it first. The outcome is ``None`` while the game goes on.
    """

    name: ClassVar[str]  # registry key, e.g. "international"
    title: ClassVar[str]  # English title, e.g. "International draughts"
    #: notation names squares by number (International 1-50): a view can show the numbers
    numbered_squares: ClassVar[bool] = False
    #: a man reaching the far row in the middle of a capture is crowned there (Russian)
    promote_mid_capture: ClassVar[bool] = False
    #: the side that moves first from the standard start; a record's lines hold a move of
    #: this side and then the other's (English draughts: Black)
    first_color: ClassVar[Color] = Color.WHITE
    #: a man can be crowned (kings exist); a position editor offers kings only then
    has_kings: ClassVar[bool] = True
    #: pieces leave the board (captured); a view shows how many each side has only then
    #: (Уголки's pieces never leave: the count would always be equal)
    pieces_leave: ClassVar[bool] = True
    #: the options that shape the board or its start (Apokachi: ``size``): a position is set
    #: up for one value of each, so the editor offers them beside the board
    board_options: ClassVar[tuple[str, ...]] = ()
    #: the computer's search board for this game, "module:Class" (game.ai imports it when
    #: it is first asked to play). A class names its own: one that derives from another game
    #: does not inherit its engine (that engine would play by the other game's rules), and a
    #: game without one has no computer player (game.ai.engine says so; a test checks every
    #: registered game has one)
    engine: ClassVar[str | None] = None
    #: the computer's level table for this game: a key of game.ai.levels.LEVEL_TABLES, or
    #: "module:NAME" for a table of its own beside its search board
    level_table: ClassVar[str] = "draughts"
    #: the Hub protocol's name of this game (``normal``: International), for an outside
    #: engine (Scan) that speaks Hub; a class names its own, like ``engine``
    hub_variant: ClassVar[str | None] = None
    #: the pictures of the game's rules page beside its start (``<name>-start``), by key: the
    #: page asks for ``<name>-<key>``. A class's own (a derived game shows its own pictures)
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {}

    # --- construction ----------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """The options ``new()`` and ``from_fen()`` take, in the order a setup screen shows
        them; a variant declares its own."""
        return ()

    @classmethod
    def check_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option of :meth:`option_specs` with its value: the given ones checked (a bad
        name or value raises ValueError), the others at their defaults."""
        specs = {spec.name: spec for spec in cls.option_specs()}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise ValueError(f"{cls.title} has no option {', '.join(map(quote, unknown))} "
                             f"(options: {known})")
        return {name: cls._option_value(spec, options[name]) if name in options
                else spec.default for name, spec in specs.items()}

    @classmethod
    def _option_value(cls, spec: OptionSpec, value: Any) -> Any:
        """The value of option ``spec`` given as ``value``, or ValueError. Here: one of the
        choices, compared with their type (``True`` is not the number 1). A variant may accept
        more (any positive move limit) by overriding this."""
        if any(same_value(value, choice) for choice in spec.choices):
            return value
        choices = ", ".join(map(repr, spec.choices))
        raise ValueError(f"{spec.name} must be one of {choices}, not {quote(value)}")

    @classmethod
    def check_pieces(cls, pieces: Mapping[int, Piece], **options: Any) -> None:
        """Raise :class:`SetupError` unless ``pieces`` may stand on this game's board (made
        with ``options``): real squares, no more pieces a side than the game gives, no man
        on its crowning row, no king where there are none. Every way a position comes in
        from outside (FEN, record, PDN, editor) goes through it."""

    @classmethod
    def from_setup(cls, fen: str, **options: Any) -> Game:
        """A position from outside (typed, pasted, read from a file or a saved game): its FEN
        read and its pieces judged by :meth:`check_pieces`. NotationError (SetupError for
        pieces that cannot stand so)."""
        game = cls.from_fen(fen, **options)
        cls.check_pieces(dict(game.pieces()), **game.options)
        return game

    @classmethod
    def reads_natively(cls, fen: str) -> bool:
        """Whether ``fen`` names the squares the way this game writes them. :meth:`from_setup`
        may read more (Russian draughts reads a FEN of square numbers, International's way of
        writing a position)."""
        try:
            cls.from_fen(fen)
        except SetupError:
            return True  # read, though its pieces cannot stand so
        except (RulesError, ValueError):
            return False
        return True

    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The options this game was made with, every one of :meth:`option_specs` present."""

    @classmethod
    @abstractmethod
    def new(cls, **options: Any) -> Game:
        """The starting position. Options are the variant's own (unknown ones raise ValueError)."""

    @classmethod
    @abstractmethod
    def from_fen(cls, fen: str, **options: Any) -> Game:
        """A position from its FEN; raises :class:`NotationError` on bad text."""

    @classmethod
    def from_pieces(cls, turn: Color, pieces: Mapping[int, Piece], **options: Any) -> Game:
        """A position from its pieces by square (a position editor's), checked as its FEN
        would be; raises :class:`RulesError` for a position the game cannot hold."""
        raise NotImplementedError(f"{cls.title} cannot be set up from pieces")

    @abstractmethod
    def fen(self) -> str:
        """The position's FEN (side to move and pieces)."""

    @abstractmethod
    def starting_fen(self) -> str:
        """The FEN of the position the game started from, before its move stack."""

    @abstractmethod
    def copy(self) -> Game:
        """An independent copy, history included."""

    # --- the position ----------------------------------------------------------------
    @property
    @abstractmethod
    def geometry(self) -> BoardGeometry: ...

    @property
    @abstractmethod
    def turn(self) -> Color: ...

    @abstractmethod
    def piece_at(self, square: int) -> Piece | None: ...

    @abstractmethod
    def pieces(self) -> Iterator[tuple[int, Piece]]:
        """Every piece on the board with its square."""

    # --- moves -------------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move (empty once the game is over)."""

    @abstractmethod
    def push(self, move: Move) -> None:
        """Make a move known to be legal."""

    @abstractmethod
    def pop(self) -> Move:
        """Take back the last move (and any resignation or agreed draw after it)."""

    @property
    @abstractmethod
    def move_stack(self) -> Sequence[Move]:
        """The moves played so far, oldest first."""

    def play(self, move: Move) -> None:
        """Make a move after checking it is legal."""
        if self.outcome() is not None:
            raise GameOverError("the game is over")
        if not self.is_legal(move):
            raise IllegalMoveError(f"{self.move_text(move)} is not a legal move here")
        self.push(move)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played now: one of :meth:`legal_moves`, or, with a huff,
        one of :meth:`moves_after_huff` for its square."""
        if move.huff is None:
            return move in self.legal_moves()
        return move.huff in self.huff_choices() and move in self.moves_after_huff(move.huff)

    # --- the huff ("фук"): Russian draughts with the option; other games keep these ---------
    def huff_choices(self) -> tuple[int, ...]:
        """The opponent's pieces the side to move may take "for фук" before its move (they
        could have captured on the opponent's last move and did not); () in most games."""
        return ()

    def moves_after_huff(self, square: int) -> list[Move]:
        """The moves after taking the piece on ``square`` for фук, each carrying the huff;
        raises IllegalMoveError when that piece may not be taken."""
        raise IllegalMoveError(f"no piece may be taken for a huff in {self.title}")

    def every_move(self) -> list[Move]:
        """Every way the side to move may play its turn: :meth:`legal_moves`, then the moves
        after each huff it may make. What a computer or random player chooses from."""
        moves = self.legal_moves()
        for square in self.huff_choices():
            moves.extend(self.moves_after_huff(square))
        return moves

    def capture_required(self) -> bool:
        """Whether the side to move must capture (draughts); never in games without the rule."""
        return False

    def outranked_captures(self) -> list[Move]:
        """Captures that would be legal but for a rule preferring others (the majority rule):
        to tell a player "take the most pieces". Empty in games without such a rule."""
        return []

    def find_move(self, start: int, end: int, via: Sequence[int] = ()) -> Move:
        """The legal move from ``start`` to ``end`` passing through the landing squares ``via``.

        A move whose landings are exactly ``via`` and ``end`` is preferred to longer routes
        through them (see :func:`fitting_moves`). Raises :class:`AmbiguousMoveError` with the
        candidates when several moves fit.
        """
        fits = [m for m in fitting_moves(self.legal_moves(), start, (*via, end)) if m.end == end]
        if not fits:
            raise IllegalMoveError(
                f"no legal move from {self.geometry.name(start)} to {self.geometry.name(end)}")
        if len(fits) > 1:
            raise AmbiguousMoveError(
                f"{len(fits)} moves go from {self.geometry.name(start)} to "
                f"{self.geometry.name(end)}", fits)
        return fits[0]

    # --- why a click does nothing --------------------------------------------------------
    def why_not(self, start: int, route: Sequence[int] = ()) -> Refusal:
        """Why the piece on ``start`` cannot be picked (empty ``route``), or why the last square
        of ``route`` (the landings entered so far, the refused square last) is not a next
        landing of it. Answers :attr:`Refusal.CANNOT_GO` for anything it cannot explain,
        including a piece or square that is not refused at all."""
        if self.outcome() is not None:
            return Refusal.GAME_OVER
        piece = self.piece_at(start)
        if piece is None:
            return Refusal.NO_PIECE
        if piece.color is not self.turn:
            return Refusal.NOT_YOURS
        if not route:
            if any(m.start == start for m in self.legal_moves()):
                return Refusal.CANNOT_GO
            if any(m.start == start for m in self.outranked_captures()):
                return Refusal.MOST
            return Refusal.CAPTURE if self.capture_required() else Refusal.STUCK
        landings = tuple(route)
        if any(m.start == start and m.path[:len(landings)] == landings
               for m in self.outranked_captures()):
            return Refusal.MOST
        mid = self._refuse_mid_route(start, landings)
        if mid is not None:
            return mid
        if self.capture_required():
            return Refusal.CAPTURE
        here = landings[-2] if len(landings) > 1 else start
        step = self._refuse_step(piece, here, landings[-1])
        return Refusal.CANNOT_GO if step is None else step

    def _refuse_mid_route(self, start: int, route: tuple[int, ...]) -> Refusal | None:
        """Hook: a refusal of the last square of ``route`` given that landings came before it
        (draughts: mid-capture, off every route that goes on); None to go on asking."""
        return None

    def _refuse_step(self, piece: Piece, here: int, square: int) -> Refusal | None:
        """Hook: why ``piece`` standing on ``here`` cannot go to ``square`` by the way pieces
        move in this game (a man goes forward, a piece steps one point); None: no reason."""
        return None

    # --- notation ----------------------------------------------------------------------
    @abstractmethod
    def move_text(self, move: Move) -> str:
        """The move in the game's own notation, for the position it is played from."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """A legal move from its text; raises NotationError, IllegalMoveError or
        AmbiguousMoveError."""

    def hub_text(self, move: Move) -> str:
        """Start, end, then every captured square, joined by ``x`` for a capture and ``-``
        for a quiet move: ``28x19x23``, ``c3xe5xd4``, ``e1-e2`` (the ``moves`` command's form)."""
        name = self.geometry.name
        huff = "" if move.huff is None else f"(huff {name(move.huff)}) "
        if move.captured:
            return huff + "x".join(name(s) for s in (move.start, move.end, *move.captured))
        return f"{huff}{name(move.start)}-{name(move.end)}"

    # --- the end -----------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    @abstractmethod
    def resign(self, color: Color) -> None:
        """``color`` gives up; the other side wins."""

    def record_end(self, outcome: Outcome) -> None:
        """Record an end decided beside the board (a resignation or agreed draw read from a
        file, a fallen flag); taken back like a resignation. Here: a resignation or an agreed
        draw; a game with a chess clock records a fallen flag too."""
        if outcome.termination is Termination.RESIGNATION and outcome.winner is not None:
            self.resign(outcome.winner.other)
        elif outcome.termination is Termination.AGREEMENT:
            self.agree_draw()
        else:
            raise RulesError(f"{self.title} cannot record an end by "
                             f"{outcome.termination.value}")

    def could_win(self, color: Color) -> bool:
        """Whether ``color`` has any way left to win (a fallen flag of the other side is then
        a loss, else a draw): here, whether it has a piece left."""
        return any(piece.color is color for _, piece in self.pieces())

    #: the game is played with a chess clock for each side when the players want one
    chess_clock: ClassVar[bool] = False
    #: more material is better (at a move limit, and when the computer weighs a draw offer);
    #: the giveaway games turn this round
    more_pieces_win: ClassVar[bool] = True

    def lead(self, color: Color) -> float | None:
        """How far ``color`` is ahead by the game's own measure, for a game where counting
        pieces says nothing (a race); None: the pieces tell (the computer weighing a draw
        offer counts them)."""
        return None

    @abstractmethod
    def agree_draw(self) -> None:
        """Both players agree to a draw."""

    def can_offer_draw(self) -> bool:
        """Whether a draw may be offered now (a variant may allow it only after some moves)."""
        return self.outcome() is None

    @abstractmethod
    def withdraw_end(self) -> None:
        """Forget a resignation or agreed draw recorded after the last move (a takeback)."""

    # --- limits and counters for the side panel; games without them keep these defaults ----
    @property
    def move_limit(self) -> int | None:
        """Full moves (one by each side) after which the game is decided, or None."""
        return None

    def moves_played(self) -> int:
        """Full moves (one by each side) made in this game."""
        return len(self.move_stack) // 2

    def draw_counters(self) -> list[DrawCounter]:
        """The draw rules running in this position, for display."""
        return []

    def homes(self) -> tuple[int, int] | None:
        """A race's houses (Уголки: White's corner and Black's, as bit masks of squares), for
        display; None in a game without them."""
        return None

    # --- a game clock (Apokachi's game timer); games without one keep these defaults -------
    @property
    def time_limit(self) -> float | None:
        """Seconds of playing time the game may last, or None."""
        return None

    @property
    def elapsed(self) -> float:
        """Playing time so far, as reported by the caller (the rules never read a clock)."""
        return 0.0

    def set_elapsed(self, seconds: float) -> None:
        """The caller reports the playing time so far."""

    def add_elapsed(self, seconds: float) -> None:
        """The caller reports ``seconds`` more of playing time."""
        self.set_elapsed(self.elapsed + seconds)

    def remaining_time(self) -> float | None:
        """Seconds of playing time left, or None without a clock."""
        limit = self.time_limit
        return None if limit is None else max(0.0, limit - self.elapsed)

    # --- counting ----------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal-move tree ``depth`` plies deep (the end rules ignored)."""
        if depth <= 0:
            return 1
        moves = self.perft_moves()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total

    def perft_moves(self) -> list[Move]:
        """The moves perft follows: the legal moves of the position, whatever the end rules
        say. Variants whose ``legal_moves`` stops at a game end override this."""
        return self.legal_moves()


def same_value(a: object, b: object) -> bool:
    """Equal and of the same type: an option's ``True`` is not its ``1``, nor ``30.0`` its
    ``30``."""
    return type(a) is type(b) and a == b


def _contains_in_order(path: Sequence[int], via: Sequence[int]) -> bool:
    it = iter(path)
    return all(any(step == square for step in it) for square in via)
