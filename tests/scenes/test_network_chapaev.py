"""A Chapaev match between two windows over 127.0.0.1: hosted from the menu, joined with the
code, a shot made by a mouse drag on one window is played on the other and both tables come
to rest alike; the panel says whose turn is the friend's; restart and rematch are not offered
from one side alone."""
from __future__ import annotations

import pygame

from game.i18n import tr
from game.play.fingerprints import table_digest
from game.rules.core import Color
from game.scenes.chapaev.overlays import pause_panel
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.common import network
from physics import DiscId
from tests.scenes.helpers import click, step, top
from tests.scenes.network_helpers import host, join_found, lan, new_app, run

__all__ = ["lan"]  # the fixture, used by name
W, B = Color.WHITE, Color.BLACK


def chapaev_of(scene: object) -> ChapaevScene:
    assert isinstance(scene, ChapaevScene)
    return scene


def at(scene: ChapaevScene, disc: DiscId) -> tuple[int, int]:
    x, y = scene.stage.geometry.to_screen(*scene.play.table.position(disc))
    return (round(x), round(y))


def drag(app: object, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press on ``start``, pull to ``end`` in two moves, let go."""
    from game.app import App
    assert isinstance(app, App)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for here, there in ((start, mid), (mid, end)):
        pygame.event.post(pygame.event.Event(
            pygame.MOUSEMOTION, pos=there, rel=(there[0] - here[0], there[1] - here[1]),
            buttons=(1, 0, 0)))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app)


def test_a_shot_dragged_on_one_window_is_played_on_the_other(lan: network.Lan) -> None:
    host_app = new_app()
    hosting = chapaev_of(host(host_app, "chapaev"))
    assert hosting.net is not None and hosting.net.state == "waiting"
    _, _, code = hosting.net.invitation()
    guest_app = new_app()
    form = join_found(guest_app, (host_app,), code)
    click(guest_app, form.go.rect.center)
    apps = (host_app, guest_app)
    assert run(apps, lambda: isinstance(top(guest_app), ChapaevScene)), form.error
    joined = chapaev_of(top(guest_app))
    shooter = hosting.play.match.turn
    window, mover, watcher = (host_app, hosting, joined) if \
        hosting.play.seats[shooter].at_window else (guest_app, joined, hosting)
    assert run(apps, lambda: mover.can_shoot and mover.play.person_to_shoot
               and joined.net is not None and joined.net.state == "playing")
    # the watching side's panel says the friend is aiming
    assert watcher.sidebar.panel_state().hint_key == "net.panel.friend_turn"
    disc: DiscId = (shooter, 4)
    start = at(mover, disc)
    cell = mover.stage.geometry.cell
    pull = (start[0], start[1] + round(1.5 * cell)) if not mover.stage.flipped else \
        (start[0], start[1] - round(1.5 * cell))
    drag(window, start, pull)
    assert mover.stage.phase is Phase.SHOT and mover.flow.last_shot is not None
    assert run(apps, lambda: len(watcher.play.shots) == 1 and watcher.play.table.is_at_rest
               and mover.play.table.is_at_rest and watcher.stage.phase is not Phase.SHOT,
               timeout=15.0)
    assert watcher.flow.last_shot is not None and watcher.flow.last_shot[0] == disc
    # the host's resting table is the guest's (set to it, if it came to rest a hair apart)
    assert run(apps, lambda: joined.net is not None and joined.net.net.rests >= 1)
    assert table_digest(joined.play.shots[-1].after) == table_digest(hosting.play.shots[-1].after)
    assert table_digest(joined.play.table.state()) == table_digest(hosting.play.table.state())
    # a guest that fell out of step takes the host's whole match, shown at once
    assert joined.net is not None
    joined.play.shots.pop()
    joined.net.session.send("outofstep", n=0)
    assert run(apps, lambda: joined.net is not None and joined.net.net.syncs >= 1)
    assert len(joined.play.shots) == len(hosting.play.shots)
    assert joined.stage.phase is Phase.AIM and joined.play.table.is_at_rest
    assert table_digest(joined.play.table.state()) == table_digest(hosting.play.table.state())
    # one side alone neither restarts the round nor starts the match again
    labels = [a.label for a in pause_panel(host_app, hosting.choices).panel_actions]
    assert tr("chapaev.pause.restart") not in labels and tr("chapaev.pause.new") not in labels
    for scene in (hosting, joined):
        scene.on_leave()
