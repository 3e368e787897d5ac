"""A small file browser for PDN files (there is no system file dialog in the window)."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import tr
from game.scenes.games.list_view import Line, ListScene

if TYPE_CHECKING:
    from game.app_like import AppLike


class FileScene(ListScene):
    """Folders and PDN files, to open one (there is no system file dialog in the window)."""

    key = "files"
    last_folder: Path | None = None

    def __init__(self, app: AppLike, folder: Path | None = None) -> None:
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
        self.app.routes.push("open", path=path)
