"""The Games screen, a PDN file's list and the editor staged for screenshots and benchmarks:
a temporary data folder with a few games of each kind, a sample PDN file."""
from __future__ import annotations

import atexit
import random
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saves
from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.play.clock import ClockSpec
from game.play.computer import ComputerPlayer
from game.rules.chapaev import Campaign, ChapaevOptions
from game.rules.core import Color, Piece, PieceKind
from game.rules.pdn import PdnGame, read_pdn
from game.scenes.editor import EditorScene

if TYPE_CHECKING:
    from game.app import App

SAMPLE_PDN = """[Event "Sample match"]
[White "Ivanov"]
[Black "Petrov"]
[Result "2-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 2-0

[Event "Sample match"]
[White "Petrov"]
[Black "Ivanov"]
[Result "1-1"]
[GameType "25"]

1. c3-b4 f6-e5 2. g3-h4 1-1
"""


def sample_pdn_games() -> list[PdnGame]:
    return read_pdn(SAMPLE_PDN)


#: the options some of the sample games are played with (their lines say so)
SAMPLE_OPTIONS: dict[int, dict[str, Any]] = {0: {"tournament_draws": False}, 2: {"size": 7},
                                             4: {"huff": True}}


def sample_store(count: int = 6) -> saves.Saves:
    """A data folder in a temporary place with a few games of each kind (screenshots), some
    with options (Russian with фук at 5+3, a small Apokachi board, Chapaev's troops on the
    wide board)."""
    root = Path(tempfile.mkdtemp(prefix="shashki-sample-"))
    atexit.register(shutil.rmtree, root, True)  # staged content: gone when the program ends
    store = saves.Saves(root)
    rng = random.Random(3)
    for i in range(count):
        variant = ("russian", "international", "apokachi", "chapaev")[i % 4]
        if variant == "chapaev":
            chapaev = ChapaevPlay(ChapaevOptions(campaign=Campaign.LOSER_CHANGES, swamp=True))
            chapaev.run_shot((Color.WHITE, 3), (0.05, 1.0), 0.9)
            record = record_of_chapaev(chapaev)
        else:
            play = BoardPlay(variant, SAMPLE_OPTIONS.get(i),
                             seats={Color.BLACK: ComputerPlayer(1 + i % 8)} if i % 2 else None,
                             clock=ClockSpec(5, 3) if i == 4 else None)
            for _ in range(rng.randint(6, 30)):
                if play.is_over:
                    break
                play.play(rng.choice(play.game.legal_moves()))
            if i % 3 == 0 and not play.is_over:
                play.resign(Color.BLACK)
            record = record_of_board(play)
        store.keep(None, record, name=f"{saves.default_name(record)} #{i + 1}")
    current = BoardPlay("russian")
    for text in ("c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3", "h8-g7"):
        current.play_text(text)
    store.keep(None, record_of_board(current))  # the unfinished game Continue resumes
    return store


def games(app: App) -> None:
    app.saves = sample_store()
    app.routes.push("games")


def games_marked(app: App) -> None:
    """The Games screen with two games marked to delete."""
    app.saves = sample_store()
    scene: Any = app.routes.push("games")
    scene.mark(1)
    scene.mark(3)


def pdn_list(app: App) -> None:
    app.routes.push("pdn-list", games=sample_pdn_games(), name="sample.pdn")


def continue_menu(app: App) -> None:
    """The menu with a game to continue (the menu is built anew over the sample games)."""
    app.saves = sample_store()
    app.routes.reset("menu")


def editor(variant: str) -> Callable[[App], None]:
    """The editor with a few pieces set and one refused (for screenshots)."""
    def show(app: App) -> None:
        scene = app.routes.push("editor", variant=variant, options={"size": 7})
        assert isinstance(scene, EditorScene)
        scene.clear()
        squares = list(scene.view.geometry.squares)
        placed = [(squares[len(squares) // 2], Piece(Color.WHITE)),
                  (squares[len(squares) // 2 + 3], Piece(Color.BLACK)),
                  (squares[-1], Piece(Color.WHITE)),
                  (squares[len(squares) // 3], Piece(Color.BLACK, PieceKind.KING))]
        for square, piece in placed:
            if piece in [p for _, p in scene.palette]:
                scene.choose_tool([p for _, p in scene.palette].index(piece))
                scene.click(square)
    return show
