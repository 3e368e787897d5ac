"""The deeper check (``verify.confirm``): the five International puzzles of the first
collection that an independent engine found wanting (issue 48) are caught by it, three as no
wins and two as saves; a save is a puzzle of its own kind; a confirmed puzzle carries a seal
that any change to it breaks.

The five are confirmed here a ply or two deeper than the miner looked (depth 10), which is
where they already fail, to keep the suite quick; the same check at the full depth the
collection is kept by (``Deep()``: four plies deeper, 14) is ``benchmarks/puzzles_truth.py``,
run by hand."""
from __future__ import annotations

import dataclasses

import pytest

from game.puzzles.model import Kind, Puzzle, Technique
from game.puzzles.verify import (Criteria, Deep, Doubt, confirm, find_puzzle, is_sealed,
                                 sealed)
from game.rules import find_variant

#: what the deeper check may say of a puzzle that is no win
NO_WIN = {Doubt.GAIN_LOST, Doubt.EXCHANGE, Doubt.RIVAL, Doubt.WON_ANYWAY, Doubt.COMES_BACK,
          Doubt.LATER}

# the three that lose their gain deeper, as the first collection held them (depth 10)
EXCHANGE = Puzzle("international",
                  "W:W26,27,28,32,33,34,35,36,38,40,41,42,44,45,46,47,48,50:"
                  "B1,2,3,4,5,6,8,10,12,13,15,16,18,19,21,22,24,25",
                  (("26x17", "12x21", "28x26"),), (Technique.EXCHANGE,), gain=200, depth=10)
LEAST_BAD = Puzzle("international", "B:W17,22,27,32,34,35:B16,18,19,23,24,26",
                   (("26-31", "22x13", "31x11", "13-8"),),
                   (Technique.SACRIFICE, Technique.ONE_FOR_TWO), gain=100, depth=10)
AS_WELL = Puzzle("international", "W:W12,23,29,33,36,44,47:B2,11,14,30,35,37",
                 (("36-31", "37x26", "12-7", "14-20", "7x16", "20-24", "29x20"),),
                 (Technique.SACRIFICE,), gain=100, depth=10)
# the two saves, as the first collection held them: wins of a man (a crowning counted)
RACE = Puzzle("international", "B:WK3,16,26,49:B17,34",
              (("34-40", "3x21", "40-45", "16-11", "45-50", "11-6"),),
              (Technique.SACRIFICE, Technique.BREAKTHROUGH), gain=100, depth=10)
DEFLECTION = Puzzle("international", "W:W6,22:BK1,4,14,21,25", (("22-18", "1x45", "6-1"),),
                    (Technique.SACRIFICE, Technique.BREAKTHROUGH), gain=100, depth=10)
#: a ply deeper than the miner: where the three wins already lose their gain (the full
#: four plies deeper: benchmarks/puzzles_truth.py)
ONE_DEEPER = Deep(extra=1)
#: two plies deeper, the line ends searched at 6 (the full check: benchmarks/puzzles_truth.py)
SAVE_DEEPER = Deep(extra=2, hold=6)
# a Russian combination: Black gives c5 and takes three men back
RUSSIAN = "B:Wa1,c1,g1,b2,h2,a3,c3,e3,h4,a5,h6:Bc5,e5,b6,d6,a7,c7,e7,d8,f8,h8"


@pytest.mark.parametrize("puzzle", [EXCHANGE, LEAST_BAD, AS_WELL], ids=["exchange",
                                                                        "least-bad", "as-well"])
def test_the_wins_that_lose_their_gain_deeper_are_rejected(puzzle: Puzzle) -> None:
    truth = confirm(puzzle, ONE_DEEPER)
    assert truth.depth == 11 and not truth.holds, truth
    assert truth.doubt in NO_WIN, truth
    if puzzle is EXCHANGE:
        # 26x17 12x21 28x26 takes two for one, but the man comes back: a plain exchange
        assert truth.doubt is Doubt.EXCHANGE


@pytest.mark.parametrize("puzzle", [RACE, DEFLECTION], ids=["race", "deflection"])
def test_the_saves_are_no_wins_and_are_found_and_confirmed_as_saves(puzzle: Puzzle) -> None:
    as_win = confirm(puzzle, ONE_DEEPER)
    assert as_win.doubt is Doubt.GAIN_LOST, as_win  # what it wins is a crown, not a man
    found = find_puzzle(puzzle.start(), Criteria(depth=6)).puzzle
    assert found is not None and found.kind is Kind.SAVE
    assert found.main[0] == puzzle.main[0]  # the only defence
    truth = confirm(found, SAVE_DEEPER)  # two plies deeper, by both evaluations
    assert truth.holds and truth.depth == 8, truth
    assert truth.puzzle is not None and truth.puzzle.kind is Kind.SAVE
    assert truth.puzzle.main[0] == puzzle.main[0]


def test_a_choice_of_captures_is_no_save_and_saves_are_looked_for_only_when_asked() -> None:
    # 26x17 holds and 28x17 loses, but the choice is only which capture: no puzzle
    exchange = find_puzzle(EXCHANGE.start(), Criteria(depth=7))
    assert exchange.puzzle is None and "choice of captures" in exchange.reason
    assert confirm(dataclasses.replace(EXCHANGE, kind=Kind.SAVE)).doubt is Doubt.EXCHANGE
    race = find_puzzle(RACE.start(), Criteria(depth=6, saves=False))
    assert race.puzzle is None and race.reason == "wins too little"


def test_a_save_that_holds_by_repetition_ends_where_the_position_comes_again() -> None:
    # the kings face each other on a7-g1: Black must step off the diagonal (g1-f2 is taken)
    found = find_puzzle(find_variant("russian").from_fen("B:WKa7:BKg1"), Criteria(depth=6))
    save = found.puzzle
    assert save is not None and save.kind is Kind.SAVE, found.reason
    assert save.main == ("g1-h2", "a7-b8", "h2-g1", "b8-a7")  # back where it began
    assert save.gain == 0 and all(len(line) <= 4 for line in save.lines)
    assert confirm(save).holds


def test_a_confirmed_puzzle_is_sealed_and_a_change_breaks_the_seal() -> None:
    puzzle = find_puzzle(find_variant("russian").from_fen(RUSSIAN), Criteria(depth=6)).puzzle
    assert puzzle is not None and puzzle.kind is Kind.WIN and not is_sealed(puzzle)
    truth = confirm(puzzle, Deep())
    assert truth.holds and truth.depth == 10
    kept = sealed(puzzle, truth)
    assert is_sealed(kept) and kept.checked == 10
    assert not is_sealed(dataclasses.replace(kept, lines=(("c5-b4", "a3:c5"),)))
    assert not is_sealed(dataclasses.replace(kept, kind=Kind.SAVE))
    assert not is_sealed(dataclasses.replace(kept, depth=8))  # checked only 2 plies deeper
    named = sealed(dataclasses.replace(puzzle, techniques=(Technique.SACRIFICE,)), truth)
    assert is_sealed(named) and named.seal == kept.seal  # names and rating are not sealed
    with pytest.raises(ValueError):  # only the puzzle confirmed is sealed
        sealed(dataclasses.replace(puzzle, lines=(("c5-b4", "a3:c5"),)), truth)
    with pytest.raises(ValueError):  # nor one that does not hold
        sealed(EXCHANGE, confirm(dataclasses.replace(EXCHANGE, lines=(("26x17", "9-14"),))))
