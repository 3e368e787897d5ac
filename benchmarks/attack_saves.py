"""An attack on the game files: several hundred damaged records of every game, files of every
odd kind, hostile PDN and pasted text, and programs killed at random moments while they save.

Run from the repository root:  .venv/bin/python benchmarks/attack_saves.py [--rounds N]
[--mutations N] [--kills N] [--seed S]

Everything goes through the store (game/saves.py) and the records (game/play/records.py) the
way the screens call them: listing the Games screen, opening a game, keeping (autosave) a game
over a file, deleting, reading PDN files, pasting; and the Games screen's pictures
(game/ui/thumbs.py) of whatever a listing gives. It counts:

- exceptions: anything raised other than the store's SaveError (a file's fault, said to the
  player) -- a crash in the game;
- stalls: one call taking over 1 s (2 s for the 300 MB index);
- files lost: a file of the player's that is neither where it was nor where a notice said it
  was moved, or a game kept before a kill that is gone or does not replay after it.

The last phase drives the same kinds of files through the real screens (the app off-screen,
posted events): the menu's Continue, Games -> Enter, Del, a dropped file, a paste on the Games
screen and over a game in progress, and the board and Chapaev screens killed while they keep
their game; there a message must name the file it refuses, and the game in progress must
still be there.

The target is 0 exceptions, 0 stalls, 0 files lost.
"""
from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.i18n import set_language  # noqa: E402
from game.play.record_format import RecordError  # noqa: E402
from game.play.records import play_from_record  # noqa: E402
from game.saves import MAX_PASTE_CHARS, PdnReading, SaveError, Saves, dumps, pdn_game, \
    read_pasted  # noqa: E402
from game.ui import thumbs  # noqa: E402
from tests.saves.damage import damaged, sample_records  # noqa: E402

GAME_ID = "20260101-000000-abcdef"
STALL = 1.0


class Tally:
    """What went wrong, by kind and by case."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.cases: Counter[str] = Counter()
        self.notes: list[str] = []
        self.slowest = (0.0, "", 1.0)  # CPU s, what, its limit: the nearest to a stall
        self.slowest_wall = (0.0, "")
        self.uncounted = (0.0, "")

    def call(self, what: str, action: Callable[[], Any], *, limit: float = STALL) -> Any:
        """``action()``: a SaveError is an answer (returned), anything else an exception; a
        call that takes over ``limit`` seconds of this process's CPU a stall. (CPU time: on a
        machine shared with other jobs the wall clock measures them too; on an idle one the
        two agree. The longest wall time is reported beside it.)"""
        started = time.perf_counter()
        cpu = time.process_time()
        try:
            return action()
        except SaveError as error:
            return error
        except Exception:  # noqa: BLE001 - counting them is the point
            self.fail("exceptions", what, traceback.format_exc(limit=6))
            return None
        finally:
            spent = time.process_time() - cpu
            wall = time.perf_counter() - started
            if limit == math.inf:  # timed only (a whole file read at once: no screen does)
                if spent > self.uncounted[0]:
                    self.uncounted = (spent, what)
            elif spent / limit > self.slowest[0] / self.slowest[2]:
                self.slowest = (spent, what, limit)
            if wall > self.slowest_wall[0]:
                self.slowest_wall = (wall, what)
            if spent > limit:
                self.fail("stalls", what, f"{spent:.2f} s of CPU ({wall:.2f} s on the clock)")

    def fail(self, kind: str, what: str, detail: str = "") -> None:
        self.counts[kind] += 1
        if len(self.notes) < 30:
            self.notes.append(f"[{kind}] {what}: {detail.strip()[-900:]}")

    def case(self, kind: str) -> None:
        self.cases[kind] += 1


def fresh(base: Path, name: str) -> Path:
    folder = base / name
    if folder.exists():
        shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def draw_pictures(tally: Tally, store: Saves, what: str) -> None:
    """The Games screen's pictures of whatever the listing gives."""
    entries = tally.call(f"{what}: list", store.entries)
    if not isinstance(entries, list):
        return
    for entry in entries:
        tally.call(f"{what}: problem text", entry.problem_message)
        if entry.summary is not None:
            tally.call(f"{what}: picture", lambda e=entry: thumbs.thumbnail(
                e.summary.game, e.summary.picture, 60))


def same_bytes_somewhere(raw: bytes, places: list[Path]) -> bool:
    for place in places:
        try:
            if place.is_file() and place.read_bytes() == raw:
                return True
        except OSError:
            continue
    return False


def noticed_paths(notices: list[SaveError]) -> list[Path]:
    return [Path(str(n.values["path"])) for n in notices if "path" in n.values]


