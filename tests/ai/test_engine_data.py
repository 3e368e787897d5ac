"""The engine's shipped data: endgame tables, learned weights, opening books.

The tables are checked against draughts theory (which small endings are won) and against a
brute-force search over the public rules; the books and weights against the rules and the
evaluation's symmetry; and none of it may be read before a search needs it.
"""
from __future__ import annotations

import json
import random
from itertools import product
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai import Limit, search
from game.ai.book import book_for
from game.ai.data import data_file
from game.ai.draughts import DraughtsBoard
from game.ai.endgame import ClassIndex, Material, decode, rotate, rotation, table_for
from game.ai.eval_draughts import RUSSIAN_WEIGHTS
from game.ai.eval_learned import LearnedEval, learned_eval
from game.ai.search import WON
from game.rules import find_variant
from game.rules.draughts import DraughtsGame
from game.rules.movegen import Tables, popcount
from tests.ai.helpers import wins_within
from tests.scripts import ROOT

DRAUGHTS = ["international", "russian", "english", "brazilian"]


def _game(variant: str, fen: str, **options: object) -> DraughtsGame:
    game = find_variant(variant).from_fen(fen, **options)
    assert isinstance(game, DraughtsGame)
    return game


def _random_walk(game: DraughtsGame, rng: random.Random,
                 plies: int) -> Iterator[tuple[int, int, int, int]]:
    """The bitboards after each of up to ``plies`` random moves played on ``game``."""
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            return
        game.push(rng.choice(moves))
        yield game.bitboards()


def _draughts(variant: str) -> type[DraughtsGame]:
    cls = find_variant(variant)
    assert issubclass(cls, DraughtsGame)
    return cls


def _probe(variant: str, fen: str) -> tuple[int, int]:
    game = _game(variant, fen)
    table = table_for(variant, game._tables)
    assert table is not None, f"{variant} has no endgame table"
    wm, wk, bm, bk = game.bitboards()
    white = game.turn.value == "W"
    if white:
        found = table.probe(wm, wk, bm, bk, True)
    else:
        found = table.probe(bm, bk, wm, wk, False)
    assert found is not None
    return found


# --- endgame tables: theory -----------------------------------------------------------------
def test_two_kings_beat_one_in_english_draughts_but_not_in_russian() -> None:
    # short kings can be cornered; a flying king cannot be caught by two
    assert _probe("english", "W:WK14,K15:BK27")[0] == 1
    assert _probe("russian", "W:WKc3,Ke3:BKg1")[0] == 0


def test_two_kings_or_a_king_and_a_man_do_not_beat_a_flying_king_on_10x10() -> None:
    assert _probe("international", "W:WK28,K33:BK3") == (0, 0)
    assert _probe("international", "W:WK28,32:BK3") == (0, 0)


def test_three_kings_against_one_in_russian_win_only_with_the_main_road() -> None:
    # the lone king on the main road (a1-h8) holds; off it, three kings holding it win
    assert _probe("russian", "W:WKa3,Kc1,Kh2:BKd4")[0] == 0
    result, plies = _probe("russian", "B:WKa1,Kc1,Kh2:BKd6")
    assert result == -1 and plies > 5


def test_three_kings_against_one_on_10x10_draw_even_with_the_long_diagonal() -> None:
    # unlike 8x8, three flying kings on the big board win only by a few traps (Hoyle's
    # "coups"), not by force: here the lone king, off the long diagonal 46-5 that White holds,
    # escapes for ever; the traps are the few percent of positions the table finds lost
    assert _probe("international", "B:WK46,K3,K35:BK24") == (0, 0)
    t = _draughts("international")._tables
    table = table_for("international", t)
    assert table is not None and table.covers((0, 1, 0, 3)) and table.covers((0, 3, 0, 1))


