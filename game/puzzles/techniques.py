"""Name the techniques of the box's lesson that a solution uses, from its moves alone.

Pure and game-neutral: it reads the board through the game's geometry (columns, rows, the
diagonals), so one reading serves every diagonal draughts game, 8x8 and 10x10. Each technique
is a rule about what the moves do — who captures how many, where a capture lands, which man
is crowned, which pieces are left without a move — stated in the docstring of the function
that tests for it below; the hand-labelled set (tests/puzzles/data/labelled.json) was
labelled by the same meanings, and benchmarks/puzzle_techniques.py scores the two against
each other. Material is counted in pieces (a king is one piece, as in "as many pieces taken
on both sides").
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.puzzles.model import Flank, Puzzle, Technique
from game.rules.core import BoardGeometry, Color, Game, Move, Piece, PieceKind

_Coord = tuple[int, int]
_Board = dict[int, Piece]
_DIAGONALS: tuple[_Coord, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
#: the techniques from the most telling to the least (what ``Detected.main`` picks)
_TELLING: tuple[Technique, ...] = (
    Technique.LOOP, Technique.BARRIER, Technique.OPPOSITION, Technique.BLOCKING,
    Technique.BREAKTHROUGH, Technique.COLUMN, Technique.ONE_FOR_TWO, Technique.SACRIFICE,
    Technique.EXCHANGE)


@dataclass(frozen=True, slots=True)
class Detected:
    """The techniques a line uses (in the order of :class:`Technique`) and, for a
    breakthrough, the flank it happens on from the winning side's view."""

    techniques: tuple[Technique, ...]
    flank: Flank | None

    @property
    def main(self) -> Technique | None:
        """The one technique a short comment names ("you missed a breakthrough..."): the
        most telling of those found (a king caught before a breakthrough, a breakthrough
        before the sacrifice that made it), None when none was found."""
        return next((t for t in _TELLING if t in self.techniques), None)


@dataclass(frozen=True, slots=True)
class _Ply:
    """One move of the line with the boards around it."""

    move: Move
    by_winner: bool
    before: _Board
    after: _Board

    @property
    def taken(self) -> int:
        return len(self.move.captured)


@dataclass(frozen=True, slots=True)
class _Trade:
    """A capture answered by a capture: ``give`` of the winner's pieces for ``take`` of the
    defender's; ``first`` is the ply that opened it, ``winner_first`` whether the winner
    took first (else the defender took what the winner offered)."""

    give: int
    take: int
    first: int
    winner_first: bool


class _Board2D:
    """A game's board as a grid: square <-> (column, row), and the diagonals."""

    def __init__(self, game: Game) -> None:
        geometry: BoardGeometry = game.geometry
        self.columns, self.rows = geometry.columns, geometry.rows
        # the capture rules a locked piece is judged by (English: men take forward only,
        # kings step one square); every other diagonal game has the defaults
        self.men_capture_backward: bool = getattr(type(game), "men_capture_backward", True)
        self.flying_kings: bool = getattr(type(game), "flying_kings", True)
        self.coord: dict[int, _Coord] = dict(zip(geometry.squares, geometry.coords, strict=True))
        self.square: dict[_Coord, int] = {c: s for s, c in self.coord.items()}

    def step(self, square: int, direction: _Coord, times: int = 1) -> int | None:
        column, row = self.coord[square]
        return self.square.get((column + direction[0] * times, row + direction[1] * times))

    def ray(self, square: int, direction: _Coord) -> Iterator[int]:
        """The squares from ``square`` (not included) to the edge along ``direction``."""
        times = 1
        while (next_square := self.step(square, direction, times)) is not None:
            yield next_square
            times += 1

    def direction(self, start: int, end: int) -> _Coord:
        (c0, r0), (c1, r1) = self.coord[start], self.coord[end]
        return ((c1 > c0) - (c1 < c0), (r1 > r0) - (r1 < r0))

    def crown_row(self, color: Color) -> int:
        # White's men walk up the rows (rows count from White's side), Black's down
        return self.rows - 1 if color is Color.WHITE else 0

    def forward(self, color: Color) -> int:
        return 1 if color is Color.WHITE else -1


