"""Issue 49, item 1: position and PDN text that several games read goes to the game on the
screen first. A Russian position written in square numbers (``W:W21-32:B1-12``, as
International is written and as programs write Russian) is Russian's on a Russian board;
without a screen's game the numbers stay International's. A PDN game that names no game
reads as the screen's game when its start and first move are that game's; a tag still wins.
And the PDN reader says why it stops as a problem and its values (item 5), for the screens
to word in the player's language."""
from __future__ import annotations

import pytest

from game.play.position_text import read_position_text
from game.rules import find_variant
from game.rules.core import Color
from game.rules.draughts import DraughtsGame
from game.rules.pdn import PdnError, PdnProblem, read_pdn

NUMBERED_START = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def test_russian_reads_its_start_written_in_numbers() -> None:
    russian = find_variant("russian")
    game = russian.from_setup(NUMBERED_START)
    assert game.fen() == russian.new().fen(), "pieces on 21-32 and 1-12: the start"
    assert game.geometry.columns == 8
    assert russian.from_setup("W:W21-32:B1-12").fen() == russian.new().fen(), "ranges too"
    assert find_variant("brazilian").from_setup(NUMBERED_START).fen() == \
        find_variant("brazilian").new().fen()
    assert not russian.reads_natively(NUMBERED_START), "numbers are not its own way"
    assert find_variant("international").reads_natively(NUMBERED_START)


@pytest.mark.parametrize("current, variant", [
    ("russian", "russian"),  # the issue: a Russian board, a Russian position
    ("brazilian", "brazilian"),
    ("russian_giveaway", "russian_giveaway"),
    ("english", "english"),
    ("international", "international"),
    (None, "international"),  # no game on the screen: numbers are International's way
    ("ugolki", "international"),  # a game that reads no numbers: the best of the others
])
def test_a_numbered_position_goes_to_the_game_on_the_screen(current: str | None,
                                                            variant: str) -> None:
    position = read_position_text(NUMBERED_START, current)
    assert position is not None and position.variant == variant and position.fen is not None
    game = find_variant(variant).from_setup(position.fen)
    assert len(list(game.pieces())) == 24


def test_a_numbered_position_its_board_cannot_hold_is_not_forced_on_it() -> None:
    position = read_position_text("W:W31-50:B1-20", "russian")  # squares 33-50: not 8x8
    assert position is not None and position.variant == "international"


@pytest.mark.parametrize("text, prefer, variant", [
    (f'[FEN "{NUMBERED_START}"]\n*', "russian", "russian"),
    (f'[FEN "{NUMBERED_START}"]\n*', None, "international"),
    ("1. 32-28 19-23 *", "russian", "international"),  # not a Russian first move
    ("1. 22-18 11-15 *", "russian", "russian"),
    ("1. c3-d4 f6-g5 *", "brazilian", "brazilian"),
    ('[GameType "20"]\n1. 32-28 19-23 *', "russian", "international"),  # the tag wins
    ('[GameType "25"]\n1. c3-d4 *', "international", "russian"),
    ("1. c3-d4 *", "ugolki", "russian"),  # a game PDN does not hold is no guess
])
def test_a_pdn_game_that_names_no_game_reads_as_the_screens_first(
        text: str, prefer: str | None, variant: str) -> None:
    (game,) = read_pdn(text, prefer=prefer)
    assert game.variant == variant


def test_text_that_is_no_game_is_reported_in_the_screens_notation() -> None:
    with pytest.raises(PdnError) as caught:
        read_pdn("Buy milk", prefer="russian")
    error = caught.value
    assert error.problem is PdnProblem.NOT_A_MOVE and error.line == 1
    assert error.values["ply"] == 0 and error.values["text"] == "Buy"
    assert error.values["side"] is Color.WHITE
    example = error.values["example"]
    assert example[0] in "abcdefgh", f"a lettered board's move, not {example!r}"
    russian = find_variant("russian").new()
    assert isinstance(russian, DraughtsGame)
    russian.resolve_move(example, find_variant("russian").new().perft_moves())


@pytest.mark.parametrize("text, problem, line, values", [
    ('[Event "x"\n', PdnProblem.TAG_LINE, 1, {}),
    ('\n\n1. 32-28 {a comment that never ends', PdnProblem.OPEN_COMMENT, 3, {}),
    ("1. 32-28 (19-23", PdnProblem.OPEN_VARIATION, 1, {}),
    ("1. 32-28 ] 19-23", PdnProblem.UNEXPECTED, 1, {"char": "]"}),
    ('[GameType "99"]\n*', PdnProblem.GAME_TYPE, 1, {"found": "99"}),
    ('[GameType "21"]\n[Huff "yes"]\n*', PdnProblem.NO_OPTION, 2,
     {"game": "english", "tag": "Huff"}),
    ('[GameType "25"]\n[TournamentDraws "abc"]\n*', PdnProblem.BAD_OPTION, 2,
     {"tag": "TournamentDraws", "value": "abc"}),
    ('[GameType "25"]\n[FEN "W:Wz9:B1"]\n*', PdnProblem.BAD_FEN, 2, {"game": "russian"}),
    ('[GameType "25"]\n1. c3-d4 f6-g5\n2. a1-h8 *', PdnProblem.ILLEGAL_MOVE, 3,
     {"number": 2, "side": Color.WHITE, "ply": 2, "text": "a1-h8"}),
])
def test_the_reader_names_its_problem_and_values(text: str, problem: PdnProblem, line: int,
                                                 values: dict[str, object]) -> None:
    with pytest.raises(PdnError) as caught:
        read_pdn(text)
    assert caught.value.problem is problem and caught.value.line == line, str(caught.value)
    for name, value in values.items():
        assert caught.value.values[name] == value, (name, caught.value.values)


def test_a_refused_fen_tag_keeps_the_rules_reason() -> None:
    with pytest.raises(PdnError) as caught:
        read_pdn('[GameType "25"]\n[FEN "W:W20-32:B1-12"]\n*')
    assert caught.value.problem is PdnProblem.BAD_FEN
    cause = caught.value.values["cause"]
    assert cause is not None and cause.values["count"] == 13
