"""The games of one PDN file: the players, the event, the result (each line made when first
shown); one opens in review."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.scenes.games.list_view import LazyLines, Line, ListScene, result_text

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.rules.pdn import PdnGame


class PdnListScene(ListScene):
    """The games of one PDN file (``pasted``: of text from the clipboard): the players, the
    event, the result; one opens in review."""

    key = "pdn-list"

    def __init__(self, app: AppLike, games: Sequence[PdnGame], name: str,
                 pasted: bool = False) -> None:
        self.games = list(games)
        self.name = name
        self.pasted = pasted
        super().__init__(app)

    def title(self) -> str:
        return self.name

    def load_lines(self) -> LazyLines:
        return LazyLines(len(self.games), self._line)

    def _line(self, index: int) -> Line:
        pdn = self.games[index]
        tags = pdn.tags
        title = f"{tags.get('White', '?')} — {tags.get('Black', '?')}"
        detail = " · ".join(x for x in (tr(f"game.{pdn.variant}"), tags.get("Event", ""),
                                        tags.get("Date", ""))
                            if x and x != "?")
        return Line(title, detail, pdn.variant, _pdn_picture(pdn), index,
                    result=result_text(pdn.result))

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("common.back"), self.on_back)]

    def activate(self) -> None:
        line = self.current
        if line is not None:
            # a game that does not replay is said of this file (or of the clipboard)
            self.app.routes.push("open", pdn=self.games[line.key], name=self.name,
                                 pasted=self.pasted)


def _pdn_picture(pdn: PdnGame) -> Callable[[], dict[str, Any]]:
    def picture() -> dict[str, Any]:
        try:
            return {"fen": pdn.game().fen()}
        except ValueError:
            return {}

    return picture