def detect_line(game: Game, line: Sequence[Move]) -> Detected:
    """The techniques the moves of ``line`` use, played from ``game`` (the position before
    its first move; the winning side is ``game.turn``). ``game`` is not changed."""
    work = game.copy()
    board = _Board2D(work)
    winner = work.turn
    plies: list[_Ply] = []
    # the defence's turns after each of the winner's moves: the position, for the
    # techniques that ask what the defence could do there
    defence_turns: list[tuple[int, Game]] = []
    for index, move in enumerate(line):
        before = dict(work.pieces())
        work.push(move)
        plies.append(_Ply(move, index % 2 == 0, before, dict(work.pieces())))
        if index % 2 == 0:
            defence_turns.append((index, work.copy()))
    trades = _trades(plies)
    found: set[Technique] = set()
    if _sacrifice(plies, trades):
        found.add(Technique.SACRIFICE)
    if _one_for_two(plies, trades):
        found.add(Technique.ONE_FOR_TWO)
    if _column(board, plies, trades):
        found.add(Technique.COLUMN)
    flank = _breakthrough(board, plies, winner)
    if flank is not None:
        found.add(Technique.BREAKTHROUGH)
    if _opposition(board, plies, winner):
        found.add(Technique.OPPOSITION)
    if _barrier(board, plies, winner):
        found.add(Technique.BARRIER)
    if _loop(board, plies, defence_turns, winner):
        found.add(Technique.LOOP)
    if _blocking(board, plies, defence_turns, winner):
        found.add(Technique.BLOCKING)
    if any(t.give == t.take for t in trades):
        found.add(Technique.EXCHANGE)
    return Detected(tuple(t for t in Technique if t in found), flank)


def detect(puzzle: Puzzle) -> Detected:
    """The techniques of a puzzle's main line."""
    return detect_line(puzzle.start(), puzzle.moves())


# --- the material techniques ---------------------------------------------------------------
def _trades(plies: Sequence[_Ply]) -> list[_Trade]:
    """Pair each of the defence's captures with the capture that answers it: the winner's
    capture just before it (the defence took back) or just after (the winner took back)."""
    used = [False] * len(plies)
    trades: list[_Trade] = []
    for i, ply in enumerate(plies):
        if ply.by_winner or not ply.taken:
            continue
        if i >= 1 and plies[i - 1].taken and not used[i - 1]:
            trades.append(_Trade(ply.taken, plies[i - 1].taken, i - 1, True))
            used[i - 1] = used[i] = True
        elif i + 1 < len(plies) and plies[i + 1].taken:
            trades.append(_Trade(ply.taken, plies[i + 1].taken, i, False))
            used[i] = used[i + 1] = True
    return trades


def _gifts(plies: Sequence[_Ply]) -> Iterator[int]:
    """The plies where the defence captured what the winner's quiet move offered."""
    for i, ply in enumerate(plies):
        if not ply.by_winner and ply.taken and not plies[i - 1].taken:
            yield i


def _sacrifice(plies: Sequence[_Ply], trades: Sequence[_Trade]) -> bool:
    """Жертва: the winner gives material it does not take back one for one at once — a gift
    left unanswered, or answered by more or fewer than it cost, or a capture of the winner's
    that lets the defence take back more."""
    answered = {t.first for t in trades if not t.winner_first}
    if any(i not in answered for i in _gifts(plies)):
        return True
    return any(t.give != t.take if not t.winner_first else t.give > t.take for t in trades)


def _balances(plies: Sequence[_Ply]) -> list[int]:
    """The winner's pieces less the defence's before each ply (and after the last)."""
    out = [0]
    for ply in plies:
        out.append(out[-1] + (ply.taken if ply.by_winner else -ply.taken))
    return out


def _one_for_two(plies: Sequence[_Ply], trades: Sequence[_Trade]) -> bool:
    """Отдать одну, взять две: one piece given (nothing else given and not yet won back),
    two or more taken back by the very next move."""
    balance = _balances(plies)
    return any(not t.winner_first and t.give == 1 and t.take >= 2 and balance[t.first] >= 0
               for t in trades)


