"""The Chapaev screen with the box lid's variants, driven as a player would: troops drawn as
what they are, the bayonet press held and let go, the replay, aiming with an absolute pointer,
and whole campaigns and swamp fights played through the scene to their end."""
from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game import saves
from game.app import App
from game.demos import open_scene
from game.demos.chapaev import troops_match, win_until
from game.play.chapaev_computer import SimpleShooter
from game.play.chapaev_kinds import kind_of
from game.play.chapaev_play import ChapaevPlay
from game.play.records import play_from_record
from game.rules.chapaev import Campaign, ChapaevMatch, ChapaevOptions, Next, Troop
from game.rules.core import Color
from game.scenes.chapaev.phases import STEP, Phase
from game.scenes.chapaev.press import PRESS_RISE, press_strength
from game.scenes.chapaev.scene import ChapaevScene
from physics import DiscId, body_of
from tests.scenes.helpers import click, key, step, top

W, B = Color.WHITE, Color.BLACK


def start(app: App, play: ChapaevPlay) -> ChapaevScene:
    scene = app.routes.push("chapaev", play=play)
    app.scenes.apply()
    step(app)
    assert isinstance(scene, ChapaevScene)
    scene.hide_banner()
    return scene


@pytest.fixture
def app() -> App:
    app = App(language="en")
    open_scene(app, "menu")
    step(app)
    return app


def at(scene: ChapaevScene, disc: DiscId) -> tuple[int, int]:
    x, y = scene.stage.geometry.to_screen(*scene.play.table.position(disc))
    return (round(x), round(y))


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def until_rest(app: App, limit: int = 1500) -> None:
    scene = top(app)
    assert isinstance(scene, ChapaevScene)
    for _ in range(limit):
        if scene.stage.phase is not Phase.SHOT and scene.play.table.is_at_rest:
            return
        step(app)
    raise AssertionError("the table never came to rest")


# --- troops --------------------------------------------------------------------------------
def patch(app: App, scene: ChapaevScene, disc: DiscId) -> bytes:
    """The pixels of a square around ``disc`` as drawn."""
    step(app)
    cx, cy = at(scene, disc)
    half = scene.stage.geometry.cell // 2
    return pygame.image.tobytes(app.screen.subsurface(
        pygame.Rect(cx - half, cy - half, 2 * half, 2 * half)), "RGB")


def test_each_kind_of_troops_is_drawn_at_its_physical_size_and_looks_its_own(app: App) -> None:
    pictures = {}
    for troop in Troop:
        other = Troop.SAILORS if troop is not Troop.SAILORS else Troop.CAVALRY
        scene = start(app, ChapaevPlay(match=troops_match(troop, other)))
        table = scene.play.table
        assert table.troop(W) is kind_of(troop) and table.troop(B) is kind_of(other)
        # the drawn footprint is the physics' one: what is seen is what can be hit
        assert scene.drawing.disc_px((W, 0), scene.stage.geometry) == round(
            body_of(kind_of(troop), scene.stage.config).radius * scene.stage.geometry.cell)
        pictures[troop] = patch(app, scene, (W, 3))
        app.scenes.pop()
        app.scenes.apply()
    assert len(set(pictures.values())) == len(Troop), "two kinds look the same"
    big = body_of(kind_of(Troop.ARTILLERY), scene.stage.config).radius
    small = body_of(kind_of(Troop.MOTORCYCLISTS), scene.stage.config).radius
    assert big / small > 1.3


def test_the_panel_and_banner_tell_the_battle_and_each_sides_troops(app: App) -> None:
    scene = start(app, ChapaevPlay(match=troops_match(Troop.CAVALRY, Troop.HEAVY_TANKS)))
    scene.choices.restart_round()  # the round's start again: its banner
    assert scene.banners.banner is not None
    assert scene.banners.banner.title == "Battle 2"
    assert "cavalry" in scene.banners.banner.detail and "heavy tanks" in scene.banners.banner.detail
    state = scene.sidebar.panel_state()
    assert state.troops == (Troop.CAVALRY, Troop.HEAVY_TANKS)


# --- the bayonet fight ---------------------------------------------------------------------
def bayonet_play() -> ChapaevPlay:
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    win_until(match, W, lambda m: m.bayonet)
    return ChapaevPlay(match=match)


