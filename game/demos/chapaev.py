"""Chapaev positions staged for screenshots, the frame benchmark and tests: the table set by
hand (with the match told which pieces left), a shot in flight, a round's end. The scenes
come through the routes and are moved only by their public methods."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from game.play.chapaev_play import ChapaevPlay
from game.rules.chapaev import Campaign, ChapaevMatch, ChapaevOptions, ShotReport, Troop
from game.rules.core import Color
from physics import DiscId

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.chapaev.scene import ChapaevScene

W, B = Color.WHITE, Color.BLACK
STEP = 1.0 / 120.0


def set_table(scene: ChapaevScene, positions: Mapping[DiscId, tuple[float, float]]) -> None:
    """Leave only ``positions``' pieces on the board (see :meth:`ChapaevPlay.place`)."""
    scene.place(positions)


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


def _scene(app: App, match: ChapaevMatch | None = None, **args: Any) -> ChapaevScene:
    """A match's screen, shown over the ones already on the stack."""
    scene = app.routes.push("chapaev", play=ChapaevPlay(match=match), **args)
    app.scenes.apply()
    return cast("ChapaevScene", scene)


def aiming(app: App) -> ChapaevScene:
    """White holds the e1 piece, pulled back toward the lower left, full aiming help."""
    scene = _scene(app)
    scene.hide_banner()
    x, y = scene.play.table.position((W, 4))
    scene.hold((W, 4), (x - 0.55, y - 1.7))
    return scene


def in_motion(app: App) -> ChapaevScene:
    """A full-strength break from e1 into Black's line, a moment after the impact."""
    scene = _scene(app)
    scene.hide_banner()
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


def match_over(app: App) -> ChapaevScene:
    """White pushes Black off its last line: the match's end panel over the table."""
    match = ChapaevMatch()
    play_rounds(match, [W, W, B, W, W, W, W])  # lines 7 and 8: one round more ends it
    scene = _scene(app, match=match)
    set_table(scene, {(W, 2): (4.4, 6.4), (B, 5): (4.5, 7.55)})
    scene.shoot((W, 2), (0.0, 1.0), 0.4)
    settle(scene)
    scene.skip()  # past the result's banner: the end panel is asked for
    run(scene, 0.7)  # the fallen piece has dropped out of sight
    return scene


def paused(app: App) -> ChapaevScene:
    scene = _scene(app)
    scene.hide_banner()
    scene.on_back()  # Esc: the pause panel
    return scene


def win_until(match: ChapaevMatch, winner: Color, done: Callable[[ChapaevMatch], bool]) -> None:
    """``winner`` wins rounds until ``done(match)`` (a new battle, the swamp, the bayonet)."""
    for _ in range(40):
        if done(match):
            return
        play_rounds(match, [winner])
    raise RuntimeError("the match never got there")


def troops_match(white: Troop, black: Troop, campaign: Campaign = Campaign.LOSER_CHANGES
                 ) -> ChapaevMatch:
    """A campaign in its second battle with ``white``'s troops against ``black``'s: White won
    the first battle and Black, the loser, moved on to its next kind."""
    rest = tuple(t for t in Troop if t not in (white, black))
    match = ChapaevMatch(ChapaevOptions(campaign=campaign, troops=(white, black, *rest)))
    win_until(match, W, lambda m: m.battle_number == 2)
    return match


def troops(app: App) -> ChapaevScene:
    """Cavalry (White) against heavy tanks (Black) at the start of the second battle."""
    scene = _scene(app, match=troops_match(Troop.CAVALRY, Troop.HEAVY_TANKS))
    run(scene, 0.4)
    return scene


def troops_more(app: App) -> ChapaevScene:
    """Motorcyclists (White) against artillery (Black), a shot in mid-flight."""
    scene = _scene(app, match=troops_match(Troop.MOTORCYCLISTS, Troop.ARTILLERY))
    scene.hide_banner()
    return scene


def swamp(app: App) -> ChapaevScene:
    """The wide board: Black has retreated onto its swamp behind row 8."""
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    win_until(match, W, lambda m: m.swamp_side is B)
    scene = _scene(app, match=match)
    run(scene, 0.5)
    return scene


def bayonet(app: App) -> ChapaevScene:
    """The bayonet fight on Black's swamp: White's d-piece pressed enough to push the piece
    below off (its gauge green, the rock line ahead)."""
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    win_until(match, W, lambda m: m.bayonet)
    scene = _scene(app, match=match)
    scene.hide_banner()
    scene.hold_press((W, 3), 1.3)
    return scene


def replay(app: App) -> ChapaevScene:
    """The opening break played again slowly, halfway through, its paths traced."""
    scene = _scene(app)
    scene.hide_banner()
    scene.shoot((W, 4), (0.06, 1.0), 1.0)
    settle(scene)
    scene.hide_banner()
    scene.start_replay()
    run(scene, 1.6)
    return scene


def setup(app: App) -> None:
    app.routes.push("chapaev-setup")


#: staged name -> what puts it on the stack (over the menu)
STAGED: dict[str, Callable[[App], object]] = {"chapaev-setup": setup, "chapaev": _scene, "chapaev-aim": aiming,
          "chapaev-motion": in_motion, "chapaev-round-end": round_end,
          "chapaev-lines": lines_moving, "chapaev-pause": paused, "chapaev-over": match_over,
          "chapaev-troops": troops, "chapaev-troops-more": troops_more,
          "chapaev-swamp": swamp, "chapaev-bayonet": bayonet, "chapaev-replay": replay}
