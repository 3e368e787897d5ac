"""The search: legal answers, forced wins found at their depth, material taken, draws taken
when losing, draw rules respected, and the caller's game left alone."""
from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.ai import Limit, choose_move, search
from game.ai.levels import levels_for
from game.ai.search import LMR, NEXT_ITERATION, RFP, TUNING, WON, Tuning
from game.rules import VARIANTS, Move, find_variant
from tests.ai.helpers import mirrored, wins_within

# Positions with a forced win in five plies (White to move, no win in one or three), found by
# a random sweep and proved by the brute force of tests/ai/helpers.py, not by the engine.
FORCED_WINS = [
    ("russian", "W:Wg5,Kc7,g7:Bd2,e3,c5,f8"),
    ("russian", "W:Wa5,Ka7,c7:Bg3,g5,g7,b8"),
    ("international", "W:W7,K15,21:B2,9,23,44"),
    ("international", "W:WK7,17,18:B9,33,36,42"),
]


@pytest.mark.parametrize("variant", ["international", "russian", "apokachi"])
def test_the_move_found_is_legal_and_the_game_is_untouched(variant: str) -> None:
    game = find_variant(variant).new()
    rng = random.Random(3)
    for _ in range(6):  # a few random moves into the game
        game.push(rng.choice(game.legal_moves()))
    before = (game.fen(), tuple(game.move_stack))
    result = search(game, Limit(depth=3))
    assert result.move in game.legal_moves()
    assert result.pv[0] == result.move
    assert result.depth == 3 and result.nodes > 0
    assert (game.fen(), tuple(game.move_stack)) == before


@pytest.mark.parametrize("variant,fen", FORCED_WINS)
def test_a_forced_win_in_five_plies_is_found_at_depth_five(variant: str, fen: str) -> None:
    game = find_variant(variant).from_fen(fen)
    assert wins_within(game, 3) is None and wins_within(game, 5) is not None
    result = search(game, Limit(depth=5))
    assert result.score > WON
    game.push(result.move)
    game_copy = game.copy()
    # whatever Black answers, White still wins within three plies
    for reply in game_copy.legal_moves():
        game_copy.push(reply)
        assert game_copy.outcome() is not None or wins_within(game_copy, 3) is not None
        game_copy.pop()


def test_a_free_piece_is_taken_in_apokachi() -> None:
    # b2-b1 makes the pair a1-b1 against the lone c1
    game = find_variant("apokachi").from_fen("W:6:Wa1,b2,f3:Bc1,e6,f6")
    result = search(game, Limit(depth=2))
    assert game.hub_text(result.move) == "b2-b1xc1"


def test_a_repetition_draw_is_taken_when_losing() -> None:
    # White has a lone king against a king and two men; walking back to the repeated
    # position is a draw by threefold repetition, anything else keeps a lost game going
    game = find_variant("international").from_fen("W:WK46:BK45,1,2,3,4")
    for text in ("46-41", "45-40", "41-46", "40-45", "46-41", "45-40"):
        game.play(game.parse_move(text))
    result = search(game, Limit(depth=4))
    assert game.hub_text(result.move) == "41-46"
    game.push(result.move)
    game.play(game.parse_move("40-45"))
    outcome = game.outcome()
    assert outcome is not None and outcome.is_draw


def test_an_endgame_draw_count_about_to_run_out_is_a_draw_in_the_search() -> None:
    # International: two kings against a lone king are drawn after five moves each. (The
    # endgame table knows the ending is a draw anyway; without it the count must tell.)
    from game.ai.options import ENGINE, set_engine
    saved = (ENGINE.eval, ENGINE.tables, ENGINE.book)
    set_engine(ENGINE.eval, tables=False, book=ENGINE.book)
    try:
        game = find_variant("international").from_fen("W:WK46,K50:BK3")
        assert search(game, Limit(depth=3)).score > 20
        for text in ("46-5", "3-8", "5-10", "8-2", "10-4", "2-7", "4-9", "7-1"):
            game.play(game.parse_move(text))
        assert game.outcome() is None
        assert search(game, Limit(depth=3)).score == 0
    finally:
        set_engine(*saved)
    assert search(find_variant("international").from_fen("W:WK46,K50:BK3"),
                  Limit(depth=3)).score == 0  # with the table: a draw from the start


