"""The only place that reads and writes game files: the game in progress (Continue), the saved
and finished games (the Games screen), PDN files opened or exported.

Files live in the user's data folder (``$SHASHKI_DATA_DIR`` overrides it)::

    current.json        the game in progress, written after every move and on leaving
    games/<id>.json     saved and finished games, one record each (game.play.records)
    games/index.json    what the Games screen lists, rebuilt from the files when stale

Every write goes to a temporary file in the same folder and is renamed over the old one, so
a crash leaves the old file or the new one, never half of one. Every read takes at most
``MAX_BYTES`` from a regular file, decodes JSON and checks it; a damaged, foreign or hostile
file gives a :class:`SaveError` with a message for the player and is left as it is. Nothing
read is ever unpickled or evaluated.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import sys
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.settings import read_regular_file, user_dir, write_atomic
from game.play.records import RecordError, Summary, check_record, record_of_board, \
    record_of_chapaev, summarize

if TYPE_CHECKING:
    from game.play.board_play import BoardPlay
    from game.play.chapaev_play import ChapaevPlay
    from game.rules.pdn import PdnGame

DATA_ENV = "SHASHKI_DATA_DIR"
MAX_BYTES = 8 * 1024 * 1024  # a long Chapaev match is well under a megabyte
MAX_PDN_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 40  # JSON nesting: our records go 6 deep
_ID = re.compile(r"^[a-z0-9-]{1,64}$")
INDEX_VERSION = 1


class SaveError(Exception):
    """Why a game file could not be read or written, as an i18n key and its values."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(f"{key} {values}" if values else key)

    def message(self) -> str:
        return tr(self.key, **self.values)


def data_dir() -> Path:
    """The user's data folder for the game (``$SHASHKI_DATA_DIR`` overrides it)."""
    return user_dir(DATA_ENV, "XDG_DATA_HOME", (".local", "share"))


# --- bytes in, bytes out -------------------------------------------------------------------
def read_small_file(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (opened
    without blocking, so a FIFO or a device in its place is refused, not waited on)."""
    name = Path(path).name
    try:
        return read_regular_file(
            Path(path), limit, lambda: SaveError("saves.why.not_file", name=name),
            lambda kb: SaveError("saves.why.too_big", name=name, kb=kb))
    except FileNotFoundError:
        raise SaveError("saves.why.missing", name=name) from None
    except IsADirectoryError:
        raise SaveError("saves.why.not_file", name=name) from None
    except OSError as error:
        raise SaveError("saves.why.os", name=name,
                        what=error.strerror or type(error).__name__) from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def decode_record(raw: bytes, name: str = "") -> dict[str, Any]:
    """A record from a file's bytes; SaveError for anything else."""
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
    return data


def _depth(text: str) -> int:
    """How deep brackets nest (outside strings, roughly): refuses a bomb before parsing."""
    deepest = depth = 0
    for char in re.sub(r'"(?:[^"\\]|\\.)*"', '""', text[:MAX_BYTES]):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _looks_cut(text: str) -> bool:
    stripped = text.strip()
    return stripped.startswith("{") and not stripped.endswith("}")


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"


def now_text() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime())


# --- the store -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    """A file on the Games screen: its id, and what it shows (None: the file is damaged)."""

    id: str
    summary: Summary | None
    problem: str | None = None  # why the file cannot be read (a message)


