"""Bytes in, bytes out: a game file read within a limit, decoded, checked and replayed; the
reasons a file cannot be used (:class:`SaveError`), said to the player in their language."""
from __future__ import annotations

import errno
import json
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.play.record_format import RecordError, check_record
from game.play.records import play_from_record
from game.rules.text import clean
from game.settings import read_regular_file, user_dir

if TYPE_CHECKING:
    from game.play.protocol import Play

DATA_ENV = "SHASHKI_DATA_DIR"
MAX_BYTES = 8 * 1024 * 1024  # a saved game: a long Chapaev match is well under a megabyte
MAX_PDN_BYTES = 8 * 1024 * 1024  # a PDN file (about 25 000 games; listed in a few seconds)
MAX_PASTE_CHARS = 1024 * 1024  # pasted text: a thousand games, read in well under a second
MAX_DEPTH = 40  # JSON nesting: our records go 6 deep
#: the index is a cache of a few hundred bytes a game: one much bigger is not ours, and is
#: rebuilt without being read
INDEX_BASE_BYTES = 64 * 1024
INDEX_BYTES_PER_GAME = 8 * 1024
#: 3: each game's options, whether the computer plays in it and whether the player named it
#: (an index of an older version is rebuilt from the files at the first listing)
INDEX_VERSION = 3
#: "Clear old games" removes the unfinished games against the computer not played for more
#: than this many days (and not named by the player): a week is long enough that a game put
#: aside for a few days stays, short enough that the button finds the games abandoned this
#: month; a game worth keeping longer is named with Ctrl+S, and a game against a person is
#: never touched
OLD_GAME_DAYS = 7
NAME_CHARS = 120  # a game's name as the player gives it
ID_PATTERN = re.compile(r"^[a-z0-9-]{1,64}$")


class SaveError(Exception):
    """Why a game file could not be read or written, as an i18n key and its values (a value
    that is itself a SaveError is shown as its own message)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        # a value in words is often a file's name, or the system's words about it: text from
        # outside (a name may hold any character but / and NUL, and one the file system
        # could not decode comes as a lone surrogate)
        self.values = {k: clean(v, 300) if isinstance(v, str) else v
                       for k, v in values.items()}
        super().__init__(f"{key} {values}" if values else key)

    def message(self) -> str:
        """The reason in the current language, its values filled in."""
        return tr(self.key, **{k: v.message() if isinstance(v, SaveError) else v
                               for k, v in self.values.items()})

    def __str__(self) -> str:
        return self.message()

    def to_json(self) -> dict[str, Any]:
        """The reason as the index keeps it (values as text or numbers)."""
        return {"key": self.key, "values": {
            k: v.to_json() if isinstance(v, SaveError) else v if isinstance(v, (int, str))
            else str(v) for k, v in self.values.items()}}

    @classmethod
    def from_json(cls, data: Any) -> SaveError | None:
        if not (isinstance(data, dict) and isinstance(data.get("key"), str)
                and isinstance(data.get("values"), dict) and data["key"].startswith("saves.")):
            return None
        from game.i18n import STRINGS

        if data["key"] not in STRINGS:
            return None
        values: dict[str, object] = {}
        for k, v in data["values"].items():
            inner = cls.from_json(v) if isinstance(v, dict) else None
            if inner is not None:
                values[str(k)] = inner
            elif isinstance(v, (int, str)) and not isinstance(v, bool):
                values[str(k)] = v if not isinstance(v, str) else v[:300]
        return cls(data["key"], **values)


#: what the store has to tell the player (a file moved aside, a folder it cannot use): a key
#: and its values, like a SaveError
Notice = SaveError


def data_dir() -> Path:
    """The user's data folder for the game (``$SHASHKI_DATA_DIR`` overrides it)."""
    return user_dir(DATA_ENV, "XDG_DATA_HOME", (".local", "share"))


