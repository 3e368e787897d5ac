"""What the play object reports, answered at the board (a part of the board screen): a move
played glides and is kept, a takeback puts the board back, a draw offer asks the person, a
seat's notice is said, and the end of the game shows its result once its last move was seen."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import saves
from game.i18n import tr
from game.play.events import DrawDeclined, DrawOffered, EndWithdrawn, GameOver, HuffChosen, \
    HuffWithdrawn, MovePlayed, MovesTakenBack, SeatNotice
from game.rules.core import Color
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelAction, PanelOverlay
from game.ui.end_texts import end_reason, result_title

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.scenes.board.commands import Commands
    from game.scenes.board.huff import Huffs
    from game.scenes.board.network import BoardNet
    from game.scenes.board.review import Review
    from game.scenes.board.state import BoardState, Host
    from game.scenes.common.glide import Glides
    from game.ui.board_panel import BoardPanel


class Reports:
    """Answers the play object's events and keeps whether the result has been shown.
    ``file`` and ``flip_each_move``: the game's kept file, written after every move;
    ``two_people``: the board turns to the side to move when ``flip_each_move`` says so."""

    def __init__(self, state: BoardState, app: AppLike, host: Host, *, glides: Glides,
                 huffs: Huffs, review: Review, commands: Commands, remote: BoardNet,
                 panel: BoardPanel, file: saves.GameFile, flip_each_move: bool,
                 two_people: bool) -> None:
        self.state = state
        self.app = app
        self.host = host
        self.glides = glides
        self.huffs = huffs
        self.review = review
        self.commands = commands
        self.remote = remote
        self.panel = panel
        self.file = file
        self.flip_each_move = flip_each_move
        self.two_people = two_people
        #: the result has been seen (its overlay shown, or the review opened instead)
        self.end_shown = False

    def take(self, dropped: bool = False, animate: bool = True) -> None:
        """Answer what the play object reports since it was last asked; ``dropped``: the
        person's move was dropped where it lands (no glide from its square)."""
        play = self.state.play
        events = play.events()
        if events:  # kept after every move: a crash loses at most the move being made
            saves.autosave(self.app, play, self.file, flip_each_move=self.flip_each_move)
        feedback = self.state.feedback
        for event in self.remote.heard(events):
            if isinstance(event, MovePlayed):
                self.app.redraw()  # the move list changed: this frame is copied whole
                self.host.changed()
                self.panel.follow = True
                self.huffs.played(event)
                if animate:
                    self.glides.start(event.move, event.piece, event.before,
                                      dropped and event.by_person, huff_seen=event.by_person)
                else:
                    self.after_move()
            elif isinstance(event, (HuffChosen, HuffWithdrawn)):
                self.huffs.event(event)
            elif isinstance(event, MovesTakenBack):
                self.glides.finish(check_end=False)
                feedback.message = None
                self.end_shown = False
                self.app.sound.play("ui", 0.5)
                self.host.changed()
                self.after_move(check_end=False)
            elif isinstance(event, EndWithdrawn):
                self.end_shown = False
                feedback.say("board.end_withdrawn")
                feedback.flash = 0.0
                self.host.changed()
            elif isinstance(event, DrawOffered):
                if play.draws.offered is not None:  # a person answers
                    self._ask_draw(event.by)
            elif isinstance(event, DrawDeclined):
                feedback.say("board.draw_declined")
                feedback.flash = 0.0
            elif isinstance(event, SeatNotice):  # the computer's worker stopped: said once
                feedback.tell(tr(event.notice.key, **event.notice.values))
            elif isinstance(event, GameOver):
                self.state.hand.put_down()
                self.host.changed()
                self.check_end()

    def _ask_draw(self, by: Color) -> None:
        answer: Callable[[bool], None] = self.commands.answer_draw
        self.app.scenes.push(ConfirmDialog(
            self.app, f"board.ask.draw.{by.name.lower()}", "board.ask.draw.yes",
            lambda: answer(True), cancel_key="board.ask.draw.no",
            on_cancel=lambda: answer(False)))

    def after_move(self, check_end: bool = True) -> None:
        """A move is on the board (its glide over): turn the board to the side to move when
        two people take turns and the board turns each move, and show the end if it came."""
        state = self.state
        if self.flip_each_move and self.two_people and state.review is None:
            state.view.flipped = state.game.turn is Color.BLACK
        if check_end:
            self.check_end()

    def check_end(self) -> None:
        """Show the end overlay once the game is over and the last move has been seen."""
        if self.end_shown or self.glides.glide is not None or self.state.review is not None:
            return
        if self.state.game.outcome() is not None:
            self.end_shown = True
            self.state.hand.put_down()
            self.app.sound.play("game_end")
            self.app.scenes.push(self.end_overlay())

    def show_result(self) -> None:
        """Out of review, to the result over the final position."""
        self.review.leave()
        self.end_shown = False
        self.check_end()

    def end_overlay(self) -> PanelOverlay:
        """The result and its reason over the final position: new game, review, or menu."""
        play = self.state.play
        outcome = play.outcome()
        assert outcome is not None
        view = self.state.view
        return PanelOverlay(
            self.app, result_title(outcome), [end_reason(play.game, outcome)],
            [PanelAction(tr("board.new"), self.commands.start_new),
             PanelAction(tr("board.end.review"), self.review.enter),
             PanelAction(tr("board.menu"), self.commands.leave)],
            key="board-end", icon=outcome.winner,
            footer=tr("board.end.played", moves=play.full_moves()),
            back=PanelAction(tr("board.end.review"), self.review.enter),
            area=lambda: view.rect)
