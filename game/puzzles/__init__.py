"""Puzzles: positions where one side wins by force, each with its whole solution, the
techniques it uses and a difficulty. Pure: no pygame, and no user files but the one its
command line is told to write (``shashki puzzles export``); the shipped collection is read
from the assets, a player's progress kept by :mod:`game.saves`."""
