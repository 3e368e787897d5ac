"""Play over the network: links to another computer or program (no pygame, no screens)."""
