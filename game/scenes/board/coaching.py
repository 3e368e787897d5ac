"""The coach at the board (a part of the board screen): its comments on a reviewed game's moves,
made once the analysis is finished, and its word with the advice; both follow the player's
coach setting (all, the combinations only, or off). When one person plays here, the review
speaks of that person's moves only."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import tr
from game.review.analysis import Analysis
from game.review.coach import Coach, Comment
from game.rules.core import Color, Game, Move

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.board.state import BoardState


def comment_words(comment: Comment, you: Color | None = None) -> str:
    """The comment in the player's language; ``you``: the person's side, if one person plays."""
    notice = comment.notice(you)
    return tr(notice.key, **notice.values)


class BoardCoach:
    """Keeps the coach's comments on one analysed game (made once per setting) and words
    them for the panel: "you" is the person at this window when one person plays."""

    def __init__(self, state: BoardState, app: App) -> None:
        self.state = state
        self.app = app
        self._made_for: tuple[int, bool, bool, Color | None] | None = None
        self._comments: dict[int, list[Comment]] = {}

    def _coach(self) -> Coach | None:
        settings = self.app.settings
        if not settings.coach:
            return None
        return Coach(principles=settings.coach_principles)

    @property
    def you(self) -> Color | None:
        """The person's side when one person plays here (their moves are "yours")."""
        persons = [c for c, seat in self.state.play.seats.items() if seat.at_window]
        return persons[0] if len(persons) == 1 else None

    def comments(self, analysis: Analysis) -> dict[int, list[Comment]]:
        """The comments on the finished ``analysis``' moves by ply (none while it runs): the
        person's moves only when one person plays here, every move otherwise."""
        settings = self.app.settings
        you = self.you
        key = (id(analysis), settings.coach, settings.coach_principles, you)
        if not analysis.finished or analysis.error is not None:
            return {}
        if key != self._made_for:
            self._made_for = key
            self._comments = {}
            coach = self._coach()
            if coach is not None:
                start = type(analysis.game).from_fen(analysis.start_fen,
                                                     **analysis.game.options)
                for comment in coach.review(start, analysis.moves, analysis.verdicts):
                    if you is None or comment.side is you:
                        self._comments.setdefault(comment.ply, []).append(comment)
        return self._comments

    def shown(self, analysis: Analysis, ply: int) -> list[Comment]:
        """The comments on the move of ``ply``."""
        return self.comments(analysis).get(ply, [])

    def words(self, analysis: Analysis, ply: int) -> tuple[str, ...]:
        """What the coach says about the move of ``ply``, in the player's language."""
        return tuple(comment_words(c, self.you) for c in self.shown(analysis, ply))

    def advice_words(self, game: Game, move: Move, pv: Sequence[Move], score: int
                     ) -> str | None:
        """The coach's word with the advice ``move`` (None: nothing to add)."""
        coach = self._coach()
        if coach is None:
            return None
        comment = coach.advice(game, move, pv, score)
        return None if comment is None else comment_words(comment, self.you)
