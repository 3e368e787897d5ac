"""The messages at the top of the window, as a player meets them: a notice stays long enough
to read by its length, an error stays until it is closed, a click on a message is the
message's, the box is opaque; a paste or a dropped file is read before anything is asked."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import FIXED_DT, App
from game.i18n import set_language, tr
from game.notices import LEAVING_SECONDS, Kind, reading_time
from game.play import BoardPlay
from game.rules import find_variant
from game.saves import Saves
from game.scene import Scene
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games import opening, reading
from game.scenes.games.pdn_list import PdnListScene
from game.scenes.games.reading import PdnReadingScene
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from tests.scenes.helpers import click, drop, key, paste, step, store_of, top

PDN_GAME = '[Event "Cup"]\n[GameType "25"]\n1. c3-d4 f6-g5 2. b2-c3 2-0\n\n'
STEPS_A_SECOND = round(1 / FIXED_DT)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = App(size=(1280, 800), language="en")
    app.saves = Saves(tmp_path / "data")
    app.toasts.clear()
    app.start(MenuScene(app))
    step(app)
    yield app
    app.close_scenes()
    set_language("ru")


def _board(app: App, fen: str | None = None, *moves: str) -> BoardScene:
    game = find_variant("russian").from_fen(fen) if fen else None
    board = app.routes.push("board", play=BoardPlay("russian", game=game))
    step(app)
    assert isinstance(board, BoardScene)
    for move in moves:
        board.play_text(move)
        step(app)
    return board


def _box(app: App, message_part: str) -> pygame.Rect:
    """Where the message holding ``message_part`` was last drawn."""
    return next(p.box for p in app.notice_panel.placed
                if p.notice is not None and message_part in p.notice.message)


def _on_screen(app: App, message_part: str) -> bool:
    return any(message_part in t.message for t in app.toasts)


def _seconds_whole(app: App, message: str, limit: float = 60.0) -> tuple[float, float]:
    """Frames run until the message has gone: the seconds it stood whole in its place (not
    sliding), and the seconds until it was gone."""
    start = _box(app, message).top
    whole = gone = 0.0
    while _on_screen(app, message):
        step(app)
        gone += FIXED_DT
        if _on_screen(app, message) and _box(app, message).top == start:
            whole += FIXED_DT
        assert gone < limit, "the notice never went"
    return whole, gone


# --- how long ------------------------------------------------------------------------------
@pytest.mark.parametrize("length", [8, 60, 140, 260])
def test_a_notice_stays_long_enough_to_read_by_its_length_and_then_goes(
        app: App, length: int) -> None:
    message = ("The game is written to " + "x" * length)[:length]
    app.notify(message)
    step(app)
    whole, gone = _seconds_whole(app, message)
    need = 2 + length / 15
    assert reading_time(message) == pytest.approx(need)
    assert whole >= need - 2 * FIXED_DT, (length, whole, need)
    assert gone <= max(4.0, need) + LEAVING_SECONDS + 0.1, "and then it goes by itself"


def test_a_notice_whose_screen_is_left_still_stays_its_reading_time(app: App) -> None:
    message = "A notice of sixty characters or so, said on the main menu."
    app.notify(message)
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons.buttons if b.label == "Settings").rect.center)
    assert isinstance(top(app), SettingsScene)
    whole, gone = _seconds_whole(app, message)
    shown_before = 4 * FIXED_DT  # the frames of the click
    assert whole + shown_before >= reading_time(message) - FIXED_DT
    assert gone < reading_time(message) + 0.5, "it goes soon after, on the new screen"


def test_a_short_notice_goes_sooner_on_a_new_screen_but_not_before_it_is_read(app: App) -> None:
    app.notify("hello")
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons.buttons if b.label == "Settings").rect.center)
    whole, gone = _seconds_whole(app, "hello")
    assert reading_time("hello") - 0.1 <= whole + 4 * FIXED_DT
    assert gone < 4.0 - 1.0, "a short notice does not wait its four seconds on a new screen"


def test_an_error_stays_through_a_minute_and_a_screen_switch_and_goes_on_a_click(
        app: App) -> None:
    app.notify("Cannot save the game: the disk is full", Kind.ERROR)
    step(app, 60 * STEPS_A_SECOND)
    assert _on_screen(app, "disk is full"), "after a minute"
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons.buttons if b.label == "Settings").rect.center)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    step(app, 10 * STEPS_A_SECOND)
    assert _on_screen(app, "disk is full"), "on the next screen too"
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene), "Esc still goes back one level"
    assert _on_screen(app, "disk is full"), "and leaves the error"
    click(app, _box(app, "disk is full").center)
    assert not app.toasts, "a click closes it"


def test_ctrl_delete_closes_the_newest_error_and_only_with_an_error_on_screen(
        app: App) -> None:
    app.notify("first error", Kind.ERROR)
    app.notify("second error", Kind.ERROR)
    step(app)
    key(app, pygame.K_DELETE, pygame.KMOD_CTRL)
    assert [t.message for t in app.toasts] == ["first error"]
    key(app, pygame.K_DELETE, pygame.KMOD_CTRL)
    assert not app.toasts


@pytest.fixture(params=[(800, 560), (1280, 800)], ids=["800x560", "1280x800"])
def sized(request: pytest.FixtureRequest) -> Iterator[App]:
    app = App(size=request.param, language="en")
    app.toasts.clear()
    app.start(MenuScene(app))
    yield app
    app.close_scenes()
    set_language("ru")


def test_an_error_on_a_board_covers_its_panel_not_the_board_and_a_click_closes_it(
        sized: App) -> None:
    app = sized
    board = _board(app, None, "c3-d4")
    geometry = board.play.game.geometry
    x, y = board.view.centre(geometry.squares[geometry.names.index("f6")])
    click(app, (round(x), round(y)))
    assert board.state.hand.selected is not None, "a black man is picked up"
    app.notify("Cannot open it: the file x.pdn is damaged. The file is left as it is.",
               Kind.ERROR)
    step(app)
    box = _box(app, "x.pdn")
    assert not box.colliderect(board.view.rect), "the board is never covered"
    assert board.panel.contains(box), "the panel is where the board screen's messages go"
    assert box.top >= board.panel_view.banner.bottom, \
        "the game's name and whose turn it is stay in sight"
    click(app, box.center)
    assert not app.toasts, "the click closed the error"
    assert board.state.hand.selected is not None, "and the screen under it did not get it"
    click(app, box.center)
    assert board.state.hand.selected is None, "the same click with no message puts it down"


def test_a_click_beside_the_messages_reaches_the_screen(app: App) -> None:
    app.notify("Settings saved")
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons.buttons if b.label == "Settings").rect.center)
    assert isinstance(top(app), SettingsScene)


def test_many_errors_stack_in_the_top_half_and_the_older_ones_wait(app: App) -> None:
    for n in range(14):
        app.notify(f"Error number {n}: the file game-{n}.pdn cannot be read", Kind.ERROR)
    step(app)
    placed = app.notice_panel.placed
    assert all(p.box.bottom <= app.size[1] // 2 for p in placed), "never below the middle"
    shown = [p.notice.message for p in placed if p.notice is not None]
    assert "Error number 13" in shown[-1], "the newest is shown"
    waiting = 14 - len(shown)
    assert waiting > 0 and placed[0].notice is None and placed[0].lines == (
        tr("notices.more", n=waiting),), "a line says how many older ones wait"
    seen = set(shown)
    for _ in range(14):  # each click closes the newest; the older ones come into view
        assert all(p.box.bottom <= app.size[1] // 2 for p in placed)
        click(app, placed[-1].box.center)
        placed = app.notice_panel.placed
        seen |= {p.notice.message for p in placed if p.notice is not None}
    assert not app.toasts and len(seen) == 14, "every one was shown, and closed by a click"


# --- the box is opaque ---------------------------------------------------------------------
class Plain(Scene):
    """A screen of one colour, to see what shows through a message."""

    def __init__(self, app: App, colour: tuple[int, int, int]) -> None:
        super().__init__(app)
        self.colour = colour

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(self.colour)
        for x in range(0, surface.get_width(), 7):  # letters-like strokes under the message
            pygame.draw.line(surface, (255 - self.colour[0], 40, 200), (x, 0), (x + 3, 300))


def _pixels_of(app: App, colour: tuple[int, int, int], rect: pygame.Rect) -> bytes:
    scene = top(app)
    assert isinstance(scene, Plain)
    scene.colour = colour
    app.draw()
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


@pytest.mark.parametrize("kind", [Kind.NOTICE, Kind.ERROR])
@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_nothing_shows_through_a_message_even_as_it_slides_away(
        kind: Kind, size: tuple[int, int]) -> None:
    app = App(size=size, language="ru")
    app.toasts.clear()
    app.start(Plain(app, (0, 0, 0)))
    app.notify("Не открыть: файл партия.pdn повреждён. Файл не тронут.", kind)
    step(app)
    (placed,) = app.notice_panel.placed
    inner = placed.box.inflate(-placed.box.height, -4)  # inside the rounded edge
    assert _pixels_of(app, (0, 0, 0), inner) == _pixels_of(app, (250, 250, 250), inner)
    if kind is Kind.NOTICE:  # half-way out: what is left of it on screen is still solid
        notice = app.toasts[0]
        notice.shown = notice.stay + LEAVING_SECONDS / 2
        app.draw()
        (sliding,) = app.notice_panel.placed
        assert sliding.box.top < placed.box.top
        visible = sliding.box.inflate(-sliding.box.height, -4).clip(app.screen.get_rect())
        assert visible.height > 4
        assert _pixels_of(app, (0, 0, 0), visible) == _pixels_of(app, (250, 250, 250), visible)


# --- a paste and a drop over a game in progress ------------------------------------------
def test_a_bad_paste_over_a_game_asks_nothing_and_its_error_stays(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, None, "c3-d4")
    paste(app, monkeypatch, "hello, board")
    assert top(app) is board, "nothing asked"
    (error,) = app.toasts
    assert error.kind is Kind.ERROR and "clipboard" in error.message
    assert "left as it is" not in error.message, "a paste is no file"
    step(app, 20 * STEPS_A_SECOND)
    assert app.toasts == [error]


def test_a_good_paste_over_a_game_asks_and_opens_it_on_yes(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, None, "c3-d4", "f6-g5")
    paste(app, monkeypatch, PDN_GAME)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog) and dialog.question_key == "saves.ask.open.paste"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    pasted = top(app)
    assert isinstance(pasted, BoardScene) and pasted is not board
    assert pasted.play.game.move_stack and board not in list(app.scenes)
    (entry,) = store_of(app).unfinished()
    assert entry.id, "the game left is on the Games screen"


def test_a_long_paste_is_read_before_the_question(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    # a game a frame: the text is read over several frames, as a long one is
    monkeypatch.setattr(opening, "FIRST_SLICE", 0.0)
    monkeypatch.setattr(reading, "SLICE", 0.0)
    board = _board(app, None, "c3-d4")
    paste(app, monkeypatch, PDN_GAME * 6)
    frames = 0
    while isinstance(top(app), PdnReadingScene):
        assert not any(isinstance(s, ConfirmDialog) for s in app.scenes), "not asked yet"
        step(app)
        frames += 1
        assert frames < 100
    assert frames >= 3, "it was read over frames"
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog), "asked once it is read"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    listing = top(app)
    assert isinstance(listing, PdnListScene) and len(listing.lines) == 6
    assert board not in list(app.scenes)


def test_a_long_bad_paste_is_read_and_said_without_a_question(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "FIRST_SLICE", 0.0)
    monkeypatch.setattr(reading, "SLICE", 0.0)
    board = _board(app, None, "c3-d4")
    paste(app, monkeypatch, PDN_GAME * 4 + "1. c3-d4 {never closed")
    for _ in range(100):
        if top(app) is board:
            break
        assert not isinstance(top(app), ConfirmDialog)
        step(app)
    assert top(app) is board
    (error,) = app.toasts
    assert error.kind is Kind.ERROR and "the clipboard, line 17" in error.message


@pytest.mark.parametrize("language, line", [("en", "line 3"), ("ru", "строка 3")])
def test_a_dropped_bad_pdn_names_the_file_and_the_line_and_asks_nothing(
        app: App, tmp_path: Path, language: str, line: str) -> None:
    set_language(language)
    board = _board(app, None, "c3-d4")
    path = tmp_path / "Турнир 2024.pdn"
    path.write_text('[GameType "25"]\n1. c3-d4 f6-g5\n2. a1-h8 *\n', encoding="utf-8")
    drop(app, path)
    assert top(app) is board, "nothing asked"
    (error,) = app.toasts
    assert error.kind is Kind.ERROR
    assert f"Турнир 2024.pdn, {line}:" in error.message and str(tmp_path) not in error.message
    assert tr("saves.cannot_open", why="x").split("x")[-1].strip() in error.message, \
        "a file is said to be left as it is"


def test_a_dropped_good_file_over_a_game_asks_by_its_name(app: App, tmp_path: Path) -> None:
    board = _board(app, None, "c3-d4")
    path = tmp_path / "cup.pdn"
    path.write_text(PDN_GAME)
    drop(app, path)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog) and dialog.question_values == {"name": "cup.pdn"}
    key(app, pygame.K_ESCAPE)
    step(app)
    assert top(app) is board, "no: the game stays"


def test_a_game_of_a_listed_file_that_does_not_replay_names_that_file(
        app: App, tmp_path: Path) -> None:
    path = tmp_path / "two.pdn"
    path.write_text(PDN_GAME + '[Event "Bad"]\n[GameType "25"]\n1. c3-d4 a1-h8 *\n')
    drop(app, path)
    listing = top(app)
    assert isinstance(listing, PdnListScene) and len(listing.lines) == 2
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app) is listing
    (error,) = app.toasts
    assert "two.pdn, line 7:" in error.message and "clipboard" not in error.message