def hold(app: App, pos: tuple[int, int], seconds: float) -> list[float]:
    """Press at ``pos``, hold ``seconds``, let go; the press strengths the panel showed (a
    frame every six fixed steps: 20 frames a second)."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    step(app)
    scene = top(app)
    assert isinstance(scene, ChapaevScene)
    shown = []
    for _ in range(round(seconds / STEP / 6)):
        app.frame(STEP * 6.001)
        state = scene.sidebar.panel_state()
        assert state.pressing and state.strength is not None
        shown.append(state.strength)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app)
    return shown


def test_a_careful_press_held_and_let_go_squeezes_the_enemy_piece(app: App) -> None:
    scene = start(app, bayonet_play())
    assert scene.stage.setup.bayonet and scene.play.match.turn is W
    top_piece = next(t for t, _ in scene.play.table.stacks if t[0] is W)
    shown = hold(app, at(scene, top_piece), 1.2)
    assert shown == sorted(shown) and shown[-1] > shown[0], "the press grows while held"
    assert scene.play.in_shot and scene.flow.last_shot is not None
    assert scene.flow.last_shot[0] == top_piece
    threshold = scene.stage.config.press_threshold
    assert scene.flow.last_shot[2] == pytest.approx(press_strength(1.2, threshold), abs=0.02)
    assert scene.press.rock is None, "a careful press does not rock the board"
    until_rest(app)
    record = scene.play.shots[-1]
    assert record.is_press and record.shot.disc == top_piece and not record.rocked


def test_a_press_too_hard_rocks_the_board_and_the_turn_passes(app: App) -> None:
    scene = start(app, bayonet_play())
    top_piece = next(t for t, _ in scene.play.table.stacks if t[0] is W)
    origin = (scene.stage.geometry.left, scene.stage.geometry.top)
    hold(app, at(scene, top_piece), PRESS_RISE + 0.3)  # past the line on the gauge
    assert scene.flow.last_shot is not None
    assert scene.flow.last_shot[2] > scene.stage.config.press_threshold
    assert scene.press.rock is not None, "the board shakes"
    step(app, 3)
    until_rest(app)
    record = scene.play.shots[-1]
    assert record.rocked
    if record.next is Next.TURN_PASSES:
        assert scene.play.match.turn is B, "the turn passes to the defender"
        assert scene.banners.banner is not None and "rocked" in scene.banners.banner.title
    assert (scene.stage.geometry.left, scene.stage.geometry.top) == origin


def test_the_computer_presses_with_the_same_gauge(app: App) -> None:
    from game.play.chapaev_computer import ChapaevComputer

    play = bayonet_play()
    play.set_seat(W, ChapaevComputer(3, min_delay=0.0, in_process=True))
    scene = start(app, play)
    seen = []
    for _ in range(600):
        step(app)
        if scene.press.pressing is not None:
            seen.append(scene.press.pressing.strength)
        if play.shots:
            break
    assert play.shots and play.shots[-1].is_press
    assert seen and max(seen) == pytest.approx(play.shots[-1].shot.strength, abs=0.02)


# --- the replay ------------------------------------------------------------------------------
def test_r_replays_the_last_shot_slowly_and_the_table_comes_back(app: App) -> None:
    scene = start(app, ChapaevPlay())
    key(app, pygame.K_r)
    assert scene.replay.replaying is None, "no shot yet: nothing to replay"
    scene.shoot((W, 4), (0.06, 1.0), 1.0)
    until_rest(app)
    scene.hide_banner()
    now = scene.play.table.state()
    fell = scene.play.shots[-1].fallen
    assert fell
    key(app, pygame.K_r)
    assert scene.replay.replaying is not None
    replay = scene.replay.replaying
    # it starts from the table the shot started on: every fallen piece is back
    step(app, 2)
    assert {d for d, *_ in replay.trace.start.discs} >= set(fell)
    assert replay.duration > 3 * replay.trace.seconds, "slowly"
    frames = 0
    while scene.replay.replaying is not None:
        step(app)
        frames += 1
        assert frames < 2000
        assert scene.replay.replaying is None or not scene.can_shoot, "the match waits meanwhile"
    assert scene.play.table.state() == now
    assert scene.can_shoot
    # Esc stops it at once, and the button starts it
    click(app, scene.sidebar.replay_button.rect.center)
    assert scene.replay.replaying is not None
    key(app, pygame.K_ESCAPE)
    assert scene.replay.replaying is None and top(app) is scene


# --- aiming with an absolute pointer -----------------------------------------------------------
def test_an_absolute_pointer_pulls_a_shot(app: App) -> None:
    """Motion events with positions only (rel is 0, as tablets, remote desktops and xdotool
    give them in relative mode): the pull still gives a strength."""
    scene = start(app, ChapaevPlay())
    cell = scene.stage.geometry.cell
    x, y = at(scene, (W, 3))
    post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    step(app)
    for k in range(1, 6):
        post(pygame.MOUSEMOTION, pos=(x - k * cell // 10, y + k * cell // 5), rel=(0, 0),
             buttons=(1, 0, 0))
        step(app)
    shown = scene.sidebar.panel_state().strength
    post(pygame.MOUSEBUTTONUP, pos=(x - cell // 2, y + cell), button=1)
    step(app)
    assert scene.flow.last_shot is not None
    disc, direction, strength = scene.flow.last_shot
    assert disc == (W, 3) and strength > 0.2 and shown is not None and shown > 0.2
    assert direction[1] > 0 and direction[0] > 0, "away from the pointer"
    until_rest(app)


def test_a_pointer_reported_past_the_window_pulls_on(app: App) -> None:
    """While the button is held SDL reports the pointer past the window's edge: 300 pixels
    below the window, e1's pull is over three squares, full strength."""
    scene = start(app, ChapaevPlay())
    x, y = at(scene, (W, 5))
    post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=(x, scene.size[1] + 300), rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=(x, scene.size[1] + 300), button=1)
    step(app)
    assert scene.flow.last_shot is not None and scene.flow.last_shot[2] == 1.0


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_strength_gauge_stays_clear_of_the_buttons_in_a_campaign_on_the_wide_board(
        app: App, language: str) -> None:
    """A campaign on the wide board fills the panel: while a piece is aimed its gauge is drawn
    whole above the buttons (the lines' last rows give way), and the rows come back after."""
    from game import i18n

    i18n.set_language(language)
    options = ChapaevOptions(campaign=Campaign.LOSER_CHANGES, swamp=True)
    scene = start(app, ChapaevPlay(options))
    x, y = at(scene, (W, 4))
    post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=(x, y + 120), rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    gauge = scene.sidebar.view.gauge_rect
    assert gauge is not None and gauge.height > 0
    sidebar = scene.sidebar
    buttons = [sidebar.pause_button.rect] + ([sidebar.replay_button.rect]
                                             if scene.replay.can_replay else [])
    assert all(gauge.bottom <= b.top for b in buttons), (gauge, buttons)
    post(pygame.MOUSEBUTTONDOWN, pos=(x, y + 120), button=3)  # cancelled: the gauge goes
    step(app)
    assert scene.sidebar.view.gauge_rect is None