# --- damaged records -----------------------------------------------------------------------------
def attack_damaged(tally: Tally, base: Path, rng: random.Random, rounds: int) -> None:
    """Records that decode but do not replay: in games/, as an older version's current.json,
    and written over by a keep; each refused by name and kept byte for byte."""
    for round_ in range(rounds):
        for record in sample_records(rng):
            for what, bad in damaged(record, rng):
                tally.case("damaged records")
                raw = dumps(bad).encode()
                check_replay(tally, what, bad)
                folder = fresh(base, "damaged")
                store = Saves(folder)
                store.games_dir.mkdir(parents=True)
                path = store.games_dir / f"{GAME_ID}.json"
                path.write_bytes(raw)
                draw_pictures(tally, store, what)
                answer = tally.call(f"{what}: open", lambda: store.open_game(GAME_ID))
                if not isinstance(answer, SaveError):
                    tally.fail("exceptions" if answer is None else "accepted", what,
                               "a record that does not replay was opened")
                elif f"{GAME_ID}.json" not in answer.message():
                    tally.fail("unnamed", what, answer.message())
                if path.read_bytes() != raw:
                    tally.fail("files lost", what, "changed by listing or opening")
                # written over by the next save of that id (another program changed it)
                tally.call(f"{what}: keep over", lambda: store.keep(GAME_ID, record))
                notices = store.take_notices()
                if not same_bytes_somewhere(raw, noticed_paths(notices)):
                    tally.fail("files lost", what, "written over without being set aside")
                # an older version's game in progress
                folder = fresh(base, "current")
                (folder / "current.json").write_bytes(raw)
                store = Saves(folder)
                tally.call(f"{what}: start", store.entries)
                tally.call(f"{what}: keep", lambda: store.keep(None, record))
                notices = store.take_notices()
                if not same_bytes_somewhere(raw, noticed_paths(notices)):
                    tally.fail("files lost", what, "current.json lost")
                elif not any("current.json" in n.message() for n in notices):
                    tally.fail("unnamed", what, "the notice does not name current.json")


def check_replay(tally: Tally, what: str, record: dict[str, Any]) -> None:
    try:
        play_from_record(json.loads(dumps(record)), with_seats=False)
    except RecordError:
        return
    except Exception:  # noqa: BLE001
        tally.fail("exceptions", f"{what}: replay", traceback.format_exc(limit=6))
        return
    tally.fail("accepted", what, "replayed")


# --- random mutations ----------------------------------------------------------------------------
JUNK: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, 1e300, -1e300, "", "W²", "x" * 10_000,
                         [], {}, [[]], [1.0, 2.0], {"x": {"y": [None]}}, "NaN", "٣", "\ud7ff",
                         [["W0", [1], {"a": 1}, None]], 10**30)


def nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from nodes(inner, path + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:40]):
            yield from nodes(inner, path + (i,))


def mutate(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    out = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in nodes(out) if p]
        path = rng.choice(paths)
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        choice = rng.random()
        if choice < 0.15 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))
    return out


def attack_mutations(tally: Tally, base: Path, rng: random.Random, count: int) -> None:
    """Records with random parts replaced by junk: each either a game or a SaveError, its
    picture drawable, nothing raised."""
    records = [r for _ in range(3) for r in sample_records(rng)]
    for n in range(count):
        tally.case("mutated records")
        bad = mutate(rng.choice(records), rng)
        what = f"mutation {n} of {bad.get('game')!r}"
        folder = fresh(base, "mutation")
        store = Saves(folder)
        store.games_dir.mkdir(parents=True)
        raw = dumps(bad).encode()
        path = store.games_dir / f"{GAME_ID}.json"
        path.write_bytes(raw)
        draw_pictures(tally, store, what)
        opened = tally.call(f"{what}: open", lambda: store.open_game(GAME_ID))
        if opened is not None and not isinstance(opened, SaveError):
            opened.play.close()
        if path.read_bytes() != raw:
            tally.fail("files lost", what, "changed by listing or opening")
        # and through a hostile index: the summary itself mutated
        index = {"version": 2, "entries": {GAME_ID: {
            "stamp": [path.stat().st_mtime_ns, path.stat().st_size],
            "summary": mutate({"game": "chapaev", "name": "x", "players": ["a", "b"],
                               "saved": "", "result": "*", "finished": False,
                               "picture": {"discs": [["W0", 1.0, 1.0, 0.0]],
                                           "fen": "W:Wc3:Bf6"}}, rng)}}}
        store.index_path.write_text(json.dumps(index))
        draw_pictures(tally, Saves(folder), f"{what} (index)")


# --- bytes and odd kinds of files ------------------------------------------------------------------
def byte_damage(raw: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0:
        return raw[:rng.randrange(len(raw))]
    if kind == 1:
        data = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 2:
        at = rng.randrange(len(raw))
        return raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 50))) + raw[at:]
    if kind == 3:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 4000)))
    if kind == 4:
        return b"\xef\xbb\xbf" + raw
    return raw.replace(b'"', b"'", rng.randint(1, 5))


HOSTILE_BYTES: dict[str, bytes] = {
    "empty": b"", "spaces": b" \n\t" * 100, "nul": b"\x00" * 1000, "pickle": b"\x80\x04\x95x.",
    "deep": b"[" * 200_000 + b"]" * 200_000, "deep object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "big number": b'{"format":"shashki-game","version":1' + b"0" * 5000 + b"}",
    "nan": b'{"format":"shashki-game","version":1,"game":"russian","x":NaN}',
    "long string": b'{"format":"shashki-game","version":1,"game":"russian","name":"'
                   + b"N" * 3_000_000 + b'"}',
    "utf16": '{"format":"shashki-game"}'.encode("utf-16"),
    "code": b"__import__('os').system('echo hacked')",
}


