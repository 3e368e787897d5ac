"""Damaged copies of real records, for the tests and benchmarks/attack_saves.py: each one still
decodes as one of our records, but its moves, start, options, clock, end, redo, Chapaev shots,
reports or table cannot be, so it must be refused when it is replayed."""
from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Iterator
from typing import Any

from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.rules import VARIANTS, Piece, find_variant, notation
from game.rules.core import Color
from game.rules.draughts import DraughtsGame

Record = dict[str, Any]
Damage = Callable[[Record, random.Random], bool]  # damages the record in place; False: n/a

BAD_DISCS: tuple[Any, ...] = ("W²", "W٣", "W8", "X1", "w1", "W01", "", 7, None, ["W1"],
                              {"W": 1})
BAD_NUMBERS: tuple[Any, ...] = ([1.0, 2.0], {"x": 1.0}, "1.5", None, True, 1e300, -3.0,
                                9.5)


def board_record(variant: str, rng: random.Random, *, clock: bool = False,
                 finish: bool = False) -> Record:
    """A real game of ``variant`` played at random for a while (with a clock, a resignation,
    moves taken back, as asked and by chance)."""
    from game.play.clock import ClockSpec

    spec = ClockSpec(5, 3) if clock and find_clock(variant) else None
    play = BoardPlay(variant, clock=spec)
    for _ in range(rng.randint(4, 40)):
        if play.is_over:
            break
        play.play(rng.choice(play.game.legal_moves()))
    if rng.random() < 0.4 and play.ply > 2:
        play.undo()
    if finish and not play.is_over:
        play.resign(rng.choice((Color.WHITE, Color.BLACK)))
    play.events()
    record = record_of_board(play)
    play.close()
    return record


def find_clock(variant: str) -> bool:
    from game.rules import find_variant

    return bool(getattr(find_variant(variant), "chess_clock", False))


def chapaev_record(rng: random.Random, shots: int = 6) -> Record:
    """A real Chapaev match: a few random shots, the table after each one."""
    play = ChapaevPlay()
    for _ in range(rng.randint(2, shots)):
        if play.is_over:
            break
        if play.waiting_next_round:
            play.next_round()
        discs = [d for d in play.table.discs if d[0] is play.match.turn]
        if not discs:
            break
        angle = rng.uniform(0, 2 * math.pi)
        play.run_shot(rng.choice(discs), (math.cos(angle), math.sin(angle)),
                      rng.uniform(0.3, 1.0))
    if play.waiting_next_round:
        play.next_round()
    play.events()
    return record_of_chapaev(play)


# --- board games -----------------------------------------------------------------------------
def _illegal_move(record: Record, rng: random.Random) -> bool:
    moves = record["board"]["moves"]
    if not moves:
        moves.append("a1-a1")
        return True
    moves[rng.randrange(len(moves))] = rng.choice(["a1-h8", "z9-z8", "1-50", "99-98", "c3-d4x",
                                                   "", "—"])
    return True


def _move_twice(record: Record, rng: random.Random) -> bool:
    moves = record["board"]["moves"]
    if not moves:
        return False
    i = rng.randrange(len(moves))
    moves.insert(i, moves[i])  # the same piece cannot make the same move again at once
    return True


def _one_man_too_many(name: str) -> str:
    cls = find_variant(name)
    assert issubclass(cls, DraughtsGame)
    white = (*cls.start_white, min(cls.start_white) - 1)
    pieces = {n: Piece(Color.WHITE) for n in white} | {min(cls.start_black): Piece(Color.BLACK)}
    return notation.make_fen(cls.first_color, pieces.items(), cls.new().geometry,
                             sort_by_coord=cls.algebraic)


def _bad_start(record: Record, rng: random.Random) -> bool:
    # a start with one man too many: each draughts game's own start and one square more;
    # Apokachi's and Ugolki's by hand
    starts = {name: _one_man_too_many(name) for name in VARIANTS
              if issubclass(find_variant(name), DraughtsGame)}
    starts["apokachi"] = "W:5:Wa1,b1,c1,d1,e1,a2:Ba5"
    starts["ugolki"] = "W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3:Bh8"  # 18
    record["board"]["start"] = rng.choice([starts[record["game"]], "W:Wz9:Bb6", 42, ["W"],
                                           "", "x" * 5000, "W:Wa8:Bb6"])
    record["board"]["moves"] = []
    return True


def _bad_options(record: Record, rng: random.Random) -> bool:
    record["board"]["options"] = rng.choice([{"no_such_option": 1}, {"tournament_draws": "yes"},
                                             {"move_limit": -3}, {"size": 4}, {"size": True},
                                             [], "options"])
    return True


def _bad_clock(record: Record, rng: random.Random) -> bool:
    board = record["board"]
    plies = len(board["moves"])
    board["clock"] = rng.choice([
        {"control": "five", "left": [1, 1], "history": [[1, 1]] * plies},
        {"control": "nan+3", "left": [1, 1], "history": [[1, 1]] * plies},
        {"control": "1e400+0", "left": [1, 1], "history": [[1, 1]] * plies},
        {"control": "5+3", "left": [1], "history": [[1, 1]] * plies},
        {"control": "5+3", "left": [-5, 1], "history": [[1, 1]] * plies},
        {"control": "5+3", "left": [1, 1], "history": [[1, 1]] * (plies + 1)},
        {"control": "5+3", "left": ["1", 1], "history": [[1, 1]] * plies},
        {"control": 5, "left": [1, 1], "history": []},
        "5+3",
    ])
    return True


