"""Turn notices that reach a player away from the match tab (issue 32 part 2):
e-mail, Web Push and a chat webhook, written in an outbox in the same
transaction as the action that made the turn come, and sent from there by
background work (docs/ARCHITECTURE.md "Notices")."""
