"""Games kept and games brought in: opening a record, a PDN file or game, a pasted text or a
dropped file (the one place that turns them into a screen), the Games screen, a PDN file's
list, the file browser and the name dialog."""