def test_apokachi_plays_for_the_count_at_the_move_limit() -> None:
    # one move before the limit, White is a piece down; only the capture saves the draw
    game = find_variant("apokachi").from_fen("W:6:Wa1,b2,f3:Bc1,e6,f6,a6", move_limit=1)
    result = search(game, Limit(depth=3))
    assert result.move.captured and result.score == 0


def test_time_limit_is_kept_and_a_move_is_always_ready() -> None:
    import time
    game = find_variant("international").new()
    began = time.perf_counter()
    result = search(game, Limit(time=0.2))
    assert time.perf_counter() - began < 0.6
    assert result.move in game.legal_moves()
    result = search(game, Limit(nodes=50))
    assert result.move in game.legal_moves()


def test_a_stop_request_ends_the_search_with_a_legal_move() -> None:
    game = find_variant("russian").new()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    result = search(game, Limit(depth=30), stop=stop)
    assert result.move in game.legal_moves()
    assert result.depth < 30


@pytest.mark.parametrize("variant", ["international", "russian", "apokachi"])
def test_every_level_plays_legal_moves_and_varies_its_opening(variant: str) -> None:
    game = find_variant(variant).new(**({"size": 6} if variant == "apokachi" else {}))
    for level in range(1, 9):
        firsts = {choose_move(game, level, random.Random(seed), time=0.02) for seed in range(5)}
        assert firsts <= set(game.legal_moves())
        assert len(firsts) > 1, f"level {level} always opens the same way"


def test_choose_move_does_not_change_the_game() -> None:
    game = find_variant("russian").new()
    game.push(game.legal_moves()[0])
    fen = game.fen()
    choose_move(game, 4, random.Random(1))
    assert game.fen() == fen and len(game.move_stack) == 1


def test_low_levels_blunder_and_the_top_level_does_not() -> None:
    # Apokachi: a piece can be won by b2-b1; the top level always takes it, level 1 not always
    game = find_variant("apokachi").from_fen("W:6:Wa1,b2,d4,f3:Bc1,e6,f6,a6")
    winning = game.parse_move("b2-b1")
    assert winning.captured
    assert {choose_move(game, 8, random.Random(s), time=0.1) for s in range(3)} == {winning}
    low = [bool(choose_move(game, 1, random.Random(s)).captured) for s in range(30)]
    assert 0 < sum(low) < 30


def test_a_game_over_cannot_be_searched() -> None:
    game = find_variant("international").from_fen("W:WK46:BK5")  # king against king: drawn
    assert game.outcome() is not None
    with pytest.raises(ValueError):
        search(game, Limit(depth=2))
    with pytest.raises(ValueError):
        choose_move(game, 3, random.Random(0))


def test_the_engine_is_pure() -> None:
    # (`mypy --strict` over the engine runs in tests/rules/test_typing.py)
    from tests.purity import ROOT, banned_imports, imports

    package = ROOT / "game" / "ai"
    banned = {"pygame", "pymunk", "physics", "game.scenes", "game.ui", "game.app", "os",
              "pathlib", "shutil", "tempfile", "game.play"}
    # the Chapaev shot planner tries its shots on the table's physics (the design says so);
    # the helper search processes are forked, waited for and killed with os's process calls
    # (crew.py: fork, getppid, waitpid, kill; no file is touched); everything else stays
    # rules only
    found = [line for line in banned_imports(package, banned)
             if not (line.startswith("chapaev.py imports physics")
                     or line == "crew.py imports os")]
    assert found == []
    assert all(not module.startswith("game.") or module.startswith(("game.rules", "game.ai"))
               for _, module in imports(package))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_level_looks_at_least_as_deep_and_errs_no_more_than_the_one_below(
        variant: str) -> None:
    table = levels_for(variant)
    assert sorted(table) == list(range(1, 9))
    deepest = 99  # depth None (the whole time) is the deepest of all
    for low, high in zip(range(1, 8), range(2, 9)):
        a, b = table[low], table[high]
        assert (b.depth or deepest) >= (a.depth or deepest)
        assert b.temperature <= a.temperature and b.blunder <= a.blunder
        assert b.miss_capture <= a.miss_capture
        assert (b.qsearch_plies or deepest) >= (a.qsearch_plies or deepest)
        assert (b.depth or deepest, -b.temperature, -b.blunder) != (
            a.depth or deepest, -a.temperature, -a.blunder)


