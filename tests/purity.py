"""What a pure package may import: a check shared by the rules' and the engine's tests."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imports(package: Path) -> Iterator[tuple[str, str]]:
    """(file name, module imported) for every import in the package's modules."""
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path.name, alias.name
            elif isinstance(node, ast.ImportFrom) and node.module:
                yield path.name, node.module


def banned_imports(package: Path, banned: set[str]) -> list[str]:
    """"file imports module" for every import of a banned module (or a part of one)."""
    return [f"{name} imports {module}" for name, module in imports(package)
            if any(module == b or module.startswith(b + ".") for b in banned)]


def opens_files(package: Path) -> list[str]:
    """The modules of the package that call ``open``."""
    out = []
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                out.append(path.name)
    return out
