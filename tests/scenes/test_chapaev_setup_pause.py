"""Chapaev's setup and pause as a player meets them: the setup remembered across restarts (a
bad value falls back alone), every word whole at every size, the board view doing what its
words say in every seat arrangement, and the pause's resign, new match and leaving."""
from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.app import FIXED_DT, App
from game.demos import open_scene
from game.i18n import tr
from game.play.chapaev_play import ChapaevPlay
from game.play.seats import Person, ScriptedPlayer, Seat
from game.rules.chapaev import BoardView, Campaign, ChapaevOptions, ExtraShot
from game.rules.core import Color
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.chapaev.setup import ChapaevPrefs, ChapaevSetupScene, prefs_from
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.menu import MenuScene
from game.settings import SettingsStore
from game.ui import theme
from game.ui.chapaev_view import AimHelp
from physics import Shot
from tests.scenes.helpers import click, key, step, top
from tests.scenes.legibility import read_frames

W, B = Color.WHITE, Color.BLACK
MISS = Shot((W, 0), (0.0, 1.0), 0.05)  # a nudge: nothing falls, the turn passes


def _setup(app: App) -> ChapaevSetupScene:
    setup = app.routes.push("chapaev-setup")
    step(app)
    assert isinstance(setup, ChapaevSetupScene) and top(app) is setup
    return setup


def _choose(app: App, setup: ChapaevSetupScene, name: str, index: int) -> None:
    row = next(r for r in setup.rows if r.name == name)
    click(app, row.buttons[index].rect.center)


def _button(panel: Any, label: str) -> Any:
    return next(b for b in panel.buttons.buttons if b.label == label)


def _match(app: App, white: Seat | None = None, black: Seat | None = None,
           options: ChapaevOptions | None = None) -> ChapaevScene:
    play = ChapaevPlay(options, seats={W: white or Person(), B: black or Person()})
    scene = app.routes.push("chapaev", play=play)
    assert isinstance(scene, ChapaevScene)
    step(app)
    return scene


def _until_aim(app: App, scene: ChapaevScene, turn: Color = B) -> None:
    """Frames (of a slow machine: a few physics steps each) until ``turn`` is to shoot on a
    board at rest."""
    for _ in range(500):
        if (scene.stage.phase is Phase.AIM and scene.play.can_shoot
                and scene.play.match.turn is turn):
            return
        app.frame(FIXED_DT * 8)
    raise AssertionError("the table never came to rest")


def _pause(app: App) -> Any:
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert pause.key == "chapaev-pause"
    return pause


# --- the setup remembered -------------------------------------------------------------------
def test_the_setup_is_kept_across_a_restart() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    setup = _setup(app)
    assert setup.prefs == ChapaevPrefs(play_as="white"), \
        "the first time: the defaults, a person against the computer"
    _choose(app, setup, "extra_shot", 2)
    _choose(app, setup, "prisoners", 1)
    _choose(app, setup, "campaign", 1)
    _choose(app, setup, "board_view", 1)
    _choose(app, setup, "aim", 2)
    _choose(app, setup, "level", 4)
    chosen = setup.prefs
    click(app, setup.start.rect.center)  # type: ignore[union-attr]
    assert isinstance(top(app), ChapaevScene)

    again = App(language="en")  # the program started again on the same settings file
    open_scene(again, "menu")
    setup = _setup(again)
    assert setup.prefs == chosen
    assert setup.prefs.options == ChapaevOptions(extra_shot=ExtraShot.NEVER, prisoners=True,
                                                 campaign=Campaign.LOSER_CHANGES,
                                                 board_view=BoardView.TURN_TO_SHOOTER)
    assert setup.prefs.aim is AimHelp.NONE and setup.prefs.level == 5
    shown = {r.name: r.choices[[b.selected for b in r.buttons].index(True)][1]
             for r in setup.rows}
    assert shown["board_view"] is BoardView.TURN_TO_SHOOTER and shown["level"] == 5


def test_a_bad_remembered_value_falls_back_alone() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps({"language": "en", "setups": {"chapaev": {
        "play_as": "black", "level": True, "extra_shot": "sometimes", "prisoners": True,
        "board_view": 3, "aim": "none", "swamp": "yes", "campaign": "winner_changes",
        "removed_option": 1}}}), encoding="utf-8")
    app = App(language="en")
    open_scene(app, "menu")
    setup = _setup(app)
    assert setup.prefs == ChapaevPrefs(
        ChapaevOptions(prisoners=True, campaign=Campaign.WINNER_CHANGES),
        aim=AimHelp.NONE, play_as="black")
    assert prefs_from({"level": 1.0, "play_as": None}) == ChapaevPrefs(), \
        "a number of another type, or nothing, is no choice"


