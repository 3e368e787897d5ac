"""Why a PDN text cannot be read, in the player's words: the reader's problem and its values
(:class:`game.rules.pdn.PdnError`) as a :class:`SaveError` of keys and values, worded in the
language of the moment when it is shown (never the reader's English sentence)."""
from __future__ import annotations

from game.play.positions import setup_refusal
from game.rules.core import Color, SetupError
from game.rules.pdn import PdnError, PdnProblem
from game.rules.text import clean
from game.saves.files import SaveError

#: the longest piece of the text itself (a move, a tag's value) a reason quotes
QUOTED = 40


def _quoted(text: object) -> str:
    """Text from outside as a reason quotes it: one line, cleaned, clipped."""
    return clean(" ".join(str(text).split()), QUOTED)


def _side(color: object) -> SaveError:
    return SaveError(f"saves.pdn.side.{'black' if color is Color.BLACK else 'white'}")


def _game(variant: object) -> SaveError:
    return SaveError(f"game.{variant}")


def _refusal(cause: SetupError) -> SaveError:
    """The rules' refusal of a position's pieces, in the editor's words."""
    refusal = setup_refusal(cause)
    values = {k: SaveError(v) if isinstance(v, str) and v.startswith("editor.") else v
              for k, v in refusal.values.items()}
    return SaveError(refusal.key, **values)


def pdn_reason(error: PdnError) -> SaveError:
    """What the player reads of ``error`` (without the line, which the caller names)."""
    problem, values = error.problem, error.values
    key = f"saves.pdn.{problem.value}"
    if problem in (PdnProblem.TAG_LINE, PdnProblem.OPEN_COMMENT, PdnProblem.OPEN_VARIATION):
        return SaveError(key)
    if problem is PdnProblem.UNEXPECTED:
        return SaveError(key, char=_quoted(values.get("char", "")))
    if problem is PdnProblem.GAME_TYPE:
        return SaveError(key, found=_quoted(values.get("found", "")))
    if problem is PdnProblem.NO_OPTION:
        return SaveError(key, game=_game(values.get("game")), tag=_quoted(values.get("tag", "")))
    if problem is PdnProblem.BAD_OPTION:
        return SaveError(key, tag=_quoted(values.get("tag", "")),
                         value=_quoted(values.get("value", "")))
    if problem is PdnProblem.BAD_FEN:
        cause = values.get("cause")
        if isinstance(cause, SetupError):
            return SaveError(f"{key}.refused", game=_game(values.get("game")),
                             why=_refusal(cause))
        return SaveError(key, game=_game(values.get("game")), fen=_quoted(values.get("fen", "")))
    move = {"number": values.get("number", 1), "side": _side(values.get("side")),
            "text": _quoted(values.get("text", ""))}
    if problem is PdnProblem.NOT_A_MOVE and not values.get("example"):
        return SaveError(f"{key}.bare", **move)
    if problem is PdnProblem.NOT_A_MOVE:
        return SaveError(key, example=_quoted(values["example"]), **move)
    if problem is PdnProblem.NO_HUFF:
        return SaveError(key, square=_quoted(values.get("square", "")), **move)
    return SaveError(key, **move)  # ILLEGAL_MOVE, AMBIGUOUS


def not_a_game(error: PdnError, games_read: int, tagged: bool) -> bool:
    """Whether a text that failed so holds nothing of a game at all ("Buy milk"): its very
    first word is no move and no tag came before it (not a game with a mistake in it)."""
    if tagged or games_read > 1:
        return False
    if error.problem is PdnProblem.NOT_A_MOVE:
        return error.values.get("ply") == 0
    return error.problem is PdnProblem.UNEXPECTED and games_read == 0
