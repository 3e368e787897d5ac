"""Compute a game's endgame tables by retrograde analysis (numpy), for ``game/ai/endgame.py``.

    python tools/endgame.py --game russian --pieces 4
    python tools/endgame.py --game international --pieces 4 --cache /tmp/egtb

With the compiled engine (``SHASHKI_NATIVE_DIR=build/native`` in a checkout) the International
four pieces (46 million positions) take 7.5 minutes; interpreted, a class takes 1.6 times as
long (the loop over the moves here is the rest of the work).

Every material class up to ``--pieces`` pieces (both sides on the board) is solved with the
game's own move generator, from the smallest classes up: a capture or a promotion leads to a
class solved before. Values are a draw or a win/loss in n plies for the side to move
(White; Black to move is the same board turned round). The draw rules that count moves are
left out on purpose (the search checks its counters against the distance); repetition is a
draw. ``--kings-only-from N``: classes of N or more pieces are solved only when every piece
is a king (the classes with men are the large ones). Writes ``assets/endgame/<game>.egtb``.
"""
from __future__ import annotations

import argparse
from array import array
import json
import lzma
import sys
import time
from itertools import combinations, product
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.endgame import (  # noqa: E402
    FORMAT, VERSION, ClassIndex, Material, _bits, encode, rotate, rotation)
from game.rules import find_variant  # noqa: E402
from game.rules.draughts import DraughtsGame  # noqa: E402


def flip(m: Material) -> Material:
    return (m[2], m[3], m[0], m[1])


def classes_up_to(pieces: int, kings_only_from: int | None) -> list[Material]:
    out = []
    for total in range(2, pieces + 1):
        for m in product(range(total + 1), repeat=4):
            if sum(m) != total or m[0] + m[1] == 0 or m[2] + m[3] == 0:
                continue
            if kings_only_from is not None and total >= kings_only_from and m[0] + m[2]:
                continue  # only the king endings this large
            out.append(m)
    # captures lower the total, promotions the number of men: both lead to a class before
    out.sort(key=lambda m: (sum(m), m[0] + m[2], m))
    return out