# --- every word whole ------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1920, 1080)])
def test_the_setup_reads_whole_at_every_size(size: tuple[int, int]) -> None:
    """No label, button or sentence cut or under 12 px, in both languages; the focused row's
    sentence whole in the box; no two rows' buttons touch."""
    for language in ("ru", "en"):
        app = App(size=size, language=language)
        app.toasts.clear()
        open_scene(app, "menu")
        setup = ChapaevSetupScene(app, ChapaevPrefs(play_as="black"))
        app.scenes.push(setup)
        with theme.watching() as log:
            problems = read_frames(app, f"setup {size}", log, 2)
            assert not problems.problems and not problems.cuts, (problems.problems,
                                                                 problems.cuts)
            for r, row in enumerate(setup.rows):
                key(app, pygame.K_UP)
                reading = read_frames(app, f"setup {size} row {r}", log, 1)
                assert not reading.problems and not reading.cuts, reading.cuts
                focused = setup.rows[setup.form.focus]
                assert focused.help is not None
                assert " ".join(setup.help_shown) == focused.help(focused.get())
        window = pygame.Rect((0, 0), app.size)
        rects = [b.rect for row in setup.rows for b in row.buttons]
        assert setup.start is not None
        assert all(window.contains(r) for r in rects + [setup.box, setup.start.rect])
        tops = [row.buttons[0].rect for row in setup.rows]
        assert all(a.bottom < b.top for a, b in zip(tops, tops[1:]))
        assert not setup.box.colliderect(tops[-1]) and setup.box.bottom < setup.back.rect.top


