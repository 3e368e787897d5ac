"""The rules pages' pictures: drawn from real positions and moves, named by the pages in both
languages, laid out beside the text without covering it, kept while the page scrolls."""
from __future__ import annotations

import re

import pygame
import pytest

from game.app import App
from game.resources import asset
from game.rules import find_variant
from game.demos import open_scene
from game.catalog import GAMES
from game.scenes.rules import RulesScene
from game.ui import diagrams
from game.ui.rules_page import DiagramBlock, RulesPage, parse_rules
from tests.scenes.helpers import key, step, top

MARKER = re.compile(r"^\[diagram:\s*([a-z0-9_-]+)\s*\]\s*(.+)$", re.MULTILINE)


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def markers(lang: str, game: str) -> list[tuple[str, str]]:
    return MARKER.findall(asset("rules", lang, f"{game}.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", [g.key for g in GAMES])
def test_each_page_shows_its_start_and_a_move_in_both_languages_alike(game: str) -> None:
    en, ru = markers("en", game), markers("ru", game)
    names = [name for name, _ in en]
    assert names == [name for name, _ in ru], "the two languages show the same pictures"
    assert f"{game}-start" in names and len(names) >= 2
    assert all(name in diagrams.DIAGRAMS and caption for name, caption in en + ru)
    assert not re.search(r"[А-Яа-я]", " ".join(c for _, c in en))
    assert all(re.search(r"[А-Яа-я]", c) for _, c in ru)


def test_the_pictures_the_issue_asks_for_are_there() -> None:
    named = {name for game in (g.key for g in GAMES) for name, _ in markers("en", game)}
    assert {"russian-compulsory-capture", "international-majority-capture",
            "russian-crown-mid-capture", "apokachi-two-against-one",
            "chapaev-line-advance"} <= named


def test_every_picture_renders_square_and_is_made_once_per_size() -> None:
    for name in diagrams.DIAGRAMS:
        for width in (180, 320):
            picture = diagrams.render(name, width)
            assert picture.get_size() == (width, width)
            assert diagrams.render(name, width) is picture
            # something is drawn: the wood, not an empty square
            assert picture.get_at((width // 2, width // 2)).a == 255


def test_the_moves_shown_are_what_the_rules_say() -> None:
    crown = diagrams.DIAGRAMS["russian-crown-mid-capture"]
    assert isinstance(crown, diagrams.BoardDiagram) and crown.move is not None
    game = crown.game()
    move = game.parse_move(crown.move)
    assert move.promotes and len(move.captured) == 2
    king_row = game.geometry.rows - 1
    assert game.geometry.coord(move.path[0])[1] == king_row != game.geometry.coord(move.end)[1]

    majority = diagrams.DIAGRAMS["international-majority-capture"]
    assert isinstance(majority, diagrams.BoardDiagram) and majority.refused is not None
    assert majority.move is not None
    game = majority.game()
    assert [game.move_text(m) for m in game.legal_moves()] == [majority.move]
    lesser = diagrams.refused_move(game, majority.refused)
    assert len(lesser.captured) < len(game.parse_move(majority.move).captured)

    compulsory = diagrams.DIAGRAMS["russian-compulsory-capture"]
    assert isinstance(compulsory, diagrams.BoardDiagram) and compulsory.refused is not None
    game = compulsory.game()
    assert game.capture_required()
    quiet = diagrams.refused_move(game, compulsory.refused)
    assert not quiet.captured

    two = diagrams.DIAGRAMS["apokachi-two-against-one"]
    assert isinstance(two, diagrams.BoardDiagram) and two.move is not None
    game = two.game()
    assert len(game.parse_move(two.move).captured) == 1


def test_a_legal_move_cannot_be_shown_as_refused() -> None:
    game = find_variant("russian").new()
    with pytest.raises(ValueError):
        diagrams.refused_move(game, "c3-d4")


def test_the_marker_becomes_a_picture_block_and_ends_the_paragraph() -> None:
    blocks = parse_rules("# T\nOne line\n[diagram: russian-start] The start.\nmore text\n")
    assert [b.kind for b in blocks] == ["title", "text", "diagram", "text"]
    picture = blocks[2]
    assert isinstance(picture, DiagramBlock)
    assert (picture.text, picture.caption) == ("russian-start", "The start.")


def test_an_unknown_picture_is_left_out_and_the_page_still_reads() -> None:
    page = RulesPage(parse_rules("Some text\n[diagram: no-such-thing] Caption\nMore"),
                     pygame.Rect(0, 0, 600, 400), 1.0)
    assert page.figures == [] and len(page.lines) == 2


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_text_flows_round_the_pictures_and_never_under_them(size: tuple[int, int],
                                                             lang: str) -> None:
    app = App(size=size, language=lang)
    for game in (g.key for g in GAMES):
        open_scene(app, f"rules-{game}")
        step(app)
        rules = top(app)
        assert isinstance(rules, RulesScene) and isinstance(rules.page, RulesPage)
        page = rules.page
        assert len(page.figures) == len(markers(lang, game))
        width = page.rect.width
        for figure in page.figures:
            assert 0 <= figure.rect.left and figure.rect.right <= width
            assert figure.rect.bottom <= page.content_height
            for box in page.text_boxes:
                assert not box.colliderect(figure.rect), (game, figure.name, box)
        for a, b in zip(page.figures, page.figures[1:]):
            assert not a.rect.colliderect(b.rect)
        if size[0] >= 1280:
            # a wide page puts the text beside the pictures, not only under them
            first = page.figures[0].rect
            beside = [box for box in page.text_boxes
                      if first.top <= box.top < first.bottom and box.right <= first.left]
            assert len(beside) >= 3, (game, size)


def test_the_pictures_scroll_with_the_page_and_the_keys_still_scroll_it() -> None:
    app = App(size=(1280, 800), language="ru")
    open_scene(app, "rules-russian")
    step(app)
    rules = top(app)
    assert isinstance(rules, RulesScene) and isinstance(rules.page, RulesPage)
    page = rules.page
    crown = next(f for f in page.figures if f.name == "russian-crown-mid-capture")
    assert crown.rect.top > page.rect.height, "further down the page than the window"
    while page.scroll + page.rect.height < crown.rect.bottom:
        before = page.scroll
        key(app, pygame.K_PAGEDOWN)
        assert page.scroll > before
    # the picture is on screen where the page says: its own pixels, not the panel's
    at = crown.rect.move(page.rect.left, page.rect.top - page.scroll)
    picture = diagrams.render(crown.name, crown.rect.width)
    centre = (crown.rect.width // 2, crown.rect.width // 2)
    assert app.screen.get_at((at.left + centre[0], at.top + centre[1])) == \
        picture.get_at(centre)
    key(app, pygame.K_HOME)
    assert page.scroll == 0