def test_the_10x10_table_holds_every_ending_of_four_pieces_men_too() -> None:
    # 93 % of the four-piece positions self-play reaches have a man; the table had only kings
    t = _draughts("international")._tables
    table = table_for("international", t)
    assert table is not None and table.max_pieces == 4
    four = [m for m in product(range(5), range(5), range(5), range(5))
            if sum(m) == 4 and m[0] + m[1] and m[2] + m[3]]
    assert len(four) == 25 and all(table.covers(m) for m in four)
    # two men each, White's a step from the crown, Black's far from theirs: White crowns and
    # wins in nine plies, which brute force confirms; with Black's as near theirs, a draw
    assert _probe("international", "W:W6,7:B14,15") == (1, 9)
    game = _game("international", "W:W6,7:B14,15", tournament_draws=False)
    assert wins_within(game, 9) is not None and wins_within(game, 7) is None
    assert _probe("international", "W:W6,7:B44,45") == (0, 0)


def test_a_lone_king_against_a_lone_king_is_a_draw_unless_one_takes_the_other() -> None:
    assert _probe("russian", "W:WKa1:BKh2") == (0, 0)
    assert _probe("english", "W:WK1:BK32") == (0, 0)


# --- endgame tables: against a brute-force search over the public rules ---------------------
SMALL: list[Material] = [(0, 2, 1, 0), (1, 1, 0, 1), (2, 0, 1, 0), (1, 0, 2, 0), (0, 1, 1, 1),
                         (0, 1, 0, 1), (0, 2, 0, 1)]
#: four pieces with men: what self-play reaches most among four-piece endings
FOUR_WITH_MEN: list[Material] = [(2, 0, 2, 0), (1, 1, 1, 1), (2, 1, 1, 0), (3, 0, 1, 0),
                                 (1, 0, 2, 1), (2, 0, 1, 1)]


@pytest.mark.parametrize(("variant", "longest", "materials"), [
    ("russian", 5, SMALL), ("english", 5, SMALL), ("international", 3, SMALL),
    ("international", 3, FOUR_WITH_MEN), ("russian", 5, FOUR_WITH_MEN)])
def test_short_wins_in_the_table_are_exactly_as_long_as_brute_force_finds(
        variant: str, longest: int, materials: list[Material]) -> None:
    cls = _draughts(variant)
    t = cls._tables
    table = table_for(variant, t)
    assert table is not None
    rng = random.Random(7)
    checked = {1: 0, -1: 0, 0: 0}
    for material in materials:  # a few of each result from every class
        index = ClassIndex(t, material)
        mine = {1: 0, -1: 0, 0: 0}
        tries = 0
        while tries < 2000 and min(mine.values()) < 2:
            tries += 1
            groups = [rng.sample(sq, k) for sq, k in zip(index.squares, material)]
            squares = [b for g in groups for b in g]
            if len(set(squares)) != len(squares):
                continue
            wm, wk, bm, bk = (sum(1 << b for b in g) for g in groups)
            game = cls(wm, wk, bm, bk, True, cls.check_options({"tournament_draws": False}))
            if game.capture_required() or not game.legal_moves():
                continue
            probed = table.probe(wm, wk, bm, bk, True)
            assert probed is not None
            result, plies = probed
            if (result != 0 and plies > longest) or mine[result] >= 2:
                continue
            mine[result] += 1
            checked[result] += 1
            if result == 1:
                assert wins_within(game, plies) is not None, game.fen()
                if plies > 2:
                    assert wins_within(game, plies - 2) is None, game.fen()
            elif result == -1:
                # every move lets the opponent win within the plies left
                for move in game.legal_moves():
                    game.push(move)
                    assert game.outcome() is not None or \
                        wins_within(game, plies - 1) is not None, game.fen()
                    game.pop()
            else:
                assert wins_within(game, 3) is None, game.fen()
        assert sum(mine.values()) > 0, f"nothing of class {material} checked"
    # (a loss within three plies is rare on 10x10 with men: two are found in 12,000 tries)
    assert min(checked.values()) >= 2, checked


