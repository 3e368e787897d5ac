"""The wire format of network play: frames, the schema of every message, the limits.

A frame is a 4-byte big-endian length followed by that many bytes of UTF-8 JSON holding one
object: ``{"t": <type>, <field>: <value>, ...}``. Nothing longer than :data:`MAX_FRAME` is
read (the length is refused before its bytes come). Every type has a schema in
:data:`SCHEMAS`; a message of an unknown type, with a field missing, extra or of the wrong
type, a number out of its range or not finite, a string too long, is refused with a
:class:`WireError` whose ``reason`` is one line a player can read. JSON is parsed with
``json.loads`` only (NaN and Infinity refused): nothing received is ever evaluated.

Public API:

- ``MAX_FRAME``, ``PROTOCOL_VERSION``
- ``WireError(reason)`` (a ``ValueError``; ``.reason``)
- ``Field`` and its makers ``Str(max_len, choices=(), optional=False)``,
  ``Int(low, high, optional=False)``, ``Float(low, high, optional=False)``,
  ``Bool(optional=False)``, ``List(item, max_count, optional=False)``,
  ``Obj(schema, optional=False)``, ``AnyObject(optional=False)``
- ``SCHEMAS: dict[str, dict[str, Field]]`` and ``declare(t, schema)`` to add a type
- ``encode(t, **fields) -> bytes`` (what we send is checked too)
- ``Decoder(max_frame=None).feed(data, limit=None) -> list[Message]``
- ``Message(t, fields)`` with ``str/int/float/bool/list/object(name)`` and ``has(name)``
"""
from __future__ import annotations

import json
import math
import re
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: the longest frame's payload in bytes; a longer announced length is refused unread (the
#: largest message is a whole Chapaev match, ``sync``: about 650 bytes a shot)
MAX_FRAME = 1024 * 1024
#: the version of the network protocol, said in ``hello`` and ``welcome`` (2: reasons are
#: codes, ``why``, with an optional ``detail``, where 1 sent English sentences)
PROTOCOL_VERSION = 2
#: how deep a free JSON object (``game``, ``record``) may nest
MAX_DEPTH = 32
_HEADER = struct.Struct(">I")
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_INT_LIMIT = 2 ** 53  # JSON numbers beyond this lose precision in other programs

# the method names of Message shadow these inside its class body
_Str = str
_Int = int
_Float = float
_Bool = bool
_List = list

UNKNOWN = "the other side sent a message this version does not know"
NOT_A_MESSAGE = "the other side sent something that is not a message"
TOO_LONG = "the other side sent a message longer than {limit} bytes"


