"""Panels over the Chapaev table: the pause menu and the end of the match, each a
:class:`PanelOverlay` with the match's texts and the scene's actions."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.i18n import tr
from game.play.chapaev_play import SideStats
from game.rules.chapaev import Campaign
from game.rules.core import Color
from game.scenes.chapaev.choices import MatchChoices
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelAction, PanelOverlay
from game.ui.chapaev_panel import color_name, round_score

if TYPE_CHECKING:
    from game.app_like import AppLike


def back_to_menu(app: AppLike, choices: MatchChoices) -> None:
    """The menu, with the focus on Chapaev, or on Continue where Continue resumes the match
    just left (kept unfinished)."""
    app.routes.reset("menu", focus="chapaev", left=choices.file)


def leave(app: AppLike, choices: MatchChoices) -> None:
    """Back to the menu; a match over the network is asked about first (it is kept)."""
    if choices.over_network:
        app.scenes.push(ConfirmDialog(app, "net.ask.leave", "net.ask.leave.yes",
                                      lambda: back_to_menu(app, choices)))
    else:
        back_to_menu(app, choices)


def pause_panel(app: AppLike, choices: MatchChoices) -> PanelOverlay:
    """Esc during a match: resume, restart the round, a new match, resign, the rules, save,
    or back to the menu. Leaving asks nothing: the match is kept (Continue resumes it)."""
    match = choices.match

    def rules() -> None:
        app.routes.push("rules", game_key="chapaev")

    def new_match() -> None:
        if choices.in_progress:  # asked once; the match left stays in the Games list
            app.scenes.push(ConfirmDialog(app, "chapaev.pause.new_question",
                                          "chapaev.pause.new_yes", choices.new_match))
        else:
            choices.new_match()

    actions = [PanelAction(tr("chapaev.pause.resume"), lambda: None)]
    if not choices.over_network:  # one side alone does not start the round or match again
        actions += [PanelAction(tr("chapaev.pause.restart"), choices.restart_round),
                    PanelAction(tr("chapaev.pause.new"), new_match)]
    side = choices.resigning_side
    if side is not None:
        def resign() -> None:
            app.scenes.push(ConfirmDialog(app, f"board.ask.resign.{side.name.lower()}",
                                          "board.ask.resign.yes", choices.resign))
        actions.append(PanelAction(tr("chapaev.pause.resign"), resign))
    actions += [PanelAction(tr("chapaev.pause.rules"), rules, close=False),
                PanelAction(tr("board.save"), choices.save_as),
                PanelAction(tr("chapaev.pause.menu"), lambda: leave(app, choices), close=False)]
    return PanelOverlay(
        app, tr("chapaev.pause.title"),
        [tr("chapaev.pause.where", number=match.round_number, white=match.lines.white,
            black=match.lines.black), tr("chapaev.pause.kept")],
        actions, key="chapaev-pause")


def end_panel(app: AppLike, choices: MatchChoices) -> PanelOverlay:
    """The match is over: who won, how, then a rematch or the menu."""
    match = choices.match
    winner = match.winner
    title = (tr("chapaev.over.title", side=color_name(winner, "nom")) if winner is not None
             else tr("chapaev.over.title_none"))
    wins, draws = round_score(match)
    loser = (winner or Color.WHITE).other
    how = tr("chapaev.over.resigned", side=color_name(loser, "plural_short"),
             rounds=len(match.rounds)) if match.resigned else \
        tr("chapaev.over.how", side=color_name(loser, "acc"), rounds=len(match.rounds))
    lines = [how,
             tr("chapaev.over.score", white=wins[Color.WHITE], black=wins[Color.BLACK],
                draws=draws)]
    if match.options.campaign is not Campaign.OFF:
        lines.append(tr("chapaev.over.battles", white=match.battles_won(Color.WHITE),
                        black=match.battles_won(Color.BLACK)))
    lines += stats_lines(choices.play.stats())
    menu = PanelAction(tr("chapaev.over.menu"), lambda: back_to_menu(app, choices),
                       close=False)
    actions = [] if choices.over_network else \
        [PanelAction(tr("chapaev.over.rematch"), choices.new_match)]
    if choices.play.shots:
        actions.append(PanelAction(tr("chapaev.panel.replay"), choices.replay_last))
    return PanelOverlay(app, title, lines, [*actions, menu],
                        key="chapaev-over", icon=winner, back=menu)


def stats_lines(stats: Mapping[Color, SideStats]) -> list[str]:
    """Each side's shots, hits and misses over the match (and its presses, if any)."""
    lines = []
    for color in (Color.WHITE, Color.BLACK):
        side = stats[color]
        line = tr("chapaev.over.stats", side=color_name(color, "plural_short"),
                  shots=side.shots, hits=side.hits, misses=side.misses,
                  knocked=side.knocked_off)
        if side.presses:
            line += "; " + tr("chapaev.over.stats_presses", presses=side.presses,
                              rocks=side.rocks)
        lines.append(line)
    return lines