def test_the_box_follows_the_mouse() -> None:
    app = App(size=(800, 560), language="ru")
    open_scene(app, "menu")
    setup = _setup(app)
    for r in (len(setup.rows) - 1, 2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=setup.label_rect(r).center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        step(app, 2)
        row = setup.rows[r]
        assert setup.form.focus == r and row.help is not None
        assert " ".join(setup.help_shown) == row.help(row.get())
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=setup.back.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert setup.help_shown == [], "no row focused: the box says how to read it"


# --- the board view ----------------------------------------------------------------------
@pytest.mark.parametrize("play_as", ["white", "black", "two", "watch"])
@pytest.mark.parametrize("view", [BoardView.FIXED, BoardView.TURN_TO_SHOOTER])
def test_the_board_view_does_what_its_words_say(play_as: str, view: BoardView) -> None:
    app = App(language="en", size=(800, 560))
    open_scene(app, "menu")
    prefs = ChapaevPrefs(ChapaevOptions(board_view=view), play_as=play_as)
    setup = ChapaevSetupScene(app, prefs)
    app.scenes.push(setup)
    step(app)
    row = next(r for r in setup.rows if r.name == "board_view")
    assert row.help is not None
    words = row.help(view)
    person = {"white": W, "black": B}.get(play_as)
    if view is BoardView.TURN_TO_SHOOTER:
        assert "whoever shoots" in words
        expected = {W: W, B: B}  # the side to shoot at the bottom, the computer's too
    elif person is not None:
        assert "your pieces always at the bottom" in words
        expected = {W: person, B: person}
    else:
        assert "White at the bottom" in words
        expected = {W: W, B: W}
    app.scenes.pop()
    step(app)
    # the seats as the setup makes them, a scripted computer for speed
    seats = {c: Person() if play_as == "two" or c is person
             else ScriptedPlayer([MISS] if c is W else []) for c in (W, B)}
    scene = _match(app, seats[W], seats[B], ChapaevOptions(board_view=view))
    scene.hide_banner()
    assert scene.play.match.turn is W and scene.stage.view_color is expected[W]
    assert scene.stage.board_geometry().flipped is (expected[W] is B)
    if seats[W].is_person:
        scene.shoot(MISS.disc, MISS.direction, MISS.strength)
    _until_aim(app, scene, B)
    assert scene.play.match.turn is B and scene.stage.view_color is expected[B]
    assert scene.stage.board_geometry().flipped is (expected[B] is B)
    y = scene.stage.geometry.to_screen(*scene.play.table.position((expected[B], 3)))[1]
    assert y > app.size[1] // 2, "that side's pieces are drawn at the bottom"


# --- the pause --------------------------------------------------------------------------------
def test_resigning_from_the_pause_gives_the_match_to_the_other_side(app_en: App) -> None:
    """Two people: the side to shoot resigns; the saved match says so."""
    scene = _match(app_en)
    scene.shoot(MISS.disc, MISS.direction, MISS.strength)
    _until_aim(app_en, scene)
    assert scene.play.match.turn is B
    click(app_en, _button(_pause(app_en), "Resign").rect.center)
    ask = top(app_en)
    assert isinstance(ask, ConfirmDialog) and tr(ask.question_key) == "Does Black resign?"
    click(app_en, ask.buttons.buttons[0].rect.center)
    match = scene.play.match
    assert match.is_over and match.winner is W and scene.stage.phase is Phase.OVER
    end: Any = top(app_en)
    assert end.key == "chapaev-over" and end.title == "White wins!"
    assert any("Black resigned" in line for line in end.lines)
    assert scene.sidebar.panel_state().card_text == "Black resigned"
    (entry,) = app_en.saves.entries()  # type: ignore[union-attr]
    record = app_en.saves.load_game(entry.id)  # type: ignore[union-attr]
    assert record["chapaev"]["resigned"] == B.value and record["finished"]


def test_against_the_computer_the_person_resigns_even_on_its_turn(app_en: App) -> None:
    scene = _match(app_en, white=ScriptedPlayer([]), black=Person())  # it never shoots
    assert scene.play.match.turn is W
    click(app_en, _button(_pause(app_en), "Resign").rect.center)
    click(app_en, top(app_en).buttons.buttons[0].rect.center)  # type: ignore[attr-defined]
    assert scene.play.match.winner is W and scene.play.match.resigned


def test_resigning_while_the_pieces_roll_plays_the_shot_out_first(app_en: App) -> None:
    scene = _match(app_en)
    scene.shoot((W, 4), (0.0, 1.0), 1.0)
    step(app_en, 3)
    assert scene.play.in_shot
    click(app_en, _button(_pause(app_en), "Resign").rect.center)
    click(app_en, top(app_en).buttons.buttons[0].rect.center)  # type: ignore[attr-defined]
    assert not scene.play.in_shot and len(scene.play.shots) == 1
    assert scene.play.match.resigned and scene.play.match.winner is B, "White was to shoot"
    assert top(app_en).key == "chapaev-over"


def test_watching_the_computer_offers_no_resignation(app_en: App) -> None:
    _match(app_en, ScriptedPlayer([]), ScriptedPlayer([]))
    labels = [b.label for b in _pause(app_en).buttons.buttons]
    assert "Resign" not in labels and "New match" in labels


def test_a_new_match_from_the_pause_keeps_the_old_one(app_en: App) -> None:
    options = ChapaevOptions(extra_shot=ExtraShot.NEVER, prisoners=True)
    scene = _match(app_en, options=options)
    scene.shoot(MISS.disc, MISS.direction, MISS.strength)
    _until_aim(app_en, scene)
    click(app_en, _button(_pause(app_en), "New match").rect.center)
    ask = top(app_en)
    assert isinstance(ask, ConfirmDialog), "a match in progress: asked once"
    click(app_en, ask.buttons.buttons[0].rect.center)
    step(app_en)
    fresh = top(app_en)
    assert isinstance(fresh, ChapaevScene) and fresh is not scene
    assert fresh.play.match.options == options and not fresh.play.shots
    assert fresh.play.match.turn is W and len(fresh.play.table.discs) == 16
    assert all(seat.is_person for seat in fresh.play.seats.values())
    assert [s.key for s in app_en.scenes._stack] == ["menu", "chapaev"]
    (old,) = app_en.saves.entries()  # type: ignore[union-attr]
    assert old.unfinished and old.summary is not None and old.summary.game == "chapaev"
    # not started yet: a new match at once, nothing to ask or keep
    click(app_en, _button(_pause(app_en), "New match").rect.center)
    step(app_en)
    assert isinstance(top(app_en), ChapaevScene) and top(app_en) is not fresh
    assert len(app_en.saves.entries()) == 1  # type: ignore[union-attr]


def test_leaving_from_the_pause_asks_nothing_and_keeps_the_match(app_en: App) -> None:
    scene = _match(app_en)
    scene.shoot(MISS.disc, MISS.direction, MISS.strength)
    _until_aim(app_en, scene)
    shots = list(scene.play.shots)
    pause = _pause(app_en)
    assert tr("chapaev.pause.kept") in pause.lines
    click(app_en, _button(pause, "Back to the menu").rect.center)
    step(app_en)
    assert isinstance(top(app_en), MenuScene) and len(app_en.scenes) == 1
    (entry,) = app_en.saves.entries()  # type: ignore[union-attr]
    assert entry.unfinished
    top(app_en).continue_game()  # type: ignore[attr-defined]
    step(app_en)
    again = top(app_en)
    assert isinstance(again, ChapaevScene) and again.play.shots == shots


@pytest.fixture
def app_en() -> App:
    app = App(language="en")
    open_scene(app, "menu")
    step(app)
    return app
