"""One check of a position wherever it comes from (a FEN, a saved game, a PDN [FEN] tag, the
editor, a Chapaev table): how many pieces a side has, real squares, kinds, disc ids, discs on
the table and apart."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.play.positions import TableProblem, check_position, check_table, start_pieces
from game.rules import Color, Piece, PieceKind, SetupError, SetupProblem, VARIANTS, \
    find_variant
from game.rules.draughts import DraughtsGame

W, B = Color.WHITE, Color.BLACK
DRAUGHTS = [name for name in VARIANTS if name != "apokachi"]
#: the games with men that crown on the far row (Уголки's pieces never do)
CROWNING = [name for name in VARIANTS if find_variant(name).has_kings]


def _extra_man(variant: str) -> str:
    """The standard start with one more man of White's on a free square off its crowning
    row."""
    cls = find_variant(variant)
    game = cls.new()
    pieces = dict(game.pieces())
    free = next(s for s in game.geometry.squares if s not in pieces
                and game.geometry.coord(s)[1] not in (0, game.geometry.rows - 1))
    pieces[free] = Piece(W)
    from game.rules.notation import make_fen

    return make_fen(W, pieces.items(), game.geometry, sort_by_coord=True)


@pytest.mark.parametrize("variant", DRAUGHTS)
def test_one_man_more_than_a_side_has_is_refused_by_every_fen(variant: str) -> None:
    cls = find_variant(variant)
    most = len(dict(cls.new().pieces())) // 2
    with pytest.raises(SetupError) as caught:
        cls.from_fen(_extra_man(variant))
    assert caught.value.problem is SetupProblem.TOO_MANY
    assert caught.value.values == {"color": W, "count": most + 1, "most": most}
    with pytest.raises(SetupError):
        cls.from_setup(_extra_man(variant))


def test_thirteen_russian_men_and_twenty_one_international_ones() -> None:
    russian = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bb6"
    with pytest.raises(SetupError, match="13 white pieces: a side has at most 12"):
        find_variant("russian").from_fen(russian)
    with pytest.raises(SetupError, match="21 white pieces: a side has at most 20"):
        find_variant("international").from_fen("W:W26-46:B1")
    assert find_variant("international").from_fen("W:W31-50:B1-20").fen() == \
        find_variant("international").new().fen()


def test_apokachi_reads_a_crowded_study_but_a_position_from_outside_is_judged() -> None:
    cls = find_variant("apokachi")
    crowded = "W:5:Wa1,b1,c1,d1,e1,a2:Ba5"
    assert cls.from_fen(crowded).fen() == crowded, "the engine's studies stay readable"
    with pytest.raises(SetupError) as caught:
        cls.from_setup(crowded)
    assert caught.value.values["count"] == 6 and caught.value.values["most"] == 5
    assert cls.from_setup("W:5:Wa1,b1,c1,d1,e1:Ba5").fen() == "W:5:Wa1,b1,c1,d1,e1:Ba5"


@pytest.mark.parametrize("variant", CROWNING)
def test_a_man_on_its_crowning_row_and_a_square_off_the_board(variant: str) -> None:
    cls = find_variant(variant)
    assert issubclass(cls, DraughtsGame)
    game = cls.new()
    rows = game.geometry.rows
    far = next(s for s in game.geometry.squares if game.geometry.coord(s)[1] == rows - 1)
    near = next(s for s in game.geometry.squares if game.geometry.coord(s)[1] == 0)
    with pytest.raises(SetupError) as caught:
        cls.from_squares(W, {far: Piece(W), near: Piece(B, PieceKind.KING)})
    assert caught.value.problem is SetupProblem.CROWNING_ROW
    with pytest.raises(SetupError) as caught:
        cls.from_squares(W, {len(game.geometry.squares) + 1: Piece(W)})
    assert caught.value.problem is SetupProblem.NO_SQUARE


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**32 - 1))
def test_every_position_of_a_real_game_passes_the_check(variant: str, seed: int) -> None:
    """Property: what the rules themselves reach is never refused (no false alarm)."""
    rng = random.Random(seed)
    cls = find_variant(variant)
    game = cls.new()
    for _ in range(rng.randint(0, 120)):
        moves = game.legal_moves()
        if not moves or game.outcome() is not None:
            break
        game.push(rng.choice(moves))
        cls.check_pieces(dict(game.pieces()), **game.options)
        assert cls.from_setup(game.fen(), **game.options).fen() == game.fen()


def test_the_editor_says_why_in_its_own_words() -> None:
    pieces = start_pieces("russian")
    spare = next(s for s in range(13, 21) if s not in pieces)
    refusal = check_position("russian", W, {**pieces, spare: Piece(W)})
    assert refusal is not None and refusal.key == "editor.why.too_many"
    assert refusal.values == {"side": "editor.side.white", "n": 13, "most": 12}
    five = {"size": 5}
    refusal = check_position("apokachi", W, {**start_pieces("apokachi", five), 7: Piece(W)},
                             five)
    assert refusal is not None and refusal.key == "editor.why.too_many"
    refusal = check_position("russian", W, {1: Piece(W), 29: Piece(B)})
    assert refusal is not None and refusal.key == "editor.why.crowning_row"


# --- the Chapaev table ---------------------------------------------------------------------------
def _start_table() -> list[list[object]]:
    return [[f"W{i}", i + 0.5, 0.5, 0.0] for i in range(8)] + \
        [[f"B{i}", i + 0.5, 7.5, 0.0] for i in range(8)]


def test_the_start_table_passes() -> None:
    assert len(check_table(_start_table())) == 16


@pytest.mark.parametrize("disc", ["W²", "W٣", "W8", "w1", "W01", "B-1", "W 1", "", "W", 3, None,
                                  ["W1"], "W1\n"])
def test_a_disc_id_is_exactly_w_or_b_and_one_ascii_digit(disc: object) -> None:
    table = _start_table()
    table[0][0] = disc
    with pytest.raises(TableProblem):
        check_table(table)


@pytest.mark.parametrize("place", [[1.0, 2.0], {"x": 1}, "1.0", None, True, math.nan,
                                   math.inf, -0.5, 8.5, 1e300])
def test_a_coordinate_is_a_number_on_the_table(place: object) -> None:
    table = _start_table()
    table[0][1] = place
    with pytest.raises(TableProblem):
        check_table(table)


def test_discs_on_top_of_each_other_are_refused_touching_ones_are_not() -> None:
    heap = [[f"{side}{i}", 4.0, 4.0, 0.0] for side in "WB" for i in range(8)]
    with pytest.raises(TableProblem, match="on top of each other"):
        check_table(heap)
    touching = [["W0", 4.0, 4.0, 0.0], ["B0", 4.0 + 0.8 - 0.002, 4.0, 1.0]]
    assert len(check_table(touching)) == 2
    with pytest.raises(TableProblem):
        check_table([["W0", 4.0, 4.0, 0.0], ["B0", 4.5, 4.0, 0.0]])
    with pytest.raises(TableProblem, match="twice"):
        check_table([["W0", 1.0, 1.0, 0.0], ["W0", 5.0, 5.0, 0.0]])
    with pytest.raises(TableProblem):
        check_table(_start_table() + [["W0", 4.0, 4.0, 0.0]])


def test_every_table_a_real_match_leaves_passes() -> None:
    """Property over real shots: the physics' own resting tables are never refused."""
    from game.play import ChapaevPlay
    from game.play.chapaev_record import record_of_chapaev

    rng = random.Random(11)
    tables = 0
    for _ in range(3):
        play = ChapaevPlay()
        for _ in range(25):
            if play.is_over:
                break
            if play.waiting_next_round:
                play.next_round()
            discs = [d for d in play.table.discs if d[0] is play.match.turn]
            angle = rng.uniform(0, 2 * math.pi)
            play.run_shot(rng.choice(discs), (math.cos(angle), math.sin(angle)),
                          rng.uniform(0.3, 1.0))
            for shot in record_of_chapaev(play)["chapaev"]["shots"]:
                check_table(shot["after"])
                tables += 1
    assert tables > 20


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_editor_check_serves_every_game_of_the_collection(variant: str) -> None:
    """Every game of the collection is in the editor: the check already answers for each."""
    options = {"size": 9} if variant == "apokachi" else {}
    cls = find_variant(variant)
    start = start_pieces(variant, options)
    turn = cls.first_color
    assert check_position(variant, turn, start, options) is None
    free = next(s for s in cls.new().geometry.squares if s not in start
                and cls.new().geometry.coord(s)[1] not in (0, cls.new().geometry.rows - 1))
    refusal = check_position(variant, turn, {**start, free: Piece(W)}, options)
    assert refusal is not None and refusal.key == "editor.why.too_many"
