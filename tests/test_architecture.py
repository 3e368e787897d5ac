"""The layers keep their shape: no import circle, screens that find each other by name, files
of one role each. (Imports inside functions count; ``if TYPE_CHECKING:`` blocks count for the
circles, not for the layers, which speak of what runs.)"""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from game.routes import Routes
from game.scenes import ROUTES

ROOT = Path(__file__).resolve().parent.parent
LONGEST_SCENE_FILE = 400


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("game", "physics"):
        for path in (ROOT / top).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) \
                == "TYPE_CHECKING":
            lines.update(n.lineno for sub in node.body for n in ast.walk(sub)
                         if hasattr(n, "lineno"))
    return lines


@cache
def _import_nodes(module: str) -> tuple[list[ast.Import | ast.ImportFrom], frozenset[int]]:
    """The import statements of ``module`` and the lines under ``if TYPE_CHECKING:`` (the
    module read and walked once for both graphs: every test run collects this file)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    nodes = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    return nodes, frozenset(_type_checking_lines(tree))


def _resolve(name: str) -> str | None:
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, *, typing_too: bool = False) -> set[str]:
    """The project modules ``module`` imports, anywhere in it (inside functions too); with
    ``typing_too``, those imported only for type checking (``if TYPE_CHECKING:``) as well."""
    path = MODULES[module]
    nodes, typing_lines = _import_nodes(module)
    skip = frozenset() if typing_too else typing_lines
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in nodes:
        if node.lineno in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            found = _resolve(target)
            if found is not None and found != module:
                out.add(found)
                break
    return out


GRAPH = {module: _imports(module) for module in MODULES}
#: every import, those made only for type checking too
TYPED_GRAPH = {module: _imports(module, typing_too=True) for module in MODULES}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other round, each circle sorted (Tarjan's components of
    more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for module in graph:
        if module not in index:
            visit(module)
    return circles


def test_no_import_circle_in_game_and_physics() -> None:
    assert _circles(GRAPH) == []


def test_no_import_circle_even_counting_the_imports_for_type_checking() -> None:
    """A circle only type checking sees is still a knot for the reader: the scenes know the
    app as ``AppLike``, the app and its stack know a screen as a ``Screen``, the seats name
    a Chapaev position from ``chapaev_table``."""
    assert _circles(TYPED_GRAPH) == []


def test_the_circle_check_finds_a_circle_and_sees_type_checking_imports() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    # the scene base class names the app's protocol only for type checking
    assert "game.app_like" in TYPED_GRAPH["game.scene"]
    assert "game.app_like" not in GRAPH["game.scene"]
    assert "game.app" not in TYPED_GRAPH["game.scene"]


def _screen(module: str) -> str | None:
    """The screen a module of ``game.scenes`` belongs to (its package or module under
    ``game.scenes``), None for the route table itself."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else None


def test_no_screen_imports_another_screen_or_the_app() -> None:
    wrong = []
    for module, imported in GRAPH.items():
        if not module.startswith("game.scenes"):
            continue
        mine = _screen(module)
        for other in imported:
            if other == "game.app" or other == "game.scenes":
                wrong.append((module, other))
            elif other.startswith("game.scenes.") and _screen(other) not in (mine, "common"):
                wrong.append((module, other))
    assert wrong == []


def test_the_app_and_the_layers_below_import_no_screen() -> None:
    for module, imported in GRAPH.items():
        if module.startswith(("game.scenes", "game.demos")) or module == "game.__main__":
            continue
        assert not any(other.startswith("game.scenes") for other in imported), module
    for pure in ("game.rules", "game.play", "game.ai", "game.puzzles", "game.review", "physics"):
        for module, imported in GRAPH.items():
            if module.startswith(pure):
                assert not any(o.startswith(("game.ui", "game.scenes", "game.app"))
                               for o in imported), module