def test_the_table_is_the_same_for_either_side_to_move() -> None:
    t = _draughts("russian")._tables
    table = table_for("russian", t)
    assert table is not None
    rot = rotation(t)
    game = _game("russian", "W:WKa3,Kc1,Kh2:BKd4")
    wm, wk, bm, bk = game.bitboards()
    turned = table.probe(rotate(bm, rot), rotate(bk, rot), rotate(wm, rot), rotate(wk, rot),
                         False)
    assert turned == table.probe(wm, wk, bm, bk, True)


# --- the search uses the tables -------------------------------------------------------------
def test_the_search_scores_a_table_draw_as_a_draw_at_once() -> None:
    game = _game("russian", "W:WKc3,Ke3:BKg1")
    result = search(game, Limit(depth=3))
    assert result.score == 0


def test_the_search_takes_a_table_win_as_a_forced_win_when_the_draw_rules_cannot_stop_it(
) -> None:
    game = _game("english", "W:WK14,K15:BK27", tournament_draws=False)
    result = search(game, Limit(depth=4))
    assert result.score > WON


def test_a_table_win_too_long_for_the_draw_counts_is_not_called_a_forced_win() -> None:
    # with the 15-move rules on, a long Russian win may be cut short: the search goes on
    board = DraughtsBoard(_game("russian", "B:WKa1,Kc1,Kh2:BKd6"))
    result, plies = _probe("russian", "B:WKa1,Kc1,Kh2:BKd6")
    assert result == -1
    score = board.probe_table(1)
    assert score is None or plies <= 10


# --- learned weights ----------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["international", "russian"])
def test_the_learned_evaluation_is_loaded_and_the_same_for_both_sides(variant: str) -> None:
    cls = _draughts(variant)
    t = cls._tables
    ev = learned_eval(variant, t)
    assert isinstance(ev, LearnedEval)
    assert ev.learned.base["man"] > 50  # a man is worth something like a man
    assert ev.learned.base["king"] > ev.learned.base["man"]
    rot = rotation(t)
    rng = random.Random(3)
    game = cls.new()
    for _ in range(40):  # positions of real games: random moves from the start
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
        wm, wk, bm, bk = game.bitboards()
        turned = ev.evaluate(rotate(bm, rot), rotate(bk, rot), rotate(wm, rot), rotate(wk, rot))
        assert turned == -ev.evaluate(wm, wk, bm, bk)


def test_the_learned_evaluation_likes_an_extra_man() -> None:
    ev = learned_eval("international", _draughts("international")._tables)
    assert ev is not None
    even = _game("international", "W:W31-50:B1-20").bitboards()
    more = _game("international", "W:W31-50:B2-20").bitboards()
    assert ev.evaluate(*more) > ev.evaluate(*even) + 50


def test_a_weight_slides_from_the_full_board_to_the_empty_one() -> None:
    """A file whose tempo is worth 20 with every piece there and nothing with none: a man
    one row further on counts for all of it at the start, a sixth as much with a sixth of
    the pieces (the file has the hand-made material and king weights, nothing else)."""
    from game.ai.eval_learned import BASE_TERMS, LearnedEval, load_weights, pattern_groups
    t = _draughts("russian")._tables
    base = {name: [float(getattr(RUSSIAN_WEIGHTS, name))] * 2 for name in BASE_TERMS}
    for name in ("centre", "outpost", "back_rank", "balance", "runaway"):
        base[name] = [0.0, 0.0]
    base["tempo"] = [20.0, 0.0]
    raw = json.dumps({"format": "shashki-eval", "version": 2, "size": 8, "base": base,
                      "patterns": [[0] * 81 for _ in pattern_groups(t)]}).encode()
    ev = LearnedEval(t, load_weights(raw, t))

    def tempo_worth(fen: str, moved: str) -> int:
        return ev.evaluate(*_game("russian", moved).bitboards()) - \
            ev.evaluate(*_game("russian", fen).bitboards())
    start = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Ba7,c7,e7,g7,b8,d8,f8,h8,b6,d6,f6,h6"
    assert tempo_worth(start, start.replace("g3", "h4")) == 20
    assert abs(tempo_worth("W:Wc3,e1:Bf8,h8", "W:Wd4,e1:Bf8,h8") - 20 * 4 / 24) <= 1
    with pytest.raises(ValueError, match="pair"):
        load_weights(raw.replace(b'"tempo": [20.0, 0.0]', b'"tempo": 20.0'), t)


