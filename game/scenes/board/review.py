"""Going through a finished game move by move, with the computer's analysis beside it (a part
of the board screen)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game.i18n import tr
from game.ai.worker import Thinker
from game.play.hub_analyser import HubThinker
from game.play.hub_probe import plays
from game.puzzles.collection import available
from game.puzzles.model import PuzzleError, Technique
from game.review.analysis import Analyser, Analysis, Verdict
from game.review.coach import Kind
from game.rules.core import Move
from game.scenes.board.coaching import BoardCoach
from game.ui.board_panel import AnalysisView
from game.ui.coach_box import Link

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.common.glide import Glides
    from game.scenes.board.state import BoardState, Host


class Review:
    """The board's review: which ply is shown (the play object keeps it), stepping through
    the game, and the engine's analysis of a finished game."""

    def __init__(self, state: BoardState, app: App, host: Host, glides: Glides) -> None:
        self.state = state
        self.app = app
        self.host = host
        self.glides = glides
        self.analysis: Analysis | None = None  # the engine's review of a finished game
        self._notice: object = None  # the analysis' last word on its worker, said
        self.coach = BoardCoach(state, app)  # its comments on the moves, once analysed

    def enter(self) -> None:
        self.glides.finish(check_end=False)
        self.state.hand.put_down()
        play = self.state.play
        play.reviewing.enter()
        self.host.changed()
        if self.analysis is None and play.is_over and play.ply:
            self.analysis = Analysis(self.state.game, thinker=self._analyser(),
                                     memory_mb=self.app.settings.engine_memory)

    def _analyser(self) -> Callable[[], Analyser]:
        """Our engine, or the outside engine where the player chose it for the review and it
        plays this game (said in the panel)."""
        settings = self.app.settings
        engine = settings.hub_engine
        if not settings.hub_analysis or engine is None \
                or not plays(engine.variants, self.state.play.variant):
            return Thinker
        self.state.feedback.tell(tr("board.analysis.by", name=engine.name))
        return partial(HubThinker, engine.command, name=engine.name)

    def to(self, ply: int, animate: bool = False) -> None:
        state = self.state
        if state.review is None:
            return
        self.glides.finish(check_end=False)
        before = dict(state.shown.pieces())
        stepped = state.play.reviewing.to(ply)
        self.host.changed()
        if stepped is not None and animate:
            self.glides.start(stepped, before[stepped.start], before, dropped=False)

    def back(self) -> None:
        self.to((self.state.review or 0) - 1)

    def forward(self) -> None:
        self.to((self.state.review or 0) + 1, animate=True)

    def first(self) -> None:
        self.to(0)

    def last(self) -> None:
        self.to(self.state.play.ply)

    def leave(self) -> None:
        if self.state.review is not None:
            self.state.play.reviewing.leave()
            self.host.changed()

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.close()

    # the analysis ---------------------------------------------------------------------------
    def update(self) -> bool:
        """The analysis goes on a step; whether it judged a position (the panel shows it).
        What it says of its worker is said once."""
        analysis = self.analysis
        if analysis is None:
            return False
        judged = not analysis.finished and analysis.update()
        if judged:
            self.app.redraw()
        notice = analysis.notice
        if notice is not None and notice is not self._notice:
            self._notice = notice
            self.state.feedback.message = tr(notice.key, **notice.values)
        return judged

    def verdict_shown(self) -> Verdict | None:
        """The analysis' verdict on the reviewed position, once it has one."""
        if self.analysis is None or self.state.review is None:
            return None
        return self.analysis.verdicts[self.state.review]

    def best_shown(self) -> Move | None:
        verdict = self.verdict_shown()
        return None if verdict is None else verdict.best

    def view(self) -> AnalysisView | None:
        """What the panel shows of the analysis while a position is reviewed. Its progress
        counts the moves judged (both positions around a move searched) out of the moves
        played, as the review's header counts the moves."""
        analysis, review = self.analysis, self.state.review
        if analysis is None or review is None:
            return None
        verdict = analysis.verdicts[review]
        line = ""
        if verdict is not None and verdict.pv:
            replay = self.state.shown.copy()
            texts = []
            for move in verdict.pv[:6]:
                if move not in replay.legal_moves():
                    break
                texts.append(replay.move_text(move))
                replay.push(move)
            line = " ".join(texts)
        return AnalysisView([None if v is None else v.score for v in analysis.verdicts],
                            analysis.mistakes(), review, analysis.judged, len(analysis.moves),
                            None if verdict is None else verdict.score, line,
                            self.coach.words(analysis, review),
                            frozenset(self.coach.comments(analysis)), self.links())

    # the coach's links ------------------------------------------------------------------------
    def technique_shown(self) -> Technique | None:
        """The technique the coach names of the reviewed move (a combination missed or walked
        into), if it names one."""
        if self.analysis is None or self.state.review is None:
            return None
        for comment in self.coach.shown(self.analysis, self.state.review):
            if comment.kind in (Kind.MISSED, Kind.WALKED_INTO) and comment.technique:
                return comment.technique
        return None

    def links(self) -> tuple[Link, ...]:
        """Under the coach's words on a technique: its page, and its puzzles where the
        trainer has some of this game."""
        technique = self.technique_shown()
        if technique is None:
            return ()
        out: list[Link] = [(tr("coach.link.page"), self.open_page, "coach.tip.page")]
        if self._has_puzzles(technique):
            out.append((tr("coach.link.practise"), self.practise, "coach.tip.practise"))
        return tuple(out)

    def _has_puzzles(self, technique: Technique) -> bool:
        if "trainer" not in self.app.routes.table:
            return False
        try:
            puzzles = available(self.state.play.variant)
        except PuzzleError:  # a damaged collection: the trainer says so, not the review
            return False
        return any(technique in puzzle.techniques for puzzle in puzzles)

    def open_page(self) -> None:
        """The rules screen at the page of the technique the coach names."""
        technique = self.technique_shown()
        if technique is not None:
            self.app.routes.push("rules", technique=technique.value)

    def practise(self) -> None:
        """The trainer on this game's puzzles of the technique the coach names."""
        technique = self.technique_shown()
        if technique is not None and self._has_puzzles(technique):
            self.app.routes.push("trainer", game=self.state.play.variant,
                                 technique=technique.value)

    def actions(self) -> dict[str, Callable[[], None]]:
        """The review's actions by the names the key table uses."""
        return {"review_back": self.back, "review_forward": self.forward,
                "review_first": self.first, "review_last": self.last,
                "coach_page": self.open_page}