def test_the_review_is_above_play_and_puzzles() -> None:
    """The coach reads a game played and names its lines by the puzzles' techniques, the
    trainer plays on game.play: the review sits above both, and nothing below it (nor the
    saves, nor the network) imports it, not even for type checking."""
    below = ("game.rules", "game.play", "game.ai", "game.puzzles", "game.saves", "game.net",
             "physics")
    wrong = [(module, other) for module, imported in TYPED_GRAPH.items()
             if module.startswith(below) for other in imported
             if other.startswith("game.review")]
    assert wrong == []
    assert {"game.play.events", "game.puzzles.techniques"} <= TYPED_GRAPH["game.review.coach"] \
        | TYPED_GRAPH["game.review.analysis"]
    assert "game.play.advice" in GRAPH["game.puzzles.trainer"]


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_every_route_names_a_function_that_builds_a_screen(route: str) -> None:
    module, _, attribute = ROUTES[route].partition(":")
    assert module.startswith("game.scenes.") and attribute
    assert callable(Routes(app=None, table=ROUTES).factory(route))  # type: ignore[arg-type]


def test_no_scene_file_is_longer_than_the_limit() -> None:
    long = {str(path.relative_to(ROOT)): n for name, path in MODULES.items()
            if name.startswith("game.scenes")
            and (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_SCENE_FILE}
    assert long == {}


def _every_import(path: Path) -> list[tuple[int, str]]:
    """Every module name ``path`` imports, with its line: at the top, inside functions and
    under ``if TYPE_CHECKING:`` alike (a relative import resolved against its package)."""
    package = ".".join(path.relative_to(ROOT).parent.parts)
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            found.append((node.lineno, base))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(
                node.func, "id", "")) in ("import_module", "__import__") and node.args \
                and isinstance(node.args[0], ast.Constant):
            found.append((node.lineno, str(node.args[0].value)))
    return found


def test_physics_imports_nothing_of_the_game() -> None:
    """physics stands alone: the sides, troop kinds and presses are its own data, which the
    game maps to (game.play.chapaev_kinds); nothing in physics reaches back into game."""
    paths = sorted((ROOT / "physics").rglob("*.py"))
    assert len(paths) >= 5  # the package was found
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {name}" for path in paths
             for line, name in _every_import(path)
             if name == "game" or name.startswith(("game.", "pygame"))]
    assert wrong == []


def test_the_import_walk_sees_every_kind_of_import() -> None:
    """The walk above finds imports the module graph skips (TYPE_CHECKING, in functions)."""
    probe = ROOT / "physics" / "aim.py"  # imports physics modules only under TYPE_CHECKING
    names = {name for _, name in _every_import(probe)}
    assert "physics.config" in names and "physics.sides" in names
    assert "physics.config" not in GRAPH["physics.aim"]


def test_no_physics_file_is_longer_than_the_limit() -> None:
    long = {str(path.relative_to(ROOT)): n for path in (ROOT / "physics").rglob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_SCENE_FILE}
    assert long == {}


#: the places that ask which kind of game is in play, and why each needs the concrete one:
#: the record writes a board's moves or a table's shots; the network compares the Chapaev
#: tables at rest after each shot; each play object compares a copy of itself (same rules,
#: following the host's copy). Everyone else asks the Play protocol (game/play/protocol.py).
ASKS_THE_KIND_OF_PLAY = {"game/play/board_record.py": 1, "game/play/chapaev_record.py": 1,
                         "game/net/netplay.py": 1, "game/play/board_play.py": 2,
                         "game/play/chapaev_play.py": 2}
_ASKS_THE_TYPE = re.compile(r"isinstance\([^)]*\b(BoardPlay|ChapaevPlay)\b")
_EITHER_PLAY = re.compile(r"\b(BoardPlay \| ChapaevPlay|ChapaevPlay \| BoardPlay)\b")


def test_callers_ask_the_play_protocol_not_which_kind_of_game_it_is() -> None:
    asks: dict[str, int] = {}
    either: list[str] = []
    for name, path in MODULES.items():
        if not name.startswith("game."):
            continue
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        if found := len(_ASKS_THE_TYPE.findall(text)):
            asks[where] = found
        either += [f"{where}: {line.strip()}" for line in text.splitlines()
                   if _EITHER_PLAY.search(line)]
    assert asks == ASKS_THE_KIND_OF_PLAY
    assert either == []  # "a board game or a match" is a Play
    assert _ASKS_THE_TYPE.search("if isinstance(play, ChapaevPlay):")
