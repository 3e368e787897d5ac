"""What the trainer says in the person's language, built from the run's facts: who plays and
what for (a win, or the only defence), what a wrong move runs into, the person's rating and
its last step, and what a hint would cost before it is taken."""
from __future__ import annotations

from collections.abc import Sequence

from game.i18n import counted, tr
from game.puzzles.progress import Attempt, Progress
from game.puzzles.rating import Rating
from game.puzzles.trainer import Refutation, Run, asks_defence

MINUS = "\u2212"


def signed(change: float) -> str:
    """A rating step as the eye reads it: "+40", "−88" (a real minus), "0"."""
    points = round(change)
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


def rating_line(rating: Rating, step: float | None = None) -> str:
    """"Your rating 1412 (−88)": the rating, the step this puzzle made (if any), and whether
    it is still provisional."""
    value = str(round(rating.rating))
    if step is not None:
        value += f" ({signed(step)})"
    return tr("trainer.rating.provisional" if rating.provisional else "trainer.rating",
              rating=value)


def to_play(run: Run) -> str:
    """"White to play and win", or "White to play: find the only defence" for a save."""
    key = f"trainer.to_play.{run.side.name.lower()}"
    return tr(f"{key}.save" if asks_defence(run.puzzle) else key)


def solved(run: Run) -> str:
    """The headline once the run is over by the person's own moves."""
    if not run.clean:
        return tr("trainer.solved.helped")
    return tr("trainer.solved.save" if asks_defence(run.puzzle) else "trainer.solved")


def refuted(run: Run, move: str, refutation: Refutation, line: Sequence[str]) -> str:
    """What the wrong ``move`` ran into: "Your move 34-29 loses: the opponent answers 23x34;
    then 24-19 14x23 …", never worded as the solution. A save's wrong move loses (every
    other move does: the collection checked it deeper than this quick search); a
    combination's one that loses nothing by the search misses the combination."""
    if not line:
        return tr("trainer.wrong.plain", move=move)
    key = ("trainer.wrong.loses" if refutation.loses or asks_defence(run.puzzle)
           else "trainer.wrong.misses")
    said = tr(key, move=move, line=line[0])
    return said + tr("trainer.wrong.then", line=" ".join(line[1:])) if line[1:] else said


def cost(run: Run, scored: Attempt | None, progress: Progress) -> str:
    """What a hint or the solution costs now, said before either is taken: the rating's step
    of a missed puzzle; nothing once the puzzle already counts (a wrong move), or is over."""
    if run.over:
        return ""
    if scored is not None:
        return tr("trainer.cost.none")
    return counted("trainer.cost", max(0, -round(progress.stake(run.puzzle, solved=False))))


__all__ = ["cost", "rating_line", "refuted", "signed", "solved", "to_play"]
