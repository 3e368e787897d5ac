"""DamExchange (DXP) messages: the text the International draughts programs (Kingsrow, Scan,
Dam) exchange over TCP, read and written, and a MOVE message matched to our :class:`Move`.

A message is 1 to 127 ASCII characters (codes 1-127) ended on the wire by a NUL byte; its
first character is its type. Everything here is a fixed-width text field: nothing received is
evaluated, and :func:`parse` refuses anything that is not exactly what the protocol's public
description (mesander.nl/damexchange) allows, with a :class:`DxpError` saying why.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Union

from game.rules.core import Color, Game, Move, Piece, PieceKind, RulesError
from game.rules.international import International
from game.rules.text import clean

#: the longest message the protocol allows (without its NUL)
LONGEST = 127
#: bytes a reader holds without seeing a NUL before it calls the peer garbled
READ_LIMIT = 1024
#: the protocol version this codec speaks
VERSION = 1
#: the most pieces one move captures in International draughts
MOST_CAPTURED = 20
#: squares of the 10x10 board, as DXP (and our International game) number them
SQUARES = 50
#: DXP's port (the SOCKET layer's)
PORT = 27531
NAME_WIDTH = 32

_COLOR_CODE = {Color.WHITE: "W", Color.BLACK: "Z"}  # Z: zwart
_CODE_COLOR = {code: color for color, code in _COLOR_CODE.items()}
_PIECE_CODE = {Piece(Color.WHITE): "w", Piece(Color.BLACK): "z",
               Piece(Color.WHITE, PieceKind.KING): "W", Piece(Color.BLACK, PieceKind.KING): "Z"}
_CODE_PIECE = {code: piece for piece, code in _PIECE_CODE.items()}


class DxpError(ValueError):
    """A DXP message that cannot be read or used; ``reason`` says why in a line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class AcceptCode(enum.IntEnum):
    """The follower's answer to a game request (GAMEACC)."""

    ACCEPT = 0
    WRONG_VERSION = 1
    NOT_THIS_GAME = 2  # cannot or will not play this one, but another
    NO_GAMES = 3  # no game at all


class EndReason(enum.IntEnum):
    """Why a GAMEEND is sent (informational in the protocol)."""

    UNKNOWN = 0
    GIVE_UP = 1
    DRAW = 2
    WIN = 3


class BackCode(enum.IntEnum):
    """The answer to a back request (BACKACC)."""

    ACCEPT = 0
    NOT_SUPPORTED = 1
    DECLINE = 2


@dataclass(frozen=True, slots=True)
class Chat:
    """C: free text (1-126 characters)."""

    text: str


@dataclass(frozen=True, slots=True)
class GameRequest:
    """R: the initiator asks for a game: the follower's colour, minutes for each side's
    whole game, the moves of the game (0: no limit), and a start (None: the usual one;
    else the side to move and 50 characters, square 1 first: e empty, w/z a white/black
    man, W/Z a king)."""

    initiator: str
    follower_color: Color
    minutes: int
    moves: int
    setup: tuple[Color, str] | None = None
    version: int = VERSION


@dataclass(frozen=True, slots=True)
class GameAccept:
    """A: the follower's name and answer."""

    follower: str
    code: AcceptCode


@dataclass(frozen=True, slots=True)
class MoveMessage:
    """M: a move by its start and end squares and the squares of the pieces it took (in any
    order), with the seconds its sender thought."""

    seconds: int
    start: int
    end: int
    captured: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameEnd:
    """E: the game ends (first sent by the side to move, then confirmed by the other);
    ``stop``: the sender wants no next game."""

    reason: EndReason
    stop: bool


@dataclass(frozen=True, slots=True)
class BackRequest:
    """B: take the game back to move ``number`` (1-999) with ``color`` to move."""

    number: int
    color: Color


@dataclass(frozen=True, slots=True)
class BackAccept:
    """K: the answer to a back request."""

    code: BackCode


DxpMessage = Union[Chat, GameRequest, GameAccept, MoveMessage, GameEnd, BackRequest, BackAccept]