def test_a_careless_apokachi_level_sometimes_leaves_a_piece_to_be_taken() -> None:
    # d3-d4 looks best at a glance (forward, beside nobody), but ...d6-d5 then takes d4 two
    # against one; level 2 sometimes plays it, level 8 never does
    game = find_variant("apokachi").from_fen("W:7:Wb1,e1,f1,g1,b2,c2,d3:Be5,d6,e6,a7,b7,c7,g7")
    careless = game.parse_move("d3-d4")

    def hangs(move: Move) -> bool:
        game.push(move)
        try:
            return any(reply.captured for reply in game.legal_moves())
        finally:
            game.pop()

    assert hangs(careless)
    low = [hangs(choose_move(game, 2, random.Random(seed), time=0.05)) for seed in range(40)]
    assert 0 < sum(low) < 40
    assert not any(hangs(choose_move(game, 8, random.Random(s), time=0.2)) for s in range(3))


def _replays(game: object, line: tuple[Move, ...]) -> bool:
    """Whether ``line`` can be played move after move from ``game`` (by the movement rules,
    whatever the draw rules say), leaving the game as it was."""
    from game.rules import Game
    assert isinstance(game, Game)
    played = 0
    try:
        for move in line:
            if move not in game.perft_moves():
                return False
            game.push(move)
            played += 1
        return True
    finally:
        for _ in range(played):
            game.pop()


# every registered game (Ugolki's lines: tests/ai/test_ugolki_ai.py)
_PV_VARIANTS = [name for name in VARIANTS if name != "ugolki"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(_PV_VARIANTS))
# two searches cut off after a new best move, which once came back with the old one's line
@example(seed=1013818839, variant="english")
@example(seed=778526663, variant="international")
def test_the_move_is_the_first_of_its_line_and_the_line_is_legal(seed: int, variant: str) -> None:
    # random positions, and searches cut off anywhere: within the first iteration, in the
    # middle of a later one (where a new best move may replace the old), or complete
    rng = random.Random(seed)
    game = find_variant(variant).new()
    for _ in range(rng.randrange(0, 40)):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    if game.outcome() is not None:
        return
    calls = [0]
    cut = rng.randrange(1, 6)  # the stop is asked every 1024 nodes

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > cut

    results = [search(game, Limit(depth=rng.randrange(1, 4))),
               search(game, Limit(depth=20), stop=stop),
               search(game, Limit(time=rng.choice([0.001, 0.01, 0.03])))]
    results += [search(game, Limit(nodes=rng.randrange(n, 2 * n))) for n in (10, 300, 1500)]
    for result in results:
        assert result.pv and result.move == result.pv[0], f"{game.fen()}: {result}"
        assert result.move in game.legal_moves()
        assert _replays(game, result.pv), f"{game.fen()}: {result.pv}"


def test_a_single_legal_move_is_searched_for_its_value() -> None:
    # Russian: Black must take on d4 (its only move), but White is then two men up
    game = find_variant("russian").from_fen("B:Wa1,c1,e1,g1,c3:Bd4,h8")
    (only,) = game.legal_moves()
    result = search(game, Limit(depth=4))
    assert result.move == only and result.depth == 4
    assert result.score < -120, "Black is a man or more down after its only move"
    timed = search(game, Limit(time=0.2))
    assert timed.depth > 0 and timed.score < -120
    # playing, not analysing: the answer comes at once, its score still the position's
    quick = search(game, Limit(time=5.0), quick_forced=True)
    assert quick.move == only and quick.depth == 0 and quick.score < -120


def test_a_man_that_cannot_be_saved_at_the_horizon_is_counted_lost() -> None:
    # Russian, White to move with no capture; Black's f6 takes e5 next move whatever White
    # does. Standing pat below the horizon ("classic") saw an even game; the search now follows
    # the threat one ply and scores the position as a search one ply deeper does: a man down.
    from game.ai.engine import make_board
    from game.ai.options import ENGINE, set_engine
    from game.ai.search import INF, Searcher
    game = find_variant("russian").from_fen(
        "W:Wa1,c1,e1,g1,f2,h2,a3,f4,e5:Bb6,f6,a7,c7,g7,b8,d8,f8,h8")
    saved = (ENGINE.eval, ENGINE.search)
    try:
        horizon = {}
        for mode in ("classic", "current"):
            # the hand-made evaluation: the fitted one already sees some of the danger in
            # the standing position, and this is about what the search sees
            set_engine("hand", ENGINE.tables, ENGINE.book, search=mode)
            board, _ = make_board(game)
            horizon[mode] = Searcher(board, Limit(depth=1))._quiesce(-INF, INF, 0, 0)
        one_ply = search(game, Limit(depth=1)).score
    finally:
        set_engine(saved[0], ENGINE.tables, ENGINE.book, search=saved[1])
    assert one_ply <= -60
    assert horizon["classic"] > -20  # the old stand-pat: nothing seen
    assert horizon["current"] == one_ply


