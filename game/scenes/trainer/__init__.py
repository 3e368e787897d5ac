"""The combinations trainer's screen: puzzles by technique, with a rating, hints and the
refutation of a wrong move (see :mod:`.scene`)."""
