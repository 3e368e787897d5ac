"""Keeping the game on the screen: under a name the player types, or as a PDN file."""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.i18n import template, tr
from game.notices import Kind
from game.play.board_pdn import board_pdn
from game.play.board_play import BoardPlay
from game.rules.draughts import DraughtsGame

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.play.protocol import Play


def ask_name(app: AppLike, play: Play, file: saves.GameFile, **view: Any) -> None:
    """Save the game now, under a name the player types (the name dialog); ``file``: the
    game's kept file, which gets the name."""
    record = saves.record_of(play, **{**file.view, **view})
    proposed = saves.default_name(record)

    def done(name: str) -> None:
        if saves.save_named(app, play, file, name or proposed, **view):
            app.notify(tr("saves.saved", name=name or proposed))

    app.routes.push("name", question=tr("saves.name.title"), text=proposed, on_done=done)


def pdn_text(play: BoardPlay) -> str | None:
    """The game as PDN with its players (in the player's language: "Компьютер, уровень 3")
    and the day it began; None for a game PDN does not hold (Apokachi). Copy and export
    write the same text."""
    if not isinstance(play.game, DraughtsGame):
        return None
    return board_pdn(play, computer=template("players.computer"), person=tr("players.person"))


def export_pdn(app: AppLike, play: BoardPlay) -> Path | None:
    """Write the game to a PDN file in the data folder's ``exports``; its path."""
    text = pdn_text(play)
    if text is None:
        app.notify(tr("saves.pdn_draughts_only"), Kind.ERROR)
        return None
    store = app.saves or saves.Saves()
    path = store.root / "exports" / f"{play.variant}-{time.strftime('%Y%m%d-%H%M%S')}.pdn"
    try:
        store.write_text(path, text)
    except OSError as error:
        why = tr("saves.why.cannot_write", name=path.name,
                 what=error.strerror or type(error).__name__)
        app.notify(tr("saves.write_failed", why=why), Kind.ERROR)
        return None
    app.notify(tr("saves.exported", path=str(path)))
    return path
