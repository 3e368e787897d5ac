"""The puzzles as a standard PDN text that other draughts programs read: one game per puzzle,
its position in ``[FEN]``, its techniques in ``[Technique]``, a save (the only defence, not a
winning combination) marked ``[Kind "save"]``, the main line as the moves and the other
defences as variations. Pure: the caller writes the text."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.puzzles.model import Kind, Puzzle
from game.rules.draughts import DraughtsGame
from game.rules.pdn import pdn_header, wrap_words


@dataclass(slots=True)
class _Node:
    """A position of the solution tree: the moves from it in the order the lines give them."""

    children: dict[str, _Node] = field(default_factory=dict)


def _tree(lines: Sequence[Sequence[str]]) -> _Node:
    root = _Node()
    for line in lines:
        node = root
        for text in line:
            node = node.children.setdefault(text, _Node())
    return root


def _number(ply: int, forced: bool) -> str:
    """The move number before a move of ``ply`` (counted from a first-side move at 0), or
    "" when none is due (a second-side move straight after its first-side one)."""
    if ply % 2 == 0:
        return f"{ply // 2 + 1}."
    return f"{ply // 2 + 1}..." if forced else ""


def _movetext(node: _Node, ply: int, words: list[str], forced: bool) -> None:
    """The words of the moves from ``node``: the first child continues the line, the others
    are variations in brackets after it."""
    while node.children:
        items = list(node.children.items())
        first_text, first_child = items[0]
        number = _number(ply, forced)
        if number:
            words.append(number)
        words.append(first_text)
        for text, child in items[1:]:
            variation: list[str] = [_number(ply, True), text]
            _movetext(child, ply + 1, variation, False)
            variation[0] = "(" + variation[0]
            variation[-1] = variation[-1] + ")"
            words.extend(variation)
        forced = len(items) > 1  # after a variation the main line's number is said again
        node = first_child
        ply += 1


def puzzle_pdn(puzzle: Puzzle) -> str:
    """One puzzle as one PDN game (PuzzleError when its position cannot be set up)."""
    game = puzzle.start()
    if not isinstance(game, DraughtsGame):
        raise ValueError(f"{puzzle.game} has no PDN form")
    tags = {"Event": f"Shashki puzzle {puzzle.id}",
            "Technique": ", ".join(t.value for t in puzzle.techniques) or "?",
            "Site": puzzle.source or "?"}
    if puzzle.flank is not None:
        tags["Flank"] = puzzle.flank.value
    if puzzle.kind is Kind.SAVE:
        tags["Kind"] = puzzle.kind.value
    header, _ = pdn_header(game, tags)
    shift = 0 if game.turn is type(game).first_color else 1
    words: list[str] = []
    _movetext(_tree(puzzle.lines), shift, words, True)
    words.append("*")
    return header + "\n".join(wrap_words(words)) + "\n"


def collection_pdn(puzzles: Sequence[Puzzle]) -> str:
    """Every puzzle as a PDN game, a blank line between them."""
    return "\n".join(puzzle_pdn(p) for p in puzzles)


__all__ = ["collection_pdn", "puzzle_pdn"]
