"""The only place that reads and writes game files: every game kept (each unfinished game in a
file of its own, Continue takes the most recent), PDN files opened, pasted or exported.

Files live in the user's data folder (``$SHASHKI_DATA_DIR`` overrides it)::

    games/<id>.json           every game kept: the unfinished ones (each written after every
                              move and on leaving, under its own id) and the finished ones
    games/index.json          what the Games screen lists, rebuilt from the files when stale
    games/<id>.damaged.json   a file that had to be moved aside (see below)
    current.json              the one game in progress of older versions: at the first use of
                              the folder it becomes one of the games (renamed, byte for byte)
    exports/                  PDN files written with Ctrl+E

Nothing discards an unfinished game: a new game, a game opened or pasted, each gets a file of
its own; only the player's Delete removes one. Every write goes to a temporary file in the same
folder and is renamed over the old one (a temporary file left by a killed program is removed
at the next start). Before a file is written over, a file this store has not itself written or
opened is judged by replaying it; what cannot be replayed is moved aside under a name that the
notice gives, and stays there. Every read takes at most a limit of bytes from a regular file
(the size is looked at before reading), decodes JSON and checks it; a damaged, foreign or
hostile file gives a :class:`SaveError` with a message for the player and is left as it is.
Nothing read is ever unpickled or evaluated.
"""
from __future__ import annotations

import errno
import gc
import json
import math
import os
import re
import secrets
import stat
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.notices import Kind
from game.settings import read_regular_file, remove_leftovers, user_dir, write_atomic
from game.play.records import RecordError, Summary, check_record, play_from_record, \
    record_of_board, record_of_chapaev, summarize

if TYPE_CHECKING:
    from game.play.board_play import BoardPlay
    from game.play.chapaev_play import ChapaevPlay
    from game.rules.draughts import DraughtsGame
    from game.rules.pdn import PdnGame

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
_ID = re.compile(r"^[a-z0-9-]{1,64}$")


class SaveError(Exception):
    """Why a game file could not be read or written, as an i18n key and its values (a value
    that is itself a SaveError is shown as its own message)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
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


# --- bytes in, bytes out -------------------------------------------------------------------
def _kb(size: int) -> int:
    return max(1, (size + 1023) // 1024)


def read_small_file(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes. The size is
    looked at before anything is read; the file is opened without blocking, so a FIFO or a
    device in its place is refused, not waited on."""
    name = Path(path).name
    try:
        return read_regular_file(
            Path(path), limit, lambda: SaveError("saves.why.not_file", name=name),
            lambda kb: SaveError("saves.why.too_big", name=name, kb=max(1, kb),
                                 limit=_kb(limit)))
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


def _refuse_constant(name: str) -> Any:
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
        data = json.loads(text, parse_constant=_refuse_constant)
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
          ) -> BoardPlay | ChapaevPlay:
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


