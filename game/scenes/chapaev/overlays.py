"""Panels over the Chapaev table: the pause menu and the end of the match, each a
:class:`PanelOverlay` with the match's texts and the scene's actions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import tr
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
    menu = PanelAction(tr("chapaev.over.menu"), lambda: back_to_menu(app), close=False)
    return PanelOverlay(app, title, lines,
                        [PanelAction(tr("chapaev.over.rematch"), scene.rematch), menu],
                        key="chapaev-over", icon=winner, back=menu)
