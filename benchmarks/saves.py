"""Saved games: how fast the Games screen opens with 1 000 saved games, and how big a saved
Chapaev match is.

Run from the repository root:  .venv/bin/python benchmarks/saves.py [COUNT]
Writes COUNT games (default 1000, all four games mixed) into a temporary data folder, then
times: listing them with no index (the first open: every file read once), listing them with
the index, and opening the Games screen (the list read and the first frame drawn, thumbnails
drawn lazily a few per frame). Then plays whole Chapaev matches between random players and
reports the size of their records (plain and gzipped) and the time to save and load one.
"""
from __future__ import annotations

import gzip
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.play import BoardPlay, ChapaevPlay, RandomPlayer  # noqa: E402
from game.play.board_record import record_of_board  # noqa: E402
from game.play.chapaev_record import record_of_chapaev  # noqa: E402
from game.play.clock import ClockSpec  # noqa: E402
from game.rules.core import Color  # noqa: E402
from game.saves import Saves, dumps  # noqa: E402


def fill(store: Saves, count: int) -> None:
    rng = random.Random(1)
    records = []
    for variant in ("russian", "international", "apokachi"):
        for _ in range(5):
            play = BoardPlay(variant)
            for _ in range(rng.randint(10, 60)):
                if play.is_over:
                    break
                play.play(rng.choice(play.game.legal_moves()))
            records.append(record_of_board(play))
    # games with options their lines name (with фук at 5+3, a small Apokachi board)
    for variant, options, clock in (("russian", {"huff": True}, ClockSpec(5, 3)),
                                    ("apokachi", {"size": 7}, None)):
        play = BoardPlay(variant, options, clock=clock)
        for _ in range(rng.randint(10, 30)):
            if play.is_over:
                break
            play.play(rng.choice(play.game.legal_moves()))
        records.append(record_of_board(play))
    chapaev = ChapaevPlay(seats={c: RandomPlayer(random.Random(2)) for c in Color})
    for _ in range(12):
        if chapaev.waiting_next_round:
            chapaev.next_round()
        if chapaev.is_over or chapaev.update() is None:
            break
        chapaev.finish_shot()
    records.append(record_of_chapaev(chapaev))
    for i in range(count):
        store.keep(None, records[i % len(records)], name=f"game {i}")


def best_of(runs: int, work) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return min(times)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    root = Path(tempfile.mkdtemp(prefix="shashki-bench-"))
    store = Saves(root)
    began = time.perf_counter()
    fill(store, count)
    print(f"{count} saved games written in {time.perf_counter() - began:.2f} s "
          f"({sum(p.stat().st_size for p in store.games_dir.iterdir()) // 1024} KB)")

    def cold() -> None:
        store.index_path.unlink(missing_ok=True)
        assert len(store.entries()) == count

    print(f"list with no index (first open):  {best_of(3, cold) * 1000:7.1f} ms")
    store.entries()
    print(f"list with the index:              {best_of(5, lambda: store.entries()) * 1000:7.1f} ms")

    from game.app import FIXED_DT, App
    from game.scenes.games.games_screen import GamesScene
    from game.scenes.menu import MenuScene
    from game.settings import MemoryStore

    app = App(MemoryStore(), size=(1280, 800), language="ru")
    app.saves = store  # type: ignore[attr-defined]
    app.start(MenuScene(app))
    app.frame(FIXED_DT)

    def open_screen() -> None:
        app.scenes.push(GamesScene(app))
        app.frame(FIXED_DT)  # the switch and the first frame, with its first thumbnails
        app.scenes.pop()
        app.frame(FIXED_DT)

    print(f"open the Games screen (first frame): {best_of(5, open_screen) * 1000:5.1f} ms "
          f"(target < 300 ms)")
    screen = GamesScene(app)
    app.scenes.push(screen)
    app.frame(FIXED_DT)
    if hasattr(screen, "set_filter"):
        def switch() -> None:
            for name in ("unfinished", "finished", "all"):
                screen.set_filter(name)
                screen.draw(app.screen, 0.0)  # the list as it shows then (an idle frame
                # would skip drawing)

        print(f"switch the filter and draw (each of 3): {best_of(5, switch) * 1000 / 3:5.1f} ms")
    app.scenes.pop()
    app.frame(FIXED_DT)

    sizes, gz, save_ms, load_ms, shots = [], [], [], [], []
    for seed in range(5):
        play = ChapaevPlay(seats={c: RandomPlayer(random.Random(seed * 2 + (c is Color.BLACK)))
                                  for c in Color})
        play.run(max_shots=400)
        record = record_of_chapaev(play)
        began = time.perf_counter()
        text = dumps(record)
        game_id = store.keep(None, record)
        save_ms.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        store.open_game(game_id)  # read, decoded and replayed
        load_ms.append((time.perf_counter() - began) * 1000)
        sizes.append(len(text.encode()))
        gz.append(len(gzip.compress(text.encode())))
        shots.append(len(play.shots))
    print(f"a whole Chapaev match (random players, {min(shots)}-{max(shots)} shots): "
          f"{statistics.median(sizes) / 1024:.1f} KB median "
          f"({min(sizes) / 1024:.1f}-{max(sizes) / 1024:.1f}), "
          f"{statistics.median(gz) / 1024:.1f} KB gzipped; "
          f"{statistics.median(sizes) / statistics.median(shots):.0f} bytes a shot; "
          f"save {statistics.median(save_ms):.1f} ms, load {statistics.median(load_ms):.1f} ms")


if __name__ == "__main__":
    main()
