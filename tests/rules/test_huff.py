"""Russian draughts "with фук": captures optional, a skipped capture huffed at the start of
the opponent's next turn (the spec's Russian section, last part), one position per rule."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Color, Game, IllegalMoveError, Move, PieceKind, Termination, find_variant
from game.rules.draughts import KINGS_ONLY_MOVES
from game.rules.pdn import read_pdn, write_pdn
from game.rules.russian import THREE_KINGS_VS_KING, Russian


def sq(name: str) -> int:
    geometry = Russian.new().geometry
    return geometry.squares[geometry.names.index(name)]


def names(squares: tuple[int, ...] | list[int]) -> list[str]:
    geometry = Russian.new().geometry
    return [geometry.name(s) for s in squares]


def texts(moves: list[Move], game: Game) -> list[str]:
    return sorted(game.move_text(m) for m in moves)


def huff_game(fen: str, **options: object) -> Russian:
    game = Russian.from_fen(fen, huff=True, **options)
    assert isinstance(game, Russian)
    return game


# --- the option ---------------------------------------------------------------------------------

def test_the_option_is_russian_and_off_by_default() -> None:
    assert Russian.new().options["huff"] is False
    assert Russian.new(huff=True).huffing and not Russian.new().huffing
    # decided: not in the giveaway (skipping a capture is what a giveaway player wants, and
    # a huff would be a gift) nor in Brazilian (a Russian home custom)
    for name in ("russian_giveaway", "brazilian", "international", "english"):
        cls = find_variant(name)
        assert "huff" not in {spec.name for spec in cls.option_specs()}, name
        with pytest.raises(ValueError):
            cls.new(huff=True)


def test_without_the_option_capture_stays_compulsory_and_nothing_is_huffed() -> None:
    game = Russian.from_fen("W:Wa1,c3:Bd4,h8")
    assert texts(game.legal_moves(), game) == ["c3:e5"]
    game.play(game.legal_moves()[0])
    assert game.huff_choices() == ()


def test_with_the_option_a_capture_may_be_skipped() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    assert not game.capture_required()
    assert texts(game.legal_moves(), game) == ["a1-b2", "c3-b4", "c3:e5"]
    # a started capture is still followed to its end: no stopping after the first jump
    game = huff_game("W:Wc3:Bd4,f6,h8")
    assert texts(game.legal_moves(), game) == ["c3-b4", "c3:e5:g7"]


# --- huffing ----------------------------------------------------------------------------------

def test_one_piece_could_capture_and_is_huffed() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))  # c3:e5 skipped
    assert names(game.huff_choices()) == ["c3"]
    after = game.moves_after_huff(sq("c3"))
    assert texts(after, game) == ["(huff c3) d4-c3", "(huff c3) d4-e3", "(huff c3) h8-g7"]
    assert all(m.huff == sq("c3") for m in after)
    # huffing is not a move: Black still moves, and d4 may go to the square c3 left
    move = game.parse_move("(ф c3) d4-c3")
    game.play(move)
    assert game.fen() == "W:Wb2:Bc3,h8"
    assert game.turn is Color.WHITE and len(game.move_stack) == 2


def test_several_pieces_could_capture_and_the_huffer_chooses() -> None:
    game = huff_game("W:Wa1,c3,e3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))
    assert names(game.huff_choices()) == ["c3", "e3"]
    game.play(game.parse_move("(huff e3) h8-g7"))
    assert game.fen() == "W:Wb2,c3:Bd4,g7"


def test_a_king_that_could_capture_is_huffed() -> None:
    game = huff_game("W:Wa1,Kh2:Bd6,h8")
    assert "h2:c7" in [game.move_text(m) for m in game.legal_moves()]
    game.play(game.parse_move("a1-b2"))
    assert names(game.huff_choices()) == ["h2"]
    game.play(game.parse_move("{huff h2} d6-e5"))
    assert all(p.kind is PieceKind.MAN for _, p in game.pieces())
    assert game.fen() == "W:Wb2:Be5,h8"


def test_the_capturer_that_moved_away_is_huffed_where_it_went() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("c3-b4"))
    assert names(game.huff_choices()) == ["b4"]


def test_a_capture_played_leaves_nothing_to_huff() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("c3:e5"))
    assert game.huff_choices() == ()


def test_a_side_with_no_capture_leaves_nothing_to_huff() -> None:
    game = huff_game("W:Wa1,c3:Bf6,h8")
    game.play(game.parse_move("a1-b2"))
    assert game.huff_choices() == ()


def test_the_right_lasts_one_turn() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))
    assert game.huff_choices()
    game.play(game.parse_move("h8-g7"))  # Black does not huff
    assert game.huff_choices() == ()  # White has nothing to huff
    game.play(game.parse_move("c3:e5"))  # White takes after all
    assert game.huff_choices() == ()  # and Black's chance is gone for good
    # a second skip is a new chance, for that turn only
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))
    game.play(game.parse_move("h8-g7"))
    game.play(game.parse_move("b2-a3"))  # c3:e5 skipped again
    assert names(game.huff_choices()) == ["c3"]


def test_a_piece_that_may_not_be_huffed_is_refused() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))
    with pytest.raises(IllegalMoveError):
        game.moves_after_huff(sq("b2"))
    with pytest.raises(IllegalMoveError):
        game.parse_move("(huff b2) h8-g7")
    bad = Move(sq("h8"), (sq("g7"),), huff=sq("b2"))
    assert not game.is_legal(bad)
    with pytest.raises(IllegalMoveError):
        game.play(bad)


def test_a_huff_that_would_leave_no_move_is_not_offered() -> None:
    # c1 and c3 could both take d2 (c3 backwards, to e1, before the king went there).
    # Black's d2 moves only by taking c3: with c3 huffed it would be stuck, so only c1 is
    # offered (that huff could only lose the game)
    game = huff_game("W:Wc1,Kf2,c3,a7:Bd2")
    game.play(game.parse_move("f2-e1"))
    assert [game.move_text(m) for m in game.legal_moves()] == ["d2:b4"]
    assert names(game.huff_choices()) == ["c1"]
    assert texts(game.moves_after_huff(sq("c1")), game) == ["(huff c1) d2-c1",
                                                           "(huff c1) d2:b4"]


def test_the_game_goes_on_while_only_a_huff_opens_a_move() -> None:
    # Black's man on d2 is hemmed in by c1 and e1, which could both take it; White skips
    game = huff_game("W:Wa1,c1,e1,g3:Bd2")
    game.play(game.parse_move("g3-h4"))
    assert game.legal_moves() == [] and game.outcome() is None
    assert names(game.huff_choices()) == ["c1", "e1"]
    move = game.parse_move("(huff e1) d2-e1")
    assert move.promotes  # and the man is crowned on White's back row
    game.play(move)
    assert game.fen() == "W:Wa1,c1,h4:BKe1"
    # without the huff right the same position is lost for Black at once
    stuck = huff_game("B:Wa1,c1,e1,h4:Bd2")
    outcome = stuck.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES


def test_undo_takes_back_the_huff_with_its_move() -> None:
    game = huff_game("W:Wa1,c3,e3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))
    before = game.fen()
    game.play(game.parse_move("(huff c3) d4:f2"))
    assert game.fen() == "W:Wb2:Bf2,h8"
    move = game.pop()
    assert move.huff == sq("c3") and game.fen() == before
    assert names(game.huff_choices()) == ["c3", "e3"]
    game.pop()
    assert game.fen() == "W:Wa1,c3,e3:Bd4,h8" and game.huff_choices() == ()


# --- the draw counts ------------------------------------------------------------------------------

def test_a_huff_is_no_capture_for_the_king_move_count() -> None:
    # kings only: the huff changes the balance but does not stop the count of king moves
    game = huff_game("W:WKa1,Ke1:BKh8,Kf2,Kb8")
    game.play(game.parse_move("a1-b2"))  # e1 could take f2 (to g3 or h4)
    counters = {c.termination: c for c in game.draw_counters()}
    assert counters[KINGS_ONLY_MOVES].count == 0  # one ply: half a move
    game.play(game.parse_move("(huff e1) h8-g7"))
    counters = {c.termination: c for c in game.draw_counters()}
    assert counters[KINGS_ONLY_MOVES].count == 1  # two plies, nothing captured


def test_a_huff_restarts_the_counts_that_depend_on_the_balance() -> None:
    # four white kings against a lone king: the count of White's moves runs
    game = huff_game("W:WKa1,Kc1,Kg1,Kh2:BKh8")
    for white, black in (("a1-b2", "h8-g7"), ("b2-a1", "g7-h8"), ("a1-b2", "h8-g7")):
        game.play(game.parse_move(white))
        game.play(game.parse_move(black))
    running = {c.termination: c.count for c in game.draw_counters()}
    assert running[THREE_KINGS_VS_KING] == 3
    # White skips a capture: Kc1... bring the lone king next to a capturer
    game = huff_game("W:WKa1,Kc1,Kg1,Kh2:BKd2")
    game.play(game.parse_move("a1-b2"))  # c1 (and others) could take d2
    assert {c.termination: c.count for c in game.draw_counters()}[
        THREE_KINGS_VS_KING] == 1
    choice = game.huff_choices()[0]
    game.play(game.moves_after_huff(choice)[0])
    counters = {c.termination: c.count for c in game.draw_counters()}
    # still three kings or more against one, but counted again from the huff
    assert counters[THREE_KINGS_VS_KING] == 0


# --- notation and PDN ---------------------------------------------------------------------------------

def test_move_text_reads_back_in_every_form() -> None:
    game = huff_game("W:Wa1,c3:Bd4,h8")
    game.play(game.parse_move("a1-b2"))
    move = game.parse_move("(huff c3) d4-e3")
    assert game.move_text(move) == "(huff c3) d4-e3"
    for text in ("(ф c3) d4-e3", "(Huff C3) d4-e3", "{huff c3} d4-e3", "(фук c3)d4-e3"):
        assert game.parse_move(text) == move, text
    assert game.hub_text(move) == "(huff c3) d4-e3"


def test_pdn_keeps_the_huffs_as_comments_and_reads_them_back() -> None:
    game = huff_game(Russian.new().fen())
    for text in ("c3-d4", "f6-e5", "g3-h4", "(ф d4) e5-f4", "e3:g5", "h6:f4"):
        game.play(game.parse_move(text))
    text = write_pdn(game)
    assert '[Huff "yes"]' in text
    assert "2. g3-h4 {huff d4} e5-f4 3. e3:g5 h6:f4" in text
    again = read_pdn(text)[0]
    assert again.options == {"huff": True}
    assert again.moves == tuple(game.move_stack)
    assert again.game().fen() == game.fen()
    # a program that skips comments reads the same move words
    stripped = text.replace("{huff d4} ", "")
    words = stripped.split("\n\n", 1)[1].split()
    assert "e5-f4" in words and "{huff" not in stripped
    # our own file without the tag: the huff comments say it was played with фук
    untagged = read_pdn(text.replace('[Huff "yes"]\n', ""))[0]
    assert untagged.options == {"huff": True} and untagged.moves == again.moves


def test_a_huff_comment_in_an_ordinary_game_is_only_a_comment() -> None:
    text = '[GameType "25"]\n[Huff "no"]\n1. c3-d4 {huff b6} f6-e5 *\n'
    game = read_pdn(text)[0]
    assert game.options == {"huff": False} and all(m.huff is None for m in game.moves)


# --- perft and random games ------------------------------------------------------------------------

def test_perft_counts_every_turn_with_and_without_a_huff() -> None:
    game = Russian.new(huff=True)
    counts = [game.perft(depth) for depth in range(1, 5)]
    assert counts[0] == 7 and counts[1] == 49  # no capture before Black's first move
    # by hand: the sum over the plain moves and the moves after each huff
    def count(g: Game, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in g.every_move():
            g.push(move)
            total += count(g, depth - 1)
            g.pop()
        return total
    assert counts == [count(game, d) for d in range(1, 5)]
    assert counts[3] > Russian.new().perft(4)  # the quiet moves beside captures


@st.composite
def huff_games(draw: st.DrawFn) -> Russian:
    game = Russian.new(huff=True)
    assert isinstance(game, Russian)
    for choice in draw(st.lists(st.integers(0, 10_000), max_size=60)):
        moves = game.every_move()
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    return game


@settings(max_examples=60, deadline=None)
@given(huff_games())
def test_random_games_keep_the_invariants(game: Russian) -> None:
    # replaying the record gives the same position, the same right to huff, the same end
    again = Russian.new(huff=True)
    for move in game.move_stack:
        assert again.is_legal(move) or again.outcome() is not None
        again.push(move)
    assert again.fen() == game.fen() and again.huff_choices() == game.huff_choices()
    assert again.outcome() == game.outcome()
    # every huff choice is a piece of the side that just moved, and a move follows it
    for square in game.huff_choices():
        piece = game.piece_at(square)
        assert piece is not None and piece.color is game.turn.other
        assert game.moves_after_huff(square)
    # the game is over exactly when no turn can be played, with or without a huff
    if game.outcome() is None:
        assert game.every_move()
    elif game.outcome().termination is Termination.NO_MOVES:  # type: ignore[union-attr]
        assert not game.every_move() and not game.perft_moves()
    # a huff takes one piece and the move after it the rest
    total = sum(1 for _ in game.pieces())
    for move in game.every_move()[:20]:
        game.push(move)
        assert sum(1 for _ in game.pieces()) == total - len(move.captured) \
            - (move.huff is not None)
        game.pop()
    # popping back to the start restores everything
    stack = list(game.move_stack)
    while game.move_stack:
        game.pop()
    assert game.fen() == Russian.new().fen() and game.huff_choices() == ()
    for move in stack:
        game.push(move)
    assert game.fen() == again.fen()
