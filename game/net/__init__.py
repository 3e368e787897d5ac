"""Network play, game-independent: frames and their schema (wire), one connection (link),
the host and the guest of a game (session), games on the local network (discovery).

Pure: the standard library's sockets only, never pygame or a screen. Everything is polled
by its owner once a frame and never blocks.
"""
