"""The Games screen (saved and finished games: open, rename, delete), the list of the games of
a PDN file, a small file browser for PDN files, the name dialog, and the ways a game comes
back: Continue, a saved game, a PDN game, a dropped file, a pasted FEN or PDN.

Files are read and written only through :mod:`game.saves`; a file that cannot be read says why
in a message and stays as it is.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import saves
from game.i18n import tr
from game.play.records import RecordError, play_from_record
from game.scene import Scene
from game.ui import drawing, theme, thumbs
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App
    from game.play.board_play import BoardPlay
    from game.rules.pdn import PdnGame

ROW = 92  # design pixels per line of the list
THUMB = 78
NEW_THUMBS_PER_FRAME = 3  # pictures drawn per frame: the screen opens at once, fills in fast


# --- opening games ---------------------------------------------------------------------------
def open_record(app: App, record: dict[str, Any], game_id: str | None = None) -> bool:
    """Put the game of ``record`` on the screen (a finished one in review); False, with a
    message, if it cannot be replayed."""
    try:
        play = play_from_record(record)
    except RecordError as error:
        app.notify(tr("saves.cannot_open", why=tr(error.key, name="")))
        return False
    if game_id is not None:
        saves.remember(play, game_id)
    raw_view = record.get("view")
    view: dict[str, Any] = raw_view if isinstance(raw_view, dict) else {}
    from game.play.board_play import BoardPlay

    if isinstance(play, BoardPlay):
        from game.scenes.board import BoardScene

        scene = BoardScene(app, play.variant, play.options,
                           bool(view.get("flip_each_move") is True), play=play)
        saves.opened(play, flip_each_move=scene.flip_each_move)
        if play.is_over:
            scene.end_shown = True
            scene.enter_review()
        app.scenes.push(scene)
        return True
    from game.scenes.chapaev_match import ChapaevPrefs, ChapaevScene, Phase
    from game.ui.chapaev_view import AimHelp

    try:
        aim = AimHelp(view.get("aim", AimHelp.FULL.value))
    except ValueError:
        aim = AimHelp.FULL
    chapaev = ChapaevScene(app, ChapaevPrefs(play.options, aim), play=play)
    saves.opened(play, aim=aim.value)
    app.scenes.push(chapaev)
    if play.is_over:
        from game.scenes.chapaev_overlays import end_panel

        chapaev.phase = Phase.OVER
        chapaev.banner = None
        app.scenes.push(end_panel(app, chapaev))
    return True


def continue_game(app: App) -> None:
    """The menu's Continue: the game in progress, exactly where it was left."""
    store = saves.store_for(app)
    if store is None:
        return
    try:
        record = store.load_current()
    except saves.SaveError as error:
        app.notify(tr("saves.cannot_open", why=error.message()))
        return
    if record is None:
        app.notify(tr("saves.nothing_to_continue"))
        return
    open_record(app, record)


def open_pdn_game(app: App, pdn: PdnGame, replace: bool = False) -> None:
    """A game of a PDN file, in review from its first position."""
    from game.play.board_play import BoardPlay
    from game.scenes.board import BoardScene

    try:
        game = pdn.game()
    except ValueError as error:
        app.notify(tr("saves.cannot_open", why=str(error)))
        return
    play = BoardPlay(pdn.variant, game.options, game=game)
    scene = BoardScene(app, pdn.variant, game.options, play=play)
    saves.opened(play, flip_each_move=scene.flip_each_move)
    scene.end_shown = True
    scene.enter_review()
    scene.review_to(0)
    if replace:
        app.scenes.replace(scene)
    else:
        app.scenes.push(scene)


def open_pdn_text(app: App, text: str, name: str) -> bool:
    from game.rules.core import NotationError
    from game.rules.pdn import read_pdn

    try:
        games = read_pdn(text)
    except NotationError as error:
        app.notify(tr("saves.cannot_open", why=tr("saves.why.pdn", name=name, why=str(error))))
        return False
    return _show_pdn_games(app, games, name)


