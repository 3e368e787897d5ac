"""Notation: FEN for both boards, move text, PDN files; bad input gives typed errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import (
    AmbiguousMoveError,
    Color,
    IllegalMoveError,
    Move,
    NotationError,
    Piece,
    PieceKind,
    RulesError,
)
from game.rules.international import International
from game.rules.pdn import read_pdn, write_pdn
from game.rules.russian import Russian

INTERNATIONAL_GAME = """[event "Club match"]
[White "Ann"]
[black "Bob"]
[GameType "20"]
[Result "2-0"]

1. 32-28 19-23 {a classic start
spread over two lines} 2. 28x19 14x23 3.33-28 (3. 37-32 23-29) 3... 23x32 4. 37x28 2-0
"""

RUSSIAN_GAME = """[Event "Lidraughts export"]
[GameType "25"]
[Result "1-1"]
1. c3-d4 f6-e5 2. d4xf6 g7:e5 1-1
"""


# --- FEN ----------------------------------------------------------------------------------

def test_international_fen_with_ranges_and_kings() -> None:
    game = International.from_fen("B:WK46,28,31-33:B1-3,K17")
    assert game.turn is Color.BLACK
    assert game.piece_at(46) == Piece(Color.WHITE, PieceKind.KING)
    assert game.piece_at(32) == Piece(Color.WHITE)
    assert game.piece_at(17) == Piece(Color.BLACK, PieceKind.KING)
    assert game.piece_at(4) is None
    assert game.fen() == "B:W28,31,32,33,K46:B1,2,3,K17"


@pytest.mark.parametrize("text", [
    "W:W31-50:B1-20", " W:W31-50:B1-20 ", "W:W31-50:B1-20.", '"W:W31-50:B1-20"',
    "W:W31-50:B1-20:H0:F1", "W:B1-20:W31-50", "w:w31-50:b1-20"])
def test_international_fen_accepts_real_world_forms(text: str) -> None:
    assert International.from_fen(text).fen() == International.new().fen()


def test_russian_fen_is_algebraic() -> None:
    game = Russian.from_fen("W:WKa1,c3:Bh8,Kd6")
    assert game.fen() == "W:WKa1,c3:BKd6,h8"
    assert game.piece_at(game.geometry.square_at(3, 5) or 0) == Piece(Color.BLACK,
                                                                       PieceKind.KING)


def test_empty_side() -> None:
    game = International.from_fen("B:W31:B")
    assert game.fen() == "B:W31:B"
    assert game.outcome() is not None


@pytest.mark.parametrize("text, fen", [("W:W28", "W:W28:B"), ("B:BK5", "B:W:BK5"),
                                       ("W:B1", "W:W:B1")])
def test_a_side_left_out_of_the_fen_has_no_pieces(text: str, fen: str) -> None:
    assert International.from_fen(text).fen() == fen
    assert Russian.from_fen("W:Wc3").fen() == "W:Wc3:B"


BAD_INTERNATIONAL = [
    "", "   ", "X:W31:B1", "W", "W:", "W:W31:B1:B2", "W:W31:B31", "W:W0:B1", "W:W51:B1",
    "W:W31-:B1", "W:W35-31:B1", "W:Wx:B1", "W:W31,,32:B1", "W:Z31:B1", "W::B1", "W:W31:B1:",
    "W:WK:B1", "W:W3:B1", "W:W31:B48", "W:W31:B1-60", "W:Wa1:B1", "W:W31:B1;", "W:W 31 3:B1",
    "W:W31:BK", "WW:W31:B1", "W:W31:B1-2-3", ":W31:B1", "W:W31::B1"]
BAD_RUSSIAN = ["W:Wa2:Bh8", "W:Wi1:Bh8", "W:Wa1-c1:Bh8", "W:W1:Bh8", "W:Wa1:Ba1", "W:Wa8:Bh8",
               "W:Wc3:Bb2,d2,a1", "W:Wa1:B", "B:Wa1:Bh8,a11"]


@pytest.mark.parametrize("text", BAD_INTERNATIONAL)
def test_bad_international_fen(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        International.from_fen(text)
    assert str(caught.value)


@pytest.mark.parametrize("text", BAD_RUSSIAN)
def test_bad_russian_fen(text: str) -> None:
    if text in ("W:Wa1:B",):
        assert Russian.from_fen(text).fen() == text  # valid: Black has no pieces left
        return
    with pytest.raises(NotationError) as caught:
        Russian.from_fen(text)
    assert str(caught.value)


def test_fen_errors_say_what_was_expected() -> None:
    with pytest.raises(NotationError, match="W or B"):
        International.from_fen("Q:W31:B1")
    with pytest.raises(NotationError, match="twice"):
        International.from_fen("W:W31,31:B1")
    with pytest.raises(NotationError, match="expected a square"):
        International.from_fen("W:W31,77:B1")
    with pytest.raises(NotationError, match="far row"):
        Russian.from_fen("W:Wb8:Bh6")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="WBK:,-0123456789abch .x", max_size=30))
def test_fuzzed_fens_raise_only_notation_errors(text: str) -> None:
    for cls in (International, Russian):
        try:
            game = cls.from_fen(text)
        except NotationError:
            continue
        assert cls.from_fen(game.fen()).fen() == game.fen()


def test_non_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        International.from_fen(None)  # type: ignore[arg-type]


# --- move text ------------------------------------------------------------------------------

def test_international_move_text() -> None:
    game = International.new()
    move = game.parse_move("32-28")
    assert move == Move(32, (28,)) and game.move_text(move) == "32-28"
    for text in ("32-28", "19-23", "28x19"):
        game.push(game.parse_move(text))
    assert game.move_text(game.parse_move("14x23")) == "14x23"
    assert game.parse_move("14-23") == game.parse_move("14x23")  # lenient separator


@pytest.mark.parametrize("text,error", [
    ("32", NotationError), ("32-", NotationError), ("abc", NotationError),
    ("32-99", NotationError), ("", NotationError), ("32-26", IllegalMoveError),
    ("46-41", IllegalMoveError)])
def test_bad_move_text(text: str, error: type[Exception]) -> None:
    game = International.new()
    with pytest.raises(error):
        game.parse_move(text)


def test_errors_are_value_errors() -> None:
    assert issubclass(NotationError, ValueError) and issubclass(IllegalMoveError, ValueError)
    assert issubclass(AmbiguousMoveError, IllegalMoveError)


def test_hub_text() -> None:
    game = International.from_fen("W:WK46:B37,33")
    assert sorted(game.hub_text(m) for m in game.legal_moves()) == [
        "46x39x37x33", "46x44x37x33", "46x50x37x33"]
    russian = Russian.from_fen("W:Wc3:Bd4,f6")
    assert [russian.hub_text(m) for m in russian.legal_moves()] == ["c3xg7xd4xf6"]
    assert russian.hub_text(Russian.new().parse_move("c3-d4")) == "c3-d4"


# --- PDN ----------------------------------------------------------------------------------

def test_read_pdn_with_tags_comments_variations_and_several_games() -> None:
    first, second = read_pdn(INTERNATIONAL_GAME + "\n" + RUSSIAN_GAME)
    assert first.variant == "international" and second.variant == "russian"
    assert first.tags["Event"] == "Club match" and first.tags["Black"] == "Bob"
    assert first.result == "2-0" and second.result == "1-1"
    assert [International.new().geometry.name(m.start) for m in first.moves] == [
        "32", "19", "28", "14", "33", "23", "37"]
    assert first.moves[2].captured == (23,)
    assert second.moves[2].captured and second.game().turn is Color.WHITE


def test_read_pdn_russian_captures_in_every_spelling() -> None:
    for capture in ("d4xf6", "d4:f6", "d4-f6"):
        (game,) = read_pdn(f'[GameType "25"]\n1. c3-d4 f6-e5 2. {capture} *')
        assert len(game.moves) == 3 and game.moves[2].captured


def test_read_pdn_capture_by_start_and_end_only() -> None:
    (game,) = read_pdn('[GameType "20"]\n[FEN "W:WK36:B22,24,29,43,1"]\n1. 36x18x34x48 *')
    assert set(game.moves[0].captured) == {22, 29, 43}
    with pytest.raises(NotationError, match="line 3"):
        read_pdn('[GameType "20"]\n[FEN "W:WK36:B22,24,29,43,1"]\n1. 36x48 *')


def test_read_pdn_black_to_move_from_fen_and_guessing_the_variant() -> None:
    (game,) = read_pdn('[FEN "B:Wc3:Bf6"]\n1... f6-e5 2. c3-d4 *')
    assert game.variant == "russian" and game.fen == "B:Wc3:Bf6"
    (untagged,) = read_pdn("1. 32-28 19-23 *")
    assert untagged.variant == "international" and untagged.tags == {}


@pytest.mark.parametrize("text,line,words", [
    ('[Event "x"]\n1. 32-28 {unclosed\ncomment', 2, "}"),
    ('[Event "x"\n1. 32-28', 1, "tag"),
    ('[Event "x"]\n\n1. 32-28 19-23 2. 32-27 *', 3, "legal move"),
    ('[GameType "23"]\n1. 32-28 *', 1, "GameType"),  # American pool: not in the box
    ('[GameType "20"]\n[FEN "W:W99:B1"]\n*', 2, "FEN"),
    ('1. 32-28 19-23\n2. 28x19 (2. 33-29\n', 2, ")"),
    ('1. 32-28 19-23\n2. hello *', 2, "move"),
    ('1. 32-28 }', 1, "unexpected"),
    ('[GameType "25"]\n1. c3-d4 f6-e5 2. d4:f7 *', 2, "square"),
])
def test_malformed_pdn_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_pdn(text)
    assert caught.value.line == line
    assert words in str(caught.value)


def _check_reading(text: str) -> None:
    """What reading any text must do: either games whose moves are legal replays that write
    and read back the same, or one NotationError naming a line of the text."""
    try:
        games = read_pdn(text)
    except NotationError as error:
        assert str(error) and "\n" not in str(error)
        assert error.line is None or 1 <= error.line <= text.count("\n") + 1
        return
    for read in games:
        game = read.game()  # every move legal where it was played
        assert tuple(game.move_stack) == read.moves
        assert read.result in ("2-0", "0-2", "1-1", "*", "0-0")
        (again,) = read_pdn(write_pdn(game))
        assert again.moves == read.moves and again.variant == read.variant


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='[]{}()"GameTypeFN 0123456789-x:.*abcdh\n', max_size=80))
def test_fuzzed_pdn_reads_into_legal_games_or_a_notation_error(text: str) -> None:
    _check_reading(text)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(INTERNATIONAL_GAME) - 1), st.sampled_from(list("[]{}()\"x-:. 9*")))
def test_damaged_pdn_reads_into_legal_games_or_a_notation_error(at: int, char: str) -> None:
    text = INTERNATIONAL_GAME[:at] + char + INTERNATIONAL_GAME[at + 1:]
    _check_reading(text)


def test_write_pdn_round_trip_and_form() -> None:
    (read,) = read_pdn(INTERNATIONAL_GAME)
    text = write_pdn(read.game(), read.tags)
    assert '[GameType "20"]' in text and '[Result "2-0"]' in text
    assert "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 4. 37x28 2-0" in text
    (again,) = read_pdn(text)
    assert again.moves == read.moves and again.tags["White"] == "Ann"


def test_write_pdn_set_up_position_with_black_to_move() -> None:
    game = Russian.from_fen("B:Wc3:Bf6")
    game.push(game.parse_move("f6-e5"))
    game.resign(Color.WHITE)
    text = write_pdn(game)
    assert '[FEN "B:Wc3:Bf6"]' in text and '[GameType "25"]' in text
    assert "1... f6-e5 0-2" in text
    (again,) = read_pdn(text)
    assert again.result == "0-2" and again.fen == "B:Wc3:Bf6"


def test_write_pdn_quotes_tags() -> None:
    text = write_pdn(International.new(), {"Event": 'The "big" one'})
    (again,) = read_pdn(text)
    assert again.tags["Event"] == 'The "big" one'


def test_rules_errors_never_leak_other_exceptions() -> None:
    for text in ("32-28-", "x", "-", "::", "32x", "0-1"):
        with pytest.raises(RulesError):
            International.new().parse_move(text)
