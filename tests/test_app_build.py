"""What the installable app is made of and checked with: ``--self-test`` plays each kind of
game headless, the build script's PyInstaller command carries the assets and each system's
icon, and the build tool stays out of what the game needs to run.

Building the app itself takes a minute: that is ``python tools/build_app.py --check``, run by
hand (see README.md, "Install")."""
from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest

from game import self_test
from game.native import python_tag
from game.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = python_tag()


def _build_app(monkeypatch: pytest.MonkeyPatch, system: str):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "platform", system)
    spec = importlib.util.spec_from_file_location(f"build_app_{system}",
                                                  ROOT / "tools" / "build_app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_self_test_plays_every_kind_of_game_and_passes(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--self-test"]) == 0
    said = capsys.readouterr().out
    for name in ("draughts", "international", "chapaev", "media", "wormhole"):
        assert f"ok   {name}:" in said
    assert "worker processes" in said and said.rstrip().endswith("self-test passed")


def test_the_wormhole_check_meets_on_loopback_and_reaches_nothing_outside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Play a friend anywhere in the self-test: two tunnels meet through the self-test's
    mailbox, connect directly and then through its relay, and carry a move each way; every
    socket it opens connects to, and listens on, 127.0.0.1 alone (no public server)."""
    import socket

    connected: list[object] = []
    bound: list[object] = []
    connect, connect_ex, bind = socket.socket.connect, socket.socket.connect_ex, \
        socket.socket.bind

    def record(into: list[object], real):  # type: ignore[no-untyped-def]
        def call(self: socket.socket, address: object) -> object:
            if self.family in (socket.AF_INET, socket.AF_INET6):
                into.append(address)
            return real(self, address)
        return call

    monkeypatch.setattr(socket.socket, "connect", record(connected, connect))
    monkeypatch.setattr(socket.socket, "connect_ex", record(connected, connect_ex))
    monkeypatch.setattr(socket.socket, "bind", record(bound, bind))
    said = self_test._wormhole()
    assert "met under the code 1-" in said
    assert "connected directly, then through a relay" in said
    assert "a move went each way" in said
    assert connected and bound
    assert {address[0] for address in connected} == {"127.0.0.1"}  # type: ignore[index]
    assert {address[0] for address in bound} == {"127.0.0.1"}  # type: ignore[index]


def test_a_wormhole_side_that_cannot_load_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a frozen app that lost a file of autobahn said: the self-test's line names the
    error, not only that the meeting failed."""
    from game import self_test_mailbox

    def lost() -> self_test_mailbox.Mailbox:
        raise FileNotFoundError("autobahn/nvx/_utf8validator.c")

    monkeypatch.setattr(self_test_mailbox, "open_mailbox", lost)
    monkeypatch.setattr(self_test, "CHECKS", (("wormhole", self_test._wormhole),))
    out = io.StringIO()
    assert self_test.run(out) is False
    assert out.getvalue().splitlines()[0] == (
        "FAIL wormhole: RuntimeError: the mailbox on loopback did not open: "
        "FileNotFoundError: autobahn/nvx/_utf8validator.c")


def test_the_self_tests_relay_hangs_up_on_what_is_not_a_relay_request() -> None:
    import socket

    from game.net.wormhole_link import in_reactor

    box = self_test.loopback_servers()
    try:
        for said in (b"GET / HTTP/1.0\r\n\r\n", b"please relay " + b"a" * 300,
                     b"please relay " + b"0" * 64 + b" for side " + b"z" * 16 + b"\n"):
            with socket.create_connection(("127.0.0.1", box.relay.port), timeout=10) as sock:
                sock.sendall(said)
                assert sock.recv(16) == b""  # hung up, and the relay goes on
        # and two sides asking rightly are still joined
        token = b"please relay " + b"ab" * 32 + b" for side "
        with socket.create_connection(("127.0.0.1", box.relay.port), timeout=10) as one, \
                socket.create_connection(("127.0.0.1", box.relay.port), timeout=10) as two:
            one.sendall(token + b"1" * 16 + b"\n")
            two.sendall(token + b"2" * 16 + b"\n")
            assert one.recv(3) == b"ok\n" and two.recv(3) == b"ok\n"
            one.sendall(b"11-15")
            assert two.recv(16) == b"11-15"
    finally:
        in_reactor(box.close)


