"""An outside Hub engine (Scan) chosen by the player: its command checked and the engine asked
what it is (tests/play/fake_hub_engine.py stands in for Scan), the games it plays by their
Hub names, the settings file keeping it, and a seat whose engine misbehaves (dies, says
nothing, thinks for ever, answers with no move, does not play the game) said in its notice
while the fallback seat plays on from the same position to the game's end."""
from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

import pytest

from game.play import BoardPlay, RandomPlayer
from game.play.hub_probe import (EngineProblem, engine_command, games_played, hub_variant,
                                 probe, shown_program)
from game.play.hub_seat import HubEngineSeat
from game.rules import VARIANTS
from game.rules.core import Color
from game.settings import OutsideEngine, Settings, SettingsError, parse_settings

W, B = Color.WHITE, Color.BLACK
FAKE = str(Path(__file__).resolve().parent / "fake_hub_engine.py")


def fake(*args: str) -> list[str]:
    return [sys.executable, FAKE, *args]


def _problem(text: str) -> EngineProblem:
    with pytest.raises(EngineProblem) as caught:
        engine_command(text)
    return caught.value


def test_the_hub_names_of_our_games() -> None:
    assert hub_variant("international") == "normal"
    assert hub_variant("frisian") == "frisian"  # its own, not International's
    assert hub_variant("international_giveaway") == "losing"
    assert [v for v in VARIANTS if hub_variant(v)] == ["international", "frisian",
                                                      "international_giveaway"]
    assert games_played(("normal", "killer", "bt")) == ("international",)
    assert games_played(("killer",)) == ()


