"""A Chapaev match saved as a round on the swamp ends reopens: the table it was saved with
belongs to the round that ended, whose swamp the next round may no longer have."""
from __future__ import annotations

from game import saves
from game.app import App
from game.demos import open_scene
from game.demos.chapaev import win_until
from game.play.chapaev_play import ChapaevPlay
from game.play.records import play_from_record
from game.rules.chapaev import ChapaevMatch, ChapaevOptions
from game.rules.core import Color
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.scene import ChapaevScene
from tests.scenes.helpers import step

W, B = Color.WHITE, Color.BLACK


def test_a_round_won_from_the_swamp_is_saved_and_reopens() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    step(app)
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    win_until(match, W, lambda m: m.swamp_side is B)
    scene = app.routes.push("chapaev", play=ChapaevPlay(match=match))
    app.scenes.apply()
    step(app)
    assert isinstance(scene, ChapaevScene) and scene.play.table.swamp is B
    scene.place({(W, 0): (0.5, 4.5), (B, 0): (4.5, 8.5)})  # Black's piece on its swamp
    scene.shoot((W, 0), (-1.0, 0.0), 1.0)  # White's last piece off the board: Black wins
    for _ in range(600):
        if scene.stage.phase is not Phase.SHOT:
            break
        step(app)
    assert scene.play.match.rounds[-1].winner is B
    store = saves.store_for(app)
    assert store is not None
    again = play_from_record(store.load_game(store.unfinished()[0].id))
    assert isinstance(again, ChapaevPlay)
    assert again.match.round_number == scene.play.match.round_number
    assert len(again.shots) == len(scene.play.shots)
