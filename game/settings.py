"""The player's settings and the file they live in.

A missing file is a first start: the defaults, and nothing to say. An unreadable or malformed
file gives the defaults and a message, and is never lost: it stays as it is until the player
changes a setting, and then it is moved aside (``settings.json.damaged``) before the new file is
written, always through a temporary file and a rename, so a crash can never leave it
half-written.
"""
from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from game.i18n import LANGUAGES, default_language, tr

CONFIG_ENV = "SHASHKI_CONFIG_DIR"
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; more is not ours
QUOTE_CHARS = 40  # how much of a bad value a message repeats
VOLUMES: tuple[int, ...] = (25, 50, 75, 100)
#: the search's memory (its transposition table), megabytes: the choices a player has
ENGINE_MEMORY_CHOICES: tuple[int, ...] = (64, 128, 256, 512, 1024)
ENGINE_MEMORY_DEFAULT = 256
#: a remembered setup: at most this many games, options a game, characters a text value
MAX_SETUPS = 32
MAX_SETUP_VALUES = 32
MAX_SETUP_TEXT = 64
#: a window size or place outside this range is not a window's
MAX_WINDOW_COORD = 100_000

#: a value a remembered setup may hold (what JSON writes and reads back as itself)
SetupValue = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class WindowPlace:
    """Where the window was when it was closed: its size, its place on the desktop (None
    where the system does not say), and the display it was on (index, and that display's
    size then, so a display that is gone or changed is noticed)."""

    size: tuple[int, int]
    position: tuple[int, int] | None = None
    display: int = 0
    display_size: tuple[int, int] | None = None
    maximized: bool = False

    def to_json(self) -> dict[str, object]:
        return {"size": list(self.size),
                "position": None if self.position is None else list(self.position),
                "display": self.display,
                "display_size": None if self.display_size is None else list(self.display_size),
                "maximized": self.maximized}


@dataclass(frozen=True, slots=True)
class OutsideEngine:
    """An engine of another program's that speaks Hub (Scan), as the player chose it: the
    command that starts it, its name and the Hub variants it said it plays (checked when
    it was chosen)."""

    command: tuple[str, ...]
    name: str
    variants: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"command": list(self.command), "name": self.name,
                "variants": list(self.variants)}


def default_ponder() -> bool:
    """Thinking on the player's time keeps a core busy: by default only where a core is to
    spare for it (more than two), never on a two-core laptop."""
    return (os.cpu_count() or 1) > 2


def machine_cores() -> int:
    """The processor cores this machine has (at least one)."""
    return max(1, os.cpu_count() or 1)


def default_search_processes() -> int:
    """The computer's search runs on two cores where there are two or more."""
    return min(2, machine_cores())


@dataclass(frozen=True, slots=True)
class Settings:
    fullscreen: bool = False
    sound: bool = True  # False: muted
    language: str = "ru"
    volume: int = 75  # per cent, one of VOLUMES
    #: the square numbers on the boards that name squares by number (N), across games and runs
    square_numbers: bool = False
    #: the window's size and place when it was last closed (None: never yet)
    window: WindowPlace | None = None
    #: each game's last setup (game key -> option name -> value): the next setup's defaults;
    #: the setup screens check every value against their own choices
    setups: dict[str, dict[str, SetupValue]] = field(default_factory=dict)
    #: the strongest level thinks on the player's time too (one core busy)
    ponder: bool = field(default_factory=default_ponder)
    #: the megabytes the computer's search may keep (its transposition table)
    engine_memory: int = ENGINE_MEMORY_DEFAULT
    #: how many processes (cores) the strong levels' search may use, 1 to the machine's cores
    search_processes: int = field(default_factory=default_search_processes)
    #: the coach's comments in the review and with the advice, and whether they include the
    #: opening principles (False: only the combinations)
    coach: bool = True
    coach_principles: bool = True
    #: an outside engine (Scan) a game's setup offers as the opponent (None: none chosen)
    hub_engine: OutsideEngine | None = None
    #: the review's analysis by that engine (where it plays the game) instead of ours
    hub_analysis: bool = False
    #: play a friend anywhere: a self-hosted mailbox server (ws://host:port/v1) and transit
    #: relay (tcp:host:port) instead of the public ones ("": the public one)
    wormhole_mailbox: str = ""
    wormhole_relay: str = ""

    def with_(self, **changes: object) -> Settings:
        return replace(self, **changes)  # type: ignore[arg-type]

    def with_setup(self, game: str, values: dict[str, SetupValue]) -> Settings:
        """These settings with ``game``'s last setup replaced by ``values``."""
        setups = {key: dict(value) for key, value in self.setups.items() if key != game}
        setups[game] = dict(values)
        return replace(self, setups=setups)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {}
        for item in fields(Settings):
            value = getattr(self, item.name)
            data[item.name] = value.to_json() if isinstance(value, (WindowPlace, OutsideEngine)) \
                else value
        return data


