"""Level 8 against itself with one thing changed: evaluation weights or search settings.

    python benchmarks/ab_engine.py --a mobility=3 --games 200 --time 0.1 --jobs 2
    python benchmarks/ab_engine.py --a-share 0.9 --games 160 --time 0.2
    python benchmarks/ab_engine.py --a-lmr 3,3,99,99 --games 200 --time 0.1
    python benchmarks/ab_engine.py --a-rfp 0,0 --games 200 --time 0.1
    python benchmarks/ab_engine.py --b-drawish off --games 200 --time 0.1
    python benchmarks/ab_engine.py --b-malus off --games 200 --time 0.1
    python benchmarks/ab_engine.py --b-exchanges off --games 200 --time 0.1
    python benchmarks/ab_engine.py --a-eval data/international-new.json --games 200 --time 0.1
    python benchmarks/ab_engine.py --variant russian --b-eval hand --games 100 --time 1
    python benchmarks/ab_engine.py --a-book data/international-book.json --games 100 --time 0.1
    python benchmarks/ab_engine.py --a-tables /tmp/international.egtb --starts data/in-5.jsonl \
        --pieces 5-7 --games 400 --time 0.1

Player A and player B are both the game's level 8 (book, tables, threat search) from the start
position, colours alternating; each plays with its own hand-made evaluation weights
(``--a``/``--b``: ``name=value`` pairs of :class:`game.ai.eval_draughts.Weights`, applied to
the game's own weights; with weights given both sides play the hand-made evaluation, in
International too, where the game plays the fitted one), its own share of the time after
which no new iteration is begun (``--a-share``, :data:`game.ai.search.NEXT_ITERATION`) and
its own late-move reductions (``--a-lmr``, :data:`game.ai.search.LMR`), reverse futility
(``--a-rfp``), International's scaling of a hard-to-win lead (``--a-drawish``), the
history's malus for the quiet moves searched before a cut-off (``--a-malus``) and
International's exchanges at the horizon (``--a-exchanges``), all set through
:data:`game.ai.search.TUNING` (which a compiled search reads too), and its own opening book
(``--a-book``, a file ``tools/make_book.py --out`` wrote) and its own endgame tables
(``--a-tables``, a file ``tools/endgame.py --out`` wrote, or ``none``). With nothing given
both are the game's engine, and the score shows what chance alone does at that number of
games. ``--starts`` (positions ``tools/selfplay.py`` wrote) with ``--pieces LO-HI`` plays
from positions of that many pieces instead of the start, each position once from either
side: the endgame, where a table's worth shows, without a hundred plies to reach it.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import book as ai_book  # noqa: E402
from game.ai import draughts as ai_draughts  # noqa: E402
from game.ai import endgame as ai_endgame  # noqa: E402
from game.ai import eval_draughts  # noqa: E402
from game.ai import eval_learned  # noqa: E402
from game.ai.data import read_data  # noqa: E402
from game.ai.levels import choose_move  # noqa: E402
from game.ai.match import (EXTRA_PLAYERS, Player, Score, run_match, table,  # noqa: E402
                           time_share)
from game.ai.options import set_engine  # noqa: E402
from game.rules import find_variant  # noqa: E402
from game.rules.draughts import DraughtsGame  # noqa: E402

# the package's ``search`` is the function: the module is taken from the import system
search_module: Any = importlib.import_module("game.ai.search")


def weights(text: str, base: eval_draughts.Weights) -> eval_draughts.Weights:
    """``base`` with the ``name=value`` pairs of ``text`` (comma separated) changed."""
    changes: dict[str, int] = {}
    names = {f.name for f in dataclasses.fields(eval_draughts.Weights)}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in names or not value.lstrip("-").isdigit():
            raise SystemExit(f"not a weight: {item!r} (weights: {', '.join(sorted(names))})")
        changes[name] = int(value)
    return dataclasses.replace(base, **changes)


def whole_numbers(text: str, option: str, names: str) -> list[int]:
    """``text``'s comma-separated whole numbers, as many as ``names`` (comma-separated) says."""
    parts = text.split(",")
    if len(parts) != len(names.split(",")) or not all(p.isdigit() for p in parts):
        raise SystemExit(f"--{option} is {len(names.split(','))} whole numbers ({names}), "
                         f"not {text!r}")
    return [int(p) for p in parts]


def lmr(text: str) -> tuple[int, int, int, int]:
    a, b, c, d = whole_numbers(text, "lmr", "depth,index,depth,index")
    return a, b, c, d


def rfp(text: str) -> tuple[int, int]:
    depth, margin = whole_numbers(text, "rfp", "depth,margin")
    return depth, margin


