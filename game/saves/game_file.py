"""A game in play as its kept file (:class:`GameFile`), owned by the screen that plays it, and
the screens' calls that keep it (after every move, on leaving, under a name)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import tr
from game.notices import Kind
from game.play.records import record_of
from game.saves.files import SaveError, dumps, what_failed
from game.saves.store import Saves

if TYPE_CHECKING:
    from game.play.protocol import Play


class Host(Protocol):
    """What the store needs of the application: its game files (None where nothing is kept:
    screenshots and benchmarks run on settings kept in memory) and its messages."""

    saves: Saves | None

    def notify(self, message: str, kind: Kind = Kind.NOTICE) -> None: ...


@dataclass(slots=True)
class GameFile:
    """A game in play as its kept file: the id it is written under (None until its first
    save), the text last written or opened (nothing to write while the game is the same), and
    how it is shown and tagged (``flip_each_move``, ``aim``, PDN ``tags``), kept in the file.
    Held beside the play object by the screen that plays it; the route that opens a kept game
    hands it in."""

    id: str | None = None
    written: str | None = None
    view: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def kept(cls, game_id: str, **view: Any) -> GameFile:
        """The file of kept game ``game_id`` (opened from it): every later save goes there."""
        return cls(game_id, None, dict(view))

    def opened(self, play: Play, **view: Any) -> GameFile:
        """``play`` was opened as it is on disk (or from a PDN file, whose ``tags`` the view
        may carry): nothing to write until it changes, so looking at a game never adds it to
        the Games screen nor moves its date. Itself, for a route's one-liner."""
        self.view = {**self.view, **view}
        try:
            self.written = dumps(record_of(play, **self.view))
        except (ValueError, TypeError):
            pass
        return self

    def keep(self, store: Saves, play: Play, *, name: str | None = None,
             **view: Any) -> str | None:
        """Write ``play`` to its own kept game (made at its first save) if it changed; its id
        (None: nothing to keep yet). OSError or SaveError if the disk refuses."""
        if name is None and not play.started:
            return self.id
        self.view = {**self.view, **view}
        record = record_of(play, **self.view)
        text = dumps(record)
        if name is None and self.written == text:
            # the same as on disk; opened (a PDN game, say) and not changed: nothing of the
            # player's yet
            return self.id
        self.id = store.keep(self.id, record, name=name)
        self.written = text
        return self.id


def store_for(app: Host) -> Saves | None:
    """The app's game files; None where nothing is kept (screenshots and benchmarks, which
    run on settings kept in memory). What the store has to say is said here, once."""
    store = getattr(app, "saves", None)
    if not isinstance(store, Saves):
        return None
    tell(app, store)
    return store


def tell(app: Host, store: Saves) -> None:
    """Show the store's notices (files moved aside ...) through the app's messages."""
    for notice in store.take_notices():  # a file moved aside, a folder that cannot be read
        app.notify(notice.message(), Kind.ERROR)


def autosave(app: Host, play: Play, file: GameFile, **view: Any) -> None:
    """Keep the game in play in its own file, finished or not (after every move, on leaving,
    on closing the window). Never raises: a disk that refuses is said once in a message."""
    store = store_for(app)
    if store is None:
        return
    try:
        file.keep(store, play, **view)
    except (OSError, SaveError) as error:
        _warn_once(app, store, error)
    tell(app, store)


def _warn_once(app: Host, store: Saves, error: OSError | SaveError) -> None:
    if store.write_warned:
        return
    store.write_warned = True
    app.notify(tr("saves.write_failed", why=_reason(error)), Kind.ERROR)


def _reason(error: OSError | SaveError) -> str:
    return error.message() if isinstance(error, SaveError) else what_failed(error)


def save_named(app: Host, play: Play, file: GameFile, name: str,
               **view: Any) -> str | None:
    """Give the game in play a name (Ctrl+S): its own kept file gets it; its id, or None
    (the reason is shown)."""
    store = store_for(app)
    if store is None:
        return None
    try:
        game_id = file.keep(store, play, name=name, **view)
    except (OSError, SaveError) as error:
        app.notify(tr("saves.write_failed", why=_reason(error)), Kind.ERROR)
        return None
    tell(app, store)
    return game_id
