"""tools/mine_puzzles.py: positions screened, puzzles appended once, the run resumable."""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

from game.puzzles.model import Puzzle, loads
from game.puzzles.verify import Criteria
from game.rules import find_variant

from tests.scripts import load_script

COMBINATION = "B:Wa1,c1,g1,b2,h2,a3,c3,e3,h4,a5,h6:Bc5,e5,b6,d6,a7,c7,e7,d8,f8,h8"


def _tool() -> ModuleType:
    return load_script("tools/mine_puzzles.py")


def test_a_found_puzzle_is_written_once_and_the_rest_is_kept(tmp_path: Path) -> None:
    tool = _tool()
    out = tmp_path / "russian.json"
    miner = tool.Miner("russian", out, Criteria(depth=6), seed=3)
    positions = [(find_variant("russian").new(), "start"),
                 (find_variant("russian").from_fen(COMBINATION), "by hand")]
    miner.screen(iter(positions), deadline=float("inf"), count=10)
    assert miner.tally.screened == 2 and miner.tally.found == 1
    written = loads(out.read_text(encoding="utf-8"))
    assert [p.source for p in written] == ["by hand"] and written[0].depth == 6
    again = tool.Miner("russian", out, Criteria(depth=6), seed=3)
    again.screen(iter(positions), deadline=float("inf"), count=10)
    assert again.tally.found == 0 and loads(out.read_text(encoding="utf-8")) == written


def test_a_run_goes_on_after_the_last_game_of_its_seed() -> None:
    tool = _tool()

    def made(source: str) -> Puzzle:
        return Puzzle("russian", COMBINATION, (("c5-b4",),), source=source)

    puzzles = [made("selfplay seed=1 game=4 ply=20 levels=2-5"),
               made("selfplay seed=2 game=9 ply=11 levels=3-6"), made("pdn russian.pdn")]
    assert tool.next_game(puzzles, 1) == 5
    assert tool.next_game(puzzles, 2) == 10
    assert tool.next_game(puzzles, 7) == 0


def test_the_pdn_test_data_gives_positions_of_its_game() -> None:
    tool = _tool()
    sources = [source for _, source in tool.pdn_positions("russian")]
    assert sources and all(s.startswith("pdn ") for s in sources)
    assert not list(tool.pdn_positions("brazilian"))


def test_a_bad_game_is_refused(tmp_path: Path) -> None:
    tool = _tool()
    assert tool.main(["--game", "chess", "--minutes", "0", "--out-dir", str(tmp_path)]) == 2
    assert not list(tmp_path.iterdir())