def engine(ten: eval_draughts.Weights, eight: eval_draughts.Weights, tuning: Any,
           hand: bool, learned_file: Path | None = None, book_file: Path | None = None,
           tables_file: str | None = None) -> Any:
    """A player factory: level 8 with these settings (``tuning``, a
    :class:`game.ai.search.Tuning`, copied into the search's own before each move, as the
    two players share one process); ``hand``: the hand-made evaluation in every game;
    ``learned_file``: the learned evaluation's weights read from this file instead of the
    game's own (a fit to try before it replaces assets/eval/); ``book_file``: the opening
    book read from this file instead of the game's own (one to try before assets/book/);
    ``tables_file``: the endgame tables read from this file instead of the game's own
    ("none": no tables)."""
    raw = None if learned_file is None else learned_file.read_bytes()
    tables_raw = (None if tables_file in (None, "none")
                  else Path(str(tables_file)).read_bytes())
    book = None if book_file is None else ai_book.Book.read(book_file.read_bytes(),
                                                            str(book_file))

    def make(seconds: float | None) -> Player:
        def play(game: Any, rng: Any) -> Any:
            # a weights file is played in every game (Russian's own engine plays the hand-made
            # evaluation: "current" would leave the file unread there)
            set_engine(eval="hand" if hand else "learned" if raw is not None else "current")
            ai_draughts.INTERNATIONAL_WEIGHTS, ai_draughts.RUSSIAN_WEIGHTS = ten, eight
            search_module.TUNING.take(tuning)
            if raw is not None:
                key = (game.name, id(game._tables))
                own = _TRIED.get((key, raw))
                if own is None:
                    own = _TRIED[(key, raw)] = eval_learned.LearnedEval(
                        game._tables, eval_learned.load_weights(raw, game._tables))
                eval_learned._LOADED[key] = own
            else:
                eval_learned._LOADED.pop((game.name, id(game._tables)), None)
            ai_book._LOADED[game.name] = book if book is not None else own_book(game.name)
            ai_endgame._LOADED[game.name] = (
                None if tables_file == "none"
                else own_tables(game) if tables_raw is None
                else tried_tables(game, tables_raw, str(tables_file)))
            return choose_move(game, 8, rng, time=seconds)
        return play
    return make


#: the evaluations built from --a-eval/--b-eval files, by game tables and file bytes
_TRIED: dict[Any, Any] = {}
#: the games' own opening books, read from the assets (not through the book module's cache,
#: which holds whichever side's book moved last)
_OWN_BOOKS: dict[str, Any] = {}


#: the endgame tables read from --a-tables/--b-tables files and the games' own, by game
_TABLES: dict[Any, Any] = {}


def own_tables(game: Any) -> Any:
    """The game's shipped endgame tables (None if it has none)."""
    key = (game.name, "own")
    if key not in _TABLES:
        raw = read_data("endgame", ai_endgame.file_name(game.name))
        _TABLES[key] = None if raw is None else ai_endgame.EndgameTable(game._tables, raw)
    return _TABLES[key]


def tried_tables(game: Any, raw: bytes, name: str) -> Any:
    """The endgame tables of a file given for one side."""
    key = (game.name, name)
    if key not in _TABLES:
        _TABLES[key] = ai_endgame.EndgameTable(game._tables, raw, name)
    return _TABLES[key]


def start_positions(variant: str, path: Path, pieces: str, count: int, seed: int) -> list[str]:
    """``count`` positions of ``pieces`` ("LO-HI") pieces from a file of positions
    (``tools/selfplay.py``: one JSON object a line with wm, wk, bm, bk and w), different ones
    chosen at random, none with a capture pending or already over."""
    lo, _, hi = pieces.partition("-")
    if not (lo.isdigit() and (hi or lo).isdigit()):
        raise SystemExit(f"--pieces is LO-HI, a number of pieces on the board, not {pieces!r}")
    low, high = int(lo), int(hi or lo)
    cls = find_variant(variant)
    if not issubclass(cls, DraughtsGame):
        raise SystemExit(f"--starts: {variant} is not a draughts game")
    seen: set[tuple[int, int, int, int, bool]] = set()
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            key = (int(row["wm"]), int(row["wk"]), int(row["bm"]), int(row["bk"]),
                   bool(row["w"]))
            if low <= sum(int(n).bit_count() for n in key[:4]) <= high:
                seen.add(key)
    chosen: list[str] = []
    candidates = sorted(seen)
    random.Random(seed).shuffle(candidates)
    for wm, wk, bm, bk, white in candidates:
        game = cls(wm, wk, bm, bk, white, cls.check_options({}))
        if game.outcome() is None and not game.capture_required():
            chosen.append(game.fen())
            if len(chosen) == count:
                break
    if len(chosen) < count:
        raise SystemExit(f"{path} has {len(chosen)} usable positions of {pieces} pieces, "
                         f"not {count}")
    return chosen


