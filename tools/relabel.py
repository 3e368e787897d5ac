"""Score self-play positions again with a deeper search, for ``tools/fit_eval.py``.

    python tools/relabel.py --variant international --nodes 10000 --every 3 --jobs 2 \\
        data/sp3c-international.jsonl data/sp3d-international.jsonl --out data/deep-international.jsonl

``tools/selfplay.py`` writes each position with the score of the search that played the game
(1,500 nodes: some five plies). That is the label the evaluation is fitted to, so the fit can
only learn what so shallow a search sees. This tool searches every ``--every``-th position
again at ``--nodes`` nodes (the game's full-strength search, threat plies included, the
hand-made evaluation) and writes the line with that score instead; the game's result stays.
Lines are written in the order read, each game's positions together, so ``fit_eval`` keeps
its games apart for the held-out check. A stopped run can be resumed: lines already in
``--out`` are skipped (a last line cut short is written again).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.engine import search  # noqa: E402
from game.ai.options import set_engine  # noqa: E402
from game.ai.search import Limit  # noqa: E402
from game.rules import find_variant  # noqa: E402
from game.rules.draughts import DraughtsGame  # noqa: E402
from tools.selfplay import read_positions  # noqa: E402

CHUNK = 200  # positions handed to a worker at once


def label(variant: str, nodes: int, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with the deeper search's score (for the side to move), one for each row."""
    set_engine(eval="hand")
    start = find_variant(variant).new()
    assert isinstance(start, DraughtsGame)
    cls, options = type(start), dict(start.options)
    out = []
    for row in rows:
        game = cls(row["wm"], row["wk"], row["bm"], row["bk"], bool(row["w"]), dict(options))
        if game.outcome() is not None or len(game.legal_moves()) < 2:
            out.append({**row, "nodes": 0})  # nothing to search: kept as it was (and counted)
            continue
        result = search(game, Limit(nodes=nodes), threats=True)
        out.append({**row, "s": result.score, "s0": row["s"], "nodes": nodes})
    return out


def read(paths: list[Path], every: int) -> list[dict[str, Any]]:
    """Every ``every``-th position of the files, in order."""
    return [row for n, row in enumerate(read_positions(paths)) if n % every == 0]


def resume(out: Path) -> int:
    """The lines already labelled in ``out``; a last line cut short by a stopped run is cut
    off, so the run goes on from that position and no line is glued to a fragment."""
    if not out.exists():
        return 0
    with out.open("rb+") as f:
        text = f.read()
        whole = text.rfind(b"\n") + 1
        if whole < len(text):
            f.truncate(whole)
    return text.count(b"\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", required=True)
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--every", type=int, default=1, help="label every n-th position")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.nodes < 1 or args.every < 1 or args.jobs < 1:
        raise SystemExit("--nodes, --every and --jobs are whole numbers from 1")
    missing = [str(p) for p in args.data if not p.is_file()]
    if missing:
        raise SystemExit(f"no such file: {', '.join(missing)}")
    rows = read(args.data, args.every)
    done = resume(args.out)
    todo = rows[done:]
    print(f"{len(rows)} positions, {done} already labelled, {len(todo)} to go", flush=True)
    chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]
    began = time.perf_counter()
    written = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, \
            args.out.open("a", encoding="utf-8") as out:
        for labelled in pool.map(label, [args.variant] * len(chunks), [args.nodes] * len(chunks),
                                 chunks):
            for row in labelled:
                out.write(json.dumps(row) + "\n")
            out.flush()
            written += len(labelled)
            rate = written / max(1e-9, time.perf_counter() - began)
            print(f"{done + written} labelled ({rate:.1f}/s)", flush=True)


if __name__ == "__main__":
    main()
