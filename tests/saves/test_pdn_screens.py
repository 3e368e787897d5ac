"""Copy (Ctrl+C) and export (Ctrl+E) on the board write the same PDN: the players as the
panel names them, in the player's language, and the day the game began; a PDN game opened
keeps its file's tags."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.play import BoardPlay
from game.play.seats import ScriptedPlayer
from game.rules.core import Color
from game.rules.pdn import read_pdn
from game.saves import Saves
from game.scenes.board.scene import BoardScene
from game.scenes.menu import MenuScene
from game.ui.clipboard import clipboard_text
from tests.scenes.helpers import key, step, top


class _Computer(ScriptedPlayer):
    """A seat the record describes as the computer at level 4 (no worker process)."""

    def describe(self) -> dict[str, object]:
        return {"kind": "computer", "level": 4}


def _app(tmp_path: Path, language: str) -> App:
    app = App(size=(1280, 800), language=language)
    app.saves = Saves(tmp_path / "data")
    app.start(MenuScene(app))
    return app


def _board(app: App, play: BoardPlay) -> BoardScene:
    app.routes.push("board", play=play)
    step(app)
    scene = top(app)
    assert isinstance(scene, BoardScene)
    return scene


def _copied(app: App) -> str:
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    text = clipboard_text()
    if text is None:
        pytest.skip("no clipboard under this video driver")
    return text


@pytest.mark.parametrize("language, computer, person",
                         [("ru", "Компьютер, уровень 4", "Игрок"),
                          ("en", "Computer, level 4", "Player")])
def test_copy_and_export_name_the_players_and_the_day(tmp_path: Path, language: str,
                                                      computer: str, person: str) -> None:
    app = _app(tmp_path, language)
    play = BoardPlay("russian", seats={Color.BLACK: _Computer([])},
                     tags={"Date": "2026.02.14"})
    board = _board(app, play)
    board.play_text("c3-d4")
    copied = _copied(app)
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    exported = list((tmp_path / "data" / "exports").glob("russian-*.pdn"))
    assert len(exported) == 1
    written = exported[0].read_text(encoding="utf-8")
    assert written == copied, "what is copied and what is exported are the same"
    tags = read_pdn(copied)[0].tags
    assert (tags["White"], tags["Black"], tags["Date"]) == (person, computer, "2026.02.14")
    assert read_pdn(copied)[0].moves[0] == play.game.move_stack[0]


def test_a_pdn_game_opened_keeps_its_players_and_event(tmp_path: Path) -> None:
    app = _app(tmp_path, "en")
    text = ('[Event "Club final"]\n[Date "1999.05.02"]\n[White "Ivanov"]\n[Black "Petrova"]\n'
            '[Result "0-2"]\n\n1. c3-d4 f6-g5 0-2\n')
    app.routes.push("open", text=text)
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene)
    assert board.play.tags["Event"] == "Club final"
    assert "Result" not in board.play.tags, "the result is the game's, written anew"
    tags = read_pdn(_copied(app))[0].tags
    assert (tags["White"], tags["Black"], tags["Date"], tags["Event"]) == \
        ("Ivanov", "Petrova", "1999.05.02", "Club final")
    assert tags["Result"] == "0-2"  # the file's result: a resignation the moves don't show
