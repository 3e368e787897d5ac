"""The game files of one data folder: every game kept, written atomically under its own id,
judged before a file this store did not write is written over, listed for the Games screen
through an index that is only a cache; PDN files read and exported."""
from __future__ import annotations

import json
import os
import secrets
import stat
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.play.record_format import RecordError
from game.play.records import Summary, summarize
from game.saves.files import (
    ID_PATTERN,
    INDEX_BASE_BYTES,
    INDEX_BYTES_PER_GAME,
    INDEX_VERSION,
    MAX_PDN_BYTES,
    NAME_CHARS,
    OLD_GAME_DAYS,
    SaveError,
    data_dir,
    decode_record,
    default_name,
    dumps,
    judge,
    now_text,
    os_error,
    player_named,
    read_small_file,
    refuse_constant,
    what_failed,
)
from game.saves.listing import Entry, Opened, saved_time, sort_entries
from game.saves.outside import PdnReading, decode_text, pdn_games
from game.saves.replaying import Replaying
from game.settings import remove_leftovers, write_atomic

if TYPE_CHECKING:
    from game.rules.pdn import PdnGame


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
                                           what=what_failed(failure)))
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
                                what=what_failed(failure)) from None
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
        if not isinstance(game_id, str) or not ID_PATTERN.match(game_id) or game_id == "index":
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
        """A kept game, read and replayed here and now: SaveError naming the file if it
        cannot be (the file is left as it is)."""
        replaying = self.begin_open(game_id)
        replaying.run()
        return self.opened(replaying)

    def begin_open(self, game_id: str) -> Replaying:
        """A kept game to read and replay (:meth:`Replaying.start` in a thread, or
        :meth:`Replaying.run`), then taken with :meth:`opened`. SaveError at once if the id
        is not one of a kept game."""
        self.begin()
        path = self._path(game_id)
        return Replaying(path.name, path=path, game_id=game_id, stamp=_stamp(path))

    def opened(self, replaying: Replaying) -> Opened:
        """The kept game :meth:`begin_open` began, replayed (SaveError if it cannot be); from
        now on the store writes over its file without judging it again, and keeps its name
        and tags through every later save."""
        game_id = replaying.game_id
        if game_id is None:
            raise ValueError("opened: not a kept game")
        record, play = replaying.result()
        self._stamps[game_id] = replaying.stamp
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
            played = saved_time(summary.saved, entry.modified)
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
                       and ID_PATTERN.match(item.name[:-5])]
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
            data = json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
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

    def start_pdn_file(self, path: Path | str, prefer: str | None = None) -> PdnReading:
        """A PDN file to read a slice at a time (:class:`PdnReading`): its bytes are read and
        decoded now (the size looked at first), its games as the caller steps it. SaveError
        if the file itself cannot be read. ``prefer``: the game a game that does not name
        its own is read as first (the game on the screen it was dropped on)."""
        path = Path(path)
        raw = read_small_file(path, MAX_PDN_BYTES)
        return PdnReading(decode_text(raw, path.name), path.name, prefer=prefer)

    def write_text(self, path: Path | str, text: str) -> None:
        write_atomic(Path(path), text)
