"""The trainer's session without a window: which puzzle comes next, a puzzle's run (right
and wrong moves, the defence's replies, hint, solution), an attempt counted once, and the
refutation of a wrong move found here when the worker dies (the screen's tests use a real
worker)."""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from game.ai.worker import ThinkResult, Thinker
from game.puzzles.collection import read
from game.puzzles.model import Puzzle, PuzzleError, Technique
from game.puzzles.progress import Progress, PuzzleRecord
from game.puzzles.rating import Rating
from game.puzzles.trainer import RECENT, Refuter, Run, Session, Verdict, choose
from game.rules.core import Move

FIXTURES = Path(__file__).parent / "fixtures"
RUSSIAN = read(FIXTURES / "russian.json")
# White gives c3-b4, Black must take a5:c3, then e3-d4 lets the king take c1:g5 and h4
# takes four: h4:f6:d8:a5:e1
FIVE = next(p for p in RUSSIAN if p.main[0] == "c3-b4" and len(p.main) == 5)
# Black f6-g5: White may answer c1-b2 (the main line) or, here, c1-d2 (a second defence)
QUIET = next(p for p in RUSSIAN if p.main[:2] == ("f6-g5", "c1-b2"))
TREE = Puzzle(QUIET.game, QUIET.fen, (QUIET.main, ("f6-g5", "c1-d2", "g5-h4")),
              QUIET.techniques, rating=QUIET.rating)


def _move(run: Run, text: str) -> Move:
    return run.game.parse_move(text)


def _many(n: int) -> list[Puzzle]:
    """n puzzles of one real position with ratings 800 to 2200 and techniques in turn."""
    techniques = list(Technique)
    return [Puzzle(FIVE.game, FIVE.fen, FIVE.lines, (techniques[i % len(techniques)],),
                   rating=800 + 1400 * i / n, id=f"russian-{i:06d}") for i in range(n)]


def test_the_fixtures_are_real_puzzles_of_their_games() -> None:
    assert len(RUSSIAN) >= 10 and len(read(FIXTURES / "international.json")) >= 8
    for puzzle in RUSSIAN:
        assert len(puzzle.moves()) == len(puzzle.main)  # every move legal in turn


def test_the_next_puzzle_is_near_the_persons_rating_and_of_the_technique() -> None:
    puzzles, progress, rng = _many(700), Progress(), random.Random(1)
    progress.ratings["russian"] = Rating(1500, 80)
    for _ in range(30):
        chosen = choose(puzzles, progress, None, rng)
        assert abs(chosen.rating - (1500 - 75)) < 30
        loop = choose(puzzles, progress, Technique.LOOP, rng)
        assert Technique.LOOP in loop.techniques and abs(loop.rating - 1425) < 120
    with pytest.raises(PuzzleError):
        choose([p for p in puzzles if Technique.LOOP not in p.techniques], progress,
               Technique.LOOP, rng)


def test_a_puzzle_tried_recently_does_not_come_again_and_solved_ones_come_last() -> None:
    puzzles, progress = _many(6), Progress()
    session = Session(puzzles, progress, None, random.Random(2))
    seen = set()
    for _ in range(6):
        run = session.next()
        seen.add(run.puzzle.id)
        session.hint()  # counted: a loss
    assert len(seen) == 6, "each one once before any comes again"
    for puzzle in puzzles[1:]:  # all solved long ago but one, which was failed long ago
        progress.puzzles[puzzle.id] = PuzzleRecord(Rating(puzzle.rating, 100), 1, 1, 0, True)
    progress.puzzles[puzzles[0].id] = PuzzleRecord(Rating(puzzles[0].rating, 100), 1, 0, 0,
                                                   False)
    progress.attempts = RECENT + 10
    assert choose(puzzles, progress, None, random.Random(3)) is puzzles[0]


def test_a_right_move_is_answered_at_once_from_the_solution_and_the_last_one_solves() -> None:
    progress = Progress()
    session = Session([FIVE], progress, None, random.Random(4))
    run = session.next()
    assert run.person_to_move and run.side.name == "WHITE"
    began = time.perf_counter()
    step = session.play(_move(run, "c3-b4"))
    assert time.perf_counter() - began < 0.1
    assert step.verdict is Verdict.RIGHT and step.reply is not None
    assert run.played == ["c3-b4", "a5:c3"] and run.person_to_move
    step = session.play(_move(run, "e3-d4"))
    assert step.verdict is Verdict.RIGHT and run.game.move_text(run.game.move_stack[-1]) \
        == "c1:g5"
    step = session.play(_move(run, "h4:f6:d8:a5:e1"))
    assert step.verdict is Verdict.SOLVED and run.over and run.solved and run.clean
    scored = session.scored
    assert scored is not None and scored.solved and scored.after.rating > scored.before.rating
    assert progress.streak("russian").current == 1
    assert progress.tally("russian", FIVE.techniques[0]).solved == 1


