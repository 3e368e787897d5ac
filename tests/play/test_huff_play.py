"""Russian draughts "with фук" in play: the person huffs, takebacks and review go through
huffs, and the saved game keeps them."""
from __future__ import annotations

from game.play import BoardPlay, HuffChosen, HuffWithdrawn, MovePlayed, MovesTakenBack
from game.play.board_record import board_from_record, record_of_board
from game.rules.core import Color, IllegalMoveError

import pytest


def sq(play: BoardPlay, name: str) -> int:
    geometry = play.game.geometry
    return geometry.squares[geometry.names.index(name)]


def skipped() -> BoardPlay:
    """Two people; White has just skipped c3:e5, Black to move may huff c3."""
    play = BoardPlay("russian", {"huff": True}, fen="W:Wa1,c3,e3:Bd4,h8")
    play.play_text("a1-b2")
    play.events()
    return play


def test_the_person_huffs_and_then_moves() -> None:
    play = skipped()
    assert play.huff.choices() == (sq(play, "c3"), sq(play, "e3"))
    play.huff.choose(sq(play, "c3"))
    events = play.events()
    assert isinstance(events[0], HuffChosen) and events[0].piece.color is Color.WHITE
    # the piece is off the board as shown, and the moves are those after the huff
    assert sq(play, "c3") not in play.pieces()
    assert play.huff.choices() == ()  # one huff a turn
    texts = sorted(play.game.move_text(m) for m in play.legal_moves())
    assert "(huff c3) d4-c3" in texts and all(t.startswith("(huff c3)") for t in texts)
    play.play_text("d4-c3")  # the text of the move alone: the huff taken on the board goes with it
    assert play.notation[-1] == "(huff c3) d4-c3"
    assert play.game.fen() == "W:Wb2,e3:Bc3,h8"
    played = [e for e in play.events() if isinstance(e, MovePlayed)]
    assert played[0].move.huff == sq(play, "c3")
    assert play.huff.pending is None


def test_a_piece_that_may_not_be_huffed_is_refused_and_nothing_changes() -> None:
    play = skipped()
    with pytest.raises(IllegalMoveError):
        play.huff.choose(sq(play, "b2"))
    assert play.huff.pending is None and play.events() == []


def test_undo_withdraws_a_huff_before_its_move_and_takes_back_both_after() -> None:
    play = skipped()
    start = play.game.fen()
    play.huff.choose(sq(play, "e3"))
    assert play.takebacks.can_undo() and play.undo()
    assert isinstance(play.events()[-1], HuffWithdrawn)
    assert play.huff.pending is None and sq(play, "e3") in play.pieces()
    play.huff.choose(sq(play, "e3"))
    play.play(play.legal_moves()[0])
    after = play.game.fen()
    assert play.undo()  # two people: one ply back, huff and move together
    taken = play.events()[-1]
    assert isinstance(taken, MovesTakenBack) and taken.moves[0].huff == sq(play, "e3")
    assert play.game.fen() == start and play.huff.choices()
    assert play.redo() and play.game.fen() == after


def test_review_steps_through_the_huffs() -> None:
    play = skipped()
    play.play_text("(ф c3) d4-c3")
    play.play_text("e3-f4")
    positions = [play.game.starting_fen()]
    replay = play.game.copy()
    while replay.move_stack:
        replay.pop()
    for move in play.game.move_stack:
        replay.push(move)
        positions.append(replay.fen())
    play.reviewing.enter()
    for ply in range(play.ply + 1):
        play.reviewing.to(ply)
        assert play.shown.fen() == positions[ply]
    play.reviewing.to(1)
    assert play.reviewing.to(2) is not None and play.shown.fen() == "W:Wb2,e3:Bc3,h8"


def test_a_saved_game_keeps_its_huffs_and_its_takebacks() -> None:
    play = skipped()
    play.play_text("(ф c3) d4-c3")
    play.play_text("e3-f4")
    play.undo()  # e3-f4 waits to be replayed
    record = record_of_board(play)
    assert record["board"]["options"]["huff"] is True
    assert record["board"]["moves"] == ["a1-b2", "(huff c3) d4-c3"]
    again = board_from_record(record, with_seats=False)
    assert again.game.fen() == play.game.fen()
    assert again.game.move_stack == play.game.move_stack
    assert again.redo() and again.game.fen() == "B:Wb2,f4:Bc3,h8"
