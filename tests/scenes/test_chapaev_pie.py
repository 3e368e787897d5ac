"""Chapaev's pie rule on the screen: after White's first turn the person playing Black is
asked, with two buttons, whether to take White's side; the setup offers the rule, but not
when hosting over the network."""
from __future__ import annotations

import pygame
import pytest

from game.app import FIXED_DT, App
from game.i18n import tr
from game.play.chapaev_play import ChapaevPlay
from game.play.seats import Person
from game.rules.chapaev import ChapaevOptions
from game.rules.core import Color
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.chapaev.setup import HOST_ROWS, ROWS
from game.scenes.common.dialog import ConfirmDialog
from tests.scenes.helpers import click, key, step, top

W, B = Color.WHITE, Color.BLACK


def _asked(language: str) -> tuple[App, ChapaevScene, ConfirmDialog, Person, Person]:
    app = App(language=language)
    white, black = Person(), Person()
    play = ChapaevPlay(ChapaevOptions(pie_rule=True), seats={W: white, B: black})
    scene = app.routes.push("chapaev", play=play)
    assert isinstance(scene, ChapaevScene)
    step(app)
    scene.shoot((W, 0), (1.0, 0.0), 0.02)  # White's first turn: a nudge, nothing falls
    for _ in range(600):
        if isinstance(top(app), ConfirmDialog):
            break
        app.frame(FIXED_DT * 4)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog), "Black is asked after White's first turn"
    assert dialog.question_key == "chapaev.pie.question" and play.pie_pending
    assert not scene.can_shoot, "nobody shoots while the question is open"
    return app, scene, dialog, white, black


@pytest.mark.parametrize("language", ["ru", "en"])
def test_black_takes_whites_side_with_a_click(language: str) -> None:
    app, scene, dialog, white, black = _asked(language)
    labels = [b.label for b in dialog.buttons.buttons]
    assert labels == [tr("chapaev.pie.swap"), tr("chapaev.pie.keep")]
    click(app, dialog.buttons.buttons[0].rect.center)
    assert top(app) is scene
    play = scene.play
    assert play.seats[W] is black and play.seats[B] is white
    assert play.match.pie_swapped is True and play.match.turn is B
    for _ in range(200):
        step(app)
    assert not isinstance(top(app), ConfirmDialog), "asked once"


def test_esc_keeps_the_sides() -> None:
    app, scene, dialog, white, black = _asked("en")
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene
    assert scene.play.match.pie_swapped is False and scene.play.seats[W] is white


def test_the_setup_offers_the_rule_but_not_over_the_network() -> None:
    assert any(row.name == "pie_rule" for row in ROWS)
    assert not any(row.name == "pie_rule" for row in HOST_ROWS)
