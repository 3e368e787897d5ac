"""The trainer's session, without a window: which puzzle comes next, one puzzle's run (the
person's moves checked against the solution, the defence's replies, hint, solution) and the
refutation of a wrong move, searched in a worker process that the screen polls.

A right move is answered from the solution tree at once (no search); only a wrong move asks
the engine why it is wrong. An attempt counts once: a loss at the first wrong move, hint or
solution shown, or when the next puzzle is asked for halfway; a win when the puzzle is solved
without any of them.
"""
from __future__ import annotations

import enum
import heapq
import random
from collections import deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from game.ai.worker import Thinker
from game.play.advice import Advice
from game.play.seats import Notice
from game.puzzles.model import Kind, Puzzle, PuzzleError, Technique
from game.puzzles.progress import Attempt, Progress
from game.rules.core import Color, Game, Move

#: the puzzles come this far below the person's rating: solved more often than not (about
#: 60 %), which keeps one going, yet each one asks for thought
TARGET_BELOW = 75.0
#: a puzzle tried within this many attempts is not given again while there are others
RECENT = 40
#: a puzzle solved before is weighed as if this much further from the right difficulty
SOLVED_COST = 400.0
#: the next puzzle is drawn at random among this many of the best fitting (some variety)
PICK_AMONG = 6
#: seconds the engine looks for the refutation of a wrong move
REFUTE_SECONDS = 0.6
#: the most moves of a refutation played out (the point is made by then)
REFUTE_PLIES = 5
#: a wrong move after which the person stands this much worse (1/100 man) loses
LOSING = -50


def choose(puzzles: Sequence[Puzzle], progress: Progress, technique: Technique | None,
           rng: random.Random, avoid: Sequence[str] = (),
           never: Collection[str] = ()) -> Puzzle:
    """The next puzzle: of ``technique`` (None: any), close to the difficulty that fits the
    person's rating, not one tried recently (nor one of ``avoid``, the ids just shown) while
    others remain, a solved one only when fresh ones run out, never one of ``never``.
    PuzzleError when there is none."""
    if not puzzles:
        raise PuzzleError("no puzzles")
    game = puzzles[0].game
    # a save is measured against the person's rating at saves (rated apart)
    targets = {kind: progress.rating(game, kind).rating - TARGET_BELOW for kind in Kind}
    now = progress.attempts
    records = progress.puzzles
    shunned = set(avoid)
    costs: list[tuple[float, int]] = []
    for index, puzzle in enumerate(puzzles):
        if technique is not None and technique not in puzzle.techniques or puzzle.id in never:
            continue
        record = records.get(puzzle.id)
        rating = record.rating.rating if record is not None else puzzle.rating
        cost = abs(rating - targets[puzzle.kind])
        if puzzle.id in shunned:
            cost += 2e6
        elif record is not None:
            if now - record.last < RECENT:
                cost += 1e6  # only when nothing else is left
            elif record.solved:
                cost += SOLVED_COST
        costs.append((cost, index))
    if not costs:
        raise PuzzleError(f"no puzzles of {technique.value if technique else 'any technique'}")
    best = heapq.nsmallest(PICK_AMONG, costs)
    # draw among the best only those about as good as the best (a recent one never beside
    # a fresh one)
    best = [item for item in best if item[0] - best[0][0] < 300.0]
    return puzzles[rng.choice(best)[1]]


#: the values of a puzzle's ``kind`` that ask for the only defence (a save), not a win
SAVE_KINDS = frozenset({"save", "defence", "defense"})


