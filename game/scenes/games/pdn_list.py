"""The games of one PDN file: the players, the event, the result; one opens in review."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.scenes.games.list_view import Line, ListScene, result_text

if TYPE_CHECKING:
    from game.app import App
    from game.rules.pdn import PdnGame


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
                                            tags.get("Date", ""), result_text(pdn.result))
                                if x and x != "?")
            lines.append(Line(title, detail, pdn.variant, _pdn_picture(pdn), i))
        return lines

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("games.open"), self.activate), (tr("common.back"), self.on_back)]

    def activate(self) -> None:
        line = self.current
        if line is not None:
            self.app.routes.push("open", pdn=self.games[line.key])


def _pdn_picture(pdn: PdnGame) -> Callable[[], dict[str, Any]]:
    def picture() -> dict[str, Any]:
        try:
            return {"fen": pdn.game().fen()}
        except ValueError:
            return {}

    return picture
