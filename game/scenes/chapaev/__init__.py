"""Chapaev's screens: the setup, the match (the table, the hand pulling a piece, drawing),
and the panels over it (pause, the end of the match)."""
