"""Entering a move by clicks, with no window: the rules of move entry alone."""
from __future__ import annotations

from game.rules import find_variant
from game.rules.core import Game
from game.scenes.common.entry import Choose, Entered, MoveEntry, Picked, Refused


def entry_for(variant: str, fen: str) -> tuple[Game, MoveEntry]:
    game = find_variant(variant).from_fen(fen)
    return game, MoveEntry(lambda: game, game.legal_moves)


def sq(game: Game, name: str) -> int:
    return game.geometry.squares[game.geometry.names.index(name)]


def test_a_step_is_a_piece_and_its_square() -> None:
    game, entry = entry_for("russian", "W:Wc3:Bh8")
    assert entry.click(sq(game, "c3")) == Picked(sq(game, "c3"), again=False)
    answer = entry.click(sq(game, "d4"))
    assert isinstance(answer, Entered) and game.move_text(answer.move) == "c3-d4"


def test_a_second_click_on_the_piece_in_hand_says_it_may_be_put_down() -> None:
    game, entry = entry_for("russian", "W:Wc3:Bh8")
    entry.click(sq(game, "c3"))
    assert entry.click(sq(game, "c3")) == Picked(sq(game, "c3"), again=True)


def test_a_refusal_names_the_reason_and_the_piece_to_shake() -> None:
    game, entry = entry_for("russian", "W:Wc3,a1:Bd4,h8")
    answer = entry.click(sq(game, "a1"))  # a capture elsewhere is compulsory
    assert answer == Refused("board.why.capture", shake=sq(game, "a1"))
    assert entry.selected is None
    assert entry.click(sq(game, "h8")) == Refused("board.why.turn.white", shake=sq(game, "h8"))
    assert entry.click(sq(game, "e5")) == Refused("board.why.pick")


def test_routes_that_end_alike_are_chosen_by_a_landing_or_a_taken_piece() -> None:
    game, entry = entry_for("russian", "W:WKb2:Bd4,b6,d6,e7")
    entry.click(sq(game, "b2"))
    assert entry.click(sq(game, "a5")) == Choose()
    assert entry.pending_end == sq(game, "a5") and len(entry.candidates()) == 2
    answer = entry.click(sq(game, "e7"))  # only the route over f6-d8 takes e7
    assert isinstance(answer, Entered) and game.move_text(answer.move) == "b2:f6:d8:a5"
    entry.clear()
    entry.click(sq(game, "b2"))
    entry.click(sq(game, "a5"))
    answer = entry.click(sq(game, "e5"))  # a landing of one route only
    assert isinstance(answer, Entered) and game.move_text(answer.move) == "b2:e5:c7:a5"


def test_a_drop_off_the_board_or_back_home_keeps_the_piece_in_hand() -> None:
    game, entry = entry_for("russian", "W:Wc3:Bh8")
    start = sq(game, "c3")
    entry.click(start)
    assert entry.drop(start, None) is None
    assert entry.drop(start, start) is None
    assert entry.selected == start
    answer = entry.drop(start, sq(game, "b4"))
    assert isinstance(answer, Entered) and game.move_text(answer.move) == "c3-b4"


def test_every_legal_move_of_a_position_is_entered_by_its_start_and_landings() -> None:
    for variant, fen in (("international", "W:W32,33,38,K46:B27,28,18,19,9,10"),
                         ("apokachi", "W:9:Wa5,b4,c6:Bc5,d5,c3,h9,i9")):
        game, _ = entry_for(variant, fen)
        for move in game.legal_moves():
            entry = MoveEntry(lambda: game, game.legal_moves)
            entry.click(move.start)
            answer: object = None
            for landing in move.path:
                answer = entry.click(landing)
                if isinstance(answer, Entered):
                    break
            if isinstance(answer, Choose):
                answer = entry.click(move.end)
            assert isinstance(answer, Entered) and answer.move == move, (variant, move)
