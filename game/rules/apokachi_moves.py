"""Apokachi's steps, captures and move counting: the hot part of the rules, on its own.

Typed so that mypyc compiles it (a list of ints for the board, native ints, no generators or
closures); the same source runs interpreted and counts the same. A board is a list of cells,
0 empty, 1 White, 2 Black (the opponent of side ``c`` is ``3 - c``), beside a bit mask of each
side's points (``masks[c]``; ``masks[0]`` unused); a point is ``row * n + column``.

A move's captured points travel packed in one int (:func:`unpack` reads them): point ``p`` is
the byte ``p + 1``, the first captured point in the lowest byte.
"""
from __future__ import annotations

from typing import Final, final

EMPTY: Final = 0
#: bits a packed captured point takes
POINT_BITS: Final = 8
POINT_MASK: Final = 0xFF
#: bits of a mask taken at a time when its points are listed (below 2**62: a machine word)
CHUNK: Final = 60
CHUNK_MASK: Final = (1 << CHUNK) - 1


def unpack(packed: int) -> tuple[int, ...]:
    """The captured points of a packed int, in the order the rules list them."""
    out: list[int] = []
    while packed:
        out.append((packed & POINT_MASK) - 1)
        packed >>= POINT_BITS
    return tuple(out)


@final
class ApokachiMoves:
    """The steps, captures and counts of an n x n point board (one object per size)."""

    def __init__(self, n: int) -> None:
        self.n = n
        #: the orthogonal neighbours of each point, ascending
        self.neighbours: list[list[int]] = []
        #: the four half-lines from each point, nearest first: toward column a, toward the
        #: last column, toward row 1, toward row n
        self.rays: list[list[list[int]]] = []
        for p in range(n * n):
            row, column = divmod(p, n)
            near: list[int] = []
            if row > 0:
                near.append(p - n)
            if column > 0:
                near.append(p - 1)
            if column < n - 1:
                near.append(p + 1)
            if row < n - 1:
                near.append(p + n)
            self.neighbours.append(near)
            self.rays.append([
                [row * n + c for c in range(column - 1, -1, -1)],
                [row * n + c for c in range(column + 1, n)],
                [r * n + column for r in range(row - 1, -1, -1)],
                [r * n + column for r in range(row + 1, n)],
            ])
        first = 0
        for r in range(n):
            first |= 1 << (r * n)
        self.full: int = (1 << (n * n)) - 1
        self.not_first_column: int = self.full ^ first
        self.not_last_column: int = self.full ^ (first << (n - 1))
        #: every point of the row and of the column through each point
        self.cross: list[int] = []
        for p in range(n * n):
            row, column = divmod(p, n)
            self.cross.append((((1 << n) - 1) << (row * n)) | (first << column))

    # --- one move ------------------------------------------------------------------------
    def captured(self, board: list[int], start: int, end: int, side: int) -> int:
        """The points (packed) captured when ``side`` moves a piece from ``start`` to ``end``,
        judged on the position after the move: ``board[start]`` must already be empty."""
        enemy = 3 - side
        rays = self.rays[end]
        found = 0
        shift = 0
        for k in range(0, 4, 2):
            near = rays[k]
            far = rays[k + 1]
            near_len = len(near)
            far_len = len(far)
            i = 0
            while i < near_len and board[near[i]] == side:
                i += 1
            j = 0
            while j < far_len and board[far[j]] == side:
                j += 1
            if i + j:  # the run through the moved piece has at least two pieces
                if i < near_len and board[near[i]] == enemy and (
                        i + 1 == near_len or board[near[i + 1]] != enemy):
                    found |= (near[i] + 1) << shift
                    shift += POINT_BITS
                if j < far_len and board[far[j]] == enemy and (
                        j + 1 == far_len or board[far[j + 1]] != enemy):
                    found |= (far[j] + 1) << shift
                    shift += POINT_BITS
        return found

    def near(self, mask: int) -> int:
        """Every point orthogonally next to a point of ``mask``."""
        n = self.n
        return (((mask & self.not_last_column) << 1) | ((mask & self.not_first_column) >> 1)
                | (mask << n) | (mask >> n)) & self.full

    def prey(self, own: int, enemy: int) -> int:
        """The pieces of ``enemy`` a step of the pieces ``own`` could capture at most: those
        within two steps of one of them (a victim stands next to the run that takes it, which
        holds the moved piece, itself next to where it came from)."""
        near = self.near(own)
        return enemy & (near | self.near(near))

    def steps(self, board: list[int], own: int, enemy: int, side: int) -> list[int]:
        """Every step of ``side``, whose pieces are ``own`` (the other side's ``enemy``), by
        start and then end, each packed ``start | end << 8 | captured << 16``."""
        neighbours = self.neighbours
        cross = self.cross
        prey = self.prey(own, enemy)
        out: list[int] = []
        base = 0
        while own:
            # the pieces a chunk at a time: compiled code keeps a chunk in a machine word
            chunk = own & CHUNK_MASK
            own >>= CHUNK
            while chunk:
                remaining = chunk & (chunk - 1)  # the lowest piece off
                start = base + (chunk ^ remaining).bit_length() - 1
                chunk = remaining
                board[start] = EMPTY
                for end in neighbours[start]:
                    if board[end] == EMPTY:
                        captured = 0
                        if prey & cross[end]:
                            for q in neighbours[end]:
                                if board[q] == side:  # a run of two at least: any captures?
                                    captured = self.captured(board, start, end, side)
                                    break
                        out.append(start | end << 8 | captured << 16)
                board[start] = side
            base += CHUNK
        return out

    # --- counting ------------------------------------------------------------------------
    def mobility(self, masks: list[int], side: int) -> int:
        """How many steps ``side`` has (a capture does not change the count)."""
        own = masks[side]
        n = self.n
        empty = self.full ^ (masks[1] | masks[2])
        return (((own << n) & empty).bit_count() + ((own >> n) & empty).bit_count()
                + (((own & self.not_last_column) << 1) & empty).bit_count()
                + (((own & self.not_first_column) >> 1) & empty).bit_count())

    def perft(self, board: list[int], masks: list[int], side: int, depth: int) -> int:
        """Leaf nodes ``depth`` plies deep (end rules ignored) from the position with
        ``side`` to move; the board and masks are the same again afterwards."""
        if depth <= 1:
            return self.mobility(masks, side) if depth == 1 else 1
        if depth == 2:
            return self._last_two(board, masks, side)
        enemy = 3 - side
        total = 0
        for step in self.steps(board, masks[side], masks[enemy], side):
            start = step & 0xFF
            end = (step >> 8) & 0xFF
            captured = step >> 16
            board[start] = EMPTY
            board[end] = side
            bits = (1 << start) | (1 << end)
            masks[side] ^= bits
            taken = 0
            rest = captured
            while rest:
                p = (rest & POINT_MASK) - 1
                rest >>= POINT_BITS
                board[p] = EMPTY
                taken |= 1 << p
            masks[enemy] ^= taken
            total += self.perft(board, masks, enemy, depth - 1)
            rest = captured
            while rest:
                board[(rest & POINT_MASK) - 1] = enemy
                rest >>= POINT_BITS
            masks[enemy] ^= taken
            masks[side] ^= bits
            board[end] = EMPTY
            board[start] = side
        return total

    def _last_two(self, board: list[int], masks: list[int], side: int) -> int:
        """Perft 2: for each step, the opponent's steps after it, counted from the steps it
        has now (a step frees its start for the enemy next to it and takes its end from
        the enemy next to that; the two are never next to one enemy piece). A capturing
        step is made and counted in full."""
        enemy = 3 - side
        neighbours = self.neighbours
        base = self.mobility(masks, enemy)
        total = 0
        own = masks[side]
        chunk_base = 0
        while own:
            chunk = own & CHUNK_MASK  # a chunk at a time, as in :meth:`steps`
            own >>= CHUNK
            while chunk:
                remaining = chunk & (chunk - 1)
                start = chunk_base + (chunk ^ remaining).bit_length() - 1
                chunk = remaining
                board[start] = EMPTY
                around = neighbours[start]
                freed = 0
                for q in around:
                    if board[q] == enemy:
                        freed += 1
                for end in around:
                    if board[end] != EMPTY:
                        continue
                    blocked = 0
                    friend = False
                    for q in neighbours[end]:
                        cell = board[q]
                        if cell == enemy:
                            blocked += 1
                        elif cell == side:
                            friend = True
                    captured = self.captured(board, start, end, side) if friend else 0
                    if not captured:
                        total += base + freed - blocked
                        continue
                    board[end] = side
                    bits = (1 << start) | (1 << end)
                    masks[side] ^= bits
                    taken = 0
                    rest = captured
                    while rest:
                        p = (rest & POINT_MASK) - 1
                        rest >>= POINT_BITS
                        board[p] = EMPTY
                        taken |= 1 << p
                    masks[enemy] ^= taken
                    total += self.mobility(masks, enemy)
                    rest = captured
                    while rest:
                        board[(rest & POINT_MASK) - 1] = enemy
                        rest >>= POINT_BITS
                    masks[enemy] ^= taken
                    masks[side] ^= bits
                    board[end] = EMPTY
                board[start] = side
            chunk_base += CHUNK
        return total


_MOVES: dict[int, ApokachiMoves] = {}


def moves_for(n: int) -> ApokachiMoves:
    """The (shared) tables and counters of an n x n point board."""
    found = _MOVES.get(n)
    if found is None:
        found = _MOVES[n] = ApokachiMoves(n)
    return found
