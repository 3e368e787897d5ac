"""What several screens are built from: the confirm dialog, the form of option rows, the
panel over a scene, saving a game under a name. Any screen may import these; no screen
imports another screen."""