def _row(t: Tables, bit: int) -> int:
    coord = t.coord_of[bit]
    assert coord is not None
    return coord[1]


@pytest.mark.parametrize("variant, regions, tables", [("russian", 9, 5),
                                                       ("international", 16, 8)])
def test_the_regions_are_four_by_four_and_turned_round_in_pairs(
        variant: str, regions: int, tables: int) -> None:
    """Every second column and row a four-by-four region (its eight dark squares); the
    regions turned round pair up, the middle one of the 8x8 board with itself."""
    from game.ai.eval_learned import pattern_groups, windows
    t = _draughts(variant)._tables
    blocks = windows(t, "block")
    assert len(blocks) == regions and all(len(b) == 8 for b in blocks)
    rows = {frozenset(_row(t, b) for b in block) for block in blocks}
    assert all(len(r) == 4 for r in rows)
    groups = pattern_groups(t, ("block",))
    assert len(groups) == tables
    rot = rotation(t)
    for d, twin in groups:
        assert frozenset(twin) in {frozenset(b) for b in blocks}
        assert twin == tuple(rot[b] for b in d)


def _region_file(variant: str, seed: int, sliding: bool = False) -> bytes:
    """A weights file with diamonds and regions, its tables filled with random numbers (in
    sixteenths, as the evaluation keeps them); ``sliding``: a second set of tables, for the
    empty board (version 4)."""
    from game.ai.eval_learned import BASE_TERMS, pattern_groups
    t = _draughts(variant)._tables
    rng = random.Random(seed)
    base = {name: [float(getattr(RUSSIAN_WEIGHTS, name))] * 2 for name in BASE_TERMS}
    def tables() -> list[list[float]]:
        return [[rng.randint(-480, 480) / 16 for _ in range(3 ** len(d))]
                for d, _ in pattern_groups(t, ("diamond", "block"))]
    data = {"format": "shashki-eval", "version": 4 if sliding else 3, "size": t.size,
            "base": base, "shapes": ["diamond", "block"], "patterns": tables()}
    if sliding:
        data["patterns_end"] = tables()
    return json.dumps(data).encode()


@pytest.mark.parametrize("variant, sliding", [("russian", False), ("international", False),
                                              ("russian", True), ("international", True)])
def test_an_evaluation_with_regions_is_its_tables_summed_and_the_same_for_both_sides(
        variant: str, sliding: bool) -> None:
    """What the fit (tools/fit_eval.py) takes the evaluation to be: every window's weight
    for its contents, less its twin's for the colours swapped (with sliding tables, the
    weight between the full board's and the empty board's by the pieces on the board); the
    bands' memory changes nothing, and the position turned round with the colours swapped
    scores the opposite."""
    from game.ai.eval_learned import full_board, load_weights, pattern_groups, state
    cls = _draughts(variant)
    t = cls._tables
    weights = load_weights(_region_file(variant, 5, sliding), t)
    assert weights.shapes == ("diamond", "block")
    assert (weights.patterns_end is not None) == sliding
    ev = LearnedEval(t, weights)
    groups = pattern_groups(t, weights.shapes)
    rot = rotation(t)
    rng = random.Random(8)
    game = cls.new()
    assert ev.evaluate(*game.bitboards()) == 0
    for wm, wk, bm, bk in _random_walk(game, rng, 60):
        def direct(tables: tuple[tuple[float, ...], ...]) -> float:
            return sum(table[state(d, wm, bm)] - table[state(twin, bm, wm)]
                       for (d, twin), table in zip(groups, tables))
        pieces = popcount(wm | wk | bm | bk)
        expected = direct(weights.patterns)
        if weights.patterns_end is not None:
            share = pieces / full_board(t)
            expected = share * expected + (1 - share) * direct(weights.patterns_end)
        assert ev.patterns(wm, bm, pieces) == pytest.approx(expected)
        turned = ev.evaluate(rotate(bm, rot), rotate(bk, rot), rotate(wm, rot), rotate(wk, rot))
        assert turned == -ev.evaluate(wm, wk, bm, bk)


