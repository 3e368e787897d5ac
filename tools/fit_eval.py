"""Fit the learned draughts evaluation (``game/ai/eval_learned.py``) to self-play positions.

    pip install -e ".[fit]"
    python tools/selfplay.py --variant russian --games 1000 --out data/selfplay-russian.jsonl
    python tools/fit_eval.py --game russian data/selfplay-russian.jsonl

The model is logistic: the chance that White wins is ``sigmoid(eval / K)``, where ``K`` is
first fitted so that the searching player's own scores predict the results best. The target
of each position is half the game's result and half the chance its (deeper) search score
stands for, which is far less noisy than a result alone. The base terms' weights and the
pattern tables are fitted together by L-BFGS, the patterns drawn towards zero and the base
terms towards the hand-made weights (L2 penalties); one game in
ten is kept out to check the fit, and the loss of the hand-made evaluation on the same
positions is printed beside it. Writes ``assets/eval/<game>.json``.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from scipy import optimize, sparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.eval_draughts import DraughtsEval, Weights  # noqa: E402
from game.ai.eval_learned import (  # noqa: E402
    BASE_TERMS, FORMAT, SHAPES, VERSION, base_features, full_board, load_weights,
    pattern_groups)
from game.rules import find_variant  # noqa: E402
from game.rules.draughts import Tables  # noqa: E402
from tools.selfplay import read_positions  # noqa: E402


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40, 40)))


def cross_entropy(p: np.ndarray, t: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(t * np.log(p) + (1 - t) * np.log(1 - p)))


def load(paths: list[Path]) -> tuple[list[dict], np.ndarray]:
    """The positions and the number of the game each belongs to (a line cut short by a
    stopped self-play run is skipped)."""
    rows, games = [], []
    game = 0
    skipped = [0]
    for path in paths:
        last_ply = 10**9  # a new file starts a new game
        for row in read_positions([path], skipped):
            if row["ply"] <= last_ply:
                game += 1  # the plies start again: a new game
            last_ply = row["ply"]
            rows.append(row)
            games.append(game)
    if skipped[0]:
        print(f"skipped {skipped[0]} unreadable lines")
    return rows, np.array(games)


def start_from(path: Path, t: Tables, shapes: tuple[str, ...], phase: bool,
               phase_patterns: bool, offsets: np.ndarray, nbase: int,
               prior: np.ndarray) -> np.ndarray:
    """``prior`` with the weights of the file at ``path`` (checked against the board and the
    fit's shapes): its base terms (both boards' with ``phase``, else the full board's) and
    its pattern tables (the empty board's too with ``phase_patterns``; a file without them
    slides nothing, so both halves start from its one table)."""
    start = load_weights(path.read_bytes(), t, str(path))
    if start.shapes != shapes:
        raise SystemExit(f"{path}: its shapes are {list(start.shapes)}, the fit's "
                         f"{list(shapes)}")
    out = prior.copy()
    nb = len(BASE_TERMS)
    ends = start.base_end if start.base_end is not None else start.base
    out[:nb] = [start.base[name] for name in BASE_TERMS]
    if phase:
        out[nb:2 * nb] = [ends[name] for name in BASE_TERMS]
    tables = int(offsets[-1])
    for g, table in enumerate(start.patterns):
        out[nbase + offsets[g]: nbase + offsets[g + 1]] = table
        if phase_patterns:
            end = start.patterns_end[g] if start.patterns_end is not None else table
            out[nbase + tables + offsets[g]: nbase + tables + offsets[g + 1]] = end
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--l2", type=float, nargs="+", default=[1e-7],
                        help="penalties on the patterns to try (the best on the held-out "
                             "games is kept)")
    parser.add_argument("--held-out", type=float, default=0.1,
                        help="share of the games kept out to check the fit")
    parser.add_argument("--fit-kings", action="store_true",
                        help="fit the king terms too (enough games with kings)")
    parser.add_argument("--maxiter", type=int, default=3000)
    parser.add_argument("--phase", action="store_true",
                        help="two weights per base term: with every piece on the board and "
                             "with none (the weight slides between them)")
    parser.add_argument("--free-man", action="store_true",
                        help="with --phase: fit a man's worth on the empty board too (it stays "
                             "100 with every piece there), so that a man more can count for "
                             "more as the board empties and trading down when ahead pays")
    parser.add_argument("--no-patterns", action="store_true",
                        help="fit the base terms alone (the patterns stay zero: an evaluation "
                             "as fast as the hand-made one)")
    parser.add_argument("--mix", type=float, default=0.5, help="share of the game result")
    parser.add_argument("--prior", type=float, default=3e-7,
                        help="pull of the base terms towards the hand-made weights")
    parser.add_argument("--shapes", nargs="+", default=["diamond"], choices=SHAPES,
                        help="the pattern windows: four-square diamonds, four-by-four "
                             "regions (3**8 states each), or both")
    parser.add_argument("--phase-patterns", action="store_true",
                        help="two tables per pattern too, with every piece on the board and "
                             "with none (a pattern's weight slides between them as a base "
                             "term's does)")
    parser.add_argument("--from", dest="start", type=Path, default=None,
                        help="a weights file of the same shapes (the shipped one, say): the "
                             "fit starts from its weights and is drawn towards them, base "
                             "terms and patterns, in place of the hand-made weights and zero, "
                             "so that new games refine what the earlier ones taught")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    began = time.perf_counter()
    cls = find_variant(args.game)
    t = cls._tables
    classic_weights = None
    from game.ai.draughts_more import ENGLISH_WEIGHTS
    from game.ai.eval_draughts import INTERNATIONAL_WEIGHTS, RUSSIAN_WEIGHTS
    classic_weights = (ENGLISH_WEIGHTS if args.game == "english" else
                       INTERNATIONAL_WEIGHTS if t.size == 10 else RUSSIAN_WEIGHTS)
    classic = DraughtsEval(t, classic_weights)
    ev = DraughtsEval(t, Weights())
    shapes = tuple(args.shapes)
    groups = pattern_groups(t, shapes)
    sizes = [3 ** len(d) for d, _ in groups]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    rows, games = load(args.data)
    n = len(rows)
    nb = len(BASE_TERMS)
    base = np.zeros((n, nb))
    phase = np.zeros(n)  # the share of the starting pieces still on the board
    full = full_board(t)
    old = np.zeros(n)
    result = np.zeros(n)
    score = np.zeros(n)
    for i, row in enumerate(rows):
        wm, wk, bm, bk = row["wm"], row["wk"], row["bm"], row["bk"]
        base[i] = base_features(ev, wm, wk, bm, bk)
        phase[i] = (wm | wk | bm | bk).bit_count() / full
        old[i] = classic.evaluate(wm, wk, bm, bk)
        result[i] = row["r"]
        score[i] = row["s"] if row["w"] else -row["s"]
    # the windows' states, every position at once (as eval_learned.state counts them: the
    # first square the lowest digit, 1 for a man of the side, 2 for the other side's)
    wmen = np.array([row["wm"] for row in rows], dtype=np.uint64)
    bmen = np.array([row["bm"] for row in rows], dtype=np.uint64)

    def states(bits: tuple[int, ...], mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        out = np.zeros(n, dtype=np.int64)
        for i, b in enumerate(bits):
            one = np.uint64(1)
            digit = ((mine >> np.uint64(b)) & one).astype(np.int64) + \
                2 * ((theirs >> np.uint64(b)) & one).astype(np.int64)
            out += digit * 3 ** i
        return out
    everyone = np.arange(n, dtype=np.int64)
    pr_parts, pc_parts, pv_parts = [], [], []
    for g, (d, twin) in enumerate(groups):
        pr_parts += [everyone, everyone]
        pc_parts += [offsets[g] + states(d, wmen, bmen), offsets[g] + states(twin, bmen, wmen)]
        pv_parts += [np.ones(n), -np.ones(n)]
    pr, pc, pv = (np.concatenate(parts) for parts in (pr_parts, pc_parts, pv_parts))
    ntables = int(offsets[-1])
    if args.phase_patterns:
        # each window's state twice: in the full board's table, weighted by how full the
        # board is, and in the empty board's (after all the full board's), by how empty
        pr, pc, pv = (np.concatenate([pr, pr]), np.concatenate([pc, pc + ntables]),
                      np.concatenate([pv * phase[pr], pv * (1 - phase)[pr]]))
        ntables *= 2
    # the base columns: each term once, or (--phase) twice, weighted by how full the board is
    # and how empty: the two weights are the term's with every piece there and with none
    if args.phase:
        base = np.hstack([base * phase[:, None], base * (1 - phase)[:, None]])
    nbase = base.shape[1]
    width = nbase + ntables
    P = sparse.csr_matrix((pv, (pr, pc)), shape=(n, ntables))
    X = sparse.hstack([sparse.csr_matrix(base), P]).tocsr()
    print(f"{n} positions from {games.max()} games, {width} weights; features "
          f"{time.perf_counter() - began:.0f} s", flush=True)

    # K: how the search's scores map to results
    def k_loss(k: np.ndarray) -> float:
        return cross_entropy(sigmoid(score / k[0]), result)
    K = float(optimize.minimize(k_loss, np.array([150.0]), method="Nelder-Mead").x[0])
    target = args.mix * result + (1 - args.mix) * sigmoid(score / K)
    rng = np.random.default_rng(1)
    held = rng.random(games.max() + 1) < args.held_out
    test = held[games]
    train = ~test
    Xtr, ttr = X[train], target[train]
    # the base terms are drawn towards the hand-made weights (a few self-play games hold few
    # kings: left free, a king came out worth less than a man), the patterns towards zero
    prior = np.zeros(width)
    hand = [float(getattr(classic_weights, name)) for name in BASE_TERMS]
    prior[:nbase] = hand * (nbase // nb)
    if args.start is not None:
        prior = start_from(args.start, t, shapes, args.phase, args.phase_patterns, offsets,
                           nbase, prior)
    # a man stays worth 100 (the search's margins are in those units); the scale K' of the
    # learned score (sigmoid(eval / K')) is fitted with the weights
    fixed = np.zeros(width, dtype=bool)
    fixed[0:nbase:nb] = True
    if args.phase and args.free_man:
        fixed[nb] = False  # the empty board's man (the full board's stays 100: the scale)
    if args.no_patterns:
        fixed[nbase:] = True
    if not args.fit_kings:
        # the king terms stay as they were made by hand: a few hundred self-play games hold
        # too few kings (fitted, a king's mobility came out as a fault)
        for name in ("king", "king_mobility", "main_road"):
            fixed[BASE_TERMS.index(name):nbase:nb] = True

    def fit_one(l2: float) -> tuple[np.ndarray, float, int]:
        penalty = np.zeros(width)
        penalty[nbase:] = l2
        penalty[:nbase] = args.prior

        def loss(v: np.ndarray) -> tuple[float, np.ndarray]:
            theta, log_k = v[:-1], v[-1]
            raw = Xtr @ theta
            z = raw / np.exp(log_k)
            p = sigmoid(z)
            pc_ = np.clip(p, 1e-9, 1 - 1e-9)
            ce = -np.mean(ttr * np.log(pc_) + (1 - ttr) * np.log(1 - pc_))
            err = (p - ttr) / len(ttr)
            grad = Xtr.T @ err / np.exp(log_k)
            d = theta - prior
            grad = grad + 2 * penalty * d
            grad[fixed] = 0.0
            g_k = -float(err @ z)
            return float(ce + np.sum(penalty * d ** 2)), np.append(grad, g_k)

        start = np.append(prior, np.log(K))
        fit = optimize.minimize(loss, start, jac=True, method="L-BFGS-B",
                                options={"maxiter": args.maxiter, "ftol": 1e-13,
                                         "gtol": 1e-10})
        return fit.x[:-1], float(np.exp(fit.x[-1])), int(fit.nit)

    # the hand-made evaluation gets its own best scale too (a fair comparison)
    K_old = float(optimize.minimize_scalar(
        lambda k: cross_entropy(sigmoid(old[train] / k), target[train]),
        bounds=(20.0, 2000.0), method="bounded").x)
    old_test = cross_entropy(sigmoid(old[test] / K_old), target[test])
    res_old = cross_entropy(sigmoid(old[test] / K_old), result[test])
    best = None
    for l2 in args.l2:
        theta, K_learned, nit = fit_one(l2)
        z = X[test] @ theta / K_learned
        new_test = cross_entropy(sigmoid(z), target[test])
        res_new = cross_entropy(sigmoid(z), result[test])
        print(f"l2 {l2:g}: K' = {K_learned:.0f}; held-out loss against the targets: learned "
              f"{new_test:.5f}, hand-made {old_test:.5f}; against results alone: "
              f"{res_new:.5f} / {res_old:.5f} ({int(test.sum())} positions, {nit} iterations,"
              f" {time.perf_counter() - began:.0f} s)", flush=True)
        if best is None or new_test < best[0]:
            best = (new_test, theta, K_learned, l2)
    new_test, theta, K_learned, l2 = best
    print(f"K = {K:.0f} (the search's scores); chosen l2 {l2:g}")
    out = args.out or Path(__file__).resolve().parent.parent / "assets" / "eval" / \
        f"{args.game}.json"
    out.parent.mkdir(parents=True, exist_ok=True)

    def tables(first: int) -> list[list[float]]:
        return [[round(float(v), 1) for v in theta[first + offsets[g]: first + offsets[g + 1]]]
                for g in range(len(groups))]
    data: dict[str, object] = {
        "format": FORMAT, "version": VERSION, "game": args.game, "size": t.size,
        "shapes": list(shapes),
        "made_by": "tools/fit_eval.py", "positions": n, "K": round(K_learned, 1),
        "held_out_loss": {"learned": round(new_test, 5), "hand_made": round(old_test, 5)},
        "base": {name: [round(float(theta[i]), 2), round(float(theta[i + nbase - nb]), 2)]
                 for i, name in enumerate(BASE_TERMS)},
        "patterns": tables(nbase),
    }
    if args.phase_patterns:
        data["patterns_end"] = tables(nbase + int(offsets[-1]))
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(out)
    print("base weights:", data["base"])
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
