"""What the board scene asks of every game through the common interface, variant by variant."""
from __future__ import annotations

from game.rules import Color, Termination, find_variant
from game.rules.apokachi import Apokachi
from game.rules.international import International
from game.rules.russian import Russian


def test_outranked_captures_name_the_captures_the_majority_rule_forbids() -> None:
    # 39 can take one piece, 33 takes two: only 33's capture is legal
    game = International.from_fen("W:W33,39:B28,17,29,34,5")
    legal = [game.move_text(m) for m in game.legal_moves()]
    outranked = game.outranked_captures()
    assert legal == ["33x11"]
    assert outranked and {m.start for m in outranked} >= {39}
    assert all(len(m.captured) < 2 for m in outranked)
    assert not set(outranked) & set(game.legal_moves())


def test_free_choice_of_capture_outranks_nothing() -> None:
    game = Russian.from_fen("W:Wc3,e3:Bd4,b6,d6")
    assert game.capture_required() and game.outranked_captures() == []


def test_games_without_compulsory_capture_never_require_it() -> None:
    game = Apokachi.from_fen("W:5:Wb3,c2,c4:Bd3,c5")
    assert any(m.captured for m in game.legal_moves())
    assert not game.capture_required() and game.outranked_captures() == []


def test_a_resignation_is_withdrawn_in_every_game() -> None:
    for name in ("international", "russian", "apokachi"):
        game = find_variant(name).new()
        game.push(game.legal_moves()[0])
        game.resign(Color.BLACK)
        outcome = game.outcome()
        assert outcome is not None and outcome.termination is Termination.RESIGNATION
        game.withdraw_end()
        assert game.outcome() is None and len(game.move_stack) == 1, name


def test_panel_figures_come_from_the_interface() -> None:
    international = International.new(move_limit=50)
    assert international.move_limit == 50 and international.moves_played() == 0
    assert international.numbered_squares and not Russian.numbered_squares
    assert Russian.promote_mid_capture and not International.promote_mid_capture
    assert international.time_limit is None and international.remaining_time() is None
    apokachi = Apokachi.new(time_limit=180.0, move_limit=20)
    apokachi.add_elapsed(30.0)
    assert apokachi.remaining_time() == 150.0 and apokachi.move_limit == 20
    assert Russian.new(tournament_draws=False).draw_counters() == []
