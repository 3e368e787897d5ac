"""Panels over the Chapaev table: the pause menu and the end of the match, each a
:class:`PanelOverlay` with the match's texts and the scene's actions."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.i18n import tr
from game.play.chapaev_play import SideStats
from game.rules.chapaev import Campaign
from game.rules.core import Color
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelAction, PanelOverlay
from game.ui.chapaev_panel import color_name, round_score

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.chapaev.scene import ChapaevScene


def back_to_menu(app: App) -> None:
    app.routes.reset("menu", focus="chapaev")


def pause_panel(app: App, scene: ChapaevScene) -> PanelOverlay:
    """Esc during a match: resume, restart the round, the rules, or back to the menu."""
    match = scene.match

    def rules() -> None:
        app.routes.push("rules", game_key="chapaev")

    def menu() -> None:
        if scene.play.shots:
            app.scenes.push(ConfirmDialog(app, "chapaev.pause.menu_question",
                                          "chapaev.pause.menu_yes", lambda: back_to_menu(app)))
        else:  # nothing played yet: nothing to lose, as in the board games
            back_to_menu(app)

    return PanelOverlay(
        app, tr("chapaev.pause.title"),
        [tr("chapaev.pause.where", number=match.round_number, white=match.lines.white,
            black=match.lines.black)],
        [PanelAction(tr("chapaev.pause.resume"), lambda: None),
         PanelAction(tr("chapaev.pause.restart"), scene.restart_round),
         PanelAction(tr("chapaev.pause.rules"), rules, close=False),
         PanelAction(tr("chapaev.pause.menu"), menu, close=False),
         PanelAction(tr("board.save"), scene.save_as)],
        key="chapaev-pause")


def end_panel(app: App, scene: ChapaevScene) -> PanelOverlay:
    """The match is over: who won, how, then a rematch or the menu."""
    match = scene.match
    winner = match.winner
    title = (tr("chapaev.over.title", side=color_name(winner, "nom")) if winner is not None
             else tr("chapaev.over.title_none"))
    wins, draws = round_score(match)
    loser = (winner or Color.WHITE).other
    lines = [tr("chapaev.over.how", side=color_name(loser, "acc"), rounds=len(match.rounds)),
             tr("chapaev.over.score", white=wins[Color.WHITE], black=wins[Color.BLACK],
                draws=draws)]
    if match.options.campaign is not Campaign.OFF:
        lines.append(tr("chapaev.over.battles", white=match.battles_won(Color.WHITE),
                        black=match.battles_won(Color.BLACK)))
    lines += stats_lines(scene.play.stats())
    menu = PanelAction(tr("chapaev.over.menu"), lambda: back_to_menu(app), close=False)
    actions = [PanelAction(tr("chapaev.over.rematch"), scene.rematch)]
    if scene.play.shots:
        actions.append(PanelAction(tr("chapaev.panel.replay"), scene.replay_last))
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
