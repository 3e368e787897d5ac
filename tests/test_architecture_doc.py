"""docs/architecture.md is true to the tree: its module table ("Every module") names every
package and module of game/ and physics/ and nothing that is not there; every path and
dotted module name it mentions elsewhere exists; its route table is the route table; its
table of which package imports which is the code's import graph; its screens sketch names
every screen of game/scenes and every part of a screen's package, and nothing that is not
there.

The tree is read as it is, so a module added or split (a new game, physics/table.py in parts)
fails here until its line is added to the table: the message gives the lines to add."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from game.scenes import ROUTES
from tests.test_architecture import GRAPH

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


# --- which imports which ---------------------------------------------------------------------
#: a row of the imports table: | `game/play/` | `game/rules/`, ... |
_IMPORTS_ROW = re.compile(r"^\| `((?:game|physics)/[^`]*)` \| (.*) \|$", re.MULTILINE)


def _unit(module: str) -> str | None:
    """The part of the project a module belongs to, as the imports table names it: a package
    of game/ (``game/play/``), physics (``physics/``) or a module of game/ itself
    (``game/app.py``); None for ``game/__init__.py``."""
    parts = module.split(".")
    if parts[0] == "physics":
        return "physics/"
    if len(parts) == 1:
        return None
    if (ROOT / "game" / parts[1]).is_dir():
        return f"game/{parts[1]}/"
    return f"game/{parts[1]}.py"


def _units_imported() -> dict[str, set[str]]:
    """What each part imports of the other parts at run time (the import graph of
    tests/test_architecture.py: imports in functions count, TYPE_CHECKING blocks do not)."""
    found: dict[str, set[str]] = {}
    for module, imported in GRAPH.items():
        mine = _unit(module)
        if mine is None:
            continue
        found.setdefault(mine, set())
        found[mine] |= {other for name in imported
                        if (other := _unit(name)) is not None and other != mine}
    return found


def _imports_table() -> dict[str, set[str]]:
    """The table's rows: a part and what it imports, read from its cell's backticked parts
    outside parentheses (a remark in parentheses may name anything)."""
    section = _section("The layers").split("### Which imports which", 1)[1]
    section = section.split("\n\n| package |", 1)[1].split("\n\n", 1)[0]
    rows: dict[str, set[str]] = {}
    for name, cell in _IMPORTS_ROW.findall("| package |" + section):
        assert name not in rows, f"docs/architecture.md: {name} has two rows in its imports table"
        bare = re.sub(r"\([^()]*\)", "", cell)
        rows[name] = set(re.findall(r"`((?:game|physics)/[^`]*)`", bare))
    return rows


def test_the_imports_table_is_what_the_code_imports() -> None:
    rows = _imports_table()
    actual = _units_imported()
    packages = {name for name in actual if name.endswith("/")}
    assert {"game/play/", "game/rules/", "physics/", "game/scenes/"} <= set(rows), "rows found"
    unknown = sorted(set(rows) - set(actual))
    assert not unknown, f"docs/architecture.md's imports table has rows of no part: {unknown}"
    missing = sorted(packages - set(rows))
    wrong = [f"| `{name}` | {', '.join(f'`{o}`' for o in sorted(actual[name])) or 'nothing'} |"
             f"  (the table says {sorted(rows[name]) or 'nothing'})"
             for name in sorted(rows) if rows[name] != actual[name]]
    wrong += [f"| `{name}` | {', '.join(f'`{o}`' for o in sorted(actual[name])) or 'nothing'} |"
              "  (no row)" for name in missing]
    assert not wrong, ("docs/architecture.md's table 'Which imports which' is not what the code "
                       "imports; make these rows so (remarks in parentheses are free):\n"
                       + "\n".join(wrong))


def test_the_import_table_reader_sees_remarks_as_remarks() -> None:
    rows = _imports_table()
    assert rows["game/rules/"] == set()
    assert "game/i18n.py" not in rows["game/play/"], "a remark, not an import"
    assert "game/ai/" in _units_imported()["game/play/"]


# --- the screens sketch ----------------------------------------------------------------------
SCENES = ROOT / "game" / "scenes"
#: a line of the sketch that names an entry of game/scenes: "  board/   a screen ..."
_ENTRY = re.compile(r"^  (\S+)(?:\s{2,}(.*))?$")
#: a module named in an entry's words
_MODULE = re.compile(r"(?<![\w/.])([A-Za-z_]\w*\.py)\b")


def _sketch() -> dict[str, set[str]]:
    """The screens sketch: each entry of game/scenes it names (``menu.py``, ``board/``), with
    the modules its words name (a package's parts)."""
    section = _section("The screens")
    block = section.split("```\n", 2)[1]
    lines = block.splitlines()
    assert lines[0] == "game/scenes/", "the sketch starts at game/scenes/"
    entries: dict[str, set[str]] = {}
    current = ""
    for line in lines[1:]:
        match = _ENTRY.match(line)
        if match:
            current = match.group(1)
            assert current not in entries, f"the screens sketch names {current} twice"
            entries[current] = set(_MODULE.findall(match.group(2) or ""))
        elif line.strip():
            assert current and line.startswith("   "), f"a line of no entry: {line!r}"
            entries[current] |= set(_MODULE.findall(line))
    return entries


def _screens() -> dict[str, set[str]]:
    """game/scenes as it is: each module and package, with a package's modules."""
    found: dict[str, set[str]] = {}
    for path in sorted(SCENES.iterdir()):
        if path.suffix == ".py":
            found[path.name] = set()
        elif path.is_dir() and (path / "__init__.py").exists():
            found[f"{path.name}/"] = {part.name for part in path.glob("*.py")
                                      if part.name != "__init__.py"}
    return found


def test_the_screens_sketch_names_every_screen_and_each_of_its_parts() -> None:
    sketch = _sketch()
    tree = _screens()
    assert {"menu.py", "board/", "chapaev/"} <= set(sketch), "the sketch was read"
    missing = sorted(set(tree) - set(sketch))
    assert not missing, ("screens of game/scenes the sketch in docs/architecture.md "
                         f"('The screens') does not name: {missing}")
    omitted = {entry: sorted(parts - sketch[entry]) for entry, parts in tree.items()
               if parts - sketch[entry]}
    assert not omitted, ("parts the screens sketch in docs/architecture.md does not name, "
                         f"by their package: {omitted}")


def test_everything_the_screens_sketch_names_is_there() -> None:
    sketch = _sketch()
    tree = _screens()
    gone = sorted(set(sketch) - set(tree))
    assert not gone, f"the screens sketch names what is not in game/scenes: {gone}"
    moved = {entry: sorted(named - tree[entry]) for entry, named in sketch.items()
             if entry.endswith("/") and named - tree[entry]}
    assert not moved, ("the screens sketch names parts that are not in their package "
                       f"(moved or gone): {moved}")
    words_of_a_module = {entry: sorted(named) for entry, named in sketch.items()
                         if not entry.endswith("/") and named}
    assert not words_of_a_module, ("the screens sketch names modules in a module's words "
                                   f"(a module has no parts): {words_of_a_module}")