class Solver:
    def __init__(self, game_name: str) -> None:
        cls = find_variant(game_name)
        assert issubclass(cls, DraughtsGame)
        self.cls = cls
        self.t = cls._tables
        self.gen = cls._generator
        self.rot = rotation(self.t)
        self.giveaway = not cls.more_pieces_win
        self.res: dict[Material, np.ndarray] = {}  # int8: 1 win, 0 draw, -1 loss (mover)
        self.dist: dict[Material, np.ndarray] = {}  # int16 plies
        self.quiet: dict[Material, np.ndarray] = {}  # bool: a real position, no capture

    def value(self, material: Material, idx: int) -> tuple[int, int]:
        return int(self.res[material][idx]), int(self.dist[material][idx])

    def positions(self, material: Material):
        """Every real position of a class: (index, wm, wk, bm, bk)."""
        index = ClassIndex(self.t, material)
        every, white_men, black_men = _bits(self.t)
        groups = [list(combinations(sq, k)) for sq, k in zip(index.squares, material)]
        masks = [[sum(1 << b for b in c) for c in g] for g in groups]
        i = -1
        for wm in masks[0]:
            for wk in masks[1]:
                if wm & wk:
                    i += len(masks[2]) * len(masks[3])
                    continue
                w = wm | wk
                for bm in masks[2]:
                    for bk in masks[3]:
                        i += 1
                        if (w | bm) & bk or w & bm:
                            continue
                        yield i, wm, wk, bm, bk

    def solve_group(self, group: list[Material], cache: Path | None = None) -> None:
        began = time.perf_counter()
        if cache is not None:
            files = [cache / f"{self.cls.name}-{''.join(map(str, m))}.npz" for m in group]
            if all(f.is_file() for f in files):
                for m, f in zip(group, files):
                    with np.load(f) as data:
                        self.res[m], self.dist[m], self.quiet[m] = (
                            data["res"], data["dist"], data["quiet"])
                print(f"{group}: from {cache}", flush=True)
                return
        indexes = {m: ClassIndex(self.t, m) for m in group}
        offset: dict[Material, int] = {}
        total = 0
        for m in group:
            offset[m] = total
            total += indexes[m].size
        gen, rot = self.gen, self.rot
        promo = self.t.white_promotion
        src = array('q')  # one entry per move inside the group: from, to
        dst = array('q')
        real = np.zeros(total, dtype=bool)
        quiet = np.zeros(total, dtype=bool)
        no_moves = np.zeros(total, dtype=bool)
        # the best and worst a capture or promotion (leaving the group) gives the mover
        exit_win = np.full(total, 10_000, dtype=np.int32)  # fewest plies to a won exit
        exit_draw = np.zeros(total, dtype=bool)
        exit_loss = np.zeros(total, dtype=np.int32)  # most plies of a lost exit
        lookups = {}

        def look(m: Material) -> tuple[ClassIndex, np.ndarray, np.ndarray] | None:
            if m not in lookups:
                if m[0] + m[1] == 0 or m[2] + m[3] == 0:
                    lookups[m] = None  # the opponent has nothing left: handled below
                else:
                    lookups[m] = (ClassIndex(self.t, m), self.res[m], self.dist[m])
            return lookups[m]

        for m in group:
            base = offset[m]
            q = flip(m)
            q_ranks, q_base = indexes[q].ranks, offset[q]
            _, q_n1, q_n2, q_n3 = indexes[q].counts
            for i, wm, wk, bm, bk in self.positions(m):
                p = base + i
                real[p] = True
                caps = gen.captures(wm, wk, bm, bk, True)
                exits: list[tuple[int, int]] = []  # (opponent's result, its plies)
                if caps:
                    for start, path, _, capmask, promotes in caps:
                        fb, tb = 1 << start, 1 << path[-1]
                        if wm & fb:
                            nwm, nwk = (wm ^ fb, wk | tb) if promotes else ((wm ^ fb) | tb, wk)
                        else:
                            nwm, nwk = wm, (wk ^ fb) | tb
                        nbm, nbk = bm & ~capmask, bk & ~capmask
                        exits.append(self._after(nwm, nwk, nbm, nbk, look))
                else:
                    quiet[p] = True
                    moves = gen.quiet(wm, wk, bm, bk, True)
                    if not moves:
                        no_moves[p] = True
                    # the opponent to move: the board turned round, the opponent as White.
                    # Its pieces do not move: their part of the number is worked out once
                    rbm, rbk, rwm, rwk = (rotate(bm, rot), rotate(bk, rot), rotate(wm, rot),
                                          rotate(wk, rot))
                    q0, q1, q2, q3 = q_ranks
                    head = (q0[rbm] * q_n1 + q1[rbk]) * q_n2
                    for s, e, promotes in moves:
                        fb, tb = 1 << s, 1 << e
                        moved = (1 << rot[s]) | (1 << rot[e])
                        if wm & fb:
                            if promotes or promo & tb:
                                exits.append(self._after(wm ^ fb, wk | tb, bm, bk, look))
                                continue
                            j = (head + q2[rwm ^ moved]) * q_n3 + q3[rwk]
                        else:
                            j = (head + q2[rwm]) * q_n3 + q3[rwk ^ moved]
                        src.append(p)
                        dst.append(q_base + j)
                for r, d in exits:
                    if r < 0:
                        exit_win[p] = min(exit_win[p], d + 1)
                    elif r == 0:
                        exit_draw[p] = True
                    else:
                        exit_loss[p] = max(exit_loss[p], d + 1)
        built = time.perf_counter() - began
        res = np.zeros(total, dtype=np.int8)
        dist = np.zeros(total, dtype=np.int16)
        resolved = ~real
        if self.giveaway:
            res[no_moves] = 1
        else:
            res[no_moves] = -1
        resolved |= no_moves
        src_a = np.frombuffer(src, dtype=np.int64)
        dst_a = np.frombuffer(dst, dtype=np.int64)
        has_win_exit = exit_win < 10_000
        longest = int(max(exit_win[has_win_exit].max(initial=0), exit_loss.max(initial=0)))
        n = 0
        while True:
            n += 1
            # a win: a move to a position the opponent loses in n - 1, or a won exit in n
            edge_w = (res[dst_a] == -1) & (dist[dst_a] == n - 1) & resolved[dst_a]
            win = np.zeros(total, dtype=bool)
            win[src_a[edge_w]] = True
            win |= exit_win == n
            win &= ~resolved
            # a loss: every move leads to the opponent's win (in n - 1 at most), no exit draws
            # or wins, and the longest lost exit is no longer than n
            open_edges = ~(resolved[dst_a] & (res[dst_a] == 1))
            open_count = np.bincount(src_a[open_edges], minlength=total)
            loss = (open_count == 0) & ~exit_draw & ~has_win_exit & (exit_loss <= n) & ~resolved
            res[win] = 1
            dist[win] = n
            res[loss] = -1
            dist[loss] = n
            resolved |= win | loss
            if not win.any() and not loss.any() and n > longest + 1:
                break
        for m in group:
            a, b = offset[m], offset[m] + indexes[m].size
            self.res[m] = res[a:b].copy()
            self.dist[m] = dist[a:b].copy()
            self.quiet[m] = quiet[a:b].copy()
        if cache is not None:
            cache.mkdir(parents=True, exist_ok=True)
            for m in group:
                np.savez_compressed(cache / f"{self.cls.name}-{''.join(map(str, m))}.npz",
                                    res=self.res[m], dist=self.dist[m], quiet=self.quiet[m])
        wins = int((res[real] == 1).sum())
        losses = int((res[real] == -1).sum())
        print(f"{group}: {int(real.sum())} positions, {len(src)} moves, built {built:.0f} s, "
              f"solved {time.perf_counter() - began - built:.0f} s, {n} plies; "
              f"wins {wins}, losses {losses}, draws {int(real.sum()) - wins - losses}",
              flush=True)

    def _after(self, wm: int, wk: int, bm: int, bk: int, look) -> tuple[int, int]:
        """The opponent's (result, plies) after White's capture or promotion."""
        if not (bm | bk):
            # the opponent has nothing: it cannot move, which loses (giveaway: wins)
            return (1, 0) if self.giveaway else (-1, 0)
        rot = self.rot
        owm, owk, obm, obk = rotate(bm, rot), rotate(bk, rot), rotate(wm, rot), rotate(wk, rot)
        m = (owm.bit_count(), owk.bit_count(), obm.bit_count(), obk.bit_count())
        entry = look(m)
        if entry is None:
            raise AssertionError(f"class {m} is needed before it is solved")
        index, res, dist = entry
        j = index.index(owm, owk, obm, obk)
        return int(res[j]), int(dist[j])

    def encoded(self, material: Material) -> bytes:
        """The class as stored: one byte a position; the rest copies the byte before."""
        res, dist, quiet = self.res[material], self.dist[material], self.quiet[material]
        dist = np.minimum(dist, 127).astype(np.int16)
        code = np.where(res > 0, np.maximum(dist, 1), np.where(res < 0, 128 + dist, 0))
        code = code.astype(np.uint8)
        # positions never asked (a capture pending, or impossible): repeat the last real value
        idx = np.where(quiet, np.arange(len(code)), 0)
        np.maximum.accumulate(idx, out=idx)
        out = code[idx]
        assert encode(1, 5) == 5 and encode(-1, 5) == 133
        return bytes(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--pieces", type=int, default=4)
    parser.add_argument("--kings-only-from", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep each solved class here, and reuse it on the next run")
    args = parser.parse_args()
    solver = Solver(args.game)
    classes = classes_up_to(args.pieces, args.kings_only_from)
    done: list[Material] = []
    began = time.perf_counter()
    out = args.out or Path(__file__).resolve().parent.parent / "assets" / "endgame" / \
        f"{args.game}.egtb"
    blobs: dict[Material, bytes] = {}
    for m in classes:
        if m in done:
            continue
        group = [m] if flip(m) == m else [m, flip(m)]
        solver.solve_group(group, args.cache)
        done += group
        for c in group:
            blobs[c] = lzma.compress(solver.encoded(c), preset=9 | lzma.PRESET_EXTREME)
        if sum(group[0]) == args.pieces or m == classes[-1]:
            # written after every large class, so a run stopped early leaves what it solved
            write(out, args.game, solver.t.size, args.pieces, done, blobs)
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.perf_counter() - began:.0f} s")


def write(out: Path, game: str, size: int, pieces: int, done: list[Material],
          blobs: dict[Material, bytes]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    index = []
    pos = 0
    for m in done:
        index.append([*m, pos, len(blobs[m])])
        pos += len(blobs[m])
    header = {"format": FORMAT, "version": VERSION, "game": game, "size": size,
              "pieces": max(sum(m) for m in done), "classes": index,
              "made_by": "tools/endgame.py"}
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(json.dumps(header, separators=(",", ":")).encode() + b"\n"
                    + b"".join(blobs[m] for m in done))
    tmp.replace(out)


if __name__ == "__main__":
    main()