def user_dir(override_env: str, xdg_env: str, xdg_default: tuple[str, ...]) -> Path:
    """A folder of the game's in the user's home, by the platform's convention: Windows
    ``%APPDATA%\\Shashki``, macOS ``~/Library/Application Support/Shashki``, elsewhere
    ``$XDG_…/shashki``; the environment variable ``override_env`` overrides it."""
    override = os.environ.get(override_env)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
        return base / "Shashki"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Shashki"
    return Path(os.environ.get(xdg_env) or Path.home().joinpath(*xdg_default)) / "shashki"


def config_dir() -> Path:
    """The user's configuration folder for the game (``$SHASHKI_CONFIG_DIR`` overrides it)."""
    return user_dir(CONFIG_ENV, "XDG_CONFIG_HOME", (".config",))


class SettingsError(ValueError):
    """What is wrong with a settings file, as an i18n key and its values (``str``: English)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(_english(key, values))

    def message(self) -> str:
        """The reason in the current language."""
        return tr(self.key, **self.values)


def _english(key: str, values: dict[str, object]) -> str:
    from game.i18n import STRINGS

    return STRINGS[key]["en"].format(**values)


@dataclass(frozen=True, slots=True)
class LoadResult:
    settings: Settings
    problem: str | None = None  # an i18n key: settings.unreadable / settings.malformed
    reason: SettingsError | None = None  # what exactly, for the message
    first_start: bool = False  # there was no file: nothing is wrong

    @property
    def detail(self) -> str:
        return str(self.reason) if self.reason is not None else ""

    def message(self) -> str | None:
        """The notice for the player in the current language, or None when all is well."""
        if self.problem is None:
            return None
        why = self.reason.message() if self.reason is not None else ""
        return tr(self.problem, why=why)


@dataclass(slots=True)
class SettingsStore:
    """Loads and saves :class:`Settings` as JSON in one file."""

    path: Path = field(default_factory=lambda: config_dir() / "settings.json")
    #: the file found at load was damaged: keep it aside before the first save
    damaged: bool = False
    #: where a damaged file was moved by the last save, if it was
    kept_as: Path | None = None

    def load(self) -> LoadResult:
        defaults = Settings(language=default_language())
        self.damaged = False
        remove_leftovers(self.path.parent, {self.path.stem})  # a write cut short last time
        try:
            raw = _read_small_regular_file(self.path)
        except FileNotFoundError:
            return LoadResult(defaults, first_start=True)
        except SettingsError as error:
            self.damaged = True
            return LoadResult(defaults, "settings.unreadable", error)
        except OSError as error:
            self.damaged = True
            return LoadResult(defaults, "settings.unreadable", _os_reason(error))
        try:
            text = raw.decode("utf-8-sig")  # Notepad saves UTF-8 with a byte-order mark
        except UnicodeDecodeError:
            self.damaged = True
            return LoadResult(defaults, "settings.unreadable", SettingsError("settings.why.encoding"))
        try:
            return LoadResult(parse_settings(text, defaults))
        except SettingsError as error:
            self.damaged = True
            return LoadResult(defaults, "settings.malformed", error)

    def save(self, settings: Settings) -> None:
        """Write atomically: a temporary file in the same folder, then a rename over the old.

        A damaged file found at load is first renamed aside, never overwritten.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False) + "\n"
        if self.damaged:
            self._keep_damaged()
        write_atomic(self.path, text)

    def _keep_damaged(self) -> None:
        try:
            info = os.lstat(self.path)
        except FileNotFoundError:
            self.damaged = False
            return
        if stat.S_ISDIR(info.st_mode):
            return  # a folder in the way: the save fails and says so, nothing is moved
        aside = self.path.with_name(self.path.name + ".damaged")
        n = 1
        while aside.exists() or aside.is_symlink():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{n}")
        os.rename(self.path, aside)
        self.kept_as = aside
        self.damaged = False


