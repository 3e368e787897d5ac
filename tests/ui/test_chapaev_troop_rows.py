"""The Chapaev side panel in a troops campaign at the smallest window (800×560): each side's
troops named whole beside an emblem about 24 px across, in both languages."""
from __future__ import annotations

import pytest

from game.app import App
from game.demos import open_scene
from game.i18n import tr
from game.scenes.chapaev.scene import ChapaevScene
from game.ui import theme
from tests.scenes.helpers import step, top


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("staged", ["chapaev-troops", "chapaev-troops-more"])
def test_the_troop_rows_fit_at_800x560(language: str, staged: str) -> None:
    app = App(size=(800, 560), language=language)
    open_scene(app, staged)
    step(app)
    scene = top(app)
    assert isinstance(scene, ChapaevScene)
    with theme.watching() as log:
        app.redraw()
        step(app)
    shown = " ".join(d.value for d in log.drawn)
    for troop in scene.sidebar.panel_state().troops:
        name = tr(f"chapaev.troop.{troop.value}")
        assert all(word in shown for word in name.split()), (name, shown)
    assert not [c for c in log.cuts if any(tr(f"chapaev.troop.{t.value}") in c[0]
                                           for t in scene.sidebar.panel_state().troops)]
