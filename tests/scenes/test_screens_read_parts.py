"""A screen composed of parts does not pass its parts' fields through itself: a test or a
staged picture reads the part that knows (``scene.flow.last_shot``, ``board.play.notation``,
``board.panel_view.button(...)``), and a screen's properties are its own answers, not
three-line forwards kept for tests (issue 50: the Chapaev screen had 23 of them, the board 6)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "game" / "scenes"


def _forwarded(source: str) -> list[tuple[str, str]]:
    """The properties of ``source``'s screens (classes built on Scene) whose whole body
    returns a part's field: ``return self.<part>.<field>`` (a docstring aside)."""
    found: list[tuple[str, str]] = []
    for cls in ast.walk(ast.parse(source)):
        if not isinstance(cls, ast.ClassDef) or not any(
                getattr(base, "id", getattr(base, "attr", "")) == "Scene" for base in cls.bases):
            continue
        for item in cls.body:
            if not isinstance(item, ast.FunctionDef) or not any(
                    getattr(d, "id", "") == "property" for d in item.decorator_list):
                continue
            body = [s for s in item.body
                    if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(body) != 1 or not isinstance(body[0], ast.Return):
                continue
            value, depth = body[0].value, 0
            while isinstance(value, ast.Attribute):
                value, depth = value.value, depth + 1
            if isinstance(value, ast.Name) and value.id == "self" and depth >= 2:
                found.append((cls.name, item.name))
    return found


def test_no_screen_forwards_a_parts_field() -> None:
    paths = sorted(SCENES.rglob("*.py"))
    assert len(paths) > 40, "the screens were found"
    found = [f"{path.relative_to(ROOT)}: {cls}.{name}" for path in paths
             for cls, name in _forwarded(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_knows_a_forward_from_an_answer() -> None:
    source = '''
class ChapaevScene(Scene):
    @property
    def last_shot(self):
        return self.flow.last_shot

    @property
    def can_shoot(self):
        """Its own answer, from several parts."""
        return self.stage.phase is AIM and self.play.can_shoot

    @property
    def play_key(self):
        return self.key


class Flow:
    @property
    def match(self):
        return self.stage.match
'''
    assert _forwarded(source) == [("ChapaevScene", "last_shot")]