class MemoryStore(SettingsStore):
    """Settings that never touch the disk (screenshots, benchmarks): defaults in, nothing out."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__(Path(os.devnull))
        self._settings = settings

    def load(self) -> LoadResult:
        return LoadResult(self._settings or Settings(language=default_language()))

    def save(self, settings: Settings) -> None:
        self._settings = settings


#: a temporary file of :func:`write_atomic`: ``.<name>.<pid>.<random>.tmp``; older versions
#: wrote ``.<name>-<random>.tmp`` (no process id)
_TEMP = re.compile(r"^\.(?P<stem>.+?)(?:\.(?P<pid>[0-9]{1,10})\.|-)[a-z0-9_]{8}\.tmp$")
#: how old a temporary file must be before it is taken for a leftover where the process that
#: wrote it cannot be asked about (Windows, the old names without a process id)
TEMP_AGE = 30.0


def write_atomic(path: Path, text: str, *, sync: bool = True) -> None:
    """Write through a temporary file in the same folder and a rename over ``path``. The
    temporary file's name carries the writer's process id, so the next start can tell a
    leftover of a killed program from a file another running copy is writing
    (:func:`remove_leftovers`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.stem}.{os.getpid()}.", suffix=".tmp",
                                    dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def remove_leftovers(folder: Path, stems: Collection[str] | None = None) -> list[str]:
    """Remove the temporary files :func:`write_atomic` left in ``folder`` when the program
    was killed in the middle of a write (only for files named ``stems``, or any); the names
    removed. A file whose writer is still running (another copy of the game) is left alone."""
    removed: list[str] = []
    try:
        items = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for item in items:
        match = _TEMP.match(item.name)
        if match is None or (stems is not None and match.group("stem") not in stems):
            continue
        try:
            info = item.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            pid = match.group("pid")
            if pid is None or not _can_ask(int(pid)):
                if now - info.st_mtime < TEMP_AGE:
                    continue
            elif _running(int(pid)):
                continue
            os.unlink(item.path)
            removed.append(item.name)
        except OSError:
            continue  # a read-only folder: the file stays, harmless
    return removed


def _can_ask(pid: int) -> bool:
    return os.name == "posix" and pid > 0


def _running(pid: int) -> bool:
    """Whether process ``pid`` lives (POSIX: signal 0 asks without touching it)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but is not ours to signal
    return True


def read_regular_file(path: Path, limit: int, not_file: Callable[[], Exception],
                      too_big: Callable[[int], Exception]) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; else the
    caller's own error (``too_big`` gets the size in bytes). OSError passes through.

    Opened without blocking and checked after opening, so a FIFO or a device in its place is
    refused instead of hanging the game. (Settings and saved games both read this way.)
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise not_file()
        if info.st_size > limit:
            raise too_big(info.st_size)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:  # it grew while we read
            raise too_big(len(data))
        return data
    finally:
        os.close(fd)


def _read_small_regular_file(path: Path) -> bytes:
    return read_regular_file(path, MAX_BYTES, lambda: SettingsError("settings.why.not_file"),
                             lambda size: SettingsError("settings.why.too_big",
                                                        kb=(size + 1023) // 1024))


def parse_settings(raw: str, defaults: Settings) -> Settings:
    """Settings from JSON text; raises SettingsError (a ValueError) naming what is wrong."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise SettingsError("settings.why.not_json", line=error.lineno) from None
    except RecursionError:  # "[[[[…" nested deeper than the parser's stack
        raise SettingsError("settings.why.too_deep") from None
    except ValueError:  # e.g. a number with more digits than Python converts
        raise SettingsError("settings.why.not_json", line="?") from None
    if not isinstance(data, dict):
        raise SettingsError("settings.why.not_object")
    values: dict[str, object] = {}
    for item in fields(Settings):
        if item.name not in data:
            continue
        value = data[item.name]
        special = _SPECIAL.get(item.name)
        if special is not None:
            values[item.name] = special(item.name, value)
            continue
        expected = type(getattr(defaults, item.name))
        if type(value) is not expected:
            raise SettingsError("settings.why.wrong_type", name=item.name,
                                value=quote(value))
        values[item.name] = value
    language = values.get("language", defaults.language)
    if language not in LANGUAGES:
        raise SettingsError("settings.why.language", value=quote(language))
    volume = values.get("volume", defaults.volume)
    if volume not in VOLUMES:
        # a hand-edited volume is taken to the nearest step, not refused
        values["volume"] = min(VOLUMES, key=lambda v: abs(v - int(volume)))  # type: ignore[call-overload]
    memory = values.get("engine_memory", defaults.engine_memory)
    if memory not in ENGINE_MEMORY_CHOICES:
        # a hand-edited size is taken to the nearest choice, not refused
        values["engine_memory"] = min(ENGINE_MEMORY_CHOICES,
                                      key=lambda v: abs(v - int(memory)))  # type: ignore[call-overload]
    processes = values.get("search_processes")
    if isinstance(processes, int):
        # written on another machine, or by hand: within one and this machine's cores
        values["search_processes"] = max(1, min(machine_cores(), processes))
    return defaults.with_(**values)


