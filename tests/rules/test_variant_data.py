"""What a setup screen and a board view learn from the rules instead of knowing it."""
from __future__ import annotations

from typing import Any

import pytest

from game.rules import VARIANTS, Color, Game, OptionSpec, Termination, find_variant
from game.rules.apokachi import Apokachi
from game.rules.international import International
from game.rules.russian import Russian

EXPECTED_SPECS = {
    "international": (OptionSpec("tournament_draws", (True, False), True),
                      OptionSpec("draw_offer_after", (None, 40), None),
                      OptionSpec("move_limit", (None, 30, 50, 80), None)),
    "russian": (OptionSpec("tournament_draws", (True, False), True),
                OptionSpec("draw_offer_after", (None, 20), None),
                OptionSpec("huff", (False, True), False)),
    "english": (OptionSpec("tournament_draws", (True, False), True),
                OptionSpec("draw_offer_after", (None, 20), None)),
    "brazilian": (OptionSpec("tournament_draws", (True, False), True),
                  OptionSpec("draw_offer_after", (None, 20), None)),
    "russian_giveaway": (OptionSpec("tournament_draws", (True, False), True),
                         OptionSpec("draw_offer_after", (None, 20), None)),
    "international_giveaway": (OptionSpec("tournament_draws", (True, False), True),
                               OptionSpec("draw_offer_after", (None, 40), None),
                               OptionSpec("move_limit", (None, 30, 50, 80), None)),
    "apokachi": (OptionSpec("size", tuple(range(5, 14)), 9),
                 OptionSpec("move_limit", (10, 20, 30, 50, None), 30),
                 OptionSpec("time_limit", (180.0, 300.0, 600.0, None), 300.0)),
}


@pytest.mark.parametrize("name", sorted(EXPECTED_SPECS))
def test_each_game_declares_its_options(name: str) -> None:
    assert find_variant(name).option_specs() == EXPECTED_SPECS[name]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_option_of_every_game_has_its_default_among_its_choices(name: str) -> None:
    for spec in find_variant(name).option_specs():
        assert spec.default in spec.choices


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_choice_makes_a_game_that_remembers_it(name: str) -> None:
    cls = find_variant(name)
    defaults = {spec.name: spec.default for spec in cls.option_specs()}
    assert cls.new().options == defaults
    for spec in cls.option_specs():
        for choice in spec.choices:
            game = cls.new(**{spec.name: choice})
            assert game.options == defaults | {spec.name: choice}
            again = cls.from_fen(game.fen(), **{spec.name: choice})
            assert again.options == game.options


@pytest.mark.parametrize("cls, options", [
    (International, {"move_limit": True}), (International, {"move_limit": 0}),
    (International, {"move_limit": "30"}), (International, {"move_limit": 30.0}),
    (International, {"draw_offer_after": False}), (International, {"tournament_draws": 1}),
    (International, {"tournament_draws": None}), (International, {"size": 10}),
    (Russian, {"move_limit": 30}), (Russian, {"tournament_draws": "yes"}),
    (Apokachi, {"size": 14}), (Apokachi, {"size": True}), (Apokachi, {"size": "small"}),
    (Apokachi, {"size": 9.0}), (Apokachi, {"move_limit": True}),
    (Apokachi, {"time_limit": False}), (Apokachi, {"time_limit": float("inf")}),
    (Apokachi, {"tournament_draws": True}),
])
def test_bad_option_values_are_refused_clearly(cls: type[Game], options: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as caught:
        cls.new(**options)
    message = str(caught.value)
    assert next(iter(options)) in message.replace(" ", "_") or "option" in message
    assert "\n" not in message and len(message) < 200


def test_a_bool_is_not_a_move_count() -> None:
    with pytest.raises(ValueError, match="True"):
        International.new(move_limit=True)


def test_studies_may_use_any_positive_move_count() -> None:
    assert International.new(move_limit=2).options["move_limit"] == 2
    assert Apokachi.new(move_limit=1, time_limit=90).options == {
        "size": 9, "move_limit": 1, "time_limit": 90.0}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_starting_fen_is_before_the_moves(name: str) -> None:
    cls = find_variant(name)
    game = cls.new()
    start = game.fen()
    for _ in range(3):
        game.push(game.legal_moves()[0])
    assert game.fen() != start and game.starting_fen() == start
    set_up = cls.from_fen(game.fen())
    assert set_up.starting_fen() == game.fen()


def test_board_style_is_on_the_geometry() -> None:
    assert Apokachi.new(size=5).geometry.points
    assert not International.new().geometry.points
    assert not Russian.new().geometry.points


# (each counting draw's Outcome.limit is checked where the rule is tested:
# test_international.py and test_russian.py)


def test_ends_that_are_not_counted_carry_no_limit() -> None:
    game = International.new()
    game.resign(Color.WHITE)
    outcome = game.outcome()
    assert outcome is not None and outcome.limit is None
