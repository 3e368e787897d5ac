"""Going through a finished game move by move, with the computer's analysis beside it (mixed
into the board scene)."""
from __future__ import annotations

from typing import Any

from game.play.analysis import Analysis
from game.rules.core import Move
from game.ui.board_panel import AnalysisView


class BoardReview:
    """The board scene's review (``self`` is the :class:`BoardScene`)."""

    def enter_review(self: Any) -> None:
        self._finish_glide(check_end=False)
        self.deselect()
        self.play.enter_review()
        self._changed()
        if self.analysis is None and self.play.is_over and self.play.ply:
            self.analysis = Analysis(self.game, memory_mb=self.app.settings.engine_memory)

    def review_to(self: Any, ply: int, animate: bool = False) -> None:
        if self.review is None:
            return
        self._finish_glide(check_end=False)
        before = dict(self.shown.pieces())
        stepped = self.play.review_to(ply)
        self._changed()
        if stepped is not None and animate:
            self._start_glide(stepped, before[stepped.start], before, dropped=False)

    def review_back(self: Any) -> None:
        self.review_to((self.review or 0) - 1)

    def review_forward(self: Any) -> None:
        self.review_to((self.review or 0) + 1, animate=True)

    def review_first(self: Any) -> None:
        self.review_to(0)

    def review_last(self: Any) -> None:
        self.review_to(self.play.ply)

    def leave_review(self: Any) -> None:
        if self.review is not None:
            self.play.leave_review()
            self._changed()

    def show_result(self: Any) -> None:
        self.leave_review()
        self.end_shown = False
        self.check_end()

    # the analysis ---------------------------------------------------------------------------
    def verdict_shown(self: Any) -> Any:
        """The analysis' verdict on the reviewed position, once it has one."""
        if self.analysis is None or self.review is None:
            return None
        return self.analysis.verdicts[self.review]

    def best_shown(self: Any) -> Move | None:
        verdict = self.verdict_shown()
        return None if verdict is None else verdict.best

    def _analysis_view(self: Any) -> AnalysisView | None:
        analysis = self.analysis
        if analysis is None or self.review is None:
            return None
        verdict = analysis.verdicts[self.review]
        line = ""
        if verdict is not None and verdict.pv:
            replay = self.shown.copy()
            texts = []
            for move in verdict.pv[:6]:
                if move not in replay.legal_moves():
                    break
                texts.append(replay.move_text(move))
                replay.push(move)
            line = " ".join(texts)
        return AnalysisView([None if v is None else v.score for v in analysis.verdicts],
                            analysis.mistakes(), self.review, analysis.done, analysis.total,
                            None if verdict is None else verdict.score, line)