def sizes(size: int, limit: int) -> dict[str, object]:
    """A size over a limit as a reason says them (``kb`` and ``limit``, in KB), so that the
    two never read the same: whole KB where the size is at least half a KB over, else the
    size with a tenth, rounded up ("1024.1 KB, the limit is 1024 KB"); the tenth is written
    with the language's decimal sign when the reason is shown."""
    limit_kb = limit // 1024 if limit % 1024 == 0 else _tenths(limit * 10 // 1024)
    if (size + 512) // 1024 > limit // 1024 and limit % 1024 == 0:
        return {"kb": (size + 512) // 1024, "limit": limit_kb}
    return {"kb": _tenths(-(-size * 10 // 1024)), "limit": limit_kb}


def _tenths(tenths: int) -> object:
    """A number of KB with its tenth (a whole number stays whole)."""
    whole, tenth = divmod(tenths, 10)
    return whole if not tenth else SaveError("saves.size.tenths", whole=whole, tenth=tenth)


def read_small_file(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes. The size is
    looked at before anything is read; the file is opened without blocking, so a FIFO or a
    device in its place is refused, not waited on."""
    name = Path(path).name
    try:
        return read_regular_file(
            Path(path), limit, lambda: SaveError("saves.why.not_file", name=name),
            lambda size: SaveError("saves.why.too_big", name=name, **sizes(size, limit)))
    except FileNotFoundError:
        raise SaveError("saves.why.missing", name=name) from None
    except IsADirectoryError:
        raise SaveError("saves.why.not_file", name=name) from None
    except OSError as error:
        raise os_error(error, name) from None


def os_error(error: OSError, name: str, key: str = "saves.why.os") -> SaveError:
    """A file system error as a reason for the player (a loop of links said as one)."""
    if error.errno == errno.ELOOP:
        return SaveError("saves.why.loop", name=name)
    if isinstance(error, PermissionError) and key == "saves.why.os":
        return SaveError("saves.why.permission", name=name)
    return SaveError(key, name=name, what=error.strerror or type(error).__name__)


def refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def decode_record(raw: bytes, name: str = "") -> dict[str, Any]:
    """A record from a file's bytes (decoded and its form checked, not yet replayed: see
    :func:`judge`); SaveError for anything else."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError("saves.why.encoding", name=name) from None
    if not text.strip():
        raise SaveError("saves.why.empty", name=name)
    if _depth(text) > MAX_DEPTH:
        raise SaveError("saves.why.malformed", name=name)
    try:
        data = json.loads(text, parse_constant=refuse_constant)
    except (ValueError, RecursionError):
        raise SaveError("saves.why.truncated" if _looks_cut(text) else "saves.why.malformed",
                        name=name) from None
    try:
        check_record(data)
    except RecordError as error:
        raise SaveError(error.key, name=name) from None
    record: dict[str, Any] = data  # check_record: an object
    return record


def judge(record: dict[str, Any], name: str = "", *, with_seats: bool = True
          ) -> Play:
    """The game a record holds, replayed move by move (shot by shot): the only proof that a
    file is a game. SaveError naming the file if it does not replay."""
    try:
        return play_from_record(record, with_seats=with_seats)
    except RecordError as error:
        raise SaveError(error.key, name=name) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError,
            RecursionError):
        # a record of a shape no check foresaw: still the file's fault, not a crash
        raise SaveError("saves.why.moves", name=name) from None


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (unrolled: no backtracking)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _depth(text: str) -> int:
    """How deep brackets nest (outside strings, roughly): refuses a bomb before parsing."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text[:MAX_BYTES]))
    deepest = depth = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _looks_cut(text: str) -> bool:
    stripped = text.strip()
    return stripped.startswith("{") and not stripped.endswith("}")


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"


def now_text() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime())


def default_name(record: dict[str, Any]) -> str:
    return f"{tr('game.' + record['game'])}, {time.strftime('%d.%m.%Y %H:%M')}"


def player_named(record: dict[str, Any]) -> bool:
    """Whether the player gave the game its name (Ctrl+S or Rename): one to keep. The record
    says so (``"named": true``); a file of an older version, which did not, counts as named
    when its name is not one a game gets at its first save ("Russian draughts, 30.11.2026
    12:00", in either language), so an older game saved under the proposed name counts as
    not named."""
    flag = record.get("named")
    if isinstance(flag, bool):
        return flag
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        return False
    from game.i18n import STRINGS

    title, comma, date = name.rpartition(", ")
    titles = STRINGS.get(f"game.{record.get('game')}", {}).values()
    return not (comma and title in titles and _DEFAULT_DATE.fullmatch(date))


_DEFAULT_DATE = re.compile(r"\d\d\.\d\d\.\d{4} \d\d:\d\d")


def what_failed(error: OSError) -> str:
    return error.strerror or type(error).__name__