def attack_bytes(tally: Tally, base: Path, rng: random.Random, count: int) -> None:
    real = [dumps(r).encode() for r in sample_records(rng)]
    cases = list(HOSTILE_BYTES.items()) + [
        (f"bytes {n}", byte_damage(rng.choice(real), rng)) for n in range(count)]
    for what, raw in cases:
        tally.case("damaged bytes")
        folder = fresh(base, "bytes")
        store = Saves(folder)
        store.games_dir.mkdir(parents=True)
        path = store.games_dir / f"{GAME_ID}.json"
        path.write_bytes(raw)
        draw_pictures(tally, store, what)
        tally.call(f"{what}: open", lambda: store.open_game(GAME_ID))
        if path.read_bytes() != raw:
            tally.fail("files lost", what, "changed")
        tally.call(f"{what}: delete", lambda: store.delete(GAME_ID))
        # the same bytes as an older version's current.json
        folder = fresh(base, "bytes-current")
        (folder / "current.json").write_bytes(raw)
        store = Saves(folder)
        tally.call(f"{what}: start", store.entries)
        notices = store.take_notices()
        places = noticed_paths(notices) + [folder / "current.json"] + list(
            (folder / "games").glob("*.json") if (folder / "games").is_dir() else [])
        if not same_bytes_somewhere(raw, places):
            tally.fail("files lost", what, "current.json lost")


def odd_files(folder: Path, games: Path) -> Iterator[tuple[str, Callable[[Path], None]]]:
    def directory(path: Path) -> None:
        path.mkdir()
        (path / "inside.txt").write_text("mine")

    def fifo(path: Path) -> None:
        os.mkfifo(path)

    def loop(path: Path) -> None:
        other = path.with_name(path.stem + "-x.json")
        path.symlink_to(other.name)
        other.symlink_to(path.name)

    def dangling(path: Path) -> None:
        path.symlink_to("nowhere.json")

    def device(path: Path) -> None:
        path.symlink_to("/dev/zero")

    def sparse(path: Path) -> None:
        with open(path, "wb") as out:
            out.truncate(9 * 1024 * 1024)

    def unix_socket(path: Path) -> None:
        listener = socket.socket(socket.AF_UNIX)
        try:
            listener.bind(str(path))
        finally:
            listener.close()

    def unreadable(path: Path) -> None:
        path.write_text("{}")
        path.chmod(0)

    kinds: list[tuple[str, Callable[[Path], None]]] = [
        ("directory", directory), ("fifo", fifo), ("symlink loop", loop),
        ("dangling link", dangling), ("link to /dev/zero", device), ("9 MB file", sparse),
        ("unreadable file", unreadable)]
    if len(str(folder)) < 90:
        kinds.append(("socket", unix_socket))
    yield from kinds


def attack_odd_kinds(tally: Tally, base: Path) -> None:
    """Folders, FIFOs, links and devices where game files should be; a 300 MB index; a file
    where the games folder should be; Del on all of them."""
    for what, make in odd_files(base, base):
        if what in ("fifo", "socket") and not hasattr(os, "mkfifo"):
            continue
        for where in ("games", "current", "index"):
            tally.case("odd kinds of files")
            folder = fresh(base, "odd")
            store = Saves(folder)
            store.games_dir.mkdir(parents=True)
            path = {"games": store.games_dir / f"{GAME_ID}.json",
                    "current": folder / "current.json", "index": store.index_path}[where]
            try:
                make(path)
            except OSError as error:
                tally.notes.append(f"(skipped {what} at {where}: {error})")
                continue
            label = f"{what} as {where}"
            good = tally.call(f"{label}: keep", lambda: store.keep(None, next(
                iter(sample_records(random.Random(1))))))
            draw_pictures(tally, store, label)
            if where == "games":
                tally.call(f"{label}: open", lambda: store.open_game(GAME_ID))
                tally.call(f"{label}: delete", lambda: store.delete(GAME_ID))
            if isinstance(good, str):
                opened = tally.call(f"{label}: open the good one", lambda: store.open_game(good))
                if opened is None or isinstance(opened, SaveError):
                    tally.fail("files lost", label, "the game kept beside it does not open")
            notices = store.take_notices()
            if where == "current" and not os.path.lexists(path) and not any(
                    os.path.lexists(p) for p in noticed_paths(notices)):
                tally.fail("files lost", label, "moved without a notice saying where")
            if what == "directory" and where != "current" and not (path / "inside.txt").exists():
                tally.fail("files lost", label, "a folder of the player's was touched")
            if what == "unreadable file" and path.exists():
                path.chmod(0o600)
    # a 300 MB index, and a file where the games folder should be
    tally.case("odd kinds of files")
    folder = fresh(base, "index")
    store = Saves(folder)
    kept = store.keep(None, next(iter(sample_records(random.Random(2)))))
    with open(store.index_path, "wb") as out:
        out.truncate(300 * 1024 * 1024)
    entries = tally.call("300 MB index: list", Saves(folder).entries, limit=2.0)
    if not (isinstance(entries, list) and [e.id for e in entries] == [kept]):
        tally.fail("files lost", "300 MB index", "the game is not listed")
    tally.case("odd kinds of files")
    folder = fresh(base, "games-file")
    (folder / "games").write_text("not a folder")
    store = Saves(folder)
    draw_pictures(tally, store, "games is a file")
    tally.call("games is a file: keep", lambda: store.keep(None, next(
        iter(sample_records(random.Random(3))))))
    if (folder / "games").read_text() != "not a folder":
        tally.fail("files lost", "games is a file", "overwritten")