def test_a_weights_file_that_does_not_fit_the_evaluation_is_refused() -> None:
    from game.ai.eval_learned import load_weights
    t = _draughts("russian")._tables
    raw = _region_file("russian", 1)
    for bad, message in ((raw.replace(b'"block"]', b'"star"]'), "shapes"),
                         (raw.replace(b'"shapes": ["diamond", "block"]', b'"shapes": []'),
                          "shapes"),
                         (raw.replace(b'"shapes": ["diamond", "block"]',
                                      b'"shapes": ["block", "diamond"]'), "do not fit"),
                         (raw.replace(b'"shapes": ["diamond", "block"]',
                                      b'"shapes": ["diamond"]'), "do not fit")):
        assert bad != raw
        with pytest.raises(ValueError, match=message):
            load_weights(bad, t)
    sliding = json.loads(_region_file("russian", 1, sliding=True))
    for end, message in ((sliding["patterns_end"][:-1], "do not fit"),
                         ([[0.0, *table] for table in sliding["patterns_end"]], "do not fit"),
                         ({"a": 1}, "not a list"),
                         ([[float("nan")] * len(table) for table in sliding["patterns_end"]],
                          "not a number")):
        with pytest.raises(ValueError, match=message):
            load_weights(json.dumps({**sliding, "patterns_end": end}).encode(), t)
    with pytest.raises(ValueError, match="base weight is not a number"):
        load_weights(json.dumps({**sliding, "base": {**sliding["base"],
                                                     "tempo": [float("inf"), 0.0]}}).encode(), t)
    # weights on the empty board so large that their sum would not be kept exactly
    huge = {**sliding, "patterns_end": [[1e6] * len(table)
                                        for table in sliding["patterns_end"]]}
    with pytest.raises(ValueError, match="too large"):
        LearnedEval(t, load_weights(json.dumps(huge).encode(), t))
    # a version 3 file's second tables are not read: that version has none
    assert load_weights(json.dumps({**sliding, "version": 3}).encode(), t).patterns_end is None


# --- opening books ----------------------------------------------------------------------
@pytest.mark.parametrize("variant", DRAUGHTS)
def test_every_book_move_is_legal_in_its_position(variant: str) -> None:
    book = book_for(variant)
    assert book is not None and len(book) >= 50
    cls = find_variant(variant)
    assert cls.new().fen() in book.positions
    for fen, moves in list(book.positions.items())[:200]:
        game = cls.from_fen(fen)
        legal = {game.hub_text(m) for m in game.legal_moves()}
        assert {text for text, _ in moves} <= legal, fen


def test_level_8_opens_from_the_book_with_some_variety() -> None:
    from game.ai import choose_move
    game = find_variant("international").new()
    book = book_for("international")
    assert book is not None
    seen = {choose_move(game, 8, random.Random(seed), time=0.05) for seed in range(12)}
    in_book = {game.hub_text(m) for m in seen}
    assert in_book <= {text for text, _ in book.positions[game.fen()]}
    assert len(seen) >= 2


@pytest.mark.parametrize("choice, by_default, fitted", [
    ("current", frozenset(), False), ("current", frozenset({"russian"}), True),
    ("hand", frozenset({"russian"}), False), ("learned", frozenset(), True),
    ("classic", frozenset({"russian"}), False)])
