"""Keeping the game on the screen: under a name the player types, or as a PDN file."""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.rules.draughts import DraughtsGame
from game.rules.pdn import write_pdn

if TYPE_CHECKING:
    from game.app import App


def ask_name(app: App, play: Any, **view: Any) -> None:
    """Save the game now, under a name the player types (the name dialog)."""
    record = saves.record_of(play, **view)
    proposed = saves.default_name(record)

    def done(name: str) -> None:
        if saves.save_named(app, play, name or proposed, **view):
            app.notify(tr("saves.saved", name=name or proposed))

    app.routes.push("name", question=tr("saves.name.title"), text=proposed, on_done=done)


def pdn_text(play: BoardPlay) -> str | None:
    """The game as PDN, or None for a game PDN does not hold (Apokachi)."""
    return write_pdn(play.game) if isinstance(play.game, DraughtsGame) else None


def export_pdn(app: App, play: BoardPlay) -> Path | None:
    """Write the game to a PDN file in the data folder's ``exports``; its path."""
    if not isinstance(play.game, DraughtsGame):
        app.notify(tr("saves.pdn_draughts_only"))
        return None
    store = app.saves or saves.Saves()
    path = store.root / "exports" / f"{play.variant}-{time.strftime('%Y%m%d-%H%M%S')}.pdn"
    try:
        store.write_text(path, write_pdn(play.game, {"Date": time.strftime("%Y.%m.%d")}))
    except OSError as error:
        app.notify(tr("saves.write_failed", why=error.strerror or type(error).__name__))
        return None
    app.notify(tr("saves.exported", path=str(path)))
    return path
