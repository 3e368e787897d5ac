"""game/play returns facts, never sentences: what it reports is a key of game/strings and its
values, and the screen says it in the player's language. So nothing under game/play imports
the languages (game.i18n, game.strings, the count in words), calls ``tr(``, or holds a
sentence a player reads — the coach, which words its comments as keys, lives above play
(game/review) and is not imported from here either."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from game.i18n import STRINGS
ROOT = Path(__file__).resolve().parents[2]
PLAY = sorted((ROOT / "game" / "play").rglob("*.py"))
#: the modules that make words, and the layer above play that may use them
WORDS = ("game.i18n", "game.strings", "game.number_words", "game.review")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: the one phrase of game/strings that play keeps, and why: the name a PDN file gives the
#: computer when its writer is given none (English, as PDN's tags are); every screen and file
#: the player reads passes the words of the player's language (game/ui/player_rows.py)
PDN_DEFAULTS = {"Computer, level {level}"}
#: the calls that choose words
TRANSLATIONS = ("tr", "counted_in_words", "gettext")


def _code_strings(source: str) -> list[tuple[int, str]]:
    """The string constants of ``source`` with their lines, docstrings left out (a docstring
    speaks to the reader of the code, not to the player)."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def _sentences() -> set[str]:
    """Every phrase of game/strings in either language (two words or more, no placeholder
    left out: the text as the player reads it)."""
    return {text for entry in STRINGS.values() for text in entry.values()
            if len(text.split()) >= 2}


def test_play_imports_no_words() -> None:
    assert len(PLAY) >= 20, "game/play was found"
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {name}" for path in PLAY
             for line, name in _imported(path.read_text(encoding="utf-8"),
                                         ".".join(path.relative_to(ROOT).parent.parts))
             if _words(name)]
    assert wrong == []


def _imported(source: str, package: str) -> list[tuple[int, str]]:
    """Every module ``source`` (a module of ``package``) imports, with its line: at the top,
    in functions and for type checking alike; ``from a import b`` gives ``a`` and ``a.b``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            found += [(node.lineno, base)]
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def _words(name: str) -> bool:
    return any(name == w or name.startswith(w + ".") for w in WORDS)


def _translations(source: str) -> list[int]:
    """The lines of ``source`` that call for words (``tr(...)``, ``i18n.tr(...)``...)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) in TRANSLATIONS]


def test_play_calls_no_translation() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}" for path in PLAY
             for line in _translations(path.read_text(encoding="utf-8"))]
    assert wrong == []


def test_play_holds_no_sentence_a_player_reads() -> None:
    sentences = _sentences()
    assert len(sentences) > 500, "the strings were read"
    assert PDN_DEFAULTS <= sentences, "still a phrase of game/strings, or drop it here"
    wrong = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for path in PLAY
             for line, text in _code_strings(path.read_text(encoding="utf-8"))
             if _CYRILLIC.search(text) or (text in sentences and text not in PDN_DEFAULTS)]
    assert wrong == []


def test_the_checks_see_what_they_look_for() -> None:
    """Each check finds what it looks for: an import of the words (at the top, in a function,
    for type checking), a call for words, a player's phrase or a Russian literal, but not a
    docstring."""
    source = ('"""Фук: a docstring may say it."""\n'
              "from typing import TYPE_CHECKING\n"
              "from game import i18n\n"
              "if TYPE_CHECKING:\n"
              "    from ..review.coach import Coach\n"
              "def f() -> str:\n"
              "    import game.strings.coach\n"
              "    return i18n.tr('x') + 'Сдаться' + 'Computer, level {level}'\n")
    words = sorted((line, name) for line, name in _imported(source, "game.play")
                   if _words(name))
    assert words == [(3, "game.i18n"), (5, "game.review.coach"), (5, "game.review.coach.Coach"),
                     (7, "game.strings.coach")]
    assert _translations(source) == [8]
    texts = {text for _, text in _code_strings(source)}  # the docstring is not one of them
    assert texts == {"x", "Сдаться", "Computer, level {level}"}
    assert _CYRILLIC.search("Сдаться") and "Computer, level {level}" in _sentences()
