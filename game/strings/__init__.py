"""Tables of player-visible strings; every module here defines ``STRINGS`` (key -> ru/en)."""