# --- PDN and pasted text ---------------------------------------------------------------------------
def pdn_texts(rng: random.Random) -> Iterator[tuple[str, bytes]]:
    game = '[Event "Cup"]\n[White "Шашков"]\n[GameType "25"]\n1. c3-d4 f6-g5 2. b2-c3 2-0\n\n'
    yield "20000 =", b"=" * 20_000
    yield "marks", b"!? " * 50_000
    yield "nul in a tag", '[White "a\x00b"]\n1. c3-d4 *'.encode()
    yield "unclosed comment", b"1. c3-d4 {" + b"x" * 100_000
    yield "deep variations", b"1. c3-d4 " + b"(" * 100_000 + b")" * 100_000 + b" *"
    yield "unclosed variations", b"1. c3-d4 " + b"(" * 100_000
    yield "long tag", ('[White "' + "W" * 1_000_000 + '"]\n[GameType "25"]\n1. c3-d4 *').encode()
    yield "many games", (game * 20_000).encode()
    yield "near the paste limit", (game * (MAX_PASTE_CHARS // len(game) - 50)).encode()
    yield "near the file limit", (game * 100_000).encode()
    yield "over the limit", (game * 120_000).encode()
    yield "cp1251", game.encode("cp1251") * 3
    yield "mixed encodings", game.encode() + game.encode("cp1251")
    yield "numbers", b'[GameType "25"]\n1. 22-18 11-15 2. 18x11 8x15 *'
    yield "bad moves late", (game * 500 + '[GameType "25"]\n1. a1-h8 *').encode()
    yield "huge move number", b"99999999999999999999999. c3-d4 *"
    yield "tag soup", b"[" * 100_000
    for n in range(60):
        raw = bytearray((game * 3).encode())
        for _ in range(rng.randint(1, 10)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        yield f"damaged pdn {n}", bytes(raw)


def attack_pdn(tally: Tally, base: Path, rng: random.Random) -> None:
    """Hostile PDN files and pasted text: each listed, opened or refused in well under a
    second, and never cut short."""
    folder = fresh(base, "pdn")
    store = Saves(folder)
    for what, raw in pdn_texts(rng):
        tally.case("pdn files and pastes")
        path = folder / "x.pdn"
        path.write_bytes(raw)
        # as a screen reads it: a slice a frame, each slice a stall if it is long
        reading = tally.call(f"{what}: open the file", lambda: store.start_pdn_file(path))
        if isinstance(reading, PdnReading):
            started = time.perf_counter()
            while not tally.call(f"{what}: a slice", lambda: reading.step(0.01), limit=0.1):
                if time.perf_counter() - started > 120:
                    tally.fail("stalls", what, "the reading never ends")
                    break
            games = reading.games if reading.error is None else []
            for game in games[:3] + games[-2:]:
                tally.call(f"{what}: a game", lambda g=game: pdn_game(g, "x.pdn"))
        # and whole, as read_pdn_file does (no stall counted: the slices above are
        # what a screen is to use; the time is reported)
        tally.call(f"{what}: whole file", lambda: store.read_pdn_file(path), limit=math.inf)
        text = raw.decode("utf-8", errors="replace")
        pasted = tally.call(f"{what}: paste", lambda: read_pasted(text))
        if len(text) > MAX_PASTE_CHARS and not isinstance(pasted, SaveError):
            tally.fail("accepted", what, "pasted text over the limit was taken")
        if path.read_bytes() != raw:
            tally.fail("files lost", what, "the PDN file changed")


# --- killed while saving -----------------------------------------------------------------------------
PLAYER = """
import os, random, signal, sys
from pathlib import Path
from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.saves import Saves
from game.rules import VARIANTS
import math
root, seed, die_at = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
store = Saves(root)
writes = 0
real_fsync = os.fsync
def fsync(fd):
    global writes
    writes += 1
    if writes == die_at:
        os.kill(os.getpid(), signal.SIGKILL)  # the power goes in the middle of a write
    real_fsync(fd)
os.fsync = fsync
game_id = None
if rng.random() < 0.25:
    play = ChapaevPlay()
    for _ in range(40):
        if play.is_over:
            break
        if play.waiting_next_round:
            play.next_round()
        discs = [d for d in play.table.discs if d[0] is play.match.turn]
        a = rng.uniform(0, 2 * math.pi)
        play.run_shot(rng.choice(discs), (math.cos(a), math.sin(a)), rng.uniform(0.3, 1))
        game_id = store.keep(game_id, record_of_chapaev(play))
        print(game_id, len(play.shots), flush=True)
else:
    play = BoardPlay(rng.choice(sorted(VARIANTS)))
    for _ in range(120):
        if play.is_over:
            break
        play.play(rng.choice(play.game.legal_moves()))
        game_id = store.keep(game_id, record_of_board(play))
        print(game_id, play.ply, flush=True)
"""


def attack_kills(tally: Tally, base: Path, rng: random.Random, kills: int) -> None:
    """Programs that keep their game after every move, killed at random moments (half of them
    in the middle of a write); after each, every game kept so far must open, and the next
    start must leave no temporary file behind."""
    folder = fresh(base, "kills")
    known: dict[str, int] = {}  # game id -> plies (shots) it was last seen keeping
    for n in range(kills):
        tally.case("killed while saving")
        mid_write = n % 2 == 0
        die_at = rng.randint(1, 60) if mid_write else 0
        child = subprocess.Popen([sys.executable, "-c", PLAYER, str(folder), str(rng.randrange(1 << 30)),
                                  str(die_at)], cwd=ROOT, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True)
        if not mid_write:
            time.sleep(rng.uniform(0.3, 2.5))
            child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=120)
        for line in out.splitlines():
            game_id, plies = line.split()
            known[game_id] = int(plies)
        leftovers_before = [p.name for p in (folder / "games").glob(".*.tmp")] \
            if (folder / "games").is_dir() else []
        store = Saves(folder)
        entries = tally.call(f"kill {n}: list", store.entries)
        if not isinstance(entries, list):
            continue
        left = [p.name for p in (folder / "games").glob(".*.tmp")]
        if left:
            tally.fail("leftovers", f"kill {n}", f"{left} after the next start")
        if leftovers_before:
            tally.case("temporary files left by a kill, removed at the next start")
        listed = {e.id: e for e in entries}
        for game_id, plies in known.items():
            entry = listed.get(game_id)
            if entry is None or entry.summary is None:
                tally.fail("files lost", f"kill {n}", f"{game_id} is gone or damaged")
                continue
            opened = tally.call(f"kill {n}: open {game_id}", lambda g=game_id: store.open_game(g))
            if opened is None or isinstance(opened, SaveError):
                tally.fail("files lost", f"kill {n}", f"{game_id} does not open: {opened}")
                continue
            have = opened.play.ply if hasattr(opened.play, "ply") else len(opened.play.shots)
            if have < plies:
                tally.fail("files lost", f"kill {n}", f"{game_id}: {have} < {plies} moves")
            opened.play.close()


# --- the same through the real screens --------------------------------------------------------------
class Screens:
    """The real app (off-screen) on one data folder after another, driven as a player drives
    it: the menu's Continue, Games -> Enter, Del, a dropped file, a paste (the clipboard
    replaced by the text). Every action goes through the tally: an exception escaping the
    frame loop is a crash of the game, one over its CPU limit a stall."""

    def __init__(self, tally: Tally) -> None:
        from game.app import App

        self.tally = tally
        self.app = App(size=(1280, 800), language="en")
        self.clipboard = ""
        pygame.scrap.get_text = lambda: self.clipboard  # type: ignore[assignment]

    # the app's stack
    def top(self) -> Any:
        return self.app.scenes.top

    def step(self, frames: int = 1) -> None:
        from game.app import FIXED_DT

        for _ in range(frames):
            self.app.frame(FIXED_DT)

    def key(self, code: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                             scancode=0))
        self.step()

    def click(self, pos: tuple[int, int]) -> None:
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION \
                else {"button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
            self.step()

    def messages(self) -> str:
        return " | ".join(t.message for t in self.app.toasts)

    def act(self, what: str, action: Callable[[], Any], limit: float = STALL) -> Any:
        self.app.toasts.clear()
        return self.tally.call(what, action, limit=limit)

    # what a player does
    def start(self, folder: Path, what: str) -> None:
        """A new start of the game on ``folder``: the menu, with what the store has to say."""
        self.app.close_scenes()
        self.app.saves = Saves(folder)
        self.act(f"{what}: the menu", lambda: (self.app.routes.reset("menu"), self.step(2)))

    def to_menu(self) -> None:
        self.app.routes.reset("menu")
        self.step()

    def menu_button(self, label_key: str) -> Any:
        from game.i18n import tr

        menu = self.top()
        return next((b for b in getattr(getattr(menu, "buttons", None), "buttons", [])
                     if b.label == tr(label_key)), None)

    def continue_game(self, what: str) -> bool:
        """Continue, if the menu offers it (and its picture drawn with it focused)."""
        button = self.menu_button("menu.continue")
        if button is None:
            return False
        self.act(f"{what}: Continue", lambda: (self.key(pygame.K_UP), self.step(2),
                                               self.click(button.rect.center), self.step()))
        return True

    def games(self, what: str, limit: float = STALL) -> Any:
        self.to_menu()
        button = self.menu_button("menu.games")
        self.act(f"{what}: Games", lambda: (self.click(button.rect.center), self.step(2)),
                 limit=limit)
        return self.top()

    def enter(self, what: str, game_id: str) -> None:
        screen = self.games(what)
        index = next((i for i, line in enumerate(getattr(screen, "lines", []))
                      if line.key == game_id), None)
        if index is None:
            self.tally.fail("files lost", what, f"{game_id} is not on the Games screen")
            return
        screen.select(index)
        self.act(f"{what}: Enter", lambda: (self.key(pygame.K_RETURN), self.step()))

    def delete(self, what: str, game_id: str) -> None:
        screen = self.games(what)
        index = next((i for i, line in enumerate(getattr(screen, "lines", []))
                      if line.key == game_id), None)
        if index is None:
            return
        screen.select(index)
        self.act(f"{what}: Del", lambda: (self.key(pygame.K_DELETE), self.key(pygame.K_LEFT),
                                          self.key(pygame.K_RETURN), self.step()))

    def drop(self, what: str, path: Path) -> None:
        self.act(f"{what}: drop", lambda: (pygame.event.post(pygame.event.Event(
            pygame.DROPFILE, file=str(path))), self.step(2)))
        self.read_on(what)

    def paste(self, what: str, text: str) -> None:
        self.clipboard = text
        self.act(f"{what}: paste", lambda: (self.key(pygame.K_v, pygame.KMOD_CTRL),
                                            self.step()))
        if type(self.top()).__name__ == "ConfirmDialog":  # over a game in progress: open it
            self.act(f"{what}: paste, confirmed", lambda: (
                self.key(pygame.K_LEFT), self.key(pygame.K_RETURN), self.step()))
        self.read_on(what)

    def read_on(self, what: str) -> None:
        """A long PDN text being read: each frame of its reading a call of its own."""
        started = time.perf_counter()
        while type(self.top()).__name__ == "PdnReadingScene":
            self.tally.call(f"{what}: a frame of the reading", self.step, limit=0.1)
            if time.perf_counter() - started > 120:
                self.tally.fail("stalls", what, "the reading never ends")
                return

    def shown_game(self) -> str | None:
        """The kind of game the top screen shows (None: no game opened)."""
        name = type(self.top()).__name__
        return name if name in ("BoardScene", "ChapaevScene") else None


def named_or_opened(tally: Tally, screens: Screens, what: str, name: str, action: str,
                    replays: bool | None) -> None:
    """After an action on a file: a game on the screen (if the file replays) or a message
    that names the file (if not)."""
    shown = screens.shown_game()
    said = screens.messages()
    if shown is not None:
        if replays is False:
            tally.fail("accepted", what, f"{action}: a record that does not replay was opened")
        screens.to_menu()  # left unchanged: nothing is written
    elif replays is not False and not said:
        tally.fail("exceptions", what, f"{action}: nothing opened and nothing said")
    elif name not in said:
        tally.fail("unnamed", what, f"{action}: {said}")


def attack_screens(tally: Tally, base: Path, rng: random.Random, rounds: int,
                   mutations: int, kills: int) -> None:
    """Damaged and mutated records, damaged current.json, odd kinds of files, hostile PDN and
    pastes, through the real screens: refused by name or opened, never changed (but by Del),
    the game in progress still there."""
    screens = Screens(tally)
    records = [r for _ in range(2) for r in sample_records(rng)]
    cases: list[tuple[str, dict[str, Any], bool | None]] = [
        (what, bad, False) for _ in range(rounds) for record in sample_records(rng)
        for what, bad in damaged(record, rng)]
    cases += [(f"mutation {n}", mutate(rng.choice(records), rng), None)
              for n in range(mutations)]
    name = f"{GAME_ID}.json"
    for what, bad, replays in cases:
        tally.case("screens: records")
        what = f"screens, {what} of {bad.get('game')!r}"
        folder = fresh(base, "screens")
        games = folder / "games"
        games.mkdir()
        raw = dumps(bad).encode()
        path = games / name
        path.write_bytes(raw)
        screens.start(folder, what)
        if screens.continue_game(what):
            named_or_opened(tally, screens, what, name, "Continue", replays)
        screens.enter(what, GAME_ID)
        named_or_opened(tally, screens, what, name, "Enter", replays)
        screens.to_menu()
        screens.drop(what, path)
        named_or_opened(tally, screens, what, name, "drop", replays)
        if path.read_bytes() != raw:
            if replays is not False and same_game(bad, path):
                # opened and shown for a few frames: its clock ran, and it was kept again
                tally.case("screens: a game on the clock kept again after it was shown")
            else:
                tally.fail("files lost", what, "changed by Continue, Enter or a drop: "
                           + changes(bad, path))
        screens.delete(what, GAME_ID)
        if path.exists():
            tally.fail("files lost", what, "Del did not remove it")
        # the same as an older version's game in progress: said as the menu shows
        if replays is False:
            tally.case("screens: current.json")
            folder = fresh(base, "screens-current")
            (folder / "current.json").write_bytes(raw)
            screens.start(folder, f"{what} (current.json)")
            said = screens.messages()
            places = noticed_paths_in(said, folder)
            if not same_bytes_somewhere(raw, places):
                tally.fail("files lost", what, f"current.json not where the menu said: {said}")
            elif "current.json" not in said:
                tally.fail("unnamed", what, f"current.json: {said}")
    screens_odd_kinds(tally, base, screens)
    screens_pdn(tally, base, rng, screens)
    screens_kills(tally, base, rng, screens, kills)
    screens.app.close_scenes()


def same_game(before: dict[str, Any], path: Path) -> bool:
    """The file at ``path`` replays, and to the same moves (shots) as ``before``."""
    from game.saves import decode_record, judge, read_small_file

    try:
        play = judge(decode_record(read_small_file(path), path.name), path.name,
                     with_seats=False)
        old = judge(before, "before", with_seats=False)
    except SaveError:
        return False
    same = getattr(play, "notation", None) == getattr(old, "notation", None) \
        and getattr(play, "shots", None) == getattr(old, "shots", None)
    play.close()
    old.close()
    return same


def changes(before: dict[str, Any], path: Path) -> str:
    """What differs between a record and the file now (for the notes)."""
    try:
        after = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        return f"unreadable now: {error}"
    out = []

    def compare(old: Any, new: Any, where: str) -> None:
        if old == new:
            return
        if isinstance(old, dict) and isinstance(new, dict):
            for key in sorted(set(old) | set(new), key=str):
                if where or key != "saved":
                    compare(old.get(key), new.get(key), f"{where}{key}.")
            return
        out.append(f"{where[:-1]}: {str(old)[:80]} -> {str(new)[:80]}")

    compare(before, after, "")
    return "; ".join(out)


def noticed_paths_in(said: str, folder: Path) -> list[Path]:
    """The files a message names in ``folder`` (where a file was moved aside)."""
    out = []
    for word in said.replace("|", " ").split():
        word = word.rstrip(".,;:)")
        if word.startswith(str(folder)):
            out.append(Path(word))
    return out


def screens_odd_kinds(tally: Tally, base: Path, screens: Screens) -> None:
    """Folders, FIFOs, links, devices and big files among the games and as current.json; a
    300 MB index: the menu and the Games screen open at once, Enter and Del say why."""
    for what, make in odd_files(base, base):
        if what in ("fifo", "socket") and not hasattr(os, "mkfifo"):
            continue
        for where in ("games", "current"):
            tally.case("screens: odd kinds of files")
            folder = fresh(base, "screens-odd")
            (folder / "games").mkdir()
            path = folder / "games" / f"{GAME_ID}.json" if where == "games" \
                else folder / "current.json"
            try:
                make(path)
            except OSError as error:
                tally.notes.append(f"(skipped {what} at {where}: {error})")
                continue
            label = f"screens, {what} as {where}"
            screens.start(folder, label)
            said = screens.messages()
            if where == "games":
                screens.enter(label, GAME_ID)
                if screens.shown_game() is not None or f"{GAME_ID}.json" not in \
                        screens.messages():
                    tally.fail("unnamed", label, f"Enter: {screens.messages()}")
                screens.delete(label, GAME_ID)
                if what == "directory" and not (path / "inside.txt").exists():
                    tally.fail("files lost", label, "a folder of the player's was touched")
                if what == "directory" and "folder" not in screens.messages():
                    tally.fail("unnamed", label, f"Del: {screens.messages()}")
            elif os.path.lexists(path) is False and not any(
                    os.path.lexists(p) for p in noticed_paths_in(said, folder)):
                tally.fail("files lost", label, f"moved without saying where: {said}")
            if what == "unreadable file" and path.exists():
                path.chmod(0o600)
    tally.case("screens: odd kinds of files")
    folder = fresh(base, "screens-index")
    store = Saves(folder)
    kept = store.keep(None, next(iter(sample_records(random.Random(2)))))
    with open(store.index_path, "wb") as out:
        out.truncate(300 * 1024 * 1024)
    screens.start(folder, "300 MB index")
    screen = screens.games("300 MB index", limit=2.0)
    if [line.key for line in getattr(screen, "lines", [])] != [kept]:
        tally.fail("files lost", "300 MB index", "the game is not on the Games screen")


def screens_pdn(tally: Tally, base: Path, rng: random.Random, screens: Screens) -> None:
    """Hostile PDN dropped on the menu and on a game in progress, and pasted on the Games
    screen and over a game in progress: read a slice a frame, refused whole or opened; the
    game in progress kept."""
    from game.play import BoardPlay

    folder = fresh(base, "screens-pdn")
    screens.start(folder, "pdn")
    for what, raw in pdn_texts(rng):
        tally.case("screens: pdn files and pastes")
        label = f"screens, {what}"
        path = folder / "x.pdn"
        path.write_bytes(raw)
        screens.to_menu()
        screens.drop(f"{label} (menu)", path)
        if path.read_bytes() != raw:
            tally.fail("files lost", label, "the PDN file changed")
        text = raw.decode("utf-8", errors="replace")
        screens.games(label)
        screens.paste(f"{label} (Games)", text)
        if len(text) > MAX_PASTE_CHARS and screens.shown_game() is not None:
            tally.fail("accepted", label, "pasted text over the limit was opened")
        # over a game in progress: asked, and the game kept whatever comes
        screens.to_menu()
        board = screens.app.routes.push("board", play=BoardPlay("russian"))
        screens.step()
        board.play_text("c3-d4")
        screens.step()
        game_id = saves_id_of(board)
        target = ("drop", path) if rng.random() < 0.5 else ("paste", text)
        if target[0] == "drop":
            screens.drop(f"{label} (over a game)", path)
            if type(screens.top()).__name__ == "ConfirmDialog":
                screens.act(f"{label}: drop, confirmed", lambda: (
                    screens.key(pygame.K_LEFT), screens.key(pygame.K_RETURN), screens.step()))
                screens.read_on(label)
        else:
            screens.paste(f"{label} (over a game)", text)
        store = screens.app.saves
        try:
            kept = store.load_game(game_id)["board"]["moves"] if game_id else None
        except SaveError as error:
            kept = str(error)
        if kept != ["c3-d4"]:
            tally.fail("files lost", label, f"the game in progress: {kept}")
        screens.to_menu()


SCREEN_PLAYER = """
import math, os, random, signal, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from pathlib import Path
from game.app import App, FIXED_DT
from game.play import BoardPlay, ChapaevPlay
from game.rules import VARIANTS
from game.saves import Saves
root, seed, die_at = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
writes = 0
real_fsync = os.fsync
def fsync(fd):
    global writes
    writes += 1
    if writes == die_at:
        os.kill(os.getpid(), signal.SIGKILL)  # the power goes in the middle of a write
    real_fsync(fd)
os.fsync = fsync
app = App(size=(1280, 800), language="en")
app.saves = Saves(root)
app.routes.reset("menu")
def step(n=1):
    for _ in range(n):
        app.frame(FIXED_DT)
step()
if rng.random() < 0.25:
    scene = app.routes.push("chapaev", play=ChapaevPlay())
    step()
    for _ in range(30):
        play = scene.play
        if play.is_over:
            break
        for _ in range(3000):
            if scene.can_shoot or play.is_over:
                break
            step()
        if not scene.can_shoot:
            break
        discs = [d for d in play.table.discs if d[0] is play.match.turn]
        a = rng.uniform(0, 2 * math.pi)
        scene.shoot(rng.choice(discs), (math.cos(a), math.sin(a)), rng.uniform(0.3, 1))
        for _ in range(3000):
            step()
            if scene.can_shoot or play.is_over or play.waiting_next_round:
                break
        print(scene.file.id, len(play.shots), int(play.is_over), flush=True)
else:
    scene = app.routes.push("board", play=BoardPlay(rng.choice(sorted(VARIANTS))))
    step()
    for _ in range(80):
        play = scene.play
        if play.is_over:
            break
        scene.play_text(play.game.move_text(rng.choice(play.game.legal_moves())))
        step(3)
        print(scene.file.id, play.ply, int(play.is_over), flush=True)
"""


def screens_kills(tally: Tally, base: Path, rng: random.Random, screens: Screens,
                  kills: int) -> None:
    """The real board and Chapaev screens, keeping their game after every move or shot,
    killed at random moments (half of them in the middle of a write); after each, Continue
    resumes the game last played with every move it had kept."""
    folder = fresh(base, "screens-kills")
    for n in range(kills):
        tally.case("screens: killed while saving")
        mid_write = n % 2 == 0
        die_at = rng.randint(1, 40) if mid_write else 0
        child = subprocess.Popen([sys.executable, "-c", SCREEN_PLAYER, str(folder),
                                  str(rng.randrange(1 << 30)), str(die_at)], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if not mid_write:
            time.sleep(rng.uniform(1.0, 4.0))
            child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=300)
        if child.returncode not in (0, -signal.SIGKILL):
            tally.fail("exceptions", f"screens, kill {n}", err)
        seen = [line.split() for line in out.splitlines() if line.split()[0] != "None"]
        what = f"screens, kill {n}"
        screens.start(folder, what)
        if not seen:
            continue
        tally.case("screens: killed with a game kept")
        game_id, plies, over = seen[-1][0], int(seen[-1][1]), seen[-1][2] == "1"
        if over:  # finished: on the Games screen, opened in review
            screens.enter(what, game_id)
            screens.to_menu()
            continue
        if not screens.continue_game(what):
            if plies:
                tally.fail("files lost", what, "no Continue after a game was kept")
            continue
        scene = screens.top()
        play = getattr(scene, "play", None)
        if play is None:
            tally.fail("files lost", what, f"Continue opened nothing: {screens.messages()}")
            continue
        have = play.ply if hasattr(play, "ply") else len(play.shots)
        if saves_id_of(scene) != game_id or have < plies:
            tally.fail("files lost", what, f"Continue gave {saves_id_of(scene)} at {have}, "
                                           f"{game_id} had {plies}")
        # gone, so that the next program's game is the one Continue takes
        screens.to_menu()
        screens.app.saves.delete(game_id)


def saves_id_of(scene: Any) -> str | None:
    """The kept game the screen's game is written to (None: not written yet)."""
    file = getattr(scene, "file", None)
    return None if file is None else file.id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6,
                        help="rounds of damaged records (about 70 records a round)")
    parser.add_argument("--mutations", type=int, default=300)
    parser.add_argument("--bytes", type=int, default=200)
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--screen-rounds", type=int, default=5,
                        help="rounds of damaged records through the screens")
    parser.add_argument("--screen-mutations", type=int, default=150)
    parser.add_argument("--screen-kills", type=int, default=30)
    parser.add_argument("--only", help="run only the phases whose names contain this")
    args = parser.parse_args()
    set_language("en")
    pygame.init()
    rng = random.Random(args.seed)
    tally = Tally()
    base = Path(tempfile.mkdtemp(prefix="shashki-attack-"))
    # never the settings or games of the person running it
    os.environ["SHASHKI_CONFIG_DIR"] = str(base / "config")
    os.environ["SHASHKI_DATA_DIR"] = str(base / "data")
    phases: list[tuple[str, Callable[[], None]]] = [
        ("damaged records", lambda: attack_damaged(tally, base, rng, args.rounds)),
        ("mutated records", lambda: attack_mutations(tally, base, rng, args.mutations)),
        ("damaged bytes", lambda: attack_bytes(tally, base, rng, args.bytes)),
        ("odd kinds of files", lambda: attack_odd_kinds(tally, base)),
        ("pdn files and pastes", lambda: attack_pdn(tally, base, rng)),
        ("killed while saving", lambda: attack_kills(tally, base, rng, args.kills)),
        ("screens", lambda: attack_screens(tally, base, rng, args.screen_rounds,
                                           args.screen_mutations, args.screen_kills)),
    ]
    if args.only:
        phases = [(n, p) for n, p in phases if args.only in n]
    try:
        for name, phase in phases:
            started = time.perf_counter()
            phase()
            cases = sum(v for k, v in tally.cases.items() if k.startswith(name))
            print(f"{name:>22}: {cases:5d} cases in "
                  f"{time.perf_counter() - started:6.1f} s", flush=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print()
    for note in tally.notes:
        print(note)
    print(f"nearest to a stall: {tally.slowest[0]:.3f} s of CPU of {tally.slowest[2]:.2f} s "
          f"allowed ({tally.slowest[1]}); longest on the clock {tally.slowest_wall[0]:.2f} s "
          f"({tally.slowest_wall[1]}); a whole file read at once (read_pdn_file, which no "
          f"screen uses) "
          f"{tally.uncounted[0]:.2f} s of CPU ({tally.uncounted[1]}); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    extra = {k: v for k, v in tally.counts.items()
             if k not in ("exceptions", "stalls", "files lost")}
    print(f"exceptions {tally.counts['exceptions']}, stalls {tally.counts['stalls']}, "
          f"files lost {tally.counts['files lost']}" + (f"; also {dict(extra)}" if extra else ""))
    print(f"cases: {sum(tally.cases.values())} ({dict(tally.cases)})")


if __name__ == "__main__":
    main()
