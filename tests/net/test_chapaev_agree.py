"""Chapaev over the network: both computers simulate every shot, and the two tables come to
rest alike by themselves, bit for bit, with no correction from the host.

A person at a window shoots as the scene does: a piece pulled back like a slingshot (the pull
in squares, of any length, straight from the pointer) and let go, or a piece lying over an
enemy's pressed; the window steps the table frame by frame. The other computer rebuilds the
shot from the message (:class:`~game.net.remote.RemoteSeat`) and runs it to rest at once.
Classic, troops of different kinds, and the wide board's swamp and bayonet fight (presses,
rocking); and a guest whose table was set to the host's (a ``rest``) or who took the host's
whole match (a ``sync``) goes on agreeing afterwards.
"""
from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.net.netplay import NetGame, guest_play, record_of
from game.net.remote import RemoteSeat
from game.play.fingerprints import table_digest
from game.play import ChapaevPlay
from game.play.chapaev_play import shot_direction
from game.play.events import ShotStarted
from game.rules.chapaev import Campaign, ChapaevMatch, ChapaevOptions, ShotReport, Troop
from game.rules.core import Color
from physics import Shot, TableError
from tests.net.pair import End, pair

W, B = Color.WHITE, Color.BLACK
#: a pull shorter than this is no shot, and from FULL on it is full strength (the scene's)
DEAD, FULL = 0.5, 3.0


def window_shot(play: ChapaevPlay, rng: random.Random) -> None:
    """What a person at the window does when it is their shot: a random piece pulled back
    0.6 to 4 squares (the pull as the pointer gives it, not a unit vector) and let go, or
    pressed with a random strength when it lies over or under an enemy piece."""
    color = play.match.turn
    disc = rng.choice(play.table.discs_of(color))
    if play.can_press(disc):
        play.press(disc, rng.uniform(0.2, 1.0))
        return
    angle, pull = rng.uniform(0.0, 2.0 * math.pi), rng.uniform(0.6, 4.0)
    play.shoot(disc, (pull * math.cos(angle), pull * math.sin(angle)),
               min(1.0, (pull - DEAD) / (FULL - DEAD)))


def connect(host_play: ChapaevPlay) -> tuple[NetGame, NetGame, End, End]:
    """The host's match and the guest's copy (built from the host's record, as a joining
    window builds it), a person at each window."""
    a, b = pair()
    host = NetGame(host_play, a, B, host=True)
    play, host_color = guest_play(record_of(host_play), "black")
    assert isinstance(play, ChapaevPlay) and host_color is W
    guest = NetGame(play, b, W, host=False)
    return host, guest, a, b


def frame(net: NetGame, rng: random.Random, *, window: bool, shoot: bool) -> None:
    """One frame of one side: the link, the seats, a person's shot (if ``shoot``), the
    table. A window steps the table by its frame time (which varies); the other side runs
    it to rest."""
    net.poll()
    play = net.play
    assert isinstance(play, ChapaevPlay)
    if play.waiting_next_round:
        play.next_round()
    if not play.in_shot:  # the scene asks the seats only while the table rests
        play.update()
    if shoot and play.person_to_shoot:
        window_shot(play, rng)
    if play.in_shot:
        if window:
            play.advance(rng.choice((1 / 240, 1 / 120, 1 / 60, 1 / 37, 0.05)))
        else:
            play.finish_shot()


def play_on(host: NetGame, guest: NetGame, shots: int, seed: int) -> None:
    """Frames until ``shots`` more shots have been played and the guest has compared its
    table after each with the host's (or the match ended)."""
    rng = random.Random(seed)
    assert isinstance(host.play, ChapaevPlay) and isinstance(guest.play, ChapaevPlay)
    target = len(host.play.shots) + shots
    compared = guest.rests + shots
    for _ in range(20_000):
        frame(host, rng, window=True, shoot=len(host.play.shots) < target)
        frame(guest, rng, window=False, shoot=len(guest.play.shots) < target)
        if (host.play.is_over or guest.rests >= compared) and not host.play.in_shot \
                and not guest.play.in_shot and guest.rests == len(guest.play.shots) \
                == len(host.play.shots):
            return
    raise AssertionError("the match stalled")


