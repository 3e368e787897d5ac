"""The move generator's move codes (game/rules/movegen.py) are its moves packed in one int:
the same moves, in the same order, as the tuples the rules build their Moves from."""
from __future__ import annotations

import random

import pytest

from game.rules import VARIANTS, find_variant
from game.rules.draughts import DraughtsGame
from game.rules.movegen import CAPTURE_SHIFT, END_SHIFT, SQUARE, MoveGenerator, popcount
from tests.random_games import draughts_positions


def _positions(variant: str) -> list[DraughtsGame]:
    """Positions of seeded random games (openings, middle games with kings, endings)."""
    return draughts_positions(variant, games=6, plies=70, seed=variant)


# each distinct move generator among the registered games (a giveaway game's is its parent's)
# the games on the dark squares' move generator (Turkish, on every square, has its own)
def _dark_squares_generator(name: str) -> bool:
    cls = find_variant(name)
    return issubclass(cls, DraughtsGame) and not name.endswith("_giveaway") \
        and isinstance(cls.new()._generator, MoveGenerator)


_GENERATORS = [name for name in VARIANTS if _dark_squares_generator(name)]


@pytest.mark.parametrize("variant", _GENERATORS)
def test_codes_are_the_generators_moves_in_its_order(variant: str) -> None:
    captures_seen = 0
    for game in _positions(variant):
        gen, t = game._generator, game._tables
        wm, wk, bm, bk = game.bitboards()
        for white, sides in ((True, (wm, wk, bm, bk)), (False, (bm, bk, wm, wk))):
            caps = gen.captures(*sides, white)
            codes = gen.capture_codes(*sides, white)
            assert [(c & SQUARE, c >> END_SHIFT & SQUARE,
                     (c >> CAPTURE_SHIFT & t.capture_field) << t.capture_low,
                     bool(c & t.promote_flag)) for c in codes] == \
                [(start, path[-1], mask, promotes) for start, path, _, mask, promotes in caps]
            assert all(popcount(c >> CAPTURE_SHIFT & t.capture_field) == len(cap[2])
                       for c, cap in zip(codes, caps))
            captures_seen += len(codes)
            for mirrored in (False, True):
                quiet = gen.quiet(*sides, white, mirrored)
                assert [(c & SQUARE, c >> END_SHIFT & SQUARE, bool(c & t.promote_flag))
                        for c in gen.quiet_codes(*sides, white, mirrored)] == quiet
            assert gen.count_quiet(*sides, white) == len(gen.quiet_codes(*sides, white))
            assert all(c < 1 << t.code_bits for c in codes)
    assert captures_seen > 50


def test_popcount_counts_bits() -> None:
    rng = random.Random(5)
    for mask in [0, 1, (1 << 62) - 1] + [rng.getrandbits(62) for _ in range(200)]:
        assert popcount(mask) == bin(mask).count("1")
