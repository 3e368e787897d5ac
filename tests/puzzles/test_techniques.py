"""Technique detection: each technique on a small position (and where it is not), the
winning side's view of a flank, the game left as it was, the score on the hand-labelled set,
the strings, and the tagging tool."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.puzzles.model import Flank, Puzzle, Technique, dumps, loads
from game.puzzles.techniques import Detected, detect, detect_line
from game.rules import find_variant
from game.rules.core import Move
from tests.puzzles.labelled import ENOUGH, cases, score

T = Technique
TOOL = Path(__file__).resolve().parents[2] / "tools" / "tag_puzzles.py"


def tag(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True,
                          timeout=60, check=False)


def found(game: str, fen: str, *line: str) -> Detected:
    start = find_variant(game).from_fen(fen)
    work = start.copy()
    moves = []
    for text in line:
        moves.append(work.parse_move(text))
        work.push(moves[-1])
    return detect_line(start, moves)


def test_one_for_two_through_a_striking_column() -> None:
    # c3 is given on d4; e5 takes it and lands on c3, right in front of b2, which strikes
    got = found("russian", "W:Wc3,b2,a1,e3:Be5,c5,h8", "c3-d4", "e5:c3", "b2:d4:b6")
    assert got == Detected((T.SACRIFICE, T.ONE_FOR_TWO, T.COLUMN), None)
    assert got.main is T.COLUMN


def test_one_for_two_from_the_side_is_no_column() -> None:
    got = found("russian", "W:Wc3,d2,e1,e3:Be5,c5,h8", "c3-d4", "e5:c3", "d2:b4:d6")
    assert got.techniques == (T.SACRIFICE, T.ONE_FOR_TWO)


def test_a_plain_exchange_is_no_sacrifice() -> None:
    got = found("russian", "W:Wc3,b2,a1:Be5,h8", "c3-d4", "e5:c3", "b2:d4")
    assert got.techniques == (T.EXCHANGE,)


def test_a_double_sacrifice_is_not_give_one_take_two() -> None:
    # e7 given (d8 takes it), then b6 (a5 takes it), then the new king takes three
    got = found("russian", "W:Wb6,e7,d6:Bh4,d8,e3,a5,c3",
                "d6-c7", "d8:f6", "c7-b8", "a5:c7", "b8:f4:d2:a5")
    assert T.SACRIFICE in got.techniques and T.ONE_FOR_TWO not in got.techniques


def test_breakthrough_and_its_flank_from_either_side() -> None:
    white = found("russian", "W:Wc5,a5,e1:Bb6,c7,a7,h8",
                  "c5-d6", "c7:e5", "a5:c7", "e5-f4", "c7-b8")
    assert white == Detected((T.BREAKTHROUGH, T.EXCHANGE), Flank.LEFT)
    assert white.main is T.BREAKTHROUGH
    # the same position turned round: Black wins, on its own left (White's right)
    black = found("russian", "B:Wg3,f2,h2,a1:Bf4,h4,d8",
                  "f4-e3", "f2:d4", "h4:f2", "d4-c5", "f2-g1")
    assert black == Detected((T.BREAKTHROUGH, T.EXCHANGE), Flank.LEFT)
    centre = found("russian", "W:Wc5,a5,e1:Bb6,c7,a7,h8",
                   "c5-d6", "c7:e5", "a5:c7", "e5-f4", "c7-d8")
    assert centre.flank is Flank.CENTRE


def test_crowning_with_nothing_given_is_no_breakthrough() -> None:
    assert found("russian", "W:Wc7,e1:Bh8", "c7-d8").techniques == ()


def test_kings_at_the_ends_of_a_diagonal_are_a_standoff() -> None:
    assert found("russian", "W:WKc1,g3:BKf8,h6", "c1-a3", "h6-g5").techniques == (
        T.OPPOSITION,)
    # facing on the diagonal but not from its end: no standoff
    assert found("russian", "W:WKc1,g3:BKf8,h6", "c1-b2", "h6-g5").techniques == ()


def test_a_king_cutting_off_men_is_a_barrier() -> None:
    assert found("russian", "W:WKa3,c1:Bf6,g7,h6", "a3-d6", "h6-g5").techniques == (
        T.BARRIER,)
    # one man only is no group
    assert found("russian", "W:WKa3,c1:Bf6", "a3-d6", "f6-g5").techniques == ()


def test_a_king_caught_or_shut_in_a_corner_is_a_loop() -> None:
    caught = found("russian", "W:Wf2,e5,d6,a1:BKh2,a7", "f2-g3", "h2:f4", "e5:g3")
    assert caught.techniques == (T.LOOP, T.EXCHANGE)
    corner = found("russian", "W:Wc1,c3,g3:BKa1,h8", "c1-b2", "h8-g7")
    assert corner.techniques == (T.LOOP,)
    # a king taken where it had a way out is not caught: Black could have taken a7:c5
    free = found("russian", "W:Wf2,e5,d6,a1,b6:BKh2,a7", "f2-g3", "h2:f4", "e5:g3")
    assert free.techniques == (T.EXCHANGE,)


def test_no_move_left_is_blocking() -> None:
    assert found("russian", "W:WKc5:Bh2", "c5-g1").techniques == (T.BLOCKING,)
    # on 10x10: the king closes i1 (50) before the last man on j2 (45)
    assert found("international", "W:WK28:B45", "28-50").techniques == (T.BLOCKING,)
    # a man shut in alone, the others free: not yet blocking
    assert found("russian", "W:Wh2,f2,e1:Bh4,c7", "h2-g3").techniques == ()


def test_the_game_is_left_as_it_was() -> None:
    start = find_variant("russian").from_fen("W:Wc3,b2,a1,e3:Be5,c5,h8")
    before = start.fen()
    moves = [start.parse_move("c3-d4")]
    detect_line(start, moves)
    assert start.fen() == before and list(start.move_stack) == []


def test_a_puzzle_is_read_by_its_main_line() -> None:
    puzzle = Puzzle("russian", "W:Wc3,b2,a1,e3:Be5,c5,h8",
                    (("c3-d4", "e5:c3", "b2:d4:b6"),))
    assert detect(puzzle).techniques == (T.SACRIFICE, T.ONE_FOR_TWO, T.COLUMN)


def test_precision_on_the_hand_labelled_set() -> None:
    labelled = cases()
    assert len(labelled) >= 60
    scores, _ = score(labelled)
    judged = [s for s in scores if s.labelled >= ENOUGH]
    assert judged
    for s in judged:
        assert s.precision is not None and s.precision >= 0.9, s


def test_every_technique_and_flank_has_its_words() -> None:
    for technique in Technique:
        for key in (technique.title_key, f"{technique.title_key}.line"):
            assert i18n.STRINGS[key]["ru"] and i18n.STRINGS[key]["en"]
    for flank in Flank:
        assert i18n.STRINGS[f"flank.{flank.value}"]["ru"]
        assert i18n.STRINGS[f"flank.{flank.value}.on"]["en"]


def test_the_tool_tags_a_collection_in_place(tmp_path: Path) -> None:
    good = Puzzle("russian", "W:Wc3,b2,a1,e3:Be5,c5,h8", (("c3-d4", "e5:c3", "b2:d4:b6"),))
    broken = Puzzle("russian", "W:Wc3:Bh8", (("c3-e5",),), techniques=(T.LOOP,))
    path = tmp_path / "russian.json"
    path.write_text(dumps([good, broken]), encoding="utf-8")
    done = tag(str(path))
    assert done.returncode == 0, done.stderr
    tagged = loads(path.read_text(encoding="utf-8"))
    assert tagged[0].techniques == (T.SACRIFICE, T.ONE_FOR_TWO, T.COLUMN)
    assert tagged[1] == broken  # a line that cannot be replayed keeps what it had
    assert "column" in done.stdout and "c3-e5" in done.stderr


def test_the_tool_leaves_a_damaged_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "russian.json"
    path.write_text('{"format": 1, "puzzles": [', encoding="utf-8")
    done = tag(str(path))
    assert done.returncode == 2 and "cannot be read" in done.stderr
    assert path.read_text(encoding="utf-8") == '{"format": 1, "puzzles": ['
    assert [p.name for p in tmp_path.iterdir()] == ["russian.json"]  # no temporary left


def test_an_empty_line_names_nothing() -> None:
    start = find_variant("russian").new()
    assert detect_line(start, []) == Detected((), None)
    assert Detected((), None).main is None


@pytest.mark.parametrize("game", ["russian", "international", "english", "brazilian"])
def test_any_legal_line_of_any_diagonal_game_is_read(game: str) -> None:
    # random games: every stretch of eight moves gets an answer in the techniques' order,
    # with a flank exactly when a breakthrough is named
    rng = random.Random(38)
    for _ in range(3):
        start = find_variant(game).new()
        moves: list[Move] = []
        work = start.copy()
        while len(moves) < 40 and work.outcome() is None:
            moves.append(rng.choice(work.legal_moves()))
            work.push(moves[-1])
        for begin in range(0, len(moves) - 8, 8):
            position = start.copy()
            for move in moves[:begin]:
                position.push(move)
            got = detect_line(position, moves[begin:begin + 8])
            assert list(got.techniques) == sorted(got.techniques, key=list(Technique).index)
            assert (got.flank is not None) == (T.BREAKTHROUGH in got.techniques)


def test_the_tool_takes_in_another_run_and_leaves_out_the_untagged(tmp_path: Path) -> None:
    good = Puzzle("russian", "W:Wc3,b2,a1,e3:Be5,c5,h8", (("c3-d4", "e5:c3", "b2:d4:b6"),))
    plain = Puzzle("russian", "W:Wc3:Bf6", (("c3-d4",),))  # a step: no technique in it
    other_game = Puzzle("english", "B:W21:B1", (("1-5",),))
    path, other = tmp_path / "russian.json", tmp_path / "other.json"
    path.write_text(dumps([plain]), encoding="utf-8")
    other.write_text(dumps([good, plain, other_game]), encoding="utf-8")
    done = tag(str(path), "--add", str(other), "--drop-untagged")
    assert done.returncode == 0, done.stderr
    assert [p.id for p in loads(path.read_text(encoding="utf-8"))] == [good.id]
    assert "1 taken in, 1 without a technique left out" in done.stdout
    two = tag(str(path), str(other), "--add", str(other))
    assert two.returncode == 2 and "one collection" in two.stderr