def _pair(name: str, value: object, low: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(v) is int and low <= v <= MAX_WINDOW_COORD for v in value)):
        raise SettingsError("settings.why.wrong_type", name=name, value=quote(value))
    return value[0], value[1]


def _window(name: str, value: object) -> WindowPlace | None:
    """A remembered window place; anything that is not one is refused with its name."""
    if value is None:
        return None
    if not isinstance(value, dict) or "size" not in value:
        raise SettingsError("settings.why.wrong_type", name=name, value=quote(value))
    size = _pair(f"{name}.size", value["size"], 1)
    position = value.get("position")
    place = None if position is None else _pair(f"{name}.position", position, -MAX_WINDOW_COORD)
    display = value.get("display", 0)
    if type(display) is not int or not 0 <= display < 64:
        raise SettingsError("settings.why.wrong_type", name=f"{name}.display",
                            value=quote(display))
    display_size = value.get("display_size")
    on = None if display_size is None else _pair(f"{name}.display_size", display_size, 1)
    maximized = value.get("maximized", False)
    if type(maximized) is not bool:
        raise SettingsError("settings.why.wrong_type", name=f"{name}.maximized",
                            value=quote(maximized))
    return WindowPlace(size, place, display, on, maximized)


def _setups(name: str, value: object) -> dict[str, dict[str, SetupValue]]:
    """The remembered setups: a game key -> option name -> a plain value. Their meaning is
    the setup screens' to check; here only their shape and size."""
    if not isinstance(value, dict) or len(value) > MAX_SETUPS:
        raise SettingsError("settings.why.wrong_type", name=name, value=quote(value))
    setups: dict[str, dict[str, SetupValue]] = {}
    for game, options in value.items():
        if not isinstance(options, dict) or len(options) > MAX_SETUP_VALUES:
            raise SettingsError("settings.why.wrong_type", name=f"{name}.{game}",
                                value=quote(options))
        kept: dict[str, SetupValue] = {}
        for option, choice in options.items():
            if (choice is None or isinstance(choice, (bool, int, float))
                    or (isinstance(choice, str) and len(choice) <= MAX_SETUP_TEXT)):
                if isinstance(choice, float) and choice != choice:  # NaN is nobody's choice
                    continue
                kept[str(option)[:MAX_SETUP_TEXT]] = choice
        setups[str(game)[:MAX_SETUP_TEXT]] = kept
    return setups


def _words(value: object, most: int, longest: int) -> tuple[str, ...] | None:
    if not isinstance(value, list) or len(value) > most or not all(
            isinstance(w, str) and 0 < len(w) <= longest for w in value):
        return None
    return tuple(value)


def _outside_engine(name: str, value: object) -> OutsideEngine | None:
    """The outside engine chosen: a command (words), a name and the variants it plays."""
    if value is None:
        return None
    if isinstance(value, dict):
        command = _words(value.get("command"), 64, 400)
        variants = _words(value.get("variants", []), 16, 20)
        title = value.get("name", "")
        if command and variants is not None and isinstance(title, str) and len(title) <= 40:
            # a hand-edited name is drawn: nothing of it that is not printable
            return OutsideEngine(command, "".join(c for c in title if c.isprintable()),
                                 variants)
    raise SettingsError("settings.why.wrong_type", name=name, value=quote(value))


def _server(name: str, value: object) -> str:
    """A server's address as kept (any short printable text: the screen that uses it checks
    its form and takes the public server for one that is no address)."""
    if not isinstance(value, str) or len(value) > 300 or not value.isprintable():
        raise SettingsError("settings.why.wrong_type", name=name, value=quote(value))
    return value


_SPECIAL: dict[str, Callable[[str, object], object]] = {"window": _window, "setups": _setups,
                                                        "hub_engine": _outside_engine,
                                                        "wormhole_mailbox": _server,
                                                        "wormhole_relay": _server}


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)`` cut to ``limit`` characters: a message repeats a bad value, not a book."""
    try:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def _os_reason(error: OSError) -> SettingsError:
    if isinstance(error, PermissionError):
        return SettingsError("settings.why.permission")
    if isinstance(error, IsADirectoryError):
        return SettingsError("settings.why.not_file")
    return SettingsError("settings.why.os", what=type(error).__name__)
