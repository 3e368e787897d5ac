"""The Chapaev scene driven like a player would: posted mouse events on the real app."""
from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.play.chapaev_play import ChapaevPlay
from game.app import App
from game.i18n import tr
from game.rules.chapaev import BoardView, Campaign, ChapaevOptions, Lines, Next
from game.rules.core import Color
from game.demos import open_scene
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.chapaev.setup import ChapaevSetupScene
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.setup import ChapaevPrefs
from game.scenes.common.panel_overlay import PanelOverlay
from game.ui.chapaev_view import DEAD_PULL, FULL_PULL, pull_strength
from physics import DiscId
from tests.scenes.helpers import key, step, top

W, B = Color.WHITE, Color.BLACK


@pytest.fixture
def app() -> App:
    app = App(language="ru")
    open_scene(app, "chapaev")
    step(app)
    return app


def scene_of(app: App) -> ChapaevScene:
    scene = top(app)
    assert isinstance(scene, ChapaevScene)
    return scene


def phase(scene: ChapaevScene) -> Phase:
    """The scene's phase now (a frame may change it)."""
    return scene.stage.phase


def at(scene: ChapaevScene, disc: DiscId) -> tuple[int, int]:
    x, y = scene.stage.geometry.to_screen(*scene.play.table.position(disc))
    return (round(x), round(y))


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


_hand = [(0, 0)]  # where the (simulated) hand is: motion events carry the delta from there


def press(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - _hand[0][0], pos[1] - _hand[0][1]),
         buttons=(0, 0, 0))
    _hand[0] = pos
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    step(app)


def move(app: App, pos: tuple[int, int]) -> None:
    """Move the hand to ``pos``."""
    post(pygame.MOUSEMOTION, pos=pos,
         rel=(pos[0] - _hand[0][0], pos[1] - _hand[0][1]), buttons=(1, 0, 0))
    _hand[0] = pos
    step(app)


