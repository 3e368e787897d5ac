"""The first start asks which language to speak, each offered in its own words; the system's
language has the focus; the answer is kept and the menu follows in it."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.__main__ import first_route
from game.app import App
from game.i18n import tr
from game.scenes.language import LanguageScene
from game.scenes.menu import MenuScene
from game.settings import SettingsStore
from game.ui import theme
from tests.scenes.helpers import click, key, step, top


def _first_start(path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> App:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    app = App(SettingsStore(path), size=(800, 560))
    assert app.first_start
    app.routes.reset(first_route(app.first_start, None))
    step(app)
    assert isinstance(top(app), LanguageScene)
    return app


def _saved_language(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["language"])


def test_only_a_first_start_without_a_language_asks() -> None:
    assert first_route(True, None) == "language"
    assert first_route(True, "ru") == "menu", "a language given for this run is not asked"
    assert first_route(False, None) == "menu"


@pytest.mark.parametrize("lang, focused", [("ru_RU.UTF-8", "ru"), ("en_US.UTF-8", "en"),
                                           ("de_DE.UTF-8", "en"), ("C.UTF-8", "en")])
def test_the_systems_language_has_the_focus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            lang: str, focused: str) -> None:
    app = _first_start(tmp_path / "settings.json", monkeypatch, lang)
    scene = top(app)
    assert isinstance(scene, LanguageScene) and scene.focused == focused
    assert not (tmp_path / "settings.json").exists(), "nothing is kept before the answer"


def test_each_language_is_offered_in_its_own_words(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = _first_start(tmp_path / "settings.json", monkeypatch, "de_DE.UTF-8")
    with theme.watching() as log:
        app.redraw()
        step(app)
    drawn = {d.value for d in log.drawn}
    assert {"Русский", "English", "Играть на русском", "Play in English",
            "Выберите язык", "Choose your language"} <= drawn


def test_keys_choose_russian_and_the_menu_follows_in_it(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    app = _first_start(path, monkeypatch, "C.UTF-8")
    key(app, pygame.K_LEFT)
    scene = top(app)
    assert isinstance(scene, LanguageScene) and scene.focused == "ru"
    key(app, pygame.K_RETURN)
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene) and len(app.scenes) == 1
    assert _saved_language(path) == "ru"
    assert menu.buttons.buttons[0].label == "Русские шашки"
    again = App(SettingsStore(path))
    assert not again.first_start and again.settings.language == "ru"


def test_the_mouse_chooses_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    app = _first_start(path, monkeypatch, "ru_RU.UTF-8")
    scene = top(app)
    assert isinstance(scene, LanguageScene) and scene.cards is not None
    english = scene.cards.buttons[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=english.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    assert scene.focused == "en", "the card under the pointer has the focus"
    click(app, english.rect.center)
    step(app)
    assert isinstance(top(app), MenuScene)
    assert _saved_language(path) == "en" and tr("menu.settings") == "Settings"


def test_esc_keeps_the_language_in_focus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    app = _first_start(path, monkeypatch, "ru_RU.UTF-8")
    key(app, pygame.K_ESCAPE)
    step(app)
    assert isinstance(top(app), MenuScene) and app.running
    assert _saved_language(path) == "ru"