def test_the_fitted_weights_play_where_they_were_chosen(
        monkeypatch: pytest.MonkeyPatch, choice: str, by_default: frozenset[str],
        fitted: bool) -> None:
    from game.ai import options
    from game.ai.engine import make_board
    monkeypatch.setattr(options, "LEARNED_BY_DEFAULT", by_default)
    saved = (options.ENGINE.eval, options.ENGINE.tables, options.ENGINE.book)
    try:
        options.set_engine(eval=choice)
        for variant in ("russian", "international"):
            board = make_board(find_variant(variant).new())[0]
            assert isinstance(board, DraughtsBoard)
            expected = fitted and (choice == "learned" or variant in by_default)
            assert isinstance(board.ev, LearnedEval) == expected, variant
    finally:
        options.set_engine(*saved)


def test_a_match_player_names_its_evaluation() -> None:
    from game.ai.match import check_spec
    for spec in ("8", "8:old", "8:hand", "8:learned", "random"):
        check_spec(spec)
    with pytest.raises(ValueError, match="8:hand"):
        check_spec("8:new")


# --- read only when needed ------------------------------------------------------------------
def test_the_data_is_read_when_a_search_needs_it_not_at_import() -> None:
    code = (
        "import game.ai, game.ai.worker, game.play.computer\n"
        "from game.ai import endgame, book, eval_learned\n"
        "from game.ai.options import set_engine\n"
        "assert not endgame._LOADED and not book._LOADED and not eval_learned._LOADED\n"
        "from game.rules import find_variant\n"
        "set_engine(eval='learned')  # the fitted weights, when they are asked for\n"
        "game.ai.search(find_variant('russian').new(), game.ai.Limit(depth=2))\n"
        "assert eval_learned._LOADED\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_the_data_files_stay_small() -> None:
    total = 0
    for folder, suffix in (("endgame", ".egtb"), ("book", ".json"), ("eval", ".json")):
        for variant in DRAUGHTS:
            item = data_file(folder, variant + suffix)
            if item is not None:
                total += len(item.read_bytes())
    assert 0 < total < 6_000_000  # 2.0 MB of it the 10x10 table with men


def test_a_fit_from_the_shipped_weights_starts_there_and_is_drawn_back_to_them(
        tmp_path: Path) -> None:
    """``tools/fit_eval.py --from``: new games refine the weights a file holds. With a
    pull too strong to move, the fit writes the file's pattern tables back unchanged (the
    data tools' extra: numpy and scipy)."""
    pytest.importorskip("numpy")
    pytest.importorskip("scipy")
    rng = random.Random(3)
    cls = _draughts("russian")
    lines = []
    for _ in range(6):  # random games, a random result each: enough to fit
        game = cls.new()
        result = rng.choice((0.0, 0.5, 1.0))
        for ply, (wm, wk, bm, bk) in enumerate(_random_walk(game, rng, 40)):
            lines.append(json.dumps({"wm": wm, "wk": wk, "bm": bm, "bk": bk,
                                     "w": ply % 2 == 1, "r": result,
                                     "s": rng.randint(-50, 50), "ply": ply}))
    data = tmp_path / "games.jsonl"
    data.write_text("\n".join(lines) + "\n")
    out = tmp_path / "refined.json"
    shipped = Path(str(data_file("eval", "russian.json")))
    done = subprocess.run(
        [sys.executable, "tools/fit_eval.py", "--game", "russian", "--phase", "--mix", "0.25",
         "--shapes", "diamond", "block", "--l2", "1e6", "--prior", "1e6", "--maxiter", "50",
         "--held-out", "0.3", "--from", str(shipped), "--out", str(out), str(data)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    before, after = json.loads(shipped.read_text()), json.loads(out.read_text())
    assert after["patterns"] == before["patterns"]
    assert all(abs(after["base"][name][0] - before["base"][name][0]) < 0.05
               for name in before["base"])
    wrong = subprocess.run(
        [sys.executable, "tools/fit_eval.py", "--game", "russian", "--shapes", "diamond",
         "--from", str(shipped), "--out", str(tmp_path / "no.json"), str(data)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert wrong.returncode != 0 and "its shapes are ['diamond', 'block']" in wrong.stderr
    assert not (tmp_path / "no.json").exists()
