"""``python -m game.net host|join``: a game over the network with no window (see
:mod:`game.net.headless`)."""
from __future__ import annotations

import sys

from game.net.headless import main

if __name__ == "__main__":
    sys.exit(main())