def test_a_failing_check_fails_the_self_test_and_the_others_still_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> str:
        raise FileNotFoundError("assets/fonts/DejaVuSans.ttf")

    monkeypatch.setattr(self_test, "CHECKS", (("fonts", broken), ("quick", lambda: "fine")))
    out = io.StringIO()
    assert self_test.run(out) is False
    lines = out.getvalue().splitlines()
    assert lines[0] == "FAIL fonts: FileNotFoundError: assets/fonts/DejaVuSans.ttf"
    assert lines[1].startswith("ok   quick: fine")
    assert lines[-1] == "self-test FAILED"


def test_version_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    version, engine = capsys.readouterr().out.splitlines()
    assert version.startswith("shashki ")
    assert engine.startswith(("engine: compiled", "engine: interpreted"))


@pytest.mark.parametrize("system, icon, name", [("linux", None, "shashki"),
                                                ("win32", ".ico", "Shashki"),
                                                ("darwin", ".icns", "Shashki")])
def test_the_build_carries_the_assets_and_each_systems_icon(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, system: str, icon: str | None,
        name: str) -> None:
    build = _build_app(monkeypatch, system)
    args = build.pyinstaller_args(tmp_path / "dist", tmp_path / "work")
    entry = Path(args[0])
    assert "from game.__main__ import main" in entry.read_text()
    assert args[args.index("--name") + 1] == name
    source, _, target = args[args.index("--add-data") + 1].rpartition(build.os.pathsep)
    assert Path(source) == ROOT / "assets" and target == "game/assets"
    assert (Path(source) / "fonts" / "DejaVuSans.ttf").is_file()
    if icon is None:
        assert "--icon" not in args
    else:
        given = Path(args[args.index("--icon") + 1])
        assert given.suffix == icon and given.is_file()
    assert ("--strip" in args) == (system != "win32")
    assert build.executable(tmp_path).name == (f"{name}.exe" if system == "win32" else name)


def test_the_app_carries_the_compiled_engine_where_the_finder_looks_for_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    build = _build_app(monkeypatch, "linux")
    native = tmp_path / "native"  # what tools/build_native.py leaves (file names only)
    files = {f"game/ai/search{SUFFIX}": "game/ai", f"game/engine_native__mypyc{SUFFIX}": "game",
             "game/native_build.json": "game"}
    for rel in files:
        (native / rel).parent.mkdir(parents=True, exist_ok=True)
        (native / rel).write_text("")
    args = build.pyinstaller_args(tmp_path / "dist", tmp_path / "work", native)
    given = {args[i + 1]: args[i] for i, arg in enumerate(args)
             if arg in ("--add-binary", "--add-data")}
    for rel, folder in files.items():
        option = "--add-data" if rel.endswith(".json") else "--add-binary"
        assert given[f"{native / rel}{build.os.pathsep}{folder}"] == option
    # the interpreted modules go in as ever: the fallback
    assert args[args.index("--collect-submodules") + 1] == "game"
    without = build.pyinstaller_args(tmp_path / "dist", tmp_path / "work")
    assert "--add-binary" not in without


def test_the_build_carries_the_files_play_anywhere_reads_at_run_time(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """autobahn (the WebSocket under magic-wormhole) reads the C source of its compiled
    UTF-8 validator and XOR masker when it loads them; without them a built app failed its
    self-test's meeting through the wormhole (FileNotFoundError: .../_utf8validator.c)."""
    build = _build_app(monkeypatch, "linux")
    args = build.pyinstaller_args(tmp_path / "dist", tmp_path / "work")
    collected = [args[i + 1] for i, arg in enumerate(args) if arg == "--collect-data"]
    assert "autobahn.nvx" in collected
    found = importlib.util.find_spec("autobahn")  # (found, not imported)
    assert found is not None and found.origin is not None
    nvx = Path(found.origin).parent / "nvx"
    assert {"_utf8validator.c", "_xormasker.c"} <= {p.name for p in nvx.glob("*.c")}


def test_the_build_tool_is_an_extra_never_a_dependency_of_the_game() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(d.startswith("pyinstaller") for d in project["optional-dependencies"]["app"])
    assert not any("pyinstaller" in d.lower() for d in project["dependencies"])
    assert "games from the draughts box" in project["description"]
    assert "against the computer" in project["description"]