def _column(board: _Board2D, plies: Sequence[_Ply], trades: Sequence[_Trade]) -> bool:
    """Ударная колонка: the defence's capture lands in the gap right in front of a winner's
    piece (the next square on the line of that capture), and that piece strikes back along
    the line over it, taking more than was given."""
    for trade in trades:
        if trade.winner_first or trade.take <= trade.give:
            continue
        taken, answer = plies[trade.first].move, plies[trade.first + 1].move
        squares = (taken.start, *taken.path)
        landing, came_from = squares[-1], squares[-2]
        if answer.captured[0] != landing:
            continue
        if answer.start == board.step(landing, board.direction(came_from, landing)):
            return True
    return False


def _breakthrough(board: _Board2D, plies: Sequence[_Ply], winner: Color) -> Flank | None:
    """Прорыв: a winner's man is crowned after the defence took something of the winner's
    (the way was opened by a sacrifice or an exchange). The flank is the crowning square's
    file from the winner's side: the two middle files are the centre."""
    given = False
    for ply in plies:
        if not ply.by_winner:
            given = given or bool(ply.taken)
        elif ply.move.promotes and given:
            # the square where it reached the far row (a Russian man is crowned in the middle
            # of a capture and goes on as a king)
            row = board.crown_row(winner)
            crowned = next(s for s in ply.move.path if board.coord[s][1] == row)
            column = board.coord[crowned][0]
            if winner is Color.BLACK:
                column = board.columns - 1 - column  # Black's left is White's right
            middle = board.columns // 2
            if column < middle - 1:
                return Flank.LEFT
            return Flank.CENTRE if column <= middle else Flank.RIGHT
    return None


# --- the king techniques -------------------------------------------------------------------
def _kings(position: _Board, color: Color) -> list[int]:
    return [s for s, p in position.items() if p.color is color and p.kind is PieceKind.KING]


def _opposition(board: _Board2D, plies: Sequence[_Ply], winner: Color) -> bool:
    """Столбняк: a winner's king moves to face a defending king from the other end of one
    diagonal, the two at its two ends with nothing between them."""
    for ply in plies:
        if not ply.by_winner or ply.after.get(ply.move.end) != Piece(winner, PieceKind.KING):
            continue
        king = ply.move.end
        for direction in _DIAGONALS:
            ray = list(board.ray(king, direction))
            if not ray or board.step(king, (-direction[0], -direction[1])) is not None:
                continue  # the king is not at this diagonal's end
            occupied = [s for s in ray if s in ply.after]
            if occupied and occupied[0] == ray[-1] and ply.after[ray[-1]] == Piece(
                    winner.other, PieceKind.KING):
                return True
    return False


def _barrier(board: _Board2D, plies: Sequence[_Ply], winner: Color) -> bool:
    """Застава: a winner's king steps (not by a capture) onto a diagonal that two or more of
    the defence's men must cross to be crowned (no crowning square of theirs lies on their
    side of it), no defending piece on the diagonal itself; and it holds the post: the
    defence's reply takes nothing, and at the end of the line a winner's king is still on
    that diagonal with two or more men still cut off."""
    if not plies:
        return False
    end = plies[-1].after
    for index, ply in enumerate(plies):
        if (not ply.by_winner or ply.move.captured
                or ply.after.get(ply.move.end) != Piece(winner, PieceKind.KING)):
            continue
        if index + 1 < len(plies) and plies[index + 1].taken:
            continue  # the defence takes at once: a combination's first move, not a post held
        column, row = board.coord[ply.move.end]
        for sign in (1, -1):  # the diagonal col - row = k, or col + row = k
            line = (sign, column - sign * row)
            if _cuts(board, ply.after, winner, line) and _cuts(board, end, winner, line) and any(
                    board.coord[s][0] - sign * board.coord[s][1] == line[1]
                    for s in _kings(end, winner)):
                return True
    return False