# --- whole matches through the scene ------------------------------------------------------------
def play_out(app: App, play: ChapaevPlay, shots: int = 1200) -> ChapaevScene:
    """Run the match on the screen to its end: each shot run to rest at once, each round's
    result and sliding lines hurried as a click would; a frame drawn now and then."""
    scene = start(app, play)
    for n in range(shots * 4):
        if play.is_over and scene.stage.phase is Phase.OVER:
            return scene
        if play.in_shot:
            play.finish_shot()
        scene.fixed_update(STEP)
        if scene.stage.phase in (Phase.ROUND_RESULT, Phase.LINES):
            scene.skip()
        if n % 97 == 0:
            step(app)
    raise AssertionError(f"the match did not end: round {play.match.round_number}")


def seats(seed: int) -> dict[Color, SimpleShooter]:
    """A sure White against a shaky Black, so a whole campaign is short."""
    return {W: SimpleShooter(random.Random(seed), aim_error=0.5),
            B: SimpleShooter(random.Random(seed + 1), aim_error=20.0)}


@pytest.mark.parametrize("campaign", [Campaign.LOSER_CHANGES, Campaign.WINNER_CHANGES])
def test_a_whole_troops_campaign_plays_through_the_screen(app: App, campaign: Campaign
                                                          ) -> None:
    options = ChapaevOptions(campaign=campaign, troops=(Troop.TANKS, Troop.CAVALRY))
    play = ChapaevPlay(options, seats=seats(7))
    scene = play_out(app, play)
    match = play.match
    assert match.winner is not None and len(match.battles) == 2
    kinds = {b.troops for b in match.battles}
    assert len(kinds) == 2, "the second battle was fought with other troops"
    changer = match.battles[0].winner.other if campaign is Campaign.LOSER_CHANGES \
        else match.battles[0].winner
    second = match.battles[1].troops[0 if changer is W else 1]
    assert second is Troop.CAVALRY
    step(app)
    over = top(app)
    assert over is not scene, "the end panel is over the table"
    assert any("hits" in line for line in over.lines)  # type: ignore[attr-defined]
    assert any("Battles won" in line for line in over.lines)  # type: ignore[attr-defined]


def test_a_swamp_and_bayonet_match_plays_through_the_screen(app: App) -> None:
    play = ChapaevPlay(ChapaevOptions(swamp=True), seats=seats(3))
    play_out(app, play)
    match = play.match
    assert match.winner is not None
    assert any(r.to_swamp is not None for r in match.rounds), "a side retreated"
    assert any(r.bayonet_next for r in match.rounds), "the bayonet fight came"
    assert any(s.is_press for s in play.shots), "and was fought with presses"


def test_a_campaign_with_the_swamp_is_saved_and_continued(app: App) -> None:
    options = ChapaevOptions(campaign=Campaign.WINNER_CHANGES, swamp=True)
    scene = start(app, ChapaevPlay(options))
    scene.shoot((W, 4), (0.06, 1.0), 1.0)
    until_rest(app)
    store = saves.store_for(app)
    assert store is not None
    entry = store.unfinished()[0]
    again = play_from_record(store.load_game(entry.id))
    assert isinstance(again, ChapaevPlay)
    assert again.options.campaign is Campaign.WINNER_CHANGES and again.options.swamp
    assert len(again.shots) == 1
    assert again.table.state() == scene.play.table.state()