def _show_pdn_games(app: App, games: list[PdnGame], name: str) -> bool:
    if not games:
        app.notify(tr("saves.cannot_open", why=tr("saves.why.no_games", name=name)))
        return False
    if len(games) == 1:
        open_pdn_game(app, games[0])
    else:
        app.scenes.push(PdnListScene(app, games, name))
    return True


def open_pdn_path(app: App, path: str | Path) -> bool:
    """A PDN file: its one game in review, or the list of its games."""
    store = saves.store_for(app) or saves.Saves()
    try:
        games = store.read_pdn_file(path)
    except saves.SaveError as error:
        app.notify(tr("saves.cannot_open", why=error.message()))
        return False
    return _show_pdn_games(app, games, Path(path).name)


def open_dropped(app: App, path: str) -> None:
    """A file dropped on the window: a PDN file, or one of our saved games."""
    if str(path).lower().endswith(".json"):
        try:
            raw = saves.read_small_file(Path(path))
            record = saves.decode_record(raw, Path(path).name)
        except saves.SaveError as error:
            app.notify(tr("saves.cannot_open", why=error.message()))
            return
        open_record(app, record)
        return
    open_pdn_path(app, path)


def play_from_here(app: App, board: Any) -> None:
    """A new game from the position the board shows (in review), two people at the board."""
    from game.play.board_play import BoardPlay
    from game.scenes.board import BoardScene

    shown = board.shown
    try:
        play = BoardPlay(board.variant, dict(board.play.game.options), fen=shown.fen())
    except ValueError as error:
        app.notify(tr("saves.cannot_open", why=str(error)))
        return
    board.play.close()
    app.scenes.replace(BoardScene(app, board.variant, play.options, board.flip_each_move,
                                  play=play))


# --- the clipboard ------------------------------------------------------------------------------
def copy_text(app: App, text: str, done_key: str) -> bool:
    try:  # pygame-ce 2.2+: the SDL clipboard, no scrap.init needed
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        app.notify(tr("saves.no_clipboard"))
        return False
    app.notify(tr(done_key))
    return True


def clipboard_text() -> str | None:
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return None
    return text if isinstance(text, str) and text.strip() else None


def paste(app: App) -> bool:
    """Open what the clipboard holds: a PDN game (or several), or a FEN of any board game."""
    text = clipboard_text()
    if text is None:
        app.notify(tr("saves.clipboard_empty"))
        return False
    return open_text(app, text)


def open_text(app: App, text: str) -> bool:
    text = text.strip()[:saves.MAX_PDN_BYTES]
    if "[" in text or "." in text.split(":")[0] or " " in text.strip():
        return open_pdn_text(app, text, tr("saves.clipboard"))
    from game.play.board_play import BoardPlay
    from game.rules import find_variant
    from game.scenes.board import BoardScene

    for variant in ("russian", "international", "apokachi"):
        try:
            find_variant(variant).from_fen(text)
        except ValueError:
            continue
        play = BoardPlay(variant, fen=text)
        app.scenes.push(BoardScene(app, variant, play.options, play=play))
        return True
    app.notify(tr("saves.not_a_position"))
    return False


def export_pdn(app: App, play: BoardPlay) -> Path | None:
    """Write the game to a PDN file in the data folder's ``exports``; its path."""
    from game.rules.draughts import DraughtsGame
    from game.rules.pdn import write_pdn

    if not isinstance(play.game, DraughtsGame):
        app.notify(tr("saves.pdn_draughts_only"))
        return None
    store = saves.store_for(app) or saves.Saves()
    import time

    path = store.root / "exports" / f"{play.variant}-{time.strftime('%Y%m%d-%H%M%S')}.pdn"
    try:
        store.write_text(path, write_pdn(play.game, {"Date": time.strftime("%Y.%m.%d")}))
    except OSError as error:
        app.notify(tr("saves.write_failed", why=error.strerror or type(error).__name__))
        return None
    app.notify(tr("saves.exported", path=str(path)))
    return path