def test_a_wrong_move_is_not_played_and_the_attempt_is_lost_once() -> None:
    progress = Progress()
    session = Session([FIVE], progress, None, random.Random(5))
    run = session.next()
    wrong = next(m for m in run.legal() if run.game.move_text(m) != "c3-b4")
    step = session.play(wrong)
    assert step.verdict is Verdict.WRONG and run.played == [] and run.mistakes == 1
    after = run.after(wrong)
    assert after.move_stack[-1] == wrong and not run.game.move_stack
    assert session.scored is not None and not session.scored.solved
    lost = session.scored
    session.play(_move(run, "c3-b4"))
    session.play(_move(run, "e3-d4"))
    session.play(_move(run, "h4:f6:d8:a5:e1"))
    assert run.solved and not run.clean
    assert session.scored is lost and progress.attempts == 1, "counted once"
    assert progress.streak("russian").current == 0


def test_a_puzzle_left_halfway_for_the_next_is_lost_and_one_left_untouched_is_not() -> None:
    progress = Progress()
    session = Session([FIVE], progress, None, random.Random(5))
    session.next()
    run = session.next()  # the first left untouched: nothing counted
    assert progress.attempts == 0
    session.play(_move(run, "c3-b4"))  # the first right move, then the next puzzle
    assert session.scored is None
    session.next()
    assert progress.attempts == 1 and not progress.puzzles[FIVE.id].solved
    assert progress.streak("russian").current == 0


def test_the_defence_plays_each_kept_reply() -> None:
    replies = set()
    for seed in range(12):
        run = Run(TREE, random.Random(seed))
        step = run.play(run.game.parse_move("f6-g5"))
        assert step.reply is not None
        replies.add(run.game.move_text(step.reply))
    assert replies == {"c1-b2", "c1-d2"}


def test_hint_names_the_piece_and_solution_plays_the_rest_of_the_branch() -> None:
    progress = Progress()
    session = Session([TREE], progress, None, random.Random(0))
    run = session.next()
    assert session.hint() == run.game.parse_move("f6-g5").start
    assert session.scored is not None and not session.scored.solved
    # the second defence, to see that the solution follows the branch taken
    seed = next(s for s in range(50)
                if Run(TREE, random.Random(s)).play(QUIET.moves()[0]).reply
                == QUIET.moves(("f6-g5", "c1-d2"))[1])
    run = session.run = Run(TREE, random.Random(seed))
    run.play(run.game.parse_move("f6-g5"))
    moves = session.solution()
    assert [run.game.geometry.name(m.start) for m in moves] == ["g5"]
    assert run.over and not run.solved and run.played == list(TREE.lines[1])
    assert session.solution() == []


class _DyingThinker(Thinker):
    """A worker that always dies before it answers (no process is started)."""

    def __init__(self) -> None:  # no worker process: nothing of the base is set up
        self.memory_mb = 0
        self.starts = 0

    def start(self, *args: object, **kwargs: object) -> None:
        self.starts += 1

    def poll(self) -> ThinkResult | None:
        return ThinkResult(None, "", 0, 0, 0, (), "the worker process stopped", died=True)

    def warm_up(self) -> None:
        pass

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_refutation_comes_from_a_shallow_search_here_when_the_worker_dies() -> None:
    run = Run(FIVE, random.Random(0))
    wrong = next(m for m in run.legal() if run.game.move_text(m) != "c3-b4")
    thinker = _DyingThinker()
    refuter = Refuter(lambda: thinker)
    refuter.ask(run.after(wrong))
    assert refuter.poll() is None and thinker.starts == 2, "asked again of a new worker"
    assert refuter.take_notice() is not None
    refutation = refuter.poll()
    assert refutation is not None and refutation.moves, "found here by a shallow search"
    assert refutation.value is not None
    game = run.after(wrong)
    for move in refutation.moves:
        assert game.is_legal(move)
        game.push(move)
    notice = refuter.take_notice()
    assert notice is not None and notice.key == "board.advice.fallback"
    refuter.close()


def test_a_puzzle_that_cannot_be_read_is_passed_over() -> None:
    bad_move = Puzzle(FIVE.game, FIVE.fen, (("c3-b4", "a5:e1"),), rating=1425, id="russian-bad1")
    bad_fen = Puzzle("russian", "W:Wz9:Bq0", (("a1-b2",),), rating=1425, id="russian-bad2")
    session = Session([bad_move, bad_fen, FIVE], Progress(), None, random.Random(1))
    for _ in range(3):
        assert session.next().puzzle is FIVE
    assert session.broken == {"russian-bad1", "russian-bad2"}
    with pytest.raises(PuzzleError):
        Session([bad_move, bad_fen], Progress(), None, random.Random(1)).next()


@pytest.mark.parametrize("game", ["russian", "international"])
def test_every_line_of_the_shipped_puzzles_plays_through_a_run(game: str) -> None:
    from game.puzzles.collection import shipped

    puzzles = shipped(game)
    if not puzzles:
        pytest.skip(f"no {game} collection shipped yet")
    for puzzle in random.Random(38).sample(puzzles, min(60, len(puzzles))):
        for line in puzzle.lines:
            run = Run(puzzle, random.Random(0))
            while not run.over:  # the person's moves of this line; the defence's as it goes
                ply = len(run.played)
                if run.played != list(line[:ply]):
                    break  # the defence chose another kept reply: that line is its own
                step = run.play(run.game.parse_move(line[ply]))
                assert step.verdict is not Verdict.WRONG, (puzzle.id, line, ply)
        assert Run(puzzle, random.Random(0)).solution() == puzzle.moves()
