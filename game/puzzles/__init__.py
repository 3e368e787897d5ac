"""Puzzles: positions where one side wins by force, each with its whole solution, the
techniques it uses and a difficulty. Pure: no pygame, no user files (the shipped collection is
read from the assets; a player's progress is kept by :mod:`game.saves`)."""
