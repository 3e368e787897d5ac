"""Shashki: the games of the draughts box.

The engine's hot modules may come compiled (``game/native.py``): the finder that picks the
compiled module or its source goes first on the import path, before any of them is imported.
"""
from game import native as _native

_native.install()