# --- reading ---------------------------------------------------------------------------------
def _number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise DxpError(f"{what} is not a number: {text!r}")
    return int(text)


def _square(text: str, what: str) -> int:
    square = _number(text, what)
    if not 1 <= square <= SQUARES:
        raise DxpError(f"{what} {square} is not a square (1-{SQUARES})")
    return square


def _color(text: str, what: str) -> Color:
    color = _CODE_COLOR.get(text)
    if color is None:
        raise DxpError(f"{what} is not W or Z: {text!r}")
    return color


def _length(text: str, wanted: int, what: str) -> None:
    if len(text) != wanted:
        raise DxpError(f"a {what} message has {wanted} characters, not {len(text)}")


def _name(text: str) -> str:
    """A name from the other program: ASCII 1-127 passed the codec, but ESC, BEL and the
    like are taken out before anything keeps or shows it."""
    return clean(text, NAME_WIDTH)


def parse(text: str) -> DxpMessage:
    """The message ``text`` (without its NUL) holds; raises :class:`DxpError` if it is not a
    well-formed DXP message."""
    if not text:
        raise DxpError("an empty message")
    if len(text) > LONGEST:
        raise DxpError(f"a message of {len(text)} characters (at most {LONGEST})")
    if not all(1 <= ord(c) <= 127 for c in text):
        raise DxpError("a message with characters outside ASCII 1-127")
    kind, body = text[0], text[1:]
    if kind == "C":
        if not clean(body, LONGEST):
            raise DxpError("a chat message with no text")
        return Chat(clean(body, LONGEST))
    if kind == "R":
        return _parse_request(body)
    if kind == "A":
        _length(text, 1 + NAME_WIDTH + 1, "GAMEACC")
        code = _number(body[NAME_WIDTH:], "the acceptance code")
        if code > max(AcceptCode):
            raise DxpError(f"unknown acceptance code {code}")
        return GameAccept(_name(body[:NAME_WIDTH]), AcceptCode(code))
    if kind == "M":
        return _parse_move(body)
    if kind == "E":
        _length(text, 3, "GAMEEND")
        reason = _number(body[0], "the end reason")
        stop = _number(body[1], "the stop code")
        if reason > max(EndReason) or stop > 1:
            raise DxpError(f"unknown game end {body!r}")
        return GameEnd(EndReason(reason), bool(stop))
    if kind == "B":
        _length(text, 5, "BACKREQ")
        number = _number(body[:3], "the move number")
        if number < 1:
            raise DxpError("move number 0 (moves count from 1)")
        return BackRequest(number, _color(body[3], "the colour to move"))
    if kind == "K":
        _length(text, 2, "BACKACC")
        code = _number(body, "the back acceptance code")
        if code > max(BackCode):
            raise DxpError(f"unknown back acceptance code {code}")
        return BackAccept(BackCode(code))
    raise DxpError(f"unknown message type {kind!r}")


def _parse_request(body: str) -> GameRequest:
    short = 2 + NAME_WIDTH + 1 + 3 + 3 + 1
    if len(body) not in (short, short + 1 + SQUARES):
        raise DxpError(f"a GAMEREQ message has {short + 1} or {short + 2 + SQUARES} "
                       f"characters, not {len(body) + 1}")
    version = _number(body[:2], "the protocol version")
    name = _name(body[2:2 + NAME_WIDTH])
    at = 2 + NAME_WIDTH
    color = _color(body[at], "the follower's colour")
    minutes = _number(body[at + 1:at + 4], "the thinking time")
    moves = _number(body[at + 4:at + 7], "the number of moves")
    start = body[at + 7]
    if start == "A":
        if len(body) != short:
            raise DxpError("a GAMEREQ from the usual start has no position")
        return GameRequest(name, color, minutes, moves, None, version)
    if start != "B":
        raise DxpError(f"the starting position is not A or B: {start!r}")
    if len(body) != short + 1 + SQUARES:
        raise DxpError("a GAMEREQ with a position has the side to move and 50 squares")
    turn = _color(body[short], "the colour to move first")
    squares = body[short + 1:]
    wrong = sorted(set(squares) - set("e") - set(_CODE_PIECE))
    if wrong:
        raise DxpError(f"a position square is not e, w, z, W or Z: {wrong[0]!r}")
    return GameRequest(name, color, minutes, moves, (turn, squares), version)


