"""The rules text's variants, pure: troops campaigns in both orders, the swamp and the bayonet
fight, a press that rocks the board; scripted and with random shot results."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.chapaev import (
    ALL_TROOPS,
    Campaign,
    ChapaevMatch,
    ChapaevOptions,
    ExtraShot,
    Lines,
    Next,
    RoundResult,
    ShotReport,
    Troop,
    swamp_row,
)
from game.rules.core import Color, RulesError

W, B = Color.WHITE, Color.BLACK
THREE = (Troop.INFANTRY, Troop.TANKS, Troop.CAVALRY)


def all_of(match: ChapaevMatch, color: Color) -> tuple[tuple[Color, int], ...]:
    return tuple((color, i) for i in sorted(match.on_board(color)))


def win_round(match: ChapaevMatch, winner: Color) -> RoundResult:
    if match.turn is not winner:
        match.record_shot(ShotReport(match.turn, ()))
    verdict = match.record_shot(ShotReport(winner, all_of(match, winner.other)))
    assert verdict.round_result is not None and verdict.round_result.winner is winner
    return verdict.round_result


def win_battle(match: ChapaevMatch, winner: Color) -> RoundResult:
    """``winner`` takes rounds until the other side is pushed off; the last round."""
    battle = match.battle_number
    for _ in range(40):
        result = win_round(match, winner)
        if result.battle_winner is not None:
            assert result.battle_winner is winner and result.battle == battle
            return result
    raise AssertionError("the battle did not end")


# --- troops ----------------------------------------------------------------------------------
def test_a_campaign_needs_different_kinds() -> None:
    with pytest.raises(RulesError):
        ChapaevOptions(troops=())
    with pytest.raises(RulesError):
        ChapaevOptions(troops=(Troop.TANKS, Troop.TANKS))
    assert ChapaevOptions().troops == ALL_TROOPS and len(ALL_TROOPS) == 7
    assert ChapaevOptions().battles_to_win == 1
    assert ChapaevOptions(campaign=Campaign.LOSER_CHANGES).battles_to_win == 7


def test_the_classic_match_is_one_battle_of_plain_pieces() -> None:
    match = ChapaevMatch()
    assert match.troop(W) is match.troop(B) is Troop.INFANTRY
    last = win_battle(match, B)
    assert match.is_over and match.winner is B and last.match_winner is B
    assert last.new_troop is None and last.lines_before == Lines(1, 2)
    assert [b.winner for b in match.battles] == [B] and match.battles[0].rounds == 7


def test_the_loser_changes_troops_and_losing_every_kind_loses_the_game() -> None:
    match = ChapaevMatch(ChapaevOptions(campaign=Campaign.LOSER_CHANGES, troops=THREE))
    assert match.setup().troops == (Troop.INFANTRY, Troop.INFANTRY)
    first = win_battle(match, W)
    # «проигравший играет другим родом войск; противник начинает снова с 1-й линии»
    assert first.lines_before == Lines(7, 8) and first.new_troop == (B, Troop.TANKS)
    assert not match.is_over and match.battle_number == 2
    assert match.lines == Lines(1, 8) and match.troop(W) is Troop.INFANTRY
    assert match.troop(B) is Troop.TANKS and match.troops_left(B) == THREE[1:]
    setup = match.setup()
    assert setup.troops == (Troop.INFANTRY, Troop.TANKS) and setup.battle == 2
    assert len(setup.pieces_of(W)) == len(setup.pieces_of(B)) == 8
    assert match.turn is W, "the winner of the last round shoots first"
    second = win_battle(match, B)  # Black wins with tanks: White moves on
    assert second.new_troop == (W, Troop.TANKS) and match.troop(B) is Troop.TANKS
    win_battle(match, W)
    assert match.troop(B) is Troop.CAVALRY and not match.is_over
    last = win_battle(match, W)  # Black loses its last kind
    assert match.is_over and match.winner is W and last.match_winner is W
    assert (match.battles_won(W), match.battles_won(B)) == (3, 1)
    assert [b.troops for b in match.battles] == [
        (Troop.INFANTRY, Troop.INFANTRY), (Troop.INFANTRY, Troop.TANKS),
        (Troop.TANKS, Troop.TANKS), (Troop.TANKS, Troop.CAVALRY)]


def test_the_winner_changes_troops_and_the_first_through_every_kind_wins() -> None:
    match = ChapaevMatch(ChapaevOptions(campaign=Campaign.WINNER_CHANGES, troops=THREE))
    first = win_battle(match, W)
    assert first.new_troop == (W, Troop.TANKS) and match.troop(B) is Troop.INFANTRY
    win_battle(match, B)
    assert match.troop(B) is Troop.TANKS
    win_battle(match, W)
    assert match.troop(W) is Troop.CAVALRY and not match.is_over
    last = win_battle(match, W)
    assert match.is_over and match.winner is W and last.match_winner is W
    assert last.new_troop is None and match.troop(W) is Troop.CAVALRY


def test_prisoners_come_back_with_a_new_battle() -> None:
    match = ChapaevMatch(ChapaevOptions(campaign=Campaign.LOSER_CHANGES, troops=THREE,
                                        prisoners=True))
    for _ in range(40):
        result = win_round(match, W)
        if result.battle_winner is not None:
            break
    assert match.battles[0].winner is W and match.battle_number == 2
    assert match.piece_count(B) == 8 and match.lines == Lines(1, 8)


# --- the swamp and the bayonet -----------------------------------------------------------------
def to_face_to_face(match: ChapaevMatch, winner: Color) -> None:
    """``winner`` takes rounds until the loser stands on its last line face to face."""
    loser = winner.other
    while not (match.lines.adjacent and match.lines.of(loser) == (1 if loser is W else 8)):
        win_round(match, winner)


def test_pushed_off_the_last_line_a_side_retreats_onto_the_swamp() -> None:
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    to_face_to_face(match, B)
    assert match.lines == Lines(1, 2)
    result = win_round(match, B)
    assert result.to_swamp is W and not match.is_over and result.battle_winner is None
    assert match.lines == Lines(0, 1) and match.swamp_side is W and not match.bayonet
    setup = match.setup()
    assert setup.swamp is W and not setup.bayonet
    assert {p.row for p in setup.pieces_of(W)} == {swamp_row(W)} == {0}
    assert {p.row for p in setup.pieces_of(B)} == {1}
    assert all(p.over is None for p in setup.placements)


def test_lost_on_the_swamp_too_the_bayonet_fight_follows() -> None:
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    to_face_to_face(match, B)
    win_round(match, B)
    result = win_round(match, B)
    assert result.bayonet_next and match.bayonet and match.lines == Lines(0, 1)
    setup = match.setup()
    assert setup.bayonet and setup.swamp is W
    # every attacker lies partly over the defender in its column
    defenders = {p.column: p.piece for p in setup.pieces_of(W)}
    for place in setup.pieces_of(B):
        assert place.over == defenders[place.column] and place.row == 1
    # a drawn bayonet round is fought again
    shooter = match.turn
    match.record_shot(ShotReport(shooter, all_of(match, shooter) + all_of(match, shooter.other),
                                 False))
    assert match.bayonet and match.lines == Lines(0, 1)
    last = win_round(match, B)
    assert match.is_over and match.winner is B and last.battle_winner is B
    assert last.lines_before == Lines(0, 1)


def test_the_side_on_the_swamp_fights_its_way_back() -> None:
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    to_face_to_face(match, B)
    win_round(match, B)
    win_round(match, B)
    assert match.bayonet
    result = win_round(match, W)  # White wins the bayonet fight: it pushes Black back
    assert match.lines == Lines(1, 2) and not match.bayonet and match.swamp_side is None
    assert result.winner is W and not result.bayonet_next
    to_face_to_face(match, W)
    assert match.lines == Lines(7, 8)
    win_round(match, W)
    assert match.lines == Lines(8, 9) and match.swamp_side is B
    assert {p.row for p in match.setup().pieces_of(B)} == {9}


def test_prisoners_in_the_bayonet_fight_fight_it_again_with_a_piece_fewer() -> None:
    match = ChapaevMatch(ChapaevOptions(swamp=True, prisoners=True))
    to_face_to_face(match, B)
    win_round(match, B)
    win_round(match, B)
    result = win_round(match, B)
    assert result.prisoner_from is W and match.bayonet and match.piece_count(W) == 7
    setup = match.setup()
    free = [p for p in setup.pieces_of(B) if p.over is None]
    assert len(free) == 1, "eight attackers over seven defenders: one stands free"
    assert len({p.over for p in setup.pieces_of(B) if p.over}) == 7


def test_a_press_that_rocks_the_board_passes_the_turn_whatever_fell() -> None:
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    verdict = match.record_shot(ShotReport(W, ((B, 0), (B, 1)), True, rocked=True))
    assert verdict.next is Next.TURN_PASSES and match.turn is B
    careful = match.record_shot(ShotReport(B, ((W, 0),), True))
    assert careful.next is Next.SHOOT_AGAIN
    assert ShotReport.of_shot((W, 1), [(B, 2)], rocked=True).rocked


def test_lines_on_the_swamp_are_face_to_face_or_impossible() -> None:
    assert Lines(0, 1).on_swamp() is W and Lines(8, 9).on_swamp() is B
    assert Lines(3, 6).on_swamp() is None
    for white, black in ((0, 2), (0, 9), (7, 9), (-1, 1)):
        with pytest.raises(RulesError):
            Lines(white, black)


# --- random shot results ---------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), prisoners=st.booleans(), swamp=st.booleans(),
       campaign=st.sampled_from(list(Campaign)), kinds=st.integers(1, 3),
       extra=st.sampled_from(list(ExtraShot)))
def test_random_campaigns_keep_the_rules_consistent(seed: int, prisoners: bool, swamp: bool,
                                                    campaign: Campaign, kinds: int,
                                                    extra: ExtraShot) -> None:
    rng = random.Random(seed)
    troops = tuple(rng.sample(list(Troop), kinds))
    options = ChapaevOptions(extra_shot=extra, prisoners=prisoners, swamp=swamp,
                             campaign=campaign, troops=troops)
    match = ChapaevMatch(options)
    for _ in range(6000):
        if match.is_over:
            break
        shooter = match.turn
        pieces = list(match.pieces_on_board())
        # mostly one-sided results, so that battles end in reasonable time
        if rng.random() < 0.5:
            fell = [p for p in pieces if p[0] is not shooter][:rng.randint(1, 8)]
        else:
            fell = rng.sample(pieces, rng.randint(0, min(3, len(pieces))))
        striker = rng.choice([p for p in pieces if p[0] is shooter])
        rocked = match.bayonet and rng.random() < 0.2
        battle = match.battle_number
        verdict = match.record_shot(ShotReport(shooter, tuple(fell), striker not in fell,
                                               rocked))
        lines = match.lines
        assert 0 <= lines.white < lines.black <= 9
        assert swamp or (1 <= lines.white and lines.black <= 8)
        assert not match.bayonet or match.swamp_side is not None
        if rocked:
            assert verdict.next is not Next.SHOOT_AGAIN
        result = verdict.round_result
        if result is not None and result.battle_winner is not None and not match.is_over:
            assert match.battle_number == battle + 1 and match.lines == Lines(1, 8)
            assert result.new_troop is not None
            changed, troop = result.new_troop
            assert match.troop(changed) is troop
            assert (changed is result.battle_winner) is (campaign is Campaign.WINNER_CHANGES)
        if not match.is_over:
            setup = match.setup()
            assert setup.troops == (match.troop(W), match.troop(B))
            assert setup.bayonet is match.bayonet
            assert len(setup.placements) == match.piece_count(W) + match.piece_count(B)
    assert match.is_over, "every campaign ends"
    winner = match.winner
    assert winner is not None
    assert match.battles_won(winner) == options.battles_to_win
    assert match.battles_won(winner.other) < options.battles_to_win
    assert match.rounds[-1].match_winner is winner