def assert_alike(host: ChapaevPlay, guest: ChapaevPlay, since: int = 0) -> None:
    """Both matches have every shot, and the tables after each (from shot ``since`` on)
    and now are the same to the last bit."""
    assert len(guest.shots) == len(host.shots)
    for i, (h, g) in enumerate(zip(host.shots, guest.shots)):
        if i < since:
            continue
        assert table_digest(g.after) == table_digest(h.after), f"shot {i + 1}: {h.shot}"
    assert table_digest(guest.table.state()) == table_digest(host.table.state())


def bayonet_match() -> ChapaevMatch:
    """A wide-board match at its bayonet fight: White retreated onto its swamp, Black's
    pieces lie over White's, Black to press."""
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    while not match.bayonet:
        if match.turn is W:
            match.record_shot(ShotReport(W, ()))
        match.record_shot(ShotReport(B, tuple((W, i) for i in sorted(match.on_board(W)))))
    return match


def troops_match() -> ChapaevMatch:
    """A campaign whose sides field different troops: White lost its first battle (its
    cavalry), so its heavy tanks face Black's cavalry."""
    match = ChapaevMatch(ChapaevOptions(campaign=Campaign.LOSER_CHANGES,
                                        troops=(Troop.CAVALRY, Troop.HEAVY_TANKS,
                                                Troop.SAILORS)))
    while match.troop(W) is match.troop(B):
        if match.turn is W:
            match.record_shot(ShotReport(W, ()))
        match.record_shot(ShotReport(B, tuple((W, i) for i in sorted(match.on_board(W)))))
    return match


def wide_match() -> ChapaevMatch:
    """The wide board from its start: pieces knocked onto a swamp and pushed back over it."""
    return ChapaevMatch(ChapaevOptions(swamp=True))


@pytest.mark.parametrize("start", [ChapaevMatch, troops_match, wide_match, bayonet_match],
                         ids=["classic", "troops", "swamp", "bayonet"])
def test_shots_pulled_at_a_window_rest_alike_on_the_other_computer(
        start: Callable[[], ChapaevMatch]) -> None:
    host_play = ChapaevPlay(match=start())
    host, guest, _, _ = connect(host_play)
    assert isinstance(guest.play, ChapaevPlay)
    play_on(host, guest, 24, seed=7)
    assert len(host_play.shots) >= 10
    assert guest.corrections == 0 and guest.syncs == 0, "the guest's table parted"
    assert_alike(host_play, guest.play)
    if start is troops_match:
        assert len(set(host_play.table.state().troops)) == 2, "two kinds of troops"
    if start is bayonet_match:
        assert any(r.is_press for r in host_play.shots)
        assert any(r.rocked for r in host_play.shots)


def test_a_guest_table_set_to_the_hosts_goes_on_agreeing() -> None:
    host_play = ChapaevPlay(match=wide_match())
    host, guest, _, _ = connect(host_play)
    assert isinstance(guest.play, ChapaevPlay)
    play_on(host, guest, 3, seed=11)
    # the guest's table is nudged between two shots: the next shot comes to rest apart
    # there, and the host's ``rest`` sets it right (from JSON numbers, onto a table whose
    # pymunk bodies went through another shot than the host's)
    state = guest.play.table.state()
    disc = state.discs[0][0]
    moved = tuple((d, x + (0.3 if d == disc else 0.0), y, a) for d, x, y, a in state.discs)
    guest.play.set_table(type(state)(moved, state.troops, state.swamp, state.stacks,
                                     state.sides))
    nudged = len(guest.play.shots)
    play_on(host, guest, 1, seed=12)
    assert guest.corrections == 1
    play_on(host, guest, 30, seed=13)
    assert guest.corrections == 1 and guest.syncs == 0, "parted again after the correction"
    assert_alike(host_play, guest.play, since=nudged)


