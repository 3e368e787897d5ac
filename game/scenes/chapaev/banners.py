"""What the Chapaev table says in words: the banners over the board and the round's result
as they word it."""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import tr
from game.rules.chapaev import Campaign, ChapaevMatch, RoundResult, RoundSetup, Troop
from game.rules.core import Color
from game.ui.chapaev_panel import color_name
from physics import DiscId


@dataclass(slots=True)
class Banner:
    title: str
    detail: str
    color: Color | None  # whose colours the banner wears (None: neutral)
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration


@dataclass(slots=True)
class Slide:
    disc: DiscId
    start: tuple[float, float]
    end: tuple[float, float]
    appears: bool  # came back from the floor: fades in


def troop_name(troop: Troop) -> str:
    return tr(f"chapaev.troop.{troop.value}")


def capital(text: str) -> str:
    """The sentence with its first letter a capital (Russian side names are lower case)."""
    return text[:1].upper() + text[1:]


def round_banner(match: ChapaevMatch, setup: RoundSetup) -> tuple[str, str, bool]:
    """What the banner says as a round starts: the title, the detail, and whether it is news
    (a new battle with new troops, the swamp, the bayonet fight) that stays up longer."""
    if setup.bayonet:
        return tr("chapaev.banner.bayonet"), tr("chapaev.banner.bayonet_detail"), True
    if setup.swamp is not None:
        return (tr("chapaev.banner.swamp"),
                capital(tr("chapaev.banner.swamp_detail",
                           side=color_name(setup.swamp, "nom"))), True)
    last = match.round_result
    if match.options.campaign is not Campaign.OFF and (last is None
                                                       or last.battle != setup.battle):
        return (tr("chapaev.banner.battle", number=setup.battle),
                tr("chapaev.banner.armies", white=troop_name(setup.troops[0]),
                   black=troop_name(setup.troops[1])), True)
    return (tr("chapaev.banner.round", number=setup.round_number),
            tr("chapaev.banner.first", side=color_name(setup.first, "nom")), False)


def result_text(result: RoundResult, needed: int = 1) -> tuple[str, str]:
    """The round's result as the banner says it: a title and what it does to the lines (or
    to the battle, the troops, the campaign). ``needed``: battles to win the game."""
    if result.match_winner is not None:
        winner = result.match_winner
        loser = winner.other
        if needed > 1:
            return (tr("chapaev.result.campaign", side=capital(color_name(winner, "nom")),
                       won=needed, needed=needed),
                    capital(tr("chapaev.result.pushed_off", side=color_name(loser, "acc"))))
        return (tr("chapaev.result.match", side=color_name(winner, "nom")),
                tr("chapaev.result.pushed_off", side=color_name(loser, "acc")))
    if result.battle_winner is not None:
        title = tr("chapaev.result.battle", number=result.battle,
                   side=color_name(result.battle_winner, "nom"))
        detail = tr("chapaev.result.pushed_off",
                    side=color_name(result.battle_winner.other, "acc"))
        if result.new_troop is not None:
            color, troop = result.new_troop
            detail = tr("chapaev.result.new_troop", side=color_name(color, "acc"),
                        troop=troop_name(troop))
        return capital(title), capital(detail)
    if result.to_swamp is not None:
        return (tr("chapaev.result.won", number=result.round_number,
                   side=color_name(result.winner or result.to_swamp.other, "nom")),
                capital(tr("chapaev.result.to_swamp", side=color_name(result.to_swamp, "nom"))))
    if result.bayonet_next and result.winner is not None and \
            result.lines_before == result.lines_after:
        return (tr("chapaev.result.won", number=result.round_number,
                   side=color_name(result.winner, "nom")),
                capital(tr("chapaev.result.bayonet",
                           side=color_name(result.winner.other, "nom"))))
    if result.winner is None:
        return (tr("chapaev.result.draw", number=result.round_number),
                tr("chapaev.result.lines_stay"))
    winner = result.winner
    loser = winner.other
    title = tr("chapaev.result.won", number=result.round_number,
               side=color_name(winner, "nom"))
    if result.by_last_fallen:
        title = tr("chapaev.result.won_last", number=result.round_number,
                   side=color_name(winner, "nom"))
    before, after = result.lines_before, result.lines_after
    if result.prisoner_from is not None:
        detail = tr("chapaev.result.prisoner", side=color_name(loser, "dat"))
    elif after.of(loser) != before.of(loser):
        detail = tr("chapaev.result.push", side=color_name(winner, "nom"),
                    other=color_name(loser, "acc"), row=after.of(loser))
    else:
        detail = tr("chapaev.result.advance", side=color_name(winner, "acc"),
                    row=after.of(winner))
    return title, detail
