"""The computer at the Chapaev table, as a player sees it: its piece lifts, the band is pulled
back, the shot flies; a person playing Black against it sits at the bottom."""
from __future__ import annotations

import math
import random

import pytest

from game.app import App
from game.i18n import tr
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay
from game.play.seats import Person
from game.rules.core import Color
from game.demos import open_scene
from game.play.players import make_seats
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.chapaev.setup import ChapaevSetupScene
from game.scenes.chapaev.hand import COMPUTER_PULL_SECONDS
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.setup import ChapaevPrefs
from game.app import FIXED_DT
from tests.scenes.helpers import click, step, top

W, B = Color.WHITE, Color.BLACK


@pytest.fixture
def app() -> App:
    app = App(language="ru", size=(800, 500))  # small: the test steps many frames
    open_scene(app, "menu")
    step(app)
    return app


def start(app: App, play: ChapaevPlay) -> ChapaevScene:
    scene = ChapaevScene(app, play)
    app.scenes.replace(scene)
    step(app)
    scene.hide_banner()
    return scene


def test_the_computer_lifts_its_piece_pulls_back_and_shoots(app: App) -> None:
    seat = ChapaevComputer(1, in_process=True, min_delay=0.0, rng=random.Random(3))
    scene = start(app, ChapaevPlay(seats={W: seat}))
    assert seat.hold  # the scene shows the aim before the shot
    pulls: list[float] = []
    held = None
    for _ in range(round(3.0 / FIXED_DT)):
        step(app)
        if scene.hand.drag is not None:
            held = scene.hand.drag.disc
            pulls.append(math.hypot(*scene.hand.drag.pull(scene.play.table.position(held))))
        if scene.stage.phase is Phase.SHOT:
            break
    assert held is not None and held[0] is W  # its piece was lifted
    assert scene.stage.phase is Phase.SHOT and scene.flow.last_shot is not None
    assert scene.flow.last_shot[0] == held and scene.hand.drag is None
    # the pull grew over about COMPUTER_PULL_SECONDS before the piece was let go
    assert pulls[0] < pulls[-1] and pulls == sorted(pulls)
    assert len(pulls) * FIXED_DT >= COMPUTER_PULL_SECONDS * 0.9


def test_a_person_cannot_take_the_computers_piece(app: App) -> None:
    seat = ChapaevComputer(1, in_process=True, min_delay=5.0)  # it waits: the person tries
    scene = start(app, ChapaevPlay(seats={W: seat}))
    x, y = scene.stage.geometry.to_screen(*scene.play.table.position((W, 3)))
    click(app, (round(x), round(y)))
    assert scene.hand.drag is None and scene.stage.phase is Phase.AIM
    assert scene.banners.hint is not None and scene.banners.hint[0] == tr("chapaev.hint.wait")
    assert scene.sidebar.panel_state().hint_key == "chapaev.panel.hint_computer"


def test_playing_black_against_the_computer_from_the_setup(app: App) -> None:
    setup = ChapaevSetupScene(app, ChapaevPrefs(play_as="black", level=2))
    app.scenes.replace(setup)
    step(app)
    setup.begin()
    step(app)
    scene = top(app)
    assert isinstance(scene, ChapaevScene)
    seats = scene.play.seats
    assert isinstance(seats[B], Person) and isinstance(seats[W], ChapaevComputer)
    assert seats[W].level == 2  # type: ignore[attr-defined]
    assert scene.stage.flipped  # Black, the person, at the bottom
    scene.play.close()


def test_the_seats_each_choice_makes() -> None:
    assert all(s.is_person for s in make_seats("two", 3, game="chapaev").values())
    assert not any(s.is_person for s in make_seats("watch", 3, game="chapaev").values())
    white = make_seats("white", 4, game="chapaev")
    black = white[B]
    assert white[W].is_person and isinstance(black, ChapaevComputer) and black.level == 4
    drawn = make_seats("random", 1, random.Random(1), game="chapaev")
    assert sum(s.is_person for s in drawn.values()) == 1