class Saves:
    """The game files of one data folder."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self._current_checked = False
        #: where a damaged game in progress was moved before a new one was written
        self.kept_as: Path | None = None
        #: a failed write has been reported (once a run: a full disk is said once)
        self.write_warned = False
        #: a game in progress that cannot be read has been reported
        self.resume_warned = False

    @property
    def current_path(self) -> Path:
        return self.root / "current.json"

    @property
    def games_dir(self) -> Path:
        return self.root / "games"

    @property
    def index_path(self) -> Path:
        return self.games_dir / "index.json"

    # the game in progress ------------------------------------------------------------------
    def save_current(self, record: dict[str, Any]) -> None:
        if not self._current_checked:
            self._keep_damaged_current()
        record = {**record, "saved": now_text()}
        write_atomic(self.current_path, dumps(record))

    def _keep_damaged_current(self) -> None:
        """A game in progress that cannot be read is moved aside, never overwritten."""
        self._current_checked = True
        try:
            self.load_current()
        except SaveError:
            if not self.current_path.is_file():
                return  # a folder or a device in the way: the write fails and says so
            n = 1
            aside = self.current_path.with_name("current.damaged.json")
            while aside.exists():
                n += 1
                aside = self.current_path.with_name(f"current.damaged-{n}.json")
            os.rename(self.current_path, aside)
            self.kept_as = aside

    def load_current(self) -> dict[str, Any] | None:
        """The game in progress, None if there is none; SaveError if its file is damaged."""
        if not self.current_path.exists() and not self.current_path.is_symlink():
            return None
        return decode_record(read_small_file(self.current_path), self.current_path.name)

    def clear_current(self) -> None:
        try:
            os.unlink(self.current_path)
        except FileNotFoundError:
            pass

    # saved and finished games --------------------------------------------------------------
    def _path(self, game_id: str) -> Path:
        if not _ID.match(game_id) or game_id == "index":
            raise SaveError("saves.why.missing", name=game_id[:40])
        return self.games_dir / f"{game_id}.json"

    def add_game(self, record: dict[str, Any], name: str) -> str:
        """Keep ``record`` under ``name`` as a new saved game; its id."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
        game_id = f"{stamp}-{secrets.token_hex(3)}"
        self.write_game(game_id, {**record, "name": name})
        return game_id

    def write_game(self, game_id: str, record: dict[str, Any]) -> None:
        record = {**record, "saved": now_text()}
        write_atomic(self._path(game_id), dumps(record))

    def load_game(self, game_id: str) -> dict[str, Any]:
        path = self._path(game_id)
        return decode_record(read_small_file(path), path.name)

    def rename(self, game_id: str, name: str) -> None:
        """Give a saved game a new name (the file itself keeps its id and date)."""
        record = self.load_game(game_id)
        record["name"] = name.strip()[:120]
        write_atomic(self._path(game_id), dumps(record))

    def delete(self, game_id: str) -> None:
        try:
            os.unlink(self._path(game_id))
        except FileNotFoundError:
            pass

    def entries(self) -> list[Entry]:
        """Every saved game, newest first. Reads only the files that changed since the index
        was written; a damaged file is listed with why, so it can be deleted."""
        index = self._read_index()
        fresh: dict[str, Any] = {}
        out: list[Entry] = []
        changed = False
        try:
            listing = list(os.scandir(self.games_dir))
        except (FileNotFoundError, NotADirectoryError):
            listing = []
        for item in listing:
            name = item.name
            if not name.endswith(".json") or name == "index.json" or not _ID.match(name[:-5]):
                continue
            game_id = name[:-5]
            try:
                info = item.stat()
            except OSError:
                continue
            stamp = [info.st_mtime_ns, info.st_size]
            known = index.get(game_id)
            if isinstance(known, dict) and known.get("stamp") == stamp:
                try:
                    summary = Summary.from_json(known.get("summary")) \
                        if known.get("summary") is not None else None
                    fresh[game_id] = known
                    out.append(Entry(game_id, summary, known.get("problem")))
                    continue
                except RecordError:
                    pass
            changed = True
            try:
                record = decode_record(read_small_file(Path(item.path)), name)
                summary = summarize(record)
                fresh[game_id] = {"stamp": stamp, "summary": summary.to_json()}
                out.append(Entry(game_id, summary))
            except SaveError as error:
                fresh[game_id] = {"stamp": stamp, "summary": None, "problem": error.key}
                out.append(Entry(game_id, None, error.key))
        if changed or len(fresh) != len(index):
            try:
                write_atomic(self.index_path, json.dumps(
                    {"version": INDEX_VERSION, "entries": fresh}, ensure_ascii=False,
                    separators=(",", ":")), sync=False)
            except OSError:
                pass  # the index is a cache: the files are the truth
        out.sort(key=lambda e: (e.summary.saved if e.summary else "", e.id), reverse=True)
        return out

    def _read_index(self) -> dict[str, Any]:
        try:
            raw = read_small_file(self.index_path, 64 * MAX_BYTES)
            data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
        except (SaveError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict) or data.get("version") != INDEX_VERSION \
                or not isinstance(data.get("entries"), dict):
            return {}
        return data["entries"]

    # PDN files -------------------------------------------------------------------------------
    def read_pdn_file(self, path: Path | str) -> list[PdnGame]:
        """The games of a PDN file; SaveError saying what is wrong (and where)."""
        from game.rules.core import NotationError
        from game.rules.pdn import read_pdn

        path = Path(path)
        raw = read_small_file(path, MAX_PDN_BYTES)
        text = decode_text(raw, path.name)
        try:
            games = read_pdn(text)
        except NotationError as error:
            raise SaveError("saves.why.pdn", name=path.name, why=str(error)) from None
        except RecursionError:
            raise SaveError("saves.why.malformed", name=path.name) from None
        if not games:
            raise SaveError("saves.why.no_games", name=path.name)
        return games

    def write_text(self, path: Path | str, text: str) -> None:
        write_atomic(Path(path), text)


