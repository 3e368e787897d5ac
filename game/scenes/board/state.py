"""What every part of the board screen reads: the position shown, the piece in hand, the
panel's message (one small object each, given to the parts that need them), and what the
parts ask of the screen that holds them (:class:`Host`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.i18n import tr
from game.play.board_play import BoardPlay
from game.rules.core import Game, Move, Piece
from game.scenes.common.entry import MoveEntry
from game.ui.board_panel import FLASH_SECONDS
from game.ui.board_views import BoardView

if TYPE_CHECKING:
    from game.scenes.common.dxp import DxpView
    from game.scenes.common.network import NetView

SHAKE_SECONDS = 0.35  # a refused piece shakes this long
LIFT_SPEED = 9.0  # lift units per second: a selected piece rises in about 0.1 s


@dataclass(slots=True)
class Feedback:
    """The panel's line about the last click (why it did nothing, the advice, a huff), how
    brightly it flashes, and the piece shaking because of it."""

    message: str | None = None
    flash: float = 0.0
    shake: tuple[int, float] | None = None

    def say(self, key: str, shake: int | None = None, **values: object) -> None:
        """Explain in the panel why a click did nothing (and shake the piece concerned)."""
        self.message = tr(key, **values)
        self.flash = FLASH_SECONDS
        if shake is not None:
            self.shake = (shake, 0.0)

    def tell(self, text: str | None) -> None:
        """Say ``text`` in the panel without a flash (None: say nothing)."""
        self.message = text
        self.flash = 0.0

    def update(self, dt: float) -> None:
        if self.shake is not None:
            square, t = self.shake
            self.shake = (square, t + dt) if t + dt < SHAKE_SECONDS else None
        self.flash = max(0.0, self.flash - dt)


class Hand:
    """The piece in hand: the clicks of the move being entered, how the mouse holds the piece
    (pressed, dragged, how high it is lifted), the square under the mouse and the keyboard's
    square."""

    def __init__(self, entry: MoveEntry) -> None:
        self.entry = entry
        #: the square pressed, where, and whether its piece was already in the hand
        self.press: tuple[int, tuple[int, int], bool] | None = None
        self.dragging = False
        self.mouse = (0, 0)
        self.hover: int | None = None
        self.cursor: int | None = None  # the keyboard's square (arrows move it)
        self.lift = 0.0

    @property
    def selected(self) -> int | None:
        return self.entry.selected

    def put_down(self) -> None:
        """Nothing in the hand any more."""
        self.entry.clear()
        self.press = None
        self.dragging = False

    def lift_target(self) -> float:
        return 1.0 if self.selected is not None and not self.dragging else 0.0

    def update(self, dt: float) -> None:
        target = self.lift_target()
        if self.lift < target:
            self.lift = min(target, self.lift + LIFT_SPEED * dt)
        elif self.lift > target:
            self.lift = max(target, self.lift - LIFT_SPEED * dt)


class BoardState:
    """The board as every part sees it: the game in play, the view it is drawn in, the piece
    in hand, the panel's message, and what is derived from the position shown (its pieces,
    the legal moves, the advice's arrow) until it changes."""

    def __init__(self, play: BoardPlay, view: BoardView) -> None:
        self.play = play
        self.view = view
        self.hand = Hand(MoveEntry(lambda: self.game, lambda: self.legal))
        self.feedback = Feedback()
        self.hints = False  # the pieces that can move are ringed (H)
        self.hint_move: Move | None = None  # the engine's suggestion, drawn as an arrow
        self.pieces: dict[int, Piece] = {}
        self._legal: list[Move] | None = None

    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def shown(self) -> Game:
        """The game whose position is on the board: the real one, or the reviewed one."""
        return self.play.shown

    @property
    def review(self) -> int | None:
        """The ply shown in review (None: playing)."""
        return self.play.reviewing.ply

    @property
    def legal(self) -> list[Move]:
        if self._legal is None:  # after the piece taken for фук this turn, if any
            self._legal = self.play.legal_moves()
        return self._legal

    def capture_required(self) -> bool:
        return self.game.outcome() is None and self.game.capture_required()

    def forget(self) -> None:
        """The position changed: forget what was derived from the old one."""
        self._legal = None
        self.hint_move = None
        self.pieces = self.play.pieces()


class Host(Protocol):
    """What the parts ask of the board screen that holds them."""

    @property
    def net(self) -> NetView | DxpView | None:
        """The game over the network (None: a game at this computer)."""

    def take_events(self, dropped: bool = False, animate: bool = True) -> None:
        """Answer what the play object reports (moves played, takebacks, the end ...)."""

    def changed(self) -> None:
        """The position changed: the parts forget what they derived from it."""

    def finish_glide(self, check_end: bool = True) -> None:
        """A move still gliding is put where it ends."""

    def check_end(self) -> None:
        """Show the result once the game is over and its last move has been seen."""

    def close(self) -> None:
        """Stop every worker of this board: the seats', the advice's and the analysis'."""
