"""The menu keeps every game's button where it is whether Continue is shown or not (a click
meant for Frisian once opened English draughts when Continue went), and after leaving a
Chapaev match unfinished the focus is on Continue, which resumes it (issue 49, items 4, 10)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.play import BoardPlay
from game.play.board_record import record_of_board
from game.rules.core import Color
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.chapaev.setup import ChapaevSetupScene
from game.scenes.common.panel_overlay import PanelOverlay
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.settings import SettingsStore
from tests.scenes.helpers import click, key, step, top
from tests.scenes.test_chapaev_play import at, drag, until_rest


def _app(tmp_path: Path, size: tuple[int, int], language: str = "en") -> App:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": language}), encoding="utf-8")
    app = App(SettingsStore(path), size=size, language=language)
    app.toasts.clear()
    return app


def _menu(app: App) -> MenuScene:
    app.routes.reset("menu")
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    return menu


def _rects(menu: MenuScene) -> dict[str, pygame.Rect]:
    return {b.label: pygame.Rect(b.rect) for b in menu.buttons.buttons
            if b.label != tr("menu.continue")}


@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_buttons_stay_put_when_continue_comes_and_goes(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    app = _app(tmp_path, size, language)
    plain = _menu(app)
    assert plain.resume is None
    without = _rects(plain)
    assert app.saves is not None
    play = BoardPlay("russian")
    play.play_text("c3-d4")
    game_id = app.saves.keep(None, record_of_board(play))
    shown = _menu(app)
    assert shown.resume is not None
    labels = [b.label for b in shown.buttons.buttons]
    assert labels[0] == tr("menu.continue")
    assert _rects(shown) == without, "every entry but Continue where it was"
    continue_rect = shown.buttons.buttons[0].rect
    assert not any(continue_rect.colliderect(r) for r in without.values())
    # the player aims at Frisian; the game to continue goes meanwhile (finished or deleted
    # elsewhere) and the menu is laid out again: the click still opens Frisian
    frisian = without[tr("game.frisian")]
    app.saves.delete(game_id)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    step(app)
    assert shown.resume is None and _rects(shown) == without
    click(app, frisian.center)
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.variant == "frisian"


def test_after_leaving_a_chapaev_match_continue_has_the_focus(tmp_path: Path) -> None:
    app = _app(tmp_path, (1280, 800))
    menu = _menu(app)
    chapaev = next(b for b in menu.buttons.buttons if b.label == tr("game.chapaev"))
    click(app, chapaev.rect.center)
    setup = top(app)
    assert isinstance(setup, ChapaevSetupScene) and setup.start is not None
    click(app, setup.start.rect.center)
    match = top(app)
    assert isinstance(match, ChapaevScene)
    step(app, 60)
    start = at(match, (Color.WHITE, 4))  # White's first shot, straight up the board
    drag(app, start, (start[0], start[1] + round(2 * match.stage.geometry.cell)))
    until_rest(app)
    assert match.play.shots
    key(app, pygame.K_ESCAPE)  # the pause panel
    pause = top(app)
    assert isinstance(pause, PanelOverlay)
    to_menu = next(b for b in pause.buttons.buttons if b.label == tr("chapaev.pause.menu"))
    click(app, to_menu.rect.center)
    step(app)
    back = top(app)
    assert isinstance(back, MenuScene) and back.resume is not None
    assert back.resume.game == "chapaev"
    assert back.buttons.buttons[back.buttons.focus].label == tr("menu.continue")
    key(app, pygame.K_RETURN)  # Enter goes on with the match just left
    step(app)
    assert isinstance(top(app), ChapaevScene)
