"""The one door of the C-23 engine to what it shares with the other games:
the seeded generator and the error types.

For now they come from the Codex package (game/rules/rng.py,
game/rules/errors.py); when they move to a shared package only this file
changes. Every C-23 module imports randomness and errors from here, and
from nowhere else.
"""
from game.rules.errors import EngineFault, RulesError
from game.rules.rng import randbelow, seed_state, shuffle

__all__ = ["EngineFault", "RulesError", "randbelow", "seed_state", "shuffle"]