def release(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    step(app)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    press(app, start)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    move(app, mid)
    move(app, end)
    release(app, end)


def until_rest(app: App, limit: int = 1500) -> None:
    """Frames until the shot is over (a few seconds of game time at most)."""
    scene = scene_of(app)
    for _ in range(limit):
        if scene.stage.phase is not Phase.SHOT:
            return
        step(app)
    raise AssertionError("the shot never came to rest")


def frames_for(seconds: float) -> int:
    return math.ceil(seconds * 120) + 2


def test_a_drag_and_release_flicks_the_piece_away_from_the_pointer(app: App) -> None:
    scene = scene_of(app)
    cell = scene.stage.geometry.cell
    start = at(scene, (W, 4))
    pointer = (start[0] - round(1.5 * cell), start[1] + round(1.0 * cell))  # down and left
    drag(app, start, pointer)
    assert scene.stage.phase is Phase.SHOT and not scene.play.table.is_at_rest
    assert scene.flow.last_shot is not None
    disc, direction, strength = scene.flow.last_shot
    assert disc == (W, 4)
    # away from the pointer: up and to the right on the board, as the pull was drawn
    norm = math.hypot(*direction)
    assert direction[0] / norm == pytest.approx(1.5 / math.hypot(1.5, 1.0), abs=0.02)
    assert direction[1] / norm == pytest.approx(1.0 / math.hypot(1.5, 1.0), abs=0.02)
    # 1.8 squares of pull: about half strength, as anywhere on the board
    assert strength == pytest.approx(pull_strength(math.hypot(1.5, 1.0)), abs=0.02)
    assert 0.45 < strength < 0.6
    state = next(s for s in scene.play.table.disc_states() if s.disc == (W, 4))
    speed = math.hypot(state.vx, state.vy)
    expected = scene.stage.config.speed_for(strength)
    # one 1/120 s frame of friction already taken off
    assert speed == pytest.approx(expected - scene.stage.config.friction_decel / 120, abs=0.05)
    assert state.vx > 0 and state.vy > 0


def test_a_long_pull_is_capped_at_full_strength(app: App) -> None:
    scene = scene_of(app)
    start = at(scene, (W, 0))
    pointer = (start[0] + round(4.2 * scene.stage.geometry.cell), start[1])
    assert 4.2 > FULL_PULL
    drag(app, start, pointer)
    assert scene.flow.last_shot is not None
    disc, direction, strength = scene.flow.last_shot
    assert disc == (W, 0) and strength == 1.0
    assert direction[0] < 0 and abs(direction[1]) < 0.02 * abs(direction[0])
    until_rest(app)
    assert scene.play.table.last_result is not None
    assert scene.play.table.last_result.fallen == ((W, 0),), "straight off the left edge"
    assert scene.play.match.turn is B


def test_black_pulls_back_past_the_top_of_the_window_at_full_strength(app: App) -> None:
    scene = scene_of(app)
    cell = scene.stage.geometry.cell
    white = at(scene, (W, 7))
    drag(app, white, (white[0], white[1] + round(0.8 * cell)))  # a gentle first shot
    until_rest(app)
    assert scene.play.match.turn is B and scene.can_shoot
    start = at(scene, (B, 3))
    # the hand goes 3.5 squares up, far past the window's top edge: near the edge the
    # pointer is put back in the window's middle (the system echoes that move), and the
    # mouse carries on from there
    press(app, start)
    near_top = (start[0], start[1] - round(1.0 * cell))
    move(app, near_top)
    middle = (scene.size[0] // 2, scene.size[1] // 2)
    assert pygame.mouse.get_pos() == middle
    step(app)  # the echo
    left = round(3.5 * cell) - (start[1] - near_top[1])
    _hand[0] = middle
    end = (middle[0], middle[1] - left)
    move(app, end)
    release(app, end)
    assert scene.flow.last_shot is not None
    disc, direction, strength = scene.flow.last_shot
    assert disc == (B, 3) and strength == 1.0
    assert direction[1] < 0 and abs(direction[0]) < 0.02 * abs(direction[1]), "straight down"


def test_a_drag_on_a_black_piece_in_the_first_round_does_nothing(app: App) -> None:
    scene = scene_of(app)
    start = at(scene, (B, 3))
    drag(app, start, (start[0], start[1] - 2 * scene.stage.geometry.cell))
    assert scene.play.table.is_at_rest and scene.flow.last_shot is None and scene.hand.drag is None
    assert scene.play.match.turn is W
    assert scene.banners.hint is not None and tr("chapaev.side.white.nom") in scene.banners.hint[0]


def test_a_drag_while_pieces_move_does_nothing(app: App) -> None:
    scene = scene_of(app)
    scene.shoot((W, 4), (0.0, 1.0), 1.0)
    step(app)
    assert not scene.play.table.is_at_rest
    start = at(scene, (W, 0))
    drag(app, start, (start[0] + 50, start[1] + 80))
    assert scene.flow.last_shot is not None and scene.flow.last_shot[0] == (W, 4)
    assert scene.hand.drag is None
    assert scene.play.table.position((W, 0)) == pytest.approx((0.5, 0.5))


@pytest.mark.parametrize("how", ["escape", "right_button", "on_the_piece"])
def test_a_cancelled_drag_shoots_nothing(app: App, how: str) -> None:
    scene = scene_of(app)
    start = at(scene, (W, 2))
    press(app, start)
    assert scene.hand.drag is not None and scene.hand.drag.disc == (W, 2)
    pulled = (start[0] + 40, start[1] + 120)
    move(app, pulled)
    if how == "escape":
        key(app, pygame.K_ESCAPE)
        assert top(app) is scene, "Esc cancels the aim, it does not pause"
        release(app, pulled)
    elif how == "right_button":
        post(pygame.MOUSEBUTTONDOWN, pos=pulled, button=3)
        step(app)
        release(app, pulled)
    else:
        near = (start[0] + round(DEAD_PULL * scene.stage.geometry.cell * 0.6), start[1])
        move(app, near)
        release(app, near)
    assert scene.hand.drag is None and scene.flow.last_shot is None
    assert scene.play.table.is_at_rest and scene.stage.phase is Phase.AIM
    step(app, 20)
    assert scene.play.table.position((W, 2)) == pytest.approx((2.5, 0.5))


def test_knocking_off_a_black_piece_with_the_striker_staying_gives_another_shot(
        app: App) -> None:
    scene = scene_of(app)
    scene.shoot((W, 4), (0.0, 1.0), 1.0)
    until_rest(app)
    result = scene.play.table.last_result
    assert result is not None and result.fallen_of(B) and result.striker_stayed
    assert scene.play.last_verdict is not None and scene.play.last_verdict.next is Next.SHOOT_AGAIN
    assert scene.play.match.turn is W and scene.stage.phase is Phase.AIM
    banner = scene.banners.banner
    assert banner is not None and banner.title == tr("chapaev.banner.extra")
    assert set(scene.play.table.discs) == set(scene.play.match.pieces_on_board())
    # and White may grab a piece again
    start = at(scene, (W, 0))
    press(app, start)
    assert scene.hand.drag is not None
    release(app, start)


def test_a_shot_that_knocks_nothing_off_passes_the_turn(app: App) -> None:
    scene = scene_of(app)
    scene.shoot((W, 4), (0.0, 1.0), 0.2)
    until_rest(app)
    assert scene.play.table.last_result is not None and not scene.play.table.last_result.fallen
    assert scene.play.last_verdict is not None and scene.play.last_verdict.next is Next.TURN_PASSES
    assert scene.play.match.turn is B
    banner = scene.banners.banner
    assert banner is not None and tr("chapaev.side.black.nom") in banner.title
    # now a White piece is refused and a Black one can be flicked
    start = at(scene, (W, 0))
    drag(app, start, (start[0], start[1] + 60))
    assert scene.play.table.is_at_rest
    start = at(scene, (B, 0))
    drag(app, start, (start[0], start[1] - round(1.2 * scene.stage.geometry.cell)))
    assert scene.flow.last_shot is not None and scene.flow.last_shot[0] == (B, 0)
    assert scene.flow.last_shot[1][1] < 0, "Black flies down the board, away from the pointer"


def test_a_turned_board_faces_the_shooter(app: App) -> None:
    prefs = ChapaevPrefs(ChapaevOptions(board_view=BoardView.TURN_TO_SHOOTER))
    app.scenes.replace(ChapaevScene(app, ChapaevPlay(prefs.options)))
    step(app)
    scene = scene_of(app)
    assert not scene.stage.geometry.flipped
    scene.shoot((W, 4), (0.0, 1.0), 0.2)
    until_rest(app)
    step(app, frames_for(0.6))  # the board turns
    assert scene.play.match.turn is B and scene.stage.board_geometry().flipped
    start = at(scene, (B, 4))
    assert start[1] > app.size[1] // 2, "Black's line is now at the bottom"
    # pulled toward the shooter (down the screen): the piece flies up the screen, at White
    drag(app, start, (start[0], start[1] + round(1.5 * scene.stage.geometry.cell)))
    assert scene.flow.last_shot is not None and scene.flow.last_shot[0] == (B, 4)
    assert scene.flow.last_shot[1][1] < 0 and abs(scene.flow.last_shot[1][0]) < 0.05


def test_knocks_sound_with_the_impact_and_falls_animate(app: App) -> None:
    scene = scene_of(app)
    played: list[tuple[str, float]] = []
    per_update: list[int] = []
    app.sound.play = lambda name, volume=1.0: played.append((name, volume))  # type: ignore[method-assign]
    original = scene.fixed_update

    def counted(dt: float) -> None:
        before = sum(1 for n, _ in played if n == "knock")
        original(dt)
        per_update.append(sum(1 for n, _ in played if n == "knock") - before)

    scene.fixed_update = counted  # type: ignore[method-assign]
    scene.shoot((W, 4), (0.0, 1.0), 1.0)
    saw_fall = False
    for _ in range(600):
        step(app)
        saw_fall = saw_fall or bool(scene.flow.falls)
        if scene.stage.phase is not Phase.SHOT and not scene.flow.falls:
            break
    knocks = [v for n, v in played if n == "knock"]
    assert knocks and all(0.05 <= v <= 1.0 for v in knocks)
    assert max(knocks) > 0.5, "a full-strength break is loud"
    assert max(per_update) <= 2
    assert saw_fall and not scene.flow.falls, "fallen pieces tip over, then are gone"


def test_a_round_played_out_moves_the_lines_and_starts_the_next(app: App) -> None:
    from game.demos.chapaev import set_table

    scene = scene_of(app)
    set_table(scene, {(W, 0): (1.5, 0.5), (W, 3): (3.5, 4.6), (B, 2): (3.5, 7.1)})
    scene.shoot((W, 3), (0.0, 1.0), 0.75)
    until_rest(app)
    assert phase(scene) is Phase.ROUND_RESULT
    assert scene.banners.banner is not None
    assert scene.banners.banner.title == tr("chapaev.result.won", number=1,
                                    side=tr("chapaev.side.white.nom"))
    assert scene.play.match.lines == Lines(2, 8)
    step(app, frames_for(2.5))
    assert phase(scene) is Phase.LINES
    step(app, frames_for(1.2))
    assert phase(scene) is Phase.AIM and scene.play.match.round_number == 2
    positions = scene.play.table.positions()
    assert sorted(y for d, (x, y) in positions.items() if d[0] is W) == [1.5] * 8
    assert sorted(y for d, (x, y) in positions.items() if d[0] is B) == [7.5] * 8
    assert scene.play.match.turn is W, "the round's winner shoots first"


def test_clicking_hurries_the_round_result(app: App) -> None:
    from game.demos.chapaev import set_table

    scene = scene_of(app)
    set_table(scene, {(W, 3): (3.5, 4.6), (B, 2): (3.5, 7.1)})
    scene.shoot((W, 3), (0.0, 1.0), 0.75)
    until_rest(app)
    assert phase(scene) is Phase.ROUND_RESULT
    key(app, pygame.K_SPACE)
    assert phase(scene) is Phase.LINES
    press(app, (20, 20))
    release(app, (20, 20))
    assert phase(scene) is Phase.AIM and scene.play.match.round_number == 2


def test_a_draw_keeps_the_lines_and_the_other_player_starts(app: App) -> None:
    from game.demos.chapaev import set_table

    scene = scene_of(app)
    # a glancing full-strength hit near the top edge: both last pieces fly off
    set_table(scene, {(W, 5): (5.5, 6.4), (B, 5): (6.0, 7.55)})
    scene.shoot((W, 5), (0.0, 1.0), 1.0)
    until_rest(app)
    result = scene.play.table.last_result
    assert result is not None and len(result.fallen) == 2
    assert phase(scene) is Phase.ROUND_RESULT and scene.stage.result is not None
    assert scene.stage.result.is_draw and scene.play.match.lines == Lines(1, 8)
    banner = scene.banners.banner
    assert banner is not None and banner.detail == tr("chapaev.result.lines_stay")
    step(app, frames_for(3.7))
    assert phase(scene) is Phase.AIM and scene.play.match.turn is B


def test_lines_that_meet_push_the_loser_back_and_the_last_push_ends_the_match() -> None:
    from game.rules.chapaev import ChapaevMatch
    from game.demos.chapaev import play_rounds, set_table

    app = App(language="en")
    match = ChapaevMatch()
    play_rounds(match, [W, W, B, W, W, W])
    assert match.lines == Lines(6, 7)
    app.start(ChapaevScene(app, ChapaevPlay(match=match)))
    step(app)
    scene = scene_of(app)
    # the round on the table: White knocks Black's last piece off
    set_table(scene, {(W, 2): (4.4, 5.4), (B, 5): (4.5, 7.55)})
    scene.shoot((W, 2), (0.0, 1.0), 0.6)
    until_rest(app)
    assert scene.stage.result is not None and scene.stage.result.winner is W
    assert scene.play.match.lines == Lines(7, 8), "White pushes Black back to row 8"
    assert "row 8" in (scene.banners.banner.detail if scene.banners.banner else "")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert scene.stage.phase is Phase.AIM
    assert {y for d, (x, y) in scene.play.table.positions().items() if d[0] is B} == {7.5}
    assert {y for d, (x, y) in scene.play.table.positions().items() if d[0] is W} == {6.5}
    # Black is on its last line: one more round lost and it is pushed off
    set_table(scene, {(W, 2): (4.4, 6.4), (B, 5): (4.5, 7.55)})
    scene.shoot((W, 2), (0.0, 1.0), 0.4)
    until_rest(app)
    assert scene.play.match.is_over and scene.play.match.winner is W
    banner = scene.banners.banner
    assert banner is not None and banner.title == "White wins the match!"
    step(app, frames_for(2.5))
    end = top(app)
    assert isinstance(end, PanelOverlay) and end.key == "chapaev-over"
    assert end.title == "White wins!"
    rematch = end.buttons.buttons[0]
    press(app, rematch.rect.center)
    release(app, rematch.rect.center)
    again = scene_of(app)  # a new match on a new screen: the one played stays kept
    assert again is not scene and again.play.match.round_number == 1
    assert again.play.match.lines == Lines(1, 8) and len(again.play.table.discs) == 16
    again.shoot((W, 4), (0.0, 1.0), 0.05)
    until_rest(app)
    kept = app.saves.entries()  # type: ignore[union-attr]
    assert sorted(e.summary.finished for e in kept if e.summary) == [False, True], \
        "the finished match is not written over by the rematch"


def test_pause_menu_resumes_restarts_the_round_shows_rules_and_leaves(app: App) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.rules import RulesScene

    scene = scene_of(app)
    scene.shoot((W, 4), (0.0, 1.0), 1.0)
    until_rest(app)
    assert len(scene.play.table.discs) < 16
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert pause.key == "chapaev-pause"
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert pause.key == "chapaev-pause"
    restart = button(pause, "Начать раунд заново")
    press(app, restart.rect.center)
    release(app, restart.rect.center)
    assert top(app) is scene and len(scene.play.table.discs) == 16
    assert scene.play.match.turn is W and scene.play.match.shots_in_round == 0
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert pause.key == "chapaev-pause"
    rules = button(pause, "Правила")
    press(app, rules.rect.center)
    release(app, rules.rect.center)
    page = top(app)
    assert isinstance(page, RulesScene) and page.game_key == "chapaev"
    key(app, pygame.K_ESCAPE)
    assert top(app) is pause
    # nothing is lost by leaving (the match is kept): no question
    leave = button(pause, "Выйти в меню")
    press(app, leave.rect.center)
    release(app, leave.rect.center)
    assert isinstance(top(app), MenuScene) and len(app.scenes) == 1


def button(panel: object, label: str) -> Any:
    """The panel's button that says ``label``."""
    return next(b for b in panel.buttons.buttons if b.label == label)  # type: ignore[attr-defined]


def test_the_menu_entry_opens_the_setup_and_start_plays_with_the_chosen_options() -> None:
    from game.catalog import GAMES
    from game.scenes.menu import MenuScene
    from game.ui.chapaev_view import AimHelp

    app = App(language="ru")
    open_scene(app, "menu")
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    index = [g.key for g in GAMES].index("chapaev")
    entry = menu.buttons.buttons[index]
    press(app, entry.rect.center)
    release(app, entry.rect.center)
    setup = top(app)
    assert isinstance(setup, ChapaevSetupScene)
    # defaults as the spec gives them
    assert setup.prefs.options == ChapaevOptions()
    chosen = {row.label_key: [b for b in row.buttons if b.selected] for row in setup.rows}
    assert all(len(buttons) == 1 for buttons in chosen.values())
    rows = {row.label_key: row for row in setup.rows}
    for label, option in (("chapaev.setup.extra", 2), ("chapaev.setup.prisoners", 1),
                          ("chapaev.setup.troops", 2), ("chapaev.setup.swamp", 1),
                          ("chapaev.setup.view", 1), ("chapaev.setup.aim", 1)):
        button = rows[label].buttons[option]
        press(app, button.rect.center)
        release(app, button.rect.center)
    # every row has room of its own: no button overlaps the next row's
    tops = sorted((row.buttons[0].rect for row in setup.rows), key=tuple)
    assert all(a.bottom <= b.top for a, b in zip(tops, tops[1:]))
    assert setup.start is not None
    press(app, setup.start.rect.center)
    release(app, setup.start.rect.center)
    scene = scene_of(app)
    options = scene.play.match.options
    assert options.prisoners and options.board_view is BoardView.TURN_TO_SHOOTER
    assert options.extra_shot.value == "never"
    assert options.campaign is Campaign.WINNER_CHANGES and options.swamp
    assert scene.aim is AimHelp.ARROW
    # the wide board is drawn wider than the plain one: the swamp's rim is part of it
    assert scene.stage.geometry.border >= scene.stage.geometry.cell
    key(app, pygame.K_ESCAPE)  # pause
    key(app, pygame.K_ESCAPE)  # resume
    assert top(app) is scene


def test_the_setup_screen_works_from_the_keyboard() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    app.scenes.push(ChapaevSetupScene(app, ChapaevPrefs()))
    step(app)
    setup = top(app)
    assert isinstance(setup, ChapaevSetupScene)
    assert setup.form.focus == len(setup.rows), "Start has the focus, as in the other setups"
    for _ in setup.rows:
        key(app, pygame.K_UP)
    assert setup.form.focus == 0
    key(app, pygame.K_DOWN)  # past who plays whom
    key(app, pygame.K_DOWN)  # and the computer's level
    key(app, pygame.K_RIGHT)  # extra shot: all own stay
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # prisoners on
    assert setup.prefs.options.extra_shot.value == "all_own_stay"
    assert setup.prefs.options.prisoners
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), ChapaevScene)
    assert scene_of(app).play.match.options.prisoners


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1920, 1080)])
def test_the_board_stays_square_and_everything_fits(size: tuple[int, int]) -> None:
    app = App(size=size, language="ru")
    open_scene(app, "chapaev")
    step(app)
    scene = scene_of(app)
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(scene.stage.geometry.outer)
    assert window.contains(scene.sidebar.rect)
    panel, board = scene.sidebar.rect, scene.stage.geometry
    assert not panel.colliderect(board.outer), "the panel never covers it"
    assert window.contains(scene.sidebar.pause_button.rect)
    assert board.side > panel.width * 0.9, "the board is the largest thing"
    if size == (1280, 800):
        assert scene.sidebar.px >= 18
    open_scene(app, "chapaev-setup")
    step(app)
    setup = top(app)
    assert isinstance(setup, ChapaevSetupScene)
    for row in setup.rows:
        for button in row.buttons:
            assert window.contains(button.rect)
    assert setup.start is not None
    assert window.contains(setup.start.rect) and window.contains(setup.back.rect)
