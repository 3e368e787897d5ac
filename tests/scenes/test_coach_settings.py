"""The coach's setting on the Settings screen: all, the combinations only, or off; saved and
remembered, and a hand-edited wrong value refused by name."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.demos import open_scene
from game.scenes.settings import SettingsScene
from game.settings import Settings, SettingsError, SettingsStore, parse_settings
from tests.scenes.helpers import click, step, top


def _button(app: App, value: str) -> pygame.Rect:
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    row = next(r for r in scene.rows if r.label_key == "settings.coach")
    return next(b.rect for b, (_, choice) in zip(row.buttons, row.choices) if choice == value)


def test_the_coach_is_switched_and_remembered(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = App(SettingsStore(path), size=(800, 560), language="en")
    assert (app.settings.coach, app.settings.coach_principles) == (True, True)
    open_scene(app, "settings")
    step(app)
    for choice, expected in (("combinations", (True, False)), ("off", (False, False)),
                             ("all", (True, True)), ("combinations", (True, False))):
        click(app, _button(app, choice).center)
        assert (app.settings.coach, app.settings.coach_principles) == expected
        saved = json.loads(path.read_text())
        assert (saved["coach"], saved["coach_principles"]) == expected
    again = App(SettingsStore(path), language="en")
    assert (again.settings.coach, again.settings.coach_principles) == (True, False)


def test_a_wrong_coach_value_is_named() -> None:
    try:
        parse_settings('{"coach": "yes"}', Settings())
    except SettingsError as error:
        assert "coach" in str(error)
    else:
        raise AssertionError("a text where on/off belongs was taken")
