"""docs/architecture.md is true to the tree: its module table ("Every module") names every
package and module of game/ and physics/ and nothing that is not there; every path and
dotted module name it mentions elsewhere exists; its route table is the route table.

The tree is read as it is, so a module added or split (a new game, physics/table.py in parts)
fails here until its line is added to the table: the message gives the lines to add."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from game.scenes import ROUTES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
TEXT = DOC.read_text(encoding="utf-8")

#: a line of the module table: | `game/rules/core.py` | ... |
_ROW = re.compile(r"^\| `((?:game|physics)/[^`]*)` \|", re.MULTILINE)
#: a path of the project anywhere in the text: a package (ends in /) or a Python file
_PATH = re.compile(r"(?<![\w./<-])((?:game|physics|tests|tools)/(?:[A-Za-z_]\w*/)*"
                   r"(?:[A-Za-z_]\w*\.py)?)(?![\w*<{])")
#: a dotted name of the project in backticks: `game.native`, `game.ai.search.SearchBoard`
_DOTTED = re.compile(r"`((?:game|physics)(?:\.[A-Za-z_]\w*)+)(?:\(\))?`")


def _section(title: str) -> str:
    start = TEXT.index(f"\n## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end if end >= 0 else len(TEXT)]


def _tree() -> set[str]:
    """Every package (``game/rules/``) and module (``game/rules/core.py``) of game/ and
    physics/, as the table names them: a package by its folder, not its __init__.py."""
    found = set()
    for top in ("game", "physics"):
        for path in (ROOT / top).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            found.add(relative.removesuffix("__init__.py"))
    return found


def _table() -> list[str]:
    return _ROW.findall(_section("Every module"))


def test_the_module_table_names_every_module_of_the_tree_and_nothing_else() -> None:
    listed = _table()
    tree = _tree()
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert not twice, f"listed twice in docs/architecture.md: {twice}"
    missing = sorted(tree - set(listed))
    assert not missing, ("modules docs/architecture.md does not list; add to its table "
                         "(section 'Every module'):\n" + "\n".join(
                             f"| `{name}` | <what it holds> |" for name in missing))
    gone = sorted(set(listed) - tree)
    assert not gone, f"docs/architecture.md lists what is not in the tree: {gone}"


def test_every_path_the_document_names_exists() -> None:
    named = set(_PATH.findall(TEXT))
    assert {"game/rules/", "physics/", "tests/test_architecture.py"} <= named, "paths found"
    missing = sorted(name for name in named if not (ROOT / name).exists())
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_every_dotted_name_the_document_gives_is_there() -> None:
    named = set(_DOTTED.findall(TEXT))
    assert "game.native" in named, "names found"
    for name in sorted(named):
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):  # the longest module prefix, then attributes
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError:
                continue
            for attribute in parts[cut:]:
                assert hasattr(found, attribute), f"docs/architecture.md: no {name}"
                found = getattr(found, attribute)
            break
        else:
            raise AssertionError(f"docs/architecture.md: no module for {name}")


def test_the_route_table_is_the_routes() -> None:
    rows = re.findall(r"^\| `([a-z-]+)` \|", _section("Screens by name"), re.MULTILINE)
    assert sorted(rows) == sorted(ROUTES)
