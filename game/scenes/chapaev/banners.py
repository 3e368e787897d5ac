"""What the Chapaev table says in words: the banners over the board and the round's result
as they word it."""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import tr
from game.rules.chapaev import RoundResult
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


def result_text(result: RoundResult) -> tuple[str, str]:
    """The round's result as the banner says it: a title and what it does to the lines."""
    if result.match_winner is not None:
        loser = result.match_winner.other
        return (tr("chapaev.result.match", side=color_name(result.match_winner, "nom")),
                tr("chapaev.result.pushed_off", side=color_name(loser, "acc")))
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
