"""The system clipboard: copy a text (with a message saying so), read the text it holds."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.notices import Kind

if TYPE_CHECKING:
    from game.app_like import AppLike


def copy_text(app: AppLike, text: str, done_key: str) -> bool:
    """Put ``text`` on the clipboard and say so (``done_key``), or say it can't be done."""
    try:  # pygame-ce 2.2+: the SDL clipboard, no scrap.init needed
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        app.notify(tr("saves.no_clipboard"), Kind.ERROR)
        return False
    app.notify(tr(done_key))
    return True


def clipboard_text() -> str | None:
    """The text on the clipboard, None if there is none (or no clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return None
    return text if isinstance(text, str) and text.strip() else None
