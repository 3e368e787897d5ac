"""game/net stays pure: the standard library and the game's own pure layers, never pygame,
a screen, the app or a file; nothing received is evaluated (no eval, pickle, literal_eval)."""
from __future__ import annotations

import ast
import sys

from tests.purity import ROOT, banned_imports, imports, opens_files

PACKAGE = ROOT / "game" / "net"


#: the one module that may import a library from outside: magic-wormhole and the Twisted it
#: runs on, in the reactor's thread of play with a friend anywhere (issue 52)
WORMHOLE_SIDE = ("wormhole_twisted.py", ("twisted", "wormhole"))


def test_the_network_package_imports_no_window_and_no_third_party_library() -> None:
    banned = {"pygame", "game.scenes", "game.ui", "game.app", "game.saves", "pickle",
              "marshal", "shelve", "asyncio"}
    assert banned_imports(PACKAGE, banned) == []
    outside = []
    for name, module in imports(PACKAGE):
        top = module.split(".")[0]
        allowed = top in sys.stdlib_module_names or module.startswith(
            ("game.net", "game.rules", "game.play", "game.ai", "physics"))
        if not allowed and name == WORMHOLE_SIDE[0] and top in WORMHOLE_SIDE[1]:
            outside.append(top)
            continue
        assert allowed, f"{name} imports {module}"
    assert set(outside) == {"twisted", "wormhole"}  # (the check sees that module's imports)
    assert opens_files(PACKAGE) == []


def test_nothing_received_is_evaluated() -> None:
    bare, methods = set(), set()
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                bare.add(node.func.id)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                methods.add(node.func.attr)
    assert not bare & {"eval", "exec", "compile", "__import__"}
    assert not methods & {"literal_eval", "import_module", "load"}
    assert "loads" in methods  # (json.loads reads the messages: the walk sees calls)
