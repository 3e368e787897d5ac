"""The one place that turns a game from outside the screen into a screen: a kept game
(Continue, the Games screen), a dropped ``.json`` record, a PDN game or file, a pasted FEN or
PDN. Route ``open``: it builds the board or Chapaev screen (a finished game in review), a PDN
file's list, a reading of a long PDN text (a slice a frame, with its progress), or nothing,
with a message saying why.

Files are read only through :mod:`game.saves`; every record is replayed before it is shown,
and a file that cannot be used is named in the message and stays as it is.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.rules.pdn import PdnGame
from game.scenes.games.reading import PdnReadingScene
from game.ui.chapaev_view import AimHelp

if TYPE_CHECKING:
    from game.app import App
    from game.play.chapaev_play import ChapaevPlay
    from game.scene import Scene

#: a PDN text read within this time opens at once; a longer one shows its reading
FIRST_SLICE = 0.03


def open_scene(app: App, *, record: dict[str, Any] | None = None, game_id: str | None = None,
               pdn: PdnGame | None = None, text: str | None = None,
               path: str | Path | None = None, reading: saves.PdnReading | None = None,
               name: str = "", instead: bool = False) -> Scene | None:
    """The screen that shows what is given: a kept game (``game_id``), a record from a file
    (``record``, ``name`` the file's), a PDN game (``pdn``, ``name`` its file's), a pasted
    ``text``, a file's ``path``, or a PDN ``reading`` that is over; None, with a message, when
    it cannot be shown.

    ``instead``: what is shown takes the place of the current screen (a game left for the one
    opened). A long PDN text comes back as its reading, an overlay to push: it puts its result
    in the current screen's place only once the text is read, so a text that cannot be read
    loses nothing."""
    if record is not None:
        return _record(app, record, name)
    if game_id is not None:
        return _kept(app, game_id)
    if pdn is not None:
        return _pdn_game(app, pdn, name)
    if text is not None:
        return _text(app, text, instead)
    if path is not None:
        return _path(app, path, instead)
    if reading is not None:
        return _finished(app, reading)
    raise ValueError("open: give a game id, a record, a PDN game, a text, a path or a reading")


def _cannot(app: App, error: saves.SaveError) -> None:
    app.notify(tr("saves.cannot_open", why=error.message()))
    store = app.saves
    if store is not None:
        saves.tell(app, store)


def _kept(app: App, game_id: str) -> Scene | None:
    """A kept game, replayed from its file and shown as it was left; every later save goes
    to the same file."""
    store = app.saves
    if store is None:
        return None
    try:
        opened = store.open_game(game_id)
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    saves.tell(app, store)
    saves.remember(opened.play, opened.id)
    return _show(app, opened.play, opened.record)


def _record(app: App, record: dict[str, Any], name: str) -> Scene | None:
    """A record from a file of ours dropped on the window, replayed: the message names the
    file if it does not replay. Played on, it becomes a kept game of its own."""
    try:
        play = saves.judge(record, name)
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    return _show(app, play, record)


def _show(app: App, play: BoardPlay | ChapaevPlay, record: dict[str, Any]) -> Scene | None:
    """The screen of a replayed game, where its record says it was left (a finished one at
    its end)."""
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


#: PDN tags a game's moves and options decide: not kept from a file
_DERIVED_TAGS = frozenset({"Result", "GameType", "Variant", "FEN"})


def _pdn_game(app: App, pdn: PdnGame, name: str) -> Scene | None:
    """A game of a PDN file or text, replayed, in review from its first position; the file's
    tags (the players, the date, the event) go with it into copies, exports and saves."""
    try:
        game = saves.pdn_game(pdn, name or tr("saves.clipboard"))
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    # what the game itself says (result, set-up, type) is written anew from the game
    tags = {k: v for k, v in pdn.tags.items() if k not in _DERIVED_TAGS}
    play = BoardPlay(pdn.variant, game.options, game=game, tags=tags)
    saves.opened(play, flip_each_move=False)
    return app.routes.build("board", play=play, start_in="review-start")


def _reading(app: App, reading: saves.PdnReading, instead: bool) -> Scene | None:
    """A PDN text begun: read at once if it is short, else shown being read."""
    reading.step(FIRST_SLICE)
    if not reading.done:
        return PdnReadingScene(app, reading, instead=instead)
    return _finished(app, reading)


def _finished(app: App, reading: saves.PdnReading) -> Scene | None:
    """What a PDN text read to its end shows: its one game in review, the list of its games,
    or nothing (the message says why)."""
    if reading.error is not None:
        _cannot(app, reading.error)
        return None
    if len(reading.games) == 1:
        return _pdn_game(app, reading.games[0], reading.name)
    return app.routes.build("pdn-list", games=reading.games, name=reading.name)


def _text(app: App, text: str, instead: bool) -> Scene | None:
    """A pasted text: a PDN game (or several), or a position of any board game of the
    collection (the first game, in the menu's order, that reads it). Over the limit, with a
    NUL, or an impossible position: refused whole, with a message."""
    try:
        pasted = saves.start_pasted(text)
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    if pasted.reading is not None:
        return _reading(app, pasted.reading, instead)
    assert pasted.variant is not None and pasted.fen is not None
    play = BoardPlay(pasted.variant, fen=pasted.fen)
    saves.opened(play)  # looked at, it adds nothing to the Games screen; played on, it is kept
    return app.routes.build("board", play=play)


def _path(app: App, path: str | Path, instead: bool) -> Scene | None:
    """A file: one of our saved games (``.json``), or a PDN file."""
    name = Path(path).name
    store = app.saves or saves.Saves()
    try:
        if str(path).lower().endswith(".json"):
            record = saves.decode_record(saves.read_small_file(Path(path)), name)
            return _record(app, record, name)
        reading = store.start_pdn_file(path)
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    return _reading(app, reading, instead)
