"""The one place that turns a game from outside the screen into a screen: a saved record
(Continue, the Games screen, a dropped ``.json``), a PDN game or file, a pasted FEN or PDN,
a dropped file. Route ``open``: it builds the board or Chapaev screen (a finished game in
review), a PDN file's list, or nothing, with a message saying why.

Files are read only through :mod:`game.saves`; a file that cannot be read says why in a
message and stays as it is.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.play.records import RecordError, play_from_record
from game.rules import VARIANTS, find_variant
from game.rules.core import NotationError
from game.rules.pdn import PdnGame, read_pdn
from game.ui.chapaev_view import AimHelp

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def open_scene(app: App, *, record: dict[str, Any] | None = None, game_id: str | None = None,
               pdn: PdnGame | None = None, text: str | None = None,
               path: str | Path | None = None) -> Scene | None:
    """The screen that shows what is given (one of ``record``, ``pdn``, ``text``, ``path``);
    None, with a message, when it cannot be shown."""
    if record is not None:
        return _record(app, record, game_id)
    if pdn is not None:
        return _pdn_game(app, pdn)
    if text is not None:
        return _text(app, text)
    if path is not None:
        return _path(app, path)
    raise ValueError("open: give a record, a PDN game, a text or a path")


def _record(app: App, record: dict[str, Any], game_id: str | None) -> Scene | None:
    """A saved game, as it was left (a finished one in review)."""
    try:
        play = play_from_record(record)
    except RecordError as error:
        app.notify(tr("saves.cannot_open", why=tr(error.key, name="")))
        return None
    if game_id is not None:
        saves.remember(play, game_id)
    raw_view = record.get("view")
    view: dict[str, Any] = raw_view if isinstance(raw_view, dict) else {}
    if isinstance(play, BoardPlay):
        flip = view.get("flip_each_move") is True
        saves.opened(play, flip_each_move=flip)
        return app.routes.build("board", play=play, flip_each_move=flip,
                                start_in="review" if play.is_over else "play")
    try:
        aim = AimHelp(view.get("aim", AimHelp.FULL.value))
    except ValueError:
        aim = AimHelp.FULL
    saves.opened(play, aim=aim.value)
    return app.routes.build("chapaev", play=play, aim=aim,
                            start_in="over" if play.is_over else "play")


def _pdn_game(app: App, pdn: PdnGame) -> Scene | None:
    """A game of a PDN file, in review from its first position."""
    try:
        game = pdn.game()
    except ValueError as error:
        app.notify(tr("saves.cannot_open", why=str(error)))
        return None
    play = BoardPlay(pdn.variant, game.options, game=game)
    saves.opened(play, flip_each_move=False)
    return app.routes.build("board", play=play, start_in="review-start")


def _pdn_games(app: App, games: list[PdnGame], name: str) -> Scene | None:
    """The one game of a PDN text in review, or the list of its games."""
    if not games:
        app.notify(tr("saves.cannot_open", why=tr("saves.why.no_games", name=name)))
        return None
    if len(games) == 1:
        return _pdn_game(app, games[0])
    return app.routes.build("pdn-list", games=games, name=name)


def _pdn_text(app: App, text: str, name: str) -> Scene | None:
    try:
        games = read_pdn(text)
    except NotationError as error:
        app.notify(tr("saves.cannot_open", why=tr("saves.why.pdn", name=name, why=str(error))))
        return None
    return _pdn_games(app, games, name)


def _text(app: App, text: str) -> Scene | None:
    """A pasted text: a PDN game (or several), or a FEN of any board game of the collection
    (the first game, in the menu's order, that reads it)."""
    text = text.strip()[:saves.MAX_PDN_BYTES]
    if "[" in text or "." in text.split(":")[0] or " " in text.strip():
        return _pdn_text(app, text, tr("saves.clipboard"))
    for variant in VARIANTS:
        try:
            find_variant(variant).from_fen(text)
        except ValueError:
            continue
        return app.routes.build("board", play=BoardPlay(variant, fen=text))
    app.notify(tr("saves.not_a_position"))
    return None


def _path(app: App, path: str | Path) -> Scene | None:
    """A file: one of our saved games (``.json``), or a PDN file."""
    name = Path(path).name
    store = app.saves or saves.Saves()
    try:
        if str(path).lower().endswith(".json"):
            record = saves.decode_record(saves.read_small_file(Path(path)), name)
            return _record(app, record, None)
        games = store.read_pdn_file(path)
    except saves.SaveError as error:
        app.notify(tr("saves.cannot_open", why=error.message()))
        return None
    return _pdn_games(app, games, name)
