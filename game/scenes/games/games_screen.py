"""The Games screen: every kept game, the unfinished ones first (marked, the most recently
played first), then the finished ones, then the files that cannot be read; which of them it
shows (unfinished, finished, all); open, rename, delete one or several marked ones, clear the
old games against the computer; open a PDN file, paste a position or a game, set up a
position."""
from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import saves
from game.i18n import tr
from game.notices import Kind
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games.list_view import Line, ListScene, date_text, player_text, result_text
from game.scenes.games.marking import Marks, count_form, counted
from game.ui import theme
from game.ui.clipboard import clipboard_text
from game.ui.option_words import option_words
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike

#: which games the list shows, in the order the switch shows them (←/→ go through it)
FILTERS = ("unfinished", "finished", "all")
#: the filter last chosen, for each app: the screen opens with it again during the run
_last_filter: weakref.WeakKeyDictionary[AppLike, str] = weakref.WeakKeyDictionary()


def shown_by(filter_name: str, entry: saves.Entry) -> bool:
    """Whether the list shows ``entry`` under ``filter_name`` (files that cannot be read
    show under "all")."""
    if filter_name == "unfinished":
        return entry.unfinished
    if filter_name == "finished":
        return entry.summary is not None and entry.summary.finished
    return True


class GamesScene(ListScene):
    """Kept games, the unfinished ones first: which ones are shown; open, rename, delete one or
    several, clear old games against the computer; open a PDN file; paste a position; set up
    a position."""

    key = "games"
    title_key = "games.title"

    def __init__(self, app: AppLike) -> None:
        self.filter = _last_filter.get(app, "all")
        self.marks = Marks()
        self._entries: list[tuple[saves.Entry, Line]] = []
        self.tabs: list[Button] = []
        super().__init__(app)

    def load_lines(self) -> list[Line]:
        store = self.app.saves
        entries = store.entries() if store is not None else []
        if store is not None:
            saves.tell(self.app, store)  # files moved aside as the list was read
        self._entries = [(entry, _line(entry)) for entry in entries]
        return self._shown()

    def _shown(self) -> list[Line]:
        lines = [line for entry, line in self._entries if shown_by(self.filter, entry)]
        self.marks.keep_only(line.key for line in lines)
        self._relabel()
        return lines

    def count(self, filter_name: str) -> int:
        """How many games the list shows under ``filter_name``."""
        return sum(shown_by(filter_name, entry) for entry, _ in self._entries)

    def set_filter(self, filter_name: str) -> None:
        """Show the unfinished, the finished or all games. The game the cursor is on keeps
        it if it is still shown, else the list starts from its top; marks on games no longer
        shown are dropped."""
        if filter_name not in FILTERS:
            raise ValueError(f"no such filter: {filter_name!r}")
        _last_filter[self.app] = filter_name
        if filter_name == self.filter:
            return
        line = self.current
        self.filter = filter_name
        self.lines = self._shown()
        keys = [new.key for new in self.lines]
        self.selected = keys.index(line.key) if line is not None and line.key in keys else 0
        self.scroll = 0
        self._clamp()

    def next_filter(self, step: int) -> None:
        self.set_filter(FILTERS[(FILTERS.index(self.filter) + step) % len(FILTERS)])

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("games.rename"), self.rename),
                (tr("games.delete"), self.delete), (tr("games.clear_old"), self.clear_old),
                (tr("games.open_pdn"), self.browse), (tr("games.paste"), self.paste),
                (tr("games.editor"), self.editor), (tr("common.back"), self.on_back)]

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        for _, line in self._entries:  # the pictures of the lines another filter shows too
            line.thumb = None
        s = self.scale
        self.tabs = [Button(tr(f"games.filter.{name}"), partial(self.set_filter, name),
                            px=max(12, round(22 * s)), short=tr(f"games.filter.{name}"))
                     for name in FILTERS]
        self._relabel()
        self._place_tabs()

    def _place_tabs(self) -> None:
        """The switch on the title's line, up to the list's right edge: each choice as wide
        as its words where they fit, else all of them narrowed alike (the words shrink)."""
        s = self.scale
        gap, height, pad = round(10 * s), round(50 * s), round(36 * s)
        title = theme.font(max(24, round(52 * s)), True).size(self.title())[0]
        right, left = self._x(880), self._x(60) + title + round(30 * s)
        room = right - left - gap * (len(self.tabs) - 1)
        widths = [theme.font(tab.px, True).size(tab.label)[0] + pad for tab in self.tabs]
        if sum(widths) > room:
            widths = [max(1, w * room // sum(widths)) for w in widths]
        x = right - sum(widths) - gap * (len(self.tabs) - 1)
        for tab, width in zip(self.tabs, widths):
            tab.rect = pygame.Rect(x, self._y(72) - height // 2, width, height)
            x += width + gap

    def _relabel(self) -> None:
        """The switch's counts and the Delete button's, as they are now."""
        counts = [tr("games.filter.count", label=tr(f"games.filter.{name}"), n=self.count(name))
                  for name in FILTERS]
        if self.tabs and counts != [tab.label for tab in self.tabs]:
            for tab, label in zip(self.tabs, counts):
                tab.label = label
            if hasattr(self, "scale"):
                self._place_tabs()
        for tab, name in zip(self.tabs, FILTERS):
            tab.selected = name == self.filter
        delete = next((b for b in getattr(self, "buttons", []) if b.action == self.delete), None)
        if delete is not None:
            delete.label = tr("games.delete.count", n=len(self.marks)) if self.marks \
                else tr("games.delete")
            delete.short = tr("games.delete")

    def empty_text(self) -> str:
        return tr("games.empty") if self.filter == "all" or not self._entries \
            else tr(f"games.empty.{self.filter}")

    def hint(self) -> str:
        return tr("games.hint.picked", n=len(self.marks)) if self.marks \
            else tr("games.hint.list")

    def is_picked(self, line: Line) -> bool:
        return line.key in self.marks

    def activate(self) -> None:
        """Open the chosen game, replayed from its file, where it was left (a file that cannot
        be opened says why, by name, and stays as it is)."""
        line = self.current
        if line is None or self.app.saves is None:
            return
        self.app.routes.push("open", game_id=line.key, name=line.title)

    def rename(self) -> None:
        line = self.current
        store = self.app.saves
        if line is None or line.problem or store is None:
            return

        def done(name: str) -> None:
            if not name.strip():
                return
            try:
                store.rename(line.key, name)
            except (saves.SaveError, OSError) as error:
                why = error.message() if isinstance(error, saves.SaveError) else str(error)
                self.app.notify(tr("saves.write_failed", why=why), Kind.ERROR)
            self.reload()

        self.app.routes.push("name", question=tr("saves.name.rename"), text=line.title,
                             on_done=done)

    def delete(self) -> None:
        """Delete the marked games after one question naming how many; with none marked, the
        game the cursor is on."""
        line = self.current
        store = self.app.saves
        if store is not None and self.marks:
            keys = [shown.key for shown in self.lines if shown.key in self.marks]
            self.app.scenes.push(ConfirmDialog(
                self.app, f"games.ask.delete_many.{count_form(len(keys))}",
                "games.ask.delete.yes", lambda: self.remove(keys), question_values={"n": len(keys)}))
            return
        if line is None or store is None:
            return

        def gone() -> None:
            try:
                store.delete(line.key)
            except saves.SaveError as error:  # a folder in its place, a folder that refuses
                self.app.notify(error.message(), Kind.ERROR)
            self.reload()

        self.app.scenes.push(ConfirmDialog(self.app, "games.ask.delete", "games.ask.delete.yes",
                                           gone))

    def clear_old(self) -> None:
        """Delete the unfinished games against the computer not played for more than
        :data:`saves.OLD_GAME_DAYS` days (named games, games between two people and finished
        games stay), after a question naming how many; if there are none, it says so."""
        store = self.app.saves
        if store is None:
            return
        keys = [entry.id for entry in store.old_games()]
        saves.tell(self.app, store)
        days = counted("games.days", saves.OLD_GAME_DAYS)
        if not keys:
            self.app.notify(tr("games.clear_old.none", days=days))
            return
        self.app.scenes.push(ConfirmDialog(
            self.app, f"games.ask.clear_old.{count_form(len(keys))}", "games.ask.delete.yes",
            lambda: self.remove(keys), question_values={"n": len(keys)},
            detail=tr("games.clear_old.detail", days=days)))

    def remove(self, keys: list[str]) -> None:
        """Delete the games ``keys`` (the player said yes): how many went, or why some could
        not."""
        store = self.app.saves
        if store is None:
            return
        failed = store.delete_many(keys)
        self.marks.clear()
        self.reload()
        if failed:
            self.app.notify(tr("games.not_deleted", n=len(failed), why=failed[0].message()))
        else:
            self.app.notify(tr("games.deleted", n=len(keys)))

    def paste(self) -> None:
        """Open what the clipboard holds: a PDN game (or several), or a FEN, read first as
        the game the player was last in."""
        text = clipboard_text()
        if text is None:
            self.app.notify(tr("saves.clipboard_empty"), Kind.ERROR)
            return
        last = saves.last_played(entry for entry, _ in self._entries)
        self.app.routes.push("open", text=text, current=last)

    def browse(self) -> None:
        self.app.routes.push("files")

    def editor(self) -> None:
        self.app.routes.push("editor")

    def on_back(self) -> None:
        """Esc: unmark the marked games first, then leave."""
        if self.marks:
            self.marks.clear()
            self._relabel()
            return
        super().on_back()

    def handle_event(self, event: pygame.event.Event) -> bool:
        for tab in self.tabs:
            if tab.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            mods = getattr(event, "mod", None)
            mods = pygame.key.get_mods() if mods is None else mods
            index = self.line_at(event.pos)
            if index is not None and mods & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
                self.mark(index, run=bool(mods & pygame.KMOD_SHIFT))
                return True
        if event.type == pygame.KEYDOWN and self._marking_key(event):
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if event.key == pygame.K_DELETE:
                self.delete()
                return True
            if event.key == pygame.K_F2:
                self.rename()
                return True
            if ctrl and event.key == pygame.K_v:
                self.paste()
                return True
            if ctrl and event.key == pygame.K_o:
                self.browse()
                return True
        return super().handle_event(event)


    def _marking_key(self, event: pygame.event.Event) -> bool:
        """Space (or Ctrl+Space) marks the line, Shift+↑/↓ mark a run, Ctrl+A every line
        shown; ←/→ and Tab switch which games are shown."""
        shift, ctrl = bool(event.mod & pygame.KMOD_SHIFT), bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_SPACE and self.current is not None:
            self.mark(self.selected, run=shift)
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and shift and self.lines:
            self.marks.mark_run([line.key for line in self.lines], self.lines[self.selected].key)
            self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            self.mark(self.selected, run=True)
        elif event.key == pygame.K_a and ctrl:
            self.marks.mark_all(line.key for line in self.lines)
            self._relabel()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.next_filter(1 if event.key == pygame.K_RIGHT else -1)
        elif event.key == pygame.K_TAB:
            self.next_filter(-1 if shift else 1)
        else:
            return False
        return True

    def mark(self, index: int, *, run: bool = False) -> None:
        """Mark or unmark line ``index`` (with ``run``, mark the lines from the last one
        marked to it), and move the cursor there."""
        self.select(index)
        key = self.lines[self.selected].key
        if run:
            self.marks.mark_run([line.key for line in self.lines], key)
        else:
            self.marks.toggle(key)
        self._relabel()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        for tab in self.tabs:
            tab.draw(surface)


def _line(entry: saves.Entry) -> Line:
    """A kept game as the list shows it: its name, then what it is (the game where the name
    does not begin with it, its options where they are not the usual rules, the players, the
    day it was last played) and its result."""
    summary = entry.summary
    if summary is None:
        return Line(tr("games.damaged", name=f"{entry.id}.json"),
                    entry.problem_message() or "", key=entry.id, problem=True)
    game = tr(f"game.{summary.game}")
    title = summary.name or game
    parts = [] if title.startswith(game) else [game]
    parts += option_words(summary.options)
    parts += [" — ".join(player_text(p) for p in summary.players), date_text(summary.saved)]
    # the unfinished games come first, marked, their result saying "unfinished"
    return Line(title, " · ".join(parts), summary.game, _constant(summary.picture), entry.id,
                result=result_text(summary.result), marked=entry.unfinished)


def _constant(picture: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    return lambda: picture
