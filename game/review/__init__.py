"""The review of a finished game: the engine's verdict on every position
(:mod:`game.review.analysis`) and the coach that reads them (:mod:`game.review.coach`).

Above both ``game.play`` and ``game.puzzles``: it reads a game played and names the
techniques a line uses, while the trainer (``game.puzzles.trainer``) plays on ``game.play``.
Pure: no pygame, no words — a comment is a key of game/strings and its values, which the
screen says in the player's language."""
