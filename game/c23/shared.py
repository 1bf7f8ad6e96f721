"""The one door of the C-23 engine to what it shares with the other games:
the seeded generator and the error types (game/rulekit, the multi-game
contract of docs/ARCANE.md). Every C-23 module imports randomness and
errors from here, and from nowhere else.
"""
from game.rulekit.errors import EngineFault, RulesError
from game.rulekit.rng import randbelow, seed_state, shuffle

__all__ = ["EngineFault", "RulesError", "randbelow", "seed_state", "shuffle"]