# --- text from outside: PDN files and pasted text --------------------------------------------
def decode_text(raw: bytes, name: str = "") -> str:
    """A text file's bytes as text, decoded one way for the whole file: UTF-8 (with or without
    a BOM) when that is what it holds, else Windows-1251, the encoding older Russian programs
    write. A file with a NUL byte anywhere is not text."""
    if b"\x00" in raw:
        raise SaveError("saves.why.binary", name=name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # mostly UTF-8 with a few stray bytes, or a cp1251 file (whose letters seldom happen to
    # form UTF-8 sequences): the characters UTF-8 finds against the bytes it cannot read
    as_utf8 = raw.decode("utf-8", errors="replace")
    broken = as_utf8.count("\ufffd")
    letters = len(as_utf8) - len(as_utf8.encode("ascii", "ignore")) - broken
    if letters >= broken:
        return as_utf8.lstrip("\ufeff")
    return raw.decode("cp1251", errors="replace")


def check_text(text: str, name: str, limit: int = MAX_PASTE_CHARS, *,
               pasted: bool = False) -> None:
    """Text from outside (pasted) judged like a file: refused whole, never cut, when longer
    than ``limit`` characters, and refused when it holds a NUL. ``pasted``: the reasons speak
    of the clipboard, not of a file."""
    if len(text) > limit:
        raise SaveError(_why("too_long", pasted), name=name, kb=_kb(len(text)),
                        limit=_kb(limit))
    if "\x00" in text:
        raise SaveError(_why("binary", pasted), name=name)


def _why(reason: str, pasted: bool) -> str:
    """The key of a reason a text cannot be read: said of the clipboard for pasted text (a
    paste is no file, and nothing of it is "left as it is")."""
    return f"saves.why.paste.{reason}" if pasted else f"saves.why.{reason}"


def _notation_error(error: Exception, name: str, pasted: bool) -> SaveError:
    """A PDN text's error as the player reads it: where it came from and, when the reading
    knows it, the line (in the player's language)."""
    why = str(error)
    line = getattr(error, "line", None)
    if isinstance(line, int):
        why = why.removeprefix(f"line {line}: ")
        return SaveError(_why("pdn_line", pasted), name=name, line=line, why=why[:300])
    return SaveError(_why("pdn", pasted), name=name, why=why[:300])


def pdn_games(text: str, name: str) -> list[PdnGame]:
    """The games of a PDN text (listed without replaying their moves; a text of one game
    is replayed now, so a game that cannot be opened is said at once). SaveError: why.
    (:class:`PdnReading` does the same a slice at a time.)"""
    reading = PdnReading(text, name)
    reading.step(budget=math.inf)
    if reading.error is not None:
        raise reading.error
    return reading.games


class PdnReading:
    """A PDN text read a slice at a time (:meth:`step` within a time budget, say once a
    frame), so a file of thousands of games never holds the window up; ``games`` grows as it
    reads, ``error`` says why the text cannot be read, and ``done`` is set at the end. What
    :func:`pdn_games` gives at once, in slices. ``pasted``: the text came from the clipboard
    (the reasons say so, and not "the file")."""

    def __init__(self, text: str, name: str, *, pasted: bool = False) -> None:
        from game.rules.pdn import scan_pdn_steps

        self.name = name
        self.pasted = pasted
        self.games: list[PdnGame] = []
        self.error: SaveError | None = None
        self.done = False
        self._frozen = False
        self._lines = text.count("\n") + 1
        self._steps = scan_pdn_steps(text)

    @property
    def fraction(self) -> float:
        """How much of the text has been read, 0 to 1 (by the line the last game began on)."""
        if self.done:
            return 1.0
        return min(1.0, self.games[-1].line / self._lines) if self.games else 0.0

    def step(self, budget: float = 0.01) -> bool:
        """Read on for about ``budget`` seconds; whether the reading is over."""
        from game.rules.core import NotationError

        if self.done:
            return True
        end = time.perf_counter() + budget
        try:
            for game in self._steps:
                if game is not None:
                    self.games.append(game)
                if time.perf_counter() >= end:
                    # what is read so far is left out of the collector's passes until the
                    # reading ends: a full pass over a hundred thousand games, due now and
                    # then as they pile up, would hold one frame up for a tenth of a second
                    gc.freeze()
                    self._frozen = True
                    return False
            if len(self.games) == 1:
                self.games[0].replay()  # one game: said now if it cannot be opened
        except NotationError as error:
            self.error = _notation_error(error, self.name, self.pasted)
        except RecursionError:
            self.error = SaveError(_why("malformed", self.pasted), name=self.name)
        if self.error is None and not self.games:
            self.error = SaveError(_why("no_games", self.pasted), name=self.name)
        self.stop()
        return True

    def stop(self) -> None:
        """The reading is over or given up: nothing more is read, and the collector looks at
        everything again."""
        self.done = True
        if self._frozen:
            self._frozen = False
            gc.unfreeze()


def pdn_game(pdn: PdnGame, name: str, *, pasted: bool = False) -> DraughtsGame:
    """One game of a PDN file or text, replayed to its end (a game of a long file replays
    when it is opened); SaveError naming the file (``pasted``: the clipboard) and the line if
    it does not replay."""
    from game.rules.core import NotationError

    try:
        return pdn.game()
    except (NotationError, ValueError) as error:
        raise _notation_error(error, name, pasted) from None


@dataclass(frozen=True, slots=True)
class Pasted:
    """What pasted text holds: the games of a PDN text, or one position (its game and FEN);
    from :func:`start_pasted`, a PDN text still to be read (``reading``)."""

    games: tuple[PdnGame, ...] = ()
    variant: str | None = None
    fen: str | None = None
    reading: PdnReading | None = None


def read_pasted(text: str, name: str | None = None) -> Pasted:
    """Pasted text as a PDN game (or several) or a position, checked like a file (a length
    limit, no NUL; a position's pieces judged by the rules). SaveError saying why not."""
    pasted = start_pasted(text, name)
    reading = pasted.reading
    if reading is None:
        return pasted
    reading.step(budget=math.inf)
    if reading.error is not None:
        raise reading.error
    return Pasted(games=tuple(reading.games))


def start_pasted(text: str, name: str | None = None) -> Pasted:
    """What :func:`read_pasted` gives, except that a PDN text is only begun: its ``reading``
    is stepped by the caller (a screen, a slice a frame), so a long paste never holds the
    window up. The length and a NUL are checked now. SaveError saying why not (of the
    clipboard, unless the text is given a ``name``)."""
    pasted = name is None
    name = name or tr("saves.clipboard")
    check_text(text, name, pasted=pasted)
    body = text.strip()
    if not body:
        raise SaveError(_why("empty", pasted), name=name)
    if "[" in body or "." in body.split(":")[0] or " " in body:
        return Pasted(reading=PdnReading(body, name, pasted=pasted))
    from game.play.positions import setup_refusal
    from game.rules import VARIANTS, find_variant
    from game.rules.core import RulesError, SetupError

    refused: SetupError | None = None
    for variant in VARIANTS:  # the first game, in the menu's order, whose board reads it
        try:
            game = find_variant(variant).from_setup(body)
        except SetupError as error:
            # its board reads the squares but not the pieces: that is what is said, not a
            # later game whose board takes any square (13 Russian men are no Turkish game)
            refused = error
            break
        except (RulesError, ValueError):
            continue
        return Pasted(variant=variant, fen=game.fen())
    if refused is not None:
        refusal = setup_refusal(refused)
        values = {k: tr(v) if isinstance(v, str) and v.startswith("editor.") else v
                  for k, v in refusal.values.items()}
        raise SaveError(_why("setup", pasted), name=name, why=tr(refusal.key, **values))
    raise SaveError(_why("not_a_position", pasted), name=name)


# --- the store -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    """A file on the Games screen: its id, and what it shows (None: the file cannot be read,
    and ``reason`` says why)."""

    id: str
    summary: Summary | None
    problem: str | None = None  # the reason's i18n key
    reason: SaveError | None = field(default=None, compare=False)
    modified: int = field(default=0, compare=False)  # the file's time, ns

    @property
    def unfinished(self) -> bool:
        return self.summary is not None and not self.summary.finished

    def problem_message(self) -> str | None:
        """Why the file cannot be read, in the current language, with its values."""
        if self.reason is not None:
            return self.reason.message()
        return tr(self.problem, name=f"{self.id}.json") if self.problem else None


@dataclass(frozen=True, slots=True)
class Opened:
    """A saved game opened: its id, the record and the game replayed from it."""

    id: str
    record: dict[str, Any]
    play: BoardPlay | ChapaevPlay


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another (None: nothing there)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def _meta(record: dict[str, Any]) -> dict[str, Any]:
    """What a game's file says of it that its play does not (its name, the PDN tags): kept
    through every later save."""
    return {k: record[k] for k in ("name", "named", "tags") if k in record}


class Saves:
    """The game files of one data folder."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self._begun = False
        self._notices: list[SaveError] = []
        #: files this store wrote or judged, as they were then: written over without a replay
        self._stamps: dict[str, tuple[int, int, int] | None] = {}
        self._meta: dict[str, dict[str, Any]] = {}
        #: a failed write has been reported (once a run: a full disk is said once)
        self.write_warned = False

    @property
    def current_path(self) -> Path:
        """Where older versions kept their one game in progress."""
        return self.root / "current.json"

    @property
    def games_dir(self) -> Path:
        return self.root / "games"

    @property
    def index_path(self) -> Path:
        return self.games_dir / "index.json"

    # the first use of the folder --------------------------------------------------------------
    def begin(self) -> None:
        """Once per store, before anything else: remove the temporary files a killed program
        left, and make an older version's game in progress one of the games."""
        if self._begun:
            return
        self._begun = True
        for folder in (self.root, self.games_dir):
            remove_leftovers(folder)
        self._migrate_current()

    def take_notices(self) -> list[SaveError]:
        """What the player should be told (files moved aside, folders that refuse), once."""
        self.begin()
        notices, self._notices = self._notices, []
        return notices

    def _migrate_current(self) -> None:
        path = self.current_path
        try:
            os.lstat(path)
        except OSError:
            return
        try:
            record = self._replayed_or_set_aside(path)
        except SaveError as error:  # it does not replay, and could not be moved aside
            self._notices.append(error)
            return
        if record is None:
            return
        game_id = self._new_id()
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            os.rename(path, self._path(game_id))  # the same bytes, under an id of its own
        except OSError as failure:
            self._notices.append(SaveError("saves.not_moved", name=path.name,
                                           what=_what(failure)))
            return
        self._stamps[game_id] = _stamp(self._path(game_id))
        self._meta[game_id] = _meta(record)

    def _replayed_or_set_aside(self, path: Path) -> dict[str, Any] | None:
        """The record in ``path`` if it replays; else the file is moved aside, a notice says
        where, and None. SaveError ("saves.not_set_aside") if it neither replays nor moves."""
        try:
            record = decode_record(read_small_file(path), path.name)
            judge(record, path.name, with_seats=False).close()
            return record
        except SaveError as error:
            try:
                aside = self._set_aside(path)
            except OSError as failure:
                raise SaveError("saves.not_set_aside", name=path.name, why=error,
                                what=_what(failure)) from None
            self._notices.append(SaveError("saves.set_aside", name=path.name, why=error,
                                           path=str(aside)))
            return None

    def _set_aside(self, path: Path) -> Path:
        """Move ``path`` (whatever it is) to ``<stem>.damaged.json`` beside it (numbered if
        that is taken); where it went. OSError if the folder refuses."""
        aside = path.with_name(f"{path.stem}.damaged{path.suffix}")
        n = 1
        while os.path.lexists(aside):
            n += 1
            aside = path.with_name(f"{path.stem}.damaged-{n}{path.suffix}")
        os.rename(path, aside)
        return aside

    # every game kept ---------------------------------------------------------------------------
    def _path(self, game_id: str) -> Path:
        if not isinstance(game_id, str) or not _ID.match(game_id) or game_id == "index":
            raise SaveError("saves.why.missing", name=str(game_id)[:40])
        return self.games_dir / f"{game_id}.json"

    def _new_id(self) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
        while True:
            game_id = f"{stamp}-{secrets.token_hex(3)}"
            if not os.path.lexists(self.games_dir / f"{game_id}.json"):
                return game_id

    def keep(self, game_id: str | None, record: dict[str, Any], *,
             name: str | None = None) -> str:
        """Write ``record`` as the game ``game_id`` (a new game when None); its id. The name
        and tags the file had are kept unless the record brings its own; a new game is named
        after its game and the time. A file at that place that this store did not write or
        open itself is replayed first, and moved aside (with a notice) if it does not replay.
        SaveError naming the file if the disk refuses."""
        self.begin()
        if game_id is None:
            game_id = self._new_id()
        path = self._path(game_id)
        meta = self._meta.get(game_id, {})
        now = _stamp(path)
        if now is not None and now != self._stamps.get(game_id):
            meta = self._judge_before_writing(game_id, path)
        out = dict(record)
        for key, value in meta.items():
            out.setdefault(key, value)
        if name is not None:  # the player names it (Ctrl+S): a game to keep
            out["name"] = name.strip()[:NAME_CHARS] or default_name(out)
            out["named"] = True
        elif not isinstance(out.get("name"), str) or not out["name"]:
            out["name"] = default_name(out)
        out["saved"] = now_text()
        try:
            write_atomic(path, dumps(out))
        except OSError as error:
            raise os_error(error, path.name, "saves.why.cannot_write") from None
        self._stamps[game_id] = _stamp(path)
        self._meta[game_id] = _meta(out)
        return game_id

    def _judge_before_writing(self, game_id: str, path: Path) -> dict[str, Any]:
        """The name and tags of the file about to be written over, if it replays; else the
        file is moved aside (a notice says where) and nothing of it is kept."""
        record = self._replayed_or_set_aside(path)
        return {} if record is None else _meta(record)

    def open_game(self, game_id: str) -> Opened:
        """A kept game, read and replayed: SaveError naming the file if it cannot be (the
        file is left as it is)."""
        self.begin()
        path = self._path(game_id)
        before = _stamp(path)
        record = decode_record(read_small_file(path), path.name)
        play = judge(record, path.name)
        self._stamps[game_id] = before
        self._meta[game_id] = _meta(record)
        return Opened(game_id, record, play)

    def load_game(self, game_id: str) -> dict[str, Any]:
        """A kept game's record, decoded and checked but not replayed (:meth:`open_game`
        replays it)."""
        self.begin()
        path = self._path(game_id)
        return decode_record(read_small_file(path), path.name)

    def rename(self, game_id: str, name: str) -> None:
        """Give a kept game a new name (the file keeps its id, its date and all it holds)."""
        self.begin()
        path = self._path(game_id)
        judged = _stamp(path) == self._stamps.get(game_id)
        record = self.load_game(game_id)
        record["name"] = name.strip()[:NAME_CHARS]
        record["named"] = True
        try:
            write_atomic(path, dumps(record))
        except OSError as error:
            raise os_error(error, path.name, "saves.why.cannot_write") from None
        self._meta[game_id] = _meta(record)
        if judged:
            self._stamps[game_id] = _stamp(path)

    def delete(self, game_id: str) -> None:
        """Remove a kept game's file (the player asked). SaveError if it is a folder (left as
        it is) or the folder refuses."""
        self.begin()
        path = self._path(game_id)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return
        except OSError as error:
            raise os_error(error, path.name, "saves.why.cannot_delete") from None
        if stat.S_ISDIR(info.st_mode):
            raise SaveError("saves.why.is_folder", name=path.name)
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise os_error(error, path.name, "saves.why.cannot_delete") from None
        self._stamps.pop(game_id, None)
        self._meta.pop(game_id, None)

    def delete_many(self, game_ids: Iterable[str]) -> list[SaveError]:
        """Remove several kept games at once (the player asked once for them all): each file
        that can be removed is, and why each other one could not be comes back (it stays
        listed). The index drops them at the next listing."""
        failed = []
        for game_id in game_ids:
            try:
                self.delete(game_id)
            except SaveError as error:
                failed.append(error)
        return failed

    def old_games(self, days: float = OLD_GAME_DAYS, now: float | None = None) -> list[Entry]:
        """The games "Clear old games" removes: unfinished, the computer playing a side, not
        named by the player, and not played for more than ``days`` days (by the time each
        was last saved; ``now`` in seconds since the epoch). Games between two people,
        finished games, named games and files that cannot be read are never among them."""
        limit = (time.time() if now is None else now) - days * 86400
        out = []
        for entry in self.entries():
            summary = entry.summary
            if summary is None or summary.finished or not summary.computer or summary.named:
                continue
            played = _saved_time(summary.saved, entry.modified)
            if played is not None and played < limit:
                out.append(entry)
        return out

    def entries(self) -> list[Entry]:
        """Every kept game: the unfinished ones first (most recent first), then the finished
        ones (newest first), then the files that cannot be read, each with why (to delete).
        Reads only the files that changed since the index was written."""
        self.begin()
        try:
            listing = [item for item in os.scandir(self.games_dir)
                       if item.name.endswith(".json") and item.name != "index.json"
                       and _ID.match(item.name[:-5])]
        except (FileNotFoundError, NotADirectoryError):
            listing = []
        except OSError as error:
            self._notices.append(os_error(error, self.games_dir.name))
            listing = []
        index = self._read_index(len(listing))
        fresh: dict[str, Any] = {}
        out: list[Entry] = []
        changed = False
        for item in listing:
            game_id = item.name[:-5]
            try:
                info = item.stat()
            except OSError as error:  # a loop of links, a link to nowhere
                reason = os_error(error, item.name)
                out.append(Entry(game_id, None, reason.key, reason))
                changed = True
                continue
            stamp = [info.st_mtime_ns, info.st_size]
            known = index.get(game_id)
            entry = self._cached_entry(game_id, known, stamp, info.st_mtime_ns)
            if entry is not None:
                fresh[game_id] = known
                out.append(entry)
                continue
            changed = True
            try:
                record = decode_record(read_small_file(Path(item.path)), item.name)
                summary = summarize(record, named=player_named(record))
                fresh[game_id] = {"stamp": stamp, "summary": summary.to_json()}
                out.append(Entry(game_id, summary, modified=info.st_mtime_ns))
            except SaveError as error:
                fresh[game_id] = {"stamp": stamp, "summary": None, "why": error.to_json()}
                out.append(Entry(game_id, None, error.key, error, info.st_mtime_ns))
        if changed or len(fresh) != len(index):
            try:
                write_atomic(self.index_path, json.dumps(
                    {"version": INDEX_VERSION, "entries": fresh}, ensure_ascii=False,
                    separators=(",", ":")), sync=False)
            except OSError:
                pass  # the index is a cache: the files are the truth
        return sort_entries(out)

    @staticmethod
    def _cached_entry(game_id: str, known: Any, stamp: list[int], modified: int) -> Entry | None:
        if not isinstance(known, dict) or known.get("stamp") != stamp:
            return None
        try:
            if known.get("summary") is not None:
                return Entry(game_id, Summary.from_json(known["summary"]), modified=modified)
        except RecordError:
            return None
        reason = SaveError.from_json(known.get("why"))
        if reason is None:
            return None
        return Entry(game_id, None, reason.key, reason, modified)

    def _read_index(self, games: int) -> dict[str, Any]:
        """The index, if it is one of ours of a sensible size (looked at before reading);
        else nothing (it is rebuilt)."""
        limit = INDEX_BASE_BYTES + INDEX_BYTES_PER_GAME * games
        try:
            raw = read_small_file(self.index_path, limit)
            data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
        except (SaveError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict) or data.get("version") != INDEX_VERSION \
                or not isinstance(data.get("entries"), dict):
            return {}
        entries: dict[str, Any] = data["entries"]
        return entries

    def unfinished(self) -> list[Entry]:
        """The unfinished games, the most recently played first."""
        return [e for e in self.entries() if e.unfinished]

    def latest_unfinished(self) -> Entry | None:
        """The game Continue resumes: the unfinished game played last; None if there is none."""
        return next((e for e in self.entries() if e.unfinished), None)

    # PDN files -------------------------------------------------------------------------------
    def read_pdn_file(self, path: Path | str) -> list[PdnGame]:
        """The games of a PDN file; SaveError saying what is wrong (and where)."""
        path = Path(path)
        raw = read_small_file(path, MAX_PDN_BYTES)
        return pdn_games(decode_text(raw, path.name), path.name)

    def start_pdn_file(self, path: Path | str) -> PdnReading:
        """A PDN file to read a slice at a time (:class:`PdnReading`): its bytes are read and
        decoded now (the size looked at first), its games as the caller steps it. SaveError
        if the file itself cannot be read."""
        path = Path(path)
        raw = read_small_file(path, MAX_PDN_BYTES)
        return PdnReading(decode_text(raw, path.name), path.name)

    def write_text(self, path: Path | str, text: str) -> None:
        write_atomic(Path(path), text)