def _parse_move(body: str) -> MoveMessage:
    if len(body) < 10:
        raise DxpError(f"a MOVE message has at least 11 characters, not {len(body) + 1}")
    seconds = _number(body[:4], "the move's time")
    start = _square(body[4:6], "the from field")
    end = _square(body[6:8], "the to field")
    count = _number(body[8:10], "the number captured")
    if count > MOST_CAPTURED:
        raise DxpError(f"{count} pieces captured (at most {MOST_CAPTURED})")
    if len(body) != 10 + 2 * count:
        raise DxpError(f"a MOVE capturing {count} has {11 + 2 * count} characters, "
                       f"not {len(body) + 1}")
    captured = tuple(_square(body[10 + 2 * i:12 + 2 * i], "a captured field")
                     for i in range(count))
    if len(set(captured)) != count:
        raise DxpError("a captured field is given twice")
    return MoveMessage(seconds, start, end, captured)


# --- writing ---------------------------------------------------------------------------------
def _padded(name: str) -> str:
    clean = "".join(c if 32 <= ord(c) < 127 else "?" for c in name).strip() or "?"
    return clean[:NAME_WIDTH].ljust(NAME_WIDTH)


def _digits(value: int, width: int, what: str) -> str:
    if not 0 <= value < 10 ** width:
        raise DxpError(f"{what} {value} does not fit {width} digits")
    return str(value).zfill(width)


def clean_chat(text: str) -> Chat:
    """A chat message of ``text`` as DXP can carry it: ASCII, one line, at most 126
    characters (what is not is replaced or cut)."""
    clean = "".join(c if 32 <= ord(c) < 127 else "?" for c in text.replace("\n", " "))
    return Chat(clean[:LONGEST - 1] or "?")


def format(message: DxpMessage) -> bytes:  # noqa: A001 - the codec's pair to parse
    """``message`` as it goes on the wire, NUL included; raises :class:`DxpError` for a
    value the protocol cannot carry."""
    if isinstance(message, Chat):
        text = "C" + message.text
    elif isinstance(message, GameRequest):
        text = (f"R{_digits(message.version, 2, 'version')}{_padded(message.initiator)}"
                f"{_COLOR_CODE[message.follower_color]}"
                f"{_digits(message.minutes, 3, 'minutes')}{_digits(message.moves, 3, 'moves')}")
        if message.setup is None:
            text += "A"
        else:
            turn, squares = message.setup
            if len(squares) != SQUARES or set(squares) - set("e") - set(_CODE_PIECE):
                raise DxpError("a position is 50 squares of e, w, z, W, Z")
            text += "B" + _COLOR_CODE[turn] + squares
    elif isinstance(message, GameAccept):
        text = f"A{_padded(message.follower)}{int(message.code)}"
    elif isinstance(message, MoveMessage):
        if len(message.captured) > MOST_CAPTURED:
            raise DxpError(f"{len(message.captured)} pieces captured")
        fields = (message.start, message.end, *message.captured)
        if not all(1 <= s <= SQUARES for s in fields):
            raise DxpError("a square out of 1-50")
        text = (f"M{_digits(min(message.seconds, 9999), 4, 'seconds')}"
                f"{message.start:02d}{message.end:02d}{len(message.captured):02d}"
                + "".join(f"{s:02d}" for s in message.captured))
    elif isinstance(message, GameEnd):
        text = f"E{int(message.reason)}{int(message.stop)}"
    elif isinstance(message, BackRequest):
        text = f"B{_digits(message.number, 3, 'move number')}{_COLOR_CODE[message.color]}"
    else:
        text = f"K{int(message.code)}"
    if not 1 <= len(text) <= LONGEST or not all(1 <= ord(c) <= 127 for c in text):
        raise DxpError(f"not a DXP message: {text[:40]!r}")
    return text.encode("ascii") + b"\0"


