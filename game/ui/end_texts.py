"""A finished board game in words: the result and why, in the player's language."""
from __future__ import annotations

from game.i18n import STRINGS, tr
from game.rules.core import Color, Game, Outcome, Termination
from game.rules.draughts import KINGS_ONLY_MOVES


def result_title(outcome: Outcome) -> str:
    if outcome.winner is None:
        return tr("board.end.draw")
    return tr("board.end.white_wins" if outcome.winner is Color.WHITE else "board.end.black_wins")


def end_reason(game: Game, outcome: Outcome) -> str:
    """The end of a game in words: "Black cannot move", "Move limit: White 7 – Black 5"."""
    term = outcome.termination
    loser = game.turn.name.lower()
    own = f"board.end.{game.name}.{term.value}"  # a game that words an end its own way
    if own in STRINGS:
        white, black = outcome.counts or (0, 0)
        return tr(own, white=white, black=black)
    if term.value == "finished" and outcome.winner is not None:
        # the race won; the other side may have had its one more move, in vain
        winner = outcome.winner
        extra = ".extra" if game.move_stack and game.turn is winner else ""
        return tr(f"board.end.finished{extra}.{winner.name.lower()}")
    if term.value == "stayed_home":  # Ugolki's ends, by name
        return tr(f"board.end.stayed_home.{game.turn.other.name.lower()}")
    if outcome.counts is not None and term is not Termination.MOVE_LIMIT:
        # Apokachi: every end goes by counting the pieces
        white, black = outcome.counts
        key = f"board.end.counted.{term.value}"
        if term is Termination.NO_MOVES:
            key += f".{loser}"
        return tr(key, white=white, black=black)
    if term is Termination.MOVE_LIMIT:
        white, black = outcome.counts or (0, 0)
        return tr("board.end.move_limit", white=white, black=black)
    if term is Termination.NO_MOVES:
        left = sum(1 for _, p in game.pieces() if p.color is game.turn)
        return tr(f"board.end.{'no_moves' if left else 'no_pieces'}.{loser}")
    if term is Termination.RESIGNATION:
        assert outcome.winner is not None
        return tr(f"board.end.resignation.{outcome.winner.other.name.lower()}")
    if term is Termination.TIME_FORFEIT:
        if outcome.winner is None:
            return tr("board.end.time_forfeit.draw")
        return tr(f"board.end.time_forfeit.{outcome.winner.other.name.lower()}")
    if term is Termination.THREEFOLD_REPETITION:
        return tr("board.end.repetition")
    if term is KINGS_ONLY_MOVES:
        return tr("board.end.kings_only_moves", moves=outcome.limit or 0)
    return tr(f"board.end.{term.value}")

