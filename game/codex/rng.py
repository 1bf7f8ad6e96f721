"""The game's generator, shared by every game: it lives in game/kernel/rng.py
(docs/ARCANE.md, "The multi-game contract"); Codex modules keep importing it
from here."""

from game.kernel.rng import randbelow, seed_state, shuffle  # noqa: F401