def _cuts(board: _Board2D, position: _Board, winner: Color, line: tuple[int, int]) -> bool:
    """Whether the diagonal ``col - sign * row = level`` holds no defending piece and cuts
    two or more defending men off from every crowning square of theirs."""
    sign, level = line
    loser = winner.other

    def side(coord: _Coord) -> int:
        value = coord[0] - sign * coord[1] - level
        return (value > 0) - (value < 0)

    pieces = [(board.coord[s], p.kind) for s, p in position.items() if p.color is loser]
    if any(side(c) == 0 for c, _kind in pieces):
        return False
    crown_row = board.crown_row(loser)
    crowns = {side(c) for c in board.coord.values() if c[1] == crown_row}
    return any(half not in crowns and sum(
        1 for c, kind in pieces if kind is PieceKind.MAN and side(c) == half) >= 2
        for half in (1, -1))


def _loop(board: _Board2D, plies: Sequence[_Ply], defence_turns: Sequence[tuple[int, Game]],
          winner: Color) -> bool:
    """Петля: a defending king is caught — at the defence's turn, whatever it plays, the
    winner's next move takes that king, and the line does take it; or a winner's move shuts
    a defending king in where it has no move at all (the corner loop)."""
    for ply in plies:
        if ply.by_winner and any(
                ply.after[s].kind is PieceKind.KING
                for s in _locked(board, ply.after, winner.other)
                - _locked(board, ply.before, winner.other)):
            return True
    for index, position in defence_turns:
        if index + 2 >= len(plies):
            continue
        taker = plies[index + 2]
        kings = [s for s in taker.move.captured
                 if taker.before[s] == Piece(winner.other, PieceKind.KING)]
        if not kings:
            continue
        before = plies[index + 1]
        for king in _kings(before.before, winner.other):
            if all(_king_falls(position, reply, king) for reply in position.legal_moves()):
                return True
    return False


def _king_falls(position: Game, reply: Move, king: int) -> bool:
    """Whether after ``reply`` the winner can take the defending king that stood on
    ``king`` (where it went, if it moved)."""
    if reply.start != king and king in reply.captured:
        return True
    where = reply.end if reply.start == king else king
    position.push(reply)
    try:
        return any(where in move.captured for move in position.legal_moves())
    finally:
        position.pop()


def _locked(board: _Board2D, position: _Board, color: Color) -> set[int]:
    """The pieces of ``color`` that have no step and no capture, at least one of whose
    steps a piece of the other side shuts."""
    out: set[int] = set()
    forward = board.forward(color)
    for square, piece in position.items():
        if piece.color is not color:
            continue
        directions = _DIAGONALS if piece.kind is PieceKind.KING else tuple(
            d for d in _DIAGONALS if d[1] == forward)
        shut_by_other = False
        free = False
        for direction in directions:
            near = board.step(square, direction)
            if near is None:
                continue
            if near not in position:
                free = True
                break
            shut_by_other = shut_by_other or position[near].color is not color
        if free or not shut_by_other or _can_capture(board, position, square, piece):
            continue
        out.add(square)
    return out


def _can_capture(board: _Board2D, position: _Board, square: int, piece: Piece) -> bool:
    """Whether the piece on ``square`` has a capture along a diagonal."""
    man = piece.kind is PieceKind.MAN
    for direction in _DIAGONALS:
        if man and not board.men_capture_backward and direction[1] != board.forward(
                piece.color):
            continue
        for near in board.ray(square, direction):
            if near in position:
                beyond = board.step(near, direction)
                if (position[near].color is not piece.color and beyond is not None
                        and beyond not in position):
                    return True
                break
            if man or not board.flying_kings:
                break
    return False


def _blocking(board: _Board2D, plies: Sequence[_Ply],
              defence_turns: Sequence[tuple[int, Game]], winner: Color) -> bool:
    """Запирание: the defence is left without a move at all, or the line ends with two or
    more defending pieces shut in by the winner's that could move before it."""
    for _index, position in defence_turns:
        if not position.legal_moves() and any(
                p.color is winner.other for _s, p in position.pieces()):
            return True
    if not plies:
        return False
    start, end = plies[0].before, plies[-1].after
    before = _locked(board, start, winner.other)
    after = _locked(board, end, winner.other)
    return len(after - before) >= 2


__all__ = ["Detected", "detect", "detect_line"]