def decode_text(raw: bytes, name: str = "") -> str:
    """A text file's bytes as text: UTF-8 (with or without a BOM), else Windows-1251, the
    encoding older Russian programs write."""
    if b"\x00" in raw[:4096]:
        raise SaveError("saves.why.binary", name=name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1251", errors="replace")


# --- the scenes' hooks -------------------------------------------------------------------------
_written: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_finished_ids: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def store_for(app: Any) -> Saves | None:
    """The app's game files; None where nothing is kept (screenshots and benchmarks, which
    run on settings kept in memory)."""
    store = getattr(app, "saves", None)
    return store if isinstance(store, Saves) else None


def remember(play: Any, game_id: str) -> None:
    """``play`` was opened from saved game ``game_id``: its end is written back there."""
    _finished_ids[play] = game_id


def opened(play: Any, **view: Any) -> None:
    """``play`` was opened as it is on disk (or from a PDN file): nothing to write until it
    changes, so looking at a game never adds it to the Games screen nor moves its date."""
    try:
        _written[play] = dumps(record_of(play, **view))
    except (ValueError, TypeError):
        pass


def record_of(play: Any, **view: Any) -> dict[str, Any]:
    from game.play.board_play import BoardPlay

    if isinstance(play, BoardPlay):
        return record_of_board(play, flip_each_move=bool(view.get("flip_each_move")),
                               tags=view.get("tags"))
    return record_of_chapaev(play, aim=view.get("aim"))


def _started(play: Any) -> bool:
    from game.play.board_play import BoardPlay

    if isinstance(play, BoardPlay):
        return bool(play.game.move_stack) or bool(play.redo_stack)
    return bool(play.shots) or bool(play.match.reports) or play.match.is_over


def autosave(app: Any, play: BoardPlay | ChapaevPlay, **view: Any) -> None:
    """Keep the game in play: an unfinished one as the game to continue, a finished one
    among the saved games (once; later changes update that file). Never raises: a disk that
    refuses is said once in a message."""
    store = store_for(app)
    if store is None or not _started(play):
        return
    try:
        record = record_of(play, **view)
        text = dumps(record)
        if _written.get(play) == text:
            return
        if record["finished"]:
            game_id = _finished_ids.get(play)
            name = default_name(record)
            if game_id is None:
                _finished_ids[play] = store.add_game(record, name)
            else:
                try:
                    name = str(store.load_game(game_id).get("name") or name)
                except SaveError:
                    pass
                store.write_game(game_id, {**record, "name": name})
            store.clear_current()
        else:
            store.save_current(record)
        _written[play] = text
    except (OSError, SaveError) as error:
        if store.write_warned:
            return
        store.write_warned = True
        reason = error.message() if isinstance(error, SaveError) else \
            (error.strerror or type(error).__name__)
        notify = getattr(app, "notify", None)
        if notify is not None:
            notify(tr("saves.write_failed", why=reason))


def save_named(app: Any, play: Any, name: str, **view: Any) -> str | None:
    """Keep the game now under ``name``; its id, or None (the reason is shown)."""
    store = store_for(app)
    if store is None:
        return None
    try:
        game_id = store.add_game(record_of(play, **view), name)
    except (OSError, SaveError) as error:
        reason = error.message() if isinstance(error, SaveError) else \
            (error.strerror or type(error).__name__)
        app.notify(tr("saves.write_failed", why=reason))
        return None
    _finished_ids[play] = game_id
    return game_id


def default_name(record: dict[str, Any]) -> str:
    return f"{tr('game.' + record['game'])}, {time.strftime('%d.%m.%Y %H:%M')}"