def asks_defence(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a save: one move alone holds, and it is to be found (never shown
    as a winning combination). Its ``kind`` says so where the collection gives one; a puzzle
    without a kind is a win."""
    kind = getattr(puzzle, "kind", None)
    value = getattr(kind, "value", kind)
    return isinstance(value, str) and value.lower() in SAVE_KINDS


class Verdict(enum.Enum):
    """What the person's move was."""

    RIGHT = "right"  # the solution's move: the defence answers
    SOLVED = "solved"  # the solution's last move
    WRONG = "wrong"  # not the solution's: the refutation comes, then back to try again


@dataclass(frozen=True, slots=True)
class Step:
    """The result of a move: the verdict, the person's move and the defence's reply (a right
    move that is not the last)."""

    verdict: Verdict
    move: Move
    reply: Move | None = None


class Run:
    """One puzzle being solved: the position now, the solution's moves played so far, and
    what help was taken."""

    def __init__(self, puzzle: Puzzle, rng: random.Random) -> None:
        self.puzzle = puzzle
        self.rng = rng
        self.game = puzzle.start()
        self.side: Color = self.game.turn  # the winning side, the person's
        self.played: list[str] = []
        self.mistakes = 0
        self.hints = 0
        self.shown = False  # the solution was shown
        self.over = False  # solved, or the solution played out

    @property
    def clean(self) -> bool:
        """No wrong move, no hint, no solution so far."""
        return self.mistakes == 0 and self.hints == 0 and not self.shown

    @property
    def solved(self) -> bool:
        """Solved by the person (with or without help)."""
        return self.over and not self.shown

    @property
    def person_to_move(self) -> bool:
        return not self.over and self.game.turn is self.side

    def legal(self) -> list[Move]:
        return self.game.every_move() if self.person_to_move else []

    def _answer_moves(self) -> list[Move]:
        return [self.game.parse_move(text) for text in self.puzzle.answers(self.played)]

    def play(self, move: Move) -> Step:
        """The person's move: checked against the solution; a right one is played, with the
        defence's reply (chosen among the kept ones at random); a wrong one is not played."""
        if not self.person_to_move:
            raise ValueError("not the person's turn")
        text = self.game.move_text(move)
        answers = self.puzzle.answers(self.played)
        if text not in answers:
            # the same move may be written otherwise (a capture's route given in full)
            same = [a for a, m in zip(answers, self._answer_moves()) if m == move]
            if not same:
                self.mistakes += 1
                return Step(Verdict.WRONG, move)
            text = same[0]
        self._push(move, text)
        replies = self.puzzle.answers(self.played)
        if not replies:
            self.over = True
            return Step(Verdict.SOLVED, move)
        reply = self.game.parse_move(self.rng.choice(replies))
        self._push(reply, self.game.move_text(reply))
        if not self.puzzle.answers(self.played):
            self.over = True  # the line ends with the defence's move: nothing left to find
            return Step(Verdict.SOLVED, move, reply)
        return Step(Verdict.RIGHT, move, reply)

    def _push(self, move: Move, text: str) -> None:
        self.game.push(move)
        self.played.append(text)

    def after(self, move: Move) -> Game:
        """The position after a wrong ``move`` (where its refutation is searched)."""
        game = self.game.copy()
        game.push(move)
        return game

    def hint(self) -> int | None:
        """The square of the piece to move now (None when it is not the person's turn)."""
        if not self.person_to_move:
            return None
        self.hints += 1
        moves = self._answer_moves()
        return moves[0].start if moves else None

    def solution(self) -> list[Move]:
        """The rest of the solution from here (the main line's branch where it can), played
        on; the moves, for the screen to show one by one."""
        if self.over:
            return []
        self.shown = True
        ply = len(self.played)
        line = next((line for line in self.puzzle.lines
                     if tuple(line[:ply]) == tuple(self.played)), None)
        moves: list[Move] = []
        for text in line[ply:] if line is not None else ():
            move = self.game.parse_move(text)
            self._push(move, text)
            moves.append(move)
        self.over = True
        return moves


class Session:
    """Puzzles one after another, for one game and one technique (or mixed): each run, its
    attempt counted once in the progress."""

    def __init__(self, puzzles: Sequence[Puzzle], progress: Progress,
                 technique: Technique | None, rng: random.Random | None = None) -> None:
        self.puzzles = puzzles
        self.progress = progress
        self.technique = technique
        self.rng = rng or random.Random()
        self.run: Run | None = None
        self.scored: Attempt | None = None  # the current run's attempt, once counted
        self._shown: deque[str] = deque(maxlen=RECENT)  # ids shown lately, tried or not
        self.broken: set[str] = set()  # puzzles that cannot be read
        self.on_scored: Callable[[Attempt], None] | None = None  # e.g. write the file

    def next(self) -> Run:
        """The next puzzle's run. A puzzle whose position or moves cannot be read (a damaged
        collection) is passed over and not offered again; PuzzleError when none is left.
        The puzzle left behind counts as not solved if the person had begun it (a right move
        made): giving up halfway on hard ones must not keep the rating too high. One left
        untouched is not counted."""
        run = self.run
        if run is not None and self.scored is None and run.played and not run.over:
            self._count(False)
        while True:
            puzzle = choose(self.puzzles, self.progress, self.technique, self.rng,
                            self._shown, self.broken)
            try:
                for line in puzzle.lines:
                    puzzle.moves(line)  # every move of every line legal in turn
                run = Run(puzzle, self.rng)
            except PuzzleError:
                self.broken.add(puzzle.id)
                continue
            self._shown.append(puzzle.id)
            self.run = run
            self.scored = None
            return run

    def _settle(self) -> None:
        run = self.run
        if run is None or self.scored is not None:
            return
        if not run.clean or run.solved:
            self._count(run.clean and run.solved)

    def _count(self, solved: bool) -> None:
        assert self.run is not None
        self.scored = self.progress.record(self.run.puzzle, solved)
        if self.on_scored is not None:
            self.on_scored(self.scored)

    def play(self, move: Move) -> Step:
        assert self.run is not None
        step = self.run.play(move)
        self._settle()
        return step

    def hint(self) -> int | None:
        assert self.run is not None
        square = self.run.hint()
        self._settle()
        return square

    def solution(self) -> list[Move]:
        assert self.run is not None
        moves = self.run.solution()
        self._settle()
        return moves


@dataclass(frozen=True, slots=True)
class Refutation:
    """The engine's answer to a wrong move: the line (its best reply first; empty when the
    defence has no move) and the position's value after the wrong move for the side that
    made it (1/100 man; None when there was nothing to search)."""

    moves: tuple[Move, ...]
    value: int | None = None

    @property
    def loses(self) -> bool:
        """Whether the wrong move leaves its side clearly worse (a man or so down)."""
        return self.value is not None and self.value <= LOSING


class Refuter:
    """Asks the engine for the refutation of a wrong move (its best answer and the line after
    it), in a worker process the screen polls; a shallow search here if the worker dies."""

    def __init__(self, thinker: Callable[[], Thinker] = Thinker,
                 seconds: float = REFUTE_SECONDS) -> None:
        self._make = thinker
        self._thinker: Thinker | None = None
        self._side = Color.WHITE  # the side whose wrong move is refuted
        self.advice = Advice(seconds=seconds, thinker=self._worker)

    def _worker(self) -> Thinker:
        if self._thinker is None:
            self._thinker = self._make()
        return self._thinker

    def warm_up(self) -> None:
        """Start the worker process now (it takes a moment), not at the first wrong move."""
        self._worker().warm_up()

    @property
    def asked(self) -> bool:
        return self.advice.asked

    def take_notice(self) -> Notice | None:
        """What the worker's trouble has to tell, once (then None)."""
        notice, self.advice.notice = self.advice.notice, None
        return notice

    def ask(self, game: Game) -> None:
        """Look for the refutation in ``game`` (the position after the wrong move)."""
        self._side = game.turn.other  # the side whose move it answers
        self.advice.ask(game)

    def poll(self) -> Refutation | None:
        """The refutation once found (no moves when the defence has none), else None."""
        was_asked = self.advice.asked
        answer = self.advice.poll()
        if answer is None:
            if was_asked and not self.advice.asked:
                return Refutation(())  # answered with nothing: no move to show
            return None
        line = answer.pv if answer.pv and answer.pv[0] == answer.move else (answer.move,
                                                                             *answer.pv)
        value = answer.score if self._side is Color.WHITE else -answer.score
        return Refutation(tuple(line[:REFUTE_PLIES]), value)

    def cancel(self) -> None:
        self.advice.cancel()

    def close(self) -> None:
        self.advice.close()
        self._thinker = None


__all__ = ["LOSING", "Refutation", "Refuter", "Run", "SAVE_KINDS", "Session", "Step", "Verdict",
           "asks_defence", "choose"]
