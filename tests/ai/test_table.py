"""The search's memory: a transposition table of a fixed size from a byte budget, and the
evaluation's caches sized from the same budget."""
from __future__ import annotations

import random

import pytest

from game.ai import Limit, search
from game.ai.options import ENGINE, set_memory
from game.ai.table import BUCKET, DEFAULT_MEGABYTES, ENTRY_BYTES, EXACT, LOWER, UPPER, \
    TranspositionTable, cache_entries, depth_of, entries_for, flag_of, move_of, score_of, \
    table_megabytes
from game.rules import find_variant


@pytest.mark.parametrize("megabytes", [0.25, 64, 1024])
def test_the_table_holds_what_its_budget_allows_and_no_more(megabytes: float) -> None:
    table = TranspositionTable(megabytes)
    assert table.bytes == table.capacity * ENTRY_BYTES <= max(megabytes * 2**20, 1024 * 16)
    assert table.capacity == entries_for(megabytes) and table.capacity % BUCKET == 0
    assert table.capacity > megabytes * 2**20 / ENTRY_BYTES - BUCKET
    if megabytes > 1:
        return  # filling the big ones would take too long: their arithmetic is the same
    rng = random.Random(3)
    for _ in range(3 * table.capacity):
        table.store(rng.getrandbits(64), rng.randint(1, 30), rng.choice((EXACT, LOWER, UPPER)),
                    rng.randint(-30000, 30000), rng.randint(-1, 40))
        assert len(table) <= table.capacity
    assert len(table) > 0.97 * table.capacity  # all but full, and replacing since


def test_a_stored_entry_reads_back_whole() -> None:
    table = TranspositionTable(1)
    for key, depth, flag, score, move in [(1, 1, EXACT, -30128, -1), (2**64 - 1, 255, UPPER,
                                                                        30128, 300),
                                          (12345, 7, LOWER, 0, 0)]:
        table.store(key, depth, flag, score, move)
        word = table.probe(key)
        assert (depth_of(word), flag_of(word), score_of(word), move_of(word)) == \
            (depth, flag, score, move)
    assert table.probe(99) == 0 and table.probe(0) == 0  # not stored: nothing


def test_a_deeper_entry_is_kept_against_a_shallower_bound_but_not_an_exact_score() -> None:
    table = TranspositionTable(1)
    table.store(77, 9, LOWER, 50, 3)
    table.store(77, 4, UPPER, -20, 1)
    assert (depth_of(table.probe(77)), score_of(table.probe(77))) == (9, 50)
    table.store(77, 4, EXACT, 10, 2)
    assert (depth_of(table.probe(77)), score_of(table.probe(77)), move_of(table.probe(77))) \
        == (4, 10, 2)
    assert len(table) == 1


def test_a_new_key_in_a_full_bucket_replaces_the_shallower_and_the_older_first() -> None:
    table = TranspositionTable(1)
    buckets = table.capacity // BUCKET
    a, b, c, d = (5 + i * buckets for i in range(4))  # one bucket
    table.store(a, 10, EXACT, 1, 0)
    table.store(b, 3, EXACT, 2, 0)
    table.store(c, 6, EXACT, 3, 0)  # the shallower one (b) goes
    assert table.probe(b) == 0 and table.probe(a) and table.probe(c)
    table.new_search()
    table.store(d, 3, EXACT, 4, 0)  # both of an earlier search: the shallower (c) goes
    assert table.probe(c) == 0 and table.probe(a) and table.probe(d)
    table.store(b, 4, EXACT, 5, 0)  # a (depth 10, earlier) is worth 2 now, d (3, this) 3
    assert table.probe(a) == 0 and table.probe(d) and table.probe(b)
    assert len(table) == 2  # the bucket's two entries


def test_clear_forgets_everything() -> None:
    table = TranspositionTable(1)
    table.store(42, 3, EXACT, 7, 1)
    table.clear()
    assert table.probe(42) == 0 and len(table) == 0
    table.store(42, 3, EXACT, 8, 1)
    assert score_of(table.probe(42)) == 8


def test_a_budget_is_shared_between_the_table_and_the_caches() -> None:
    # the game's table, a search's own (16 MB: a level that scores every move) and the caches
    assert table_megabytes(256) == 256 - 64 - 16 and table_megabytes(64) == 64 - 16 - 16
    assert cache_entries(64) < cache_entries(256) < cache_entries(1024)
    # the caches' share is a quarter of the budget at 128 bytes an entry, six caches
    assert 6 * cache_entries(256) * 128 <= 64 * 2**20


def test_the_evaluations_cache_keeps_no_more_than_the_budget_allows() -> None:
    from game.ai.draughts import DraughtsBoard
    from game.ai.engine import make_board
    from game.ai.eval_learned import LearnedEval
    from game.ai.search import Searcher

    game = find_variant("international").new()
    saved = ENGINE.cache_entries
    set_memory(0.05)  # the smallest caches there are
    try:
        board, keys = make_board(game)
        assert isinstance(board, DraughtsBoard)
        Searcher(board, Limit(nodes=6_000), history_keys=keys).run()
        assert 0 < len(board.eval_cache) <= ENGINE.cache_entries == 1024
        assert isinstance(board.ev, LearnedEval)  # International plays the learned patterns
        bands = board.ev.band_keys
        assert bands and all(0 < len(band.memo) <= ENGINE.cache_entries for band in bands)
    finally:
        ENGINE.cache_entries = saved
    assert ENGINE.cache_entries == cache_entries(DEFAULT_MEGABYTES)


def test_a_table_kept_between_searches_answers_the_same_and_sooner() -> None:
    game = find_variant("russian").new()
    fresh = search(game, Limit(depth=7))
    table = TranspositionTable(4)
    first = search(game, Limit(depth=7), tt=table)
    again = search(game, Limit(depth=7), tt=table)
    assert (first.move, first.score, first.nodes) == (fresh.move, fresh.score, fresh.nodes)
    assert again.move == first.move and again.nodes < first.nodes / 2
