"""The shipped collections: their basic facts for every puzzle, the seal of the deeper check
on every one (tools/confirm_puzzles.py checks them all four plies deeper, by two evaluations:
too slow for the tests, so each puzzle carries the check's fingerprint), and a random sample
(fixed seed) re-verified at the depth that found it (benchmarks/puzzles_verify.py does them
all, ``--deep`` the deeper check)."""
from __future__ import annotations

import random

import pytest

from game.puzzles.collection import shipped
from game.puzzles.model import Kind, puzzle_id
from game.puzzles.techniques import detect
from game.puzzles.verify import (RATING_HIGH, RATING_LOW, WIN_GAIN, is_sealed, material,
                                 verify)

GAMES = ("russian", "international")
LEAST = 300  # puzzles shipped per game at least
SAMPLE = 2  # puzzles per game re-verified here


@pytest.mark.parametrize("name", GAMES)
def test_the_collection_holds_enough_distinct_legal_puzzles(name: str) -> None:
    puzzles = shipped(name)
    assert len(puzzles) >= LEAST
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert len({p.fen for p in puzzles}) == len(puzzles)
    for puzzle in puzzles:
        assert puzzle.game == name and puzzle.id == puzzle_id(name, puzzle.fen)
        assert puzzle.depth >= 8 and puzzle.source
        assert RATING_LOW <= puzzle.rating <= RATING_HIGH
        # every shipped win is named by at least one technique, the detector's own (a save,
        # the only defence, is a puzzle of its own kind, named where its line shows one)
        found = detect(puzzle)
        assert puzzle.techniques or puzzle.kind is Kind.SAVE
        assert (puzzle.techniques, puzzle.flank) == (found.techniques, found.flank)
        game = puzzle.start()
        assert game.fen() == puzzle.fen
        winner = game.turn
        before = material(game, winner)
        assert len(game.every_move()) >= 2
        for line in puzzle.lines:
            assert len(puzzle.moves(line)) == len(line)  # every line replays
            assert line[0] == puzzle.main[0]  # one winning first move
        for move in puzzle.moves():
            game.push(move)
        outcome = game.outcome()
        if puzzle.kind is Kind.SAVE:
            # the only defence: the side to move does not lose the game along it
            assert outcome is None or outcome.winner is not winner.other
            assert material(game, winner) - before == puzzle.gain
        elif puzzle.gain == WIN_GAIN:
            # the side to move in the FEN is the one that wins
            assert outcome is not None and outcome.winner is winner
        else:
            assert material(game, winner) - before == puzzle.gain >= 100


@pytest.mark.parametrize("name", GAMES)
def test_every_puzzle_was_confirmed_deeper_and_is_unchanged_since(name: str) -> None:
    puzzles = shipped(name)
    unsealed = [p.id for p in puzzles if not is_sealed(p)]
    assert not unsealed, f"not confirmed deeper (run tools/confirm_puzzles.py): {unsealed[:5]}"
    # the saves are puzzles of their own kind in both collections, the wins the most
    kinds = {kind: sum(1 for p in puzzles if p.kind is kind) for kind in Kind}
    assert kinds[Kind.WIN] > kinds[Kind.SAVE] > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_still_holds_at_its_depth(name: str) -> None:
    puzzles = shipped(name)
    for puzzle in random.Random(38).sample(puzzles, SAMPLE):
        assert verify(puzzle, puzzle.depth) == [], puzzle.id
