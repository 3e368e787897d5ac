"""Whole Chapaev matches of the rules text's variants, played through ``ChapaevPlay`` on the
physical table to their end: both troops campaigns, the swamp and the bayonet fight; saved
and continued; every shot replayed; each side's hits and misses."""
from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from game.play import ChapaevPlay, ShotDone
from game.play.chapaev_computer import SimpleShooter
from game.play.chapaev_kinds import kinds_of, table_troops
from game.play.chapaev_record import chapaev_from_record, record_of_chapaev
from game.rules.chapaev import Campaign, ChapaevMatch, ChapaevOptions, Lines, Next, ShotReport, \
    Troop
from game.rules.core import Color
from physics import DEFAULT_CONFIG, Press

W, B = Color.WHITE, Color.BLACK
THREE = (Troop.INFANTRY, Troop.TANKS, Troop.CAVALRY)


def shooters(seed: int, press: float = 0.66) -> dict[Color, SimpleShooter]:
    return {W: SimpleShooter(random.Random(seed), press=press),
            B: SimpleShooter(random.Random(seed + 100), press=press)}


def play_until(play: ChapaevPlay, stop: Callable[[ChapaevPlay], bool] = lambda p: False,
               max_shots: int = 5000) -> None:
    """Play the match on with its seats (as ``run`` does) until ``stop`` or its end, checking
    at every round that the table is what the round's setup says."""
    for _ in range(max_shots):
        if play.is_over or stop(play):
            return
        if play.waiting_next_round:
            play.next_round()
            setup = play.setup
            assert play.table.troops == table_troops(setup.troops)
            assert play.table.troops == table_troops((play.match.troop(W), play.match.troop(B)))
            assert play.table.swamp is setup.swamp
            assert len(play.table.stacks) == (sum(p.over is not None for p in setup.placements))
            continue
        assert play.update() is not None
        play.finish_shot()
        assert set(play.table.discs) == set(play.match.pieces_on_board()) or \
            play.waiting_next_round or play.is_over
    raise AssertionError("the match did not end")


def same_seats(seats: dict[Color, SimpleShooter]) -> dict[Color, SimpleShooter]:
    """Seats that will shoot exactly as ``seats`` will from now on."""
    out = {}
    for color, seat in seats.items():
        rng = random.Random()
        rng.setstate(seat.rng.getstate())
        out[color] = SimpleShooter(rng, press=seat.press)
    return out


def through_json(play: ChapaevPlay) -> ChapaevPlay:
    record = json.loads(json.dumps(record_of_chapaev(play), allow_nan=False))
    return chapaev_from_record(record, with_seats=False)


def shot_log(play: ChapaevPlay) -> list[tuple[object, ...]]:
    return [(r.round_number, r.shot, r.fallen, r.after, r.next) for r in play.shots]


@pytest.mark.parametrize("campaign, seed", [(Campaign.LOSER_CHANGES, 3),
                                            (Campaign.WINNER_CHANGES, 4)])
def test_a_troops_campaign_is_played_to_its_end_saved_and_continued(campaign: Campaign,
                                                                    seed: int) -> None:
    seats = shooters(seed)
    play = ChapaevPlay(ChapaevOptions(campaign=campaign, troops=THREE), seats=seats)
    # into the second battle: save there, and play the saved match on beside the live one
    play_until(play, lambda p: p.match.battle_number == 2 and p.match.shots_in_round == 3)
    assert not play.is_over
    back = through_json(play)
    back.seats = same_seats(seats)
    assert back.match.battle_number == 2 and back.table.state() == play.table.state()
    assert back.table.troops == play.table.troops
    play_until(play)
    play_until(back)
    assert shot_log(back) == shot_log(play), "the continued campaign went exactly the same"
    # shots from before the save (their starting tables rebuilt from the record) and after
    # it play again exactly as they went
    assert all(back.replay(i).same for i in range(0, len(back.shots), 9))

    match = play.match
    winner = match.winner
    assert winner is not None and match.rounds[-1].match_winner is winner
    assert match.battles_won(winner) == len(THREE) > match.battles_won(winner.other)
    # who changed troops after each battle, and what each battle was fought with
    index = {W: 0, B: 0}
    for battle in match.battles:
        assert battle.troops == (THREE[index[W]], THREE[index[B]])
        changes = battle.winner if campaign is Campaign.WINNER_CHANGES else battle.winner.other
        index[changes] += 1
    if campaign is Campaign.LOSER_CHANGES:
        assert index[winner.other] == len(THREE), "the loser has lost every kind"
    else:
        assert index[winner] == len(THREE), "the winner has won with every kind"
    # every shot was played with the battle's troops on the table
    battle_of = {r.round_number: r.battle for r in match.rounds}
    for record in play.shots:
        fought = match.battles[battle_of[record.round_number] - 1].troops
        assert record.after.troops == kinds_of(fought)
    assert {t for b in match.battles for t in b.troops} >= {Troop.INFANTRY, Troop.TANKS}


