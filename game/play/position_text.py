"""Which game a position text (a pasted FEN) belongs to, and what its rules say of it. Pure:
no pygame.

Several games write positions alike: ``W:Wb8:Bh2`` is Russian draughts' notation and Уголки's
(both name squares a1 to h8), ``W:W28:B5`` International's and English's. The text goes to
the game that reads it best, by a score each game that reads the text's syntax gets (the
ones whose reader does not are out), compared in this order:

1. the game the current screen plays (a paste in a Russian board is Russian's to read, even
   written in square numbers), or the game the player was last in;
2. whether the text names the squares the way the game writes them (``W:W21-32:B1-12`` is
   read by Russian draughts too, but numbers are International's and English's way);
3. how closely the board's squares fit the text: the share of the board's grid its pieces
   stand on, the smaller the better. A draughts reader takes only dark squares (half the
   grid), Уголки's and Apokachi's every square or point; a text naming only dark squares is
   what a draughts board is written as, and only by chance an Уголки position;
4. whether its rules take the position (of two games equally fit, one that can open it);
5. the menu's order.

The best game's refusal (a man on its crowning row, too many pieces) is the answer when its
rules refuse the position: another game that happens to take the text is not opened instead.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules import VARIANTS, find_variant
from game.rules.core import Game, RulesError, SetupError


@dataclass(frozen=True, slots=True)
class PositionText:
    """The game a position text is read by: its ``fen`` as that game writes it when its rules
    take the position, else ``refusal``, why they do not."""

    variant: str
    fen: str | None = None
    refusal: SetupError | None = None


@dataclass(frozen=True, slots=True)
class _Reading:
    variant: str
    score: tuple[int, int, float, int, int]
    game: Game | None
    refusal: SetupError | None


def grid_share(variant: str) -> float:
    """The share of the board's grid (squares or points) its pieces stand on: 1/2 for a
    draughts board (its dark squares), 1 for Уголки and Apokachi."""
    geometry = find_variant(variant).new().geometry
    return len(geometry.squares) / (geometry.columns * geometry.rows)


def read_position_text(text: str, current: str | None = None) -> PositionText | None:
    """The game that reads ``text`` best (see the module's order) and what its rules say;
    None when no game's reader reads it. ``current``: the game the screen the text comes to
    plays, or the game the player was last in (None: none)."""
    readings: list[_Reading] = []
    for order, variant in enumerate(VARIANTS):
        cls = find_variant(variant)
        game: Game | None = None
        refusal: SetupError | None = None
        try:
            game = cls.from_setup(text)
        except SetupError as error:  # read, but its rules refuse the pieces
            refusal = error
        except (RulesError, ValueError):
            continue  # not this game's notation
        score = (int(variant == current), int(cls.reads_natively(text)), -grid_share(variant),
                 int(game is not None), -order)
        readings.append(_Reading(variant, score, game, refusal))
    if not readings:
        return None
    best = max(readings, key=lambda reading: reading.score)
    if best.game is None:
        return PositionText(best.variant, refusal=best.refusal)
    return PositionText(best.variant, fen=best.game.fen())
