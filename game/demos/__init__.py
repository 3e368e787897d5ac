"""Screens staged for pictures, the frame benchmarks and tests: every screen by a name, in a
state worth seeing (a game in the middle, a piece picked up, a shot in flight, a result).

``open_scene(app, "board-russian")`` puts the menu and the staged screen over it on the
app's stack. The screens come through the app's routes and are moved only by their public
methods, as a player's clicks would move them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.catalog import KEYS
from game.demos import board, chapaev, games
from game.rules import VARIANTS

if TYPE_CHECKING:
    from game.app import App

Staging = Callable[["App"], object]


def _push(route: str, **args: object) -> Staging:
    return lambda app: app.routes.push(route, **args)


def _board(variant: str, stage: str) -> Staging:
    def show(app: App) -> None:
        for scene in board.demo_stack(app, variant, stage):
            app.scenes.push(scene)
    return show


#: staged name -> what puts it on the stack over the menu
SCENES: dict[str, Staging] = {
    "menu": lambda app: None,
    # the first start, the language of the run focused (--lang)
    "first-start": lambda app: app.routes.push("language", focus=app.settings.language),
    "settings": _push("settings"),
    "rules": _push("rules", game_key=KEYS[0]),
    **{f"rules-{key}": _push("rules", game_key=key) for key in KEYS},
    "quit": lambda app: app.routes.push("confirm", question_key="quit.question",
                                        confirm_key="quit.yes", on_confirm=app.quit),
}
for _variant in VARIANTS:
    SCENES[f"setup-{_variant}"] = _board(_variant, "setup")
    SCENES[f"board-{_variant}-start"] = _board(_variant, "start")
    SCENES[f"board-{_variant}"] = _board(_variant, "mid")
    if _variant in board.DEMO_ENDS:
        SCENES[f"board-{_variant}-end"] = _board(_variant, "end")
SCENES["board-end"] = SCENES["board-apokachi-end"]
SCENES["board-russian-review"] = _board("russian", "review")
SCENES["board-clock"] = _board("russian", "clock")
SCENES.update(chapaev.STAGED)
SCENES.update({"games": games.games, "games-marked": games.games_marked,
               "pdn-list": games.pdn_list,
               "menu-continue": games.continue_menu})
SCENES.update({f"editor-{variant}": games.editor(variant) for variant in VARIANTS})
# the combinations trainer: its choice, and a Russian puzzle (the shipped collections)
SCENES.update({"trainer": _push("trainer"), "trainer-russian": _push("trainer", game="russian",
                                                                     seed=1)})


def open_scene(app: App, name: str) -> None:
    """Put the menu and the staged screen ``name`` in place at once (KeyError for unknown
    names)."""
    staging = SCENES[name]
    menu = app.routes.build("menu")
    assert menu is not None
    app.start(menu)
    staging(app)
    app.scenes.apply()