def test_a_command_that_names_no_program_is_said_plainly(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hub")
    assert _problem(f"{notes} hub").key == "hub.problem.not_executable"
    assert _problem(f"{notes} hub").values == {"path": shown_program(str(notes))}
    assert _problem(f"{tmp_path} hub").key == "hub.problem.folder"
    assert _problem("/no/such/scan hub").key == "hub.problem.missing"
    assert _problem("no-such-engine-here hub").key == "hub.problem.not_found"
    assert _problem('scan "hub').key == "hub.problem.quote"
    assert _problem("   ").key == "hub.problem.empty"
    program = tmp_path / "my scan"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert engine_command(f"'{program}' hub") == [str(program), "hub"]
    assert engine_command("python3 -c pass")[0] == "python3"  # found on the PATH


def test_a_long_path_is_shown_by_its_end_so_that_the_file_name_stays() -> None:
    deep = "/" + "/".join(f"folder{i:02d}" for i in range(20)) + "/notes.txt"
    shown = _problem(f"{deep} hub").values["path"]
    assert isinstance(shown, str)
    assert len(shown) == 80 and shown.startswith("\u2026") and shown.endswith("/notes.txt")
    assert deep.endswith(shown[1:])
    assert shown_program("/opt/scan/scan") == "/opt/scan/scan"
    assert shown_program("/opt/sc\x00an\n") == "/opt/scan", "cleaned as any outside text"


def test_the_engine_is_asked_its_name_and_games() -> None:
    info = probe(fake("--name", "Scan", "--variants", "normal killer frisian"))
    assert info.name == "Scan 1.0"
    assert info.variants == ("normal", "killer", "frisian")


@pytest.mark.parametrize(("args", "key"), [
    (("--not-hub",), "hub.problem.not_hub"),
    (("--variants", "killer bt"), "hub.problem.no_game"),
])
def test_a_program_that_is_no_hub_engine_for_us_is_refused(args: tuple[str, ...],
                                                           key: str) -> None:
    with pytest.raises(EngineProblem) as caught:
        probe(fake(*args), seconds=1.5)
    assert caught.value.key == key


def test_a_program_that_ends_or_says_nothing_is_refused() -> None:
    with pytest.raises(EngineProblem) as caught:
        probe([sys.executable, "-c", "print('hello')"], seconds=5)
    assert caught.value.key == "hub.problem.ended"
    with pytest.raises(EngineProblem) as caught:
        probe([sys.executable, "-c", "import time; time.sleep(30)"], seconds=0.5)
    assert caught.value.key == "hub.problem.silent"


def test_the_settings_file_keeps_the_engine_and_refuses_a_malformed_one() -> None:
    engine = OutsideEngine(("/opt/scan/scan", "hub"), "Scan 3.1", ("normal", "frisian"))
    text = json.dumps(Settings(hub_engine=engine).to_json())
    assert parse_settings(text, Settings()).hub_engine == engine
    assert parse_settings(json.dumps({"hub_engine": None}), Settings()).hub_engine is None
    odd = {"command": ["scan"], "name": "Scan\u202e\x00 3", "variants": ["normal"]}
    assert parse_settings(json.dumps({"hub_engine": odd}), Settings()).hub_engine == \
        OutsideEngine(("scan",), "Scan 3", ("normal",)), "only what can be drawn of the name"
    for wrong in ({"command": [], "name": "x"}, {"command": "scan hub"}, [1, 2],
                  {"command": ["scan"], "name": 5}):
        with pytest.raises(SettingsError):
            parse_settings(json.dumps({"hub_engine": wrong}), Settings())


def _play_out(play: BoardPlay, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    try:
        while not play.is_over and time.monotonic() < deadline:
            play.update()
            time.sleep(0.001)
    finally:
        play.close()


def test_a_game_of_frisian_against_the_engine_tells_it_the_variant(tmp_path: Path) -> None:
    log = tmp_path / "heard.txt"
    engine = HubEngineSeat(fake("--variants", "normal frisian", "--log", str(log)))
    play = BoardPlay("frisian", seats={W: engine, B: RandomPlayer(random.Random(4))})
    _play_out(play)
    assert play.is_over and engine.notice is None
    heard = log.read_text().splitlines()
    assert heard[:3] == ["hub", "set-param name=variant value=frisian", "init"]


@pytest.mark.parametrize(("args", "key"), [
    (("--crash-after", "3"), "hub.notice.stopped.fallback"),
    (("--illegal-after", "3"), "hub.notice.bad_move.fallback"),
    (("--garbage-after", "3"), "hub.notice.bad_move.fallback"),
    (("--silent-after", "3"), "hub.notice.timeout.fallback"),
    (("--not-hub",), "hub.notice.silent.fallback"),
    (("--variants", "normal"), "hub.notice.not_played.fallback"),  # asked for Frisian
])
def test_an_engine_that_misbehaves_is_said_and_the_fallback_plays_the_game_to_its_end(
        args: tuple[str, ...], key: str) -> None:
    variant = "frisian" if "--variants" in args else "international"
    engine = HubEngineSeat(fake(*args), name="Scan 1.0", move_time=0.2, grace=1.0,
                           startup=1.5, fallback=RandomPlayer(random.Random(1)))
    play = BoardPlay(variant, seats={W: engine, B: RandomPlayer(random.Random(2))})
    notices = []
    deadline = time.monotonic() + 60
    try:
        while not play.is_over and time.monotonic() < deadline:
            play.update()
            notices += [e for e in play.events() if type(e).__name__ == "SeatNotice"]
            time.sleep(0.001)
    finally:
        play.close()
    assert engine.notice is not None and engine.notice.key == key
    assert engine.notice.values["name"] == "Scan 1.0"
    assert engine.fell_back
    assert len(notices) == 1, "said once, in the game's events (the window shows it)"
    assert play.is_over, "the game went on to its end"
    if "--not-hub" not in args and "--variants" not in args:
        assert play.ply > 6, "the engine's own moves came first"


def test_a_dead_engine_leaves_no_process_behind() -> None:
    engine = HubEngineSeat(fake("--silent-after", "0"), move_time=0.1, grace=0.5,
                           fallback=RandomPlayer(random.Random(3)))
    play = BoardPlay("international", seats={W: engine})
    deadline = time.monotonic() + 20
    process = None
    while not engine.fell_back and time.monotonic() < deadline:
        play.update()
        process = engine._process or process
        time.sleep(0.005)
    assert engine.fell_back and process is not None
    assert process.poll() is not None, "the stuck engine was ended"
    assert play.ply == 1, "the fallback played the turn the engine did not"
    play.close()
    if os.name == "posix":
        assert engine._process is None


def test_an_engine_no_longer_there_is_said_and_our_side_plays_from_the_first_move() -> None:
    """The engine chosen in the settings was removed since: the game still goes on."""
    engine = HubEngineSeat(["/no/such/scan", "hub"], name="Scan 3.1",
                           fallback=RandomPlayer(random.Random(7)))
    play = BoardPlay("international", seats={W: engine, B: RandomPlayer(random.Random(8))})
    _play_out(play, 30)
    assert engine.notice is not None and engine.notice.key == "hub.notice.cannot_start.fallback"
    assert engine.notice.values["name"] == "Scan 3.1"
    assert play.is_over
