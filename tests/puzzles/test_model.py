"""A puzzle's solution tree, its kind, its JSON form and a damaged collection."""
from __future__ import annotations

import json

import pytest

from game.puzzles.model import Kind, Puzzle, PuzzleError, Technique, dumps, loads

# White c3 takes d4 and f6 in one move (c3:e5:g7); h8 takes back
PUZZLE = Puzzle("russian", "W:Wc3,a1:Bd4,f6,h8", (("c3:e5:g7", "h8:f6", "a1-b2"),),
                techniques=(Technique.ONE_FOR_TWO,), gain=100)


def test_the_tree_accepts_the_winning_move_and_every_kept_defence() -> None:
    assert PUZZLE.answers(()) == ("c3:e5:g7",)
    assert PUZZLE.answers(("c3:e5:g7",)) == ("h8:f6",)
    assert PUZZLE.answers(("c3-b4",)) == ()
    assert PUZZLE.answers(PUZZLE.main) == ()
    tree = Puzzle("russian", PUZZLE.fen, (("a", "b", "c"), ("a", "x", "y"), ("a", "b", "c", "d")))
    assert tree.answers(("a",)) == ("b", "x")
    assert tree.answers(("a", "x")) == ("y",)
    assert [m.captured for m in PUZZLE.moves()][0] != ()


def test_json_round_trip_and_a_stable_id() -> None:
    assert loads(dumps([PUZZLE])) == (PUZZLE,)
    assert PUZZLE.id == Puzzle("russian", PUZZLE.fen, PUZZLE.lines).id
    assert PUZZLE.id.startswith("russian-")


def test_a_save_keeps_its_kind_and_an_older_collection_holds_wins() -> None:
    save = Puzzle("international", "W:W6,22:BK1,4,14,21,25", (("22-18", "1x45", "6-1"),),
                  kind=Kind.SAVE, checked=14, seal="0123456789ab")
    back = loads(dumps([save, PUZZLE]))
    assert back == (save, PUZZLE)
    assert back[0].kind == "save" and back[0].kind is Kind.SAVE and back[1].kind is Kind.WIN
    assert (back[0].checked, back[0].seal) == (14, "0123456789ab")
    # a collection written before puzzles had a kind (or a seal): every puzzle is a win
    old = json.loads(dumps([PUZZLE]))
    for item in old["puzzles"]:
        del item["kind"]
    (read,) = loads(json.dumps(old))
    assert read.kind is Kind.WIN and read.checked == 0 and read.seal == ""


@pytest.mark.parametrize("text", ["", "[]", '{"format": 1}', '{"format": 9, "puzzles": []}',
                                  '{"format": 1, "puzzles": [{"game": "russian"}]}',
                                  '{"format": 1, "puzzles": [{"game": "russian", "fen": "x",'
                                  ' "lines": [[]]}]}',
                                  '{"format": 1, "puzzles": [{"game": "russian", "fen": "x",'
                                  ' "lines": [["a"]], "techniques": ["magic"]}]}',
                                  '{"format": 1, "puzzles": [{"game": "russian", "fen": "x",'
                                  ' "lines": [["a"]], "kind": "draw"}]}',
                                  '{"format": 1, "puzzles": [{"game": "russian", "fen": "x",'
                                  ' "lines": [["a"]], "kind": 1}]}',
                                  '{"format": 1, "puzzles": [{"game": "russian", "fen": "x",'
                                  ' "lines": [["a"]], "checked": "deep"}]}'])
def test_a_damaged_collection_says_what_is_wrong(text: str) -> None:
    with pytest.raises(PuzzleError):
        loads(text)


def test_a_move_the_position_does_not_allow_is_a_puzzle_error() -> None:
    with pytest.raises(PuzzleError):
        Puzzle("russian", "W:Wc3:Bd4,f6", (("c3:e5",),)).moves()
