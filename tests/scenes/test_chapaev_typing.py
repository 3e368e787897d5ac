"""The Chapaev screen and the table it draws are checked by mypy --strict: its parts are
objects with their collaborators typed, not mixins sharing a ``self: Any``."""
from __future__ import annotations

import ast
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent.parent
CHAPAEV = sorted((ROOT / "game" / "scenes" / "chapaev").glob("*.py")) + \
    sorted((ROOT / "game" / "ui").glob("chapaev_*.py")) + \
    [ROOT / "game" / "play" / "chapaev_kinds.py"]


# (mypy --strict over the whole game and physics: tests/test_typing.py)


def _any_typed(path: Path) -> list[str]:
    """The parameters named self, app or play annotated ``Any`` in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
                note = arg.annotation
                if arg.arg in ("self", "app", "play") and note is not None and \
                        ast.unparse(note) in ("Any", "typing.Any"):
                    found.append(f"{path.name}:{node.lineno} {node.name}({arg.arg}: Any)")
    return found


def test_no_part_of_the_chapaev_screen_takes_self_app_or_play_as_any() -> None:
    assert len(CHAPAEV) >= 15
    assert [hit for path in CHAPAEV for hit in _any_typed(path)] == []


def test_the_any_check_sees_a_mixin(tmp_path: Path) -> None:
    mixin = tmp_path / "mixin.py"
    mixin.write_text("from typing import Any\n\n\nclass M:\n"
                     "    def f(self: Any, app: Any, play: Any, x: Any) -> None: ...\n",
                     encoding="utf-8")
    assert _any_typed(mixin) == ["mixin.py:5 f(self: Any)", "mixin.py:5 f(app: Any)",
                                 "mixin.py:5 f(play: Any)"]
