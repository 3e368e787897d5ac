"""The computer's advice at the board (A): the engine's move for the person to move, asked in
a worker and shown as an arrow when it comes (a part of the board screen)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import tr
from game.play.advice import Advice
from game.scenes.board.coaching import BoardCoach

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.common.glide import Glides
    from game.scenes.board.huff import Huffs
    from game.scenes.board.state import BoardState


class BoardAdvice:
    """Asks the engine for a move and puts its answer on the board (``state.hint_move``) and
    in the panel; the worker is made at the first question."""

    def __init__(self, state: BoardState, app: App, glides: Glides, huffs: Huffs) -> None:
        self.state = state
        self.app = app
        self.glides = glides
        self.huffs = huffs
        self._advice: Advice | None = None
        self.coach = BoardCoach(state, app)  # names the combination the advice starts

    def ask(self) -> None:
        """The engine's move for the person to move, shown as an arrow when it has one."""
        self.glides.finish()
        state = self.state
        play = state.play
        if not play.person_to_move:
            state.feedback.say("board.why.over" if play.is_over or state.review is not None
                               else "board.why.wait")
            return
        if self._advice is None:
            self._advice = Advice(memory_mb=self.app.settings.engine_memory)
        self._advice.ask(state.game)
        state.hint_move = None
        state.feedback.tell(tr("board.hint.thinking"))

    def poll(self) -> None:
        advice = self._advice
        if advice is None or not advice.asked:
            return
        answer = advice.poll()
        feedback = self.state.feedback
        if advice.notice is not None:  # its worker stopped: said once, in one line
            feedback.message = tr(advice.notice.key, **advice.notice.values)
            advice.notice = None
            self.app.redraw()
        if answer is None:
            return
        if self.huffs.hint_fits(answer.move):
            self.state.hint_move = answer.move
            game = self.state.game
            feedback.message = (self.coach.advice_words(game, answer.move, answer.pv,
                                                        answer.score)
                                or tr("board.hint.move", move=game.move_text(answer.move)))
        else:
            feedback.message = None
        self.app.redraw()

    def cancel(self) -> None:
        """The position changed: an answer on its way is for another position."""
        if self._advice is not None:
            self._advice.cancel()

    def close(self) -> None:
        if self._advice is not None:
            self._advice.close()
            self._advice = None