def test_a_match_on_the_wide_board_goes_through_the_swamp_and_the_bayonet_to_its_end() -> None:
    seats = shooters(4)
    play = ChapaevPlay(ChapaevOptions(swamp=True), seats=seats)
    events: list[object] = []
    for _ in range(5000):  # as run() does, keeping the events
        if play.is_over:
            break
        if play.waiting_next_round:
            play.next_round()
        events.extend(play.events())
        if play.update() is None:
            raise AssertionError("a seat did not shoot")
        play.finish_shot()
        events.extend(play.events())
    match = play.match
    assert match.is_over and match.winner is not None
    loser = match.winner.other
    rounds = match.rounds
    retreats = [r for r in rounds if r.to_swamp is not None]
    assert retreats, "a side retreated onto the swamp"
    # on the swamp the retreated side's pieces stood on the rim, behind the board
    swamp_round = retreats[0].round_number + 1
    first = next(r for r in play.shots if r.round_number == swamp_round)
    assert first.before is not None and first.before.swamp is retreats[0].to_swamp
    ys = [y for d, _, y, _ in first.before.discs if d[0] is retreats[0].to_swamp]
    assert all(y < 0.0 for y in ys) or all(y > 8.0 for y in ys)
    # the last round was the bayonet fight: the attackers lay over the swamp side's pieces,
    # fought by presses, and the side on the swamp lost it
    last = rounds[-1]
    assert last.lines_before.on_swamp() is loser and rounds[-2].bayonet_next
    bayonet = [r for r in play.shots if r.round_number == last.round_number]
    assert bayonet[0].before is not None and len(bayonet[0].before.stacks) == 8
    presses = [r for r in bayonet if r.is_press]
    # both sides may press a piece lying over or under an enemy; the winner's presses won it
    assert any(r.shooter is match.winner for r in presses)
    careful = [r for r in presses if not r.rocked and r.next is Next.SHOOT_AGAIN]
    assert careful and all(len(r.fallen) >= 1 for r in careful)
    started = [e for e in events if getattr(e, "press", False)]
    assert len(started) == len(presses)
    done = [e for e in events if isinstance(e, ShotDone)]
    assert len(done) == len(play.shots)
    # every press of the match plays again to the same table
    for index, record in enumerate(play.shots):
        if record.is_press or index == len(play.shots) - 1:
            assert play.replay(index).same


def bayonet_match() -> ChapaevMatch:
    """A wide-board match at its bayonet fight: Black took every round (told to the rules as
    shot results), White retreated onto its swamp and lost there too; Black to press."""
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    while not match.bayonet:
        if match.turn is W:
            match.record_shot(ShotReport(W, ()))
        match.record_shot(ShotReport(B, tuple((W, i) for i in sorted(match.on_board(W)))))
    assert match.lines == Lines(0, 1) and match.turn is B
    return match


def test_a_press_too_hard_rocks_the_board_and_the_turn_passes_on_the_table() -> None:
    play = ChapaevPlay(match=bayonet_match())
    assert len(play.table.stacks) == 8 and play.table.swamp is W
    assert play.can_press((B, 2)) and not play.can_flick((B, 2))
    with pytest.raises(ValueError):
        play.shoot((B, 2), (0.0, -1.0), 0.5)  # a piece lying over another is pressed
    careful = play.run_press((B, 2), 0.5)
    result = play.last_result
    assert careful.next is Next.SHOOT_AGAIN and result is not None \
        and result.fallen == ((W, 2),)
    gentle = play.run_press((B, 4), 0.15)  # squeezed, but not over the rim: White's turn
    result = play.last_result
    assert gentle.next is Next.TURN_PASSES and result is not None and result.fallen == ()
    # the defender's piece pinned under an attacker presses too: it lifts the attacker off
    assert play.can_press((W, 6))
    play.run_press((W, 6), 0.45)
    assert play.table.partner((W, 6)) is None and play.match.turn is B
    hard = play.run_press((B, 5), 0.97)
    assert play.last_result is not None and play.last_result.rocked
    assert hard.next is Next.TURN_PASSES and play.match.turn is W
    assert play.shots[-1].rocked and play.shots[-1].next is Next.TURN_PASSES
    stats = play.stats()
    assert (stats[B].presses, stats[B].rocks, stats[W].presses) == (3, 1, 1)
    # and all of it is kept: the table with its stacks, the rocked press, the presses
    back = through_json(play)
    assert back.table.state() == play.table.state()
    assert shot_log(back) == shot_log(play)
    assert [r.rocked for r in back.shots] == [False, False, False, True]
    assert isinstance(back.shots[0].shot, Press) and back.replay(3).same
    assert back.match.turn is play.match.turn and back.match.bayonet
    # saved in the middle of the fight, the pieces still lying over others come back
    staged = ChapaevPlay(match=bayonet_match())
    staged.run_press((B, 0), 0.5)
    assert len(staged.table.stacks) == 7
    again = through_json(staged)
    assert again.table.stacks == staged.table.stacks


def test_hits_and_misses_add_up_over_a_match() -> None:
    play = ChapaevPlay(seats=shooters(2))
    play.run()
    stats = play.stats()
    assert stats[W].shots + stats[B].shots == len(play.shots)
    for color in (W, B):
        mine = [r for r in play.shots if r.shooter is color]
        knocked = sum(1 for r in mine for d in r.fallen if d[0] is not color)
        assert stats[color].knocked_off == knocked
        assert stats[color].hits + stats[color].misses == len(mine)
        assert 0.0 <= stats[color].hit_share <= 1.0
    # the winner knocked off the loser's pieces in the last round
    assert play.match.winner is not None
    assert stats[play.match.winner].hits >= 1
    # every shot of the match plays again from where it started to the same table
    for index in range(len(play.shots)):
        replay = play.replay(index)
        assert replay.same and replay.trace.start == play.shots[index].before
    assert DEFAULT_CONFIG.press_threshold < 1.0