def test_a_guest_that_took_the_hosts_whole_match_goes_on_agreeing() -> None:
    host_play = ChapaevPlay(match=troops_match())
    host, guest, _, b = connect(host_play)
    assert isinstance(guest.play, ChapaevPlay)
    play_on(host, guest, 12, seed=21)
    before = guest.play.table
    guest.play.shots.pop()  # the guest's match parts from the host's: it asks for the whole
    b.send("outofstep", n=len(guest.play.shots))
    for _ in range(3):
        host.poll()
        guest.poll()
    assert guest.syncs == 1 and guest.play.table is not before  # a table built from a record
    play_on(host, guest, 30, seed=22)
    assert guest.corrections == 0 and guest.syncs == 1
    assert_alike(host_play, guest.play)


def test_the_shot_sent_is_the_shot_simulated() -> None:
    """The seat sends a flick's direction as the table here simulated it, and the other
    side's play takes it unchanged: a pull of any length, however long a side of it."""
    sent: list[dict[str, Any]] = []
    play = ChapaevPlay()
    seat = RemoteSeat(lambda t, **fields: sent.append(fields), play)
    play.set_seat(B, seat)
    play.shoot((W, 2), (0.7, 2.9), 0.8)  # pulled 2.9 squares back and 0.7 aside
    (started,) = [e for e in play.events() if isinstance(e, ShotStarted)]
    seat.hear(started)
    assert started.direction == shot_direction((0.7, 2.9)) == (0.7 / 2.9, 1.0)
    message = json.loads(json.dumps(sent[0]))  # as the wire carries it
    assert (message["dx"], message["dy"]) == started.direction
    again = ChapaevPlay()
    again.act(Shot((W, 2), (message["dx"], message["dy"]), message["strength"]))
    play.finish_shot()
    again.finish_shot()
    assert again.shots[-1].shot == play.shots[-1].shot
    assert table_digest(again.table.state()) == table_digest(play.table.state())


@pytest.mark.parametrize("direction", [(0.3, -4.0), (-1e-9, 7.0), (2.0, 2.0), (-0.5, 0.25),
                                       (1e300, -3e299), (5e-324, 0.0)])
def test_a_direction_has_one_exact_form(direction: tuple[float, float]) -> None:
    once = shot_direction(direction)
    assert shot_direction(once) == once
    assert max(abs(once[0]), abs(once[1])) == 1.0
    assert math.atan2(once[1], once[0]) == pytest.approx(math.atan2(direction[1], direction[0]))


@pytest.mark.parametrize("direction", [(0.0, 0.0), (math.nan, 1.0), (math.inf, 0.0)])
def test_a_direction_that_is_none_is_refused(direction: tuple[float, float]) -> None:
    with pytest.raises(TableError):
        shot_direction(direction)


def test_the_whole_match_asked_for_while_a_shot_rolls_at_the_host_waits_for_its_rest() -> None:
    """A sync sent while the host's table still rolls would lack that shot: the guest would
    take a match a shot behind, lose the shot it had, and wait for a table that never
    comes. The host sends it once its table rests, with the shot."""
    host_play = ChapaevPlay()
    host, guest, a, b = connect(host_play)
    assert isinstance(guest.play, ChapaevPlay)
    play_on(host, guest, 2, seed=31)
    rng = random.Random(32)
    while not host_play.person_to_shoot:  # the host's shot, pulled at its window
        frame(host, rng, window=True, shoot=False)
        frame(guest, rng, window=False, shoot=False)
    window_shot(host_play, rng)
    guest.play.shots.pop()  # and the guest asks for the whole match meanwhile
    b.send("outofstep", n=len(guest.play.shots))
    sent = len(a.sent)
    while host_play.in_shot:
        host.poll()
        host_play.advance(1 / 60)
        assert not any(m.t == "sync" for m in a.sent[sent:]), "a match without its shot"
    host.poll()
    assert [m.t for m in a.sent[sent:]].count("sync") == 1
    play_on(host, guest, 4, seed=33)
    assert guest.syncs == 1 and guest.corrections == 0
    assert_alike(host_play, guest.play)


def test_a_table_with_other_pieces_is_not_set_the_matches_differ() -> None:
    """The safety net sets places, not pieces: a table from the host with a piece more or
    less than the guest's is another match (then the guest asks for the whole match)."""
    play = ChapaevPlay()
    state = play.table.state()
    fewer = type(state)(state.discs[1:], state.troops, state.swamp, state.stacks, state.sides)
    with pytest.raises(ValueError):
        play.set_table(fewer)
    assert play.table.state() == state
