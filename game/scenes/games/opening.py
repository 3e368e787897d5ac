"""The one place that turns a game from outside the screen into a screen: a kept game
(Continue, the Games screen), a dropped ``.json`` record, a PDN game or file, a pasted FEN or
PDN. Route ``open``: it builds the board or Chapaev screen (a finished game in review), a PDN
file's list, a reading of a long PDN text (a slice a frame, with its progress), a long saved
game being replayed (in a thread, the window drawing meanwhile), or nothing, with a message
saying why.

Files are read only through :mod:`game.saves`; every record is replayed before it is shown,
and a file that cannot be used is named in the message and stays as it is (a paste that
cannot be used says so of the clipboard). What is to be shown in place of a game in progress
is read first; only then, and only if it can be shown, is the player asked.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.i18n import tr
from game.notices import Kind
from game.play.board_play import BoardPlay
from game.play.hub_seat import rejoin
from game.rules.pdn import PdnGame
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games.reading import PdnReadingScene, ReplayingScene
from game.ui.chapaev_view import AimHelp

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.play.protocol import Play
    from game.screen import Screen

#: a PDN text read within this time opens at once; a longer one shows its reading
FIRST_SLICE = 0.03
#: a saved game replayed within this time opens at once; a longer one shows its replay
REPLAY_WAIT = 0.03
#: a file's name in a question is shortened in the middle past this many characters
QUESTION_NAME = 40


def open_scene(app: AppLike, *, game_id: str | None = None, pdn: PdnGame | None = None,
               text: str | None = None, path: str | Path | None = None,
               reading: saves.PdnReading | None = None,
               replaying: saves.Replaying | None = None, name: str = "",
               instead: bool = False, ask: bool = False, pasted: bool = False,
               current: str | None = None) -> Screen | None:
    """The screen that shows what is given: a kept game (``game_id``, ``name`` the one the
    Games screen gives it), a PDN game (``pdn``, ``name`` its file's), a pasted ``text``, a
    file's ``path``, a PDN ``reading`` that is over, or a saved game's ``replaying`` that is
    over (``name`` the one its title gave it); None, with a message, when it cannot be shown.

    ``instead``: what is shown takes the place of the current screen (a game left for the one
    opened). A long PDN text, or a saved game whose replay is not over at once, comes back
    as its reading, an overlay to push: it puts its result in the current screen's place only
    once it is read, so what cannot be read loses nothing. ``ask``: a game in progress would
    be left: once what is given has been read (and can be shown) the answer is a question, an
    overlay to push, whose yes puts the screen in the current one's place. ``pasted``: the PDN game came from the clipboard.
    ``current``: the game the screen a pasted ``text`` or a dropped file comes to plays, or
    the game the player was last in (its key; None: none), which reads a position or a PDN
    game that does not name its game first."""
    if game_id is not None:
        return _kept(app, game_id, name)
    if pdn is not None:
        return _pdn_game(app, pdn, name, pasted, ask)
    if text is not None:
        return _text(app, text, instead, ask, current)
    if path is not None:
        return _path(app, path, instead, ask, current)
    if reading is not None:
        return _finished(app, reading, ask)
    if replaying is not None:
        return _replayed(app, replaying, name, ask)
    raise ValueError("open: give a game id, a PDN game, a text, a path or a reading")


def _cannot(app: AppLike, error: saves.SaveError, pasted: bool = False) -> None:
    """Say why it cannot be opened: of a file, that it is left as it is; of a paste, that
    nothing was opened (the reason names the clipboard). Text that holds no game at all is
    said plainly, and what the reader found is there for the player who asks."""
    if pasted and error.key == "saves.why.paste.no_game":
        details = error.values.get("details")
        shown = details.message() if isinstance(details, saves.SaveError) else None
        app.notify(tr("saves.paste.no_game"), Kind.ERROR,
                   details=shown[:1].upper() + shown[1:] if shown else None)
    elif pasted:
        why = error.message()
        app.notify(tr("saves.cannot_paste", why=why[:1].upper() + why[1:]), Kind.ERROR)
    else:
        app.notify(tr("saves.cannot_open", why=error.message()), Kind.ERROR)
    store = app.saves
    if store is not None:
        saves.tell(app, store)


def _kept(app: AppLike, game_id: str, name: str) -> Screen | None:
    """A kept game, replayed from its file and shown as it was left; every later save goes
    to the same file. ``name``: the game's, for the title of its replay if it is long."""
    store = app.saves
    if store is None:
        return None
    try:
        replaying = store.begin_open(game_id)
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    return _replay(app, replaying, name or replaying.name, False, False)


def _replay(app: AppLike, replaying: saves.Replaying, name: str, instead: bool,
            ask: bool) -> Screen | None:
    """A saved game begun: shown at once if its replay is short, else its replay is shown
    going on (and any question asked once it is over)."""
    if not replaying.start().wait(REPLAY_WAIT):
        return ReplayingScene(app, replaying, name, instead=instead, ask=ask)
    return _replayed(app, replaying, name, ask)


def _replayed(app: AppLike, replaying: saves.Replaying, name: str,
              ask: bool = False) -> Screen | None:
    """The screen of a saved game whose replay is over (a kept game where it was left, a
    file from outside to be kept anew if played on); None, with the reason, if it does not
    replay."""
    store = app.saves
    try:
        if replaying.game_id is not None and store is not None:
            opened = store.opened(replaying)
            saves.tell(app, store)
            return _show(app, opened.play, opened.record, file=saves.GameFile.kept(opened.id))
        record, play = replaying.result()
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    return _show(app, play, record, ask, name)


def _offer(app: AppLike, ask: bool, source: str | None, route: str, *, opens: tuple[str, ...] = (),
           **args: Any) -> Screen | None:
    """The screen of ``route``; with ``ask``, the question whose yes puts it in the current
    screen's place (built only then). ``source``: the name of the file it comes from (None:
    the clipboard), which the question names; ``opens``: the games (their keys) of what is
    opened, which a question of the clipboard names."""
    if not ask:
        return app.routes.build(route, **args)

    def yes() -> None:
        shown = app.routes.build(route, **args)
        if shown is not None:
            app.scenes.replace(shown)

    if source is None:
        kinds = sorted(set(opens))
        key = ("saves.ask.open.paste" if route == "board" else
               "saves.ask.open.paste.list" if len(kinds) == 1 else "saves.ask.open.paste.mixed")
        return ConfirmDialog(app, key, "saves.ask.open.yes", yes,
                             question_values={"game": tr(f"game.{kinds[0]}")} if kinds else {})
    if len(source) > QUESTION_NAME:  # the extension stays in sight
        source = source[:QUESTION_NAME - 16] + "…" + source[-15:]
    return ConfirmDialog(app, "saves.ask.open.file", "saves.ask.open.yes", yes,
                         question_values={"name": source})


def _show(app: AppLike, play: Play, record: dict[str, Any], ask: bool = False,
          name: str = "", file: saves.GameFile | None = None) -> Screen | None:
    """The screen of a replayed game, where its record says it was left (a finished one at
    its end); with ``ask``, the question before it (naming the file). ``file``: the kept game
    it was opened from (every later save goes there); else played on, it becomes a kept game
    of its own."""
    engine = app.settings.hub_engine
    if engine is not None and not play.is_over:
        # a game against the outside engine still chosen: the engine plays on
        rejoin(play, record.get("seats"), engine.command, engine.name, engine.variants)
    raw_view = record.get("view")
    view: dict[str, Any] = raw_view if isinstance(raw_view, dict) else {}
    file = file if file is not None else saves.GameFile()
    args, kept = _VIEWS[play.kind](view, play.is_over)
    return _offer(app, ask, name, play.kind, play=play, **args, file=file.opened(play, **kept))


View = tuple[dict[str, Any], dict[str, Any]]


def _board_view(view: dict[str, Any], over: bool) -> View:
    """How the board screen opens a saved game (turned each move or not, a finished one in
    its review), and what its file keeps of that."""
    flip = view.get("flip_each_move") is True
    return ({"flip_each_move": flip, "start_in": "review" if over else "play"},
            {"flip_each_move": flip})


def _table_view(view: dict[str, Any], over: bool) -> View:
    """How the Chapaev screen opens a saved match (its aiming help, a finished one at its
    end), and what its file keeps of that."""
    try:
        aim = AimHelp(view.get("aim", AimHelp.FULL.value))
    except ValueError:
        aim = AimHelp.FULL
    return {"aim": aim, "start_in": "over" if over else "play"}, {"aim": aim.value}


#: how the screen of each kind of game opens a saved one (keyed by ``Play.kind``, its route)
_VIEWS = {"board": _board_view, "chapaev": _table_view}


#: PDN tags a game's moves and options decide: not kept from a file
_DERIVED_TAGS = frozenset({"Result", "GameType", "Variant", "FEN"})


def _other_game(app: AppLike, ask: bool, current: str | None, variant: str) -> None:
    """A paste opened at once as another game than the screen's: say which (a question, when
    there is one, names it already)."""
    if not ask and current is not None and variant != current:
        app.notify(tr("saves.pasted_as", game=tr(f"game.{variant}"),
                      current=tr(f"game.{current}")))


def _pdn_game(app: AppLike, pdn: PdnGame, name: str, pasted: bool = False,
              ask: bool = False, current: str | None = None) -> Screen | None:
    """A game of a PDN file or text, replayed, in review from its first position; the file's
    tags (the players, the date, the event) go with it into copies, exports and saves. A
    game that does not replay is said of where it came from: the file ``name`` (and the line),
    or the clipboard when ``pasted``. ``current``: the game of the screen it was pasted in."""
    if not pasted and not name:
        raise ValueError("open: a PDN game needs the name of its file, or pasted=True")
    try:
        game = saves.pdn_game(pdn, tr("saves.clipboard") if pasted else name, pasted=pasted)
    except saves.SaveError as error:
        _cannot(app, error, pasted)
        return None
    # what the game itself says (result, set-up, type) is written anew from the game
    tags = {k: v for k, v in pdn.tags.items() if k not in _DERIVED_TAGS}
    play = BoardPlay(pdn.variant, game.options, game=game, tags=tags)
    if pasted:
        _other_game(app, ask, current, play.variant)
    return _offer(app, ask, None if pasted else name, "board", opens=(play.variant,),
                  play=play, start_in="review-start",
                  file=saves.GameFile().opened(play, flip_each_move=False))


def _reading(app: AppLike, reading: saves.PdnReading, instead: bool, ask: bool) -> Screen | None:
    """A PDN text begun: read at once if it is short, else shown being read (and any
    question asked once it is read)."""
    reading.step(FIRST_SLICE)
    if not reading.done:
        return PdnReadingScene(app, reading, instead=instead, ask=ask)
    return _finished(app, reading, ask, reading.prefer if instead else None)


def _finished(app: AppLike, reading: saves.PdnReading, ask: bool = False,
              current: str | None = None) -> Screen | None:
    """What a PDN text read to its end shows: its one game in review, the list of its games,
    or nothing (the message says why). ``current``: the game of the screen whose place a
    pasted game takes."""
    if reading.error is not None:
        _cannot(app, reading.error, reading.pasted)
        return None
    if len(reading.games) == 1:
        return _pdn_game(app, reading.games[0], reading.name, reading.pasted, ask, current)
    return _offer(app, ask, None if reading.pasted else reading.name, "pdn-list",
                  opens=tuple(game.variant for game in reading.games),
                  games=reading.games, name=reading.name, pasted=reading.pasted)


def _text(app: AppLike, text: str, instead: bool, ask: bool = False,
          current: str | None = None) -> Screen | None:
    """A pasted text: a PDN game (or several), or a position of a board game of the
    collection (the ``current`` screen's game if it reads it, else the game whose notation it
    fits best). Over the limit, with a NUL, or a position that game refuses: refused whole,
    with a message naming the game and why."""
    try:
        pasted = saves.start_pasted(text, current=current)
    except saves.SaveError as error:
        _cannot(app, error, pasted=True)
        return None
    if pasted.reading is not None:
        return _reading(app, pasted.reading, instead, ask)
    assert pasted.variant is not None and pasted.fen is not None
    play = BoardPlay(pasted.variant, fen=pasted.fen)
    _other_game(app, ask, current if instead else None, play.variant)
    # looked at, it adds nothing to the Games screen; played on, it is kept
    return _offer(app, ask, None, "board", opens=(play.variant,), play=play,
                  file=saves.GameFile().opened(play))


def _path(app: AppLike, path: str | Path, instead: bool, ask: bool = False,
          current: str | None = None) -> Screen | None:
    """A file: one of our saved games (``.json``), or a PDN file (a game in it that does not
    name its game read first as ``current``'s)."""
    name = Path(path).name
    if name.lower().endswith(".json"):  # played on, it becomes a kept game of its own
        return _replay(app, saves.Replaying(name, path=Path(path)), name, instead, ask)
    store = app.saves or saves.Saves()
    try:
        reading = store.start_pdn_file(path, prefer=current)
    except saves.SaveError as error:
        _cannot(app, error)
        return None
    return _reading(app, reading, instead, ask)
