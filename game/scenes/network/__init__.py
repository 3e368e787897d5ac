"""The network screens: host or join a game over the network (lobby), the join form."""
