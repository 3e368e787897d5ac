"""The Games screen: every kept game, the unfinished ones first (marked, the most recently
played first), then the finished ones, then the files that cannot be read; open, rename,
delete; open a PDN file, paste a position or a game, set up a position."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import saves
from game.i18n import tr
from game.notices import Kind
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games.list_view import Line, ListScene, date_text, player_text, result_text
from game.ui.clipboard import clipboard_text


class GamesScene(ListScene):
    """Kept games, the unfinished ones first: open, rename, delete; open a PDN file; paste a
    position; set up a position."""

    key = "games"
    title_key = "games.title"

    def load_lines(self) -> list[Line]:
        store = self.app.saves
        entries = store.entries() if store is not None else []
        if store is not None:
            saves.tell(self.app, store)  # files moved aside as the list was read
        lines = []
        for entry in entries:
            summary = entry.summary
            if summary is None:
                lines.append(Line(tr("games.damaged", name=f"{entry.id}.json"),
                                  entry.problem_message() or "", key=entry.id, problem=True))
                continue
            players = " — ".join(player_text(p) for p in summary.players)
            detail = " · ".join((tr(f"game.{summary.game}"), players, date_text(summary.saved)))
            # the unfinished games come first, marked, their result saying "unfinished"
            lines.append(Line(summary.name or tr(f"game.{summary.game}"), detail, summary.game,
                              _constant(summary.picture), entry.id,
                              result=result_text(summary.result), marked=entry.unfinished))
        return lines

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("games.rename"), self.rename),
                (tr("games.delete"), self.delete), (tr("games.open_pdn"), self.browse),
                (tr("games.paste"), self.paste),
                (tr("games.editor"), self.editor), (tr("common.back"), self.on_back)]

    def activate(self) -> None:
        """Open the chosen game, replayed from its file, where it was left (a file that cannot
        be opened says why, by name, and stays as it is)."""
        line = self.current
        if line is None or self.app.saves is None:
            return
        self.app.routes.push("open", game_id=line.key)

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
        line = self.current
        store = self.app.saves
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

    def paste(self) -> None:
        """Open what the clipboard holds: a PDN game (or several), or a FEN."""
        text = clipboard_text()
        if text is None:
            self.app.notify(tr("saves.clipboard_empty"), Kind.ERROR)
            return
        self.app.routes.push("open", text=text)

    def browse(self) -> None:
        self.app.routes.push("files")

    def editor(self) -> None:
        self.app.routes.push("editor")

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
                self.paste()
                return True
            if ctrl and event.key == pygame.K_o:
                self.browse()
                return True
        return super().handle_event(event)


def _constant(picture: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    return lambda: picture
