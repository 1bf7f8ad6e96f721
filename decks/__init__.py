"""Saved C-23 decks (issue 18): a player's own decks built from the server's
card pool (game/c23/data/cards.json), checked against house rule K1 by
game.c23.validate_deck. A small app of its own so that its migrations never
collide with the lobby's (lobby.Table changes often)."""
