"""Saves (the only defence) are rated apart from wins: an attempt at a save moves the person's
save rating only, the next puzzle of each kind is chosen by the rating of its kind, and a
progress file keeps both ratings (one written before saves existed still reads)."""
from __future__ import annotations

import json
import random

from game.puzzles.model import Kind, Puzzle, Technique
from game.puzzles.progress import Progress
from game.puzzles.rating import Rating
from game.puzzles.trainer import choose

WIN = Puzzle("russian", "W:Wf2,c3,e3,g3,f4,h4:BKc1,a5,e5,b6,d6,h6,e7,h8",
             (("c3-b4", "a5:c3", "e3-d4", "c1:g5", "h4:f6:d8:a5:e1"),),
             (Technique.SACRIFICE,), rating=1500)
SAVE = Puzzle("international", "W:W6,22:BK1,4,14,21,25",
              (("22-18", "1x45", "6-1", "4-9"),), (Technique.SACRIFICE,), rating=1500,
              kind=Kind.SAVE)
SAVE_RUSSIAN = Puzzle("russian", "W:Wc3,a1:Bd4,f6,h8", (("c3:e5:g7", "h8:f6", "a1-b2"),),
                      rating=1500, kind=Kind.SAVE)


def test_a_save_moves_only_the_save_rating_of_its_game() -> None:
    progress = Progress()
    attempt = progress.record(SAVE_RUSSIAN, solved=False)
    assert attempt.after.rating < attempt.before.rating == 1500
    assert progress.rating("russian", Kind.SAVE) == attempt.after
    assert progress.rating("russian") == Rating()  # the wins' rating has not moved
    solved = progress.record(WIN, solved=True)
    assert solved.before == Rating() and progress.rating("russian").rating > 1500
    assert progress.rating("russian", Kind.SAVE) == attempt.after
    # both kinds count in the game's streak and the technique tallies
    assert progress.streak("russian").current == 1
    assert progress.tally("russian", Technique.SACRIFICE).tried == 1
    # what a miss would cost is said from the rating of the puzzle's kind
    progress.save_ratings["international"] = Rating(1900, 80)
    assert progress.stake(SAVE, False) < 0
    assert abs(progress.stake(SAVE, False)) < abs(progress.stake(
        Puzzle(SAVE.game, SAVE.fen, SAVE.lines, rating=1500, id="international-x"), False))


def test_both_ratings_are_kept_and_an_older_file_reads() -> None:
    progress = Progress()
    progress.record(WIN, solved=True)
    progress.record(SAVE, solved=False)
    back = Progress.from_json(json.loads(json.dumps(progress.to_json())))
    assert back.to_json() == progress.to_json() and back.dropped == 0
    saved = progress.rating("international", Kind.SAVE).rating
    assert saved < 1500 and abs(back.rating("international", Kind.SAVE).rating - saved) < 0.01
    assert back.rating("international") == Rating()
    older = progress.to_json()
    del older["games"]["international"]["save-rating"]
    assert Progress.from_json(older).rating("international", Kind.SAVE) == Rating()
    broken = progress.to_json()
    broken["games"]["international"]["save-rating"] = ["high", 1, 1]
    read = Progress.from_json(broken)
    assert read.dropped == 1 and read.rating("russian") == back.rating("russian")


def test_the_next_save_is_chosen_by_the_save_rating() -> None:
    wins = [Puzzle("russian", WIN.fen, WIN.lines, rating=1000 + 10 * i, id=f"russian-w{i:03d}")
            for i in range(100)]
    saves = [Puzzle("russian", WIN.fen, WIN.lines, rating=1000 + 10 * i, kind=Kind.SAVE,
                    id=f"russian-s{i:03d}") for i in range(100)]
    progress = Progress()
    progress.ratings["russian"] = Rating(1900, 80)
    progress.save_ratings["russian"] = Rating(1300, 80)
    rng = random.Random(4)
    for _ in range(20):
        save = choose(saves, progress, None, rng)
        assert abs(save.rating - (1300 - 75)) < 40
        win = choose(wins, progress, None, rng)
        assert abs(win.rating - (1900 - 75)) < 40
        mixed = choose(wins + saves, progress, None, rng)
        assert abs(mixed.rating - (1300 - 75 if mixed.kind is Kind.SAVE else 1900 - 75)) < 40
