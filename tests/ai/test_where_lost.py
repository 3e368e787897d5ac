"""benchmarks/where_lost.py: which games it picks, and the move it blames."""
from __future__ import annotations

import random
from types import ModuleType

from game.rules import find_variant
from game.rules.draughts import DraughtsGame
from game.rules.pdn import read_pdn, write_pdn

from tests.scripts import load_script


def _script() -> ModuleType:
    return load_script("benchmarks/where_lost.py")


def _record(white: str, black: str, result: str, plies: int) -> str:
    game = find_variant("international").new()
    assert isinstance(game, DraughtsGame)
    rng = random.Random(4)
    for _ in range(plies):
        game.push(rng.choice(game.legal_moves()))
    return write_pdn(game, {"White": white, "Black": black, "Result": result})


def test_our_side_and_result_are_read_from_the_tags() -> None:
    where = _script()
    lost_as_black = read_pdn(_record("TurboEngine", "8", "2-0", 4))[0]
    won_as_white = read_pdn(_record("8", "TurboEngine", "2-0", 4))[0]
    assert not where.ours_white(lost_as_black) and where.our_result(lost_as_black) == "-"
    assert where.ours_white(won_as_white) and where.our_result(won_as_white) == "+"


def test_trace_scores_each_of_our_turns_and_names_the_first_sudden_fall() -> None:
    where = _script()
    record = read_pdn(_record("8", "TurboEngine", "0-2", 8))[0]
    points = where.trace(record, 2)
    game, choices = find_variant("international").new(), []
    for move in record.moves:
        if len(game.move_stack) % 2 == 0 and len(game.legal_moves()) > 1:
            choices.append(len(game.move_stack))
        game.push(move)
    assert choices and [p for p, _, _ in points] == choices  # White's turns with a choice
    assert all(isinstance(s, int) for _, s, _ in points)
    assert where.turning_point([(10, 20, False), (12, 0, True), (14, -90, False),
                                (16, -300, False)], 60) == 12
    assert where.turning_point([(10, 20, False), (12, -20, False), (14, -70, False)], 60) is None


def test_a_game_from_a_set_up_position_is_traced_from_that_position() -> None:
    where = _script()
    fen = "W:W26,27,28,29,30:B1,2,3"  # White is two men up
    start = find_variant("international").from_setup(fen)
    assert isinstance(start, DraughtsGame)
    for _ in range(4):
        start.push(start.legal_moves()[0])
    text = write_pdn(start, {"White": "8", "Black": "TurboEngine", "Result": "0-2"})
    record = read_pdn(text)[0]
    assert record.fen is not None
    points = where.trace(record, 2)
    assert points and all(ply % 2 == 0 for ply, _, _ in points)
    assert all(score > 150 for _, score, _ in points)  # the standard start is level
