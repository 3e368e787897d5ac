"""The rules core stays pure and strictly typed: a library a stranger could use."""
from __future__ import annotations



from tests.purity import ROOT, banned_imports, opens_files

RULES = ROOT / "game" / "rules"


# (mypy --strict over the whole game and physics: tests/test_typing.py)


def test_the_rules_core_imports_no_display_physics_or_file_io() -> None:
    banned = {"pygame", "pymunk", "physics", "game.scenes", "game.ui", "game.app", "os",
              "pathlib", "io", "shutil", "tempfile"}
    assert banned_imports(RULES, banned) == []
    assert opens_files(RULES) == []