def pdn_text(play: BoardPlay) -> str | None:
    from game.rules.draughts import DraughtsGame
    from game.rules.pdn import write_pdn

    return write_pdn(play.game) if isinstance(play.game, DraughtsGame) else None


def ask_name(app: App, play: Any, **view: Any) -> None:
    """Save the game now, under a name the player types."""
    record = saves.record_of(play, **view)

    def done(name: str) -> None:
        if saves.save_named(app, play, name or saves.default_name(record), **view):
            app.notify(tr("saves.saved", name=name or saves.default_name(record)))

    app.scenes.push(NameDialog(app, tr("saves.name.title"), saves.default_name(record), done))


# --- a list of things on a screen --------------------------------------------------------------
@dataclass(slots=True)
class Line:
    """One line of a list: a picture (drawn when first seen), a title and a detail."""

    title: str
    detail: str
    game: str | None = None
    picture: Callable[[], dict[str, Any]] | None = None
    key: Any = None
    problem: bool = False
    thumb: pygame.Surface | None = field(default=None, repr=False)


class ListScene(Scene):
    """A title, a scrolling list of lines on the left, buttons on the right."""

    title_key = ""

    def __init__(self, app: App) -> None:
        self.lines: list[Line] = []
        self.selected = 0
        self.scroll = 0
        super().__init__(app)
        self.reload()

    # what a subclass gives
    def load_lines(self) -> list[Line]:
        raise NotImplementedError

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        raise NotImplementedError

    def activate(self) -> None:
        """Enter or a double click on the selected line."""

    def empty_text(self) -> str:
        return tr("games.empty")

    def title(self) -> str:
        return tr(self.title_key)

    # ---
    def reload(self) -> None:
        self.lines = self.load_lines()
        self.selected = max(0, min(self.selected, len(self.lines) - 1))
        self._clamp()

    def on_resume(self) -> None:
        self.reload()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.list_rect = pygame.Rect(self._x(60), self._y(130), round(820 * s), round(620 * s))
        self.row_h = max(40, round(ROW * s))
        self.thumb_side = max(30, round(THUMB * s))
        px = max(14, round(24 * s))
        self.buttons: list[Button] = []
        for i, (label, action) in enumerate(self.button_specs()):
            button = Button(label, action, px=px)
            button.rect = pygame.Rect(self._x(920), self._y(130 + i * 74), round(300 * s),
                                      round(58 * s))
            self.buttons.append(button)
        for line in self.lines:
            line.thumb = None
        self._clamp()

    def _x(self, x: float) -> int:
        return self.origin[0] + round(x * self.scale)

    def _y(self, y: float) -> int:
        return self.origin[1] + round(y * self.scale)

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.row_h)

    def _clamp(self) -> None:
        if not hasattr(self, "row_h"):
            return
        top = max(0, len(self.lines) - self.visible_rows)
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, top))

    def select(self, index: int) -> None:
        if self.lines:
            self.selected = max(0, min(len(self.lines) - 1, index))
            self._clamp()

    @property
    def current(self) -> Line | None:
        return self.lines[self.selected] if 0 <= self.selected < len(self.lines) else None

    def line_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.list_rect.top) // self.row_h
        return index if index < len(self.lines) else None

    @property
    def animating(self) -> bool:
        shown = self.lines[self.scroll:self.scroll + self.visible_rows]
        return any(line.thumb is None and line.game is not None for line in shown)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.line_at(event.pos)
            if index is not None:
                again = index == self.selected and getattr(event, "clicks", 1) >= 2
                self.select(index)
                if again:
                    self.activate()
                return True
        if event.type == pygame.MOUSEWHEEL:
            top = max(0, len(self.lines) - self.visible_rows)
            self.scroll = max(0, min(top, self.scroll - event.y))
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                     pygame.K_PAGEDOWN: self.visible_rows}
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.select(0)
                return True
            if event.key == pygame.K_END:
                self.select(len(self.lines) - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(self.title(), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (self._x(60), self._y(40)))
        box = self.list_rect
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.25), box,
                         border_radius=round(12 * s))
        if not self.lines:
            for i, text in enumerate(theme.wrap(self.empty_text(), max(14, round(22 * s)),
                                                box.width - round(40 * s))):
                label = theme.text(text, max(14, round(22 * s)), theme.TEXT_MUTED)
                surface.blit(label, (box.left + round(20 * s), box.top + round(20 * s)
                                     + i * round(30 * s)))
        drawn = 0
        pad = round(8 * s)
        title_px, detail_px = max(14, round(24 * s)), max(12, round(18 * s))
        for row, line in enumerate(self.lines[self.scroll:self.scroll + self.visible_rows]):
            index = self.scroll + row
            rect = pygame.Rect(box.left, box.top + row * self.row_h, box.width, self.row_h)
            if index == self.selected:
                pygame.draw.rect(surface, theme.mix(theme.ACCENT, theme.PANEL, 0.7),
                                 rect.inflate(-pad, -pad // 2), border_radius=round(10 * s))
            x = rect.left + 2 * pad
            if line.game is not None:
                if line.thumb is None and drawn < NEW_THUMBS_PER_FRAME:
                    drawn += 1
                    picture = line.picture() if line.picture is not None else {}
                    line.thumb = thumbs.thumbnail(line.game, picture, self.thumb_side)
                tile = line.thumb or thumbs.placeholder(self.thumb_side)
                surface.blit(tile, tile.get_rect(midleft=(x, rect.centery)))
                x += self.thumb_side + 2 * pad
            width = rect.right - x - 2 * pad
            head = theme.text(_fit(line.title, title_px, width, True), title_px,
                              theme.TEXT_MUTED if line.problem else theme.TEXT, True)
            surface.blit(head, (x, rect.top + round(self.row_h * 0.16)))
            detail = theme.text(_fit(line.detail, detail_px, width), detail_px, theme.TEXT_MUTED)
            surface.blit(detail, (x, rect.top + round(self.row_h * 0.56)))
        if len(self.lines) > self.visible_rows:
            track = pygame.Rect(box.right - round(8 * s), box.top, round(6 * s), box.height)
            share = self.visible_rows / len(self.lines)
            thumb = pygame.Rect(track.left, box.top + round(box.height * self.scroll
                                                            / len(self.lines)),
                                track.width, max(12, round(box.height * share)))
            pygame.draw.rect(surface, theme.TEXT_MUTED, thumb, border_radius=3)
        for button in self.buttons:
            button.draw(surface)
        hint = theme.text(tr("games.hint"), max(12, round(18 * s)), theme.TEXT_MUTED)
        surface.blit(hint, (self._x(60), self._y(762)))


def _fit(text: str, px: int, width: int, bold: bool = False) -> str:
    face = theme.font(px, bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _result_text(result: str) -> str:
    return tr(f"games.result.{ {'2-0': 'white', '0-2': 'black', '1-1': 'draw'}.get(result, 'none') }")


def _player(label: str) -> str:
    if label == "person":
        return tr("games.person")
    if label.startswith("computer"):
        return tr("games.computer", level=label.split(" ", 1)[1] if " " in label else "")
    return label


def _date(text: str) -> str:
    # 2026-11-30T00:51:29 -> 30.11.2026 00:51
    if len(text) >= 16 and text[4] == "-" and text[10] == "T":
        return f"{text[8:10]}.{text[5:7]}.{text[0:4]} {text[11:16]}"
    return text


class GamesScene(ListScene):
    """Saved and finished games, newest first: open, rename, delete; open a PDN file;
    paste a position; set up a position."""

    key = "games"
    title_key = "games.title"

    def load_lines(self) -> list[Line]:
        store = saves.store_for(self.app)
        entries = store.entries() if store is not None else []
        lines = []
        for entry in entries:
            summary = entry.summary
            if summary is None:
                lines.append(Line(tr("games.damaged", name=f"{entry.id}.json"),
                                  tr(entry.problem or "saves.why.malformed", name=""),
                                  key=entry.id, problem=True))
                continue
            players = " — ".join(_player(p) for p in summary.players)
            detail = " · ".join((tr(f"game.{summary.game}"), players, _date(summary.saved),
                                 _result_text(summary.result)))
            picture = summary.picture
            lines.append(Line(summary.name or tr(f"game.{summary.game}"), detail, summary.game,
                              _constant(picture), entry.id))
        return lines

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("games.rename"), self.rename),
                (tr("games.delete"), self.delete), (tr("games.open_pdn"), self.browse),
                (tr("games.paste"), self.paste),
                (tr("games.editor"), self.editor), (tr("common.back"), self.on_back)]

    def activate(self) -> None:
        line = self.current
        if line is None:
            return
        store = saves.store_for(self.app)
        if store is None:
            return
        try:
            record = store.load_game(line.key)
        except saves.SaveError as error:
            self.app.notify(tr("saves.cannot_open", why=error.message()))
            return
        open_record(self.app, record, line.key)

    def rename(self) -> None:
        line = self.current
        store = saves.store_for(self.app)
        if line is None or line.problem or store is None:
            return

        def done(name: str) -> None:
            if not name.strip():
                return
            try:
                store.rename(line.key, name)
            except (saves.SaveError, OSError) as error:
                why = error.message() if isinstance(error, saves.SaveError) else str(error)
                self.app.notify(tr("saves.write_failed", why=why))
            self.reload()

        self.app.scenes.push(NameDialog(self.app, tr("saves.name.rename"), line.title, done))

    def delete(self) -> None:
        line = self.current
        store = saves.store_for(self.app)
        if line is None or store is None:
            return
        from game.scenes.dialog import ConfirmDialog

        def gone() -> None:
            store.delete(line.key)
            self.reload()

        self.app.scenes.push(ConfirmDialog(self.app, "games.ask.delete", "games.ask.delete.yes",
                                           gone))

    def paste(self) -> None:
        paste(self.app)

    def browse(self) -> None:
        self.app.scenes.push(FileScene(self.app))

    def editor(self) -> None:
        from game.scenes.editor import EditorScene

        self.app.scenes.push(EditorScene(self.app, "russian"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if event.key == pygame.K_DELETE:
                self.delete()
                return True
            if event.key == pygame.K_F2:
                self.rename()
                return True
            if ctrl and event.key == pygame.K_v:
                paste(self.app)
                return True
            if ctrl and event.key == pygame.K_o:
                self.browse()
                return True
        return super().handle_event(event)


class PdnListScene(ListScene):
    """The games of one PDN file: the players, the event, the result; one opens in review."""

    key = "pdn-list"

    def __init__(self, app: App, games: Sequence[PdnGame], name: str) -> None:
        self.games = list(games)
        self.name = name
        super().__init__(app)

    def title(self) -> str:
        return self.name

    def load_lines(self) -> list[Line]:
        lines = []
        for i, pdn in enumerate(self.games):
            tags = pdn.tags
            title = f"{tags.get('White', '?')} — {tags.get('Black', '?')}"
            detail = " · ".join(x for x in (tr(f"game.{pdn.variant}"), tags.get("Event", ""),
                                            tags.get("Date", ""), _result_text(pdn.result))
                                if x and x != "?")
            lines.append(Line(title, detail, pdn.variant, _pdn_picture(pdn), i))
        return lines

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("common.back"), self.on_back)]

    def activate(self) -> None:
        line = self.current
        if line is not None:
            open_pdn_game(self.app, self.games[line.key])


def _constant(picture: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    return lambda: picture


def _pdn_picture(pdn: PdnGame) -> Callable[[], dict[str, Any]]:
    def picture() -> dict[str, Any]:
        try:
            return {"fen": pdn.game().fen()}
        except ValueError:
            return {}

    return picture


class FileScene(ListScene):
    """Folders and PDN files, to open one (there is no system file dialog in the window)."""

    key = "files"
    last_folder: Path | None = None

    def __init__(self, app: App, folder: Path | None = None) -> None:
        self.folder = Path(folder or FileScene.last_folder or Path.home())
        super().__init__(app)

    def title(self) -> str:
        return tr("games.files.title")

    def load_lines(self) -> list[Line]:
        lines = [Line("..", str(self.folder.parent), key=self.folder.parent)]
        try:
            items = sorted(os.scandir(self.folder), key=lambda e: e.name.lower())
        except OSError:
            items = []
        folders, files = [], []
        for item in items:
            if item.name.startswith("."):
                continue
            try:
                if item.is_dir():
                    folders.append(Line(item.name + "/", tr("games.files.folder"),
                                        key=Path(item.path)))
                elif item.name.lower().endswith(".pdn"):
                    files.append(Line(item.name, tr("games.files.pdn",
                                                    kb=max(1, item.stat().st_size // 1024)),
                                      key=Path(item.path)))
            except OSError:
                continue
        return lines + folders + files

    def empty_text(self) -> str:
        return tr("games.files.none")

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("common.back"), self.on_back)]

    def activate(self) -> None:
        line = self.current
        if line is None:
            return
        path: Path = line.key
        if path.is_dir():
            self.folder = path
            FileScene.last_folder = path
            self.selected = self.scroll = 0
            self.reload()
            return
        FileScene.last_folder = self.folder
        open_pdn_path(self.app, path)


# --- the name dialog ---------------------------------------------------------------------------
class NameDialog(Scene):
    """One line of text (a game's name): Enter or OK takes it, Esc cancels."""

    overlay = True
    key = "name"
    limit = 80

    def __init__(self, app: App, question: str, text: str,
                 on_done: Callable[[str], None]) -> None:
        self.question = question
        self.text = text[:self.limit]
        self.on_done = on_done
        super().__init__(app)

    def on_enter(self) -> None:
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass

    def on_leave(self) -> None:
        try:
            pygame.key.stop_text_input()
        except pygame.error:
            pass

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.panel = pygame.Rect(0, 0, round(700 * s), round(280 * s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.field = pygame.Rect(self.panel.left + round(30 * s), self.panel.top + round(90 * s),
                                 self.panel.width - round(60 * s), round(56 * s))
        px = max(16, round(28 * s))
        self.ok = Button(tr("saves.name.ok"), self.confirm, px=px, focused=True)
        self.cancel = Button(tr("dialog.cancel"), self.on_back, px=px)
        width, height = round(240 * s), round(58 * s)
        self.ok.rect = pygame.Rect(self.panel.centerx - width - round(12 * s),
                                   self.panel.bottom - height - round(26 * s), width, height)
        self.cancel.rect = self.ok.rect.move(width + round(24 * s), 0)

    def confirm(self) -> None:
        self.app.scenes.pop()
        self.on_done(self.text.strip())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ok.handle_event(event) or self.cancel.handle_event(event):
            return True
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[:self.limit]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return True
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if event.mod & pygame.KMOD_CTRL else self.text[:-1]
                return True
            return event.key != pygame.K_ESCAPE
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        radius = round(18 * s)
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, self.panel, width=2, border_radius=radius)
        px = max(16, round(28 * s))
        label = theme.text(self.question, px, theme.TEXT, True)
        surface.blit(label, (self.field.left, self.panel.top + round(30 * s)))
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.4), self.field,
                         border_radius=round(8 * s))
        text = theme.text(_fit_left(self.text, px, self.field.width - round(30 * s)) + "|", px,
                          theme.TEXT)
        surface.blit(text, text.get_rect(midleft=(self.field.left + round(12 * s),
                                                  self.field.centery)))
        self.ok.draw(surface)
        self.cancel.draw(surface)


def _fit_left(text: str, px: int, width: int) -> str:
    face = theme.font(px)
    while text and face.size(text)[0] > width:
        text = text[1:]
    return text


def board_file_key(board: Any, event: pygame.event.Event) -> bool:
    """The board's keys for files and the clipboard: Ctrl+S save, Ctrl+E export PDN, Ctrl+C
    copy PDN, Ctrl+Shift+C copy FEN, Ctrl+V paste; P in review plays on from there."""
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    k = event.key
    if ctrl and k == pygame.K_s:
        board.save_as()
    elif ctrl and k == pygame.K_e:
        export_pdn(board.app, board.play)
    elif ctrl and k == pygame.K_c and shift:
        copy_text(board.app, board.shown.fen(), "saves.copied_fen")
    elif ctrl and k == pygame.K_c:
        text = pdn_text(board.play)
        if text is None:
            copy_text(board.app, board.shown.fen(), "saves.copied_fen")
        else:
            copy_text(board.app, text, "saves.copied_pdn")
    elif ctrl and k == pygame.K_v:
        paste(board.app)
    elif not ctrl and k == pygame.K_p and board.review is not None:
        board.play_from_here()
    else:
        return False
    return True


def resume_summary(app: App) -> Any:
    """What the menu's Continue shows: the game in progress, or None (no game, or its file
    cannot be read: then Continue says why when chosen... and the menu simply has none)."""
    store = saves.store_for(app)
    if store is None:
        return None
    try:
        record = store.load_current()
        return saves.summarize(record) if record is not None else None
    except saves.SaveError as error:
        if not getattr(app, "_resume_warned", False):
            app._resume_warned = True  # type: ignore[attr-defined]
            app.notify(tr("saves.cannot_continue", why=error.message()))
        return None
    except RecordError:
        return None


# --- staged content for screenshots and benchmarks ----------------------------------------------
SAMPLE_PDN = """[Event "Sample match"]
[White "Ivanov"]
[Black "Petrov"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 2-0

[Event "Sample match"]
[White "Petrov"]
[Black "Ivanov"]
[Result "1-1"]
[GameType "25"]

1. c3-b4 f6-e5 2. g3-h4 1-1
"""


def sample_pdn_games() -> list[PdnGame]:
    from game.rules.pdn import read_pdn

    return read_pdn(SAMPLE_PDN)


def sample_store(count: int = 6) -> saves.Saves:
    """A data folder in a temporary place with a few games of each kind (screenshots)."""
    import random
    import tempfile

    from game.play import BoardPlay, ChapaevPlay
    from game.play.computer import ComputerPlayer
    from game.play.records import record_of_board, record_of_chapaev
    from game.rules.core import Color

    import atexit
    import shutil

    root = Path(tempfile.mkdtemp(prefix="shashki-sample-"))
    atexit.register(shutil.rmtree, root, True)  # staged content: gone when the program ends
    store = saves.Saves(root)
    rng = random.Random(3)
    for i in range(count):
        variant = ("russian", "international", "apokachi", "chapaev")[i % 4]
        if variant == "chapaev":
            chapaev = ChapaevPlay()
            chapaev.run_shot((Color.WHITE, 3), (0.05, 1.0), 0.9)
            record = record_of_chapaev(chapaev)
        else:
            play = BoardPlay(variant, seats={Color.BLACK: ComputerPlayer(1 + i % 8)}
                             if i % 2 else None)
            for _ in range(rng.randint(6, 30)):
                if play.is_over:
                    break
                play.play(rng.choice(play.game.legal_moves()))
            if i % 3 == 0 and not play.is_over:
                play.resign(Color.BLACK)
            record = record_of_board(play)
        store.add_game(record, f"{saves.default_name(record)} #{i + 1}")
    current = BoardPlay("russian")
    for text in ("c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3", "h8-g7"):
        current.play_text(text)
    store.save_current(record_of_board(current))
    return store
