"""The board games' screen: one scene plays every board game of the collection over a
``BoardPlay``. A file per role: the scene (events, time, layout, input), move entry (pure),
the glide, drawing, commands, review and the keyboard."""