def test_a_position_and_its_mirror_image_are_searched_alike() -> None:
    # The move generator lists White's men from the most advanced and Black's from the least;
    # the search tries its first moves fully and late ones less deeply, so Black was searched
    # differently from White (the old search: no position of these alike). Black's moves are
    # now listed in the mirrored order: the same score, the same tree, the mirrored move.
    rng = random.Random(7)
    cls = find_variant("international")
    for _ in range(6):
        game = cls.new()
        for _ in range(rng.randint(6, 14)):
            game.push(rng.choice(game.legal_moves()))
        game = cls.from_pieces(game.turn, dict(game.pieces()))
        mirror = mirrored(game)
        a, b = search(game, Limit(depth=5)), search(mirror, Limit(depth=5))
        assert (a.score, a.nodes) == (b.score, b.nodes)
        assert (a.move.start, a.move.end) == (51 - b.move.start, 51 - b.move.end)


def test_the_tuning_a_benchmark_sets_is_the_one_a_search_uses() -> None:
    # benchmarks/ab_engine.py plays two settings against each other through search.TUNING;
    # a compiled search must read it too (a Final constant's value is fixed at compile time)
    game = find_variant("international").from_fen(
        "W:W27,34,36,37,38,39,41,42,45,46,47,48,49,50:B2,3,4,5,8,10,13,15,16,17,18,19,23,26")
    plain = search(game, Limit(depth=6)).nodes
    try:
        TUNING.lmr = (99, 99, 99, 99)  # no move searched less deeply
        assert search(game, Limit(depth=6)).nodes > plain
        TUNING.lmr = LMR
        TUNING.rfp = (0, 0)  # no node cut for standing far above beta
        assert search(game, Limit(depth=6)).nodes > plain
        TUNING.rfp = RFP
        TUNING.next_iteration = 0.0  # no iteration begun after the first
        assert search(game, Limit(time=5.0)).depth == 1
        TUNING.next_iteration = NEXT_ITERATION
        kings = find_variant("international").from_fen("W:WK1,K2,20:BK50,45,44")
        scaled = search(kings, Limit(depth=4)).score
        TUNING.drawish = False  # a lead of three pieces against a king and two men in full
        assert search(kings, Limit(depth=4)).score > scaled > 0
        TUNING.take(Tuning())
        TUNING.malus = False  # the moves tried before a cut-off keep their history: another order
        assert search(game, Limit(depth=6)).nodes != plain
        TUNING.take(Tuning())
        TUNING.exchanges = False  # captures only at the horizon: fewer nodes
        assert search(game, Limit(depth=6)).nodes < plain
    finally:
        TUNING.take(Tuning())
    assert (TUNING.lmr, TUNING.next_iteration, TUNING.rfp) == (LMR, NEXT_ITERATION, RFP)
    assert TUNING.drawish and TUNING.malus and TUNING.exchanges
    assert search(game, Limit(depth=6)).nodes == plain


@pytest.mark.parametrize("variant, fen, options, cuts", [
    ("russian", "W:Wa1,c1,e1,g1,b2,d2,f4,h6:Ba3,b4,d6,f6,g7,b8,d8,f8,h8", {}, True),
    ("english", "B:W15,21,23,24,25,26,27,28,29,30,32:B1,2,3,4,5,6,8,9,14,16", {}, False),
    ("russian", "W:Wa1,c1,e1,g1,b2,d2,f4,h6:Ba3,b4,d6,f6,g7,b8,d8,f8,h8", {"huff": True},
     False),
])
def test_reverse_futility_cuts_only_where_the_board_says_it_pays(
        variant: str, fen: str, options: dict[str, bool], cuts: bool) -> None:
    # English lost with it (47.5/100 at 0.1 s); the game with huffs sees no threats
    game = find_variant(variant).from_fen(fen, **options)
    plain = search(game, Limit(depth=7)).nodes
    try:
        TUNING.rfp = (0, 0)
        assert (search(game, Limit(depth=7)).nodes != plain) == cuts
    finally:
        TUNING.rfp = RFP