def _bad_end(record: Record, rng: random.Random) -> bool:
    record["board"]["end"] = rng.choice([
        {"termination": "checkmate", "winner": "W"}, {"termination": "resignation"},
        {"termination": "resignation", "winner": "X"}, {"termination": "no_moves", "winner": "W"},
        [], "resignation", {"termination": None}])
    return True


def _bad_redo(record: Record, rng: random.Random) -> bool:
    record["board"]["redo"] = rng.choice([["a1-h8"], ["z9-z8"], "c3-d4", [1, 2], [["c3-d4"]]])
    return True


def _bad_moves_shape(record: Record, rng: random.Random) -> bool:
    record["board"]["moves"] = rng.choice(["c3-d4 f6-g5", [1, 2], [None], {"0": "c3-d4"},
                                           ["x" * 300], ["c3-d4"] * 20_001])
    return True


BOARD_DAMAGE: dict[str, Damage] = {
    "illegal move": _illegal_move, "move twice": _move_twice, "start": _bad_start,
    "options": _bad_options, "clock": _bad_clock, "end": _bad_end, "redo": _bad_redo,
    "moves": _bad_moves_shape,
}


# --- Chapaev ---------------------------------------------------------------------------------
def _shot_disc(record: Record, rng: random.Random) -> bool:
    shots = record["chapaev"]["shots"]
    if not shots:
        return False
    rng.choice(shots)["disc"] = rng.choice(BAD_DISCS)
    return True


def _shot_numbers(record: Record, rng: random.Random) -> bool:
    shots = record["chapaev"]["shots"]
    if not shots:
        return False
    shot = rng.choice(shots)
    field = rng.choice(["dir", "strength", "round", "next", "fell"])
    wrong: dict[str, list[object]] = {"dir": [[1.0], "up", [None, 1.0], [True, 0.0]],
                                       "strength": ["hard", None, [1.0], True],
                                       "round": [0, -1, "1", 1.5, None],
                                       "next": ["whoever", None, 3],
                                       "fell": ["W1", [None], ["W²"], {"W1": True}]}
    shot[field] = rng.choice(wrong[field])
    return True


def _after(record: Record, rng: random.Random) -> bool:
    shots = record["chapaev"]["shots"]
    if not shots:
        return False
    return _damage_table(rng.choice(shots)["after"], rng)


def _table(record: Record, rng: random.Random) -> bool:
    data = record["chapaev"]
    if data.get("table") is None:
        return False
    return _damage_table(data["table"], rng)


def _damage_table(table: list[list[Any]], rng: random.Random) -> bool:
    if not table:
        return False
    kind = rng.randrange(4)
    item = rng.choice(table)
    if kind == 0:
        item[0] = rng.choice(BAD_DISCS)
    elif kind == 1:
        item[rng.randint(1, 3)] = rng.choice(BAD_NUMBERS)
    elif kind == 2:  # every disc at one point
        for other in table:
            other[1], other[2] = 4.0, 4.0
        if len(table) < 2:
            table.append(["B7" if table[0][0] != "B7" else "W7", 4.0, 4.0, 0.0])
    else:
        table.append(list(item))  # a disc twice
    return True


def _reports(record: Record, rng: random.Random) -> bool:
    reports = record["chapaev"]["reports"]
    choice = rng.randrange(4)
    if choice == 0 and reports:
        rng.choice(reports)[0] = rng.choice(["X", None, 1, "white"])
    elif choice == 1 and reports:
        rng.choice(reports)[1] = rng.choice([["W²"], ["B9"], "W1", [None]])
    elif choice == 2 and reports:
        rng.choice(reports)[2] = rng.choice(["yes", None, 1])
    else:
        reports.insert(0, ["B" if not reports or reports[0][0] == "W" else "W", [], False])
    return True


def _chapaev_options(record: Record, rng: random.Random) -> bool:
    record["chapaev"]["options"] = rng.choice([{"extra_shot": "always"}, {"board_view": 3},
                                               {"both_cleared": None}, "options"])
    return True


def _resigned(record: Record, rng: random.Random) -> bool:
    if record["finished"]:
        return False
    record["chapaev"]["resigned"] = rng.choice(["X", 1, ["W"], "white"])
    return True


CHAPAEV_DAMAGE: dict[str, Damage] = {
    "shot disc": _shot_disc, "shot numbers": _shot_numbers, "after": _after, "table": _table,
    "reports": _reports, "options": _chapaev_options, "resigned": _resigned,
}


def damaged(record: Record, rng: random.Random) -> Iterator[tuple[str, Record]]:
    """Every kind of damage that applies to ``record``, one copy each: (what, copy)."""
    kinds = CHAPAEV_DAMAGE if record["game"] == "chapaev" else BOARD_DAMAGE
    for what, damage in kinds.items():
        copy_ = copy.deepcopy(record)
        if damage(copy_, rng):
            yield f"{record['game']}: {what}", copy_


def sample_records(rng: random.Random) -> Iterator[Record]:
    """A real record of every game of the collection (board games with and without a clock,
    unfinished and finished), and Chapaev matches."""
    for variant in VARIANTS:
        yield board_record(variant, rng, clock=rng.random() < 0.5, finish=rng.random() < 0.3)
    yield chapaev_record(rng)
