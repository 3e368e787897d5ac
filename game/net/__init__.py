"""Play over the network: the link to another computer, the remote seat, DXP."""