class Reader:
    """Cuts a byte stream into messages at their NULs; holds at most :data:`READ_LIMIT`
    bytes of an unfinished one."""

    def __init__(self, limit: int = READ_LIMIT) -> None:
        self.limit = limit
        self._held = bytearray()

    def feed(self, data: bytes) -> list[str]:
        """The whole messages ``data`` completes, as text; raises :class:`DxpError` when a
        message is not ASCII or runs past the limit without its NUL."""
        self._held += data
        out: list[str] = []
        while True:
            at = self._held.find(b"\0")
            if at < 0:
                break
            frame = bytes(self._held[:at])
            del self._held[:at + 1]
            try:
                out.append(frame.decode("ascii"))
            except UnicodeDecodeError:
                raise DxpError("a message with bytes outside ASCII") from None
        if len(self._held) > self.limit:
            raise DxpError(f"more than {self.limit} bytes without the NUL that ends a message")
        return out

    @property
    def pending(self) -> int:
        """Bytes of an unfinished message held."""
        return len(self._held)


# --- the game ----------------------------------------------------------------------------------
def move_message(game: Game, move: Move, seconds: int = 0) -> MoveMessage:
    """The MOVE message of ``move`` (legal in ``game``)."""
    return MoveMessage(max(0, min(seconds, 9999)), move.start, move.end, tuple(move.captured))


def find_move(game: Game, message: MoveMessage) -> Move:
    """The legal move of ``game`` that ``message`` names: its start, end and set of
    captured squares. A capture sent without its captured pieces (some programs do) is taken
    when only one capture goes from that start to that end. Raises :class:`DxpError` when no
    legal move fits."""
    if game.outcome() is not None:
        raise DxpError("a move after the end of the game")
    taken = set(message.captured)
    fitting = [m for m in game.legal_moves()
               if m.start == message.start and m.end == message.end]
    for move in fitting:
        if set(move.captured) == taken and len(move.captured) == len(taken):
            return move
    if not taken and len(fitting) == 1:
        return fitting[0]
    captured = "x".join(str(s) for s in message.captured)
    raise DxpError(f"illegal move {message.start}-{message.end}"
                   + (f" taking {captured}" if captured else ""))


def setup_of(game: Game) -> tuple[Color, str]:
    """The GAMEREQ position of ``game``: its side to move and 50 squares."""
    squares = "".join(_PIECE_CODE[p] if (p := game.piece_at(s)) is not None else "e"
                      for s in range(1, SQUARES + 1))
    return game.turn, squares


def game_of(request: GameRequest) -> Game:
    """The International game a request starts; raises :class:`DxpError` when its position
    cannot be played (a man on its crowning row, too many pieces, no move at all)."""
    if request.setup is None:
        return International.new()
    turn, squares = request.setup
    pieces = {i + 1: _CODE_PIECE[c] for i, c in enumerate(squares) if c != "e"}
    try:
        game = International.from_pieces(turn, pieces)
    except RulesError as error:
        raise DxpError(f"the position cannot be played: {error}") from None
    if game.outcome() is not None:
        raise DxpError("the position is already over")
    return game


def ply_of(number: int, color: Color, first: Color) -> int:
    """The plies played before move ``number`` of ``color`` in a game whose first move was
    ``first``'s (moves numbered as a record does: White's move opens each number)."""
    if first is Color.WHITE:
        return 2 * (number - 1) + (1 if color is Color.BLACK else 0)
    return 2 * (number - 1) + (0 if color is Color.BLACK else -1)


def number_of(ply: int, first: Color) -> tuple[int, Color]:
    """The move number and side to move after ``ply`` plies (the inverse of :func:`ply_of`)."""
    if first is Color.WHITE:
        return ply // 2 + 1, Color.WHITE if ply % 2 == 0 else Color.BLACK
    return (ply + 1) // 2 + 1, Color.BLACK if ply % 2 == 0 else Color.WHITE


def color_code(color: Color) -> str:
    """W or Z: how DXP writes a side."""
    return _COLOR_CODE[color]
