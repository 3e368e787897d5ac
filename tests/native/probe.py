"""What the engine answers, as JSON on stdout: perft counts of every board game, fixed-depth
searches (move, score, depth, nodes, line) over a few positions per game, and a scripted Hub
session. tests/native/test_same_answers.py runs it twice, compiled and interpreted
(``SHASHKI_PURE=1``), and compares the two; its first key is the engine line of the run.

    python tests/native/probe.py [--quick]

The positions are the start and games played on from it by a seeded random mover, so each
run makes the same ones (their FEN is in the output, compared too).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from typing import Any

from game.ai import Limit, search
from game.native import engine_line
from game.rules import Game, find_variant

#: (variant, options, perft depth from the start, perft depth from the played positions)
PERFT = [
    ("international", {}, 5, 4),
    ("russian", {}, 6, 5),
    ("english", {}, 6, 5),
    ("brazilian", {}, 6, 5),
    ("russian_giveaway", {}, 5, 4),
    ("international_giveaway", {}, 4, 4),
    ("frisian", {}, 4, 3),
    ("apokachi", {}, 4, 3),
    ("ugolki", {"house": 9}, 4, 3),
    ("ugolki", {"house": 16}, 3, 3),
    ("turkish", {}, 5, 4),
    ("italian", {}, 6, 5),
]
#: (variant, options, search depths) for the fixed-depth searches
SEARCH = [
    ("international", {}, (1, 4, 7)),
    ("russian", {}, (1, 4, 8)),
    ("english", {}, (2, 8)),
    ("brazilian", {}, (2, 8)),
    ("russian_giveaway", {}, (2, 6)),
    ("international_giveaway", {}, (2, 6)),
    ("frisian", {}, (2, 6)),
    ("apokachi", {}, (1, 3, 5)),
    ("ugolki", {"house": 9}, (2, 5)),
    ("ugolki", {"house": 12}, (3,)),
    ("turkish", {}, (2, 6)),
    ("italian", {}, (2, 8)),
]
#: positions of their own, (variant, FEN, perft depth, search depths): rules the played ones
#: do not reach (Уголки's 40-move home rule and its 80-move limit, a small Apokachi board)
FIXED = [
    ("apokachi", "W:7:Wb1,e1,f1,g1,b2,c2,d3:Be5,d6,e6,a7,b7,c7,g7", 4, (2, 6)),
    ("apokachi", "B:9:Wc3,d4,e4,f3,g5,c5,b2,h2,e2:Bc6,d6,e5,f6,g6,b7,h7,e8,d8", 3, (2, 4)),
    ("ugolki", "B:Wf6,g6,h6,f7,h7,e7,g8,h8,e6,d5,c4,g5:Ba1,b1,c1,a2,b2,c2,d2,a3,b3,d4,e3,"
               "c5:F38", 4, (2, 5)),
    ("ugolki", "W:Wf6,g6,h6,f7,h7,e7,g8,h8,e6,d5,c4,g5:Ba1,b1,c1,a2,b2,c2,d2,a3,b3,d4,e3,"
               "c5:F78", 4, (2, 5)),
    # Turkish kings: a capture of nine that turns at every landing, then few pieces left
    ("turkish", "W:WKa3,Kd1,b2,f3:Bc3,e5,c7,b5,g3,a6,Kh6,d4,e6,a8,b8", 4, (2, 6)),
    # Italian kings among men: the order of captures decides (a king's, the most kings)
    ("italian", "W:W21,25,26,28,30,K27,K14:B1,2,5,17,22,K23,K18,10,11,7", 8, (2, 6)),
]
#: plies of seeded random play after which the searched and counted positions are taken
PLIES = (10, 24)


def played(variant: str, options: dict[str, Any], plies: int, seed: int) -> Game:
    """The game after ``plies`` random legal moves (fewer if it ends first)."""
    game = find_variant(variant).new(**options)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.outcome() is not None:
            break
        game.push(rng.choice(moves))
    return game


def perft_counts(quick: bool) -> list[dict[str, Any]]:
    out = []
    for variant, options, start_depth, played_depth in PERFT:
        games = [find_variant(variant).new(**options)]
        games += [played(variant, options, plies, seed=plies) for plies in PLIES]
        for index, game in enumerate(games):
            depth = start_depth if index == 0 else played_depth
            depth = min(depth, 3) if quick else depth
            out.append({"variant": variant, "options": options, "fen": game.fen(),
                        "depth": depth, "perft": game.perft(depth),
                        "moves": sorted(game.move_text(m) for m in game.legal_moves())})
    for variant, fen, depth, _ in FIXED:
        game = find_variant(variant).from_fen(fen)
        depth = min(depth, 3) if quick else depth
        out.append({"variant": variant, "options": {}, "fen": game.fen(), "depth": depth,
                    "perft": game.perft(depth),
                    "moves": sorted(game.move_text(m) for m in game.legal_moves())})
    return out


def searches(quick: bool) -> list[dict[str, Any]]:
    out = []
    for variant, options, depths in SEARCH:
        games = [find_variant(variant).new(**options)]
        games += [played(variant, options, plies, seed=100 + plies) for plies in PLIES]
        for game in games:
            if game.outcome() is not None:
                continue
            for depth in depths[:1] if quick else depths:
                result = search(game, Limit(depth=depth))
                out.append({"variant": variant, "options": options, "fen": game.fen(),
                            "depth": depth, "move": game.move_text(result.move),
                            "score": result.score, "reached": result.depth,
                            "nodes": result.nodes, "pv": [repr(m) for m in result.pv]})
    for variant, fen, _, depths in FIXED:
        game = find_variant(variant).from_fen(fen)
        for depth in depths[:1] if quick else depths:
            result = search(game, Limit(depth=depth))
            out.append({"variant": variant, "options": {}, "fen": game.fen(), "depth": depth,
                        "move": game.move_text(result.move), "score": result.score,
                        "reached": result.depth, "nodes": result.nodes,
                        "pv": [repr(m) for m in result.pv]})
    return out


#: ``python -m game.ai hub``, saying first (on stderr) which engine it runs
HUB = ("import sys\n"
       "from game.native import engine_line\n"
       "print(engine_line(), file=sys.stderr, flush=True)\n"
       "from game.ai.__main__ import main\n"
       "sys.exit(main(['hub']))\n")


def hub_session(quick: bool) -> list[str]:
    """A GUI's session with ``python -m game.ai hub``, one command at a time (each search
    waited for), its answers with the clock's readings (time=, nps=) left out."""
    game = played("international", {}, 30, seed=7)
    position = _hub_position(game)
    depth = 3 if quick else 8
    script = [
        "hub", "init", "set-param name=variant value=normal", "new-game",
        f"level depth={depth}", "pos start", "go analyze",
        'pos start moves="32-28 19-23 28x19 14x23"', "go analyze",
        f"pos pos={position}", "go analyze",
        "level nodes=4000", "go think",  # out of the book: a search, its move and ponder
        "ping", "pos pos=Wxyz", "level depth=-1", "go think", "quit",
    ]
    proc = subprocess.Popen([sys.executable, "-c", HUB], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            encoding="utf-8", bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    heard: list[str] = [f"engine of the Hub process: {proc.stderr.readline().strip()}"]
    ends = {"hub": "wait", "init": "ready", "go": "done", "ping": "pong"}
    for line in script:
        heard.append(f"> {line}")
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        command = line.split()[0]
        wanted = ends.get(command)
        if line.startswith(("pos pos=Wxyz", "level depth=-1")):
            wanted = "error"
        while wanted is not None:
            answer = proc.stdout.readline()
            if not answer:
                raise RuntimeError(f"the Hub engine ended during {line!r}: {heard}")
            words = [w for w in answer.split() if not w.startswith(("time=", "nps="))]
            heard.append(" ".join(words))
            if words and words[0] == wanted:
                break
    proc.stdin.close()
    proc.wait(timeout=60)
    proc.stderr.close()
    heard.append(f"exit {proc.returncode}")
    return heard


def _hub_position(game: Game) -> str:
    chars = ["e"] * 50
    for square, piece in game.pieces():
        char = "w" if piece.color.name == "WHITE" else "b"
        chars[square - 1] = char.upper() if piece.kind.value == "king" else char
    return ("W" if game.turn.name == "WHITE" else "B") + "".join(chars)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller depths (a check of "
                                                             "the probe itself)")
    args = parser.parse_args()
    began = time.perf_counter()
    answers: dict[str, Any] = {"engine": engine_line()}
    answers["perft"] = perft_counts(args.quick)
    answers["search"] = searches(args.quick)
    answers["hub"] = hub_session(args.quick)
    answers["seconds"] = round(time.perf_counter() - began, 2)
    json.dump(answers, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
