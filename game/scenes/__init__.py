"""The screens of the game, and how to reach each one by name (for screenshots and benchmarks)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


def _menu(app: App) -> list[Scene]:
    from game.scenes.menu import MenuScene

    return [MenuScene(app)]


def _settings(app: App) -> list[Scene]:
    from game.scenes.settings import SettingsScene

    return [*_menu(app), SettingsScene(app)]


def _rules(game_key: str) -> Callable[[App], list[Scene]]:
    def build(app: App) -> list[Scene]:
        from game.scenes.rules import RulesScene

        return [*_menu(app), RulesScene(app, game_key)]

    return build


def _quit(app: App) -> list[Scene]:
    menu = _menu(app)
    from game.scenes.dialog import ConfirmDialog

    return [*menu, ConfirmDialog(app, "quit.question", "quit.yes", app.quit)]


#: scene name -> the stack of scenes that shows it, bottom first
SCENES: dict[str, Callable[[App], list[Scene]]] = {
    "menu": _menu,
    "settings": _settings,
    "rules": _rules("russian"),
    "rules-international": _rules("international"),
    "rules-russian": _rules("russian"),
    "rules-apokachi": _rules("apokachi"),
    "rules-chapaev": _rules("chapaev"),
    "rules-english": _rules("english"),
    "rules-brazilian": _rules("brazilian"),
    "rules-russian_giveaway": _rules("russian_giveaway"),
    "rules-international_giveaway": _rules("international_giveaway"),
    "quit": _quit,
}


def _board(variant: str, stage: str) -> Callable[[App], list[Scene]]:
    def build(app: App) -> list[Scene]:
        from game.scenes.board_demo import demo_stack

        return [*_menu(app), *demo_stack(app, variant, stage)]

    return build


# the board games' setup, start, mid-game and end pictures ("board-end": a move-limit end);
# the board module is imported only when one is opened, not when the menu starts
for _variant in ("russian", "international", "apokachi", "english", "brazilian",
                 "russian_giveaway", "international_giveaway"):
    SCENES[f"setup-{_variant}"] = _board(_variant, "setup")
    SCENES[f"board-{_variant}-start"] = _board(_variant, "start")
    SCENES[f"board-{_variant}"] = _board(_variant, "mid")
    SCENES[f"board-{_variant}-end"] = _board(_variant, "end")
SCENES["board-end"] = SCENES["board-apokachi-end"]
SCENES["board-russian-review"] = _board("russian", "review")


def open_scene(app: App, name: str) -> None:
    """Put the stack for scene ``name`` in place at once (raises KeyError for unknown names)."""
    stack = SCENES[name](app)
    app.start(stack[0])
    for scene in stack[1:]:
        app.scenes.push(scene)
    app.scenes.apply()


def _chapaev(name: str) -> Callable[[App], list[Scene]]:
    def build(app: App) -> list[Scene]:
        from game.scenes.chapaev_demo import build_stack

        return [*_menu(app), *build_stack(app, name)]

    return build


SCENES.update({name: _chapaev(name) for name in (
    "chapaev-setup", "chapaev", "chapaev-aim", "chapaev-motion", "chapaev-round-end",
    "chapaev-lines", "chapaev-pause", "chapaev-over")})


def _games(app: App) -> list[Scene]:
    from game.scenes.games import GamesScene, sample_store

    app.saves = sample_store()  # type: ignore[attr-defined]
    return [*_menu(app), GamesScene(app)]


def _pdn_list(app: App) -> list[Scene]:
    from game.scenes.games import PdnListScene, sample_pdn_games

    return [*_menu(app), PdnListScene(app, sample_pdn_games(), "sample.pdn")]


def _continue_menu(app: App) -> list[Scene]:
    from game.scenes.games import sample_store

    app.saves = sample_store()  # type: ignore[attr-defined]
    return _menu(app)


def _editor(variant: str) -> Callable[[App], list[Scene]]:
    def build(app: App) -> list[Scene]:
        from game.scenes.editor import EditorScene, sample_editor

        return [*_menu(app), sample_editor(app, variant)]

    return build


SCENES.update({"games": _games, "pdn-list": _pdn_list, "menu-continue": _continue_menu,
               "editor-russian": _editor("russian"),
               "editor-international": _editor("international"),
               "editor-apokachi": _editor("apokachi")})