def own_book(game: str) -> Any:
    """The game's shipped opening book (None if it has none)."""
    if game not in _OWN_BOOKS:
        raw = read_data("book", ai_book.file_name(game))
        _OWN_BOOKS[game] = None if raw is None else ai_book.Book.read(raw, game)
    return _OWN_BOOKS[game]


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=0.1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    default_lmr = ",".join(str(n) for n in search_module.LMR)
    default_rfp = ",".join(str(n) for n in search_module.RFP)
    for side in ("a", "b"):
        parser.add_argument(f"--{side}", default="", help="weights: name=value,...")
        parser.add_argument(f"--{side}-share", type=time_share,
                            default=search_module.NEXT_ITERATION)
        parser.add_argument(f"--{side}-lmr", default=default_lmr)
        parser.add_argument(f"--{side}-rfp", default=default_rfp,
                            help="reverse futility: depth,margin (0,0: none)")
        parser.add_argument(f"--{side}-drawish", choices=("on", "off"), default="on",
                            help="International: a lead held with three pieces or fewer, or "
                            "with a king each and the men within one, scaled down (off: only "
                            "a lone king against at most three)")
        parser.add_argument(f"--{side}-malus", choices=("on", "off"), default="on",
                            help="a quiet move's cut-off counts against the quiet moves "
                            "searched before it (off: only for the move that cut off)")
        parser.add_argument(f"--{side}-exchanges", choices=("on", "off"), default="on",
                            help="International: at the horizon, the men's moves that offer "
                            "a man for a man are followed too (off: captures only)")
        parser.add_argument(f"--{side}-eval", default=None,
                            help="a learned evaluation's weights file (tools/fit_eval.py "
                            "--out) for this side instead of the game's own, or 'hand': "
                            "the hand-made evaluation (Russian's level 8 before it played "
                            "fitted weights)")
        parser.add_argument(f"--{side}-book", type=Path, default=None,
                            help="an opening book (tools/make_book.py --out) for this side "
                            "instead of the game's own")
        parser.add_argument(f"--{side}-tables", default=None,
                            help="endgame tables (tools/endgame.py --out) for this side "
                            "instead of the game's own, or 'none'")
    parser.add_argument("--starts", type=Path, default=None,
                        help="play from positions of this file (tools/selfplay.py) instead "
                        "of the start; with --pieces")
    parser.add_argument("--pieces", default="5-7",
                        help="with --starts: how many pieces the positions have, LO-HI")
    args = parser.parse_args()
    find_variant(args.variant)  # an unknown game is refused before the match starts
    for side in ("a", "b"):
        tuning = search_module.Tuning()
        tuning.next_iteration = getattr(args, f"{side}_share")
        tuning.lmr = lmr(getattr(args, f"{side}_lmr"))
        tuning.rfp = rfp(getattr(args, f"{side}_rfp"))
        tuning.drawish = getattr(args, f"{side}_drawish") == "on"
        tuning.malus = getattr(args, f"{side}_malus") == "on"
        tuning.exchanges = getattr(args, f"{side}_exchanges") == "on"
        chosen = getattr(args, f"{side}_eval")
        hand = chosen == "hand"
        try:
            EXTRA_PLAYERS[side.upper()] = engine(
                weights(getattr(args, side), eval_draughts.INTERNATIONAL_WEIGHTS),
                weights(getattr(args, side), eval_draughts.RUSSIAN_WEIGHTS),
                tuning, bool(args.a or args.b) or hand,
                None if chosen is None or hand else Path(chosen),
                getattr(args, f"{side}_book"), getattr(args, f"{side}_tables"))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"--{side}-eval / --{side}-book / --{side}-tables: "
                             f"{error}") from None
    starts = None
    if args.starts is not None:
        try:
            starts = start_positions(args.variant, args.starts, args.pieces,
                                     (args.games + 1) // 2, args.seed)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"--starts: {error}") from None
    began = time.perf_counter()

    def report(done: int, score: Score) -> None:
        if done % 20 == 0 or done == args.games:
            print(f"{done} games: A {score.wins} wins, {score.draws} draws, {score.losses} "
                  f"losses ({time.perf_counter() - began:.0f} s)", flush=True)

    score = run_match(args.variant, "A", "B", args.games, time=args.time, seed=args.seed,
                      jobs=args.jobs, report=report, starts=starts)

    def said(side: str) -> str:
        return (f"--{side} {getattr(args, side)!r} share {getattr(args, side + '_share')} "
                f"lmr {getattr(args, side + '_lmr')} rfp {getattr(args, side + '_rfp')} "
                f"drawish {getattr(args, side + '_drawish')} "
                f"malus {getattr(args, side + '_malus')} "
                f"exchanges {getattr(args, side + '_exchanges')} "
                f"eval {getattr(args, side + '_eval') or 'own'} "
                f"book {getattr(args, side + '_book') or 'own'} "
                f"tables {getattr(args, side + '_tables') or 'own'}")

    where = "" if starts is None else f", from {len(starts)} positions of {args.pieces} pieces"
    print(f"== {args.variant}: A ({said('a')}) vs B ({said('b')}), {args.games} games, "
          f"{args.time} s/move{where}")
    print(table("A", "B", score))


if __name__ == "__main__":
    main()