def sort_entries(entries: list[Entry]) -> list[Entry]:
    """Unfinished games first, then finished ones, then unreadable files; the most recent
    first in each."""
    out = sorted(entries, key=lambda e: (e.summary.saved if e.summary else "", e.modified,
                                         e.id), reverse=True)
    out.sort(key=lambda e: 0 if e.unfinished else 1 if e.summary is not None else 2)
    return out


def _saved_time(saved: str, modified: int) -> float | None:
    """When a game was last saved, in seconds since the epoch: its record's local time, else
    its file's time; None if neither says."""
    try:
        return time.mktime(time.strptime(saved[:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, OverflowError):
        return modified / 1e9 if modified > 0 else None


def _what(error: OSError) -> str:
    return error.strerror or type(error).__name__


# --- the scenes' hooks -------------------------------------------------------------------------
#: the kept game each play object is written to
_ids: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
#: what was last written (or opened) of each play object: nothing to write while it is the same
_written: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
#: how each play object is shown and tagged (flip_each_move, aim, PDN tags): kept in its file
_views: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def store_for(app: Any) -> Saves | None:
    """The app's game files; None where nothing is kept (screenshots and benchmarks, which
    run on settings kept in memory). What the store has to say is said here, once."""
    store = getattr(app, "saves", None)
    if not isinstance(store, Saves):
        return None
    tell(app, store)
    return store


def tell(app: Any, store: Saves) -> None:
    """Show the store's notices (files moved aside ...) through the app's messages."""
    notify = getattr(app, "notify", None)
    if notify is None:
        return
    for notice in store.take_notices():  # a file moved aside, a folder that cannot be read
        notify(notice.message(), Kind.ERROR)


def remember(play: Any, game_id: str, **view: Any) -> None:
    """``play`` was opened from kept game ``game_id``: every later save goes there."""
    _ids[play] = game_id
    if view:
        _views[play] = {**_views.get(play, {}), **view}


def game_id_of(play: Any) -> str | None:
    """The kept game ``play`` is written to (None: not written yet)."""
    return _ids.get(play)


def opened(play: Any, **view: Any) -> None:
    """``play`` was opened as it is on disk (or from a PDN file, whose ``tags`` the view may
    carry): nothing to write until it changes, so looking at a game never adds it to the Games
    screen nor moves its date."""
    view = {**_views.get(play, {}), **view}
    _views[play] = view
    try:
        _written[play] = dumps(record_of(play, **view))
    except (ValueError, TypeError):
        return


def record_of(play: Any, **view: Any) -> dict[str, Any]:
    from game.play.board_play import BoardPlay

    if isinstance(play, BoardPlay):
        return record_of_board(play, flip_each_move=bool(view.get("flip_each_move")),
                               tags=view.get("tags"))
    return record_of_chapaev(play, aim=view.get("aim"))


def _started(play: Any) -> bool:
    """Whether there is anything to keep: a move made or taken back, a position set up (the
    editor, a pasted FEN), a shot, a match over."""
    from game.play.board_play import BoardPlay

    if isinstance(play, BoardPlay):
        game = play.game
        if game.move_stack or play.redo_stack:
            return True
        return game.starting_fen() != type(game).new(**game.options).starting_fen()
    return bool(play.shots) or bool(play.match.reports) or play.match.is_over


def keep_play(store: Saves, play: BoardPlay | ChapaevPlay, *, name: str | None = None,
              **view: Any) -> str | None:
    """Write ``play`` to its own kept game (made at its first save) if it changed; its id
    (None: nothing to keep yet). OSError or SaveError if the disk refuses."""
    if name is None and not _started(play):
        return _ids.get(play)
    view = {**_views.get(play, {}), **view}
    _views[play] = view
    record = record_of(play, **view)
    text = dumps(record)
    if name is None and _written.get(play) == text and play in _ids:
        return _ids[play]
    if name is None and _written.get(play) == text and play not in _ids:
        return None  # opened (a PDN game, say) and not changed: nothing of the player's yet
    game_id = store.keep(_ids.get(play), record, name=name)
    _ids[play] = game_id
    _written[play] = text
    return game_id


def autosave(app: Any, play: BoardPlay | ChapaevPlay, **view: Any) -> None:
    """Keep the game in play in its own file, finished or not (after every move, on leaving,
    on closing the window). Never raises: a disk that refuses is said once in a message."""
    store = store_for(app)
    if store is None:
        return
    try:
        keep_play(store, play, **view)
    except (OSError, SaveError) as error:
        _warn_once(app, store, error)
    tell(app, store)


def _warn_once(app: Any, store: Saves, error: OSError | SaveError) -> None:
    if store.write_warned:
        return
    store.write_warned = True
    notify = getattr(app, "notify", None)
    if notify is not None:
        notify(tr("saves.write_failed", why=_reason(error)), Kind.ERROR)


def _reason(error: OSError | SaveError) -> str:
    return error.message() if isinstance(error, SaveError) else _what(error)


def save_named(app: Any, play: Any, name: str, **view: Any) -> str | None:
    """Give the game in play a name (Ctrl+S): its own kept file gets it; its id, or None
    (the reason is shown)."""
    store = store_for(app)
    if store is None:
        return None
    try:
        game_id = keep_play(store, play, name=name, **view)
    except (OSError, SaveError) as error:
        app.notify(tr("saves.write_failed", why=_reason(error)), Kind.ERROR)
        return None
    tell(app, store)
    return game_id
