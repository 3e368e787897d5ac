"""Clocks as on a table: a face at each side's name, the running one lit, tenths and red in
the last ten seconds, a tick each of those seconds, the flag falling at zero; the window is
drawn when a face changes (and then only the face), never while nothing changes."""
from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.demos import open_scene
from game.i18n import tr
from game.play import BoardPlay
from game.play.clock import ClockSpec
from game.play.seats import ScriptedPlayer
from game.rules.core import Color, Termination
from game.scenes.board.scene import BoardScene
from game.ui import theme
from game.ui.player_rows import clock_face_text, clock_faces
from tests.scenes.board_helpers import click_at, settle
from tests.scenes.helpers import step, top

W, B = Color.WHITE, Color.BLACK


@pytest.mark.parametrize("seconds, shown", [
    (300.0, "5:00"), (299.01, "5:00"), (61.0, "1:01"), (10.0, "0:10"), (10.4, "0:11"),
    (9.99, "9.9"), (9.4, "9.4"), (0.95, "0.9"), (0.04, "0.0"), (0.0, "0.0"), (-1.0, "0.0")])
def test_a_clock_face_shows_minutes_then_tenths(seconds: float, shown: str) -> None:
    assert clock_face_text(seconds) == shown


class _Computer(ScriptedPlayer):
    """A seat the panel names as the computer at level 3 (its moves are scripted)."""

    def describe(self) -> dict[str, object]:
        return {"kind": "computer", "level": 3}


def _clock_board(seats: dict[Color, object] | None = None, minutes: float = 1.0,
                 language: str = "en") -> tuple[App, BoardScene]:
    app = App(size=(1280, 800), language=language)
    app.toasts.clear()
    open_scene(app, "menu")
    play = BoardPlay("russian", seats=seats, clock=ClockSpec(minutes, 0))  # type: ignore[arg-type]
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    assert top(app) is board
    return app, board


def _run(app: App, seconds: float) -> None:
    step(app, round(seconds * 120))


def test_the_running_face_is_lit_and_counts_down_after_the_first_move() -> None:
    app, board = _clock_board()
    faces = clock_faces(board.play)
    assert faces is not None and not faces[W].running, "no clock runs before the first move"
    click_at(app, board, "c3", "d4")
    settle(app, 0.5)
    _run(app, 2.0)
    faces = clock_faces(board.play)
    assert faces is not None
    assert faces[B].running and not faces[W].running
    assert faces[B].text == "0:58" and faces[W].text == "1:00"
    # the faces sit beside the names, the side at the top of the board first
    white, black = board.panel_view.players.face_of(W), board.panel_view.players.face_of(B)
    assert white is not None and black is not None
    assert black.bottom <= white.top and board.panel.contains(black.union(white))


def test_frames_come_when_a_face_changes_and_copy_only_the_faces(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app, board = _clock_board(minutes=0.5)
    click_at(app, board, "c3", "d4")
    settle(app, 1.0)
    copies: list[str | list[pygame.Rect]] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: copies.append("all"))
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects=None: copies.append("all" if rects is None else list(rects)))
    drawn = app.frames
    _run(app, 3.0)  # Black's clock from 0:29 to 0:26: a frame a second
    assert 2 <= app.frames - drawn <= 4, app.frames - drawn
    faces = board.panel_view.players.faces
    assert copies and all(c != "all" and isinstance(c, list)
                          and all(any(f.contains(r) for f in faces) for r in c)
                          for c in copies), "only the clock faces are copied to the window"
    left = board.play.clock.left[B]  # type: ignore[union-attr]
    _run(app, left - 8.0)  # into the last ten seconds: tenths
    drawn = app.frames
    _run(app, 2.0)
    assert 15 <= app.frames - drawn <= 22, app.frames - drawn
    assert clock_faces(board.play)[B].low  # type: ignore[index]


def test_the_last_seconds_tick_and_the_flag_falls(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app, board = _clock_board(minutes=0.25)
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, volume=1.0: played.append(name))
    click_at(app, board, "c3", "d4")
    settle(app, 0.5)
    played.clear()
    _run(app, 4.0)  # 15 s -> about 10.5 s: no tick yet
    assert "tick" not in played
    _run(app, 5.0)
    assert 4 <= played.count("tick") <= 6, played
    _run(app, 8.0)
    outcome = board.play.outcome()
    assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winner is W
    assert clock_faces(board.play)[B].text == "0.0"  # type: ignore[index]
    assert top(app).key == "board-end", "the fallen flag ends the game at once"
    ticks = played.count("tick")
    _run(app, 2.0)
    assert played.count("tick") == ticks, "a stopped clock is silent"


def test_nothing_is_drawn_while_no_clock_runs() -> None:
    app, board = _clock_board()
    settle(app, 0.5)
    drawn = app.frames
    _run(app, 3.0)
    assert app.frames == drawn


def test_the_panel_names_the_players_in_the_players_language() -> None:
    for language, computer in (("ru", "Компьютер, уровень 3"), ("en", "Computer, level 3")):
        app, board = _clock_board({B: _Computer([])}, language=language)
        with theme.watching() as log:
            app.redraw()
            step(app)
        drawn = {d.value for d in log.drawn}
        assert computer in drawn and tr("players.person") in drawn
        assert "1:00" in drawn
