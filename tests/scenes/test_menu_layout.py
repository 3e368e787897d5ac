"""The main menu holds a long collection readably: one column while it fits, then two
columns beside a smaller picture; every entry inside the window, none overlapping, the names
at one size; the arrows go down the columns and across them."""
from __future__ import annotations

import pygame
import pytest

from game import catalog
from game.app import App
from game.demos import open_scene
from game.scenes import menu as menu_module
from game.scenes.menu import MenuScene
from game.settings import MemoryStore
from tests.scenes.helpers import key, step, top


def _menu(size: tuple[int, int], language: str = "ru") -> MenuScene:
    app = App(MemoryStore(), size=size, language=language)
    open_scene(app, "menu")
    step(app)
    scene = top(app)
    assert isinstance(scene, MenuScene)
    return scene


def _check(scene: MenuScene, smallest: int) -> None:
    window = pygame.Rect((0, 0), scene.size)
    buttons = scene.buttons.buttons
    for i, button in enumerate(buttons):
        assert window.contains(button.rect), button.label
        assert button.rect.width / button.rect.height < 12, "a button, not a strip"
        for other in buttons[i + 1:]:
            assert not button.rect.colliderect(other.rect), (button.label, other.label)
    shown: tuple[catalog.GameEntry, ...] = getattr(menu_module, "GAMES")  # as patched below
    games = buttons[scene.offset:scene.offset + len(shown)]
    assert len({b.px for b in games}) == 1, "every game's name at one size"
    assert games[0].px >= smallest


@pytest.mark.parametrize("size, smallest", [((800, 560), 16), ((1280, 800), 24)])
@pytest.mark.parametrize("language", ["ru", "en"])
def test_eight_games_stand_in_two_columns(size: tuple[int, int], smallest: int,
                                          language: str) -> None:
    scene = _menu(size, language)
    assert scene.columns == 2
    _check(scene, smallest)


def test_a_game_more_still_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """One game more than the box has: every entry still inside the window and apart, the
    names at one size and legible (two columns of eight rows at 800x560 take the names from
    16 to 14 pixels)."""
    more = (*catalog.GAMES, catalog.GameEntry("russian", "setup", {"variant": "russian"}))
    monkeypatch.setattr(menu_module, "GAMES", more)
    for size in ((800, 560), (1280, 800)):
        _check(_menu(size), 14 if size[0] == 800 else 22)


def test_the_arrows_go_down_a_column_and_across() -> None:
    scene = _menu((800, 560), "en")
    app = scene.app
    assert isinstance(app, App)
    buttons = scene.buttons.buttons
    labels = [b.label for b in buttons]
    assert labels[scene.buttons.focus] == "Russian draughts"
    first = buttons[scene.buttons.focus].rect
    key(app, pygame.K_RIGHT)  # the games in two columns, the first the longer
    across = scene.buttons.focus
    assert buttons[across].rect.y == first.y and buttons[across].rect.x > first.x
    key(app, pygame.K_DOWN)
    assert scene.buttons.focus == across + 1
    key(app, pygame.K_LEFT)
    assert labels[scene.buttons.focus] == "International draughts"
    key(app, pygame.K_DOWN)
    assert labels[scene.buttons.focus] == "Frisian draughts"


def test_a_short_collection_keeps_one_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menu_module, "GAMES", catalog.GAMES[:4])
    scene = _menu((1280, 800))
    assert scene.columns == 1
    _check(scene, 28)  # nine rows: Continue's is kept whether or not it is shown
