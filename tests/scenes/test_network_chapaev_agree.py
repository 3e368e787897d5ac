"""Two Chapaev windows over 127.0.0.1 whose tables agree by themselves: shots pulled with the
mouse on either window, at a slant and longer than a square each way (as a hand pulls), come
to rest on the other window's table bit for bit, with no table set to the host's and no whole
match sent again."""
from __future__ import annotations

import random

from game.play.fingerprints import table_digest
from game.scenes.chapaev.phases import Phase
from game.scenes.common import network
from tests.scenes.helpers import click, top
from tests.scenes.network_helpers import host, join_found, lan, new_app, run
from tests.scenes.test_network_chapaev import at, chapaev_of, drag

__all__ = ["lan"]  # the fixture, used by name
SHOTS = 5


def test_shots_pulled_on_either_window_rest_alike_on_the_other(lan: network.Lan) -> None:
    host_app = new_app(size=(960, 640))
    hosting = chapaev_of(host(host_app, "chapaev"))
    assert hosting.net is not None
    _, _, code = hosting.net.invitation()
    guest_app = new_app(size=(960, 640))
    form = join_found(guest_app, (host_app,), code)
    click(guest_app, form.go.rect.center)
    apps = (host_app, guest_app)
    assert run(apps, lambda: top(guest_app) is not form and top(guest_app) is not None
               and hasattr(top(guest_app), "net")), form.error
    joined = chapaev_of(top(guest_app))
    assert joined.net is not None
    rng = random.Random(46)
    movers = set()
    for n in range(1, SHOTS + 1):
        shooter = hosting.play.match.turn
        window, mover = (host_app, hosting) if hosting.play.seats[shooter].at_window \
            else (guest_app, joined)
        movers.add(window)
        assert run(apps, lambda: mover.can_shoot and mover.play.person_to_shoot
                   and mover.stage.phase is Phase.AIM, timeout=15.0)
        disc = rng.choice(mover.play.table.discs_of(shooter))
        start = at(mover, disc)
        cell = mover.stage.geometry.cell
        # pulled back toward its own side and aside: 1.2 to 1.6 squares each way
        side = rng.choice((-1, 1)) * round(rng.uniform(1.2, 1.6) * cell)
        back = round(rng.uniform(1.2, 1.6) * cell) * (1 if not mover.stage.flipped else -1)
        drag(window, start, (start[0] + side, start[1] + back))
        assert mover.stage.phase is Phase.SHOT, f"shot {n} was not let go"
        assert run(apps, lambda: len(hosting.play.shots) == len(joined.play.shots) == n
                   and hosting.play.table.is_at_rest and joined.play.table.is_at_rest
                   and joined.net is not None and joined.net.net.rests == n, timeout=20.0)
        assert table_digest(joined.play.shots[-1].after) == \
            table_digest(hosting.play.shots[-1].after), f"shot {n} came to rest apart"
    assert len(movers) == 2, "both windows shot"
    assert joined.net is not None and hosting.net is not None
    assert joined.net.net.corrections == 0, "the guest's table was set to the host's"
    assert joined.net.net.syncs == 0, "the guest took the host's whole match"
    assert table_digest(joined.play.table.state()) == table_digest(hosting.play.table.state())
    for scene in (hosting, joined):
        scene.on_leave()
