"""Endgame tables: the exact result of every position of a few pieces, computed by
``tools/endgame.py`` and shipped in ``assets/endgame/<game>.egtb``; the search asks them.

A table holds, for every position of a material class (White men, White kings, Black men,
Black kings) with White to move, the result by perfect play of the game's own move rules
*without* the draw rules that count moves (the repetition of positions is a draw): a draw,
or a win or loss in ``n`` plies (the winner hurrying, the loser holding out; capped at 127).
A position with Black to move is the same as the board turned round with the colours
swapped, so only White to move is stored. Positions where a capture is pending, and
impossible ones, are stored as a copy of the value before them, so they compress away: the
search only asks quiet positions.

A table is only good for the game it was computed for (who may capture what, flying or short
kings, which goal: the giveaway games win by having no move), so each game has its own file.
The files are read when a search first needs them, not when the game starts.
"""
from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations
from game.ai.data import read_data
from game.rules.draughts import Tables

FORMAT = "shashki-endgame"
VERSION = 1
DIST_CAP = 127  # distances at or beyond this are stored as this (a "long" win)

Material = tuple[int, int, int, int]  # white men, white kings, black men, black kings


@lru_cache(maxsize=None)
def _bits(tables: Tables) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The board's bits; those a White man may stand on; those a Black man may stand on."""
    every = tuple(b for b, co in enumerate(tables.coord_of) if co is not None)
    white_men = tuple(b for b in every if not (tables.white_promotion >> b) & 1)
    black_men = tuple(b for b in every if not (tables.black_promotion >> b) & 1)
    return every, white_men, black_men


@lru_cache(maxsize=None)
def _ranks(squares: tuple[int, ...], k: int) -> dict[int, int]:
    """Every set of ``k`` of these squares as a bit mask -> its number (lexicographic)."""
    return {sum(1 << b for b in combo): i for i, combo in enumerate(combinations(squares, k))}


@lru_cache(maxsize=None)
def rotation(tables: Tables) -> tuple[int, ...]:
    """The bit each bit goes to when the board is turned round (square n -> count + 1 - n)."""
    out = [-1] * len(tables.coord_of)
    for b, n in enumerate(tables.number_of):
        if tables.coord_of[b] is not None:
            out[b] = tables.bit_of[tables.count + 1 - n]
    return tuple(out)


def rotate(mask: int, rot: tuple[int, ...]) -> int:
    """A bit mask turned round (see :func:`rotation`)."""
    out = 0
    while mask:
        b = mask & -mask
        mask ^= b
        out |= 1 << rot[b.bit_length() - 1]
    return out


class ClassIndex:
    """Numbers the positions of one material class (White to move) from 0 to ``size``.

    The four groups of pieces are numbered independently (as sets of squares), so a few
    numbers are impossible positions (two pieces on one square); they are stored all the same.
    """

    def __init__(self, tables: Tables, material: Material) -> None:
        every, white_men, black_men = _bits(tables)
        self.material = material
        self.squares = (white_men, every, black_men, every)
        self.ranks = tuple(_ranks(sq, k) for sq, k in zip(self.squares, material))
        self.counts = tuple(len(r) for r in self.ranks)
        n0, n1, n2, n3 = self.counts
        self.size = n0 * n1 * n2 * n3

    def index(self, wm: int, wk: int, bm: int, bk: int) -> int:
        r0, r1, r2, r3 = self.ranks
        _, n1, n2, n3 = self.counts
        return ((r0[wm] * n1 + r1[wk]) * n2 + r2[bm]) * n3 + r3[bk]


def material_of(wm: int, wk: int, bm: int, bk: int) -> Material:
    return (wm.bit_count(), wk.bit_count(), bm.bit_count(), bk.bit_count())


def decode(code: int) -> tuple[int, int]:
    """A stored byte as (result for the side to move: 1 win, 0 draw, -1 loss; plies)."""
    if code == 0:
        return 0, 0
    if code < 128:
        return 1, code
    return -1, code - 128


def encode(result: int, dist: int) -> int:
    if result == 0:
        return 0
    dist = min(dist, DIST_CAP)
    return max(1, dist) if result > 0 else 128 + dist


def file_name(game: str) -> str:
    """The table file of a game, in the assets' ``endgame`` folder."""
    return f"{game}.egtb"


class EndgameTable:
    """The tables of one game, read from its file when first asked (each class's data is
    unpacked on its first probe)."""

    def __init__(self, tables: Tables, raw: bytes, name: str = "table") -> None:
        self.t = tables
        self.name = name
        self.rot = rotation(tables)
        head, _, body = raw.partition(b"\n")
        header = json.loads(head)
        if header.get("format") != FORMAT or header.get("version") != VERSION:
            raise ValueError(f"{name}: not a version {VERSION} endgame table")
        if header.get("size") != tables.size:
            raise ValueError(f"{name}: made for a {header.get('size')}-square board")
        self.game: str = header["game"]
        self.max_pieces: int = int(header["pieces"])
        self._blobs: dict[Material, bytes] = {}
        for a, b, c, d, offset, length in header["classes"]:
            self._blobs[(a, b, c, d)] = body[offset:offset + length]
        self._data: dict[Material, tuple[ClassIndex, bytes]] = {}

    def covers(self, material: Material) -> bool:
        return material in self._blobs

    def _class(self, material: Material) -> tuple[ClassIndex, bytes] | None:
        entry = self._data.get(material)
        if entry is None:
            blob = self._blobs.get(material)
            if blob is None:
                return None
            import lzma
            index = ClassIndex(self.t, material)
            data = lzma.decompress(blob)
            if len(data) != index.size:
                raise ValueError(f"{self.name}: class {material} has {len(data)} "
                                 f"entries, not {index.size}")
            entry = self._data[material] = (index, data)
        return entry

    def probe(self, om: int, ok: int, pm: int, pk: int, white: bool) -> tuple[int, int] | None:
        """(result, plies) for the side to move, whose men and kings are ``om``/``ok``
        (``white``: it is White), or None when the table does not hold this material.
        Only meaningful when the side to move has no capture."""
        if white:
            wm, wk, bm, bk = om, ok, pm, pk
        else:
            rot = self.rot
            wm, wk, bm, bk = rotate(om, rot), rotate(ok, rot), rotate(pm, rot), rotate(pk, rot)
        entry = self._class(material_of(wm, wk, bm, bk))
        if entry is None:
            return None
        index, data = entry
        return decode(data[index.index(wm, wk, bm, bk)])


_LOADED: dict[str, EndgameTable | None] = {}


def table_for(game: str, tables: Tables) -> EndgameTable | None:
    """The endgame table of a game (by name), loaded on first use; None if it has none (or
    its file cannot be read: the search then goes on without it)."""
    if game in _LOADED:
        return _LOADED[game]
    table: EndgameTable | None = None
    try:
        raw = read_data("endgame", file_name(game))
        if raw is not None:
            table = EndgameTable(tables, raw, file_name(game))
    except (OSError, ValueError, KeyError, TypeError, ImportError):
        table = None
    _LOADED[game] = table
    return table
