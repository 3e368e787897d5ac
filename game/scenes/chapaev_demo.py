"""Chapaev positions staged for screenshots, the frame benchmark and tests: the table set by
hand (with the match told which pieces left), a shot in flight, a round's end."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.rules.chapaev import ChapaevMatch, ShotReport
from game.rules.core import Color
from game.scenes.chapaev_match import ChapaevPrefs, ChapaevScene, Drag, Phase
from physics import DiscId

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene

W, B = Color.WHITE, Color.BLACK
from game.app import FIXED_DT as STEP


def set_table(scene: ChapaevScene, positions: Mapping[DiscId, tuple[float, float]]) -> None:
    """Leave only ``positions``' pieces on the board (see :meth:`ChapaevPlay.place`)."""
    scene.play.place(positions)
    scene.phase = Phase.AIM
    scene.banner = None
    scene._snapshot()
    scene._prev = scene._cur


def run(scene: ChapaevScene, seconds: float) -> None:
    """Let the scene live ``seconds`` of fixed updates (no drawing)."""
    for _ in range(round(seconds / STEP)):
        scene.fixed_update(STEP)


def settle(scene: ChapaevScene) -> None:
    """Run the shot in flight to rest at once and let the scene take in its result."""
    scene.play.finish_shot()
    scene.fixed_update(STEP)


def play_rounds(match: ChapaevMatch, winners: list[Color | None]) -> None:
    """Decide rounds without a table: each listed side clears the other in one shot
    (``None``: both sides cleared at once)."""
    for winner in winners:
        shooter = match.turn
        if winner is None:
            fell = tuple(match.pieces_on_board())
            match.record_shot(ShotReport(shooter, fell, False))
            continue
        if shooter is not winner:
            match.record_shot(ShotReport(shooter, (), True))  # a miss: the turn passes
        loser = tuple(p for p in match.pieces_on_board() if p[0] is winner.other)
        match.record_shot(ShotReport(winner, loser, True))


def _scene(app: App, prefs: ChapaevPrefs | None = None,
           match: ChapaevMatch | None = None) -> ChapaevScene:
    scene = ChapaevScene(app, prefs, match)
    return scene


def aiming(app: App) -> ChapaevScene:
    """White holds the e1 piece, pulled back toward the lower left, full aiming help."""
    scene = _scene(app)
    scene.banner = None
    x, y = scene.table.position((W, 4))
    scene.drag = Drag((W, 4), (x - 0.55, y - 1.7))
    return scene


def in_motion(app: App) -> ChapaevScene:
    """A full-strength break from e1 into Black's line, a moment after the impact."""
    scene = _scene(app)
    scene.banner = None
    scene.shoot((W, 4), (0.06, 1.0), 1.0)
    run(scene, 0.31)  # the first knock comes at 0.22 s, the shot is over at 0.37 s
    return scene


def round_end(app: App) -> ChapaevScene:
    """The last black piece knocked off: round 1 to White, its banner over the board."""
    scene = _scene(app)
    set_table(scene, {(W, 0): (1.5, 0.5), (W, 3): (3.5, 4.6), (W, 6): (6.4, 2.2),
                      (B, 2): (3.5, 7.1)})
    scene.shoot((W, 3), (0.0, 1.0), 0.75)
    run(scene, 0.5)
    settle(scene)
    run(scene, 0.3)
    return scene


def lines_moving(app: App) -> ChapaevScene:
    scene = round_end(app)
    scene.skip()
    run(scene, 0.5)
    return scene


def match_over(app: App) -> list[Scene]:
    from game.scenes.chapaev_overlays import end_panel

    match = ChapaevMatch()
    play_rounds(match, [W, W, B, W, W, W, W])  # lines 7 and 8: White pushes Black off
    scene = _scene(app, match=match)
    set_table(scene, {(W, 2): (4.4, 6.4), (B, 5): (4.5, 7.55)})
    scene.shoot((W, 2), (0.0, 1.0), 0.4)
    settle(scene)
    run(scene, 0.7)  # the fallen piece has dropped out of sight
    scene.phase = Phase.OVER
    scene.banner = None
    return [scene, end_panel(app, scene)]


def build_stack(app: App, name: str) -> list[Scene]:
    """The scenes that show the staged position ``name`` (without the menu beneath)."""
    from game.scenes.chapaev import ChapaevSetupScene
    from game.scenes.chapaev_overlays import pause_panel

    if name == "chapaev-setup":
        return [ChapaevSetupScene(app, ChapaevPrefs())]
    if name == "chapaev":
        return [_scene(app)]
    if name == "chapaev-aim":
        return [aiming(app)]
    if name == "chapaev-motion":
        return [in_motion(app)]
    if name == "chapaev-round-end":
        return [round_end(app)]
    if name == "chapaev-lines":
        return [lines_moving(app)]
    if name == "chapaev-over":
        return match_over(app)
    if name == "chapaev-pause":
        scene = _scene(app)
        scene.banner = None
        return [scene, pause_panel(app, scene)]
    raise KeyError(name)


NAMES = ("chapaev-setup", "chapaev", "chapaev-aim", "chapaev-motion", "chapaev-round-end",
         "chapaev-lines", "chapaev-pause", "chapaev-over")