class WireError(ValueError):
    """A message refused: ``reason`` is one line a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        #: the whole messages a Decoder read before the bad one, in the same ``feed``
        self.before: list[Message] = []


@dataclass(frozen=True, slots=True)
class Field:
    """What one field of a message may hold: its kind and its limits."""

    kind: str  # "str", "int", "float", "bool", "list", "object", "any"
    optional: bool = False
    max_len: int = 0  # a string's characters, a list's items
    low: float = 0.0
    high: float = 0.0
    choices: tuple[str, ...] = ()
    item: Field | None = None
    schema: tuple[tuple[str, Field], ...] = ()


def Str(max_len: int, *, choices: Sequence[str] = (), optional: bool = False) -> Field:
    """A string of at most ``max_len`` characters (one of ``choices`` when given)."""
    return Field("str", optional, max_len=max_len, choices=tuple(choices))


def Int(low: int = 0, high: int = _INT_LIMIT, *, optional: bool = False) -> Field:
    """A whole number from ``low`` to ``high`` (a JSON true/false is not one)."""
    return Field("int", optional, low=low, high=high)


def Float(low: float, high: float, *, optional: bool = False) -> Field:
    """A finite number from ``low`` to ``high`` (a whole number is taken as one)."""
    return Field("float", optional, low=low, high=high)


def Bool(*, optional: bool = False) -> Field:
    """true or false."""
    return Field("bool", optional)


def List(item: Field, max_count: int, *, optional: bool = False) -> Field:
    """A list of at most ``max_count`` values, each as ``item`` says."""
    return Field("list", optional, max_len=max_count, item=item)


def Obj(schema: Mapping[str, Field], *, optional: bool = False) -> Field:
    """A nested object with exactly the fields of ``schema``."""
    return Field("object", optional, schema=tuple(schema.items()))


def AnyObject(*, optional: bool = False) -> Field:
    """Any JSON object within the frame (finite numbers, nesting at most MAX_DEPTH):
    the caller checks what it means."""
    return Field("any", optional)


#: a reason: a code (game.net.reasons.Why; one this version does not know is read as
#: "other"), and what the code alone cannot say (an address, a move, the system's words)
_WHY = Str(32)
_DETAIL = Str(200, optional=True)
_PLY = Int(0, 100_000)
_COORD = Float(-10_000.0, 10_000.0)
_DISC = Obj({"side": Str(8), "index": Int(0, 64), "x": _COORD, "y": _COORD,
             "angle": Float(-1e9, 1e9), "over": Int(0, 10 ** 9, optional=True)})

#: every message type and its fields; the game layer may add its own with :func:`declare`
SCHEMAS: dict[str, dict[str, Field]] = {
    # the link
    "hello": {"version": Int(0, 1000), "code": Str(16), "name": Str(40),
              "resume": Str(64, optional=True)},
    "welcome": {"version": Int(0, 1000), "token": Str(64),
                "seat": Str(5, choices=("white", "black")), "game": AnyObject()},
    "refuse": {"why": _WHY, "detail": _DETAIL},
    "ping": {"n": Int()},
    "pong": {"n": Int()},
    "bye": {"why": _WHY, "detail": _DETAIL},
    # the game
    # (a move's "digest" was sent by the first builds: taken, not needed — ``check`` is)
    "move": {"ply": _PLY, "text": Str(200), "digest": Str(64, optional=True)},
    # a flick as played (the hand's error drawn where it was made is in dx, dy, strength);
    # "aim_*", the pull the hand meant, are told and never simulated (absent from older peers)
    "shot": {"n": _PLY, "side": Str(8), "index": Int(0, 64), "dx": Float(-1.0, 1.0),
             "dy": Float(-1.0, 1.0), "strength": Float(0.0, 1.0), "press": Bool(),
             "aim_dx": Float(-1.0, 1.0, optional=True), "aim_dy": Float(-1.0, 1.0, optional=True),
             "aim_strength": Float(0.0, 1.0, optional=True)},
    "rest": {"n": _PLY, "digest": Str(64), "match": Str(64, optional=True),
             "table": List(_DISC, 64)},
    "outofstep": {"n": _PLY},
    "check": {"n": _PLY, "digest": Str(64)},
    "resign": {},
    "draw_offer": {"ply": Int(0, 100_000, optional=True)},
    "draw_answer": {"accept": Bool()},
    "takeback": {"ply": _PLY},
    "takeback_answer": {"accept": Bool()},
    "sync": {"record": AnyObject()},
    "clock": {"white_ms": Int(0), "black_ms": Int(0), "running": Str(8)},
    "refused": {"why": _WHY, "detail": _DETAIL},
    "chat": {"text": Str(300)},
    "state": {"paused": Bool()},
}


def declare(t: str, schema: Mapping[str, Field]) -> None:
    """Add a message type (the game layer's); a type already declared is an error."""
    if not t or len(t) > 32 or t in SCHEMAS:
        raise ValueError(f"message type {t!r} is empty, too long or declared already")
    SCHEMAS[t] = dict(schema)


@dataclass(frozen=True, slots=True)
class Message:
    """One message as received (or sent): its type and its checked fields."""

    t: _Str
    fields: Mapping[_Str, Any]

    def has(self, name: _Str) -> _Bool:
        """Whether an optional field is present."""
        return name in self.fields

    def _get(self, name: _Str, kind: type | tuple[type, ...]) -> Any:
        value = self.fields.get(name)
        if value is None or not isinstance(value, kind) or (
                kind is not _Bool and isinstance(value, _Bool)):
            raise WireError(f"the '{self.t}' message has no {name} of the right kind")
        return value

    def str(self, name: _Str) -> _Str:
        """A string field."""
        value: _Str = self._get(name, _Str)
        return value

    def int(self, name: _Str) -> _Int:
        """A whole-number field."""
        value: _Int = self._get(name, _Int)
        return value

    def float(self, name: _Str) -> _Float:
        """A number field, as a float."""
        return _Float(self._get(name, (_Int, _Float)))

    def bool(self, name: _Str) -> _Bool:
        """A true/false field."""
        value: _Bool = self._get(name, _Bool)
        return value

    def list(self, name: _Str) -> _List[Any]:
        """A list field (its items checked by the schema)."""
        value: _List[Any] = self._get(name, _List)
        return value

    def object(self, name: _Str) -> Mapping[_Str, Any]:
        """An object field."""
        value: Mapping[_Str, Any] = self._get(name, dict)
        return value


class _Bad(Exception):
    """A value that breaks its field's rule (the detail of a WireError)."""


def _no_constant(name: str) -> Any:
    raise _Bad(f"{name} is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Bad("a number too large")
    return value


def _string(value: str, where: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _Bad(f"{where}: a broken character") from None


def _free(value: Any, where: str, depth: int = 0) -> None:
    """Check a free JSON value: finite numbers, whole strings, bounded nesting."""
    if depth > MAX_DEPTH:
        raise _Bad(f"{where}: nested too deep")
    if isinstance(value, str):
        _string(value, where)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _Bad(f"{where}: not a finite number")
    elif isinstance(value, dict):
        for key, item in value.items():
            _string(key, where)
            _free(item, where, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _free(item, where, depth + 1)
    elif value is not None and not isinstance(value, (bool, int)):
        raise _Bad(f"{where}: not a JSON value")


def _nesting(value: Any, where: str) -> None:
    """Check only how deep a parsed JSON value nests (its scalars are known good)."""
    stack = [(value, 0)]
    while stack:
        container, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _Bad(f"{where}: nested too deep")
        for item in container.values() if type(container) is dict else container:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1))


def _check(field: Field, value: Any, where: str, lean: bool = False) -> Any:
    """The value if it fits the field (a whole number made a float where one is wanted).

    ``lean``: the value was just parsed with every number finite and no broken character
    in the text, so a free object's scalars need no second look (big ``sync`` frames)."""
    kind = field.kind
    if kind == "str":
        if not isinstance(value, str):
            raise _Bad(f"{where} is not text")
        if len(value) > field.max_len:
            raise _Bad(f"{where} is longer than {field.max_len} characters")
        _string(value, where)
        if field.choices and value not in field.choices:
            raise _Bad(f"{where} is not one of {', '.join(field.choices)}")
        return value
    if kind == "int":
        if type(value) is not int:
            raise _Bad(f"{where} is not a whole number")
        if not field.low <= value <= field.high:
            raise _Bad(f"{where} is out of its range")
        return value
    if kind == "float":
        if type(value) not in (int, float):
            raise _Bad(f"{where} is not a number")
        number = float(value)
        if not math.isfinite(number):
            raise _Bad(f"{where} is not a finite number")
        if not field.low <= number <= field.high:
            raise _Bad(f"{where} is out of its range")
        return number
    if kind == "bool":
        if type(value) is not bool:
            raise _Bad(f"{where} is not true or false")
        return value
    if kind == "list":
        if not isinstance(value, list):
            raise _Bad(f"{where} is not a list")
        if len(value) > field.max_len:
            raise _Bad(f"{where} has more than {field.max_len} items")
        assert field.item is not None
        return [_check(field.item, item, f"{where}[{i}]", lean)
                for i, item in enumerate(value)]
    if kind == "object":
        if not isinstance(value, dict):
            raise _Bad(f"{where} is not an object")
        return _fields(dict(field.schema), value, where + ".", lean)
    if kind == "any":
        if not isinstance(value, dict):
            raise _Bad(f"{where} is not an object")
        if lean:
            _nesting(value, where)
        else:
            _free(value, where)
        return value
    raise _Bad(f"{where} has an unknown kind {kind}")


def _fields(schema: Mapping[str, Field], given: Mapping[str, Any],
            prefix: str = "", lean: bool = False) -> dict[str, Any]:
    extra = sorted(set(given) - set(schema))
    if extra:
        name = str(extra[0])[:40].encode("ascii", "backslashreplace").decode("ascii")
        raise _Bad(f"unexpected field {prefix}{name}")
    out: dict[str, Any] = {}
    for name, field in schema.items():
        if name not in given:
            if field.optional:
                continue
            raise _Bad(f"the field {prefix}{name} is missing")
        out[name] = _check(field, given[name], prefix + name, lean)
    return out


def check(t: str, fields: Mapping[str, Any], *, lean: bool = False) -> Message:
    """The message of type ``t`` if its fields fit its schema; WireError (as received)
    otherwise."""
    schema = SCHEMAS.get(t) if isinstance(t, str) else None
    if schema is None:
        raise WireError(UNKNOWN)
    try:
        return Message(t, _fields(schema, fields, lean=lean))
    except _Bad as bad:
        raise WireError(f"the other side sent a wrong '{t}' message ({bad})") from None


def encode(t: str, **fields: Any) -> bytes:
    """One frame holding message ``t``; WireError if it breaks its schema or the size."""
    try:
        message = check(t, fields)
    except WireError as error:
        raise WireError(f"not sent: {error.reason.replace('the other side sent ', '')}") \
            from None
    try:
        body = json.dumps({"t": t, **message.fields}, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode("utf-8")
    except (ValueError, TypeError) as error:
        raise WireError(f"not sent: the '{t}' message cannot be written ({error})") from None
    if len(body) > MAX_FRAME:
        raise WireError(f"not sent: the '{t}' message is longer than {MAX_FRAME} bytes")
    return _HEADER.pack(len(body)) + body


def parse(body: bytes) -> Message:
    """The message in one frame's payload (UTF-8 JSON), checked; WireError otherwise."""
    try:
        text = body.decode("utf-8")
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except (_Bad, ValueError, RecursionError):
        # ValueError covers bad UTF-8, bad JSON and numbers with too many digits
        raise WireError(NOT_A_MESSAGE) from None
    if not isinstance(value, dict) or not isinstance(value.get("t"), str):
        raise WireError(NOT_A_MESSAGE)
    t = value.pop("t")
    # numbers were refused unless finite as they were parsed; a lone surrogate can only
    # come from a \u escape, so a text without one needs no walk over its strings
    return check(t, value, lean=_SURROGATE.search(text) is None)


class Decoder:
    """Frames to messages as bytes come: a half frame is kept until the rest arrives.

    After a WireError the stream is out of step, so every later ``feed`` raises it again.
    ``max_frame`` may be set lower than MAX_FRAME (a stranger who has not said hello yet
    needs no more than a hello) and raised later.
    """

    def __init__(self, max_frame: int | None = None) -> None:
        self.max_frame = MAX_FRAME if max_frame is None else max_frame
        self._buffer = bytearray()
        self._broken: WireError | None = None

    @property
    def pending(self) -> int:
        """Bytes of a frame not yet complete."""
        return len(self._buffer)

    def feed(self, data: bytes, limit: int | None = None) -> list[Message]:
        """The messages completed by ``data``, in order; WireError on garbage.

        With ``limit``, at most that many are decoded; the frames after them wait in the
        buffer for the next ``feed`` (an empty one will do). A link that closes on more than
        so many messages need not parse a whole flood first.
        """
        if self._broken is not None:
            raise self._broken
        self._buffer += data
        out: list[Message] = []
        start = 0
        buffer = self._buffer
        try:
            while len(buffer) - start >= _HEADER.size and (limit is None or len(out) < limit):
                (length,) = _HEADER.unpack_from(buffer, start)
                if length > self.max_frame:
                    raise WireError(TOO_LONG.format(limit=self.max_frame))
                end = start + _HEADER.size + length
                if len(buffer) < end:
                    break
                out.append(parse(bytes(buffer[start + _HEADER.size:end])))
                start = end
        except WireError as error:
            self._broken = WireError(error.reason)
            self._buffer = bytearray()
            error.before = out
            raise
        del buffer[:start]
        return out
