"""The opening book: moves the engine's own deep searches found good in the first plies of
each draughts game, built by ``tools/make_book.py`` and shipped in ``assets/book/<game>.json``.

A book maps a position (its FEN, which names the side to move) to the moves worth playing
there with their scores (1/100 man, for the side to move). :func:`book_move` picks one of the
moves within a margin of the best at random, so the computer does not play the same game
every time; the file is read when the computer first asks it.
"""
from __future__ import annotations

import json
import random
from game.ai.data import read_data
from game.rules.core import Game, Move

FORMAT = "shashki-book"
VERSION = 1


class Book:
    """One game's book: FEN -> [(move text, score)], best first."""

    def __init__(self, game: str, positions: dict[str, list[tuple[str, int]]]) -> None:
        self.game = game
        self.positions = positions

    @classmethod
    def read(cls, raw: bytes, name: str = "book") -> Book:
        data = json.loads(raw.decode("utf-8"))
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"{name}: not a version {VERSION} opening book")
        positions = {fen: [(str(m), int(s)) for m, s in moves]
                     for fen, moves in data["positions"].items()}
        return cls(str(data["game"]), positions)

    def __len__(self) -> int:
        return len(self.positions)

    def moves(self, game: Game) -> list[tuple[Move, int]]:
        """The book's moves in this position that are legal here, with their scores."""
        entry = self.positions.get(game.fen())
        if not entry:
            return []
        legal = {game.hub_text(m): m for m in game.legal_moves()}
        return [(legal[text], score) for text, score in entry if text in legal]


def file_name(game: str) -> str:
    """The book file of a game, in the assets' ``book`` folder."""
    return f"{game}.json"


_LOADED: dict[str, Book | None] = {}


def book_for(game: str) -> Book | None:
    """The opening book of a game (by name), read on first use; None if it has none or its
    file cannot be read (the computer then searches every move)."""
    if game not in _LOADED:
        book: Book | None = None
        try:
            raw = read_data("book", file_name(game))
            if raw is not None:
                book = Book.read(raw, file_name(game))
        except (OSError, ValueError, KeyError, TypeError):
            book = None
        _LOADED[game] = book
    return _LOADED[game]


def book_move(game: Game, rng: random.Random, margin: int = 10) -> Move | None:
    """A move from the book for this position: any move within ``margin`` of the best, drawn
    at random (the better, the likelier); None when the position is not in the book or the
    game was set up from a position of its own."""
    from game.ai.options import ENGINE
    if not ENGINE.book or len(game.move_stack) > 40:
        return None
    book = book_for(game.name)
    if book is None:
        return None
    moves = book.moves(game)
    if not moves:
        return None
    best = max(score for _, score in moves)
    near = [(m, s) for m, s in moves if s >= best - margin]
    weights = [1.0 + (s - (best - margin)) for _, s in near]
    return rng.choices([m for m, _ in near], weights=weights)[0]
