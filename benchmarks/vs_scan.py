"""International draughts: our level 8 against Scan 2.0 (Fabien Letouzey's engine, GPL), at time
odds: the ladder of issue 51 ("at least 50 % at 10x time odds, at least 25 % at 3x, over at least
40 games each from varied openings").

Scan is not part of the game and is not downloaded by this script. Build it once from its public
source (the "Scan 2.0" commit of github.com/rhalbersma/scan), in a folder of its own:

    git clone https://github.com/rhalbersma/scan && cd scan && git checkout 57082ee
    make -C src && cp src/scan .          # the folder keeps scan.ini and data/

then, with the compiled engine as a player installs it:

    python tools/build_native.py
    SHASHKI_NATIVE_DIR=build/native python benchmarks/vs_scan.py --scan ~/scan \\
        --games 40 --time 1.0 --odds 10 [--odds 50 --odds 3] [--pdn games.pdn]

Scan is driven through the early text protocol of its 2.0 release ("scan hub": ``pos`` with the
whole board, ``time`` in milliseconds a move, ``go``, answered by ``move 33-29`` or
``move 28x19x23``); it keeps its opening book (as in its own play) and its four-piece bitbases,
one search thread, a 2^22-entry table (64 MiB, as our side's). Scan is told the position before
each of its moves, so it knows no history: the draw rules are ours, applied to the whole game.
Scan finishes the iteration under way when its time is up, so at a very short time it takes
more than it was given (about 0.08 s a move when given 0.02 s): each rung prints the wall time
both sides really took a move and the real odds beside the asked ones.

Each pair of games starts from one random opening of ``--opening-plies`` plies (a random move
by each side, default 2 plies), once with either colour. Games are played to the end by our
rules (draw rules on), or scored a draw after 300 plies. Every move is checked both ways: a move
Scan plays that our rules do not allow stops the match with an error.

``--jobs`` games run at once (default 2 on two cores: in each game only one engine thinks at a
time, so each game takes one core). Our level 8 searches on ``--processes`` processes (default
1; the search-processes setting of a player's window is 2 on two cores, but with two games at
once the helpers would take the other game's core).
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import choose_move  # noqa: E402
from game.ai.match import Score, table  # noqa: E402
from game.ai.table import TranspositionTable, table_megabytes  # noqa: E402
from game.ai.hub import HubError, hub_move  # noqa: E402
from game.play.hub_seat import hub_position  # noqa: E402
from game.rules import Color, Game, Move, find_variant  # noqa: E402
from game.rules.draughts import DraughtsGame  # noqa: E402
from game.rules.international import International  # noqa: E402
from game.rules.pdn import write_pdn  # noqa: E402
from game.rules.text import clean  # noqa: E402

MAX_PLIES = 300
#: how long Scan may take to answer beyond its time before the game is stopped as an error
GRACE = 10.0


class ScanError(RuntimeError):
    """Scan said or did something the match cannot go on from."""


def hub_board(game: Game) -> str:
    """The position in Scan 2.0's ``pos`` form: Hub's (squares 1-50, each ``w``/``b`` a man,
    ``W``/``B`` a king, ``e`` empty) with the side to move in small letters (w/b)."""
    text = hub_position(game)
    return text[0].lower() + text[1:]


def from_scan(game: Game, text: str) -> Move:
    """Scan's move (``33-29``, or ``28x19x23``: start, end, then the captured squares, Hub's
    form) as our legal move with the same start, end and captured pieces."""
    assert isinstance(game, International)
    try:
        return hub_move(game, text)
    except HubError as error:
        raise ScanError(f"Scan played a move our rules do not read or allow ({error}) in "
                        f"{game.fen()}") from None


class Scan:
    """One Scan 2.0 process in its text protocol, started in its own folder (it reads
    ``scan.ini`` and ``data/`` from there)."""

    def __init__(self, folder: Path, table_bits: int = 22) -> None:
        self.proc = subprocess.Popen([str(folder / "scan"), "hub"], cwd=folder, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=1)
        self.send("hub", f"set tt-size {table_bits}", "set threads 1", "init")
        self.wait_for("ready", 120.0)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines))
        self.proc.stdin.flush()

    def wait_for(self, word: str, seconds: float) -> str:
        """The first line that starts with ``word`` (Scan's ``info`` lines are passed over)."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise ScanError(f"Scan stopped (exit {self.proc.poll()}) before '{word}'")
            if line.startswith("error"):
                raise ScanError(f"Scan said: {clean(line, 120)}")
            if line.split()[:1] == [word]:
                return line.strip()
        raise ScanError(f"Scan did not say '{word}' in {seconds:.0f} s")

    def new_game(self) -> None:
        self.send("new")

    def play(self, game: Game, seconds: float) -> Move:
        self.send(f"pos {hub_board(game)}", f"time {max(1, round(seconds * 1000))}", "go")
        answer = self.wait_for("move", seconds + GRACE).split()
        if len(answer) < 2:
            raise ScanError(f"Scan answered {clean(' '.join(answer), 60)!r} without a move")
        return from_scan(game, answer[1])

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


_SCAN: Scan | None = None


def _scan(folder: str) -> Scan:
    """This worker process's Scan, started on its first game and kept for the others."""
    global _SCAN
    if _SCAN is None or _SCAN.proc.poll() is not None:
        _SCAN = Scan(Path(folder))
    return _SCAN


def play(index: int, ours: float, theirs: float, seed: int, folder: str, plies: int,
         processes: int) -> tuple[str, int, str, str, list[float]]:
    """Game ``index``: (our result "+"/"="/"-", plies, how it ended, the game as PDN, and
    the wall time each side spent: [our seconds, our moves, Scan's seconds, Scan's moves])."""
    scan = _scan(folder)
    scan.new_game()
    opening = random.Random(seed * 1000 + index // 2)
    rng = random.Random(seed * 7919 + index)
    game = find_variant("international").new()
    assert isinstance(game, DraughtsGame)
    for _ in range(plies):
        game.push(opening.choice(game.legal_moves()))
    we_white = index % 2 == 0
    tt = TranspositionTable(table_megabytes(64), shared=processes > 1)
    spent = [0.0, 0.0, 0.0, 0.0]
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        began = time.perf_counter()
        if (game.turn is Color.WHITE) == we_white:
            move = choose_move(game, 8, rng, time=ours, tt=tt, processes=processes)
            side = 0
        elif len(game.legal_moves()) == 1:
            move = game.legal_moves()[0]
            side = -1
        else:
            move = scan.play(game, theirs)
            side = 2
        if side >= 0:
            spent[side] += time.perf_counter() - began
            spent[side + 1] += 1
        game.push(move)
    outcome = game.outcome()
    names = ("Shashki 8", "Scan 2.0") if we_white else ("Scan 2.0", "Shashki 8")
    record = write_pdn(game, {"Event": f"vs_scan {ours} s against {theirs} s, seed {seed}, "
                                       f"game {index + 1}",
                              "White": names[0], "Black": names[1]})
    if outcome is None or outcome.winner is None:
        how = "300 plies" if outcome is None else outcome.termination.name.lower()
        return "=", len(game.move_stack), how, record, spent
    won = (outcome.winner is Color.WHITE) == we_white
    return ("+" if won else "-"), len(game.move_stack), outcome.termination.name.lower(), \
        record, spent


def rung(args: argparse.Namespace, odds: float) -> tuple[Score, list[str], float]:
    theirs = args.time / odds
    began = time.perf_counter()
    score = Score()
    records: list[str] = []
    n = args.games
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(play, range(n), [args.time] * n, [theirs] * n, [args.seed] * n,
                           [str(args.scan.resolve())] * n, [args.opening_plies] * n,
                           [args.processes] * n)
        spent = [0.0, 0.0, 0.0, 0.0]
        for i, (mark, plies, how, record, used) in enumerate(results):
            records.append(record)
            score.add(mark)
            spent = [a + b for a, b in zip(spent, used)]
            colour = "White" if i % 2 == 0 else "Black"
            print(f"  game {i + 1}: {mark} as {colour}, {plies} plies, {how}", flush=True)
    print(f"== {odds:g}x odds: level 8 at {args.time} s/move against Scan 2.0 at "
          f"{theirs:.3f} s/move, {n} games, {time.perf_counter() - began:.0f} s, "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    ours_took = spent[0] / max(spent[1], 1)
    theirs_took = spent[2] / max(spent[3], 1)
    # Scan ends the iteration under way when its time is up, so a very short time is not
    # what it takes: the odds the games were really played at are these
    print(f"   time a move (wall, moves with a choice): level 8 {ours_took:.3f} s, Scan "
          f"{theirs_took:.3f} s: real odds {ours_took / max(theirs_took, 1e-9):.1f}x", flush=True)
    print(table("level 8", "Scan 2.0", score), flush=True)
    return score, records, ours_took / max(theirs_took, 1e-9)


def main() -> None:
    from game.native import engine_line

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scan", type=Path, required=True,
                        help="Scan 2.0's folder: the scan program, scan.ini and data/")
    parser.add_argument("--games", type=int, default=40, help="games at each odds (even)")
    parser.add_argument("--time", type=float, default=1.0, help="our seconds a move")
    parser.add_argument("--odds", type=float, action="append",
                        help="our time over Scan's (repeat for a ladder; default 10)")
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--processes", type=int, default=1, help="our search processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pdn", type=Path, help="write every game to this PDN file")
    args = parser.parse_args()
    if not (args.scan / "scan").is_file() or not (args.scan / "scan.ini").is_file():
        raise SystemExit(f"{args.scan}: no scan program and scan.ini there (see --help)")
    print(f"{engine_line()}; cores {os.cpu_count()}", flush=True)
    records: list[str] = []
    summary = []
    for odds in args.odds or [10.0]:
        score, games, real = rung(args, odds)
        records += games
        elo, err = score.elo()
        summary.append(f"{odds:g}x (really {real:.1f}x): {score.points:g}/{score.n} "
                       f"(+{score.wins} ={score.draws} -{score.losses}), "
                       f"Elo {elo:+.0f} +/- {err:.0f}")
    print("== ladder: " + "; ".join(summary))
    if args.pdn is not None:
        args.pdn.write_text("\n".join(records), encoding="utf-8")


if __name__ == "__main__":
    main()
