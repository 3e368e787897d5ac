"""The player's settings and the file they live in.

A missing, unreadable or malformed file gives the defaults and a message; the file is written
only when the player changes a setting, and always through a temporary file and a rename, so a
crash can never leave it half-written.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from game.i18n import LANGUAGES, default_language

CONFIG_ENV = "SHASHKI_CONFIG_DIR"


@dataclass(frozen=True, slots=True)
class Settings:
    fullscreen: bool = False
    sound: bool = True
    language: str = "ru"

    def with_(self, **changes: object) -> Settings:
        return replace(self, **changes)  # type: ignore[arg-type]


def config_dir() -> Path:
    """The user's configuration folder for the game (``$SHASHKI_CONFIG_DIR`` overrides it)."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
        return base / "Shashki"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Shashki"
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "shashki"


@dataclass(frozen=True, slots=True)
class LoadResult:
    settings: Settings
    problem: str | None = None  # an i18n key: settings.missing / unreadable / malformed
    detail: str = ""


class SettingsStore:
    """Loads and saves :class:`Settings` as JSON in one file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / "settings.json"

    def load(self) -> LoadResult:
        defaults = Settings(language=default_language())
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return LoadResult(defaults, "settings.missing")
        except (OSError, UnicodeDecodeError) as error:
            return LoadResult(defaults, "settings.unreadable", _short(error))
        try:
            return LoadResult(parse_settings(raw, defaults))
        except ValueError as error:
            return LoadResult(defaults, "settings.malformed", str(error))

    def save(self, settings: Settings) -> None:
        """Write atomically: a temporary file in the same folder, then a rename over the old."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(asdict(settings), indent=2, ensure_ascii=False) + "\n"
        handle, temp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, self.path)
        except BaseException:
            try:
                os.unlink(temp)
            except OSError:
                pass
            raise


def parse_settings(raw: str, defaults: Settings) -> Settings:
    """Settings from JSON text; raises ValueError naming what is wrong."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error.msg} at line {error.lineno}") from None
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    values: dict[str, object] = {}
    for field in fields(Settings):
        if field.name not in data:
            continue
        value = data[field.name]
        expected = type(getattr(defaults, field.name))
        if type(value) is not expected:
            raise ValueError(f"{field.name} should be {expected.__name__}, not {value!r}")
        values[field.name] = value
    language = values.get("language", defaults.language)
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    return defaults.with_(**values)


def _short(error: BaseException) -> str:
    return getattr(error, "strerror", None) or type(error).__name__
